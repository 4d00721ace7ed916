"""The seeded generators and label noise (marginlab.core.datasets.synthetic):
what their docstrings promise; Breiman's twonorm, threenorm, ringnorm and
waveform (shapes, definitions, Bayes errors); flip_labels.

Statistical checks use one large sample drawn with a fixed seed; each states
its tolerance (a z-score of the sample's own standard error, or a binomial
interval), so a failure means the generator moved away from its definition,
not bad luck of a seed."""

from __future__ import annotations

import math
import re

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from scipy import integrate, stats
from scipy.optimize import linprog

from marginlab.core.datasets import (
    CLUSTER_CENTRES,
    TRIANGLE,
    WAVEFORM_BASES,
    WAVEFORM_PAIRS,
    Dataset,
    DatasetError,
    dataset_shape,
    edge_lines,
    flip_labels,
    make_blobs,
    make_circles,
    make_dataset,
    make_forward_trap,
    make_moons,
    make_ringnorm,
    make_sparse_regression,
    make_three_clusters,
    make_three_discs,
    make_threenorm,
    make_triangle,
    make_twonorm,
    make_waveform,
    make_xor,
)

from .conftest import BREIMAN, BREIMAN_AND_DIGITS, DIGITS, FAST, GAUSSIANS, SEEDS


def test_interval_labels_by_distance_from_zero() -> None:
    data = make_dataset({"generator": "interval", "n_samples": 50, "width": 0.7})
    assert data.X.shape == (50, 1)
    np.testing.assert_array_equal(data.y, np.where(np.abs(data.X[:, 0]) < 0.7, 1, -1))
    assert np.abs(data.X).max() <= 3.0


def _stump_errors(x: np.ndarray, y: np.ndarray) -> list[int]:
    """Misclassification counts of the best-polarity stump at every threshold."""
    values = np.unique(x)
    thresholds = np.concatenate(
        [[values[0] - 1.0], (values[:-1] + values[1:]) / 2, [values[-1] + 1.0]]
    )
    m = len(y)
    counts = []
    for t in thresholds:
        wrong = int((np.where(x > t, 1.0, -1.0) != y).sum())
        counts.append(min(wrong, m - wrong))
    return counts


@FAST
@given(quarter=st.integers(1, 50), seed=SEEDS)
def test_xor_noiseless_is_exact_xor(quarter: int, seed: int) -> None:
    m = 4 * quarter
    data = make_xor(n_samples=m, noise=0.0, seed=seed)
    X, y = data.X, data.y
    assert set(np.unique(X)) == {-1.0, 1.0}
    np.testing.assert_array_equal(y, np.sign(X[:, 0] * X[:, 1]))
    # Each corner appears equally often.
    corners, counts = np.unique(X, axis=0, return_counts=True)
    assert len(corners) == 4
    assert set(counts) == {quarter}
    # Every axis-aligned stump has weighted error exactly 1/2 (uniform weights).
    for j in range(2):
        for wrong in _stump_errors(X[:, j], y):
            assert 2 * wrong == m


def test_xor_noisy_points_keep_their_corner_label() -> None:
    data = make_xor(n_samples=200, noise=0.25, seed=2)
    corners = np.array([[1, 1], [-1, 1], [-1, -1], [1, -1]])[np.arange(200) % 4]
    np.testing.assert_array_equal(data.y, corners[:, 0] * corners[:, 1])
    assert not np.isin(data.X, (-1.0, 1.0)).all()


def _ellipse_plane(axes: tuple[float, float], angle: float) -> np.ndarray:
    """w such that q(x) = xᵀAx = <w, φ(x)> with φ(x) = (x1², √2 x1x2, x2²)."""
    a = np.deg2rad(angle)
    rotation = np.array([[np.cos(a), -np.sin(a)], [np.sin(a), np.cos(a)]])
    A = rotation @ np.diag(1.0 / np.square(axes)) @ rotation.T
    return np.array([A[0, 0], np.sqrt(2.0) * A[0, 1], A[1, 1]]), A


def _phi(X: np.ndarray) -> np.ndarray:
    return np.column_stack(
        [X[:, 0] ** 2, np.sqrt(2.0) * X[:, 0] * X[:, 1], X[:, 1] ** 2]
    )


@FAST
@given(
    n_samples=st.integers(2, 300),
    seed=SEEDS,
    geometry=st.sampled_from(
        [((1.5, 1.0), 30.0), ((1.0, 1.0), 0.0), ((2.0, 0.5), -75.0)]
    ),
)
def test_circles_separable_after_quadratic_map(
    n_samples: int, seed: int, geometry: tuple[tuple[float, float], float]
) -> None:
    axes, angle = geometry
    data = make_circles(
        n_samples=n_samples, noise=0.0, axes=axes, angle=angle, seed=seed
    )
    X, y = data.X, data.y
    w, A = _ellipse_plane(axes, angle)
    q = _phi(X) @ w
    # q is the ellipse quadratic form, and it is linear in φ(x).
    np.testing.assert_allclose(
        q, np.einsum("ij,jk,ik->i", X, A, X), rtol=1e-12, atol=1e-12
    )
    eps = 1e-9
    assert (q[y > 0] < 0.8**2 + eps).all()
    assert (q[y < 0] > 1.2**2 - eps).all()
    # Hence the plane <w, φ(x)> = 1 separates the classes in feature space.
    np.testing.assert_array_equal(np.sign(1.0 - _phi(X) @ w), y)


def _max_margin_lp(X: np.ndarray, y: np.ndarray, bias: bool) -> float:
    """max t s.t. y_i(<w, x_i> + b) >= t, |w_j| <= 1, |b| <= 1 (b = 0 unless bias)."""
    m, n = X.shape
    Z = y[:, None] * (np.column_stack([X, np.ones(m)]) if bias else X)
    k = Z.shape[1]
    c = np.zeros(k + 1)
    c[-1] = -1.0  # maximise t
    A_ub = np.column_stack([-Z, np.ones(m)])  # t - y_i <w, x_i> <= 0
    res = linprog(
        c,
        A_ub=A_ub,
        b_ub=np.zeros(m),
        bounds=[(-1.0, 1.0)] * k + [(None, None)],
        method="highs",
    )
    assert res.status == 0, res.message
    return float(-res.fun)


@pytest.mark.parametrize("seed", range(5))
def test_circles_not_linearly_separable_in_plane(seed: int) -> None:
    data = make_circles(n_samples=300, noise=0.0, seed=seed)
    X, y = data.X, data.y
    # Exact: no line (with bias) separates the classes, not even with margin 0.
    assert _max_margin_lp(X, y, bias=True) <= 1e-9
    # And the least-squares linear classifier with bias makes training errors.
    design = np.column_stack([X, np.ones(len(y))])
    beta, *_ = np.linalg.lstsq(design, y, rcond=None)
    assert (np.sign(design @ beta) != y).mean() > 0.0
    # Whereas after the quadratic map a plane with bias separates them.
    assert _max_margin_lp(_phi(X), y, bias=True) > 0.0


@FAST
@given(
    n_samples=st.integers(2, 60),
    n_features=st.integers(1, 5),
    margin=st.floats(0.01, 3.0),
    seed=SEEDS,
)
def test_blobs_separable_through_origin_with_margin(
    n_samples: int, n_features: int, margin: float, seed: int
) -> None:
    data = make_blobs(
        n_samples=n_samples, n_features=n_features, margin=margin, seed=seed
    )
    X, y = data.X, data.y
    assert X.shape == (n_samples, n_features)
    # The generator's unit u satisfies |u_j| <= 1 and y<u, x> >= margin, so the
    # LP optimum over the box is at least the margin; in particular > 0.
    t = _max_margin_lp(X, y, bias=False)
    assert t >= margin - 1e-6
    assert t > 0.0


@FAST
@given(n_samples=st.integers(3, 150), seed=SEEDS)
def test_three_clusters_labels_by_cluster(n_samples: int, seed: int) -> None:
    data = make_three_clusters(n_samples=n_samples, seed=seed)
    expected = np.array([1.0, -1.0, 1.0])[np.arange(n_samples) % 3]
    np.testing.assert_array_equal(data.y, expected)


@pytest.mark.parametrize("seed", range(5))
def test_three_clusters_weighted_vote_of_three_stumps(seed: int) -> None:
    data = make_three_clusters(n_samples=150, spread=0.2, seed=seed)
    x1 = data.X[:, 0]
    h1 = np.ones_like(x1)
    h2 = np.where(x1 < -1.0, 1.0, -1.0)
    h3 = np.where(x1 > 1.0, 1.0, -1.0)
    np.testing.assert_array_equal(np.sign(h1 + 2 * h2 + 2 * h3), data.y)
    # No single stump (and no stump polarity) does so: the positives are split.
    for wrong in _stump_errors(x1, data.y):
        assert wrong > 0


@FAST
@given(
    n_inside=st.integers(1, 60),
    gap=st.floats(0.0, 0.9),
    pad=st.floats(0.05, 3.0),
    seed=SEEDS,
)
def test_triangle_keeps_a_gap_around_its_edges(
    n_inside: int, gap: float, pad: float, seed: int
) -> None:
    pad = gap + pad  # pad > gap
    data = make_triangle(n_inside, gap, pad, seed)
    X, y = data.X, data.y
    assert X.shape == (3 * n_inside, 2)
    assert data.task == "classification"
    np.testing.assert_array_equal(y, np.r_[np.ones(n_inside), -np.ones(2 * n_inside)])
    lines = edge_lines(TRIANGLE)
    distances = X @ lines[:, :2].T + lines[:, 2]  # signed, + inside
    assert (distances[y > 0] >= gap - 1e-12).all()
    assert (distances[y < 0].min(axis=1) < -gap).all()
    lo, hi = TRIANGLE.min(axis=0) - pad, TRIANGLE.max(axis=0) + pad
    assert (X.min(axis=0) >= lo).all()
    assert (X.max(axis=0) <= hi).all()


def test_edge_lines_are_unit_normals_through_the_vertices() -> None:
    lines = edge_lines(TRIANGLE)
    np.testing.assert_allclose(np.hypot(lines[:, 0], lines[:, 1]), 1.0)
    scores = TRIANGLE @ lines[:, :2].T + lines[:, 2]
    # Edge k runs from vertex k to vertex k + 1; the third vertex is inside.
    for k in range(3):
        np.testing.assert_allclose(scores[[k, (k + 1) % 3], k], 0.0, atol=1e-12)
        assert scores[(k + 2) % 3, k] > 0.0
    assert not (np.signbit(lines) & (lines == 0.0)).any(), "no -0.0 in the tables"


@FAST
@given(
    n_per_cluster=st.integers(1, 40),
    radius=st.floats(0.01, 0.99),
    left_factor=st.integers(1, 4),
    seed=SEEDS,
)
def test_three_discs_stay_in_their_discs(
    n_per_cluster: int, radius: float, left_factor: int, seed: int
) -> None:
    data = make_three_discs(n_per_cluster, radius, left_factor, seed)
    sizes = [left_factor * n_per_cluster, n_per_cluster, n_per_cluster]
    cluster = np.repeat([0, 1, 2], sizes)
    assert data.X.shape == (sum(sizes), 2)
    np.testing.assert_array_equal(data.y, np.array([1.0, -1.0, 1.0])[cluster])
    offset = data.X - CLUSTER_CENTRES[cluster]
    assert (np.hypot(offset[:, 0], offset[:, 1]) <= radius).all()
    # radius < 1: x1 alone tells the clusters apart.
    x1 = data.X[:, 0]
    np.testing.assert_array_equal(
        np.where(x1 < -1.0, 0, np.where(x1 > 1.0, 2, 1)), cluster
    )


@pytest.mark.parametrize("seed", range(3))
def test_forward_trap_construction(seed: int) -> None:
    """Without noise, y = u = (x2 − x3)/δ, and x1 = u without proxy noise."""
    data = make_forward_trap(50, delta=0.4, proxy_noise=0.0, noise=0.0, seed=seed)
    assert data.task == "regression"
    assert data.feature_names == ("x1", "x2", "x3")
    x1, x2, x3 = data.X.T
    np.testing.assert_allclose(data.y, (x2 - x3) / 0.4, rtol=1e-12, atol=1e-12)
    np.testing.assert_array_equal(data.y, x1)
    # The same draws with noise: only x1 and y change.
    noisy = make_forward_trap(50, delta=0.4, seed=seed)
    np.testing.assert_array_equal(noisy.X[:, 1:], data.X[:, 1:])
    assert not np.array_equal(noisy.y, data.y)


@FAST
@given(n_samples=st.integers(2, 500), seed=SEEDS)
def test_moons_and_circles_balanced(n_samples: int, seed: int) -> None:
    for make in (make_moons, make_circles):
        y = make(n_samples=n_samples, seed=seed).y
        n_pos = int((y > 0).sum())
        n_neg = int((y < 0).sum())
        assert n_pos + n_neg == n_samples
        assert {n_pos, n_neg} == {n_samples // 2, (n_samples + 1) // 2}


@FAST
@given(n_samples=st.integers(2, 100), seed=SEEDS)
def test_moons_noiseless_lie_on_half_circles(n_samples: int, seed: int) -> None:
    data = make_moons(n_samples=n_samples, noise=0.0, seed=seed)
    neg = data.X[data.y < 0]
    pos = data.X[data.y > 0]
    np.testing.assert_allclose(np.hypot(neg[:, 0], neg[:, 1]), 1.0, rtol=1e-12)
    assert (neg[:, 1] >= 0.0).all()
    np.testing.assert_allclose(
        np.hypot(1.0 - pos[:, 0], 0.5 - pos[:, 1]), 1.0, rtol=1e-12
    )
    assert (pos[:, 1] <= 0.5).all()


@FAST
@given(n_features=st.integers(1, 12), data=st.data(), seed=SEEDS)
def test_sparse_regression_support(
    n_features: int, data: st.DataObject, seed: int
) -> None:
    k = data.draw(st.integers(0, n_features), label="n_informative")
    ds = make_sparse_regression(
        n_samples=20, n_features=n_features, n_informative=k, noise=0.0, seed=seed
    )
    assert ds.task == "regression"
    assert ds.coef is not None
    assert ds.coef.shape == (n_features,)
    nonzero = ds.coef[ds.coef != 0.0]
    assert len(nonzero) == k
    assert ((np.abs(nonzero) >= 1.0) & (np.abs(nonzero) <= 3.0)).all()
    np.testing.assert_allclose(ds.y, ds.X @ ds.coef, rtol=1e-12, atol=1e-12)


@FAST
@given(noise=st.floats(0.1, 2.0), seed=SEEDS)
def test_sparse_regression_residual_std_matches_noise(noise: float, seed: int) -> None:
    ds = make_sparse_regression(n_samples=2000, noise=noise, seed=seed)
    residual = ds.y - ds.X @ ds.coef
    # Standard error of the sample std is about noise / sqrt(2 m) ~ 1.6 %.
    assert abs(residual.std() / noise - 1.0) < 0.15


def test_sparse_regression_rejects_too_many_informative() -> None:
    with pytest.raises(ValueError, match="'n_informative' parameter"):
        make_sparse_regression(n_features=3, n_informative=4)


@FAST
@given(
    n_samples=st.integers(2, 200),
    rate=st.floats(0.0, 0.5, exclude_max=True),
    seed=SEEDS,
)
def test_flip_labels_flips_exactly_round_rate_m(
    n_samples: int, rate: float, seed: int
) -> None:
    clean = make_moons(n_samples=n_samples, seed=0)
    noisy = flip_labels(clean, rate, seed=seed)
    assert noisy.flipped is not None
    assert noisy.flipped.dtype == bool
    assert int(noisy.flipped.sum()) == round(rate * n_samples)
    np.testing.assert_array_equal(noisy.y != clean.y, noisy.flipped)
    np.testing.assert_array_equal(noisy.y[noisy.flipped], -clean.y[noisy.flipped])
    assert set(np.unique(noisy.y)) <= {-1.0, 1.0}
    np.testing.assert_array_equal(noisy.X, clean.X)
    assert noisy.feature_names == clean.feature_names
    assert clean.flipped is None  # the input is not modified


@pytest.mark.parametrize("rate", [0.5, 0.75, 1.0, -0.1, float("nan")])
def test_flip_labels_rejects_bad_rate(rate: float) -> None:
    with pytest.raises(
        ValueError,
        match=re.escape(
            "The 'label_noise' parameter of flip_labels must be a float in the "
            "range [0, 0.5)."
        ),
    ):
        flip_labels(make_xor(n_samples=8), rate)


def test_flip_labels_rejects_k_classes() -> None:
    data = Dataset(
        np.zeros((4, 1)), np.array([0.0, 1, 2, 1]), ("x",), classes=tuple("abc")
    )
    with pytest.raises(DatasetError, match=r"^label noise flips two classes, not 3"):
        flip_labels(data, 0.25)
    with pytest.raises(DatasetError, match=r"^label noise flips two classes, not 10"):
        make_dataset({"generator": "digits", "label_noise": 0.1})


def test_flip_labels_rejects_regression() -> None:
    with pytest.raises(DatasetError, match="classification data only"):
        flip_labels(make_sparse_regression(n_samples=10), 0.1)
    with pytest.raises(DatasetError, match="classification data only"):
        make_dataset({"generator": "diabetes", "label_noise": 0.1})
    with pytest.raises(DatasetError, match="classification data only"):
        make_dataset({"generator": "forward_trap", "label_noise": 0.1})


#: Points of the large samples of the statistical checks.
LARGE = 100_000


#: z-score of every moment check: the largest of the few hundred entries of a
#: covariance matrix stays below it with probability about 1 − 3e-4.
Z = 5.0


def _alternating(n: int) -> np.ndarray:
    return np.where(np.arange(n) % 2 == 0, 1.0, -1.0)


def assert_moments(X: np.ndarray, mean: np.ndarray, cov: np.ndarray) -> None:
    """Sample mean and covariance of the rows of X within Z standard errors of
    ``mean`` and ``cov``, entry by entry; each standard error is estimated from
    the sample itself (that of a mean of the products (x_j − x̄_j)(x_k − x̄_k)
    for the covariance), so it holds for any distribution with four moments."""
    m = X.shape[0]
    centred = X - X.mean(axis=0)
    se_mean = X.std(axis=0, ddof=1) / math.sqrt(m)
    z_mean = np.abs(X.mean(axis=0) - mean) / se_mean
    assert z_mean.max() < Z, f"mean off by {z_mean.max():.1f} standard errors"
    products = centred[:, :, None] * centred[:, None, :]
    se_cov = products.std(axis=0, ddof=1) / math.sqrt(m)
    z_cov = np.abs(products.mean(axis=0) - cov) / se_cov
    assert z_cov.max() < Z, f"covariance off by {z_cov.max():.1f} standard errors"


@pytest.mark.parametrize("name", BREIMAN_AND_DIGITS)
def test_defaults_shape_and_labels(name: str) -> None:
    data = make_dataset({"generator": name})
    m, n = {"waveform": (300, 21), **dict.fromkeys(DIGITS, (361, 64))}.get(
        name, (300, 20)
    )
    assert data.X.shape == (m, n)
    assert data.X.dtype == np.float64
    assert np.isfinite(data.X).all()
    assert data.task == "classification"
    assert set(np.unique(data.y)) == {-1.0, 1.0}
    assert len(data.feature_names) == n


@pytest.mark.parametrize("name", GAUSSIANS)
@pytest.mark.parametrize("m", [2, 3, 7, 30])
def test_gaussians_alternate_labels(name: str, m: int) -> None:
    """Exactly balanced, −1 first, as moons and circles are."""
    y = make_dataset({"generator": name, "n_samples": m, "n_features": 3}).y
    np.testing.assert_array_equal(y, np.where(np.arange(m) % 2 == 0, -1.0, 1.0))


@pytest.mark.parametrize("m", [2, 3, 4, 5, 31])
def test_waveform_class_one_in_three_is_positive(m: int) -> None:
    y = make_waveform(m).y
    np.testing.assert_array_equal(y, np.where(np.arange(m) % 3 == 0, 1.0, -1.0))
    assert int((y > 0).sum()) == math.ceil(m / 3)


@pytest.mark.parametrize("name", BREIMAN)
def test_seed_reproduces_and_another_seed_differs(name: str) -> None:
    spec = {"generator": name, "n_samples": 50, "seed": 11}
    a, b = make_dataset(spec), make_dataset(spec)
    np.testing.assert_array_equal(a.X, b.X)
    np.testing.assert_array_equal(a.y, b.y)
    other = make_dataset({**spec, "seed": 12})
    assert not np.array_equal(a.X, other.X)
    np.testing.assert_array_equal(a.y, other.y)  # labels follow from m alone


@pytest.mark.parametrize("name", GAUSSIANS)
@pytest.mark.parametrize("n", [1, 2, 5, 21])
def test_n_features_is_the_dimension(name: str, n: int) -> None:
    spec = {"generator": name, "n_samples": 8, "n_features": n}
    assert make_dataset(spec).X.shape == (8, n)
    assert dataset_shape(spec).n_features == n


def test_twonorm_moments() -> None:
    n = 20
    a = 2 / math.sqrt(n)  # Breiman's 2/√20
    data = make_twonorm(LARGE, n, seed=1)
    for label in (1.0, -1.0):
        assert_moments(data.X[data.y == label], label * a * np.ones(n), np.eye(n))


def test_threenorm_moments() -> None:
    """Class +1, the half-half mixture of N(±a·1, I), has mean 0 and covariance
    I + a²·11ᵀ; class −1 is N(a·(1, −1, 1, …), I)."""
    n = 20
    a = 2 / math.sqrt(n)
    data = make_threenorm(LARGE, n, seed=2)
    positive = data.X[data.y > 0]
    assert_moments(positive, np.zeros(n), np.eye(n) + a * a * np.ones((n, n)))
    assert_moments(data.X[data.y < 0], a * _alternating(n), np.eye(n))
    # Each +1 point comes from one component: ⟨1, x⟩/√n ~ N(±2, 1), each side
    # half the time (binomial sd 0.0022 at 50000 points; 5 sd).
    side = positive.sum(axis=1) / math.sqrt(n) > 0
    assert abs(side.mean() - 0.5) < 5 * 0.5 / math.sqrt(positive.shape[0])


def test_threenorm_odd_dimension_ends_on_plus_a() -> None:
    n = 5
    a = 2 / math.sqrt(n)
    data = make_threenorm(LARGE, n, seed=3)
    assert_moments(data.X[data.y < 0], a * np.array([1, -1, 1, -1, 1]), np.eye(n))


def test_ringnorm_moments() -> None:
    n = 20
    a = 1 / math.sqrt(n)  # Breiman's 1/√20
    data = make_ringnorm(LARGE, n, seed=4)
    assert_moments(data.X[data.y > 0], np.zeros(n), 4 * np.eye(n))
    assert_moments(data.X[data.y < 0], a * np.ones(n), np.eye(n))


def test_waveform_base_waves() -> None:
    """h1(i) = max(6 − |i − 11|, 0), h2(i) = h1(i − 4), h3(i) = h1(i + 4)."""
    i = np.arange(1, 22)

    def h1(j: np.ndarray) -> np.ndarray:
        return np.maximum(6 - np.abs(j - 11), 0)

    np.testing.assert_array_equal(WAVEFORM_BASES, [h1(i), h1(i - 4), h1(i + 4)])
    assert WAVEFORM_BASES.max() == 6.0
    np.testing.assert_array_equal(np.argmax(WAVEFORM_BASES, axis=1) + 1, [11, 15, 7])
    np.testing.assert_array_equal(WAVEFORM_PAIRS, [[0, 1], [0, 2], [1, 2]])


def test_waveform_class_means_are_the_averaged_base_waves() -> None:
    """Class k = u·h + (1 − u)·h' + ε: mean (h + h')/2 (E u = ½), covariance
    (h − h')(h − h')ᵀ/12 + I (Var u = 1/12, ε ~ N(0, I))."""
    data = make_waveform(3 * 40_000, seed=5)
    wave_class = np.arange(data.n_samples) % 3
    for k, (p, q) in enumerate(WAVEFORM_PAIRS):
        h, h_ = WAVEFORM_BASES[p], WAVEFORM_BASES[q]
        cov = np.outer(h - h_, h - h_) / 12 + np.eye(21)
        assert_moments(data.X[wave_class == k], (h + h_) / 2, cov)
    np.testing.assert_array_equal(data.y > 0, wave_class == 0)


def test_waveform_noiseless_points_lie_between_their_two_waves() -> None:
    """Without ε a point is a convex combination of its class's two waves:
    subtracting the noise the generator drew leaves exactly that."""
    m = 300
    data = make_waveform(m, seed=6)
    rng = np.random.default_rng(6)  # the generator's draws, in its order
    u = rng.random(m)[:, None]
    noise = rng.standard_normal((m, 21))
    pairs = WAVEFORM_PAIRS[np.arange(m) % 3]
    clean = u * WAVEFORM_BASES[pairs[:, 0]] + (1 - u) * WAVEFORM_BASES[pairs[:, 1]]
    np.testing.assert_allclose(data.X - noise, clean, atol=1e-12)


def test_twonorm_bayes_error_is_phi_of_minus_two() -> None:
    """The Bayes rule sign⟨1, x⟩ errs with probability Φ(−a√n) = Φ(−2) on each
    class; its error count on m points is Binomial(m, Φ(−2)), so Φ(−2) lies in
    the exact (Clopper–Pearson) 99.99 % interval of the observed rate."""
    m = 400_000
    data = make_twonorm(m, 20, seed=7)
    errors = int(np.count_nonzero(np.sign(data.X.sum(axis=1)) != data.y))
    interval = stats.binomtest(errors, m).proportion_ci(confidence_level=0.9999)
    bayes = stats.norm.cdf(-2.0)
    assert interval.low <= bayes <= interval.high
    assert math.isclose(bayes, 0.02275, abs_tol=5e-6)  # the docstring's value


def _threenorm_bayes(c: float = 2.0) -> tuple[float, float]:
    """Errors of threenorm's Bayes rule on classes +1 and −1 (even n, a√n = c),
    by quadrature over U = ⟨1, x⟩/√n, as make_threenorm's docstring has it."""

    def ell(u: float) -> float:
        return float(np.logaddexp(c * u, -c * u) - math.log(2.0))  # log cosh cu

    pos = integrate.quad(
        lambda u: stats.norm.sf(ell(u) / c) * stats.norm.pdf(u - c), -np.inf, np.inf
    )[0]
    neg = integrate.quad(
        lambda u: stats.norm.cdf(ell(u) / c - c) * stats.norm.pdf(u), -np.inf, np.inf
    )[0]
    return pos, neg


def _ringnorm_bayes(n: int = 20, a: float = 1 / math.sqrt(20)) -> tuple[float, float]:
    """Errors of ringnorm's Bayes rule on classes +1 and −1, by quadrature:
    with u = ⟨1, x⟩/√n and r² the squared rest of x, the rule says +1 where
    r² > t(u) = (8/3)(n log 2 + u²/8 − (u − a√n)²/2); r²/4 (class +1) and r²
    (class −1) are chi-square with n − 1 degrees of freedom."""
    c = a * math.sqrt(n)

    def t(u: float) -> float:
        return max((8 / 3) * (n * math.log(2) + u * u / 8 - (u - c) ** 2 / 2), 0.0)

    pos = integrate.quad(
        lambda w: stats.chi2.cdf(t(2 * w) / 4, n - 1) * stats.norm.pdf(w),
        -np.inf,
        np.inf,
        limit=200,
    )[0]
    neg = integrate.quad(
        lambda u: stats.chi2.sf(t(u), n - 1) * stats.norm.pdf(u - c),
        -np.inf,
        np.inf,
        limit=200,
    )[0]
    return pos, neg


def test_the_docstrings_bayes_errors() -> None:
    pos, neg = _threenorm_bayes()
    assert (round(pos, 4), round(neg, 4), round((pos + neg) / 2, 4)) == (
        0.1102,
        0.0991,
        0.1046,
    )
    pos, neg = _ringnorm_bayes()
    assert (round(pos, 4), round(neg, 4), round((pos + neg) / 2, 4)) == (
        0.0189,
        0.0111,
        0.0150,
    )
    # DELVE's description, a = 2/√20.
    assert round(sum(_ringnorm_bayes(a=2 / math.sqrt(20))) / 2, 4) == 0.0124


def _within_binomial(errors: int, m: int, pos: float, neg: float) -> None:
    """The error count of m points, half of each class (errors Binomial(m/2,
    pos) + Binomial(m/2, neg)), within 4 standard deviations of its mean."""
    half = m / 2
    mean = half * (pos + neg)
    sd = math.sqrt(half * (pos * (1 - pos) + neg * (1 - neg)))
    assert abs(errors - mean) < 4 * sd, (errors / m, mean / m)


def test_threenorm_bayes_rule_errs_at_its_bayes_error() -> None:
    m, n = 200_000, 20
    a = 2 / math.sqrt(n)
    data = make_threenorm(m, n, seed=8)
    along = a * data.X.sum(axis=1)
    log_cosh = np.logaddexp(along, -along) - math.log(2)
    predicted = np.where(log_cosh > a * data.X @ _alternating(n), 1.0, -1.0)
    _within_binomial(int(np.count_nonzero(predicted != data.y)), m, *_threenorm_bayes())


def test_ringnorm_bayes_rule_errs_at_its_bayes_error() -> None:
    m, n = 200_000, 20
    a = 1 / math.sqrt(n)
    data = make_ringnorm(m, n, seed=9)
    X = data.X
    llr = ((X - a) ** 2).sum(axis=1) / 2 - (X**2).sum(axis=1) / 8 - n * math.log(2)
    predicted = np.where(llr > 0, 1.0, -1.0)
    _within_binomial(int(np.count_nonzero(predicted != data.y)), m, *_ringnorm_bayes())


BAD_VALUES = [
    (
        {"generator": "twonorm", "n_samples": 1},
        "The 'n_samples' parameter of make_twonorm must be an int in the range "
        "[2, inf). Got 1.",
    ),
    (
        {"generator": "threenorm", "n_features": 0},
        "The 'n_features' parameter of make_threenorm must be an int in the "
        "range [1, inf). Got 0.",
    ),
    (
        {"generator": "ringnorm", "n_features": 2.5},
        "The 'n_features' parameter of make_ringnorm must be an int in the "
        "range [1, inf). Got 2.5.",
    ),
    (
        {"generator": "waveform", "n_samples": 1},
        "The 'n_samples' parameter of make_waveform must be an int in the range "
        "[2, inf). Got 1.",
    ),
]


@pytest.mark.parametrize(("spec", "message"), BAD_VALUES)
def test_bad_values_are_named(spec: dict, message: str) -> None:
    with pytest.raises(ValueError, match=f"^{re.escape(message)}$"):
        make_dataset(spec)
