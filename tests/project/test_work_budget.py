"""Each room's counted work in the full configuration stays within its budget.

A room declares its counted work (its registry entry's ``work``, ``work.py``
in its folder): fits, rounds and kernel evaluations as a function of the
configuration. ``benchmarks/README.md``, section "Counted work by room",
holds one budget row per room and unit, the counts of the full run. These
tests compare the two, without running any study and without timing
anything: a change that makes a room do more work must raise its budget row
in the same change.
"""

from __future__ import annotations

import copy
import math
from collections.abc import Mapping
from typing import Any

import pytest
import yaml

from marginlab.experiments import EXPERIMENTS
from marginlab.pipeline import config as checks
from marginlab.pipeline.jobs import resolve

from ..conftest import ROOT, set_in

SCHEMA = checks.load_schema(ROOT / "workflow/schemas/config.schema.yaml")
PROJECT = yaml.safe_load((ROOT / "config.yaml").read_text())
README = ROOT / "benchmarks" / "README.md"
SECTION = "### Counted work by room"

#: (room, unit) → count.
Counts = dict[tuple[str, str], int]


def full_config(project: Mapping[str, Any] = PROJECT) -> dict[str, Any]:
    """``project`` (config.yaml) over the rooms' defaults, keys sorted, as the
    pipeline resolves it before any job."""
    return checks.sorted_keys(checks.with_defaults(project, SCHEMA))


def budget_rows(text: str) -> Counts:
    """The rows ``| `room` | unit | budget |`` of the section "Counted work by
    room" of the README's ``text`` (up to the next heading)."""
    start = text.index(SECTION) + len(SECTION)
    end = text.find("\n#", start)
    rows: Counts = {}
    for line in text[start : None if end < 0 else end].splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) != 3 or not cells[0].startswith("`"):
            continue
        key = (cells[0].strip("`"), cells[1])
        assert key not in rows, f"two budget rows for {key}"
        rows[key] = int(cells[2].replace(",", "").replace(" ", ""))
    return rows


def counted_work(cfg: Mapping[str, Any]) -> Counts:
    """Every room's counted work in ``cfg``, by (room, unit)."""
    return {
        (exp.name, unit): count
        for exp in EXPERIMENTS
        if exp.work
        for unit, count in resolve(exp.work)(cfg).items()
    }


def over_budget(work: Counts, budget: Counts) -> list[str]:
    """One line per count above its budget row, or without one."""
    problems = []
    for (room, unit), count in work.items():
        if (room, unit) not in budget:
            problems.append(
                f"{room}: {unit} = {count} has no budget row in benchmarks/README.md"
            )
        elif count > budget[room, unit]:
            problems.append(
                f"{room}: {unit} = {count} exceeds its budget of "
                f"{budget[room, unit]} (benchmarks/README.md, {SECTION[4:]})"
            )
    return problems


BUDGET = budget_rows(README.read_text())
FULL = full_config()


def test_every_room_declares_its_work() -> None:
    missing = [exp.name for exp in EXPERIMENTS if not exp.work]
    assert not missing, f"rooms without a counted work (`work`): {missing}"
    for exp in EXPERIMENTS:
        assert exp.work == f"{exp.room}.work:counted", exp.name
        work = resolve(exp.work)(FULL)
        assert work, exp.name
        for unit, count in work.items():
            assert isinstance(unit, str), exp.name
            assert unit, exp.name
            assert unit.strip() == unit, (exp.name, unit)
            assert "|" not in unit, (exp.name, unit)
            assert type(count) is int, (exp.name, unit, count)
            assert count >= 0, (exp.name, unit, count)


def test_budget_rows_name_the_rooms_and_their_units() -> None:
    work = counted_work(FULL)
    rooms = {exp.name for exp in EXPERIMENTS}
    assert {room for room, _ in BUDGET} == rooms, "every room has budget rows"
    unknown = sorted(set(BUDGET) - set(work))
    assert not unknown, f"budget rows of no declared (room, unit): {unknown}"


def test_full_run_stays_within_its_budget() -> None:
    problems = over_budget(counted_work(FULL), BUDGET)
    assert not problems, "\n".join(problems)


GROWN = {
    "adaboost n_rounds doubled": (
        set_in("adaboost", "n_rounds", 2 * FULL["adaboost"]["n_rounds"]),
        {("adaboost", "boosting rounds"), ("adaboost", "rounds × training points")},
    ),
    "loo_vs_sv_bound C list doubled": (
        set_in(
            "loo_vs_sv_bound", "C", [0.1, 0.3, 1.0, 3.0, 10.0, 30.0, 100.0, math.inf]
        ),
        {("loo_vs_sv_bound", "SVM fits"), ("loo_vs_sv_bound", "kernel evaluations")},
    ),
    "adaboost given a fifth dataset": (
        set_in("adaboost", "datasets", [*PROJECT["adaboost"]["datasets"], "circles"]),
        {("adaboost", "boosting rounds"), ("adaboost", "rounds × training points")},
    ),
}


@pytest.mark.parametrize("name", list(GROWN))
def test_grown_work_is_reported(name: str) -> None:
    """A configured size doubled in a copy of config.yaml: the comparison names
    the room and unit that grew, with its count and budget, and only those."""
    edit, grown = GROWN[name]
    project = copy.deepcopy(PROJECT)
    edit(project)
    problems = over_budget(counted_work(full_config(project)), BUDGET)
    named = {
        (room, unit)
        for room, unit in BUDGET
        if any(p.startswith(f"{room}: {unit} = ") for p in problems)
    }
    assert named == grown, problems
    for room, unit in grown:
        (line,) = [p for p in problems if p.startswith(f"{room}: {unit} = ")]
        assert f"exceeds its budget of {BUDGET[room, unit]}" in line


def test_a_dataset_grown_reports_every_room_reading_it() -> None:
    """Twice the points of ``moons``: each room that reads it counts more."""
    project = copy.deepcopy(PROJECT)
    project["datasets"]["moons"]["n_samples"] *= 2
    problems = over_budget(counted_work(full_config(project)), BUDGET)
    rooms = {p.split(":")[0] for p in problems}
    assert {"adaboost", "loo_vs_sv_bound", "margin_growth"} <= rooms, problems
    assert "kernel_cost" not in rooms  # draws its own data


def test_a_room_without_a_row_is_reported() -> None:
    budget = {k: v for k, v in BUDGET.items() if k != ("adaboost", "boosting rounds")}
    (problem,) = over_budget(counted_work(FULL), budget)
    assert problem.startswith("adaboost: boosting rounds = ")
    assert "no budget row" in problem


def test_budget_rows_parse() -> None:
    text = (
        "## Other\n| `x` | y | 1 |\n"
        f"{SECTION}\n\n| room | unit | budget |\n|---|---|---|\n"
        "| `adaboost` | boosting rounds | 4,000 |\n| `arc_gv` | LP solves | 3 |\n"
        "\n## Next\n| `z` | w | 2 |\n"
    )
    assert budget_rows(text) == {
        ("adaboost", "boosting rounds"): 4000,
        ("arc_gv", "LP solves"): 3,
    }


# --- Rooms' work functions against counts by hand ------------------------------

SMALL_DATA = {
    "tiny": {"generator": "blobs", "n_samples": 10, "n_features": 2, "seed": 0},
    "cancer": {"generator": "breast_cancer"},
}


def _work(room: str, cfg: Mapping[str, Any]) -> dict[str, int]:
    (exp,) = [e for e in EXPERIMENTS if e.name == room]
    return resolve(exp.work)(cfg)


def test_loo_vs_sv_bound_by_hand() -> None:
    section = {
        "datasets": ["tiny", "cancer"],
        "kernels": [{"name": "linear"}],
        "C": [1.0, math.inf],
        "grid_points": 3,
    }
    cfg = {"datasets": SMALL_DATA, "loo_vs_sv_bound": section}
    # 2 configurations per dataset, each at most 3·l + 4 fits; E2's kernel
    # values: l·3² on the 2-D blobs, l·l on breast cancer's 30 features.
    assert _work("loo_vs_sv_bound", cfg) == {
        "SVM fits": 2 * (3 * 10 + 4) + 2 * (3 * 569 + 4),
        "kernel evaluations": 2 * 10 * 9 + 2 * 569 * 569,
    }


def test_adaboost_by_hand() -> None:
    cfg = {
        "datasets": SMALL_DATA,
        "split": {"test_fraction": 0.5, "seed": 0},
        "adaboost": {"datasets": ["tiny", "cancer"], "n_rounds": 7},
    }
    # Training parts: 10 − 5 = 5 and 569 − round(284.5) = 569 − 284 = 285.
    assert _work("adaboost", cfg) == {
        "boosting rounds": 14,
        "rounds × training points": 7 * (5 + 285),
    }


def test_boosting_cost_by_hand() -> None:
    section = {
        "m_sizes": [100, 200],
        "n_sizes": [2],
        "t_sizes": [5, 10],
        "fixed_m": 50,
        "fixed_n": 3,
        "fixed_t": 4,
        "repeats": 2,
    }
    # Shapes (m, N, T): (100, 3, 4), (200, 3, 4), (50, 2, 4), (50, 3, 5),
    # (50, 3, 10); each fitted 1 + 2 times.
    assert _work("boosting_cost", {"boosting_cost": section}) == {
        "boosting rounds": 3 * (4 + 4 + 4 + 5 + 10),
        "stump scans (points × features)": 3 * (1200 + 2400 + 400 + 750 + 1500),
        "timed repetitions": 2 * (2 * 2 + 2 * 1 + 2),
    }


def test_cv_model_selection_and_stepwise_direction_by_hand() -> None:
    cfg = {
        "cv": {"folds": 3, "seed": 0},
        "cv_model_selection": {"sigmas": [0.5, 1.0], "Cs": [1.0, 10.0, 100.0]},
        "stepwise_direction": {"n_features": 4, "n_replicates": 2},
    }
    assert _work("cv_model_selection", cfg) == {"CV fits": 18, "SVM fits": 6}
    # 2 regimes × 2 sets, each 4·5 + 4 = 24 models on 3 folds, and 4 fits.
    assert _work("stepwise_direction", cfg) == {
        "models searched": 4 * 24,
        "CV fits": 4 * (3 * 24 + 4),
    }


def test_margin_cycle_and_mwu_boosting_by_hand() -> None:
    cfg = {
        "datasets": SMALL_DATA,
        "margin_cycle": {"n_rounds": 50, "n_random_starts": 3},
        # T = ⌈4/0.25² · ln 10⌉ = ⌈147.37⌉ = 148.
        "mwu_boosting": {"dataset": "tiny", "gamma": 0.25, "nu": 0.1},
    }
    assert _work("margin_cycle", cfg) == {"boosting rounds": 250, "LP solves": 2}
    assert _work("mwu_boosting", cfg) == {
        "boosting rounds": 148,
        "rounds × training points": 1480,
    }
