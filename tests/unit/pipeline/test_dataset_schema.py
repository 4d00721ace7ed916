"""The configuration schema of a dataset, written from the generators'
descriptions (marginlab.pipeline.dataset_schema): every dataset of the
project's configurations passes it, and bad entries get the one-line messages
listed here. (Until it replaced the ``$defs.dataset`` section written in
workflow/schemas/config.schema.yaml, it was checked to be that section: same
keys, types, bounds, defaults, descriptions and errors.)"""

from __future__ import annotations

import copy
import math
from typing import Any

import pytest
import yaml

from marginlab.core.datasets.generators import GENERATOR_TABLE
from marginlab.pipeline import config as checks
from marginlab.pipeline.dataset_schema import dataset_schema

from ...conftest import PROFILE_FILES, ROOT, project_config

#: The schema file as written (not :func:`checks.load_schema`, which puts the
#: generated section in).
WRITTEN = yaml.safe_load((ROOT / "workflow/schemas/config.schema.yaml").read_text())


def _schema(section: dict[str, Any]) -> dict[str, Any]:
    """A configuration of datasets only, each checked against ``section``, with
    the shared definitions (seed, rates) of the schema file."""
    return {
        "$defs": {**WRITTEN["$defs"], "dataset": section},
        "type": "object",
        "additionalProperties": False,
        "properties": {
            "datasets": {
                "type": "object",
                "additionalProperties": {"$ref": "#/$defs/dataset"},
            }
        },
    }


GENERATED = _schema(dataset_schema())


def _entries() -> dict[str, Any]:
    """Every dataset of config.yaml and of the small and paper profiles (merged
    over it as the workflow merges them), and every generator at its
    defaults."""
    configs = {
        "full": project_config(),
        "small": project_config(PROFILE_FILES["small"]),
        "paper": project_config(PROFILE_FILES["paper"]),
    }
    entries = {
        f"{label}/{name}": spec
        for label, cfg in configs.items()
        for name, spec in cfg["datasets"].items()
    }
    for name, generator in GENERATOR_TABLE.items():
        if not any(p.required for p in generator.parameters):
            entries[f"defaults/{name}"] = {"generator": name}
    return entries


ENTRIES = _entries()

#: Bad entries and the line the configuration check gives each.
BAD: list[tuple[Any, str]] = [
    (
        {"generator": "spirals"},
        "'datasets.d.generator': 'spirals' is not one of ['xor', 'circles', "
        "'moons', 'blobs', 'three_clusters', 'interval', 'triangle', "
        "'three_discs', 'sparse_regression', 'forward_trap', 'twonorm', "
        "'threenorm', 'ringnorm', 'waveform', 'breast_cancer', 'diabetes', "
        "'digits_1_7', 'digits_4_9', 'digits', 'letter', 'csv']",
    ),
    ({"generator": 3}, "'datasets.d.generator': 3 is not one of ['xor', 'circles'"),
    ("moons", "'datasets.d': 'moons' is not of type 'object'"),
    # unknown keys
    (
        {"generator": "moons", "sigma": 1.0},
        "unknown key 'datasets.d.sigma' (allowed here: generator, label_noise, "
        "n_samples, noise, seed)",
    ),
    (
        {"generator": "triangle", "n_samples": 40},
        "unknown key 'datasets.d.n_samples' (allowed here: gap, generator, "
        "label_noise, n_inside, pad, seed)",
    ),
    (
        {"generator": "sparse_regression", "label_noise": 0.1},
        "unknown key 'datasets.d.label_noise' (allowed here: generator, "
        "n_features, n_informative, n_samples, noise, seed)",
    ),
    (
        {"generator": "twonorm", "noise": 0.1},
        "unknown key 'datasets.d.noise' (allowed here: generator, label_noise, "
        "n_features, n_samples, seed)",
    ),
    (
        {"generator": "waveform", "n_features": 30},
        "unknown key 'datasets.d.n_features' (allowed here: generator, "
        "label_noise, n_samples, seed)",
    ),
    (
        {"generator": "breast_cancer", "seed": 1},
        "unknown key 'datasets.d.seed' (allowed here: generator, label_noise)",
    ),
    (
        {"generator": "diabetes", "label_noise": 0.1},
        "unknown key 'datasets.d.label_noise' (allowed here: generator)",
    ),
    (
        {"generator": "digits_4_9", "n_samples": 10},
        "unknown key 'datasets.d.n_samples' (allowed here: generator, label_noise)",
    ),
    (
        {"generator": "letter", "part": "train", "label_noise": 0.1},
        "unknown key 'datasets.d.label_noise' (allowed here: classes, generator, part)",
    ),
    (
        {"generator": "digits", "label_noise": 0.1},
        "unknown key 'datasets.d.label_noise' (allowed here: generator)",
    ),
    (
        {"generator": "letter", "part": "train", "classes": "26"},
        "'datasets.d.classes': '26' is not one of ['A-M/N-Z', 'A-Z']",
    ),
    (
        {"generator": "moons", "noise": "a", "sigma": 2},
        "unknown key 'datasets.d.sigma' (allowed here: generator, label_noise, "
        "n_samples, noise, seed)",
    ),
    (
        {"n_samples": 10},  # no generator: every generator's keys apply
        "unknown key 'datasets.d.n_samples' (allowed here: gap, generator, "
        "label_noise, n_inside, pad, seed)",
    ),
    # out of range
    (
        {"generator": "xor", "n_samples": 3},
        "'datasets.d.n_samples': 3 is less than the minimum of 4",
    ),
    (
        {"generator": "circles", "noise": -0.1},
        "'datasets.d.noise': -0.1 is less than the minimum of 0",
    ),
    (
        {"generator": "moons", "n_samples": 100_001},
        "'datasets.d.n_samples': 100001 is greater than the maximum of 100000",
    ),
    (
        {"generator": "moons", "label_noise": 0.5},
        "'datasets.d.label_noise': 0.5 is greater than or equal to the maximum of 0.5",
    ),
    (
        {"generator": "moons", "seed": -1},
        "'datasets.d.seed': -1 is less than the minimum of 0",
    ),
    (
        {"generator": "moons", "seed": 2**32},
        "'datasets.d.seed': 4294967296 is greater than the maximum of 4294967295",
    ),
    (
        {"generator": "blobs", "margin": 0},
        "'datasets.d.margin': 0 is less than or equal to the minimum of 0",
    ),
    (
        {"generator": "blobs", "n_features": 1001},
        "'datasets.d.n_features': 1001 is greater than the maximum of 1000",
    ),
    (
        {"generator": "three_clusters", "n_samples": 2},
        "'datasets.d.n_samples': 2 is less than the minimum of 3",
    ),
    (
        {"generator": "interval", "half_range": 0},
        "'datasets.d.half_range': 0 is less than or equal to the minimum of 0",
    ),
    (
        {"generator": "triangle", "n_inside": 33_334},
        "'datasets.d.n_inside': 33334 is greater than the maximum of 33333",
    ),
    (
        {"generator": "triangle", "gap": 1},
        "'datasets.d.gap': 1 is greater than or equal to the maximum of 1",
    ),
    (
        {"generator": "three_discs", "radius": 1.0},
        "'datasets.d.radius': 1.0 is greater than or equal to the maximum of 1",
    ),
    (
        {"generator": "three_discs", "left_factor": 0},
        "'datasets.d.left_factor': 0 is less than the minimum of 1",
    ),
    (
        {"generator": "sparse_regression", "n_informative": 1001},
        "'datasets.d.n_informative': 1001 is greater than the maximum of 1000",
    ),
    (
        {"generator": "forward_trap", "n_samples": 9},
        "'datasets.d.n_samples': 9 is less than the minimum of 10",
    ),
    (
        {"generator": "forward_trap", "delta": 0},
        "'datasets.d.delta': 0 is less than or equal to the minimum of 0",
    ),
    (
        {"generator": "letter", "part": "valid"},
        "'datasets.d.part': 'valid' is not one of ['train', 'test']",
    ),
    ({"generator": "csv", "path": ""}, "'datasets.d.path': '' should be non-empty"),
    # wrong type, and numbers JSON Schema alone would take
    (
        {"generator": "xor", "n_samples": "many"},
        "'datasets.d.n_samples': 'many' is not of type 'integer'",
    ),
    (
        {"generator": "moons", "n_samples": True},
        "'datasets.d.n_samples': True is not of type 'integer'",
    ),
    (
        {"generator": "moons", "n_samples": 200.0},
        "'datasets.d.n_samples': must be an integer, got 200.0",
    ),
    (
        {"generator": "moons", "noise": math.inf},
        "'datasets.d.noise': inf is not a finite number",
    ),
    (
        {"generator": "moons", "noise": math.nan},
        "'datasets.d.noise': nan is not a number",
    ),
    (
        {"generator": "csv", "path": 3},
        "'datasets.d.path': 3 is not of type 'string'",
    ),
    # missing keys
    ({"generator": "letter"}, "'datasets.d': 'part' is a required property"),
    ({"generator": "csv"}, "'datasets.d': 'path' is a required property"),
]


def _config(entry: Any) -> dict[str, Any]:
    return {"datasets": {"d": copy.deepcopy(entry)}}


# --------------------------------------------------------------------------
# The generated schema on its own
# --------------------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(ENTRIES))
def test_every_dataset_of_the_project_passes(name: str) -> None:
    assert checks.schema_problem(_config(ENTRIES[name]), GENERATED) is None


@pytest.mark.parametrize(("entry", "expected"), BAD, ids=lambda v: repr(v)[:60])
def test_a_bad_entry_is_named_in_one_line(entry: Any, expected: str) -> None:
    problem = checks.schema_problem(_config(entry), GENERATED)
    assert problem is not None
    assert problem.startswith(expected), problem


def test_defaults_fill_a_bare_entry() -> None:
    filled = checks.with_defaults(_config({"generator": "moons"}), GENERATED)
    assert filled["datasets"]["d"] == {
        "generator": "moons",
        "n_samples": 300,
        "noise": 0.2,
        "label_noise": 0.0,
        "seed": 0,
    }


def test_the_section_is_fresh_each_time() -> None:
    first = dataset_schema()
    first["allOf"].clear()
    assert dataset_schema()["allOf"]
