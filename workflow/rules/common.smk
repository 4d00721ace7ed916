# Glue between Snakemake and the library: the configuration check, and the
# plan (marginlab.pipeline.plan) that answers what every rule asks. What the
# pipeline computes and draws is the experiment registry,
# src/marginlab/experiments/; workflow/rules/experiments.smk makes its rules.
import sys
from pathlib import Path

# The library every job imports is this checkout's src/marginlab: each script
# puts src/ first on its path, so the jobs need only the runtime dependencies
# (workflow/envs/marginlab.yaml), whatever else is installed.
SRC = Path(workflow.basedir, "src")
if not (SRC / "marginlab" / "__init__.py").is_file():
    sys.exit(f"The marginlab library is missing from {SRC}: run from a checkout.")
sys.path.insert(0, str(SRC))
from marginlab.experiments import (
    EXPERIMENTS,
    applets,
    caption,
    claims,
    figures,
    timed_claims,
)
from marginlab.pipeline import config as checks
from marginlab.pipeline import report as reporting
from marginlab.pipeline import sources as configuration
from marginlab.pipeline.digest import Digests
from marginlab.pipeline.plan import (
    ONE_OUTPUT_RULES,
    Plan,
    command_line_files,
    one_output_log,
    one_output_paths,
)

SCHEMA = "workflow/schemas/config.schema.yaml"

# Names are used in file paths; the schema enforces the same pattern.
NAME = "[A-Za-z0-9][A-Za-z0-9_-]*"


wildcard_constraints:
    name=NAME,
    claim="|".join(claims()),
    applet="|".join(applets()),
    figure="|".join(figures()),


def checked_plan(cfg):
    """Check ``cfg`` (one line naming the bad key and where it was given,
    before any job: marginlab.pipeline.sources), fill in the schema's
    defaults, sort its keys, and return the plan of the run."""
    settings = workflow.config_settings
    sources = configuration.Sources.of_run(
        workflow.configfiles,
        workflow.overwrite_configfiles or (),
        settings.config,
        settings.overwrite_config,
    )
    schema = checks.load_schema(Path(workflow.basedir, SCHEMA))
    try:
        filled = configuration.settle(cfg, sources, schema, configuration.shown)
    except configuration.ConfigError as error:
        sys.exit(str(error))
    # Keys sorted at every level, so that job parameters compare equal however
    # a config file orders them (results/config.yaml given back, for one).
    cfg.clear()
    cfg.update(filled)
    # Only the report's captions read these (workflow/report/figure.rst): as
    # config entries they neither show among a job's parameters nor cause reruns.
    cfg["claim_status"] = reporting.claim_status()
    cfg["figure_captions"] = reporting.figure_captions()
    # The code digests keep what they read of the sources between runs.
    digests = Digests(cache=Path(".snakemake", "marginlab", "digests.json"))
    return Plan(cfg, digests, targets=command_line_files(sys.argv[1:], Path.cwd()))


def run_of(wildcards):
    return wildcards.get("run", "")


def study(exp, what):
    """Input function or param of ``exp``'s study job: ``inputs``, ``data`` or
    ``args`` of the job's run."""
    get = getattr(PLAN, f"study_{what}")
    return lambda wildcards: get(exp, run_of(wildcards))


def reader(kind, what):
    """Input function or param of the job of one figure, applet, claim's rows
    or timings (``kind``): its ``inputs``, ``jobs`` or ``library``
    (``PLAN.reader``). A timing job is named by its claim (``{claim}``)."""
    wildcard = "claim" if kind == "timing" else kind
    return lambda wildcards: getattr(PLAN.reader(kind, wildcards.get(wildcard)), what)


def dataset(what):
    """Input function or param of the job of one dataset: its ``source`` (a
    user CSV), or its ``specs`` or ``paths`` by name (as PLAN gives them for
    all datasets)."""
    if what == "source":
        return lambda wildcards: PLAN.dataset_source(wildcards.name)
    get = getattr(PLAN, f"dataset_{what}")
    return lambda wildcards: {wildcards.name: get()[wildcards.name]}


# The report's caption of a figure (workflow/report/figure.rst), and its text.
FIGURE_CAPTION = Path(workflow.basedir, "workflow", "report", "figure.rst")
FIGURE_CAPTION_TEXT = FIGURE_CAPTION.read_text()


def figure_report(name):
    """Figure ``name`` as an output of its experiment's job, for the report:
    its category, and the caption template with its name set, since the
    job's wildcards do not name it."""
    return report(
        f"results/figures/{name}.png",
        caption=str(
            reporting.named_caption_file(
                name, FIGURE_CAPTION_TEXT, Path(".snakemake", "marginlab", "captions")
            )
        ),
        category=reporting.figure_category(name),
    )


def one_output(kind):
    """What the job of one output of ``kind`` writes: a figure's PNG (marked
    for the report) and PDF, an applet's JSON, a claim's rows or timings."""
    paths = one_output_paths(kind)
    if kind != "figure":
        return {"file": paths[0]}
    png = report(
        paths[0],
        caption=str(FIGURE_CAPTION),
        category=lambda wildcards: reporting.figure_category(wildcards.figure),
    )
    return {"png": png, "pdf": paths[1]}


def readers_outputs(exp):
    """What ``exp``'s one job writes, each figure's PNG marked for the report."""
    figures = {f"results/figures/{name}.png": name for name in config["figures"]}
    return [
        figure_report(figures[path]) if path in figures else path
        for path in PLAN.readers_outputs(exp)
    ]
