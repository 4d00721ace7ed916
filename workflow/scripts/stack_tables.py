"""Stack the runs' tables of a sweep (same columns), in run order."""

import sys

sys.stderr = open(snakemake.log[0], "w")  # noqa: SIM115
sys.path.insert(0, f"{snakemake.scriptdir}/../../src")  # this checkout's library

from marginlab.pipeline.job_end import end_job  # noqa: E402
from marginlab.pipeline.jobs import stack_tables  # noqa: E402

stack_tables(list(snakemake.input), snakemake.output[0])
end_job()
