"""results/config.yaml: the configuration this run used, as Snakemake resolved it.

Profiles merged, schema defaults filled in, keys sorted: passed back with
``--configfile``, it reproduces the run.
"""

import sys

sys.stderr = open(snakemake.log[0], "w")  # noqa: SIM115
sys.path.insert(0, f"{snakemake.scriptdir}/../../src")  # this checkout's library

import yaml  # noqa: E402

from marginlab.core.io import write_text_atomic  # noqa: E402
from marginlab.pipeline.job_end import end_job  # noqa: E402

header = "# The configuration of this run (defaults filled in, profiles merged).\n"
text = yaml.safe_dump(dict(snakemake.params.config), sort_keys=True, width=88)
write_text_atomic(header + text, snakemake.output[0])
end_job()
