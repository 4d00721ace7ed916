"""B11: fit time of AdaBoost with stumps against m, N and T; fitted exponents."""

import sys

sys.stderr = open(snakemake.log[0], "w")  # noqa: SIM115
sys.path.insert(0, f"{snakemake.scriptdir}/../../src")  # this checkout's library

from kernelboost.io import write_frame_atomic  # noqa: E402
from kernelboost.studies.cost import boosting_cost_table, exponent_table  # noqa: E402

p = snakemake.params
timings = boosting_cost_table(
    m_sizes=p.m_sizes,
    n_sizes=p.n_sizes,
    t_sizes=p.t_sizes,
    fixed_m=p.fixed_m,
    fixed_n=p.fixed_n,
    fixed_t=p.fixed_t,
    repeats=p.repeats,
    seed=p.seed,
)
write_frame_atomic(timings, snakemake.output.timings)
write_frame_atomic(exponent_table(timings), snakemake.output.fits)
