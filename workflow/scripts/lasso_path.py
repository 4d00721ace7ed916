"""S1: the Lasso path and the ridge path of a regression dataset, exact zeros."""

import sys

sys.stderr = open(snakemake.log[0], "w")  # noqa: SIM115
sys.path.insert(0, f"{snakemake.scriptdir}/../../src")  # this checkout's library

from kernelboost.datasets import read_dataset  # noqa: E402
from kernelboost.io import write_frame_atomic  # noqa: E402
from kernelboost.studies.selection_paths import lasso_ridge_tables  # noqa: E402

p = snakemake.params
tables = lasso_ridge_tables(
    read_dataset(snakemake.input[0]),
    n_alphas=p.n_alphas,
    eps=p.eps,
    ridge_lams=p.ridge_lams,
    tol=p.tol,
    name=p.dataset,
)
for table, path in zip(tables, snakemake.output, strict=True):
    write_frame_atomic(table, path)
