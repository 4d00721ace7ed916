"""B9: the lecture's combinations of hyperplanes and AdaBoost's, on generated data."""

import sys

sys.stderr = open(snakemake.log[0], "w")  # noqa: SIM115
sys.path.insert(0, f"{snakemake.scriptdir}/../../src")  # this checkout's library

from kernelboost.io import write_frame_atomic  # noqa: E402
from kernelboost.studies.weak_learning import nonconvex_tables  # noqa: E402

p = snakemake.params
tables = nonconvex_tables(
    p.n_per_cluster,
    p.seed,
    p.n_rounds,
    p.grid_points,
    p.n_directions,
)
for table, path in zip(tables, snakemake.output, strict=True):
    write_frame_atomic(table, path)
