"""E1, E2: LOO error against #SV/l, and non-SV removal, for one configuration."""

import sys

sys.stderr = open(snakemake.log[0], "w")  # noqa: SIM115
sys.path.insert(0, f"{snakemake.scriptdir}/../../src")  # this checkout's library

from kernelboost.datasets import read_dataset  # noqa: E402
from kernelboost.io import write_frame_atomic  # noqa: E402
from kernelboost.studies.loo import loo_configuration  # noqa: E402

p = snakemake.params
tables = loo_configuration(
    read_dataset(snakemake.input[0]),
    dict(p.kernel),
    float(p.C),  # YAML's .inf arrives as float("inf")
    max_non_sv=p.max_non_sv,
    grid_points=p.grid_points,
    seed=p.seed,
    name=p.name,
    tol=p.tol,
    e2_tol=p.e2_tol,
    max_iter=p.max_iter,
)
for table, path in zip(tables, snakemake.output, strict=True):
    write_frame_atomic(table, path)
