"""S3, S4: best subset, forward and backward stepwise, z-score elimination."""

import sys

sys.stderr = open(snakemake.log[0], "w")  # noqa: SIM115
sys.path.insert(0, f"{snakemake.scriptdir}/../../src")  # this checkout's library

from kernelboost.datasets import read_dataset  # noqa: E402
from kernelboost.io import write_frame_atomic  # noqa: E402
from kernelboost.studies.selection_paths import subset_tables  # noqa: E402

p = snakemake.params
tables = subset_tables(
    read_dataset(snakemake.input[0]),
    n_splits=p.folds,
    seed=p.cv_seed,
    name=p.dataset,
    trap=dict(p.trap),
)
for table, path in zip(tables, snakemake.output, strict=True):
    write_frame_atomic(table, path)
