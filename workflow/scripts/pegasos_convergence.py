"""K13: kernelized Pegasos' primal objective against the SVM optimum."""

import sys

sys.stderr = open(snakemake.log[0], "w")  # noqa: SIM115
sys.path.insert(0, f"{snakemake.scriptdir}/../../src")  # this checkout's library

from kernelboost.datasets import read_dataset  # noqa: E402
from kernelboost.io import write_frame_atomic  # noqa: E402
from kernelboost.studies.svm import pegasos_convergence_table  # noqa: E402

p = snakemake.params
table = pegasos_convergence_table(
    read_dataset(snakemake.input[0]),
    p.sigma,
    p.lam,
    p.n_iter,
    p.n_checkpoints,
    p.seed,
)
write_frame_atomic(table, snakemake.output[0])
