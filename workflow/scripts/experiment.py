"""Run one experiment's study for one run and write its tables by name."""

import sys

sys.stderr = open(snakemake.log[0], "w")  # noqa: SIM115
sys.path.insert(0, f"{snakemake.scriptdir}/../../src")  # this checkout's library

from marginlab.pipeline.job_end import end_job  # noqa: E402
from marginlab.pipeline.jobs import run_study  # noqa: E402

p = snakemake.params
run_study(
    p.study,
    p.tables,
    p.args,
    p.data,
    dict(snakemake.output.items()),
    label=p.label,
    run=p.run,
)
end_job()
