# kernelboost: every figure and number behind the lecture claims of CLAIMS.md.
# Run `snakemake` for the full reproduction (settings in workflow/profiles/default),
# or name one output, e.g. `snakemake results/figures/losses.png`.
from pathlib import Path

from snakemake.utils import min_version, validate

min_version("9.0")


# config.yaml of the working directory: the project's own, or one in a run
# directory given with --directory (which otherwise uses the project's).
CONFIG = Path("config.yaml")
if not CONFIG.is_file():
    CONFIG = Path(workflow.basedir, "config.yaml")


configfile: str(CONFIG)


include: "workflow/rules/common.smk"


exit_on_config_problem(config, "workflow/schemas/config.schema.yaml")
validate(config, "workflow/schemas/config.schema.yaml")
config.setdefault("figures", figures())
exit_on_unknown_figures(config)
exit_on_unusable_datasets(config)
# Keys sorted at every level, so that job parameters compare equal however a
# config file orders them (results/config.yaml given back, for one).
config.update(sorted_keys(config))
# Only the report's captions read these (see workflow/report/figure.rst): as
# config entries they neither show among a job's parameters nor cause reruns.
config["claim_status"] = claim_status()
config["figure_captions"] = figure_captions()


report: "workflow/report/workflow.rst"


include: "workflow/rules/data.smk"
include: "workflow/rules/experiments.smk"
include: "workflow/rules/figures.smk"
include: "workflow/rules/claims.smk"
include: "workflow/rules/site.smk"


rule all:
    default_target: True
    input:
        all_targets(),
