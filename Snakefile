# marginlab: every figure and number behind the lecture claims of CLAIMS.md.
# Run `snakemake` for the full reproduction (settings in workflow/profiles/default),
# or name one output, e.g. `snakemake results/figures/losses.png`.
from pathlib import Path

from snakemake.utils import min_version

min_version("9.0")


# config.yaml of the working directory: the project's own, or one in a run
# directory given with --directory (which otherwise uses the project's).
CONFIG = Path("config.yaml")
if not CONFIG.is_file():
    CONFIG = Path(workflow.basedir, "config.yaml")


configfile: str(CONFIG)


include: "workflow/rules/common.smk"


PLAN = checked_plan(config)


report: "workflow/report/workflow.rst"


include: "workflow/rules/data.smk"
include: "workflow/rules/experiments.smk"
include: "workflow/rules/figures.smk"
include: "workflow/rules/claims.smk"
include: "workflow/rules/site.smk"


rule all:
    default_target: True
    input:
        PLAN.all_targets(),


# Every job's code digest, computed once; what they read is kept for the next run.
PLAN.prepare()
