"""K9: kernel logistic regression by batch and stochastic gradient ascent."""

import sys

sys.stderr = open(snakemake.log[0], "w")  # noqa: SIM115
sys.path.insert(0, f"{snakemake.scriptdir}/../../src")  # this checkout's library

from kernelboost.datasets import read_dataset  # noqa: E402
from kernelboost.io import write_frame_atomic  # noqa: E402
from kernelboost.studies.logistic import gaussian_hypothesis_tables  # noqa: E402

p = snakemake.params
tables = gaussian_hypothesis_tables(
    read_dataset(snakemake.input[0]),
    p.sigma,
    p.step,
    p.l2,
    p.max_epochs,
    p.n_grid,
    p.seed,
)
for table, path in zip(tables, snakemake.output, strict=True):
    write_frame_atomic(table, path)
