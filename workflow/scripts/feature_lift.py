"""K4: separability of the circles in R² and after the quadratic lift."""

import sys

sys.stderr = open(snakemake.log[0], "w")  # noqa: SIM115
sys.path.insert(0, f"{snakemake.scriptdir}/../../src")  # this checkout's library

from kernelboost.datasets import read_dataset  # noqa: E402
from kernelboost.io import write_frame_atomic  # noqa: E402
from kernelboost.studies.lift import feature_lift_tables  # noqa: E402

tables = feature_lift_tables(read_dataset(snakemake.input[0]), snakemake.params.C)
for table, path in zip(tables, snakemake.output, strict=True):
    write_frame_atomic(table, path)
