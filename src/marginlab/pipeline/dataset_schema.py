"""The configuration schema of one dataset, written from the generators'
descriptions (:data:`marginlab.core.datasets.generators.GENERATOR_TABLE`).

:func:`dataset_schema` is the ``$defs.dataset`` section of
``workflow/schemas/config.schema.yaml``: the ``generator`` key, one of the
table's names, and for each generator an ``if``/``then`` that allows its keys
and no other, with their types, bounds, defaults and descriptions. Its seeds
and label-noise rates refer to the configuration schema's shared definitions
``#/$defs/seed`` and ``#/$defs/probability_half_open``, so it is read inside
that schema::

    schema["$defs"]["dataset"] = dataset_schema()
"""

from __future__ import annotations

from typing import Any

from ..core.datasets.generators import (
    GENERATOR_TABLE,
    MAX_FEATURES,
    MAX_POINTS,
    Generator,
    Parameter,
)

__all__ = ["dataset_schema"]

#: The parameter kinds the configuration schema defines once, for every
#: section that uses them.
_SHARED = {"seed": "#/$defs/seed", "rate": "#/$defs/probability_half_open"}

#: JSON Schema's names of the bounds of
#: :class:`~marginlab.core.datasets.generators.Parameter`.
_BOUNDS = (
    ("minimum", "minimum"),
    ("exclusive_minimum", "exclusiveMinimum"),
    ("maximum", "maximum"),
    ("exclusive_maximum", "exclusiveMaximum"),
)


def dataset_schema() -> dict[str, Any]:
    """The JSON schema (2020-12) of a configuration's dataset entry.

    Returns
    -------
    dict
        A fresh dict, for the configuration schema's ``$defs``; it refers to
        that schema's ``seed`` and ``probability_half_open`` definitions.

    Examples
    --------
    >>> schema = dataset_schema()
    >>> schema["properties"]["generator"]["enum"][:3]
    ['xor', 'circles', 'moons']
    >>> schema["allOf"][0]["then"]["properties"]["n_samples"]
    {'type': 'integer', 'minimum': 4, 'maximum': 100000, 'default': 200}
    """
    return {
        "description": (
            "One dataset: a generator and its parameters. Written to "
            f"results/data/<name>.csv. At most {MAX_POINTS} points (5 x "
            "config.yaml's largest, moons_large; the stump searches of boosting "
            f"grow with them) and {MAX_FEATURES} features; a study that makes a "
            "matrix of a dataset's points (Gram, kernel or distance matrix, "
            "8 m^2 bytes; stumps) takes only as many as its memory allows, "
            "checked before any job."
        ),
        "type": "object",
        "required": ["generator"],
        "properties": {"generator": {"enum": list(GENERATOR_TABLE)}},
        "allOf": [_generator_schema(g) for g in GENERATOR_TABLE.values()],
    }


def _generator_schema(generator: Generator) -> dict[str, Any]:
    """The ``if``/``then`` of one generator: its keys, and no other."""
    then: dict[str, Any] = {"additionalProperties": False}
    required = [p.name for p in generator.parameters if p.required]
    if required:
        then["required"] = required
    then["properties"] = {
        "generator": {},
        **{p.name: _parameter_schema(p) for p in generator.parameters},
    }
    return {
        "if": {"properties": {"generator": {"const": generator.name}}},
        "then": then,
    }


def _parameter_schema(parameter: Parameter) -> dict[str, Any]:
    """The schema of one key: its description, kind, bounds and default."""
    out: dict[str, Any] = {}
    if parameter.description is not None:
        out["description"] = parameter.description
    if parameter.kind in _SHARED:
        out["$ref"] = _SHARED[parameter.kind]
    elif parameter.kind == "choice":
        out["enum"] = list(parameter.choices)
    elif parameter.kind == "file":
        out.update(type="string", minLength=1)
    else:
        out["type"] = parameter.kind
    for field, keyword in _BOUNDS:
        bound = getattr(parameter, field)
        if bound is not None:
            out[keyword] = bound
    if not parameter.required:
        out["default"] = parameter.default
    return out
