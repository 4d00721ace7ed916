"""B13: the zero-one loss and its surrogates on a margin grid."""

import sys

sys.stderr = open(snakemake.log[0], "w")  # noqa: SIM115
sys.path.insert(0, f"{snakemake.scriptdir}/../../src")  # this checkout's library

from kernelboost.io import write_frame_atomic  # noqa: E402
from kernelboost.losses import loss_curves, margin_grid  # noqa: E402

p = snakemake.params
grid = margin_grid(p.margin_min, p.margin_max, p.n_points)
write_frame_atomic(loss_curves(grid), snakemake.output[0])
