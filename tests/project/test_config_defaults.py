"""config.yaml holds, of each experiment's section, only what differs from the
room's defaults.

A room's schema (``src/marginlab/experiments/<name>/config.yaml``) holds the
full run's values as its defaults: one home per value, so that changing a
room's default changes the full run. config.yaml at the top restating a
default would hide that change. A value counts as restated when it is the
default with the same types (``1.0`` is not ``1``: the resolved
``results/config.yaml`` would write them differently); a section left empty
counts too (leave it out for the defaults).
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest
import yaml

from marginlab.experiments import EXPERIMENTS, config_file
from marginlab.pipeline.config import room_config

from ..conftest import ROOT, set_in

PROJECT = yaml.safe_load((ROOT / "config.yaml").read_text())


def same(a: Any, b: Any) -> bool:
    """``a`` and ``b`` are the same value with the same types at every level
    (``True`` is not ``1``, nor ``1`` ``1.0``), mappings in the same order."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return list(a) == list(b) and all(same(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return len(a) == len(b) and all(map(same, a, b))
    return a == b


def shown(path: Path) -> str:
    """``path`` relative to the repository when inside it."""
    return str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else str(path)


def room_default(room: str, key: str) -> Any:
    """The default of ``room``'s ``key`` in its schema."""
    return room_config(room)["schema"]["properties"][key]["default"]


def restated_defaults(project: Mapping[str, Any]) -> list[str]:
    """One line for each key of an experiment's section of ``project`` (a
    top-level config) whose value is its room's default, naming the section,
    the key and the default, and for each empty section; the shared sections
    are left alone."""
    problems = []
    for exp in EXPERIMENTS:
        if exp.name not in project:
            continue
        section = project[exp.name]
        where = shown(config_file(exp.name))
        if not section:
            problems.append(
                f"'{exp.name}': an empty section (leave it out for its defaults)"
            )
            continue
        properties = room_config(exp.name)["schema"]["properties"]
        for key, value in section.items():
            spec = properties.get(key, {})
            if "default" in spec and same(value, spec["default"]):
                problems.append(
                    f"'{exp.name}.{key}': {value!r} is the default of {where}"
                    " (leave it out)"
                )
    return problems


def test_config_yaml_restates_no_room_default() -> None:
    problems = restated_defaults(PROJECT)
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize(
    ("room", "key"),
    [
        ("adaboost", "n_rounds"),  # a section config.yaml keeps
        ("feature_lift", "C"),  # a section config.yaml leaves out
        ("loo_vs_sv_bound", "kernels"),  # a list of mappings
        ("svm_sigma_C_grid", "panels"),  # with C = .inf
    ],
)
def test_a_restated_default_is_named(room: str, key: str) -> None:
    default = room_default(room, key)
    project = copy.deepcopy(PROJECT)
    set_in(room, key, copy.deepcopy(default))(project)
    assert restated_defaults(project) == [
        f"'{room}.{key}': {default!r} is the default of "
        f"{shown(config_file(room))} (leave it out)"
    ]


def test_a_default_written_with_another_type_is_not_restated() -> None:
    # 1000.0 is not the default 1000 as results/config.yaml writes it (and the
    # schema refuses it).
    assert room_default("adaboost", "n_rounds") == 1000
    project = copy.deepcopy(PROJECT)
    set_in("adaboost", "n_rounds", 1000.0)(project)
    assert restated_defaults(project) == []


def test_an_empty_section_is_named() -> None:
    project = copy.deepcopy(PROJECT)
    project["feature_lift"] = {}
    assert restated_defaults(project) == [
        "'feature_lift': an empty section (leave it out for its defaults)"
    ]


def test_the_shared_sections_are_left_alone() -> None:
    # split and cv are not rooms: config.yaml gives them whole.
    assert {"split", "cv"} <= set(PROJECT)
    assert not {"split", "cv"} & {exp.name for exp in EXPERIMENTS}
    assert restated_defaults({"split": PROJECT["split"], "cv": PROJECT["cv"]}) == []
