"""The loo_vs_sv_bound room (E1, E2): LOO against #SV/l, non-SV removal, the
claim rows, and the figures (with cv_model_selection's)."""

from __future__ import annotations

import itertools
import math
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from matplotlib import pyplot as plt

from marginlab.core.datasets import Dataset, make_dataset
from marginlab.core.io import write_frame_atomic
from marginlab.experiments._shared.figures import save_figure
from marginlab.experiments.cv_model_selection.figures import plot_cv_model_selection
from marginlab.experiments.loo_vs_sv_bound.claims import (
    e1_loo_bound,
    e2_non_sv_removal,
)
from marginlab.experiments.loo_vs_sv_bound.figures import plot_loo_vs_sv_bound
from marginlab.experiments.loo_vs_sv_bound.study import (
    E2_COLUMNS,
    ROW_COLUMNS,
    kernel_label,
    loo_configuration,
)
from marginlab.pipeline.jobs import place_rows
from tests.flips import flips

from ..conftest import LINEAR

GAUSS = {"name": "gaussian", "sigma": 0.5}


@pytest.fixture(scope="module")
def moons() -> Dataset:
    return make_dataset(
        {"generator": "moons", "n_samples": 60, "noise": 0.2, "seed": 0}
    )


@pytest.fixture(scope="module")
def sweep(moons, blobs, tmp_path_factory) -> tuple[pd.DataFrame, pd.DataFrame]:
    """Four configurations, each written to CSV and stacked, as the workflow does."""
    configs = [
        ("moons", moons, GAUSS, 1.0),
        ("moons", moons, GAUSS, math.inf),
        ("moons", moons, LINEAR, math.inf),  # not linearly separable
        ("blobs", blobs, LINEAR, math.inf),  # separable: a hard margin exists
    ]
    folder = tmp_path_factory.mktemp("loo")
    paths: dict[str, list[Path]] = {"rows": [], "e2": []}
    for k, (name, data, kernel, C) in enumerate(configs):
        tables = loo_configuration(data, kernel, C, grid_points=20, name=name)
        for key, table in zip(("rows", "e2"), tables, strict=True):
            paths[key].append(folder / f"{key}{k}.csv")
            write_frame_atomic(table, paths[key][-1])
    rows, e2 = (
        pd.concat([pd.read_csv(p) for p in paths[key]], ignore_index=True)
        for key in ("rows", "e2")
    )
    return rows, e2


def test_kernel_label_is_readable_and_sorted() -> None:
    assert kernel_label(LINEAR) == "linear"
    assert kernel_label({"name": "polynomial", "degree": 3, "c": 1.0}) == (
        "polynomial(c=1, degree=3)"
    )


def test_a_soft_margin_configuration(sweep) -> None:
    rows, e2 = sweep
    assert list(rows.columns) == list(ROW_COLUMNS)
    assert list(e2.columns) == list(E2_COLUMNS)
    r = rows.iloc[0]
    assert (r["status"], r["kernel"], r["l"]) == ("ok", "gaussian(sigma=0.5)", 60)
    assert r["sv_bound"] == r["n_sv"] / 60
    assert r["loo_error"] == r["n_loo_errors"] / 60 <= r["sv_bound"]
    assert r["n_retrained"] == 60  # brute force: every point left out
    assert r["fast_n_retrained"] == r["n_sv"]  # the fast LOO: the SVs only
    assert r["fast_loo_error"] == r["loo_error"]
    assert r["n_disagree"] == 0
    assert r["n_non_sv_errors"] == 0
    assert r["agreement_band"] == 0.05
    # Cold retrains solve the non-support vectors' problems too.
    assert r["loo_iter"] > r["fast_loo_iter"] > 0
    assert not r["standardized"]
    part = e2[(e2["dataset"] == "moons") & (e2["C"] == 1.0)]
    # Every non-support vector is removed and retrained.
    assert len(part) == r["e2_checked"] == r["e2_n_non_sv"] == 60 - r["n_sv"]
    assert part["index"].is_monotonic_increasing
    assert (part["eval_set"] == "grid").all()
    assert (part["n_eval"] == 400).all()
    # The proof step: a non-SV has y f(x) >= 1 and removing it changes nothing.
    assert (part["margin_full"] >= 1 - 1e-5).all()
    assert (part["max_change"] <= 1e-4).all()
    assert part["correct"].all()
    assert (part["n_sv_without"] == part["n_sv_full"]).all()


def test_hard_margin_separable_or_not(sweep) -> None:
    rows, e2 = sweep
    gauss_inf, linear_moons, linear_blobs = (rows.iloc[i] for i in (1, 2, 3))
    assert np.isinf(gauss_inf["C"])
    assert gauss_inf["status"] == "ok"  # distinct points: a Gaussian separates
    assert linear_blobs["status"] == "ok"
    assert linear_blobs["loo_error"] <= linear_blobs["sv_bound"]
    assert linear_moons["status"] == "not separable"
    assert linear_moons["e2_status"] == "skipped"
    for column in ("n_sv", "sv_bound", "loo_error", "n_retrained", "n_disagree"):
        assert np.isnan(linear_moons[column])
    assert linear_moons["e2_checked"] == 0
    assert not ((e2["dataset"] == "moons") & (e2["kernel"] == "linear")).any()


def test_step_cap_gives_not_converged_and_output_is_deterministic(moons) -> None:
    rows, e2 = loo_configuration(moons, GAUSS, math.inf, grid_points=5, max_iter=3)
    assert rows["status"].iloc[0] == "not converged"
    assert np.isnan(rows["loo_error"].iloc[0])
    assert e2.empty
    assert list(e2.columns) == list(E2_COLUMNS)
    again = [loo_configuration(moons, GAUSS, 10.0, grid_points=5) for _ in range(2)]
    pd.testing.assert_frame_equal(again[0][0], again[1][0])
    pd.testing.assert_frame_equal(again[0][1], again[1][1])


def test_memory_layout_does_not_change_the_numbers() -> None:
    # read_dataset gives Fortran-ordered X, the generators C-ordered; on these
    # data the SVM's #SV differs between the two unless the study fixes one.
    data = make_dataset(
        {"generator": "moons", "n_samples": 400, "noise": 0.2, "seed": 4}
    )
    fortran = Dataset(np.asfortranarray(data.X), data.y, data.feature_names)
    kernel = {"name": "gaussian", "sigma": 0.25}
    a, b = (loo_configuration(d, kernel, 1.0, grid_points=5) for d in (data, fortran))
    pd.testing.assert_frame_equal(a[0], b[0])
    pd.testing.assert_frame_equal(a[1], b[1])


def test_features_far_from_unit_scale_are_z_scored() -> None:
    data = make_dataset({"generator": "blobs", "n_samples": 40, "n_features": 3})
    wide = Dataset(data.X * 100.0, data.y, data.feature_names)
    rows, e2 = loo_configuration(wide, GAUSS, 1.0, grid_points=5, name="wide")
    assert bool(rows["standardized"].iloc[0])
    assert rows["status"].iloc[0] == "ok"
    assert (e2["eval_set"] == "training points").all()
    assert (e2["n_eval"] == 40).all()


@pytest.mark.can_fail("E1")
def test_e1_rows_follow_the_numbers(sweep) -> None:
    rows, e2 = sweep
    claim = place_rows("E1", e1_loo_bound(rows, e2))
    # One row per configuration, then one check per measured (dataset, kernel):
    # (moons, gaussian) over C = 1 and inf, (blobs, linear).
    assert [r.key for r in claim] == [
        "E1/loo/moons/gaussian_sigma=0.5/C=1",
        "E1/loo/moons/gaussian_sigma=0.5/C=inf",
        "E1/loo/moons/linear/C=inf",
        "E1/loo/blobs/linear/C=inf",
        "E1/fast_loo/moons/gaussian_sigma=0.5",
        "E1/fast_loo/blobs/linear",
    ]
    assert [r.kind for r in claim] == [
        "theorem",
        "theorem",
        "illustration",
        "theorem",
        "check",
        "check",
    ]
    assert [r.holds for r in claim] == [True, True, None, True, True, True]
    skipped = claim[2]
    assert (skipped.kind, skipped.relation) == ("illustration", "n/a")
    assert "not separable" in skipped.quantity
    assert claim[0].measured == rows["loo_error"].iloc[0]
    assert "brute force" in claim[0].quantity
    broken = rows.copy()
    broken.loc[0, "loo_error"] = broken.loc[0, "sv_bound"] + 0.01
    broken.loc[1, "loo_error"] = np.nan  # an "ok" row without a number fails
    broken.loc[3, "n_disagree"] = 1  # the fast LOO missed a mistake
    bad = e1_loo_bound(broken, e2)
    # The two moons configurations (C = 1, C = inf); blobs' row still holds.
    flips("E1", "loo/*", bad[:2])
    assert bad[3].holds is True
    assert [r.holds for r in bad[4:]] == [True, False]
    assert bad[5].measured == 1.0
    # A configuration whose every point is a support vector has bound 1,
    # which no error rate exceeds: shown as a check, never counted.
    vacuous = rows.copy()
    vacuous.loc[0, "sv_bound"] = 1.0
    first = e1_loo_bound(vacuous, e2)[0]
    assert (first.kind, first.bound) == ("check", 1.0)
    # From #SV/l = 0.9 on, nearly vacuous: an illustration, not counted.
    vacuous.loc[0, "sv_bound"] = 0.9
    first = e1_loo_bound(vacuous, e2)[0]
    assert (first.kind, first.relation, first.holds) == ("illustration", "n/a", None)
    assert "near-vacuous" in first.quantity


def test_a_wrong_retrain_of_a_non_support_vector_flips_a_row(moons, monkeypatch):
    """E1's falsifier is real: were the cold retrain of one non-support vector
    to return a wrong α (here its decision value pushed to the wrong side),
    brute force would count a mistake the fast LOO cannot, and the check row
    flips (and the theorem row's quantity names the non-SV mistake)."""
    from dataclasses import replace

    from marginlab.experiments.loo_vs_sv_bound import study

    real = study.svm_loo

    def wrong_for_one_non_sv(svm, X, y, **kw):
        result = real(svm, X, y, **kw)
        if kw.get("start") != "cold":
            return result
        i = int(np.setdiff1d(np.arange(y.size), result.model.support_)[0])
        decision = result.loo_decision.copy()
        decision[i] = -y[i]  # confidently wrong, outside the agreement band
        mistakes = result.mistakes.copy()
        mistakes[i] = True
        return replace(result, loo_decision=decision, mistakes=mistakes)

    monkeypatch.setattr(study, "svm_loo", wrong_for_one_non_sv)
    rows, e2 = loo_configuration(moons, GAUSS, 1.0, grid_points=5, name="moons")
    assert rows["n_non_sv_errors"].iloc[0] == 1
    claim = e1_loo_bound(rows, e2)
    assert "1 of them on non-support vectors" in claim[0].quantity
    assert (claim[1].kind, claim[1].holds) == ("check", False)


@pytest.mark.can_fail("E2")
def test_e2_rows_follow_the_numbers(sweep) -> None:
    rows, e2 = sweep
    claim = place_rows("E2", e2_non_sv_removal(rows, e2))
    # (moons, gaussian): two rows; (moons, linear): nothing measured; (blobs,
    # linear): two rows.
    assert [r.key for r in claim] == [
        "E2/change/moons/gaussian_sigma=0.5",
        "E2/misclassified/moons/gaussian_sigma=0.5",
        "E2/none_removed/moons/linear",
        "E2/change/blobs/linear",
        "E2/misclassified/blobs/linear",
    ]
    assert [r.holds for r in claim] == [True, True, None, True, True]
    assert "no configuration measured" in claim[2].quantity
    broken = e2.copy()
    first = broken.index[0]
    broken.loc[first, "max_change"] = 0.01
    broken.loc[first, "correct"] = False
    bad = e2_non_sv_removal(rows, broken)
    # (moons, gaussian)'s two rows; (blobs, linear)'s, untouched, still hold.
    flips("E2", "change/*", bad[:2])
    (wrong,) = flips("E2", "misclassified/*", bad[:2])
    assert wrong.measured == 1.0
    assert [r.holds for r in bad[3:]] == [True, True]
    unsolved = e2.copy()
    unsolved.loc[first, "max_change"] = np.nan  # a retrain that hit max_iter
    flips("E2", "change/*", e2_non_sv_removal(rows, unsolved)[:1])


def test_figures_draw(sweep, selection, tmp_path) -> None:
    save_figure(plot_loo_vs_sv_bound(*sweep), tmp_path / "loo.png")
    save_figure(plot_cv_model_selection(*selection), tmp_path / "cv.png")
    assert (tmp_path / "loo.png").stat().st_size > 1000
    assert (tmp_path / "cv.png").stat().st_size > 1000


def test_the_e1_title_counts_the_configurations_within_the_bound(sweep) -> None:
    """No "LOO ≤ #SV/l" stated over data that can say otherwise: E1's title
    counts the measured configurations on or under the diagonal, and follows
    one pushed above it."""
    rows, e2 = sweep
    fig = plot_loo_vs_sv_bound(rows, e2)
    title = fig.axes[0].get_title()
    plt.close(fig)
    measured = int((rows["status"] == "ok").sum())
    assert measured == 3
    assert title.startswith(
        f"E1: LOO ≤ #SV/l in 3 of 3 configurations measured (of {len(rows)})\n"
    )
    above = rows.copy()
    first = above.index[above["status"] == "ok"][0]
    above.loc[first, "loo_error"] = float(above.loc[first, "sv_bound"]) + 0.1
    assert e1_loo_bound(above, e2)[0].holds is False
    fig = plot_loo_vs_sv_bound(above, e2)
    assert (
        fig.axes[0]
        .get_title()
        .startswith(
            f"E1: LOO ≤ #SV/l in 2 of 3 configurations measured (of {len(rows)})\n"
        )
    )
    plt.close(fig)


def test_the_e2_tick_labels_stand_apart_on_a_full_sweep(sweep) -> None:
    """E2's x axis labels each of 48 configurations (the full run's count)
    with its C, 8 pt; no label runs into its neighbour (at 6 pt they read
    "10 ∞0.1 1")."""
    rows, e2 = sweep
    many = pd.concat([rows] * 12, ignore_index=True)
    assert len(many) == 48
    fig = plot_loo_vs_sv_bound(many, e2)
    try:
        fig.canvas.draw()
        renderer = fig.canvas.get_renderer()
        labels = [t for t in fig.axes[1].get_xticklabels() if t.get_text()]
        assert len(labels) == 48
        assert min(t.get_fontsize() for t in labels) >= 8
        boxes = [t.get_window_extent(renderer) for t in labels]
        for left, right in itertools.pairwise(boxes):
            assert left.x1 < right.x0
    finally:
        plt.close(fig)
