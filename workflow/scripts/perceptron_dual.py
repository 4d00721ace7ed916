"""K6: seed 003's worked table, and the primal vs the dual perceptron on data."""

import sys
from pathlib import Path

sys.stderr = open(snakemake.log[0], "w")  # noqa: SIM115
sys.path.insert(0, f"{snakemake.scriptdir}/../../src")  # this checkout's library

from kernelboost.datasets import read_dataset  # noqa: E402
from kernelboost.io import write_frame_atomic  # noqa: E402
from kernelboost.studies.perceptron import (  # noqa: E402
    perceptron_worked_table,
    primal_dual_table,
)

data = {Path(path).stem: read_dataset(path) for path in snakemake.input}
p = snakemake.params
write_frame_atomic(perceptron_worked_table(), snakemake.output.table)
write_frame_atomic(
    primal_dual_table(data, p.compare, p.max_epochs), snakemake.output.compare
)
