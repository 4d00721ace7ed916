"""E3: choose σ and C of the Gaussian SVM by K-fold CV; test error beside."""

import sys

sys.stderr = open(snakemake.log[0], "w")  # noqa: SIM115
sys.path.insert(0, f"{snakemake.scriptdir}/../../src")  # this checkout's library

from kernelboost.datasets import read_dataset  # noqa: E402
from kernelboost.io import write_frame_atomic  # noqa: E402
from kernelboost.studies.loo import cv_selection_tables  # noqa: E402

p = snakemake.params
tables = cv_selection_tables(
    read_dataset(snakemake.input[0]),
    sigmas=p.sigmas,
    Cs=p.Cs,
    n_splits=p.folds,
    cv_seed=p.cv_seed,
    test_fraction=p.test_fraction,
    split_seed=p.split_seed,
    name=p.name,
)
for table, path in zip(tables, snakemake.output, strict=True):
    write_frame_atomic(table, path)
