"""K12: train/test error and margin of polynomial-kernel SVMs against the degree."""

import sys

sys.stderr = open(snakemake.log[0], "w")  # noqa: SIM115
sys.path.insert(0, f"{snakemake.scriptdir}/../../src")  # this checkout's library

from kernelboost.datasets import read_dataset  # noqa: E402
from kernelboost.io import write_frame_atomic  # noqa: E402
from kernelboost.studies.svm import poly_degree_table  # noqa: E402

p = snakemake.params
table = poly_degree_table(
    read_dataset(snakemake.input[0]), p.degrees, p.C_soft, p.test_fraction, p.seed
)
write_frame_atomic(table, snakemake.output[0])
