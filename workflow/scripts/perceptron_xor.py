"""K7: the linear and the quadratic kernel perceptron on XOR."""

import sys

sys.stderr = open(snakemake.log[0], "w")  # noqa: SIM115
sys.path.insert(0, f"{snakemake.scriptdir}/../../src")  # this checkout's library

from kernelboost.datasets import read_dataset  # noqa: E402
from kernelboost.io import write_frame_atomic  # noqa: E402
from kernelboost.studies.perceptron import (  # noqa: E402
    xor_epochs_table,
    xor_points_table,
)

data = read_dataset(snakemake.input[0])
epochs = snakemake.params.max_epochs
write_frame_atomic(xor_epochs_table(data, epochs), snakemake.output.epochs)
write_frame_atomic(xor_points_table(data, epochs), snakemake.output.points)
