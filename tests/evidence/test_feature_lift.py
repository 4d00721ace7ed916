"""The feature_lift room (K4): the separation LP, the lift's tables and claim
rows."""

from __future__ import annotations

import numpy as np
import pytest
from matplotlib import pyplot as plt

from marginlab.core.datasets import make_dataset
from marginlab.experiments._shared.figures import save_figure
from marginlab.experiments.feature_lift.claims import k4_feature_lift
from marginlab.experiments.feature_lift.figures import conic
from marginlab.experiments.feature_lift.study import (
    feature_lift_tables,
    separation_lp,
)
from marginlab.pipeline.jobs import plotter


def test_separation_lp_on_tiny_examples() -> None:
    X = np.array([[0.0], [1.0], [2.0], [3.0]])
    assert separation_lp(X, np.array([-1.0, -1.0, 1.0, 1.0])) > 0
    # −, +, − on a line: no threshold separates them.
    assert separation_lp(X[:3], np.array([-1.0, 1.0, -1.0])) <= 0


def test_feature_lift_rows_hold_on_circles() -> None:
    data = make_dataset({"generator": "circles", "n_samples": 80, "seed": 2})
    summary, points = feature_lift_tables(data, C=1.0)
    rows = k4_feature_lift(summary, points)
    assert [r.name for r in rows] == ["lp/R2", "error/R2", "lp/R3", "error/R3"]
    assert [r.kind for r in rows] == ["check"] * 4
    assert [r.holds for r in rows] == [True, True, True, True]
    assert rows[0].measured == 0.0  # not −0.0
    assert rows[1].measured > 0
    assert rows[2].measured > 0
    assert rows[3].measured == 0.0
    # The R³ plane is the ellipse: it classifies the R² points as the SVM does.
    r3 = summary[summary["space"] == "R3"].iloc[0]
    x1, x2 = points["x1"], points["x2"]
    quad = r3.w1 * x1**2 + r3.w2 * np.sqrt(2) * x1 * x2 + r3.w3 * x2**2 + r3.b
    np.testing.assert_array_equal(np.sign(quad), points["label"])


def test_k4_checks_report_data_the_lift_does_not_separate() -> None:
    """Blobs: a line separates them, and φ(x) = φ(−x) mixes them in R³. K4's
    rows are checks (properties of the circles generator), and on other data
    they read what they measure."""
    data = make_dataset({"generator": "blobs", "n_samples": 40})
    summary, points = feature_lift_tables(data, C=1.0)
    rows = k4_feature_lift(summary, points)
    assert [r.kind for r in rows] == ["check"] * 4
    assert [r.holds for r in rows] == [False, False, False, False]
    assert rows[0].measured > 0  # a separating line in R²
    assert rows[1].measured == 0.0
    assert rows[2].measured <= 0  # no plane in R³
    assert rows[3].measured > 0
    assert summary["C"].tolist() == [1.0, 1.0]  # no hard margin in R³


def test_lift_needs_two_features() -> None:
    data = make_dataset({"generator": "interval", "n_samples": 10})
    with pytest.raises(ValueError, match="maps R² to R³"):
        feature_lift_tables(data, C=1.0)


def _titles(fig) -> list[str]:
    return [fig.get_suptitle(), *(ax.get_title() for ax in fig.axes)]


def test_figure_titles_follow_the_lp_optima(tmp_path) -> None:
    """No "lifting makes the data separable" over data that say otherwise:
    each panel says whether a line (R²) or a plane (R³) separates the data
    from its LP optimum t*, and names the curve the plane maps back to by its
    discriminant. On blobs, which a line separates and the lift mixes, the
    words turn round."""
    data = make_dataset({"generator": "circles", "n_samples": 80, "seed": 2})
    fig = plotter("feature_lift")(*feature_lift_tables(data, C=1.0))
    titles = _titles(fig)
    save_figure(fig, tmp_path / "f.png")
    assert (tmp_path / "f.png").stat().st_size > 1000
    assert titles[0] == ("Lifting x ↦ (x₁², √2x₁x₂, x₂²) and linear separability (K4)")
    assert titles[1].startswith("R²: no line separates them\n")
    assert titles[2].startswith("R³: φ(x) and the SVM's plane; a plane separates")
    assert titles[3].startswith("The plane back in R²: an ellipse\n")
    blobs = make_dataset({"generator": "blobs", "n_samples": 40})
    fig = plotter("feature_lift")(*feature_lift_tables(blobs, C=1.0))
    titles = _titles(fig)
    plt.close(fig)
    assert titles[1].startswith("R²: a line separates them\n")
    assert titles[2].startswith("R³: φ(x) and the SVM's plane; no plane separates")


def test_the_conic_is_named_by_its_discriminant() -> None:
    assert conic(-2.0, 1.0, -2.5) == "an ellipse"
    assert conic(1.0, 0.0, -1.0) == "a hyperbola"
    assert conic(1.0, 0.0, 0.0) == "a parabola"


def test_the_lift_panel_tick_labels_stand_apart() -> None:
    """On the 3-D panel, each axis's drawn tick labels, 8 pt or more, do not
    touch each other (the z₂ axis's five 10 pt labels did: "−2" ran into
    "0")."""
    data = make_dataset({"generator": "circles", "n_samples": 200, "seed": 0})
    fig = plotter("feature_lift")(*feature_lift_tables(data, C=1.0))
    try:
        fig.canvas.draw()
        renderer = fig.canvas.get_renderer()
        (lift,) = [ax for ax in fig.axes if ax.name == "3d"]
        for axis in (lift.xaxis, lift.yaxis, lift.zaxis):
            low, high = sorted(axis.get_view_interval())
            drawn = [
                tick.label1
                for tick in axis.get_major_ticks()
                if low <= tick.get_loc() <= high and tick.label1.get_text()
            ]
            assert len(drawn) >= 2
            assert min(t.get_fontsize() for t in drawn) >= 8
            boxes = [t.get_window_extent(renderer) for t in drawn]
            for i, box in enumerate(boxes):
                for other in boxes[i + 1 :]:
                    assert not box.overlaps(other), axis.label.get_text()
    finally:
        plt.close(fig)
