"""Claim S7: forward stepwise when a few predictors matter, backward when most do.

Shewchuk, Lecture 14, §14.2 'Subset Selection': "Forward stepwise selection
is a better choice when you suspect only a few features will be good
predictors. Backward stepwise is better when you suspect most of the features
will be necessary. If you're lucky, you'll stop early." Both searches stop
when the validation error stops improving: forward stepwise "repeatedly
add[s] best feature until test errors start increasing", backward stepwise
"repeatedly remove[s] feature whose removal gives best reduction in test
errors". Which direction is "better" is read two ways here: the number of
models each search trains before it stops (the lecture's "stop early"), and
the test error of the model it keeps.

:func:`stepwise_direction_tables` draws, for two regimes of the same design
(a few informative features among d, or most of the d), several independent
training and test sets, runs both stopped searches on each training set
(K-fold cross-validation of least squares with intercept on the same folds)
and scores the two kept models on the same test points.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from ...core.contract.validation import check_scalar
from ...estimators.model_selection import kfold_indices
from ...estimators.selection import (
    backward_stepwise,
    forward_stepwise,
    least_squares,
)

#: The two regimes, in table order: name, config key of its number of
#: informative features, and the direction the lecture favours in it.
REGIMES: tuple[tuple[str, str, str], ...] = (
    ("few", "few_informative", "forward"),
    ("many", "many_informative", "backward"),
)


def support_indices(n_features: int, n_informative: int) -> np.ndarray:
    """Indices of the informative features, spread evenly over 0..d−1.

    round(linspace(0, d − 1, k)): the "beta-type 1" design of Hastie,
    Tibshirani and Tibshirani (2020), k weights equal to 1 at roughly equally
    spaced indices, so that with the Toeplitz correlation of
    :func:`design` the informative features are not bunched together.

    Examples
    --------
    >>> support_indices(20, 3).tolist()
    [0, 10, 19]
    """
    d = int(check_scalar(n_features, "n_features", "support_indices", kind="int"))
    k = int(
        check_scalar(
            n_informative,
            "n_informative",
            "support_indices",
            kind="int",
            low=1,
            high=d,
            closed="both",
        )
    )
    idx = np.round(np.linspace(0.0, d - 1.0, k)).astype(int)
    if np.unique(idx).size != k:  # pragma: no cover - linspace steps are >= 1
        raise ValueError(f"support_indices: {k} of {d} indices collide: {idx}")
    return idx


def design(
    rng: np.random.Generator,
    n_samples: int,
    n_features: int,
    n_informative: int,
    rho: float,
    noise: float,
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """One draw of the regression y = Xβ + ε of a regime.

    The rows of X are N(0, Σ) with Σ_ij = ρ^|i−j| (Toeplitz: neighbouring
    features share information, as the lecture's "different features can
    partly encode same information"); β_j = 1 on
    :func:`support_indices` and 0 elsewhere; ε ~ N(0, noise²). The noise is
    the same in both regimes, so that every informative feature is an equally
    good predictor in both and the regimes differ only in how many there are.

    Returns
    -------
    X : ndarray of shape (n_samples, n_features)
    y : ndarray of shape (n_samples,)
    beta : ndarray of shape (n_features,)
    """
    d = n_features
    lags = np.abs(np.subtract.outer(np.arange(d), np.arange(d)))
    L = np.linalg.cholesky(float(rho) ** lags)
    X = rng.standard_normal((n_samples, d)) @ L.T
    beta = np.zeros(d)
    beta[support_indices(d, n_informative)] = 1.0
    y = X @ beta + float(noise) * rng.standard_normal(n_samples)
    return X, y, beta


def backward_stopped(
    X: np.ndarray, y: np.ndarray, n_splits: int, seed: int
) -> tuple[tuple[int, ...], int, int]:
    """Backward stepwise selection stopped when no removal lowers the CV error.

    The mirror of forward stepwise's ``early_stop``: from the model of all d
    features (CV error E_0), step s removes the feature whose removal gives
    the smallest CV error E_s (:func:`~marginlab.backward_stepwise`,
    criterion ``"cv"``, the same folds); at the first s with E_s > E_{s−1} the
    search stops, keeps the model before it and has trained the models of
    step s too. The search is greedy and deterministic, so the stopped search
    is the start of the full path, whose ``n_models`` column counts the
    models trained up to each step. The last step (one feature → the null
    model, which predicts the training mean) compares with the null model's
    CV error on the same folds, which neither search counts as a model.

    Returns
    -------
    features : tuple of int
        The model kept (``()`` for the null model).
    n_models : int
        Models trained by the stopped search.
    stop_step : int
        The step at which the CV error rose; d + 1 if it never did.
    """
    d = X.shape[1]
    full = backward_stepwise(X, y, n_splits, seed, criterion="cv")
    path = full.path.sort_values("step")
    cv = path["cv_mse"].to_numpy()
    counts = path["n_models"].to_numpy()
    features = list(path["features"])
    for step in range(1, d):
        if cv[step] > cv[step - 1]:
            return tuple(features[step - 1]), int(counts[step]), step
    null = forward_stepwise(X, y, n_splits, seed, max_features=1).null_cv_mse
    if null > cv[d - 1]:
        return tuple(features[d - 1]), int(counts[d - 1]), d
    return (), int(counts[d - 1]), d + 1


def _predict(
    X: np.ndarray, y: np.ndarray, Z: np.ndarray, features: tuple[int, ...]
) -> np.ndarray:
    """Least squares with intercept on ``features``, refitted on (X, y), at Z."""
    cols = list(features)
    if not cols:
        return np.full(Z.shape[0], float(y.mean()))
    coef, intercept = least_squares(X[:, cols], y)
    return Z[:, cols] @ coef + intercept


def stepwise_direction_tables(
    *,
    n_features: int = 20,
    few_informative: int = 3,
    many_informative: int = 17,
    rho: float = 0.35,
    noise: float = 2.5,
    n_train: int = 100,
    n_test: int = 300,
    n_replicates: int = 30,
    seed: int = 41,
    n_splits: int = 5,
    cv_seed: int = 0,
) -> tuple[pd.DataFrame, pd.DataFrame]:
    """S7: stopped forward and backward stepwise selection in two regimes.

    For each regime (``few_informative`` or ``many_informative`` of the
    ``n_features`` features carry weight 1, :func:`design`) and each of
    ``n_replicates`` replicates, a training set of ``n_train`` points and a
    test set of ``n_test`` points are drawn from
    ``numpy.random.default_rng([seed, regime, replicate])``. On the training
    set, with the same K folds (``cv_seed``):

    - forward stepwise with the lecture's stop
      (:func:`~marginlab.forward_stepwise`, ``early_stop=True``:
      the first step whose best model has a larger CV error than the model
      before it ends the search);
    - backward stepwise with the mirror stop (:func:`backward_stopped`).

    Each kept model is refitted on the whole training set (least squares
    with intercept) and scored on the test set.

    Parameters
    ----------
    n_features : int
        d.
    few_informative, many_informative : int
        1 ≤ few < many ≤ d.
    rho : float in [0, 1)
        Σ_ij = ρ^|i−j|.
    noise : float ≥ 0
        Standard deviation of ε.
    n_train, n_test : int
        Each fold's training part must have more than d + 1 points, so that
        backward's starting model is determined.
    n_replicates : int ≥ 2
    seed : int
    n_splits : int, default=5
        K.
    cv_seed : int, default=0
        Seeds the folds.

    Returns
    -------
    replicates : DataFrame
        One row per regime and replicate: ``regime``, ``favoured`` (the
        direction the lecture favours), ``replicate``, ``d``,
        ``n_informative``, ``n_train``, ``n_test``, ``n_splits``, ``rho``,
        ``noise``; per direction (prefix ``forward_`` / ``backward_``):
        ``size`` (features kept), ``true`` (informative features among them),
        ``models`` (models trained), ``stop`` (the step at which the CV error
        rose, d + 1 if never), ``test_mse``; and ``full_models`` =
        d(d + 1)/2 (either full path), ``oracle_test_mse`` (least squares on
        the informative features) and ``all_test_mse`` (on all d).
    losses : DataFrame
        One row per regime, replicate and test point: ``regime``,
        ``replicate``, ``point``, the squared errors ``forward`` and
        ``backward`` of the two kept models.
    """
    d = int(
        check_scalar(
            n_features,
            "n_features",
            "stepwise_direction",
            kind="int",
            low=2,
            closed="left",
        )
    )
    sizes = {"few_informative": few_informative, "many_informative": many_informative}
    for key, k in sizes.items():
        check_scalar(
            k, key, "stepwise_direction", kind="int", low=1, high=d, closed="both"
        )
    if not few_informative < many_informative:
        raise ValueError(
            "stepwise_direction: few_informative must be smaller than "
            f"many_informative; got {few_informative} and {many_informative}."
        )
    check_scalar(rho, "rho", "stepwise_direction", low=0.0, high=1.0, closed="left")
    check_scalar(noise, "noise", "stepwise_direction", low=0.0, closed="left")
    n_test = int(check_scalar(n_test, "n_test", "stepwise_direction", kind="int"))
    reps = int(
        check_scalar(n_replicates, "n_replicates", "stepwise_direction", kind="int")
    )
    if reps < 2 or n_test < 2:
        raise ValueError(
            "stepwise_direction: intervals need n_replicates >= 2 and n_test >= 2; "
            f"got {reps} and {n_test}."
        )
    fold_train = min(
        len(train) for train, _ in kfold_indices(np.zeros(n_train), n_splits, 0, False)
    )
    if fold_train <= d + 1:
        raise ValueError(
            f"stepwise_direction: {n_splits}-fold CV on n_train = {n_train} points "
            f"leaves {fold_train} training points per fold; backward stepwise's "
            f"starting model of d = {d} features needs more than d + 1 = {d + 1}."
        )
    records, losses = [], []
    for r_index, (regime, key, favoured) in enumerate(REGIMES):
        k = sizes[key]
        support = set(support_indices(d, k).tolist())
        for rep in range(reps):
            rng = np.random.default_rng([seed, r_index, rep])
            X, y, _ = design(rng, n_train + n_test, d, k, rho, noise)
            Xtr, ytr, Xte, yte = X[:n_train], y[:n_train], X[n_train:], y[n_train:]
            fwd = forward_stepwise(Xtr, ytr, n_splits, cv_seed, early_stop=True)
            fwd_features = tuple(fwd.path["features"].iloc[-1]) if len(fwd.path) else ()
            fwd_stop = fwd.stop_step if fwd.stop_step is not None else d + 1
            bwd_features, bwd_models, bwd_stop = backward_stopped(
                Xtr, ytr, n_splits, cv_seed
            )
            kept = {"forward": fwd_features, "backward": bwd_features}
            errors = {
                name: (yte - _predict(Xtr, ytr, Xte, f)) ** 2
                for name, f in kept.items()
            }
            oracle = (yte - _predict(Xtr, ytr, Xte, tuple(sorted(support)))) ** 2
            everything = (yte - _predict(Xtr, ytr, Xte, tuple(range(d)))) ** 2
            record = {
                "regime": regime,
                "favoured": favoured,
                "replicate": rep,
                "d": d,
                "n_informative": k,
                "n_train": n_train,
                "n_test": n_test,
                "n_splits": n_splits,
                "rho": float(rho),
                "noise": float(noise),
            }
            for name, models, stop in (
                ("forward", fwd.n_models, fwd_stop),
                ("backward", bwd_models, bwd_stop),
            ):
                record |= {
                    f"{name}_size": len(kept[name]),
                    f"{name}_true": len(support.intersection(kept[name])),
                    f"{name}_models": int(models),
                    f"{name}_stop": int(stop),
                    f"{name}_test_mse": float(errors[name].mean()),
                }
            record |= {
                "full_models": d * (d + 1) // 2,
                "oracle_test_mse": float(oracle.mean()),
                "all_test_mse": float(everything.mean()),
            }
            records.append(record)
            losses.append(
                pd.DataFrame(
                    {
                        "regime": regime,
                        "replicate": rep,
                        "point": np.arange(n_test),
                        "forward": errors["forward"],
                        "backward": errors["backward"],
                    }
                )
            )
    return pd.DataFrame(records), pd.concat(losses, ignore_index=True)
