"""The poly_degree room (K12): the table, the feature-space radius and the claim
rows."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from marginlab.core.datasets import make_dataset
from marginlab.experiments.poly_degree.claims import k12_poly_degree
from marginlab.experiments.poly_degree.study import cv_choice
from marginlab.pipeline.jobs import place_rows
from marginlab.theory.intervals import paired_difference
from tests.flips import flips

#: The names of K12's evidence rows (:func:`tests.flips.flips`).
SEPARABLE_ROW = "separable"
OVERFIT_ROW = "overfit"


@pytest.fixture(scope="module")
def k12_tables() -> tuple[pd.DataFrame, pd.DataFrame]:
    from marginlab.experiments.poly_degree.study import poly_degree_table

    data = make_dataset({"generator": "circles", "n_samples": 60, "seed": 1})
    noisy = make_dataset(
        {
            "generator": "moons",
            "n_samples": 80,
            "noise": 0.2,
            "label_noise": 0.1,
            "seed": 2,
        }
    )
    return poly_degree_table(
        data,
        noisy,
        [1, 2, 3],
        C_soft=10.0,
        test_fraction=0.5,
        seed=0,
        n_splits=4,
        cv_seed=0,
    )


@pytest.fixture(scope="module")
def k12_table(k12_tables) -> pd.DataFrame:
    return k12_tables[0]


def test_k12_table(k12_table) -> None:
    table = k12_table
    assert table["role"].tolist() == ["data"] * 3 + ["noisy"] * 3
    assert table["dataset"].tolist() == ["data"] * 3 + ["noisy"] * 3
    base = table[table["role"] == "data"]
    # Circles: not separable by a line; separable by the quadratic kernel.
    assert base["separable"].tolist() == [False, True, True]
    assert base["C"].iloc[0] == 10.0
    # R = max_i (1 + ‖x_i‖²)^{d/2}, features scaled by max|x|: 1 < R ≤ 3^{d/2}.
    d = table["degree"].to_numpy()
    assert (table["radius"] > 1).all()
    assert (table["radius"] <= 3 ** (d / 2)).all()
    assert np.allclose(table["margin_over_radius"], table["margin"] / table["radius"])
    assert (table["n_test"] == [30] * 3 + [40] * 3).all()
    # Cross-validation on the noisy training part, at every degree but the
    # largest (which no choice reads); none on the other dataset.
    assert table["cv_error"].isna().tolist() == [True] * 3 + [False, False, True]
    assert table.loc[table["role"] == "noisy", "cv_error"].dropna().between(0, 1).all()
    assert (table["cv_folds"] == 4).all()
    assert (table["cv_seed"] == 0).all()
    # One lower degree of the noisy data is marked: the CV choice.
    noisy = table[table["role"] == "noisy"]
    assert table["cv_choice"].sum() == 1
    assert noisy["cv_choice"].iloc[:-1].sum() == 1
    chosen = noisy[noisy["cv_choice"]].iloc[0]
    assert chosen["degree"] == cv_choice(noisy)["degree"]
    assert chosen["cv_error"] == noisy["cv_error"].min()


def test_k12_mistakes_are_the_test_errors_point_by_point(k12_tables) -> None:
    table, mistakes = k12_tables
    assert list(mistakes.columns) == ["role", "degree", "point", "wrong"]
    for row in table.itertuples(index=False):
        part = mistakes[
            (mistakes["role"] == row.role) & (mistakes["degree"] == row.degree)
        ]
        assert part["point"].tolist() == list(range(row.n_test))
        assert set(part["wrong"]) <= {0, 1}
        assert part["wrong"].mean() == pytest.approx(row.test_error)


def test_cv_choice_reads_only_the_cv_error(k12_table) -> None:
    noisy = k12_table[k12_table["role"] == "noisy"].copy()
    noisy["cv_error"] = [0.3, 0.2, np.nan]
    noisy["test_error"] = [0.0, 0.5, 0.5]  # the test points do not move it
    assert int(cv_choice(noisy)["degree"]) == 2
    noisy["cv_error"] = [0.2, 0.2, 0.0]  # ties: the smallest degree; never d_max
    assert int(cv_choice(noisy)["degree"]) == 1
    assert cv_choice(noisy.iloc[-1:]) is None


def test_k12_radius_is_the_feature_space_norm() -> None:
    from marginlab.experiments.poly_degree.study import poly_degree_table

    data = make_dataset({"generator": "circles", "n_samples": 40, "seed": 4})
    table = poly_degree_table(data, data, [2], 10.0, 0.5, 0, 2, 0)[0]
    X = data.X / np.abs(data.X).max()
    train = table["n_train"].iloc[0]
    assert train == 20
    # ψ(x) = (1, √2 x1, √2 x2, x1², √2 x1x2, x2²) has ‖ψ(x)‖ = 1 + ‖x‖².
    from marginlab.estimators.model_selection import train_test_split

    rows, _ = train_test_split(data.y, 0.5, 0)
    assert table["radius"].iloc[0] == pytest.approx(
        float((1 + (X[rows] ** 2).sum(axis=1)).max())
    )


def _choose(table: pd.DataFrame, degree: int) -> pd.DataFrame:
    """``table`` with the CV choice on the noisy data moved to ``degree``."""
    out = table.copy()
    out["cv_choice"] = (out["role"] == "noisy") & (out["degree"] == degree)
    return out


def _wrong(mistakes: pd.DataFrame, degree: int, wrong: list[int]) -> pd.DataFrame:
    """``mistakes`` with the noisy test mistakes of ``degree`` replaced."""
    out = mistakes.copy()
    rows = out.index[(out["role"] == "noisy") & (out["degree"] == degree)]
    out.loc[rows, "wrong"] = wrong
    return out


def test_k12_rows(k12_tables) -> None:
    k12_table, mistakes = k12_tables
    rows = place_rows("K12", k12_poly_degree(k12_table, mistakes))
    assert [r.key for r in rows] == ["K12/separable", "K12/margin", "K12/overfit"]
    assert [r.kind for r in rows] == ["empirical", "illustration", "empirical"]
    assert rows[1].verdict == "n/a"
    assert rows[0].holds
    assert rows[0].measured == 0.0
    base = k12_table[k12_table["role"] == "data"]
    sep = base[base["separable"]]
    ratio = sep["margin_over_radius"].max() / sep["margin_over_radius"].iloc[0]
    assert rows[1].measured == pytest.approx(ratio)
    noisy = k12_table[k12_table["role"] == "noisy"]
    chosen = int(noisy[noisy["cv_choice"]]["degree"].iloc[0])
    test_error = noisy.set_index("degree")["test_error"]
    assert rows[2].measured == pytest.approx(test_error[3] - test_error[chosen])
    part = mistakes[mistakes["role"] == "noisy"]
    direct = paired_difference(
        part[part["degree"] == 3]["wrong"], part[part["degree"] == chosen]["wrong"]
    )
    assert (rows[2].ci_low, rows[2].ci_high) == (direct.low, direct.high)
    assert f"degree {chosen}, the lower degree of smallest 4-fold" in rows[2].quantity
    assert "circles" not in rows[2].dataset
    assert rows[2].dataset.startswith("noisy")
    train_error = noisy.set_index("degree")["train_error"]
    assert (
        f"training error {train_error[3]:.3g} at degree 3, "
        f"{train_error[chosen]:.3g} at degree {chosen}"
    ) in rows[2].quantity


def test_k12_holds_out_the_noisy_fraction_it_is_given() -> None:
    from marginlab.experiments.poly_degree.study import poly_degree_table

    data = make_dataset({"generator": "circles", "n_samples": 40, "seed": 4})
    noisy = make_dataset({"generator": "moons", "n_samples": 200, "seed": 5})
    table, mistakes = poly_degree_table(
        data, noisy, [1, 2], 10.0, 0.5, 0, 2, 0, noisy_test_fraction=0.9
    )
    sizes = table.groupby("role")[["n_train", "n_test"]].first()
    assert sizes.loc["data"].tolist() == [20, 20]
    assert sizes.loc["noisy"].tolist() == [20, 180]
    noisy_1 = (mistakes["role"] == "noisy") & (mistakes["degree"] == 1)
    assert noisy_1.sum() == 180


def test_k12_compares_with_the_cv_choice_not_the_best_on_test(k12_tables) -> None:
    """The lower degree is the one of smallest CV error, even when another
    lower degree does better on the test points."""
    table, mistakes = k12_tables
    table = _choose(table, 1)
    wrong = _wrong(mistakes, 1, [1] * 10 + [0] * 30)  # 10 of 40
    wrong = _wrong(wrong, 2, [0] * 40)  # the best on test, not chosen
    wrong = _wrong(wrong, 3, [1] * 12 + [0] * 28)  # 12 of 40
    row = k12_poly_degree(table, wrong)[2]
    assert row.measured == pytest.approx(2 / 40)
    assert "degree 1, the lower degree" in row.quantity
    assert row.verdict == "not resolved"


@pytest.mark.can_fail("K12")
def test_k12_rows_can_fail(k12_tables) -> None:
    k12_table, mistakes = k12_tables
    table = k12_table.copy()
    # No degree separates the data.
    unseparable = table.assign(train_error=0.1, separable=False)
    rows = k12_poly_degree(unseparable, mistakes)
    assert rows[0].holds is False
    assert rows[1].verdict == "n/a"  # an illustration: no verdict
    flips("K12", SEPARABLE_ROW, rows)
    # CV chooses degree 2; it errs on 4 of 40 test points.
    table = _choose(table, 2)
    chosen = _wrong(mistakes, 2, [1] * 4 + [0] * 36)
    # The largest degree errs on those 4 and 16 more: it overfits.
    worse = _wrong(chosen, 3, [1] * 20 + [0] * 20)
    row = k12_poly_degree(table, worse)[2]
    assert row.measured == pytest.approx(0.4)
    assert row.verdict == "true"
    # The largest degree is the better one: does not hold.
    better = _wrong(_wrong(chosen, 2, [1] * 20 + [0] * 20), 3, [1] * 4 + [0] * 36)
    assert k12_poly_degree(table, better)[2].verdict == "false"
    flips("K12", OVERFIT_ROW, k12_poly_degree(table, better))
    # Two test points of 40 apart: not resolved.
    close = _wrong(chosen, 3, [1] * 6 + [0] * 34)
    row = k12_poly_degree(table, close)[2]
    assert row.measured == pytest.approx(0.05)
    assert row.ci_low < 0 < row.ci_high
    assert row.verdict == "not resolved"
    # No lower degree chosen (no CV error): nothing to compare with, false.
    table["cv_choice"] = False
    assert k12_poly_degree(table, worse)[2].verdict == "false"


def test_k12_refuses_a_choice_that_is_not_one_lower_degree(k12_tables) -> None:
    table, mistakes = k12_tables
    with pytest.raises(ValueError, match="one degree below 3"):
        k12_poly_degree(_choose(table, 3), mistakes)
    both = _choose(table, 1)
    both.loc[(both["role"] == "noisy") & (both["degree"] == 2), "cv_choice"] = True
    with pytest.raises(ValueError, match=r"marks \[1, 2\]"):
        k12_poly_degree(both, mistakes)


def test_figure_draws(k12_tables, tmp_path) -> None:
    from marginlab.experiments._shared.figures import save_figure
    from marginlab.pipeline.jobs import plotter

    save_figure(plotter("poly_degree")(*k12_tables), tmp_path / "p.png")
    assert (tmp_path / "p.png").stat().st_size > 1000


def test_the_noisy_panel_gives_the_row_s_paired_interval(k12_tables) -> None:
    """Not "does the largest degree overfit?" beside per-degree intervals
    that are not the verdict's: the title gives the difference d_max − d*
    and the paired interval K12's overfitting row reads, and follows the
    mistakes."""
    from matplotlib import pyplot as plt

    from marginlab.pipeline.jobs import plotter

    table, mistakes = k12_tables
    table = _choose(table, 2)
    chosen = _wrong(mistakes, 2, [1] * 4 + [0] * 36)
    for wrong in (
        _wrong(chosen, 3, [1] * 20 + [0] * 20),  # overfits: true
        _wrong(chosen, 3, [1] * 6 + [0] * 34),  # two points apart: not resolved
    ):
        row = k12_poly_degree(table, wrong)[2]
        fig = plotter("poly_degree")(table, wrong)
        title = fig.axes[2].get_title()
        plt.close(fig)
        assert title == (
            f"noisy: test error at d = 3 − at d* = 2: {row.measured:+.3f},\n"
            f"paired 95 % interval [{row.ci_low:.3f}, {row.ci_high:.3f}] "
            "(K12's row)"
        )
    none = table.assign(cv_choice=False)
    fig = plotter("poly_degree")(none, mistakes)
    assert fig.axes[2].get_title() == "noisy: no lower degree chosen by CV"
    plt.close(fig)
