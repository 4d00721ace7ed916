"""Write datasets of the config to results/data/<name>.csv: one, or all of them
in one job."""

import sys

sys.stderr = open(snakemake.log[0], "w", buffering=1)  # noqa: SIM115
sys.path.insert(0, f"{snakemake.scriptdir}/../../src")  # this checkout's library

from marginlab.core.datasets import DatasetError  # noqa: E402
from marginlab.pipeline.job_end import end_job  # noqa: E402
from marginlab.pipeline.jobs import write_datasets  # noqa: E402

p = snakemake.params
try:
    write_datasets(p.specs, p.paths, log=lambda line: print(line, file=sys.stderr))
except DatasetError as err:
    sys.exit(str(err))
end_job()
