# Helpers only: the config check, config lookups and target lists.
import sys
from pathlib import Path

import yaml
from jsonschema import Draft202012Validator
from jsonschema.exceptions import best_match

# Which claims each figure shows, and which metric tables each claim reads
# (passed to kernelboost.claims.CLAIMS[id] in this order).
FIGURE_CLAIMS = {
    "losses": ["B13"],
}
CLAIM_METRICS = {
    "B13": ["results/metrics/losses.csv"],
}

# Names are used in file paths; the schema enforces the same pattern.
NAME = "[A-Za-z0-9][A-Za-z0-9_-]*"


wildcard_constraints:
    name=NAME,
    claim="[A-Z][0-9]+",


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
    for section in ("kernels", "boosting"):
        for name in cfg.get(section, {}).get("datasets", []):
            if name not in cfg["datasets"]:
                return (
                    f"'{section}.datasets': {name!r} is not a dataset defined under "
                    f"'datasets' ({', '.join(cfg['datasets'])})"
                )
    return None


def exit_on_config_problem(cfg, schema_file):
    """Stop before any job runs, with one line naming the bad key."""
    problem = config_problem(cfg, schema_file)
    if problem:
        files = ", ".join(map(str, workflow.configfiles)) or "config"
        sys.exit(f"Invalid configuration ({files}): {problem}")


def dataset_spec(wildcards):
    """The config entry of one dataset, keys sorted (stable params)."""
    return dict(sorted(config["datasets"][wildcards.name].items()))


def dataset_source(wildcards):
    """A user CSV is an input file of its dataset job; generated data have none."""
    spec = config["datasets"][wildcards.name]
    return [spec["path"]] if spec["generator"] == "csv" else []


def claim_metrics(wildcards):
    return CLAIM_METRICS[wildcards.claim]


def data_targets():
    return expand("results/data/{name}.csv", name=sorted(config["datasets"]))


def figure_targets():
    return expand(
        "results/figures/{figure}.{ext}", figure=config["figures"], ext=["png", "pdf"]
    )


def claim_row_targets():
    claims = sorted({c for f in config["figures"] for c in FIGURE_CLAIMS[f]})
    return expand("results/claims/{claim}.csv", claim=claims)


def all_targets():
    return [
        *data_targets(),
        *figure_targets(),
        "results/claims.csv",
        "results/claims.md",
    ]
