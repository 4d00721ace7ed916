"""K10: the Gaussian SVM against σ: errors, CV, boundary length, 1-NN agreement."""

import sys

sys.stderr = open(snakemake.log[0], "w")  # noqa: SIM115
sys.path.insert(0, f"{snakemake.scriptdir}/../../src")  # this checkout's library

from kernelboost.datasets import read_dataset  # noqa: E402
from kernelboost.io import write_frame_atomic  # noqa: E402
from kernelboost.studies.sigma import sigma_tables  # noqa: E402

p = snakemake.params
tables = sigma_tables(
    read_dataset(snakemake.input[0]),
    p.sigmas,
    p.C,
    p.folds,
    p.cv_seed,
    p.test_fraction,
    p.split_seed,
    p.grid_points,
)
for table, path in zip(tables, snakemake.output, strict=True):
    write_frame_atomic(table, path)
