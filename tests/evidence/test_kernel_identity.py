"""The kernel_identity room (K1, K15): the metric tables, the claim rows, and
the figures (with gram_spectra's)."""

from __future__ import annotations

import pandas as pd
import pytest
from matplotlib import pyplot as plt

from marginlab.experiments._shared.figures import save_figure
from marginlab.experiments.kernel_identity.claims import (
    k1_kernel_identity,
    k15_feature_distance,
)
from marginlab.experiments.kernel_identity.study import kernel_identity_table
from marginlab.pipeline.jobs import place_rows, plotter
from tests.flips import flips


@pytest.fixture(scope="module")
def identity() -> pd.DataFrame:
    return kernel_identity_table([1, 2, 3], [2, 3], c=0.5, n_samples=10, seed=0)


def test_identity_table_covers_each_map_once_per_setting(identity) -> None:
    counts = identity.groupby("identity").size().to_dict()
    assert counts == {"quadratic": 1, "sequence": 6, "sqrt_c": 6, "subset_product": 3}
    seq = identity[identity["identity"] == "sequence"]
    assert (seq["dimension"] == (seq["n"] + 1) ** seq["degree"]).all()
    assert (identity["max_rel_diff"] < 1e-12).all()


@pytest.mark.can_fail("K1")
def test_k1_rows_hold_and_fail_when_the_map_is_wrong(identity) -> None:
    rows = k1_kernel_identity(identity)
    assert [r.name for r in rows] == [
        "inner_product/quadratic",
        "inner_product/sequence",
        "inner_product/sqrt_c",
        "inner_product/subset_product",
    ]
    assert all(r.holds for r in rows)
    broken = identity.copy()
    broken.loc[broken["identity"] == "sqrt_c", "max_rel_diff"] = 1e-3
    verdicts = {r.name: r.holds for r in k1_kernel_identity(broken)}
    assert [n for n, held in verdicts.items() if not held] == ["inner_product/sqrt_c"]
    flips(
        "K1",
        "inner_product/*",
        k1_kernel_identity(broken[broken["identity"] == "sqrt_c"]),
    )


def test_k15_distances_from_the_kernel_match_the_features(identity) -> None:
    assert (identity["max_rel_diff_distance"] < 1e-12).all()
    rows = place_rows("K15", k15_feature_distance(identity))
    assert [r.key for r in rows] == [
        "K15/distance/quadratic",
        "K15/distance/sequence",
        "K15/distance/sqrt_c",
        "K15/distance/subset_product",
    ]
    assert all(r.holds for r in rows)
    broken = identity.copy()
    broken.loc[broken["identity"] == "sequence", "max_rel_diff_distance"] = 1e-6
    held = [r.holds for r in k15_feature_distance(broken)]
    assert held.count(False) == 1


@pytest.mark.can_fail("K1")
def test_k15_flags_a_wrong_feature_map(monkeypatch) -> None:
    # The quadratic map without its √2: both the inner products (K1) and the
    # distances summed over its coordinates (K15) disagree with the kernel.
    import numpy as np

    from marginlab.experiments.kernel_identity import study

    kernel, _ = study.IDENTITIES["quadratic"](2, 0.5)

    def wrong(X: np.ndarray) -> np.ndarray:
        return np.column_stack([X[:, 0] ** 2, X[:, 0] * X[:, 1], X[:, 1] ** 2])

    monkeypatch.setitem(study.IDENTITIES, "quadratic", lambda d, c: (kernel, wrong))
    table = kernel_identity_table([2], [2], c=0.5, n_samples=10, seed=0)
    quadratic = table[table["identity"] == "quadratic"].iloc[0]
    assert quadratic["max_rel_diff_distance"] > 1e-3
    rows = k15_feature_distance(table)
    assert [r.holds for r in rows].count(False) == 1
    quadratic_only = table[table["identity"] == "quadratic"]
    # K15's rows are checks (the distance expands into K1's inner products):
    # they fail with K1's.
    (k15,) = place_rows("K15", k15_feature_distance(quadratic_only))
    assert (k15.kind, k15.verdict) == ("check", "false")
    (k1,) = flips("K1", "inner_product/*", k1_kernel_identity(quadratic_only))
    assert k1.measured > 1e-3
    assert [r.holds for r in k1_kernel_identity(table)].count(False) == 1


def test_tables_are_deterministic_in_the_seed(identity) -> None:
    again = kernel_identity_table([1, 2, 3], [2, 3], c=0.5, n_samples=10, seed=0)
    pd.testing.assert_frame_equal(identity, again)


@pytest.mark.parametrize("name", ["kernel_identity", "gram_spectra"])
def test_figures_draw(name, identity, spectra, tmp_path) -> None:
    table = identity if name == "kernel_identity" else spectra
    save_figure(plotter(name)(table), tmp_path / f"{name}.png")
    assert (tmp_path / f"{name}.png").stat().st_size > 5000


def test_the_titles_give_the_largest_difference_drawn(identity) -> None:
    """No "k(x, x') = ⟨φ(x), φ(x')⟩" stated over data that can say otherwise:
    each panel's title gives the largest difference of its column, what rows
    K1 and K15 read, and follows a broken map."""
    fig = plotter("kernel_identity")(identity)
    titles = [ax.get_title() for ax in fig.axes]
    plt.close(fig)
    assert titles == [
        "k(x, x') against ⟨φ(x), φ(x')⟩ (K1):\nlargest "
        f"{identity['max_rel_diff'].max():.2g}",
        "‖φ(x) − φ(x')‖² from k against from φ (K15):\nlargest "
        f"{identity['max_rel_diff_distance'].max():.2g}",
    ]
    broken = identity.assign(max_rel_diff=identity["max_rel_diff"] + 0.03)
    fig = plotter("kernel_identity")(broken)
    assert fig.axes[0].get_title().endswith("largest 0.03")
    plt.close(fig)
