"""B10: multiplicative-weights boosting with ε = γ for T = ⌈4/γ² ln(1/ν)⌉ rounds."""

import sys

sys.stderr = open(snakemake.log[0], "w")  # noqa: SIM115
sys.path.insert(0, f"{snakemake.scriptdir}/../../src")  # this checkout's library

from kernelboost.datasets import read_dataset  # noqa: E402
from kernelboost.io import write_frame_atomic  # noqa: E402
from kernelboost.studies.weak_learning import mwu_tables  # noqa: E402

p = snakemake.params
tables = mwu_tables(
    read_dataset(snakemake.input[0]),
    p.gamma,
    p.nu,
    p.weak_learner,
    p.depth,
    p.grid_points,
    name=p.dataset,
)
for table, path in zip(tables, snakemake.output, strict=True):
    write_frame_atomic(table, path)
