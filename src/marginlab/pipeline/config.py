"""The configuration checks made before any job runs, without Snakemake.

The Snakefile calls them while it parses the workflow, so that a bad
configuration stops the run with one line naming the key, before any job:

1. :func:`schema_problem`: the configuration as given against the schema
   (:func:`load_schema`: the shared sections of
   ``workflow/schemas/config.schema.yaml`` and each experiment's section from
   its room's ``config.yaml``): types, ranges, unknown keys,
   and numbers: no NaN, no infinity unless the schema allows it
   (``x-allow-infinity``), no float where an integer is meant;
2. :func:`with_defaults` fills in the schema's defaults;
3. :func:`content_problem`: every figure asked for exists, every dataset an
   experiment's runs read is defined, can be read, and has the task and
   number of features the study needs, fits what the study can afford and
   has enough points of each class for its split and folds
   (:mod:`marginlab.pipeline.data_checks`); and the configuration keeps the
   limits of :mod:`marginlab.pipeline.limits` (the memory of size keys,
   keys that must agree).

:func:`check` does all three. Each check returns the first problem as one
line, or None.

:mod:`marginlab.pipeline.sources` merges a run's configuration from its
files, profile and command-line values, calls :func:`check`, and names the
layer a bad key came from.
"""

from __future__ import annotations

import copy
import functools
import math
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ..experiments import EXPERIMENTS, config_file, figures
from ..experiments._shared.experiment import Need
from .plan import Plan

__all__ = [
    "ALLOW_INFINITY",
    "check",
    "content_problem",
    "dataset_needs",
    "dataset_problem",
    "figures_problem",
    "layered",
    "load_schema",
    "merge",
    "profile_values",
    "PROFILES",
    "room_config",
    "schema_problem",
    "sorted_keys",
    "with_defaults",
]

#: The schema keyword of a number that may be infinite (C = .inf, the hard
#: margin); every other number must be finite.
ALLOW_INFINITY = "x-allow-infinity"

#: The profiles whose values the rooms may give (``profiles`` of a room's
#: config.yaml), chosen by the configuration's ``profile`` key.
PROFILES: tuple[str, ...] = ("small", "paper")


def _yaml(path: Path) -> Any:
    # libyaml's parser where PyYAML has it: the schema is read at every parse
    # of the workflow, and the pure-Python parser takes ten times as long.
    import yaml

    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    return yaml.load(path.read_text(encoding="utf-8"), Loader=loader)


@functools.cache
def _room_file(name: str) -> dict[str, Any]:
    """A room's ``config.yaml``, read and checked once per process (the
    schema and a profile's values both read it at every parse)."""
    data = _yaml(config_file(name))
    if not isinstance(data, dict) or "schema" not in data:
        raise ValueError(f"{config_file(name)}: no 'schema' of the section")
    unknown = set(data) - {"schema", "profiles"}
    if unknown:
        raise ValueError(f"{config_file(name)}: unknown keys {sorted(unknown)}")
    return data


def room_config(name: str) -> dict[str, Any]:
    """Experiment ``name``'s ``config.yaml``
    (:func:`marginlab.experiments.config_file`): ``schema``, its section of
    the configuration schema, and ``profiles``, the values each profile gives
    the section (a copy of its own, to change at will)."""
    return copy.deepcopy(_room_file(name))


def load_schema(path: str | Path) -> dict[str, Any]:
    """The configuration schema: the shared sections and definitions of the
    YAML file at ``path``, a dataset's entry from the generators' descriptions
    (:func:`marginlab.pipeline.dataset_schema.dataset_schema`), and each
    experiment's section from its room (:func:`room_config`), under the
    experiment's name, in catalog order."""
    from .dataset_schema import dataset_schema

    schema = _yaml(Path(path))
    schema["$defs"]["dataset"] = dataset_schema()
    for exp in EXPERIMENTS:
        schema["properties"][exp.name] = room_config(exp.name)["schema"]
    return schema


def profile_values(profile: str) -> dict[str, Any]:
    """The sections' values of ``profile`` (e.g. ``"small"``), by experiment,
    as the rooms give them (:func:`room_config`)."""
    if profile not in PROFILES:
        raise ValueError(
            f"'profile': unknown profile {profile!r} (profiles: {', '.join(PROFILES)})"
        )
    values = {}
    for exp in EXPERIMENTS:
        given = room_config(exp.name).get("profiles", {}).get(profile)
        if given:
            values[exp.name] = given
    return values


def merge(base: Mapping[str, Any], *over: Mapping[str, Any]) -> dict[str, Any]:
    """``base`` with each of ``over`` merged over it in turn, as Snakemake
    merges config files: mappings key by key, every other value replaced."""
    out = copy.deepcopy(dict(base))
    for layer in over:
        for key, value in layer.items():
            if isinstance(value, Mapping) and isinstance(out.get(key), Mapping):
                out[key] = merge(out[key], value)
            else:
                out[key] = copy.deepcopy(value)
    return out


def layered(base: Mapping[str, Any], *over: Mapping[str, Any]) -> dict[str, Any]:
    """The configuration of config.yaml's ``base`` with the config files (and
    command-line values) ``over`` merged over it, as the workflow sees it: if
    the result names a ``profile``, its values (:func:`profile_values`) are
    merged over ``base`` and under ``over``, so that a file or value given
    after config.yaml still has the last word."""
    cfg = merge(base, *over)
    profile = cfg.get("profile")
    if profile is None:
        return cfg
    return merge(base, profile_values(profile), *over)


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
    >>> schema_problem({"a": 2.0}, schema)
    "'a': must be an integer, got 2.0"
    >>> schema_problem({"a": float("nan")}, schema)
    "'a': nan is not a number"
    """
    from jsonschema.exceptions import best_match

    error = best_match(_validator_class()(schema).iter_errors(cfg))
    if error is None:
        return None
    where = ".".join(str(p) for p in error.absolute_path)
    if error.validator == "additionalProperties":
        allowed = sorted(error.schema.get("properties", {}))
        unknown = sorted(set(error.instance) - set(allowed))
        key = ".".join(filter(None, [where, str(unknown[0])]))
        return f"unknown key '{key}' (allowed here: {', '.join(allowed)})"
    return f"'{where or 'top level'}': {error.message}"


def _validator_class() -> Any:
    """Draft 2020-12 whose ``type`` keyword also refuses, in a node of type
    number or integer, NaN, an infinity the node does not allow
    (:data:`ALLOW_INFINITY`), a float where only an integer is meant (JSON
    Schema counts 200.0 as an integer), and an integer too large for a float."""
    from jsonschema import Draft202012Validator, validators
    from jsonschema.exceptions import ValidationError

    plain = Draft202012Validator.VALIDATORS["type"]

    def numeric_type(validator: Any, types: Any, instance: Any, schema: Any) -> Any:
        kinds = {types} if isinstance(types, str) else set(types)
        numeric = kinds & {"number", "integer"}
        if numeric and isinstance(instance, float):
            if math.isnan(instance):
                yield ValidationError("nan is not a number")
                return
            if "number" not in kinds:
                yield ValidationError(f"must be an integer, got {instance!r}")
                return
            if math.isinf(instance) and not schema.get(ALLOW_INFINITY, False):
                yield ValidationError(f"{instance!r} is not a finite number")
                return
        if (
            "number" in kinds
            and "integer" not in kinds
            and isinstance(instance, int)
            and not isinstance(instance, bool)
            and abs(instance) > sys.float_info.max
        ):
            digits = len(str(abs(instance)))
            yield ValidationError(f"an integer of {digits} digits is too large")
            return
        yield from plain(validator, types, instance, schema)

    return validators.extend(Draft202012Validator, {"type": numeric_type})


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
    task or number of features for a study naming it, as one line; or None.
    Then :func:`~marginlab.pipeline.data_checks.data_problem`: the size, the
    cells of a user CSV and the classes of every dataset a study reads."""
    from ..core.datasets import DatasetError, dataset_shape
    from .data_checks import data_problem

    plan = plan or Plan(cfg)
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
        if shape.n_classes > 2 and not need.multiclass:
            return (
                f"'{key}': {name!r} has {shape.n_classes} classes, but this study "
                "separates two classes"
            )
        if need.n_features is not None and shape.n_features != need.n_features:
            return (
                f"'{key}': {name!r} has {shape.n_features} features, but "
                f"{need.why} and needs {need.n_features}"
            )
    return data_problem(cfg, plan)


def content_problem(cfg: Mapping[str, Any], plan: Plan | None = None) -> str | None:
    """After the schema's defaults are filled in: :func:`figures_problem`, then
    :func:`dataset_problem`, then
    :func:`~marginlab.pipeline.limits.limits_problem`."""
    from .limits import limits_problem

    plan = plan or Plan(cfg)
    return figures_problem(cfg) or dataset_problem(cfg, plan) or limits_problem(cfg)


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
