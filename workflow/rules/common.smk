# Helpers only: the config check, config lookups and target lists. What the
# pipeline computes and draws is the experiment registry,
# src/kernelboost/experiments.py; workflow/rules/experiments.smk makes its rules.
import csv
import re
import sys
from pathlib import Path

import yaml
from jsonschema import Draft202012Validator
from jsonschema.exceptions import best_match

# The library every job imports is this checkout's src/kernelboost: each script
# puts src/ first on its path, so the jobs need only the runtime dependencies
# (workflow/envs/kernelboost.yaml), whatever else is installed.
SRC = Path(workflow.basedir, "src")
if not (SRC / "kernelboost" / "__init__.py").is_file():
    sys.exit(f"The kernelboost library is missing from {SRC}: run from a checkout.")
sys.path.insert(0, str(SRC))
from kernelboost.core.datasets import DatasetError, dataset_shape
from kernelboost.experiments import (
    EXPERIMENTS,
    FAMILIES,
    DataRef,
    applet,
    applet_experiment,
    applets,
    caption,
    claim_experiment,
    claim_order,
    claims,
    experiment,
    figure,
    figure_experiment,
    figures,
)
from kernelboost.experiments._shared.kinds import Tally
from kernelboost.pipeline.digest import code_digest, required_parameters


def digest(*refs):
    """Digest of the library code behind ``refs`` (see kernelboost.pipeline.digest).

    Rules take it as a param: editing a function reruns the jobs that run it (a
    study, one claim's rows, one figure), editing a module the jobs that import
    it, as editing a script does; the sources are read, not imported.
    """
    return code_digest(refs)


# Names are used in file paths; the schema enforces the same pattern.
NAME = "[A-Za-z0-9][A-Za-z0-9_-]*"


wildcard_constraints:
    name=NAME,
    claim="|".join(claims()),
    applet="|".join(applets()),
    figure="|".join(figures()),


def config_problem(cfg, schema_file):
    """The first problem of ``cfg`` against the schema, as one line, or None."""
    schema = yaml.safe_load(Path(workflow.basedir, schema_file).read_text())
    error = best_match(Draft202012Validator(schema).iter_errors(cfg))
    if error is not None:
        where = ".".join(str(p) for p in error.absolute_path)
        if error.validator == "additionalProperties":
            allowed = sorted(error.schema.get("properties", {}))
            unknown = sorted(set(error.instance) - set(allowed))
            key = ".".join(filter(None, [where, str(unknown[0])]))
            return f"unknown key '{key}' (allowed here: {', '.join(allowed)})"
        return f"'{where or 'top level'}': {error.message}"
    return None


def exit_on_config_problem(cfg, schema_file):
    """Stop before any job runs, with one line naming the bad key."""
    problem = config_problem(cfg, schema_file)
    if problem:
        config_exit(problem)


def dataset_needs(cfg):
    """(config key, dataset name, Need) for every dataset an experiment's runs
    read (kernelboost.experiments.Need: task and, for pictures, features)."""
    needs = []
    for exp in EXPERIMENTS:
        for run in exp.runs(cfg).values():
            for refs in run.data.values():
                for ref in refs if isinstance(refs, tuple) else (refs,):
                    needs.append((ref.key, ref.name, ref.need))
    return list(dict.fromkeys(needs))


def dataset_problem(cfg):
    """After defaults are filled: the first dataset that is not defined, cannot
    be read, or has the wrong task or number of features for a study naming it,
    as one line; or None."""
    shapes = {}
    for name, spec in cfg["datasets"].items():
        try:
            shapes[name] = dataset_shape(spec)
        except DatasetError as err:
            return f"'datasets.{name}': {err}"
    for key, name, need in dataset_needs(cfg):
        task, n_features = need.task, need.n_features
        if name not in shapes:
            return (
                f"'{key}': {name!r} is not a dataset defined under "
                f"'datasets' ({', '.join(cfg['datasets'])})"
            )
        shape = shapes[name]
        if shape.task != task:
            wanted = (
                "labels in two classes" if task == "classification" else "a real target"
            )
            return (
                f"'{key}': {name!r} is a {shape.task} dataset, but this study "
                f"needs {task} data ({wanted})"
            )
        if n_features is not None and shape.n_features != n_features:
            return (
                f"'{key}': {name!r} has {shape.n_features} features, but "
                f"{need.why} and needs {n_features}"
            )
    return None


def exit_on_unknown_figures(cfg):
    """Stop before any job runs when the config asks for a figure nobody draws."""
    known = figures()
    for name in cfg["figures"]:
        if name not in known:
            config_exit(
                f"'figures': unknown figure {name!r} (known: {', '.join(known)})"
            )


def exit_on_unusable_datasets(cfg):
    """Stop before any job runs when a study names a dataset it cannot use."""
    problem = dataset_problem(cfg)
    if problem:
        config_exit(problem)


def config_exit(problem):
    files = ", ".join(map(str, workflow.configfiles)) or "config"
    sys.exit(f"Invalid configuration ({files}): {problem}")


def dataset_spec(wildcards):
    """The config entry of one dataset, keys sorted (stable params)."""
    return dict(sorted(config["datasets"][wildcards.name].items()))


def dataset_source(wildcards):
    """A user CSV is an input file of its dataset job; generated data have none."""
    spec = config["datasets"][wildcards.name]
    return [spec["path"]] if spec["generator"] == "csv" else []


def claim_status(path="results/claims.csv"):
    """Per figure, one sentence on how its claims came out, for report captions.

    Read from results/claims.csv when it exists (as when the report is made);
    no rule depends on it, so it never causes a rerun.
    """
    if not Path(path).exists():
        return {}
    with open(path, newline="") as handle:
        rows = list(csv.DictReader(handle))
    status = {}
    for name in figures():
        parts = []
        for claim in figure(name).claims:
            t = Tally.of((r["kind"], r["holds"]) for r in rows if r["id"] == claim)
            if t.evidence:
                rest = [
                    f"{t.failed} did not hold" if t.failed else "",
                    f"{t.unresolved} not resolved" if t.unresolved else "",
                ]
                rest = ", ".join(r for r in rest if r)
                parts.append(
                    f"{claim} held in {t.held} of {t.evidence} rows"
                    + (f" ({rest})" if rest else "")
                )
            if t.checks:
                parts.append(f"{claim}: {t.checks_passed} of {t.checks} checks passed")
            if t.rows and not t.evidence and not t.checks:
                parts.append(f"{claim}: illustration only")
        status[name] = "; ".join(parts) + "." if parts else ""
    return status


def figure_category(wildcards):
    return FAMILIES[figure_experiment(wildcards.figure).family]


def figure_captions():
    """Per figure, its caption text (``<name>.rst`` in its experiment's room)."""
    return {name: caption(name).read_text() for name in figures()}


def data_csv(*names):
    return [f"results/data/{name}.csv" for name in names]


def data_targets():
    return expand("results/data/{name}.csv", name=sorted(config["datasets"]))


def figure_targets():
    return expand(
        "results/figures/{figure}.{ext}", figure=config["figures"], ext=["png", "pdf"]
    )


def claim_row_targets():
    """The claims of the figures the config asks for, in catalog order."""
    shown = sorted(shown_claims(), key=claim_order)
    return expand("results/claims/{claim}.csv", claim=shown)


#: Entries the Snakefile adds to the config for the report's captions only.
REPORT_ENTRIES = ("claim_status", "figure_captions")


def sorted_keys(value):
    """``value`` with every mapping's keys sorted, recursively (stable params)."""
    if isinstance(value, dict):
        return {k: sorted_keys(value[k]) for k in sorted(value)}
    if isinstance(value, list):
        return [sorted_keys(v) for v in value]
    return value


def resolved_config():
    """The validated configuration with its defaults, without the report entries."""
    return {k: config[k] for k in sorted(config) if k not in REPORT_ENTRIES}


def all_targets():
    return [
        *data_targets(),
        *figure_targets(),
        "results/claims.csv",
        "results/claims.md",
        "results/config.yaml",
        "results/site",
        "results/claims.html",
    ]


# The experiments' jobs (workflow/rules/experiments.smk) and what reads them.
def runs(exp):
    return exp.runs(config)


def run_id(wildcards):
    return wildcards.get("run", "")


def study_outputs(exp):
    """The study's tables by name, with a {run} wildcard for a sweep."""
    run = "{run}" if exp.is_sweep(config) else ""
    return {t: exp.table_path(t, run) for t in exp.tables}


def study_log(exp, ext):
    folder = f"results/logs/{exp.name}"
    return f"{folder}/{{run}}.{ext}" if exp.is_sweep(config) else f"{folder}.{ext}"


def run_constraint(exp):
    """A sweep's {run} wildcard matches exactly its run ids."""
    if not exp.is_sweep(config):
        return {}
    return {"run": "|".join(re.escape(r) for r in runs(exp))}


def _data_paths(refs):
    if isinstance(refs, tuple):
        return [f"results/data/{ref.name}.csv" for ref in refs]
    return f"results/data/{refs.name}.csv"


def study_data(exp):
    """Param: per study argument, the dataset file(s) of the run."""
    return lambda wildcards: {
        arg: _data_paths(refs)
        for arg, refs in runs(exp)[run_id(wildcards)].data.items()
    }


def study_inputs(exp):
    def inputs(wildcards):
        paths = study_data(exp)(wildcards).values()
        return [p for v in paths for p in ([v] if isinstance(v, str) else v)]

    return inputs


def study_args(exp):
    """Param: the run's keyword arguments of the study."""
    return lambda wildcards: runs(exp)[run_id(wildcards)].args


def study_threads(exp):
    # A timing job runs alone: its wall times are measured without other jobs.
    return workflow.cores if exp.threads == "all" else 1


def stacked_sources(wildcards):
    exp = experiment(wildcards.experiment)
    return [exp.table_path(wildcards.table, run) for run in runs(exp)]


def stacked_tables():
    """Wildcard patterns of the sweeps' stacked tables."""
    sweeps = [e for e in EXPERIMENTS if e.is_sweep(config)]
    names = sorted({t for e in sweeps for t in e.tables if t not in e.per_run})
    return {
        "experiment": "|".join(e.name for e in sweeps) or "^$",
        "table": "|".join(names) or "^$",
    }


def consumed_tables(exp, function):
    """Param: the tables a plotter or claim function takes, by parameter name."""
    return {t: exp.consumed(t, config) for t in required_parameters(function)}


def _flat(tables):
    return [p for v in tables.values() for p in ([v] if isinstance(v, str) else v)]


def figure_tables(wildcards):
    exp = figure_experiment(wildcards.figure)
    return consumed_tables(exp, figure(wildcards.figure).plotter)


def figure_inputs(wildcards):
    return _flat(figure_tables(wildcards))


def figure_plotter(wildcards):
    return figure(wildcards.figure).plotter


def figure_digest(wildcards):
    return digest(figure(wildcards.figure).plotter, "pipeline.jobs:draw_figure")


def shown_claims():
    """The claims of the figures the config asks for."""
    return {c for f in config["figures"] for c in figure(f).claims}


def applet_targets():
    """The applets that illustrate a claim of this run."""
    shown = shown_claims()
    return [
        f"results/applets/{name}.json"
        for name in applets()
        if set(applet(name).claims) & shown
    ]


def applet_tables(wildcards):
    exp = applet_experiment(wildcards.applet)
    return consumed_tables(exp, applet(wildcards.applet).builder)


def applet_inputs(wildcards):
    return _flat(applet_tables(wildcards))


def applet_builder(wildcards):
    return applet(wildcards.applet).builder


def applet_digest(wildcards):
    return digest(applet(wildcards.applet).builder, "pipeline.jobs:write_applet")


def claim_function(wildcards):
    return claim_experiment(wildcards.claim).claims[wildcards.claim]


def claim_tables(wildcards):
    return consumed_tables(claim_experiment(wildcards.claim), claim_function(wildcards))


def claim_inputs(wildcards):
    return _flat(claim_tables(wildcards))


def claim_digest(wildcards):
    return digest(claim_function(wildcards), "pipeline.jobs:write_claim_rows")
