"""The kernel_cost room (K2, K8): the timing table, the claim rows and the
figure."""

from __future__ import annotations

import pandas as pd
import pytest

from kernelboost.experiments._shared.figures import save_figure
from kernelboost.experiments._shared.timing import exponent_table
from kernelboost.experiments.kernel_cost.claims import k2_kernel_cost, k8_dual_cost
from kernelboost.experiments.kernel_cost.study import geometric_sizes, kernel_cost_table
from kernelboost.pipeline.jobs import place_rows, plotter

from .conftest import synthetic


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


def test_geometric_sizes_are_distinct_and_span_the_range() -> None:
    sizes = geometric_sizes(8, 50, 6)
    assert sizes[0] == 8
    assert sizes[-1] == 50
    assert sizes == sorted(set(sizes))


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


def test_figure_draws(timings, tmp_path) -> None:
    save_figure(
        plotter("kernel_cost")(timings, exponent_table(timings)), tmp_path / "c.png"
    )
    assert (tmp_path / "c.png").stat().st_size > 1000
