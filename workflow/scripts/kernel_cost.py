"""K2, K8: wall time of kernels against explicit feature maps, fitted exponents."""

import sys

sys.stderr = open(snakemake.log[0], "w")  # noqa: SIM115
sys.path.insert(0, f"{snakemake.scriptdir}/../../src")  # this checkout's library

from kernelboost.io import write_frame_atomic  # noqa: E402
from kernelboost.studies.cost import exponent_table, kernel_cost_table  # noqa: E402

p = snakemake.params
timings = kernel_cost_table(
    degrees=p.degrees,
    n_min=p.n_min,
    max_features=p.max_features,
    n_sizes=p.n_sizes,
    work=p.work,
    gram_m=p.gram_m,
    gram_d=p.gram_d,
    fixed_m=p.fixed_m,
    fixed_d=p.fixed_d,
    predict_m=p.predict_m,
    predict_points=p.predict_points,
    repeats=p.repeats,
    seed=p.seed,
)
write_frame_atomic(timings, snakemake.output.timings)
write_frame_atomic(exponent_table(timings), snakemake.output.fits)
