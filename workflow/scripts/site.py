"""results/site/ (the claims atlas) and results/claims.html from the results."""

import sys

sys.stderr = open(snakemake.log[0], "w")  # noqa: SIM115
sys.path.insert(0, f"{snakemake.scriptdir}/../../src")  # this checkout's library

from pathlib import Path  # noqa: E402

from marginlab.pipeline.job_end import end_job  # noqa: E402
from marginlab.pipeline.site import build_site  # noqa: E402

build_site(
    Path(snakemake.input.claims).parent,
    catalog=snakemake.input.catalog,
    out=snakemake.output.site,
    root=Path(snakemake.scriptdir).parents[1],  # the checkout, for its commit
    presets=list(snakemake.input.presets),
)
end_job()
