"""K3: smallest eigenvalues of Gram matrices of kernels and non-kernels."""

import sys

sys.stderr = open(snakemake.log[0], "w")  # noqa: SIM115
sys.path.insert(0, f"{snakemake.scriptdir}/../../src")  # this checkout's library

from kernelboost.io import write_frame_atomic  # noqa: E402
from kernelboost.studies.kernels import gram_spectra_table  # noqa: E402

p = snakemake.params
table = gram_spectra_table(p.kernels, p.n_samples, p.n_features, p.n_draws, p.seed)
write_frame_atomic(table, snakemake.output[0])
