"""K2/K8 timing study: exponent fitting, the table's shape, the claim rows."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from kernelboost.core.feature_maps import monomials
from kernelboost.experiments._shared.figures import save_figure
from kernelboost.experiments._shared.timing import (
    best_time,
    exponent_table,
    fit_exponent,
)
from kernelboost.experiments.boosting_cost.claims import b11_boosting_cost
from kernelboost.experiments.kernel_cost.claims import k2_kernel_cost, k8_dual_cost
from kernelboost.experiments.kernel_cost.study import geometric_sizes, kernel_cost_table
from kernelboost.pipeline.jobs import place_rows, plotter


@pytest.fixture(scope="module")
def timings() -> pd.DataFrame:
    return kernel_cost_table(
        degrees=[2, 3],
        n_min=4,
        max_features=512,
        n_sizes=3,
        work=2**12,
        gram_m=[20, 40],
        gram_d=[8, 16],
        fixed_m=20,
        fixed_d=4,
        predict_m=[20, 40],
        predict_points=5,
        repeats=1,
        seed=0,
    )


def synthetic(
    exponents: dict[tuple[str, str, int], float],
    sizes: tuple[int, ...] = (10, 40, 160, 1000),
    noise: float = 0.0,
) -> pd.DataFrame:
    """A timing table whose curves grow like size**exponent (two decades of
    sizes by default), times a log-normal factor exp(noise · N(0, 1))."""
    rng = np.random.default_rng(0)
    rows = []
    for (experiment, form, degree), k in exponents.items():
        for size in sizes:
            rows.append(
                {
                    "experiment": experiment,
                    "form": form,
                    "degree": degree,
                    "size": size,
                    "seconds": 1e-6 * size**k * np.exp(noise * rng.standard_normal()),
                    "unit": "pair",
                    "batch": 1,
                }
            )
    return pd.DataFrame(rows)


STATED = {
    ("feature_vs_kernel", "explicit", 2): 2.0,
    ("feature_vs_kernel", "kernel", 2): 1.0,
    ("feature_vs_kernel", "explicit", 3): 3.0,
    ("feature_vs_kernel", "kernel", 3): 0.4,
    ("gram_vs_m", "kernel", 2): 2.0,
    ("gram_vs_d", "kernel", 2): 1.0,
    ("predict_vs_m", "dual", 2): 1.0,
    ("predict_vs_m", "explicit", 2): 0.0,
}


def test_fit_exponent_recovers_a_power_law() -> None:
    size = np.array([3.0, 10.0, 30.0, 100.0])
    assert fit_exponent(size, 5.0 * size**2.5) == pytest.approx(2.5)
    with pytest.raises(ValueError, match="two distinct sizes"):
        fit_exponent([4, 4], [1.0, 2.0])


def test_geometric_sizes_are_distinct_and_span_the_range() -> None:
    sizes = geometric_sizes(8, 50, 6)
    assert sizes[0] == 8
    assert sizes[-1] == 50
    assert sizes == sorted(set(sizes))


def test_best_time_is_the_minimum_of_the_calls() -> None:
    calls = []
    assert best_time(lambda: calls.append(1), repeats=4) >= 0.0
    assert len(calls) == 5  # one warm-up call, then the timed repeats


def test_monomials_give_the_homogeneous_polynomial_kernel() -> None:
    X = np.random.default_rng(1).standard_normal((6, 4))
    for d in (1, 2, 3):
        phi = monomials(X, d)
        assert phi.shape == (6, 4**d)
        np.testing.assert_allclose(phi @ phi.T, (X @ X.T) ** d, rtol=1e-9, atol=1e-12)


def test_table_has_every_curve_and_positive_times(timings) -> None:
    fits = exponent_table(timings)
    assert set(map(tuple, fits[["experiment", "form", "degree"]].values)) == set(STATED)
    assert (timings["seconds"] > 0).all()
    # n runs up to the largest n with n^d <= max_features (512): 22 and 8.
    pairs = timings[timings["experiment"] == "feature_vs_kernel"]
    assert pairs.groupby("degree")["size"].max().to_dict() == {2: 22, 3: 8}


def test_k2_k8_hold_on_the_stated_growth() -> None:
    table = synthetic(STATED)
    fits = exponent_table(table)
    rows = place_rows("K2", k2_kernel_cost(table, fits)) + place_rows(
        "K8", k8_dual_cost(table, fits)
    )
    assert [r.id for r in rows] == ["K2"] * 4 + ["K8"] * 4
    assert all(r.holds for r in rows)


@pytest.mark.parametrize(
    ("curve", "exponent"),
    [
        (("feature_vs_kernel", "explicit", 3), 2.5),  # slower than n^3 by 0.5
        (("feature_vs_kernel", "kernel", 2), 1.5),  # super-linear kernel
        (("gram_vs_m", "kernel", 2), 1.6),
        (("predict_vs_m", "explicit", 2), 0.5),  # explicit prediction grows
    ],
)
@pytest.mark.can_fail("K2", "K8")
def test_k2_k8_report_growth_off_the_stated_order(curve, exponent) -> None:
    table = synthetic({**STATED, curve: exponent})
    fits = exponent_table(table)
    rows = place_rows("K2", k2_kernel_cost(table, fits)) + place_rows(
        "K8", k8_dual_cost(table, fits)
    )
    failed = [r for r in rows if not r.holds]
    assert len(failed) == 1
    assert failed[0].figure == "kernel_cost"


B11_STATED = {
    ("adaboost_vs_m", "adaboost", 0): 1.0,
    ("adaboost_vs_n", "adaboost", 0): 1.0,
    ("adaboost_vs_t", "adaboost", 0): 1.0,
}


@pytest.mark.can_fail("B11")
def test_b11_reports_boosting_cost_off_the_stated_order() -> None:
    table = synthetic(B11_STATED, noise=0.01)
    assert [r.verdict for r in b11_boosting_cost(table, exponent_table(table))] == [
        "true"
    ] * 3
    # Quadratic in T, as if every round rescanned all earlier rounds.
    table = synthetic({**B11_STATED, ("adaboost_vs_t", "adaboost", 0): 2.0}, noise=0.01)
    rows = b11_boosting_cost(table, exponent_table(table))
    assert [r.holds for r in rows] == [True, True, False]


def test_a_short_span_of_sizes_does_not_resolve_the_claim() -> None:
    # Exact power laws, but over less than a decade: every row is not resolved.
    table = synthetic(STATED, sizes=(10, 20, 40, 80))
    fits = exponent_table(table)
    assert (fits["decades"] < 1).all()
    rows = k2_kernel_cost(table, fits) + k8_dual_cost(table, fits)
    assert {r.verdict for r in rows} == {"not resolved"}
    assert all("fewer than 2" in r.quantity for r in rows)


def test_scattered_times_widen_the_interval_until_unresolved() -> None:
    tight = exponent_table(synthetic(STATED, noise=0.01))
    loose = exponent_table(synthetic(STATED, noise=1.0))
    width = tight["exponent_high"] - tight["exponent_low"]
    assert (width < 0.1).all()
    assert ((loose["exponent_high"] - loose["exponent_low"]) > width).all()
    table = synthetic(STATED, noise=1.0)
    rows = k2_kernel_cost(table, exponent_table(table))
    assert "not resolved" in {r.verdict for r in rows}


def test_exponent_interval_covers_the_true_slope() -> None:
    # Student-t interval of a least-squares slope: about 95 % coverage.
    from kernelboost.experiments._shared.timing import exponent_interval

    rng = np.random.default_rng(1)
    size = np.geomspace(10, 1000, 6)
    hits = 0
    for _ in range(400):
        seconds = size**1.5 * np.exp(0.2 * rng.standard_normal(size.size))
        lo, hi = exponent_interval(size, seconds)
        hits += lo <= 1.5 <= hi
    assert 0.91 <= hits / 400 <= 0.99
    assert np.isnan(exponent_interval([1, 2], [1.0, 2.0])).all()


def test_figure_draws(timings, tmp_path) -> None:
    save_figure(
        plotter("kernel_cost")(timings, exponent_table(timings)), tmp_path / "c.png"
    )
    assert (tmp_path / "c.png").stat().st_size > 1000
