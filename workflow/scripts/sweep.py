"""Run every run of a sweep, writing each run's tables, then stack them."""

import sys

sys.stderr = open(snakemake.log[0], "w", buffering=1)  # noqa: SIM115
sys.path.insert(0, f"{snakemake.scriptdir}/../../src")  # this checkout's library

from marginlab.pipeline.job_end import end_job  # noqa: E402
from marginlab.pipeline.jobs import run_sweep  # noqa: E402

p = snakemake.params
run_sweep(
    p.study,
    p.tables,
    p.runs,
    p.stacked,
    label=p.label,
    log=lambda line: print(line, file=sys.stderr),
)
end_job()
