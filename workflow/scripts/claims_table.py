"""results/claims.csv and claims.md (or timings.csv and timings.md) from every
claim's rows."""

import sys

sys.stderr = open(snakemake.log[0], "w")  # noqa: SIM115
sys.path.insert(0, f"{snakemake.scriptdir}/../../src")  # this checkout's library

from marginlab.core.io import write_frame_atomic, write_text_atomic  # noqa: E402
from marginlab.experiments._shared.rows import read_rows, render_markdown  # noqa: E402
from marginlab.pipeline.job_end import end_job  # noqa: E402

table = read_rows(snakemake.input)
write_frame_atomic(table, snakemake.output.csv)
write_text_atomic(render_markdown(table, snakemake.params.title), snakemake.output.md)
end_job()
