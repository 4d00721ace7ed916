"""Unit tests for marginlab.core.datasets: generators, label noise, CSV I/O."""

from __future__ import annotations

import inspect
import re
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp
from scipy.optimize import linprog

from marginlab.core.datasets import (
    CLUSTER_CENTRES,
    GENERATORS,
    TRIANGLE,
    Dataset,
    DatasetError,
    edge_lines,
    flip_labels,
    load_csv,
    make_blobs,
    make_circles,
    make_dataset,
    make_forward_trap,
    make_moons,
    make_sparse_regression,
    make_three_clusters,
    make_three_discs,
    make_triangle,
    make_xor,
    read_dataset,
    write_dataset,
)

FAST = settings(max_examples=25, deadline=None)
SEEDS = st.integers(0, 2**32 - 1)

#: Small arguments for every seeded generator (noise > 0 where X depends on it).
GENERATED: dict[str, dict[str, object]] = {
    "xor": {"n_samples": 40, "noise": 0.1},
    "circles": {"n_samples": 40, "noise": 0.05},
    "moons": {"n_samples": 40},
    "blobs": {"n_samples": 40, "n_features": 3},
    "three_clusters": {"n_samples": 30},
    "interval": {"n_samples": 30},
    "triangle": {"n_inside": 10},
    "three_discs": {"n_per_cluster": 10},
    "sparse_regression": {"n_samples": 40, "n_features": 6},
    "forward_trap": {"n_samples": 40},
    "twonorm": {"n_samples": 40, "n_features": 4},
    "threenorm": {"n_samples": 40, "n_features": 4},
    "ringnorm": {"n_samples": 40, "n_features": 4},
    "waveform": {"n_samples": 30},
}
REAL = ("breast_cancer", "diabetes", "digits_1_7", "digits_4_9", "digits")
#: Not made here: a user's CSV (below) and the downloaded letter data
#: (tests/unit/core/test_letter_dataset.py, against a local server).
ELSEWHERE = {"csv", "letter"}
REGRESSION = ("sparse_regression", "forward_trap", "diabetes")
#: The generators whose size is ``n_samples`` (the others count by group).
SIZED = sorted(
    name
    for name in GENERATED
    if "n_samples" in inspect.signature(GENERATORS[name]).parameters
)


def _spec(name: str, **extra: object) -> dict[str, object]:
    return {"generator": name, **GENERATED.get(name, {}), **extra}


def _write(path: Path, text: str) -> Path:
    path.write_text(text, newline="")
    return path


# --------------------------------------------------------------------------
# Every generator
# --------------------------------------------------------------------------


def test_interval_labels_by_distance_from_zero() -> None:
    data = make_dataset({"generator": "interval", "n_samples": 50, "width": 0.7})
    assert data.X.shape == (50, 1)
    np.testing.assert_array_equal(data.y, np.where(np.abs(data.X[:, 0]) < 0.7, 1, -1))
    assert np.abs(data.X).max() <= 3.0


def test_every_generator_is_covered() -> None:
    assert set(GENERATORS) - ELSEWHERE == set(GENERATED) | set(REAL)


@pytest.mark.parametrize("name", sorted(set(GENERATORS) - ELSEWHERE))
def test_generator_output_is_well_formed(name: str) -> None:
    data = make_dataset(_spec(name))
    X, y = data.X, data.y
    assert isinstance(data, Dataset)
    assert X.dtype == np.float64
    assert X.ndim == 2
    assert X.shape[0] > 0
    assert X.shape[1] > 0
    assert np.isfinite(X).all()
    assert y.shape == (X.shape[0],)
    assert y.dtype == np.float64
    assert np.isfinite(y).all()
    assert len(data.feature_names) == X.shape[1]
    assert len(set(data.feature_names)) == X.shape[1]
    assert data.flipped is None
    assert data.n_samples == X.shape[0]
    if name in REGRESSION:
        assert data.task == "regression"
        assert data.classes is None
    elif data.classes is None:
        assert data.task == "classification"
        assert set(np.unique(y)) == {-1.0, 1.0}
    else:  # K classes: every code 0, ..., K - 1
        assert data.task == "classification"
        assert len(data.classes) >= 3
        np.testing.assert_array_equal(np.unique(y), np.arange(len(data.classes)))


def test_the_generators_without_n_samples() -> None:
    assert set(GENERATED) - set(SIZED) == {"triangle", "three_discs"}


@pytest.mark.parametrize("name", SIZED)
def test_generator_n_samples_is_respected(name: str) -> None:
    data = make_dataset(_spec(name, n_samples=12))
    assert data.X.shape[0] == 12


@pytest.mark.parametrize(
    ("spec", "m"),
    [
        ({"generator": "triangle", "n_inside": 7}, 21),
        ({"generator": "three_discs", "n_per_cluster": 7}, 35),
        ({"generator": "three_discs", "n_per_cluster": 7, "left_factor": 1}, 21),
    ],
)
def test_generator_group_sizes_are_respected(spec: dict[str, object], m: int) -> None:
    assert make_dataset(spec).X.shape == (m, 2)


@pytest.mark.parametrize("name", sorted(GENERATED))
@FAST
@given(seed=SEEDS)
def test_generator_is_deterministic_in_seed(name: str, seed: int) -> None:
    a = make_dataset(_spec(name, seed=seed))
    b = make_dataset(_spec(name, seed=seed))
    np.testing.assert_array_equal(a.X, b.X)
    np.testing.assert_array_equal(a.y, b.y)
    assert a.feature_names == b.feature_names
    other = make_dataset(_spec(name, seed=seed + 1))
    assert not np.array_equal(a.X, other.X)


def test_breast_cancer_matches_sklearn() -> None:
    from sklearn.datasets import load_breast_cancer

    data = make_dataset({"generator": "breast_cancer"})
    bunch = load_breast_cancer()
    assert data.X.shape == (569, 30)
    assert data.task == "classification"
    assert int((data.y == 1.0).sum()) == int((bunch.target == 1).sum())
    np.testing.assert_array_equal(data.y == 1.0, bunch.target == 1)
    np.testing.assert_array_equal(data.X, bunch.data)
    assert data.feature_names == tuple(bunch.feature_names)


def test_digits_are_sklearn_s_ten_classes() -> None:
    from sklearn.datasets import load_digits

    data = make_dataset({"generator": "digits"})
    bunch = load_digits()
    assert data.X.shape == (1797, 64)
    assert data.task == "classification"
    assert data.classes == tuple("0123456789")
    np.testing.assert_array_equal(data.X, bunch.data)
    np.testing.assert_array_equal(data.y, bunch.target)  # the code is the digit
    assert data.feature_names == tuple(bunch.feature_names)
    # The counts the generator table says without loading the data.
    from marginlab.core.datasets import GENERATOR_TABLE, class_counts

    counts = np.bincount(bunch.target).tolist()
    assert list(GENERATOR_TABLE["digits"].label_counts) == counts
    assert class_counts({"generator": "digits"}) == dict(
        zip(data.classes, counts, strict=True)
    )


def test_diabetes_matches_sklearn() -> None:
    from sklearn.datasets import load_diabetes

    data = make_dataset({"generator": "diabetes"})
    bunch = load_diabetes()
    assert data.X.shape == (442, 10)
    assert data.task == "regression"
    np.testing.assert_array_equal(data.y, bunch.target)
    np.testing.assert_array_equal(data.X, bunch.data)


@pytest.mark.parametrize("name", REAL)
def test_real_loaders_take_no_seed(name: str) -> None:
    with pytest.raises(DatasetError, match=f"generator '{name}'.*seed"):
        make_dataset({"generator": name, "seed": 0})


# --------------------------------------------------------------------------
# Docstring properties of the generators
# --------------------------------------------------------------------------


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


@pytest.mark.parametrize(
    ("spec", "direct"),
    [
        (
            {"generator": "triangle", "n_inside": 40, "seed": 26},
            lambda: make_triangle(40, seed=26),
        ),
        (
            {"generator": "triangle", "n_inside": 5, "gap": 0.1, "pad": 0.3},
            lambda: make_triangle(5, 0.1, 0.3),
        ),
        (
            {"generator": "three_discs", "n_per_cluster": 40, "seed": 27},
            lambda: make_three_discs(40, seed=27),
        ),
        (
            {
                "generator": "three_discs",
                "n_per_cluster": 6,
                "radius": 0.9,
                "left_factor": 1,
                "seed": 3,
            },
            lambda: make_three_discs(6, 0.9, 1, 3),
        ),
        (
            {
                "generator": "forward_trap",
                "n_samples": 100,
                "delta": 0.5,
                "proxy_noise": 1.0,
                "noise": 0.3,
                "seed": 28,
            },
            lambda: make_forward_trap(100, 0.5, 1.0, 0.3, 28),
        ),
    ],
    ids=["triangle", "triangle-gap", "three_discs", "three_discs-radius", "trap"],
)
def test_make_dataset_is_the_generator(spec: dict[str, object], direct) -> None:
    a, b = make_dataset(spec), direct()
    assert (a.feature_names, a.task, a.flipped) == (b.feature_names, b.task, None)
    np.testing.assert_array_equal(a.X, b.X)
    np.testing.assert_array_equal(a.y, b.y)


def test_the_config_s_generated_examples() -> None:
    """What the pipeline's B9, S3 and S4 data were before they became datasets
    (config.yaml's triangle, three_discs and forward_trap)."""
    triangle = make_dataset({"generator": "triangle", "n_inside": 40, "seed": 26})
    assert triangle.X.shape == (120, 2)
    assert triangle.y[:40].tolist() == [1.0] * 40
    assert triangle.y[40:].tolist() == [-1.0] * 80
    discs = make_dataset({"generator": "three_discs", "n_per_cluster": 40, "seed": 27})
    assert discs.X.shape == (200, 2)
    x1 = discs.X[:, 0]
    assert [(x1 < -1).sum(), ((x1 >= -1) & (x1 <= 1)).sum(), (x1 > 1).sum()] == [
        120,
        40,
        40,
    ]
    assert (discs.y == -1).sum() == 40
    trap = make_dataset(
        {
            "generator": "forward_trap",
            "n_samples": 100,
            "delta": 0.5,
            "proxy_noise": 1.0,
            "noise": 0.3,
            "seed": 28,
        }
    )
    assert (trap.X.shape, trap.task) == ((100, 3), "regression")
    # x1 is the best single feature, yet x2 and x3 are strongly correlated.
    r = np.corrcoef(np.column_stack([trap.X, trap.y]), rowvar=False)
    assert np.argmax(np.abs(r[:3, 3])) == 0
    assert r[1, 2] > 0.8


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


# --------------------------------------------------------------------------
# Label noise
# --------------------------------------------------------------------------


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


@FAST
@given(rate=st.floats(0.01, 0.49), seed=st.integers(0, 10**6))
def test_make_dataset_label_noise_uses_seed_plus_one(rate: float, seed: int) -> None:
    data = make_dataset(
        {"generator": "moons", "n_samples": 50, "label_noise": rate, "seed": seed}
    )
    expected = flip_labels(make_moons(n_samples=50, seed=seed), rate, seed=seed + 1)
    np.testing.assert_array_equal(data.y, expected.y)
    np.testing.assert_array_equal(data.flipped, expected.flipped)


def test_make_dataset_label_noise_on_real_data() -> None:
    data = make_dataset({"generator": "breast_cancer", "label_noise": 0.1})
    assert data.flipped is not None
    assert int(data.flipped.sum()) == round(0.1 * 569)


def test_make_dataset_zero_label_noise_records_nothing() -> None:
    assert make_dataset({"generator": "xor", "label_noise": 0.0}).flipped is None


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


@pytest.mark.parametrize(
    ("y", "classes", "message"),
    [
        ([0, 1, 1], ("a", "b"), "names K ≥ 3 classes, got 2"),
        ([0, 1, 3], ("a", "b", "c"), "y[2] = 3 is not a class code 0, ..., 2"),
        ([0, 1, -1], ("a", "b", "c"), "y[2] = -1 is not a class code"),
        ([0, 1.5, 2], ("a", "b", "c"), "y[1] = 1.5 is not a class code"),
        ([0, 1, 2], ("a", "b", "a"), "repeated class names"),
        ([0, 1, 2], ("a", "", "c"), "class name '': a non-empty string"),
        ([0, 1, 2], ("a", "b|c", "d"), "class name 'b|c': a non-empty string"),
    ],
)
def test_a_k_class_dataset_has_codes_of_its_named_classes(
    y: list, classes: tuple, message: str
) -> None:
    with pytest.raises(DatasetError, match=re.escape(message)):
        Dataset(np.zeros((3, 1)), np.array(y, dtype=float), ("x",), classes=classes)


def test_class_names_are_for_classification_only() -> None:
    with pytest.raises(DatasetError, match="classification data only"):
        Dataset(
            np.zeros((3, 1)), np.zeros(3), ("x",), "regression", classes=tuple("abc")
        )


def test_flip_labels_rejects_regression() -> None:
    with pytest.raises(DatasetError, match="classification data only"):
        flip_labels(make_sparse_regression(n_samples=10), 0.1)
    with pytest.raises(DatasetError, match="classification data only"):
        make_dataset({"generator": "diabetes", "label_noise": 0.1})
    with pytest.raises(DatasetError, match="classification data only"):
        make_dataset({"generator": "forward_trap", "label_noise": 0.1})


# --------------------------------------------------------------------------
# write_dataset / read_dataset
# --------------------------------------------------------------------------

_NAME = st.text(
    alphabet=st.characters(min_codepoint=32, max_codepoint=126),
    min_size=1,
    max_size=8,
).filter(lambda s: s not in ("label", "target", "flipped"))


@st.composite
def _datasets(draw: st.DrawFn) -> Dataset:
    m = draw(st.integers(1, 8))
    n = draw(st.integers(1, 4))
    X = draw(
        hnp.arrays(
            np.float64,
            (m, n),
            elements=st.floats(allow_nan=False, allow_infinity=False),
        )
    )
    names = tuple(draw(st.lists(_NAME, min_size=n, max_size=n, unique=True)))
    if draw(st.booleans()):
        y = draw(hnp.arrays(np.float64, m, elements=st.sampled_from([-1.0, 1.0])))
        flipped = draw(st.none() | hnp.arrays(np.bool_, m))
        return Dataset(X, y, names, "classification", flipped)
    y = draw(
        hnp.arrays(
            np.float64, m, elements=st.floats(allow_nan=False, allow_infinity=False)
        )
    )
    return Dataset(X, y, names, "regression")


def _assert_bitwise_equal(a: np.ndarray, b: np.ndarray) -> None:
    assert a.dtype == b.dtype == np.float64
    assert a.shape == b.shape
    np.testing.assert_array_equal(a.view(np.int64), b.view(np.int64))


@FAST
@given(data=_datasets())
def test_write_read_round_trip(
    data: Dataset, tmp_path_factory: pytest.TempPathFactory
) -> None:
    path = tmp_path_factory.mktemp("rt") / "data.csv"
    write_dataset(data, path)
    back = read_dataset(path)
    _assert_bitwise_equal(back.X, data.X)
    _assert_bitwise_equal(back.y, data.y)
    assert back.feature_names == data.feature_names
    assert back.task == data.task
    if data.flipped is None:
        assert back.flipped is None
    else:
        assert back.flipped is not None
        assert back.flipped.dtype == bool
        np.testing.assert_array_equal(back.flipped, data.flipped)


@pytest.mark.parametrize(
    "spec",
    [
        {"generator": "moons", "n_samples": 30, "label_noise": 0.2, "seed": 3},
        {"generator": "sparse_regression", "n_samples": 30},
        {"generator": "breast_cancer"},
        {"generator": "triangle", "n_inside": 40, "seed": 26},
        {"generator": "three_discs", "n_per_cluster": 40, "seed": 27},
        {"generator": "forward_trap", "n_samples": 100, "seed": 28},
    ],
    ids=[
        "moons-noisy",
        "sparse_regression",
        "breast_cancer",
        "triangle",
        "three_discs",
        "forward_trap",
    ],
)
def test_write_read_round_trip_generated(
    spec: dict[str, object], tmp_path: Path
) -> None:
    data = make_dataset(spec)
    path = tmp_path / "sub" / "data.csv"
    write_dataset(data, path)
    back = read_dataset(path)
    _assert_bitwise_equal(back.X, data.X)
    _assert_bitwise_equal(back.y, data.y)
    assert back.feature_names == data.feature_names
    assert back.task == data.task
    assert (back.flipped is None) == (data.flipped is None)
    if data.flipped is not None:
        np.testing.assert_array_equal(back.flipped, data.flipped)
    assert [p.name for p in path.parent.iterdir()] == ["data.csv"]


def test_write_read_round_trip_of_ten_classes(tmp_path: Path) -> None:
    """The digits' codes are written as integers under a label column that
    names the classes, and come back with them."""
    data = make_dataset({"generator": "digits"})
    path = tmp_path / "digits.csv"
    write_dataset(data, path)
    header, first = path.read_text().splitlines()[:2]
    assert header.endswith(",pixel_7_7,label:0|1|2|3|4|5|6|7|8|9")
    assert first.endswith(",0")  # the first image is a 0
    back = read_dataset(path)
    _assert_bitwise_equal(back.X, data.X)
    _assert_bitwise_equal(back.y, data.y)
    assert back.classes == data.classes == tuple("0123456789")
    assert back.feature_names == data.feature_names
    assert (back.task, back.flipped) == ("classification", None)


def test_write_read_round_trip_of_named_classes(tmp_path: Path) -> None:
    """Names other than the codes, a class without a point, and a feature
    called ``label``."""
    data = Dataset(
        np.array([[1.5, 2.0], [3.0, -4.0]]),
        np.array([2.0, 0.0]),
        ("label", "x"),
        classes=("A", "B", "C d"),
    )
    path = tmp_path / "named.csv"
    write_dataset(data, path)
    assert path.read_text() == "label,x,label:A|B|C d\n1.5,2.0,2\n3.0,-4.0,0\n"
    back = read_dataset(path)
    assert back.classes == ("A", "B", "C d")
    assert back.feature_names == ("label", "x")
    _assert_bitwise_equal(back.y, data.y)


def test_a_k_class_file_with_a_code_beyond_its_classes_is_named(
    tmp_path: Path,
) -> None:
    path = _write(tmp_path / "bad.csv", "x,label:a|b|c\n1,0\n2,3\n")
    message = f"{path}: y[1] = 3 is not a class code 0, ..., 2"
    with pytest.raises(DatasetError, match=f"^{re.escape(message)}$"):
        read_dataset(path)


def test_written_csv_has_lf_line_endings(tmp_path: Path) -> None:
    data = make_dataset({"generator": "xor", "n_samples": 8, "label_noise": 0.25})
    path = tmp_path / "xor.csv"
    write_dataset(data, path)
    raw = path.read_bytes()
    assert b"\r" not in raw
    assert raw.endswith(b"\n")
    lines = raw.decode().split("\n")
    assert lines[0] == "x1,x2,label,flipped"
    assert lines[-1] == ""
    assert len(lines) == 8 + 2


def test_read_dataset_without_label_or_target(tmp_path: Path) -> None:
    path = _write(tmp_path / "odd.csv", "x1,x2\n1,2\n")
    with pytest.raises(DatasetError, match=re.escape(f"{path}: neither a 'label'")):
        read_dataset(path)


# --------------------------------------------------------------------------
# load_csv: happy paths
# --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("labels", "expected"),
    [
        (["0", "1", "1", "0"], [-1.0, 1.0, 1.0, -1.0]),
        (["-1", "1", "1", "-1"], [-1.0, 1.0, 1.0, -1.0]),
        (["-1", "+1", "1.0", "-1.0"], [-1.0, 1.0, 1.0, -1.0]),
        (["cat", "dog", "dog", "cat"], [-1.0, 1.0, 1.0, -1.0]),
        (["dog", "cat", "cat", "dog"], [1.0, -1.0, -1.0, 1.0]),
        (["2", "10", "10", "2"], [-1.0, 1.0, 1.0, -1.0]),
    ],
    ids=["0/1", "-1/+1", "mixed-spelling", "cat/dog", "dog/cat", "numeric-order"],
)
def test_load_csv_label_mapping(
    labels: list[str], expected: list[float], tmp_path: Path
) -> None:
    rows = "".join(f"{i}.5,{-i},{lab}\n" for i, lab in enumerate(labels))
    path = _write(tmp_path / "d.csv", "a,b,label\n" + rows)
    data = load_csv(path)
    np.testing.assert_array_equal(data.y, expected)
    np.testing.assert_array_equal(data.X, [[i + 0.5, -i] for i in range(4)])
    assert data.X.dtype == np.float64
    assert data.feature_names == ("a", "b")
    assert data.task == "classification"
    assert data.flipped is None


def test_load_csv_tolerates_whitespace(tmp_path: Path) -> None:
    path = _write(
        tmp_path / "ws.csv",
        " x1 ,  x2,label \n 1.5 ,2, 1\n3,\t4.25 ,0 \n  -1e3,  5,1\n",
    )
    data = load_csv(path)
    assert data.feature_names == ("x1", "x2")
    np.testing.assert_array_equal(data.X, [[1.5, 2.0], [3.0, 4.25], [-1000.0, 5.0]])
    np.testing.assert_array_equal(data.y, [1.0, -1.0, 1.0])


def test_load_csv_label_column_anywhere(tmp_path: Path) -> None:
    path = _write(tmp_path / "d.csv", "label,b,a\n1,2,3\n0,4,5\n")
    data = load_csv(path)
    assert data.feature_names == ("b", "a")
    np.testing.assert_array_equal(data.X, [[2.0, 3.0], [4.0, 5.0]])
    np.testing.assert_array_equal(data.y, [1.0, -1.0])


def test_load_csv_crlf_and_quotes(tmp_path: Path) -> None:
    path = _write(tmp_path / "d.csv", 'x1,"label"\r\n"1.5",1\r\n2,0\r\n')
    data = load_csv(path)
    np.testing.assert_array_equal(data.X, [[1.5], [2.0]])
    np.testing.assert_array_equal(data.y, [1.0, -1.0])


def test_make_dataset_csv_and_round_trip(tmp_path: Path) -> None:
    src = _write(tmp_path / "mine.csv", "f,label\n0.1,a\n0.2,b\n0.3,a\n")
    data = make_dataset({"generator": "csv", "path": str(src)})
    np.testing.assert_array_equal(data.y, [-1.0, 1.0, -1.0])
    out = tmp_path / "out.csv"
    write_dataset(data, out)
    back = read_dataset(out)
    _assert_bitwise_equal(back.X, data.X)
    np.testing.assert_array_equal(back.y, data.y)


# --------------------------------------------------------------------------
# load_csv: errors name the file and the offending column and line
# --------------------------------------------------------------------------

CSV_ERRORS = {
    "empty-file": ("", ": the file is empty"),
    # A line of blank cells is skipped; the next line is the header.
    "blank-header": (" , \n1,2\n", ": no 'label' column (columns: 1, 2)"),
    "header-only": ("x1,label\n", ": no data rows"),
    "no-label": ("x1,x2\n1,2\n", ": no 'label' column (columns: x1, x2)"),
    "only-label": ("label\n1\n-1\n", ": no feature columns besides 'label'"),
    "duplicated": (
        "x1,x2,x1,label\n1,2,3,1\n",
        ": duplicated column name 'x1' (columns 1 and 3)",
    ),
    "duplicated-after-strip": (
        "x1, x1,label\n1,2,1\n",
        ": duplicated column name 'x1' (columns 1 and 2)",
    ),
    "empty-name": ("x1,,label\n1,2,1\n", ": column 2 has no name"),
    "non-numeric": (
        "x1,x2,label\n1,2,1\n3,abc,-1\n",
        ", line 3, column 'x2': 'abc' is not a number",
    ),
    "empty-cell": ("x1,x2,label\n1,,1\n3,4,-1\n", ", line 2, column 'x2': empty cell"),
    "blank-cell": ("x1,x2,label\n1,2,1\n3, ,-1\n", ", line 3, column 'x2': empty cell"),
    "nan": (
        "x1,label\n1,1\n2,-1\nnan,1\n",
        ", line 4, column 'x1': 'nan' is not a finite number",
    ),
    "NaN": ("x1,label\nNaN,1\n", ", line 2, column 'x1': 'NaN' is not a finite number"),
    "inf": ("x1,label\n1,1\ninf,-1\n", ", line 3, column 'x1': 'inf' is not a finite"),
    "-inf": (
        "x1,label\n1,1\n-inf,-1\n",
        ", line 3, column 'x1': '-inf' is not a finite",
    ),
    "short-row": (
        "x1,x2,label\n1,2,1\n3\n",
        ", line 3: 1 fields, but the header has 3",
    ),
    "missing-label": (
        "x1,label\n1,1\n2,\n3,-1\n",
        ", line 3, column 'label': empty cell",
    ),
    "one-class": (
        "x1,label\n1,1\n2,1\n",
        ", column 'label': expected exactly two classes, found 1 (1)",
    ),
    "three-classes": (
        "x1,label\n1,a\n2,b\n3,c\n",
        ", column 'label': expected exactly two classes, found 3 (a, b, c)",
    ),
    "many-classes": (
        "x1,label\n" + "".join(f"{i},{i}\n" for i in range(7)),
        "found 7 (0, 1, 2, 3, 4, ...)",
    ),
}


@pytest.mark.parametrize(("text", "fragment"), CSV_ERRORS.values(), ids=CSV_ERRORS)
def test_load_csv_errors(text: str, fragment: str, tmp_path: Path) -> None:
    path = _write(tmp_path / "bad_input.csv", text)
    with pytest.raises(
        DatasetError, match=re.escape(str(path)) + ".*" + re.escape(fragment)
    ):
        load_csv(path)


def test_load_csv_missing_file(tmp_path: Path) -> None:
    path = tmp_path / "nowhere" / "missing.csv"
    with pytest.raises(DatasetError, match=re.escape(f"{path}: no such file")):
        load_csv(path)


def test_load_csv_directory_is_not_a_file(tmp_path: Path) -> None:
    with pytest.raises(DatasetError, match=re.escape(f"{tmp_path}: no such file")):
        load_csv(tmp_path)


def test_load_csv_first_bad_cell_is_reported(tmp_path: Path) -> None:
    path = _write(tmp_path / "d.csv", "x1,x2,label\n1,2,1\n3,x,1\nbad,4,0\n")
    # Columns are checked left to right, so x1 (line 4) is reported first.
    with pytest.raises(DatasetError, match=re.escape("line 4, column 'x1': 'bad'")):
        load_csv(path)


def test_load_csv_rejects_rows_longer_than_header(tmp_path: Path) -> None:
    path = _write(tmp_path / "long.csv", "x1,label\n1.0,1,5\n2.0,0,7\n")
    with pytest.raises(DatasetError, match=re.escape(str(path)) + ".*line 2"):
        load_csv(path)


def test_load_csv_line_numbers_count_blank_lines(tmp_path: Path) -> None:
    path = _write(tmp_path / "gap.csv", "x1,label\n1.0,1\n\n2.0,0\nabc,1\n")
    with pytest.raises(DatasetError, match=re.escape("line 5, column 'x1'")):
        load_csv(path)


# --------------------------------------------------------------------------
# make_dataset: specification errors
# --------------------------------------------------------------------------


@pytest.mark.parametrize("spec", [{"generator": "nope"}, {}, {"n_samples": 3}])
def test_make_dataset_unknown_generator(spec: dict[str, object]) -> None:
    with pytest.raises(DatasetError, match=r"unknown generator .*expected one of"):
        make_dataset(spec)


@pytest.mark.parametrize(
    ("spec", "generator", "keyword"),
    [
        ({"generator": "xor", "margin": 1}, "xor", "margin"),
        ({"generator": "moons", "spread": 0.1}, "moons", "spread"),
        ({"generator": "csv", "path": "x.csv", "seed": 1}, "csv", "seed"),
        ({"generator": "csv"}, "csv", "path"),
        ({"generator": "triangle", "n_samples": 9}, "triangle", "n_samples"),
        ({"generator": "three_discs", "n_samples": 9}, "three_discs", "n_samples"),
        ({"generator": "forward_trap", "margin": 1}, "forward_trap", "margin"),
    ],
)
def test_make_dataset_bad_keyword(
    spec: dict[str, object], generator: str, keyword: str
) -> None:
    with pytest.raises(DatasetError, match=f"generator '{generator}': .*'{keyword}'"):
        make_dataset(spec)


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        (
            {"generator": "xor", "n_samples": 0},
            "The 'n_samples' parameter of make_xor must be an int in the range "
            "[4, inf). Got 0.",
        ),
        (
            {"generator": "xor", "noise": -1},
            "The 'noise' parameter of make_xor must be a float in the range "
            "[0, inf). Got -1.",
        ),
        (
            {"generator": "blobs", "margin": 0},
            "The 'margin' parameter of make_blobs must be a float in the range "
            "(0, inf). Got 0.",
        ),
        (
            {"generator": "circles", "n_samples": 2.5},
            "The 'n_samples' parameter of make_circles must be an int in the range "
            "[2, inf). Got 2.5.",
        ),
        (
            {"generator": "three_clusters", "spread": 0.0},
            "The 'spread' parameter of make_three_clusters must be a float in the "
            "range (0, inf). Got 0.0.",
        ),
        (
            {"generator": "blobs", "n_features": 0},
            "The 'n_features' parameter of make_blobs must be an int in the range "
            "[1, inf). Got 0.",
        ),
        (
            {"generator": "triangle", "n_inside": 0},
            "The 'n_inside' parameter of make_triangle must be an int in the range "
            "[1, inf). Got 0.",
        ),
        (
            {"generator": "triangle", "gap": 1.0},
            "The 'gap' parameter of make_triangle must be a float in the range "
            "[0, 1). Got 1.0.",
        ),
        (
            {"generator": "triangle", "gap": 0.5, "pad": 0.5},
            "The 'pad' parameter of make_triangle must be a float in the range "
            "(0.5, inf). Got 0.5.",
        ),
        (
            {"generator": "three_discs", "n_per_cluster": 0},
            "The 'n_per_cluster' parameter of make_three_discs must be an int in "
            "the range [1, inf). Got 0.",
        ),
        (
            {"generator": "three_discs", "radius": 1.0},
            "The 'radius' parameter of make_three_discs must be a float in the "
            "range (0, 1). Got 1.0.",
        ),
        (
            {"generator": "three_discs", "radius": 0},
            "The 'radius' parameter of make_three_discs must be a float in the "
            "range (0, 1). Got 0.",
        ),
        (
            {"generator": "three_discs", "left_factor": 1.5},
            "The 'left_factor' parameter of make_three_discs must be an int in "
            "the range [1, inf). Got 1.5.",
        ),
        (
            {"generator": "forward_trap", "n_samples": 5},
            "The 'n_samples' parameter of make_forward_trap must be an int in the "
            "range (5, inf). Got 5.",
        ),
        (
            {"generator": "forward_trap", "delta": 0},
            "The 'delta' parameter of make_forward_trap must be a float in the "
            "range (0, inf). Got 0.",
        ),
        (
            {"generator": "forward_trap", "noise": -0.1},
            "The 'noise' parameter of make_forward_trap must be a float in the "
            "range [0, inf). Got -0.1.",
        ),
        (
            {"generator": "moons", "label_noise": 0.5},
            "The 'label_noise' parameter of flip_labels must be a float in the "
            "range [0, 0.5). Got 0.5.",
        ),
    ],
)
def test_make_dataset_invalid_values(spec: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=f"^{re.escape(message)}$") as info:
        make_dataset(spec)
    assert not isinstance(info.value, DatasetError)


@pytest.mark.parametrize("seed", ["abc", True, 1.5])
def test_make_dataset_invalid_seed(seed: object) -> None:
    with pytest.raises(ValueError, match="random_state must be"):
        make_dataset({"generator": "moons", "seed": seed})


@pytest.mark.parametrize(
    "spec",
    [
        {"generator": "xor", "n_samples": 8},
        {"generator": "circles", "n_samples": 20},
        {"generator": "moons", "n_samples": 20},
        {"generator": "blobs", "n_samples": 20},
        {"generator": "blobs", "n_samples": 20, "n_features": 5},
        {"generator": "three_clusters", "n_samples": 30},
        {"generator": "interval", "n_samples": 20},
        {"generator": "triangle", "n_inside": 4},
        {"generator": "three_discs", "n_per_cluster": 4},
        {"generator": "forward_trap", "n_samples": 20},
        {"generator": "sparse_regression", "n_samples": 20},
        {"generator": "sparse_regression", "n_samples": 20, "n_features": 4},
        {"generator": "breast_cancer"},
        {"generator": "diabetes"},
    ],
    ids=lambda spec: "-".join(str(v) for v in spec.values()),
)
def test_dataset_shape_is_the_shape_make_dataset_gives(spec: dict) -> None:
    from marginlab.core.datasets import dataset_shape

    data = make_dataset(spec)
    shape = dataset_shape(spec)
    assert (shape.n_features, shape.task) == (data.X.shape[1], data.task)


def test_dataset_shape_of_a_user_csv_reads_only_its_header(tmp_path: Path) -> None:
    from marginlab.core.datasets import dataset_shape

    path = tmp_path / "mine.csv"
    # A broken second row: the shape needs the header only.
    path.write_text("\n a , label , b \n1,oops\n")
    shape = dataset_shape({"generator": "csv", "path": str(path)})
    assert (shape.n_features, shape.task) == (2, "classification")
    with pytest.raises(DatasetError, match=r"nope\.csv: no such file"):
        dataset_shape({"generator": "csv", "path": str(tmp_path / "nope.csv")})
    (tmp_path / "empty.csv").write_text("\n\n")
    with pytest.raises(DatasetError, match="the file is empty"):
        dataset_shape({"generator": "csv", "path": str(tmp_path / "empty.csv")})
    with pytest.raises(DatasetError, match="unknown generator 'spirals'"):
        dataset_shape({"generator": "spirals"})


# --------------------------------------------------------------------------
# A user's column names never meet the bookkeeping columns
# --------------------------------------------------------------------------


def _user_csv(tmp_path: Path, header: str, m: int = 40) -> Path:
    """A CSV of m rows: ``header``'s columns, the features x·(j+1), label ±1."""
    names = header.split(",")
    rows = []
    for i in range(m):
        cells = [
            ("1" if i % 2 else "-1") if name == "label" else f"{i * (j + 1)}.5"
            for j, name in enumerate(names)
        ]
        rows.append(",".join(cells))
    return _write(tmp_path / "mine.csv", header + "\n" + "\n".join(rows) + "\n")


def test_a_feature_named_flipped_stays_a_feature(tmp_path: Path) -> None:
    """results/data/mine.csv of a user CSV with a ``flipped`` feature reads
    back as two features and no noise mask (it read as one feature and a
    mask, and knn_k died with an IndexError)."""
    source = _user_csv(tmp_path, "x1,flipped,label")
    data = make_dataset({"generator": "csv", "path": str(source)})
    write_dataset(data, tmp_path / "out.csv")
    back = read_dataset(tmp_path / "out.csv")
    assert back.X.shape == (40, 2)
    assert back.feature_names == ("x1", "flipped")
    assert back.flipped is None
    _assert_bitwise_equal(back.X, data.X)
    np.testing.assert_array_equal(back.y, data.y)


def test_a_feature_named_flipped_beside_label_noise(tmp_path: Path) -> None:
    """With label noise the mask is a column of its own after ``label``: the
    feature keeps its values (the mask overwrote them)."""
    source = _user_csv(tmp_path, "flipped,x1,label")
    spec = {"generator": "csv", "path": str(source), "label_noise": 0.25}
    data = make_dataset(spec)
    assert data.flipped is not None
    out = tmp_path / "out.csv"
    write_dataset(data, out)
    assert out.read_text().splitlines()[0] == "flipped,x1,label,flipped"
    back = read_dataset(out)
    _assert_bitwise_equal(back.X, data.X)
    assert back.feature_names == ("flipped", "x1")
    assert back.flipped is not None
    np.testing.assert_array_equal(back.flipped, data.flipped)
    np.testing.assert_array_equal(back.y, data.y)


@pytest.mark.parametrize(
    "header", ["target,x1,label", "x1,label,target", "flipped,target,label"]
)
def test_a_user_feature_named_target_stays_a_feature(
    header: str, tmp_path: Path
) -> None:
    """A feature called ``target`` does not make a classification CSV a
    regression dataset, wherever the columns are."""
    data = load_csv(_user_csv(tmp_path, header))
    write_dataset(data, tmp_path / "out.csv")
    back = read_dataset(tmp_path / "out.csv")
    assert back.task == "classification"
    assert back.feature_names == tuple(h for h in header.split(",") if h != "label")
    _assert_bitwise_equal(back.X, data.X)


@pytest.mark.parametrize(
    "names", [("label", "flipped"), ("flipped",), ("target", "label", "flipped")]
)
@pytest.mark.parametrize("task", ["classification", "regression"])
def test_reserved_names_round_trip_as_features(
    names: tuple[str, ...], task: str, tmp_path: Path
) -> None:
    rng = np.random.default_rng(0)
    X = rng.standard_normal((6, len(names)))
    y = np.array([-1.0, 1.0] * 3) if task == "classification" else rng.random(6)
    flipped = np.array([1, 0, 0, 1, 0, 0], bool) if task == "classification" else None
    data = Dataset(X, y, names, task, flipped)  # type: ignore[arg-type]
    write_dataset(data, tmp_path / "d.csv")
    back = read_dataset(tmp_path / "d.csv")
    _assert_bitwise_equal(back.X, X)
    _assert_bitwise_equal(back.y, y)
    assert (back.feature_names, back.task) == (names, task)
    if flipped is None:
        assert back.flipped is None
    else:
        np.testing.assert_array_equal(back.flipped, flipped)


_ANY_NAME = _NAME | st.sampled_from(["label", "target", "flipped"])


@FAST
@given(data=_datasets(), names=st.data())
def test_write_read_round_trip_any_feature_names(
    data: Dataset, names: st.DataObject, tmp_path_factory: pytest.TempPathFactory
) -> None:
    """As :func:`test_write_read_round_trip`, the bookkeeping names included."""
    n = data.X.shape[1]
    chosen = tuple(names.draw(st.lists(_ANY_NAME, min_size=n, max_size=n, unique=True)))
    data = Dataset(data.X, data.y, chosen, data.task, data.flipped)
    path = tmp_path_factory.mktemp("rt") / "data.csv"
    write_dataset(data, path)
    back = read_dataset(path)
    _assert_bitwise_equal(back.X, data.X)
    _assert_bitwise_equal(back.y, data.y)
    assert (back.feature_names, back.task) == (chosen, data.task)
    assert (back.flipped is None) == (data.flipped is None)


def test_generated_data_on_disk_are_unchanged(tmp_path: Path) -> None:
    """The columns of a generated dataset's file are as before: features,
    ``label``, ``flipped``."""
    data = make_dataset({"generator": "moons", "n_samples": 6, "label_noise": 0.2})
    write_dataset(data, tmp_path / "m.csv")
    text = (tmp_path / "m.csv").read_text()
    assert text.splitlines()[0] == "x1,x2,label,flipped"
    assert text == data.to_frame().to_csv(index=False, lineterminator="\n")


# --------------------------------------------------------------------------
# What a header without 'label' looks like
# --------------------------------------------------------------------------

HEADER_HINTS = {
    "semicolons": (
        "x1;x2;label\n1;2;1\n3;4;0\n",
        ": no 'label' column: the header line was read as 1 column "
        "('x1;x2;label'), and the file seems to separate its columns with ';' "
        "(semicolons); a marginlab CSV is comma-separated",
    ),
    "decimal-commas": (
        "x1;x2;label\n1,5;2,5;1\n",
        "separate its columns with ';' (semicolons)",
    ),
    "tabs": (
        "x1\tx2\tlabel\n1\t2\t1\n",
        "separate its columns with '\\t' (tabs)",
    ),
    "case": ("x1,Label\n1,1\n", "(columns: x1, Label); 'Label' differs from 'label'"),
    "numbers": (
        "1.5,2,1\n3,4,0\n",
        "(columns: 1.5, 2, 1); the first line holds numbers, not column names",
    ),
    "other-name": ("x1,class\n1,1\n", "must be in a column named 'label'"),
}


@pytest.mark.parametrize(("text", "fragment"), HEADER_HINTS.values(), ids=HEADER_HINTS)
def test_a_header_without_label_says_what_it_looks_like(
    text: str, fragment: str, tmp_path: Path
) -> None:
    from marginlab.core.datasets import dataset_shape

    path = _write(tmp_path / "mine.csv", text)
    pattern = re.escape(str(path)) + ".*" + re.escape(fragment)
    with pytest.raises(DatasetError, match=pattern):
        load_csv(path)
    # The configuration check reads the header only: the same message, not
    # "1 feature" (which a study drawing in the plane reported as the problem).
    with pytest.raises(DatasetError, match=pattern):
        dataset_shape({"generator": "csv", "path": str(path)})


@pytest.mark.parametrize("label_first", [True, False])
def test_a_byte_order_mark_is_ignored(label_first: bool, tmp_path: Path) -> None:
    """Spreadsheets save UTF-8 with a byte-order mark: it no longer hides
    ``label`` (or sticks to the first feature's name)."""
    text = "label,x1\n1,0.5\n0,1.5\n" if label_first else "x1,label\n0.5,1\n1.5,0\n"
    path = tmp_path / "bom.csv"
    path.write_bytes(b"\xef\xbb\xbf" + text.encode())
    data = load_csv(path)
    assert data.feature_names == ("x1",)
    np.testing.assert_array_equal(data.X, [[0.5], [1.5]])
    np.testing.assert_array_equal(data.y, [1.0, -1.0])


def test_utf16_is_named(tmp_path: Path) -> None:
    path = tmp_path / "wide.csv"
    path.write_bytes("x1,label\n1,1\n2,0\n".encode("utf-16"))
    with pytest.raises(DatasetError, match="UTF-16 text; save it as UTF-8"):
        load_csv(path)


# --------------------------------------------------------------------------
# Values whose squares overflow
# --------------------------------------------------------------------------


def test_safe_magnitude_keeps_squared_distances_finite() -> None:
    from marginlab.core.datasets import safe_magnitude
    from marginlab.core.kernels import squared_distances

    for m, d in [(2, 1), (2, 2), (40, 2), (10_000, 30)]:
        big = safe_magnitude(m, d)
        with np.errstate(over="ignore"):
            assert np.isfinite(np.float64(4 * d * m) * np.float64(big) ** 2)
            assert not np.isfinite(np.float64(4 * d * m) * np.float64(1.5 * big) ** 2)
        X = np.full((2, d), big)
        X[0] = -big
        with np.errstate(over="raise"):
            D = squared_distances(X)
            assert np.isfinite(D).all()
            assert np.isfinite(D[0].sum() * (m / 2))  # a sum of m of them


def test_load_csv_refuses_values_whose_squares_overflow(tmp_path: Path) -> None:
    """Features around 1e199 made squared distances inf (K14's 1-NN training
    error then read 0.85): refused, naming line and column, and why."""
    rows = "".join(f"{i}.5,{i % 3},{i % 2}\n" for i in range(38))
    path = _write(tmp_path / "big.csv", "x1,x2,label\n" + rows + "2,1e199,0\n1,-3,1\n")
    with pytest.raises(DatasetError) as info:
        load_csv(path)
    message = str(info.value)
    assert message.startswith(f"{path}, line 40, column 'x2': 1e199 is too large")
    assert "squared distances between 40 points in 2 dimensions would overflow" in (
        message
    )
    assert "\n" not in message


def test_load_csv_takes_large_values_that_stay_finite(tmp_path: Path) -> None:
    path = _write(tmp_path / "ok.csv", "x1,label\n1e150,1\n-1e150,0\n")
    data = load_csv(path)
    assert np.isfinite(((data.X[0] - data.X[1]) ** 2).sum())


# --------------------------------------------------------------------------
# Rows and classes without making the data
# --------------------------------------------------------------------------

COUNTED = [
    {"generator": name, "n_samples": n}
    for name in ("xor", "circles", "moons", "blobs", "three_clusters")
    for n in (4, 5, 6, 7, 31)
] + [
    {"generator": "interval", "n_samples": 30},
    {"generator": "triangle", "n_inside": 7},
    {"generator": "three_discs", "n_per_cluster": 3, "left_factor": 2},
    {"generator": "three_discs"},
    {"generator": "breast_cancer"},
    {"generator": "moons", "n_samples": 31, "label_noise": 0.2, "seed": 4},
]


@pytest.mark.parametrize(
    "spec", COUNTED, ids=lambda spec: "-".join(str(v) for v in spec.values())
)
def test_rows_and_class_counts_are_those_make_dataset_gives(spec: dict) -> None:
    from marginlab.core.datasets import class_counts, dataset_rows

    data = make_dataset(spec)
    assert dataset_rows(spec) == data.n_samples
    negative = int(np.count_nonzero(data.y < 0))
    assert class_counts(spec) == {"-1": negative, "+1": data.n_samples - negative}


@pytest.mark.parametrize(
    "spec",
    [
        {"generator": "sparse_regression", "n_samples": 33},
        {"generator": "forward_trap"},
        {"generator": "diabetes"},
    ],
)
def test_rows_of_regression_data(spec: dict) -> None:
    from marginlab.core.datasets import class_counts, dataset_rows

    assert dataset_rows(spec) == make_dataset(spec).n_samples
    with pytest.raises(DatasetError, match="regression data, not classes"):
        class_counts(spec)


def test_rows_and_classes_of_a_user_csv(tmp_path: Path) -> None:
    from marginlab.core.datasets import class_counts, count_csv_rows, dataset_rows

    text = "\n x1 ,label\n1,cat\n\n2,dog\n3,dog\n  \n4,dog"  # no final newline
    path = _write(tmp_path / "mine.csv", text)
    spec = {"generator": "csv", "path": str(path)}
    assert count_csv_rows(path) == dataset_rows(spec) == 4
    assert class_counts(spec) == {"cat": 1, "dog": 3}
    numeric = _write(tmp_path / "n.csv", "x1,label\n1,0\n2,1.0\n3,1\n")
    assert class_counts({"generator": "csv", "path": str(numeric)}) == {"0": 1, "1": 2}
    with pytest.raises(DatasetError, match="no such file"):
        count_csv_rows(tmp_path / "nope.csv")
