"""The noise_robustness room (B12): AdaBoost under label noise, the tables and
the claim rows."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from matplotlib import pyplot as plt

from marginlab.core.datasets import make_dataset
from marginlab.experiments.noise_robustness.claims import b12_noise_robustness
from marginlab.experiments.noise_robustness.study import (
    noise_table,
    noise_tables,
    top_weight_precision,
)
from marginlab.pipeline.jobs import place_rows, plotter
from marginlab.theory.intervals import rate_difference

from ..flips import flips
from .conftest import MOONS, _round_trip_in_memory

#: The arguments of the ``noise`` fixture (conftest.py).
ARGS = dict(
    rates=[0.0, 0.1, 0.3],
    n_rounds=100,
    sigma=0.5,
    C=1.0,
    test_fraction=0.5,
    split_seed=1,
    seed=2,
)


@pytest.fixture(scope="module")
def tables() -> tuple[pd.DataFrame, pd.DataFrame]:
    """The rates and mistakes tables, as the workflow passes them on."""
    data = make_dataset({**MOONS, "n_samples": 160})
    rates, mistakes = _round_trip_in_memory(noise_tables(data, **ARGS))
    return rates, mistakes


def _nested(rates: list[float], wrong: list[int], n_test: int) -> pd.DataFrame:
    """Mistakes in which AdaBoost trained at each rate gets exactly the first
    ``wrong[i]`` clean test points wrong (nested: as overlapping as can be)."""
    return pd.DataFrame(
        [
            {"rate": r, "point": i, "wrong": int(i < k)}
            for r, k in zip(rates, wrong, strict=True)
            for i in range(n_test)
        ]
    )


def test_top_weight_precision_counts_flipped_among_the_heaviest() -> None:
    yf = np.array([-2.0, 1.0, -1.0, 3.0, -0.5])  # weights ∝ exp(−y f)
    flipped = np.array([True, False, False, False, True])
    # The two heaviest are points 0 and 2: one of them was flipped.
    assert top_weight_precision(yf, flipped) == 0.5
    assert np.isnan(top_weight_precision(yf, np.zeros(5, dtype=bool)))


def test_noise_table_flips_only_training_labels(tables) -> None:
    noise, mistakes = tables
    assert noise["rate"].tolist() == [0.0, 0.1, 0.3]
    assert noise["n_flipped"].tolist() == [0, 8, 24]
    assert np.isnan(noise["precision"].iloc[0])
    assert noise["precision"].iloc[1:].between(0, 1).all()
    rows = place_rows("B12", b12_noise_robustness(noise, mistakes))
    assert [r.id for r in rows] == ["B12"] * 3
    assert [r.name for r in rows] == [
        "damage",
        "precision/noise=0.1",
        "precision/noise=0.3",
    ]
    # The base rate: the expected precision of 8 of 80 points picked at random.
    assert rows[1].bound == pytest.approx(8 / 80)
    assert all(r.ci_low <= r.measured <= r.ci_high for r in rows)


def test_the_mistakes_are_the_test_errors(tables) -> None:
    noise, mistakes = tables
    n_test = int(noise["n_test"].iloc[0])
    assert list(mistakes.columns) == ["rate", "point", "wrong"]
    assert len(mistakes) == n_test * len(noise)
    rates = mistakes.groupby("rate")["wrong"].mean()
    np.testing.assert_allclose(rates.to_numpy(), noise["adaboost_test_error"])
    (damage, *_) = b12_noise_robustness(noise, mistakes)
    assert damage.measured == pytest.approx(
        noise["adaboost_test_error"].iloc[-1] - noise["adaboost_test_error"].iloc[0]
    )
    assert "on the same points" in damage.quantity
    # The rates table alone, as before, for the figure.
    data = make_dataset({**MOONS, "n_samples": 160})
    pd.testing.assert_frame_equal(
        _round_trip_in_memory((noise_table(data, **ARGS),))[0], noise
    )


@pytest.mark.can_fail("B12")
def test_b12_rows_follow_the_numbers(tables) -> None:
    noise, mistakes = tables
    n_test = int(noise["n_test"].iloc[0])
    rates = noise["rate"].tolist()
    strong = noise.copy()
    strong["adaboost_test_error"] = [0.0, 0.0, 1.0]
    strong["precision"] = [np.nan, 1.0, 1.0]
    every = _nested(rates, [0, 0, n_test], n_test)
    assert [r.verdict for r in b12_noise_robustness(strong, every)] == ["true"] * 3
    flat = noise.copy()
    flat["adaboost_test_error"] = 1 / n_test  # the same error at every rate
    flat["precision"] = [np.nan, 1 / 8, 0.0]  # about the base rate, and below it
    same = _nested(rates, [1, 1, 1], n_test)
    rows = b12_noise_robustness(flat, same)
    assert [r.verdict for r in rows] == ["not resolved", "not resolved", "false"]
    # Without the smallest positive rate, whose 1 of 8 cannot be told from the
    # base rate 8/80, every precision row is the one at 0.3: none of the 24
    # heaviest points flipped, clearly below the base rate 24/80.
    (none,) = flips(
        "B12", "precision/*", b12_noise_robustness(flat[flat["rate"] != 0.1], same)
    )
    assert (none.measured, none.bound) == (0.0, pytest.approx(24 / 80))
    # One test point more at the largest rate is not evidence of damage.
    bump = _nested(rates, [1, 1, 2], n_test)
    assert b12_noise_robustness(flat, bump)[0].verdict == "not resolved"
    # Seven more at the largest rate (5 → 12 of the n_test points), all on
    # points the clean model gets right: the paired interval resolves what two
    # independent samples of n_test points could not.
    seven = _nested(rates, [5, 5, 12], n_test)
    assert b12_noise_robustness(flat, seven)[0].verdict == "true"
    unpaired = rate_difference(12 / n_test, n_test, 5 / n_test)
    assert unpaired.low < 0 < unpaired.high
    # ... and a clean model clearly worse than the noisy one is a failure.
    better = _nested(rates, [20, 5, 2], n_test)
    assert b12_noise_robustness(flat, better)[0].verdict == "false"
    (damage,) = flips("B12", "damage", b12_noise_robustness(flat, better))
    assert damage.measured == pytest.approx(-18 / n_test)


def test_b12_needs_the_mistakes_of_both_rates(tables) -> None:
    noise, mistakes = tables
    with pytest.raises(ValueError, match="no test mistakes"):
        b12_noise_robustness(noise, mistakes[mistakes["rate"] > 0])


def test_the_figure_draws_the_rows_intervals_and_asserts_nothing(tables) -> None:
    """The precision panel draws the Clopper–Pearson interval each detection
    row reads and the rows' base rate; the titles say what is drawn, not
    that noise damages AdaBoost or that its weights find the flips."""
    rates, mistakes = tables
    fig = plotter("noise_robustness")(rates)
    titles = [fig.get_suptitle(), *(ax.get_title() for ax in fig.axes)]
    bx = fig.axes[1]
    (bars,) = bx.containers[0].lines[2]
    drawn = [(s[0][1], s[1][1]) for s in bars.get_segments()]
    (base,) = [
        line.get_ydata()
        for line in bx.get_lines()
        if line.get_label() == "random pick (n_flipped / m)"
    ]
    plt.close(fig)
    assert titles[0] == (
        "AdaBoost and the Gaussian SVM with flipped training labels (B12)"
    )
    for word in ("damage", "point at"):
        assert not any(word in t for t in titles), word
    detection = b12_noise_robustness(rates, mistakes)[1:]
    # The bars are drawn as rate ∓ distances to the ends: the ends to rounding.
    np.testing.assert_allclose(
        drawn, [(r.ci_low, r.ci_high) for r in detection], rtol=1e-12, atol=1e-15
    )
    assert list(base) == pytest.approx([r.bound for r in detection])


def test_the_figure_labels_what_each_error_is_measured_on(tables) -> None:
    """The left panel draws test errors (clean test labels) and AdaBoost's
    training error (labels as flipped): its y label and legend say which is
    which; the precision panel draws only the rows' interval and base rate,
    no reference line the caption does not explain."""
    rates, _ = tables
    fig = plotter("noise_robustness")(rates)
    ax, bx = fig.axes
    legend = [t.get_text() for t in ax.get_legend().get_texts()]
    lines = [line.get_label() for line in bx.get_lines()]
    plt.close(fig)
    assert ax.get_ylabel() == "error (test: clean labels; training: as flipped)"
    assert legend == [
        "AdaBoost (stumps), test error (clean labels)",
        "SVM (Gaussian), test error (clean labels)",
        "AdaBoost, training error (labels with the flips)",
    ]
    assert "twice the rate" not in lines
    assert [x for x in lines if not x.startswith("_")] == [
        "random pick (n_flipped / m)"
    ]
