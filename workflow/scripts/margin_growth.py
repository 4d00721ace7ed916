"""B7: AdaBoost's minimum margin per round beside the max-margin LP on one dataset."""

import sys

sys.stderr = open(snakemake.log[0], "w")  # noqa: SIM115
sys.path.insert(0, f"{snakemake.scriptdir}/../../src")  # this checkout's library

from kernelboost.datasets import read_dataset  # noqa: E402
from kernelboost.io import write_frame_atomic  # noqa: E402
from kernelboost.studies.margin_lp import margin_growth_table  # noqa: E402

p = snakemake.params
table = margin_growth_table(
    read_dataset(snakemake.input[0]),
    n_rounds=p.n_rounds,
    test_fraction=p.test_fraction,
    split_seed=p.split_seed,
)
table.insert(0, "dataset", snakemake.wildcards.name)
write_frame_atomic(table, snakemake.output[0])
