"""B8: the best stump's edge on XOR, AdaBoost with stumps vs depth-2 trees."""

import sys

sys.stderr = open(snakemake.log[0], "w")  # noqa: SIM115
sys.path.insert(0, f"{snakemake.scriptdir}/../../src")  # this checkout's library

from kernelboost.datasets import read_dataset  # noqa: E402
from kernelboost.io import write_frame_atomic  # noqa: E402
from kernelboost.studies.weak_learning import xor_stumps_tables  # noqa: E402

p = snakemake.params
tables = xor_stumps_tables(
    read_dataset(snakemake.input[0]),
    p.n_rounds,
    p.depth,
    p.grid_points,
    name=p.dataset,
)
for table, path in zip(tables, snakemake.output, strict=True):
    write_frame_atomic(table, path)
