"""AdaBoost study (B1–B4, B6, B14, B17): per-round tables, claim rows, figures."""

from __future__ import annotations

import re

import numpy as np
import pandas as pd
import pytest
from matplotlib import pyplot as plt
from matplotlib.text import Text

from marginlab.core.datasets import make_dataset
from marginlab.experiments._shared.figures import save_figure
from marginlab.experiments.adaboost.claims import (
    b1_adaboost_bound,
    b2_distribution_closed_form,
    b3_half_on_mistakes,
    b4_exp_loss_descent,
    b6_margin_bound,
    b14_vc_bound,
    b17_uniform_margin_bound,
)
from marginlab.experiments.adaboost.study import adaboost_tables, line_search_alpha
from marginlab.pipeline.jobs import place_rows, plotter

from ..flips import flips


def _run(spec: dict, n_rounds: int = 60) -> tuple[pd.DataFrame, ...]:
    tables = adaboost_tables(
        make_dataset(spec),
        n_rounds=n_rounds,
        test_fraction=0.5,
        split_seed=1,
        margin_rounds=[5, 50],
        rhos=[0.0, 0.1, 0.3],
    )
    for table in tables:
        table.insert(0, "dataset", spec["generator"])
    return tables


@pytest.fixture(scope="module")
def moons() -> tuple[pd.DataFrame, ...]:
    return _run({"generator": "moons", "n_samples": 120, "noise": 0.2, "seed": 0})


def test_line_search_finds_the_closed_form_step() -> None:
    rng = np.random.default_rng(0)
    D = rng.random(50)
    yh = np.where(rng.random(50) < 0.3, -1.0, 1.0)
    eps = D[yh < 0].sum() / D.sum()
    assert line_search_alpha(D, yh) == pytest.approx(
        0.5 * np.log((1 - eps) / eps), abs=1e-8
    )


def test_history_has_every_per_round_quantity(moons) -> None:
    history, bound, _ = moons
    for column in (
        "test_error",
        "b2_max_rel_diff",
        "b3_eps_next",
        "alpha_line",
        "vc_bound",
        "bound_gamma_min",
        "exp_loss",
    ):
        assert history[column].notna().all(), column
    assert history["t"].tolist() == list(range(1, len(history) + 1))
    # Fractions of margins in [-1, 1]: 0 to 1, not falling as rho grows.
    assert bound["fraction"].between(0, 1).all()
    for _, part in bound.groupby("t"):
        assert part.sort_values("rho")["fraction"].is_monotonic_increasing
    # The recorded rounds, and always the last one.
    assert set(bound["t"]) == {5, 50, len(history)}
    assert len(bound) == 3 * 3


def test_b1_to_b6_hold_on_a_real_run(moons) -> None:
    history, bound, _ = moons
    rows = (
        place_rows("B1", b1_adaboost_bound(history))
        + place_rows("B2", b2_distribution_closed_form(history))
        + place_rows("B3", b3_half_on_mistakes(history))
        + place_rows("B4", b4_exp_loss_descent(history))
        + place_rows("B6", b6_margin_bound(bound))
    )
    assert [r.id for r in rows] == ["B1"] * 3 + ["B2", "B3"] + ["B4"] * 3 + ["B6"]
    assert [r.key for r in rows] == [
        "B1/bound/moons",
        "B1/normalizer/moons",
        "B1/chain/moons",
        "B2/closed_form/moons",
        "B3/half/moons",
        "B4/direction/moons",
        "B4/descent/moons",
        "B4/line_search/moons",
        "B6/bound/moons",
    ]
    assert [r.kind for r in rows[:3]] == ["theorem", "identity", "check"]
    assert [r.kind for r in rows[5:8]] == ["theorem", "check", "identity"]
    # The learner's stump is the exhaustive search's least, up to the ties.
    assert (history["eps"] - history["eps_exhaustive"]).abs().max() <= 1e-9
    assert all(r.holds for r in rows), [r for r in rows if not r.holds]
    # The normalizer the algorithm divides by is the formula's Z_t.
    np.testing.assert_allclose(history["Z_norm"], history["Z"], rtol=1e-12)
    (illustration,) = b14_vc_bound(history)
    assert illustration.holds is None
    assert illustration.name == "vc/moons"


@pytest.mark.can_fail("B1", "B2", "B3", "B4", "B6")
def test_broken_numbers_make_the_rows_false(moons) -> None:
    history, bound, _ = moons
    broken = history.copy()
    broken.loc[3, "train_error"] = broken.loc[3, "bound_Z"] * 1.5
    broken.loc[4, "b2_max_rel_diff"] = 1e-6
    broken.loc[5, "b3_eps_next"] = 0.5 + 1e-9
    broken.loc[6, "exp_loss"] = broken.loc[5, "exp_loss"] * 1.01
    broken.loc[7, "alpha_line"] = broken.loc[7, "alpha"] + 1e-3
    broken.loc[8, "eps_exhaustive"] = broken.loc[8, "eps"] - 1e-6  # a better stump
    b1 = b1_adaboost_bound(broken)
    b2 = b2_distribution_closed_form(broken)
    b3 = b3_half_on_mistakes(broken)
    b4 = b4_exp_loss_descent(broken)
    rows = b1 + b2 + b3 + b4
    # B1: the theorem row fails; its identity and check rows are untouched.
    assert [r.holds for r in rows] == [False, True, True] + [False] * 5
    flips("B1", "bound/*", b1)
    flips("B2", "closed_form/*", b2)
    flips("B3", "half/*", b3)
    flips("B4", "direction/*", b4)
    # The descent row is a check (algebra); it still fails on a risen loss.
    assert next(r for r in b4 if r.name.startswith("descent/")).holds is False
    flips("B4", "line_search/*", b4)
    worse = bound.copy()
    worse["fraction"] = worse["bound"] + 0.01
    assert b6_margin_bound(worse)[0].holds is False
    flips("B6", "bound/*", b6_margin_bound(worse))
    # B6 reads rho > 0 (B1 is rho = 0) where the bound is below 1.
    at_zero = bound.copy()
    at_zero.loc[at_zero["rho"] == 0, "fraction"] = 1.0
    assert b6_margin_bound(at_zero)[0].holds is True
    assert b6_margin_bound(bound.assign(bound=2.0))[0].kind == "illustration"


@pytest.mark.parametrize(
    "name",
    [
        "adaboost_bound",
        "exp_loss_descent",
        "adaboost_train_test",
        "margin_bound",
    ],
)
def test_figures_draw(name, moons, tmp_path) -> None:
    history, bound, _ = moons
    inputs = {
        "adaboost_bound": (history,),
        "exp_loss_descent": (history,),
        "adaboost_train_test": (history,),
        "margin_bound": (bound,),
    }[name]
    save_figure(plotter(name)(*inputs), tmp_path / "f.png")
    assert (tmp_path / "f.png").stat().st_size > 1000


def test_b1_and_b4_titles_say_what_the_history_shows(moons) -> None:
    """No "the loss never increases" over data that can say otherwise: B4's
    loss panel counts the rounds whose loss rose, as B4's first row reads
    them; the step panel gives the largest gap to the line search; B1's
    suptitle names the bounds drawn without asserting the chain."""
    history = moons[0]
    rounds = len(history) - 1
    fig = plotter("exp_loss_descent")(history)
    loss, step = (ax.get_title() for ax in fig.axes[:2])
    suptitle = fig.get_suptitle()
    plt.close(fig)

    def descent(h):
        return next(r for r in b4_exp_loss_descent(h) if r.name.startswith("descent"))

    assert descent(history).holds is True
    assert loss == "Exponential loss per round: never increases"
    worst = float((history["alpha"] - history["alpha_line"]).abs().max())
    assert step.endswith(f"largest gap {worst:.2g}")
    assert suptitle == "AdaBoost as coordinate descent on the exponential loss (B4)"
    # The loss made to rise in two rounds: the rows fail, the title says so.
    risen = history.copy()
    risen.loc[6, "exp_loss"] = risen.loc[5, "exp_loss"] * 1.01
    risen.loc[9, "exp_loss"] = risen.loc[8, "exp_loss"] * 1.5
    assert descent(risen).holds is False
    fig = plotter("exp_loss_descent")(risen)
    assert fig.axes[0].get_title() == (
        f"Exponential loss per round: increases at 2 of {rounds} rounds"
    )
    plt.close(fig)
    fig = plotter("adaboost_bound")(history)
    assert "≤" not in fig.get_suptitle()
    assert fig.get_suptitle() == (
        "AdaBoost's training error and its bounds Π Z_t, exp(−2Σγ_t²), exp(−2γ²T) (B1)"
    )
    plt.close(fig)


def _d_of_row(row, history: pd.DataFrame) -> int:
    """The d a B14 row's bound was computed with: its measured value is
    2(d+1)(T+1) log2((T+1)e) at its dataset's last round T in ``history``,
    the T its quantity names."""
    T = _last_round(row, history)
    assert f"at T = {T} " in row.quantity
    d = row.measured / (2 * (T + 1) * np.log2((T + 1) * np.e)) - 1
    assert d == pytest.approx(round(d), abs=1e-9)
    return round(d)


def _last_round(row, history: pd.DataFrame) -> int:
    """The last round of the dataset a B14 row (``vc/<dataset>``) is on."""
    dataset = row.name.removeprefix("vc/")
    return int(history.loc[history["dataset"] == dataset, "t"].max())


def _vc_curves(fig) -> dict[str, tuple[int, object]]:
    """Per dataset named in the VC panel's legend (or "every dataset"), the d
    its label gives and its curve."""
    curves = {}
    for line in fig.axes[-1].get_lines():
        text = line.get_label().replace("\n", " ")
        match = re.fullmatch(r"d = (\d+), .*?, used for (.+)", text)
        assert match, text
        for name in match[2].split(", "):
            curves[name] = (int(match[1]), line)
    return curves


def test_b14_panel_labels_the_d_the_rows_use(moons) -> None:
    """The VC panel's label gives, per dataset, the d of its B14 row, the
    bound on the VC dimension of stumps on the data's features (d = 2 on the
    plane's moons, 8 on breast_cancer's 30 features), and draws the row's
    value."""
    history = moons[0]
    other = adaboost_tables(
        make_dataset({"generator": "breast_cancer"}),
        n_rounds=30,
        test_fraction=0.5,
        split_seed=2,
        margin_rounds=[5],
        rhos=[0.0],
    )[0]
    other.insert(0, "dataset", "breast_cancer")
    assert (history["vc_dimension"] == 3).all()
    assert (other["vc_dimension"] == 8).all()
    for tables, every in ((history, True), (pd.concat([history, other]), False)):
        rows = b14_vc_bound(tables)
        fig = plotter("adaboost_train_test")(tables)
        curves = _vc_curves(fig)
        assert list(curves) == (
            ["every dataset"] if every else ["moons", "breast_cancer"]
        )
        for row in rows:
            name = row.name.removeprefix("vc/")
            d, line = curves["every dataset" if every else name]
            assert d == _d_of_row(row, tables)
            T = _last_round(row, tables)
            x, y = (np.asarray(v) for v in line.get_data())
            (at,) = np.flatnonzero(x == T)
            assert y[at] == pytest.approx(row.measured, rel=1e-12)
        plt.close(fig)
    both = pd.concat([history, other])
    assert [_d_of_row(r, both) for r in b14_vc_bound(both)] == [3, 8]


@pytest.mark.parametrize(
    ("column", "other", "failing"),
    [
        ("train_error", "Z_norm", "theorem"),
        ("Z_norm", "Z", "identity"),
        ("bound_Z", "bound_gamma", "check"),
        ("bound_gamma", "bound_gamma_min", "check"),
    ],
)
@pytest.mark.can_fail("B1")
def test_b1_fails_when_any_one_link_of_the_chain_breaks(
    moons, column, other, failing
) -> None:
    # Each row is checked on its own: breaking one link at one round, and
    # nothing else, makes exactly that row false.
    history = moons[0].copy()
    row = history.index[len(history) // 2]
    if column == "train_error":  # above the product of the normalizers
        product = np.exp(np.log(history["Z_norm"]).cumsum())
        history.loc[row, column] = product[row] * 1.001 + 1e-9
    else:
        history.loc[row, column] = history.loc[row, other] * 1.001 + 1e-9
    rows = b1_adaboost_bound(history)
    assert {r.kind: r.holds for r in rows} == {
        kind: kind != failing for kind in ("theorem", "identity", "check")
    }
    assert max(r.measured for r in rows) > 1e-4
    # The evidence rows (the check row is algebra, not evidence).
    if failing == "theorem":
        flips("B1", "bound/*", rows)
    elif failing == "identity":
        flips("B1", "normalizer/*", rows)


# --- B17 -----------------------------------------------------------------------------


def test_uniform_margin_table(moons) -> None:
    history, _, uniform = moons
    eps = history["eps"].to_numpy()
    gamma = float(np.min(0.5 - eps))
    assert (uniform["gamma"] == gamma).all()
    assert uniform["t"].max() == len(history)
    assert len(uniform) == uniform["t"].nunique() * 3  # three ρ
    np.testing.assert_allclose(
        uniform["uniform_bound"],
        (
            (1 - 2 * gamma) ** (1 - uniform["rho"])
            * (1 + 2 * gamma) ** (1 + uniform["rho"])
        )
        ** (uniform["t"] / 2),
        rtol=1e-10,
    )


@pytest.mark.can_fail("B17")
def test_b17_rows_hold_on_a_real_run_and_follow_the_numbers(moons) -> None:
    uniform = moons[2]
    rows = b17_uniform_margin_bound(uniform)
    assert [r.name for r in rows] == ["bound/moons", "product/moons", "base/moons"]
    assert [r.kind for r in rows] == ["theorem", "check", "check"]
    assert all(r.holds for r in rows), rows
    # A fraction above the uniform bound where it is below 1 makes the theorem
    # row false; above it where it is 1 or more, nothing is read.
    worse = uniform.copy()
    at = worse.index[worse["uniform_bound"] < 1][-1]
    worse.loc[at, "fraction"] = worse.loc[at, "uniform_bound"] * 1.01
    assert b17_uniform_margin_bound(worse)[0].holds is False
    vacuous = uniform.copy()
    at = vacuous.index[vacuous["uniform_bound"] >= 1]
    if len(at):
        vacuous.loc[at[0], "fraction"] = 1.0
        assert b17_uniform_margin_bound(vacuous)[0].holds is True
    # With the bound at 1 or more everywhere, no verdict.
    none = uniform.assign(uniform_bound=1.0)
    assert b17_uniform_margin_bound(none)[0].kind == "illustration"
    flips("B17", "bound/*", b17_uniform_margin_bound(worse))
    # A product bound above the uniform one at some ρ ≤ 2γ breaks the check.
    broken = uniform.copy()
    at = broken.index[broken["rho"] <= 2 * broken["gamma"]][0]
    broken.loc[at, "product_bound"] = broken.loc[at, "uniform_bound"] * 1.001
    assert b17_uniform_margin_bound(broken)[1].holds is False
    # With no edge (γ = 0) no ρ ≥ 0 lies below γ: nothing decreases, no check.
    flat = uniform.assign(gamma=0.0)
    assert b17_uniform_margin_bound(flat)[2].holds is False


def test_uniform_margin_figure_draws(moons, tmp_path) -> None:
    save_figure(plotter("uniform_margin_bound")(moons[2]), tmp_path / "f.png")
    assert (tmp_path / "f.png").stat().st_size > 1000


# --- how the figures read on a slide ---------------------------------------------


def _printed(fig) -> list[str]:
    """Every visible text of ``fig`` as printed, its mathtext (``$...$``, laid
    out, not printed) left out; the figure is drawn, so mathtext that does
    not parse fails here."""
    fig.canvas.draw()
    return [
        re.sub(r"\$[^$]*\$", "", t.get_text())
        for t in fig.findobj(Text)
        if t.get_visible() and t.get_text()
    ]


def _legends_off_the_data(fig) -> list:
    """The figure's legends, each asserted to overlap no panel and to print
    at 8 pt or more."""
    fig.canvas.draw()
    renderer = fig.canvas.get_renderer()
    legends = [*fig.legends, *(ax.get_legend() for ax in fig.axes)]
    legends = [legend for legend in legends if legend is not None]
    for legend in legends:
        box = legend.get_window_extent(renderer)
        for ax in fig.axes:
            if ax.axison:
                assert not box.overlaps(ax.get_window_extent(renderer)), ax.get_title()
        assert min(t.get_fontsize() for t in legend.get_texts()) >= 8
    return legends


def test_margin_bound_prints_its_formulas_and_legend_off_the_data(moons) -> None:
    """B6's formulas are mathtext (no brace or caret printed); one legend,
    below the panels."""
    fig = plotter("margin_bound")(moons[1])
    try:
        printed = _printed(fig)
        assert not [t for t in printed if set(t) & set("{}^")], printed
        assert fig.get_suptitle().startswith("Margin distribution bound $")
        (legend,) = _legends_off_the_data(fig)
        assert legend in fig.legends
    finally:
        plt.close(fig)


def test_uniform_margin_bound_names_its_axes_and_prints_no_markup(moons) -> None:
    """B17's formulas are mathtext (no brace or caret printed); each row's y
    label names the quantity drawn, not only which ρ; one legend below the
    panels."""
    fig = plotter("uniform_margin_bound")(moons[2])
    try:
        printed = _printed(fig)
        assert not [t for t in printed if set(t) & set("{}^")], printed
        left = [ax.get_ylabel() for ax in fig.axes if ax.get_ylabel()]
        assert len(left) == 2
        assert all(label.startswith("fraction of margins ≤ ρ") for label in left)
        assert ["below γ" in left[0], "above γ" in left[1]] == [True, True]
        (legend,) = _legends_off_the_data(fig)
        assert legend in fig.legends
        assert len(legend.get_texts()) == 5
    finally:
        plt.close(fig)


def test_train_test_legend_is_one_below_the_panels(moons) -> None:
    """The error panels' curves and the VC panel's are named by one legend of
    8 pt or more below the panels, so that no legend covers a curve."""
    fig = plotter("adaboost_train_test")(moons[0])
    try:
        (legend,) = _legends_off_the_data(fig)
        assert legend in fig.legends
        texts = [t.get_text() for t in legend.get_texts()]
        assert texts[:2] == ["training error", "test error"]
        assert texts[-1].startswith("d = 3, ")
    finally:
        plt.close(fig)


def test_adaboost_bound_cuts_panels_where_the_data_are(moons) -> None:
    """A panel whose bounds fall far below its training errors is cut three
    decades below its smallest training error that is not 0, and its title
    says so and how low the bounds reach; one legend below the panels."""
    history = moons[0]
    deep = history.assign(
        dataset="deep",
        bound_Z=history["bound_Z"] * 1e-100,
        bound_gamma=history["bound_gamma"] * 1e-99,
        bound_gamma_min=history["bound_gamma_min"] * 1e-98,
    )
    fig = plotter("adaboost_bound")(pd.concat([history, deep]))
    try:
        (legend,) = _legends_off_the_data(fig)
        assert legend in fig.legends
        ax = fig.axes[1]
        least = float(deep["train_error"][deep["train_error"] > 0].min())
        assert ax.get_ylim()[0] == pytest.approx(least * 1e-3)
        lowest = float(deep["bound_Z"].min())
        assert ax.get_title().splitlines()[-1] == (
            f"below {least * 1e-3:.2g} not drawn (bounds reach {lowest:.0e})"
        )
        zero = deep["t"][deep["train_error"] == 0]
        if len(zero):
            assert f"training error first 0 at t = {int(zero.iloc[0])}" in (
                ax.get_title()
            )
    finally:
        plt.close(fig)
