"""K11: one (σ, C) panel of the SMO pictures."""

import sys

sys.stderr = open(snakemake.log[0], "w")  # noqa: SIM115
sys.path.insert(0, f"{snakemake.scriptdir}/../../src")  # this checkout's library

from kernelboost.datasets import read_dataset  # noqa: E402
from kernelboost.io import write_frame_atomic  # noqa: E402
from kernelboost.studies.svm import svm_panel  # noqa: E402

p = snakemake.params
tables = svm_panel(
    read_dataset(snakemake.input[0]),
    p.panel["sigma"],
    p.panel["C"],
    p.tol,
    p.grid_points,
)
for table, path in zip(tables, snakemake.output, strict=True):
    write_frame_atomic(table, path)
