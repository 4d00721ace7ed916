"""The configuration checks made before any job runs, without Snakemake.

The Snakefile calls them while it parses the workflow, so that a bad
configuration stops the run with one line naming the key, before any job:

1. :func:`schema_problem`: the configuration as given against the schema
   (``workflow/schemas/config.schema.yaml``): types, ranges, unknown keys;
2. :func:`with_defaults` fills in the schema's defaults;
3. :func:`content_problem`: every figure asked for exists, and every dataset an
   experiment's runs read is defined, can be read, and has the task and
   number of features the study needs.

:func:`check` does all three. Each check returns the first problem as one
line, or None.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ..experiments import EXPERIMENTS, figures
from ..experiments._shared.entry import Need
from .plan import Plan

__all__ = [
    "check",
    "content_problem",
    "dataset_needs",
    "dataset_problem",
    "figures_problem",
    "load_schema",
    "schema_problem",
    "sorted_keys",
    "with_defaults",
]


def load_schema(path: str | Path) -> dict[str, Any]:
    """The configuration schema, read from its YAML file."""
    import yaml

    return yaml.safe_load(Path(path).read_text(encoding="utf-8"))


def schema_problem(cfg: Mapping[str, Any], schema: Mapping[str, Any]) -> str | None:
    """The first problem of ``cfg`` against ``schema`` (JSON Schema 2020-12), as
    one line that names the key, or None.

    Examples
    --------
    >>> schema = {"type": "object", "additionalProperties": False,
    ...           "properties": {"a": {"type": "integer", "minimum": 1}}}
    >>> schema_problem({"a": 0}, schema)
    "'a': 0 is less than the minimum of 1"
    >>> schema_problem({"b": 1}, schema)
    "unknown key 'b' (allowed here: a)"
    """
    from jsonschema import Draft202012Validator
    from jsonschema.exceptions import best_match

    error = best_match(Draft202012Validator(schema).iter_errors(cfg))
    if error is None:
        return None
    where = ".".join(str(p) for p in error.absolute_path)
    if error.validator == "additionalProperties":
        allowed = sorted(error.schema.get("properties", {}))
        unknown = sorted(set(error.instance) - set(allowed))
        key = ".".join(filter(None, [where, str(unknown[0])]))
        return f"unknown key '{key}' (allowed here: {', '.join(allowed)})"
    return f"'{where or 'top level'}': {error.message}"


def with_defaults(cfg: Mapping[str, Any], schema: Mapping[str, Any]) -> dict[str, Any]:
    """A copy of ``cfg`` with the schema's defaults filled in, at every level
    the configuration reaches (the ``properties`` of an object that is there);
    ``figures`` defaults to every figure of the registry.

    Examples
    --------
    >>> schema = {"type": "object", "properties": {
    ...     "a": {"type": "object", "default": {}, "properties": {
    ...         "b": {"type": "integer", "default": 2}}}}}
    >>> with_defaults({}, schema)["a"]
    {'b': 2}
    """
    from jsonschema import Draft202012Validator, validators

    properties = Draft202012Validator.VALIDATORS["properties"]

    def fill(validator: Any, props: Any, instance: Any, sub: Any) -> Any:
        if isinstance(instance, dict):
            for name, prop in props.items():
                if "default" in prop:
                    instance.setdefault(name, copy.deepcopy(prop["default"]))
        yield from properties(validator, props, instance, sub)

    filled = copy.deepcopy(dict(cfg))
    validator = validators.extend(Draft202012Validator, {"properties": fill})
    for _ in validator(schema).iter_errors(filled):
        pass  # the errors were reported by schema_problem
    filled.setdefault("figures", figures())
    return filled


def figures_problem(cfg: Mapping[str, Any]) -> str | None:
    """A figure the configuration asks for that no experiment draws, or None."""
    known = figures()
    for name in cfg.get("figures", known):
        if name not in known:
            return f"'figures': unknown figure {name!r} (known: {', '.join(known)})"
    return None


def dataset_needs(
    cfg: Mapping[str, Any], plan: Plan | None = None
) -> list[tuple[str, str, Need]]:
    """(config key, dataset name, need) of every dataset an experiment's runs
    read, each once, in registry order."""
    plan = plan or Plan(cfg)
    needs = []
    for exp in EXPERIMENTS:
        for run in plan.runs(exp).values():
            for refs in run.data.values():
                for ref in refs if isinstance(refs, tuple) else (refs,):
                    needs.append((ref.key, ref.name, ref.need))
    return list(dict.fromkeys(needs))


def dataset_problem(cfg: Mapping[str, Any], plan: Plan | None = None) -> str | None:
    """The first dataset that is not defined, cannot be read, or has the wrong
    task or number of features for a study naming it, as one line; or None."""
    from ..core.datasets import DatasetError, dataset_shape

    shapes = {}
    for name, spec in cfg["datasets"].items():
        try:
            shapes[name] = dataset_shape(spec)
        except DatasetError as err:
            return f"'datasets.{name}': {err}"
    for key, name, need in dataset_needs(cfg, plan):
        if name not in shapes:
            return (
                f"'{key}': {name!r} is not a dataset defined under "
                f"'datasets' ({', '.join(cfg['datasets'])})"
            )
        shape = shapes[name]
        if shape.task != need.task:
            wanted = (
                "labels in two classes"
                if need.task == "classification"
                else "a real target"
            )
            return (
                f"'{key}': {name!r} is a {shape.task} dataset, but this study "
                f"needs {need.task} data ({wanted})"
            )
        if need.n_features is not None and shape.n_features != need.n_features:
            return (
                f"'{key}': {name!r} has {shape.n_features} features, but "
                f"{need.why} and needs {need.n_features}"
            )
    return None


def content_problem(cfg: Mapping[str, Any], plan: Plan | None = None) -> str | None:
    """After the schema's defaults are filled in: :func:`figures_problem`, then
    :func:`dataset_problem`."""
    return figures_problem(cfg) or dataset_problem(cfg, plan)


def sorted_keys(value: Any) -> Any:
    """``value`` with every mapping's keys sorted, recursively, so that job
    parameters compare equal however a config file orders them.

    Examples
    --------
    >>> sorted_keys({"b": 1, "a": [{"d": 2, "c": 3}]})
    {'a': [{'c': 3, 'd': 2}], 'b': 1}
    """
    if isinstance(value, dict):
        return {k: sorted_keys(value[k]) for k in sorted(value)}
    if isinstance(value, list):
        return [sorted_keys(v) for v in value]
    return value


def check(
    cfg: Mapping[str, Any], schema: Mapping[str, Any]
) -> tuple[dict[str, Any], str | None]:
    """The configuration with its defaults and keys sorted, and its first
    problem (:func:`schema_problem`, then :func:`content_problem`) or None."""
    problem = schema_problem(cfg, schema)
    if problem:
        return dict(cfg), problem
    filled = sorted_keys(with_defaults(cfg, schema))
    return filled, content_problem(filled)
