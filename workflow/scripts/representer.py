"""K5: the primal SVM optimum with explicit features lies in their span."""

import sys

sys.stderr = open(snakemake.log[0], "w")  # noqa: SIM115
sys.path.insert(0, f"{snakemake.scriptdir}/../../src")  # this checkout's library

from kernelboost.io import write_frame_atomic  # noqa: E402
from kernelboost.studies.kernels import representer_table  # noqa: E402

p = snakemake.params
table = representer_table(p.n_samples, p.n_features, p.degree, p.C, p.seed)
write_frame_atomic(table, snakemake.output[0])
