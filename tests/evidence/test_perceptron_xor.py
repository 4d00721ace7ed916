"""The perceptron_xor room (K7): the study and the claim rows."""

from __future__ import annotations

import pytest
from matplotlib import pyplot as plt

from marginlab.core.datasets import make_dataset
from marginlab.experiments._shared.figures import save_figure
from marginlab.experiments.perceptron_xor.claims import k7_perceptron_xor
from marginlab.experiments.perceptron_xor.study import (
    xor_epochs_table,
    xor_points_table,
)
from marginlab.pipeline.jobs import plotter


def test_xor_study_and_k7_rows() -> None:
    data = make_dataset({"generator": "xor", "n_samples": 40})
    epochs = xor_epochs_table(data, max_epochs=20)
    points = xor_points_table(data, max_epochs=20)
    rows = k7_perceptron_xor(epochs, points)
    assert [r.name for r in rows] == ["error/linear", "error/kernel", "cosine"]
    assert [r.kind for r in rows] == ["check"] * 3
    assert [r.holds for r in rows] == [True, True, True]
    assert rows[0].measured == 0.5
    assert rows[1].measured == 0.0
    assert rows[2].measured == pytest.approx(1.0, abs=1e-15)
    # Without bias, the two mistakes the convergence bound allows: a +1 and
    # a −1 corner, whose first and third coordinates cancel in w.
    assert sorted(points.loc[points["alpha"] != 0, "alpha"]) == [-1.0, 1.0]
    # A kernel perceptron that had not separated the data is reported.
    bad = epochs.copy()
    bad.loc[bad["model"].str.startswith("kernel"), "train_error"] = 0.1
    assert k7_perceptron_xor(bad, points)[1].holds is False


def test_k7_checks_read_what_they_measure_on_jittered_xor() -> None:
    """On jittered XOR the rows still read the runs: the quadratic
    perceptron separates, but w is no longer exactly along √2·x1x2."""
    data = make_dataset({"generator": "xor", "n_samples": 40, "noise": 0.25})
    epochs = xor_epochs_table(data, max_epochs=200)
    points = xor_points_table(data, max_epochs=200)
    rows = k7_perceptron_xor(epochs, points)
    assert rows[0].holds is True
    assert rows[2].holds is False
    assert 0.5 < rows[2].measured < 1.0 - 1e-12


def test_the_figure_gives_the_cosine_the_row_reads(tmp_path) -> None:
    """No "rule x₁x₂ > 0" stated for w: the title gives the cosine of w with
    the √2x₁x₂ axis, what K7's third row reads, and follows jittered XOR,
    where w leaves that axis."""
    data = make_dataset({"generator": "xor", "n_samples": 40})
    epochs = xor_epochs_table(data, max_epochs=20)
    points = xor_points_table(data, max_epochs=20)
    fig = plotter("perceptron_xor")(epochs, points)
    title = fig.axes[1].get_title()
    save_figure(fig, tmp_path / "x.png")
    assert (tmp_path / "x.png").stat().st_size > 1000
    assert "cos to the √2x₁x₂ axis 1;" in title
    assert "rule" not in title
    jitter = make_dataset({"generator": "xor", "n_samples": 40, "noise": 0.25})
    points = xor_points_table(jitter, max_epochs=200)
    cosine = k7_perceptron_xor(xor_epochs_table(jitter, max_epochs=200), points)[2]
    fig = plotter("perceptron_xor")(epochs, points)
    assert f"cos to the √2x₁x₂ axis {cosine.measured:.3g};" in fig.axes[1].get_title()
    plt.close(fig)


def test_the_legends_lie_below_the_panels() -> None:
    """The right panel's legend once sat on the shaded quadrant and the
    point at (−1, 1); both legends lie below their panels now, in 8 pt, and
    the right one names the shaded regions."""
    data = make_dataset({"generator": "xor", "n_samples": 40})
    epochs = xor_epochs_table(data, max_epochs=20)
    points = xor_points_table(data, max_epochs=20)
    fig = plotter("perceptron_xor")(epochs, points)
    try:
        fig.canvas.draw()
        renderer = fig.canvas.get_renderer()
        for ax in fig.axes:
            legend = ax.get_legend()
            box = legend.get_window_extent(renderer)
            assert box.y1 <= ax.get_window_extent(renderer).y0
            assert min(t.get_fontsize() for t in legend.get_texts()) >= 8
        labels = [t.get_text() for t in fig.axes[1].get_legend().get_texts()]
    finally:
        plt.close(fig)
    assert labels == ["label +1", "label -1", "x₁x₂ > 0", "x₁x₂ < 0"]
