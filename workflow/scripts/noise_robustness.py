"""B12: AdaBoost and the SVM against label noise; AdaBoost's weights find it."""

import sys

sys.stderr = open(snakemake.log[0], "w")  # noqa: SIM115
sys.path.insert(0, f"{snakemake.scriptdir}/../../src")  # this checkout's library

from kernelboost.datasets import read_dataset  # noqa: E402
from kernelboost.io import write_frame_atomic  # noqa: E402
from kernelboost.studies.noise import noise_table  # noqa: E402

p = snakemake.params
table = noise_table(
    read_dataset(snakemake.input[0]),
    rates=p.rates,
    n_rounds=p.n_rounds,
    sigma=p.sigma,
    C=p.C,
    test_fraction=p.test_fraction,
    split_seed=p.split_seed,
    noise_seed=p.noise_seed,
)
write_frame_atomic(table, snakemake.output[0])
