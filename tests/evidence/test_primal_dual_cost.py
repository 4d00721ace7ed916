"""The primal_dual_cost room (K20): the same perceptron run primal and dual,
the cost table, the claim rows and the figure."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from kernelboost.experiments._shared.figures import save_figure
from kernelboost.experiments.primal_dual_cost.claims import k20_primal_dual_cost
from kernelboost.experiments.primal_dual_cost.study import primal_dual_cost_table
from kernelboost.pipeline.jobs import place_rows, plotter

# --- K20: primal against dual --------------------------------------------------


def test_primal_dual_table_runs_the_same_algorithm_twice() -> None:
    table = primal_dual_cost_table(
        n_sizes=[8, 32],
        input_dims=[1, 7],
        degree=2,
        epochs=2,
        repeats=2,
        min_seconds=0.0,
        max_elements=32 * 64 - 1,  # skips n = 32, d' = 64
        dominance=4,
        min_size=32,
        seed=0,
    )
    cells = table.groupby(["n", "d_features"]).size()
    assert cells.to_dict() == {(8, 4): 2, (8, 64): 2, (32, 4): 2}
    assert table["same_mistakes"].all()
    assert (table[["primal_seconds", "dual_seconds"]] > 0).all().all()
    assert (table["epochs"] <= 2).all()


def cost_table(ratio, noise=0.02, same=True, repeats=5, seed=0) -> pd.DataFrame:
    """A timing table over n, d' ∈ {16, 256, 4096} whose dual/primal ratio in
    cell (n, d') is ratio(n, d'), times a log-normal factor exp(noise·N(0, 1))."""
    rng = np.random.default_rng(seed)
    rows = []
    for n in (16, 256, 4096):
        for d_features in (16, 256, 4096):
            for r in range(repeats):
                rows.append(
                    {
                        "n": n,
                        "d": int(np.sqrt(d_features)) - 1,
                        "d_features": d_features,
                        "repeat": r,
                        "primal_seconds": 1e-3,
                        "dual_seconds": 1e-3
                        * ratio(n, d_features)
                        * np.exp(noise * rng.standard_normal()),
                        "primal_runs": 1,
                        "dual_runs": 1,
                        "epochs": 3,
                        "mistakes": n,
                        "same_mistakes": same,
                        "dominance": 16.0,
                        "min_size": 4096,
                    }
                )
    return pd.DataFrame(rows)


def lecture(n, d_features):
    """Dual/primal as the lecture's operation counts go: about n / d'."""
    return (n / d_features) ** 0.5


def test_k20_rows_hold_where_the_lecture_says() -> None:
    rows = place_rows("K20", k20_primal_dual_cost(cost_table(lecture)))
    assert [r.id for r in rows] == ["K20"] * 5
    assert [r.kind for r in rows] == [
        "empirical",
        "empirical",
        "check",
        "illustration",
        "illustration",
    ]
    assert [r.verdict for r in rows] == ["true", "true", "true", "n/a", "n/a"]
    assert rows[3].measured == 0.0  # the small cells (256, 16), (16, 256) agree
    assert rows[4].measured == pytest.approx(1.0, rel=0.05)  # crossing at d' = n


@pytest.mark.can_fail("K20")
@pytest.mark.parametrize(
    ("cell", "ratio", "verdicts"),
    [
        ((256, 4096), 2.0, ["false", "true"]),  # the dual slower at d' = 16 n
        ((4096, 16), 0.5, ["true", "false"]),  # the primal slower at n = 256 d'
    ],
)
def test_k20_fails_against_the_lecture(cell, ratio, verdicts) -> None:
    def against(n, d_features):
        return ratio if (n, d_features) == cell else lecture(n, d_features)

    rows = k20_primal_dual_cost(cost_table(against))
    assert [r.verdict for r in rows[:2]] == verdicts
    assert f"n = {cell[0]}, d' = {cell[1]}" in rows[verdicts.index("false")].quantity


def test_k20_noise_leaves_rows_not_resolved() -> None:
    def even(n, d_features):
        return 1.0 if (n, d_features) == (16, 4096) else lecture(n, d_features)

    rows = k20_primal_dual_cost(cost_table(even, noise=0.3))
    assert rows[0].verdict == "not resolved"


def test_k20_small_cells_against_the_lecture_are_counted() -> None:
    def small_dual_wins(n, d_features):
        return 0.5 if (n, d_features) == (256, 16) else lecture(n, d_features)

    rows = k20_primal_dual_cost(cost_table(small_dual_wins))
    assert rows[3].measured == 1.0
    assert "n = 256, d' = 16" in rows[3].quantity
    assert [r.verdict for r in rows[:3]] == ["true", "true", "true"]


def test_k20_check_fails_when_the_forms_differ() -> None:
    rows = k20_primal_dual_cost(cost_table(lecture, same=False))
    assert rows[2].holds is False


def test_k20_without_large_cells_is_not_resolved() -> None:
    table = cost_table(lecture)
    table["min_size"] = 10**6
    rows = k20_primal_dual_cost(table)
    assert [r.verdict for r in rows[:2]] == ["not resolved"] * 2


def test_k20_figure_draws(tmp_path) -> None:
    save_figure(plotter("primal_dual_cost")(cost_table(lecture)), tmp_path / "p.png")
    assert (tmp_path / "p.png").stat().st_size > 1000
