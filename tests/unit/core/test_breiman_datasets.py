"""Breiman's benchmark generators (twonorm, threenorm, ringnorm, waveform) and
the OCR digit pairs (digits_1_7, digits_4_9): their definitions, their Bayes
errors, and their place in the registry, the shape tables and the schema.

Statistical checks use one large sample drawn with a fixed seed; each states
its tolerance (a z-score of the sample's own standard error, or a binomial
interval), so a failure means the generator moved away from its definition,
not bad luck of a seed."""

from __future__ import annotations

import copy
import math
import re

import numpy as np
import pytest
import yaml
from scipy import integrate, stats

from marginlab.core.datasets import (
    GENERATORS,
    WAVEFORM_BASES,
    WAVEFORM_PAIRS,
    DatasetError,
    class_counts,
    dataset_rows,
    dataset_shape,
    load_digits_pair,
    make_dataset,
    make_ringnorm,
    make_threenorm,
    make_twonorm,
    make_waveform,
)
from marginlab.pipeline import config as checks

from ..pipeline.test_config import MINIMAL, SCHEMA

GAUSSIANS = ("twonorm", "threenorm", "ringnorm")
GENERATED = (*GAUSSIANS, "waveform")
DIGITS = ("digits_1_7", "digits_4_9")
NEW = (*GENERATED, *DIGITS)
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


# --------------------------------------------------------------------------
# Shapes, labels, seeds
# --------------------------------------------------------------------------


@pytest.mark.parametrize("name", NEW)
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


@pytest.mark.parametrize("name", GENERATED)
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


# --------------------------------------------------------------------------
# The definitions: moments
# --------------------------------------------------------------------------


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


# --------------------------------------------------------------------------
# Bayes errors
# --------------------------------------------------------------------------


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


# --------------------------------------------------------------------------
# The digit pairs
# --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "first", "second"), [(DIGITS[0], 1, 7), (DIGITS[1], 4, 9)]
)
def test_digit_pairs_are_sklearn_s_images(name: str, first: int, second: int) -> None:
    from sklearn.datasets import load_digits

    bunch = load_digits()
    keep = np.isin(bunch.target, [first, second])
    data = make_dataset({"generator": name})
    np.testing.assert_array_equal(data.X, bunch.data[keep])
    np.testing.assert_array_equal(data.y > 0, bunch.target[keep] == first)
    assert data.feature_names == tuple(bunch.feature_names)
    assert data.X.min() == 0.0
    assert data.X.max() == 16.0
    flipped = load_digits_pair(second, first)
    np.testing.assert_array_equal(flipped.y, -data.y)


def test_digit_pairs_take_label_noise_but_no_seed() -> None:
    data = make_dataset({"generator": "digits_4_9", "label_noise": 0.1})
    assert int(data.flipped.sum()) == round(0.1 * 361)
    with pytest.raises(DatasetError, match="generator 'digits_1_7': .*'seed'"):
        make_dataset({"generator": "digits_1_7", "seed": 0})


# --------------------------------------------------------------------------
# Rows, shapes and classes without making the data
# --------------------------------------------------------------------------

SPECS = [
    {"generator": name, "n_samples": m} for name in GENERATED for m in (2, 3, 4, 5, 31)
] + [
    {"generator": "ringnorm", "n_samples": 9, "n_features": 3},
    {"generator": "waveform"},
    {"generator": "twonorm", "n_samples": 31, "label_noise": 0.2, "seed": 4},
    *({"generator": name} for name in DIGITS),
]


@pytest.mark.parametrize(
    "spec", SPECS, ids=lambda spec: "-".join(str(v) for v in spec.values())
)
def test_shape_rows_and_classes_are_those_make_dataset_gives(spec: dict) -> None:
    data = make_dataset(spec)
    shape = dataset_shape(spec)
    assert (shape.n_features, shape.task) == (data.X.shape[1], data.task)
    assert dataset_rows(spec) == data.n_samples
    negative = int(np.count_nonzero(data.y < 0))
    assert class_counts(spec) == {"-1": negative, "+1": data.n_samples - negative}


# --------------------------------------------------------------------------
# Bad parameters
# --------------------------------------------------------------------------

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


@pytest.mark.parametrize(
    ("first", "second", "message"),
    [
        (
            1,
            10,
            "The 'second' parameter of load_digits_pair must be an int in "
            "the range [0, 9]. Got 10.",
        ),
        (
            -1,
            7,
            "The 'first' parameter of load_digits_pair must be an int in "
            "the range [0, 9]. Got -1.",
        ),
        (
            1.0,
            7,
            "The 'first' parameter of load_digits_pair must be an int in "
            "the range [0, 9]. Got 1.0.",
        ),
        (
            4,
            4,
            "The 'first' and 'second' parameters of load_digits_pair must be "
            "different digits. Got 4 twice.",
        ),
    ],
)
def test_bad_digit_pairs_are_named(first, second, message: str) -> None:
    with pytest.raises(ValueError, match=f"^{re.escape(message)}$"):
        load_digits_pair(first, second)


@pytest.mark.parametrize(
    ("spec", "keyword"),
    [
        ({"generator": "waveform", "n_features": 30}, "n_features"),
        ({"generator": "twonorm", "noise": 0.1}, "noise"),
        ({"generator": "digits_4_9", "n_samples": 10}, "n_samples"),
    ],
)
def test_unknown_keywords_are_named(spec: dict, keyword: str) -> None:
    name = spec["generator"]
    with pytest.raises(DatasetError, match=f"generator '{name}': .*'{keyword}'"):
        make_dataset(spec)


# --------------------------------------------------------------------------
# The configuration schema
# --------------------------------------------------------------------------


def _generator_enum() -> list[str]:
    return SCHEMA["$defs"]["dataset"]["properties"]["generator"]["enum"]


def test_the_schema_names_every_generator() -> None:
    assert sorted(_generator_enum()) == sorted(GENERATORS)


def _config(**datasets: dict) -> dict:
    cfg = yaml.safe_load(MINIMAL)
    cfg["datasets"].update(copy.deepcopy(datasets))
    return cfg


def test_every_new_name_passes_the_configuration_check() -> None:
    cfg = _config(
        **{name: {"generator": name} for name in NEW},
        twonorm_big={"generator": "twonorm", "n_samples": 100_000, "n_features": 50},
        waveform_noisy={"generator": "waveform", "label_noise": 0.1, "seed": 3},
        digits_noisy={"generator": "digits_1_7", "label_noise": 0.2},
    )
    filled, problem = checks.check(cfg, SCHEMA)
    assert problem is None
    assert filled["datasets"]["twonorm"] == {
        "generator": "twonorm",
        "n_samples": 300,
        "n_features": 20,
        "label_noise": 0.0,
        "seed": 0,
    }
    assert filled["datasets"]["digits_4_9"] == {
        "generator": "digits_4_9",
        "label_noise": 0.0,
    }


@pytest.mark.parametrize(
    ("spec", "expected"),
    [
        (
            {"generator": "twonorm", "n_samples": 100_001},
            "'datasets.d.n_samples': 100001 is greater than the maximum of 100000",
        ),
        (
            {"generator": "ringnorm", "n_features": 1001},
            "'datasets.d.n_features': 1001 is greater than the maximum of 1000",
        ),
        (
            {"generator": "threenorm", "n_samples": 1},
            "'datasets.d.n_samples': 1 is less than the minimum of 2",
        ),
        (
            {"generator": "waveform", "n_features": 21},
            "unknown key 'datasets.d.n_features'",
        ),
        ({"generator": "digits_1_7", "seed": 1}, "unknown key 'datasets.d.seed'"),
        ({"generator": "digits_4_9", "label_noise": 0.5}, "'datasets.d.label_noise'"),
        (
            {"generator": "digits_3_8"},
            "'datasets.d.generator': 'digits_3_8' is not one of",
        ),
    ],
)
def test_bad_specs_are_named_in_one_line(spec: dict, expected: str) -> None:
    _, problem = checks.check(_config(d=spec), SCHEMA)
    assert problem is not None
    assert "\n" not in problem
    assert expected in problem
