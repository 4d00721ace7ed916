"""S2: RSS ellipses, the L1 diamond and L2 circle, both constrained solutions."""

import sys

sys.stderr = open(snakemake.log[0], "w")  # noqa: SIM115
sys.path.insert(0, f"{snakemake.scriptdir}/../../src")  # this checkout's library

from kernelboost.io import write_frame_atomic  # noqa: E402
from kernelboost.studies.selection_paths import contour_tables  # noqa: E402

p = snakemake.params
tables = contour_tables(
    p.seed,
    n_samples=p.n_samples,
    rho=p.rho,
    coef=p.coef,
    noise=p.noise,
    budget=p.budget,
    grid_points=p.grid_points,
)
for table, path in zip(tables, snakemake.output, strict=True):
    write_frame_atomic(table, path)
