"""K1: kernels against inner products of their explicit feature maps."""

import sys

sys.stderr = open(snakemake.log[0], "w")  # noqa: SIM115
sys.path.insert(0, f"{snakemake.scriptdir}/../../src")  # this checkout's library

from kernelboost.io import write_frame_atomic  # noqa: E402
from kernelboost.studies.kernels import kernel_identity_table  # noqa: E402

p = snakemake.params
table = kernel_identity_table(p.n_features, p.degrees, p.c, p.n_samples, p.seed)
write_frame_atomic(table, snakemake.output[0])
