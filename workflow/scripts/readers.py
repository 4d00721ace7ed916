"""Draw figures and write applets' data, claim rows and timing rows, each from
its experiment's tables: those of the job's outputs, of the jobs it is given."""

import sys

sys.stderr = open(snakemake.log[0], "w", buffering=1)  # noqa: SIM115
sys.path.insert(0, f"{snakemake.scriptdir}/../../src")  # this checkout's library

from marginlab.pipeline.job_end import end_job  # noqa: E402
from marginlab.pipeline.jobs import run_readers  # noqa: E402

run_readers(
    snakemake.params.jobs,
    snakemake.output,
    log=lambda line: print(line, file=sys.stderr),
)
end_job()
