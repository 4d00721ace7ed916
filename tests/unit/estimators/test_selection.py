"""Subset selection and the Lasso (marginlab.estimators.selection): least
squares and ridge, best subset, forward and backward stepwise (and stopping
early), Lasso paths against scikit-learn, and parameter errors."""

from __future__ import annotations

import itertools
import math
import warnings

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sklearn.linear_model import Lasso as SkLasso
from sklearn.linear_model import LassoCV as SkLassoCV
from sklearn.linear_model import Ridge as SkRidge
from sklearn.linear_model import lasso_path as sk_lasso_path

from marginlab import (
    cross_val_error,
    grid_search,
    kfold_indices,
)
from marginlab.core.contract.exceptions import ConvergenceWarning
from marginlab.core.datasets import make_dataset
from marginlab.estimators.selection import (
    Lasso,
    Ridge,
    backward_model_count,
    backward_stepwise,
    best_subset,
    forward_model_count,
    forward_stepwise,
    lasso_alpha_max,
    lasso_cv,
    lasso_path,
    least_squares,
    ridge,
    ridge_path,
    z_scores,
)


def _regression(m: int = 120, d: int = 6, k: int = 3, seed: int = 0):
    data = make_dataset(
        {
            "generator": "sparse_regression",
            "n_samples": m,
            "n_features": d,
            "n_informative": k,
            "noise": 1.0,
            "seed": seed,
        }
    )
    return data.X, data.y


def _cv_mse_by_hand(X, y, subset, n_splits, seed) -> float:
    """CV MSE of least squares with an explicit intercept column (no centering)."""
    errors = []
    for train, test in kfold_indices(y, n_splits, seed, stratify=False):
        A = np.column_stack([np.ones(len(train)), X[np.ix_(train, subset)]])
        coef = np.linalg.lstsq(A, y[train], rcond=None)[0]
        B = np.column_stack([np.ones(len(test)), X[np.ix_(test, subset)]])
        errors.append(np.mean((y[test] - B @ coef) ** 2))
    return float(np.mean(errors))


# --- least squares, z-scores, ridge ------------------------------------------------


def test_least_squares_and_ridge_match_sklearn() -> None:
    X, y = _regression()
    coef, b = least_squares(X, y)
    A = np.column_stack([np.ones(len(y)), X])
    full = np.linalg.lstsq(A, y, rcond=None)[0]
    np.testing.assert_allclose(coef, full[1:], atol=1e-10)
    assert b == pytest.approx(full[0])
    for lam in (0.0, 0.5, 10.0, 1e4):
        coef, b = ridge(X, y, lam)
        peer = SkRidge(alpha=lam, solver="svd").fit(X, y)  # same sum, no 1/m
        np.testing.assert_allclose(coef, peer.coef_, atol=1e-10)
        assert b == pytest.approx(peer.intercept_, abs=1e-10)
        model = Ridge(lam=lam).fit(X, y)
        np.testing.assert_allclose(model.predict(X), peer.predict(X), atol=1e-9)


def test_ridge_path_matches_ridge_and_shrinks() -> None:
    X, y = _regression()
    lams = [0.0, 1.0, 100.0, 1e6]
    coefs = ridge_path(X, y, lams)
    assert coefs.shape == (X.shape[1], 4)
    for k, lam in enumerate(lams):
        np.testing.assert_allclose(coefs[:, k], ridge(X, y, lam)[0], atol=1e-12)
    norms = np.linalg.norm(coefs, axis=0)
    assert np.all(np.diff(norms) < 0)
    assert np.all(coefs[:, :3] != 0.0)  # S1: ridge sets no weight exactly to 0


@pytest.mark.parametrize("lam", [-1.0, math.nan, "1"])
def test_ridge_rejects_bad_lambda(lam: object) -> None:
    X, y = _regression()
    with pytest.raises(ValueError, match=r"'lam' parameter of ridge must be a float"):
        ridge(X, y, lam)
    with pytest.raises(ValueError, match=r"'lam' parameter of Ridge"):
        Ridge(lam=lam).fit(X, y)


def test_z_scores_match_the_textbook_formula() -> None:
    X, y = _regression(m=60, d=5)
    m, d = X.shape
    A = np.column_stack([np.ones(m), X])
    inverse = np.linalg.inv(A.T @ A)
    coef = inverse @ A.T @ y
    sigma = np.sqrt(np.sum((y - A @ coef) ** 2) / (m - d - 1))
    expected = coef[1:] / (sigma * np.sqrt(np.diagonal(inverse)[1:]))
    np.testing.assert_allclose(z_scores(X, y), expected, rtol=1e-9)
    with pytest.raises(ValueError, match="more samples than features"):
        z_scores(X[:6], y[:6])


# --- subset selection -----------------------------------------------------------


def test_best_subset_equals_brute_force() -> None:
    X, y = _regression(m=80, d=5, seed=3)
    result = best_subset(X, y, n_splits=4, seed=1)
    d = X.shape[1]
    assert result.n_models == 2**d - 1 == len(result.models)
    for row in result.path.itertuples():
        scores = {
            s: _cv_mse_by_hand(X, y, list(s), 4, 1)
            for s in itertools.combinations(range(d), row.size)
        }
        best = min(scores, key=scores.get)
        assert row.features == best
        assert row.cv_mse == pytest.approx(scores[best], rel=1e-9)
        assert row.n_models == sum(math.comb(d, s) for s in range(1, row.size + 1))
    sizes = result.path["size"].tolist()
    assert sizes == list(range(1, d + 1))
    assert result.best_cv_mse == result.path["cv_mse"].min()


def test_best_subset_finds_the_true_support() -> None:
    data = make_dataset(
        {
            "generator": "sparse_regression",
            "n_samples": 300,
            "n_features": 8,
            "n_informative": 3,
            "noise": 0.5,
            "seed": 2,
        }
    )
    result = best_subset(data.X, data.y, n_splits=5, seed=0)
    truth = tuple(np.flatnonzero(data.coef).tolist())
    assert result.path.loc[result.path["size"] == 3, "features"].item() == truth


@pytest.mark.parametrize("d", [1, 2, 5, 7])
def test_forward_stepwise_counts_match_the_formula(d: int) -> None:
    X, y = _regression(m=50, d=d, k=1)
    result = forward_stepwise(X, y, n_splits=3, seed=0)
    assert result.n_models == d * (d + 1) // 2 == forward_model_count(d)
    assert len(result.models) == result.n_models
    assert result.path["n_models"].tolist() == [
        forward_model_count(d, k) for k in range(1, d + 1)
    ]
    if d >= 3:
        partial = forward_stepwise(X, y, n_splits=3, seed=0, max_features=2)
        assert partial.n_models == 2 * d - 1 == forward_model_count(d, 2)
        assert partial.path["features"].tolist() == result.path["features"][:2].tolist()


def test_forward_stepwise_is_greedy_on_the_same_folds() -> None:
    X, y = _regression(m=80, d=6, seed=4)
    result = forward_stepwise(X, y, n_splits=4, seed=2)
    chosen: list[int] = []
    for row in result.path.itertuples():
        scores = {
            j: _cv_mse_by_hand(X, y, sorted([*chosen, j]), 4, 2)
            for j in range(6)
            if j not in chosen
        }
        assert row.added == min(scores, key=scores.get)
        chosen.append(row.added)
        assert row.cv_mse == pytest.approx(scores[row.added], rel=1e-9)
        assert row.features == tuple(sorted(chosen))


def test_forward_stepwise_can_miss_the_best_pair() -> None:
    """S3: y = x1 + x2 and x3 = x1 + x2 + noise: forward starts with x3."""
    rng = np.random.default_rng(0)
    x1, x2 = rng.standard_normal((2, 200))
    x3 = x1 + x2 + 0.5 * rng.standard_normal(200)
    X = np.column_stack([x1, x2, x3])
    y = x1 + x2 + 0.1 * rng.standard_normal(200)
    forward = forward_stepwise(X, y, n_splits=5, seed=0)
    best = best_subset(X, y, n_splits=5, seed=0)
    assert forward.path["features"][0] == (2,)
    assert best.path["features"][1] == (0, 1)
    assert 2 in forward.path["features"][1]
    assert forward.path["cv_mse"][1] > best.path["cv_mse"][1]
    assert (forward.n_models, best.n_models) == (6, 7)


@pytest.mark.parametrize("criterion", ["cv", "zscore"])
@pytest.mark.parametrize("k", [1, 3])
def test_backward_stepwise_counts_and_path(criterion: str, k: int) -> None:
    X, y = _regression(m=70, d=6, seed=5)
    result = backward_stepwise(X, y, 4, 0, criterion=criterion, min_features=k)
    assert result.n_models == backward_model_count(6, k, criterion)
    assert len(result.models) == result.n_models
    assert result.path["size"].tolist() == list(range(6, k - 1, -1))
    if criterion == "cv" and k == 1:
        assert result.n_models == 6 * 7 // 2
    if criterion == "zscore" and k == 1:
        assert result.n_models == 6
    features = result.path["features"].tolist()
    for before, after, removed in zip(
        features[:-1], features[1:], result.path["removed"][1:], strict=True
    ):
        assert set(before) - set(after) == {removed}
    for row in result.path.itertuples():
        assert row.cv_mse == pytest.approx(
            _cv_mse_by_hand(X, y, list(row.features), 4, 0), rel=1e-9
        )


def test_backward_by_z_scores_removes_the_smallest_z() -> None:
    """S4: at every step the removed feature has the smallest |z|."""
    X, y = _regression(m=100, d=7, k=3, seed=6)
    result = backward_stepwise(X, y, criterion="zscore")
    current = list(range(7))
    for row in result.path.iloc[1:].itertuples():
        z = z_scores(X[:, current], y)
        assert row.removed == current[int(np.argmin(np.abs(z)))]
        assert row.removed == row.argmin_abs_z
        assert row.z_removed == pytest.approx(z[current.index(row.removed)])
        current.remove(row.removed)


def test_backward_stepwise_by_cv_is_greedy() -> None:
    X, y = _regression(m=80, d=5, seed=7)
    result = backward_stepwise(X, y, n_splits=4, seed=3)
    current = list(range(5))
    for row in result.path.iloc[1:].itertuples():
        scores = {
            j: _cv_mse_by_hand(X, y, [c for c in current if c != j], 4, 3)
            for j in current
        }
        assert row.removed == min(scores, key=scores.get)
        current.remove(row.removed)


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (
            lambda X, y: best_subset(X, y, n_splits=1),
            r"'n_splits' parameter of best_subset",
        ),
        (
            lambda X, y: forward_stepwise(X, y, max_features=7),
            r"'max_features' parameter of forward_stepwise .* \[1, 6\]",
        ),
        (
            lambda X, y: forward_stepwise(X, y, n_splits=1000),
            r"'n_splits' parameter of forward_stepwise .* \[2, 120\]",
        ),
        (
            lambda X, y: backward_stepwise(X, y, min_features=0),
            r"'min_features' parameter",
        ),
        (
            lambda X, y: backward_stepwise(X, y, criterion="aic"),
            r"'criterion' parameter",
        ),
        (
            lambda X, y: best_subset(np.zeros((5, 21)), np.arange(5.0)),
            r"'n_features' parameter of best_subset",
        ),
    ],
)
def test_selection_rejects_bad_parameters(call, message: str) -> None:
    X, y = _regression()
    with pytest.raises(ValueError, match=message):
        call(X, y)


# --- Lasso ------------------------------------------------------------------------


def test_lasso_path_matches_sklearn() -> None:
    X, y = _regression(m=300, d=20, k=5, seed=8)
    Xc, yc = X - X.mean(axis=0), y - y.mean()
    alphas, coefs = lasso_path(X, y, tol=1e-10, max_iter=100_000)
    assert alphas.shape == (100,)
    assert coefs.shape == (20, 100)
    assert np.all(np.diff(alphas) < 0)
    assert alphas[0] == pytest.approx(np.max(np.abs(Xc.T @ yc)) / len(y))
    assert alphas[-1] == pytest.approx(1e-3 * alphas[0])
    _, peer, _ = sk_lasso_path(Xc, yc, alphas=alphas, tol=1e-10, max_iter=100_000)
    assert np.max(np.abs(coefs - peer)) < 1e-6


def test_lasso_path_at_alpha_max_is_zero() -> None:
    X, y = _regression(m=100, d=8, seed=9)
    amax = lasso_alpha_max(X, y)
    alphas, coefs = lasso_path(X, y, [amax, amax * (1 - 1e-6), amax * 0.9], tol=1e-12)
    assert np.all(coefs[:, 0] == 0.0)
    assert np.count_nonzero(coefs[:, 2]) >= 1
    alphas, coefs = lasso_path(X, y, [2 * amax, 10 * amax])
    assert np.all(coefs == 0.0)
    np.testing.assert_array_equal(alphas, [10 * amax, 2 * amax])  # decreasing


def test_lasso_intercepts_and_estimator_match_sklearn_lasso() -> None:
    X, y = _regression(m=150, d=10, seed=10)
    y = y + 5.0
    X = X + np.linspace(-2, 3, 10)
    alphas = [0.5, 0.1, 0.01]
    _, coefs, intercepts = lasso_path(X, y, alphas, tol=1e-12, return_intercept=True)
    for k, alpha in enumerate(alphas):
        peer = SkLasso(alpha=alpha, tol=1e-12, max_iter=100_000).fit(X, y)
        np.testing.assert_allclose(coefs[:, k], peer.coef_, atol=1e-7)
        assert intercepts[k] == pytest.approx(peer.intercept_, abs=1e-7)
        ours = Lasso(lam=alpha, tol=1e-12).fit(X, y)
        np.testing.assert_allclose(ours.predict(X), peer.predict(X), atol=1e-6)


@settings(max_examples=30, deadline=None)
@given(
    m=st.integers(5, 40),
    d=st.integers(1, 12),
    seed=st.integers(0, 10_000),
)
def test_lasso_solutions_satisfy_kkt(m: int, d: int, seed: int) -> None:
    """|X_cᵀr/m|_j ≤ λ everywhere, = λ·sign(w_j) where w_j ≠ 0 (also for d > m)."""
    rng = np.random.default_rng(seed)
    X = rng.standard_normal((m, d))
    y = X @ rng.standard_normal(d) + rng.standard_normal(m)
    alphas, coefs, intercepts = lasso_path(
        X, y, n_alphas=8, eps=1e-2, tol=1e-12, max_iter=100_000, return_intercept=True
    )
    for k, lam in enumerate(alphas):
        r = y - X @ coefs[:, k] - intercepts[k]
        assert abs(r.mean()) < 1e-8  # the intercept is unpenalized
        q = (X - X.mean(axis=0)).T @ r / m
        scale = max(lam, 1e-12)
        assert np.all(np.abs(q) <= lam + 1e-5 * scale + 1e-9)
        nz = coefs[:, k] != 0
        np.testing.assert_allclose(
            q[nz], lam * np.sign(coefs[nz, k]), atol=1e-5 * scale + 1e-9
        )


def test_lasso_zeros_grow_with_lambda_on_diabetes() -> None:
    """S1 on the 10-feature diabetes data: zero weights by λ, ridge none."""
    pytest.importorskip("sklearn")
    data = make_dataset({"generator": "diabetes"})
    alphas, coefs = lasso_path(data.X, data.y, n_alphas=30, tol=1e-8, max_iter=10**5)
    zeros = (coefs == 0.0).sum(axis=0)
    assert zeros[0] == data.X.shape[1]
    assert zeros[-1] < zeros[0]
    assert np.count_nonzero(ridge_path(data.X, data.y, alphas) == 0.0) == 0


def test_lasso_n_iter_counts_the_sweeps_of_the_fit() -> None:
    """n_iter_ is the sweeps at λ = lam from w = 0: the fewest max_iter that
    converges (one fewer warns); the count changes nothing of the fit."""
    X, y = _regression(m=120, d=15, k=4, seed=3)
    model = Lasso(lam=0.01, tol=1e-10, max_iter=10_000).fit(X, y)
    assert isinstance(model.n_iter_, int)
    assert 1 < model.n_iter_ < 10_000
    _, coefs, intercepts, n_iters = lasso_path(
        X,
        y,
        [0.01],
        tol=1e-10,
        max_iter=10_000,
        return_intercept=True,
        return_n_iter=True,
    )
    assert n_iters.tolist() == [model.n_iter_]
    np.testing.assert_array_equal(coefs[:, 0], model.coef_)  # bit for bit
    assert intercepts[0] == model.intercept_
    plain = lasso_path(X, y, [0.01], tol=1e-10, max_iter=10_000)[1]
    np.testing.assert_array_equal(plain, coefs)
    with warnings.catch_warnings():
        warnings.simplefilter("error", ConvergenceWarning)
        again = Lasso(lam=0.01, tol=1e-10, max_iter=model.n_iter_).fit(X, y)
    assert again.n_iter_ == model.n_iter_
    np.testing.assert_array_equal(again.coef_, model.coef_)
    with pytest.warns(ConvergenceWarning, match=f"max_iter={model.n_iter_ - 1}"):
        short = Lasso(lam=0.01, tol=1e-10, max_iter=model.n_iter_ - 1).fit(X, y)
    assert short.n_iter_ == model.n_iter_ - 1
    # Above α_max, w = 0 is optimal: one sweep over an empty active set.
    assert Lasso(lam=2 * lasso_alpha_max(X, y)).fit(X, y).n_iter_ == 1


def test_lasso_path_n_iters_per_alpha_from_the_warm_start() -> None:
    X, y = _regression(m=100, d=10, seed=4)
    alphas, coefs, n_iters = lasso_path(X, y, n_alphas=6, tol=1e-8, return_n_iter=True)
    assert n_iters.shape == alphas.shape
    assert n_iters.dtype.kind == "i"
    assert n_iters[0] == 1  # α_max: w = 0 at once
    assert np.all((n_iters >= 1) & (n_iters <= 1000))
    np.testing.assert_array_equal(coefs, lasso_path(X, y, n_alphas=6, tol=1e-8)[1])
    with pytest.warns(ConvergenceWarning):
        *_, capped = lasso_path(
            X, y, n_alphas=6, tol=1e-14, max_iter=1, return_n_iter=True
        )
    assert capped.tolist() == [1] * 6


def test_lasso_path_warns_at_the_iteration_cap() -> None:
    X, y = _regression(m=100, d=10)
    with pytest.warns(ConvergenceWarning, match="max_iter=1"):
        lasso_path(X, y, n_alphas=5, tol=1e-14, max_iter=1)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"alphas": [0.1, -1.0]}, r"'alphas' parameter of lasso_path .* \(0, inf\)"),
        ({"alphas": [0.0]}, r"'alphas' parameter of lasso_path"),
        ({"alphas": []}, "alphas is empty"),
        ({"eps": 1.5}, r"'eps' parameter of lasso_path"),
        ({"n_alphas": 0}, r"'n_alphas' parameter of lasso_path"),
        ({"tol": 0.0}, r"'tol' parameter of lasso_path"),
        ({"max_iter": 0}, r"'max_iter' parameter of lasso_path"),
    ],
)
def test_lasso_path_rejects_bad_parameters(kwargs: dict, message: str) -> None:
    X, y = _regression()
    with pytest.raises(ValueError, match=message):
        lasso_path(X, y, **kwargs)


def test_lasso_cv_matches_sklearn_on_the_same_folds() -> None:
    X, y = _regression(m=120, d=10, k=3, seed=11)
    result = lasso_cv(X, y, n_splits=4, seed=5, n_alphas=30, tol=1e-10)
    folds = kfold_indices(y, 4, 5, stratify=False)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", FutureWarning)
        peer = SkLassoCV(alphas=result.alphas, cv=folds, tol=1e-10, max_iter=100_000)
        peer.fit(X, y)
    np.testing.assert_allclose(
        result.table["cv_mse"], peer.mse_path_.mean(axis=1), rtol=1e-6
    )
    assert result.alpha == pytest.approx(peer.alpha_)
    np.testing.assert_allclose(result.coef, peer.coef_, atol=1e-6)
    assert list(result.table.columns) == ["alpha", "cv_mse", "cv_std", "n_nonzero"]


def test_regressors_work_with_cross_validation_and_grid_search() -> None:
    X, y = _regression(m=100, d=6, seed=12)
    cv = cross_val_error(lambda: Ridge(lam=0.0), X, y, n_splits=5, scoring="mse")
    assert cv.mean == pytest.approx(_cv_mse_by_hand(X, y, list(range(6)), 5, 0))
    table, best = grid_search(
        lambda lam: Lasso(lam=lam),
        {"lam": [1.0, 0.1, 0.01]},
        X,
        y,
        n_splits=5,
        scoring="mse",
    )
    assert best["lam"] == table["lam"][int(np.argmin(table["cv_error"]))]


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10_000), lam=st.floats(0.01, 2.0))
def test_lasso_duality_gap_uses_a_feasible_dual_point(seed: int, lam: float) -> None:
    # At any w (not only the optimum), the gap is P(w) − D(θ) at the scaled
    # residual θ = s·r/m, s = min(1, λ/‖Xᵀr/m‖∞), which satisfies ‖Xᵀθ‖∞ ≤ λ:
    # recomputed here from X directly, and non-negative by weak duality.
    from marginlab.estimators.selection.lasso import _duality_gap

    rng = np.random.default_rng(seed)
    m, d = 30, 6
    X = rng.standard_normal((m, d))
    y = X @ rng.standard_normal(d) + rng.standard_normal(m)
    w = rng.standard_normal(d) * rng.integers(0, 2, d)
    r = y - X @ w
    q = X.T @ r / m
    s = min(1.0, lam / np.max(np.abs(q)))
    theta = s * r / m
    assert np.max(np.abs(X.T @ theta)) <= lam * (1 + 1e-12)
    primal = 0.5 * r @ r / m + lam * np.abs(w).sum()
    dual = 0.5 * y @ y / m - 0.5 * m * np.sum((theta - y / m) ** 2)
    gap = _duality_gap(w, q, X.T @ y / m, float(y @ y) / m, lam)
    assert gap == pytest.approx(primal - dual, rel=1e-9, abs=1e-12)
    assert gap >= -1e-12


def test_early_stop_trains_the_truncated_count_and_is_a_prefix(sparse) -> None:
    X, y = sparse.X, sparse.y
    full = forward_stepwise(X, y, 5, 3)
    stopped = forward_stepwise(X, y, 5, 3, early_stop=True)
    d = X.shape[1]
    s = stopped.stop_step
    assert s is not None
    assert 1 < s <= d
    assert stopped.n_models == forward_model_count(d, s)
    k = len(stopped.path)
    assert k == s - 1
    assert list(stopped.path["features"]) == list(full.path["features"][:k])
    # The CV error fell at every step kept and rose at the step that stopped.
    cv = np.concatenate([[stopped.null_cv_mse], stopped.path["cv_mse"]])
    assert np.all(np.diff(cv) <= 0)
    rising = stopped.models[stopped.models["step"] == s]["cv_mse"].min()
    assert rising > cv[-1]
    assert rising == full.path["cv_mse"].iloc[s - 1]
    assert stopped.best_features == tuple(stopped.path["features"].iloc[-1])


def test_without_early_stop_nothing_changes(sparse) -> None:
    r = forward_stepwise(sparse.X, sparse.y, 5, 3)
    assert r.stop_step is None
    assert r.n_models == forward_model_count(sparse.X.shape[1])
    assert len(r.path) == sparse.X.shape[1]


def test_null_model_cv_error_is_the_fold_mean_squared_deviation(sparse) -> None:
    X, y = sparse.X, sparse.y
    r = forward_stepwise(X, y, 4, 7, max_features=1)
    folds = kfold_indices(y, 4, 7, stratify=False)
    expected = np.mean([np.mean((y[te] - y[tr].mean()) ** 2) for tr, te in folds])
    assert r.null_cv_mse == pytest.approx(expected)


def test_a_first_rise_keeps_the_null_model() -> None:
    """Pure-noise features: find a seed where one feature already raises the CV
    error; the search then keeps no feature and trained only the d first models."""
    for seed in range(50):
        rng = np.random.default_rng(seed)
        X, y = rng.standard_normal((12, 3)), rng.standard_normal(12)
        r = forward_stepwise(X, y, 3, 0, early_stop=True)
        if r.stop_step == 1:
            break
    else:  # pragma: no cover
        pytest.fail("no seed gave a rise at the first step")
    assert r.path.empty
    assert r.best_features == ()
    assert r.best_cv_mse == r.null_cv_mse
    assert r.n_models == forward_model_count(3, 1) == 3
