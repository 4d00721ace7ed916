"""The kernel_checks room (K22, K23): feature counts in 1 000 dimensions, the
quadratic kernel against its maps, the Gaussian kernel on random pairs."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from marginlab.core.kernels import Polynomial
from marginlab.experiments._shared.figures import save_figure
from marginlab.experiments.kernel_checks.claims import (
    k22_feature_count,
    k23_gaussian_peak,
)
from marginlab.experiments.kernel_checks.study import (
    kernel_check_tables,
    symmetric_quadratic,
)
from marginlab.pipeline.jobs import place_rows, plotter
from tests.flips import flips

Tables = tuple[pd.DataFrame, pd.DataFrame, pd.DataFrame]


@pytest.fixture(scope="module")
def tables() -> Tables:
    return kernel_check_tables(1000, 3, [0.5, 2.0], 300, 5, 6.0, 0)


def test_the_counts_of_the_maps(tables: Tables) -> None:
    counts, products, pairs = tables
    c = counts.set_index("map")["counted"]
    assert c["monomials"] == 1_000_000
    assert c["distinct monomials"] == c["symmetric_quadratic"] == 500_500
    assert c["tensor_power"] == 1001**2
    assert c["distinct tensor_power"] == 501_501
    assert c["slide"] == 5e5
    assert len(products) == 6  # pairs i <= j of 3 points
    assert len(pairs) == 600
    assert pairs["distance"].max() <= 6.0 * pairs["sigma"].max()


def test_symmetric_quadratic_is_the_slides_map_in_the_plane() -> None:
    x = np.array([[1.5, -2.0], [0.3, 0.7]])
    expected = np.column_stack(
        [x[:, 0] ** 2, x[:, 1] ** 2, np.sqrt(2) * x[:, 0] * x[:, 1]]
    )
    np.testing.assert_allclose(symmetric_quadratic(x), expected)
    Psi = symmetric_quadratic(x)
    np.testing.assert_allclose(Psi @ Psi.T, (x @ x.T) ** 2)


def test_k22_rows_follow_the_counts_and_the_products(tables: Tables) -> None:
    counts, products, _ = tables
    rows = place_rows("K22", k22_feature_count(counts, products))
    assert [r.name for r in rows] == [
        "coordinates",
        "distinct",
        "slide",
        "identity/monomials",
        "identity/symmetric",
    ]
    assert [r.kind for r in rows] == [
        "check",
        "check",  # the distinct count: n(n + 1)/2 by construction of x ⊗ x
        "check",  # its rounding to 5·10⁵: arithmetic
        "check",  # K1's identity for (x·x')², again at n = 1 000
        "check",
    ]
    assert all(r.holds for r in rows), [r.quantity for r in rows]
    assert rows[2].measured == 5e5
    assert "1e+06" in rows[2].quantity
    assert rows[3].measured <= 1e-14  # far below the tolerance
    # Counting the ordered products as the features: 10⁶, not the slide's 5·10⁵.
    # Rows 2-3 are checks (settled by the map's construction and arithmetic):
    # they still read the numbers, and fail as checks.
    ordered = counts.copy()
    ordered.loc[ordered["map"] == "distinct monomials", "counted"] = 1e6
    broken = k22_feature_count(ordered, products)
    row = broken[1]
    assert (row.kind, row.verdict) == ("check", "false")
    assert row.measured == 1e6
    assert row.bound == 500_500
    row = broken[2]
    assert (row.kind, row.verdict) == ("check", "false")
    assert row.measured == 1e6
    assert broken[0].holds  # the code's n² is still n²
    # A map that drops √2 from the cross terms does not give the kernel.
    rng = np.random.default_rng(1)
    X = rng.standard_normal((3, 1000))
    i, j = np.triu_indices(1000, k=1)
    no_root = np.hstack([X * X, X[:, i] * X[:, j]])
    ii, jj = np.triu_indices(3)
    K = Polynomial(degree=2, c=0.0)(X)
    wrong = products.assign(
        kernel=K[ii, jj],
        monomials=((X @ X.T) ** 2)[ii, jj] * (1 + 1e-8),  # rounding far above 1e-10
        symmetric=(no_root @ no_root.T)[ii, jj],
    )
    rows = {r.name: r for r in place_rows("K22", k22_feature_count(counts, wrong))}
    row = rows["identity/symmetric"]
    assert (row.kind, row.verdict) == ("check", "false")
    assert row.measured > 0.1
    row = rows["identity/monomials"]
    assert (row.kind, row.verdict) == ("check", "false")
    assert row.measured == pytest.approx(1e-8, rel=0.01)


def _pairs(kernel, sigma: float = 1.0, n: int = 400) -> pd.DataFrame:
    """A pairs table whose k (and k(x, x)) come from ``kernel(x, z, sigma)``."""
    rng = np.random.default_rng(2)
    x = rng.standard_normal((n, 5))
    v = rng.standard_normal(x.shape)
    v /= np.linalg.norm(v, axis=1, keepdims=True)
    z = x + (rng.uniform(0, 6, n) * sigma)[:, None] * v
    d = np.linalg.norm(x - z, axis=1)
    return pd.DataFrame(
        {
            "sigma": sigma,
            "pair": np.arange(n),
            "distance": d,
            "k": kernel(x, z, sigma),
            "k_direct": np.exp(-(d**2) / (2 * sigma**2)),
            "k_self": kernel(x, x, sigma),
            "gauss_features": 5,
        }
    )


@pytest.mark.can_fail("K23")
def test_k23_rows_follow_the_kernel_values(tables: Tables) -> None:
    _, _, pairs = tables
    rows = place_rows("K23", k23_gaussian_peak(pairs))
    assert [r.name for r in rows] == [
        "self_value",
        "max_value",
        "decreasing",
        "formula",
        "far_value",
    ]
    assert [r.kind for r in rows] == [
        "identity",
        "check",
        "check",  # decreasing: the code's k is a function of the distance
        "identity",
        "illustration",
    ]
    assert all(r.holds for r in rows[:4]), [(r.quantity, r.measured) for r in rows]
    assert rows[0].measured <= 1e-13
    assert rows[3].measured <= 1e-13
    assert rows[4].measured <= np.exp(-12.5)

    def sq(a, b):
        return np.einsum("ij,ij->i", a, b)

    # The norm expansion with a wrong factor on one norm: not 1 at x = z, not
    # a function of the distance, not the Gaussian.
    def half_wrong(x, z, s):
        return np.exp(np.minimum(0.0, (sq(x, z) - sq(x, x) / 2 - sq(z, z)) / s**2))

    rows = k23_gaussian_peak(_pairs(half_wrong))
    flips("K23", "self_value", rows)
    assert (rows[2].kind, rows[2].verdict) == ("check", "false")
    flips("K23", "formula", rows)
    assert rows[1].holds  # clipped: still at most 1

    # A kernel that grows with the distance (0 at x = z) fails the check.
    def growing(x, z, s):
        return 1.0 - np.exp(-sq(x - z, x - z) / (2 * s**2))

    rows = k23_gaussian_peak(_pairs(growing))
    row = rows[2]
    assert row.name == "decreasing"
    assert (row.kind, row.verdict) == ("check", "false")
    assert row.measured > 0.01

    # An unnormalized Gaussian exceeds 1 near x = z: the check reads failed.
    def doubled(x, z, s):
        return 2.0 * np.exp(-sq(x - z, x - z) / (2 * s**2))

    rows = k23_gaussian_peak(_pairs(doubled))
    assert rows[1].verdict == "false"
    flips("K23", "self_value", rows)


def test_the_figures_draw(tables: Tables, tmp_path) -> None:
    counts, products, pairs = tables
    save_figure(plotter("feature_count")(counts, products), tmp_path / "f.png")
    save_figure(plotter("gaussian_peak")(pairs), tmp_path / "g.png")
    assert (tmp_path / "f.png").stat().st_size > 1000
    assert (tmp_path / "g.png").stat().st_size > 1000
