"""K14: k-NN training and test error against k, and decision regions."""

import sys

sys.stderr = open(snakemake.log[0], "w")  # noqa: SIM115
sys.path.insert(0, f"{snakemake.scriptdir}/../../src")  # this checkout's library

from kernelboost.datasets import read_dataset  # noqa: E402
from kernelboost.io import write_frame_atomic  # noqa: E402
from kernelboost.studies.knn import knn_tables  # noqa: E402

p = snakemake.params
tables = knn_tables(
    read_dataset(snakemake.input[0]),
    p.ks,
    p.boundary_ks,
    p.test_fraction,
    p.seed,
    p.grid_points,
)
for table, path in zip(tables, snakemake.output, strict=True):
    write_frame_atomic(table, path)
