"""B1–B6, B14: AdaBoost with stumps on one dataset, every per-round quantity."""

import sys

sys.stderr = open(snakemake.log[0], "w")  # noqa: SIM115
sys.path.insert(0, f"{snakemake.scriptdir}/../../src")  # this checkout's library

from kernelboost.datasets import read_dataset  # noqa: E402
from kernelboost.io import write_frame_atomic  # noqa: E402
from kernelboost.studies.adaboost import adaboost_tables  # noqa: E402

p = snakemake.params
tables = adaboost_tables(
    read_dataset(snakemake.input[0]),
    n_rounds=p.n_rounds,
    test_fraction=p.test_fraction,
    split_seed=p.split_seed,
    margin_rounds=p.margin_rounds,
    rhos=p.rhos,
    vc_dimension=p.vc_dimension,
)
for table, path in zip(tables, snakemake.output, strict=True):
    table.insert(0, "dataset", snakemake.wildcards.name)
    write_frame_atomic(table, path)
