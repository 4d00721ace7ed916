"""K19: the Gaussian hypothesis oscillates less than polynomials (depending on σ).

Shewchuk, Lecture 14, 'The Gaussian Kernel': "Oscillates less than polynomials
(depending on sigma)". One learner for every kernel, kernel ridge regression on
the ±1 labels with one λ (:class:`marginlab.KernelRidge`), on
1-D data, so that a hypothesis f(z) = Σ_j a_j k(x_j, z) is a curve:

* the Gaussian kernel exp(−(x − z)²/2σ²) for every σ of a grid;
* the polynomial kernel (1 + xz)^p for every degree p of a grid (f is then a
  polynomial of degree p).

Oscillation is measured, the same way for every curve, as the number of local
extrema of f over the data range [min x, max x]: the sign changes of the
differences of f on a fine grid (:func:`count_extrema`). Extrapolation is
measured as the largest |f| beyond the data range (up to ``extend`` times the
range on each side) against the largest |f| inside it. The choices the claim
rows use are made here, from the fits alone: σ by cross-validation, and for
each σ the polynomial of smallest degree that fits the training data as well.

The claim is about the data's distribution, not one sample: the same is done
on further training sets of the dataset's generator
(:func:`~marginlab.experiments._shared.samples.training_sets`), and the table
``replicates`` gives, for each, the choices and the numbers the claim rows read.

"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
import pandas as pd

from ...core.datasets import Dataset
from ...core.kernels import Gaussian, Polynomial
from ...estimators.kernel_ridge import KernelRidge
from ...estimators.model_selection import cross_val_error
from .._shared.samples import replicate_columns, training_sets

#: Differences of f smaller than this fraction of its range over the data are
#: not counted as a change of direction (rounding on a flat stretch).
FLAT = 1e-9


def count_extrema(f: np.ndarray, flat: float = FLAT) -> int:
    """Number of local extrema of a curve sampled on an ordered grid.

    The sign changes of the successive differences Δf_k = f_{k+1} − f_k,
    skipping the differences with |Δf_k| ≤ ``flat`` · (max f − min f).

    Examples
    --------
    >>> z = np.linspace(-2, 2, 401)
    >>> count_extrema(z**3 - z), count_extrema(z), count_extrema(np.ones(5))
    (2, 0, 0)
    """
    f = np.asarray(f, dtype=float)
    spread = float(np.ptp(f)) if f.size else 0.0
    step = np.diff(f)
    signs = np.sign(step[np.abs(step) > flat * spread])
    return int(np.count_nonzero(signs[1:] != signs[:-1]))


def oscillation_tables(
    data: Dataset,
    sigmas: Sequence[float],
    degrees: Sequence[int],
    lam: float,
    n_grid: int,
    extend: float,
    n_splits: int,
    cv_seed: int,
    name: str = "data",
    generator: Mapping[str, Any] | None = None,
    n_replicates: int = 1,
    replicate_seed: int = 0,
) -> tuple[pd.DataFrame, pd.DataFrame, pd.DataFrame, pd.DataFrame]:
    """K19: Gaussian and polynomial kernel ridge hypotheses on the same line.

    Parameters
    ----------
    data : Dataset
        One feature, labels ±1.
    sigmas : sequence of float
        Widths σ of the Gaussian kernel.
    degrees : sequence of int
        Degrees p of the polynomial kernel (1 + xz)^p.
    lam : float
        λ of every fit.
    n_grid : int
        Points of the grid over the data range; the extension on each side is
        sampled at the same spacing.
    extend : float
        The extension on each side, as a fraction of the data range.
    n_splits, cv_seed : int
        K-fold cross-validation (stratified on the labels, the same folds for
        every kernel) of the squared error.
    name : str
    generator : mapping or None, default=None
        ``data``'s configuration entry, from which the further training sets
        are made (:func:`~marginlab.experiments._shared.samples.training_sets`);
        None (a dataset no seeded generator makes) gives ``data`` alone.
    n_replicates : int ≥ 1, default=1
        Training sets of the table ``replicates``, ``data``'s included.
    replicate_seed : int, default=0
        The seed from which the other training sets' generator seeds are
        derived (:func:`~marginlab.experiments._shared.samples.replicate_seed`).

    Returns
    -------
    summary : DataFrame
        One row per hypothesis: ``dataset, kernel`` ("gaussian", "polynomial"),
        ``param`` (σ or p), ``n_extrema`` over the data range, ``train_mse``,
        ``train_error`` (of sign f), ``cv_mse``, ``max_abs_inside``,
        ``max_abs_outside`` (largest |f| over the extensions), ``far_abs``
        (largest |f| at the two outer ends), ``lam, n_points, x_min, x_max,
        extend``; and the choices of the claim rows: ``cv_choice`` (the σ of
        smallest cross-validated squared error, ties to the larger σ) and,
        for each σ, ``matched_degree``, the smallest degree whose polynomial
        fits the training data at least as well (squared error; NaN if none).
    curves : DataFrame
        ``kernel, param, z, f, inside``: every hypothesis on the grid.
    points : DataFrame
        ``x, label``: the data.
    replicates : DataFrame
        One row per training set (:func:`replicate_row`): ``replicate, seed``
        (replicate 0 is ``data``, its row read from ``summary``),
        ``sigma_star, matched_degree, gaussian_extrema, polynomial_extrema,
        gaussian_ratio, polynomial_ratio`` (a ratio: largest |f| beyond the
        data range over the largest on it), ``gaussian_train_mse,
        polynomial_train_mse, n_points``. The polynomial's columns are NaN
        when no degree fits as well; every column but ``n_points`` is NaN on a
        set whose smallest class has fewer than ``n_splits`` points (the
        stratified cross-validation cannot choose σ*).
    """
    if data.X.shape[1] != 1:
        raise ValueError(
            f"K19 draws hypotheses on a line; the data have {data.X.shape[1]} features."
        )
    settings = dict(
        sigmas=sigmas,
        degrees=degrees,
        lam=lam,
        n_grid=n_grid,
        extend=extend,
        n_splits=n_splits,
        cv_seed=cv_seed,
        name=name,
    )
    summary, curves = _hypotheses(data, **settings)
    per_set = []
    for rep in training_sets(data, generator, n_replicates, replicate_seed):
        if rep.replicate == 0:
            fitted: pd.DataFrame | None = summary
        elif _can_fold(rep.data.y, n_splits):
            fitted = _hypotheses(rep.data, **settings)[0]
        else:
            fitted = None
        per_set.append(
            {**replicate_columns(rep), **replicate_row(fitted, rep.data.n_samples)}
        )
    replicates = pd.DataFrame(per_set, columns=list(REPLICATE_COLUMNS)).astype(
        {"seed": "Int64"}
    )
    points = pd.DataFrame({"x": data.X[:, 0], "label": data.y.astype(int)})
    return summary, curves, points, replicates


#: The columns of the table ``replicates``, in order.
REPLICATE_COLUMNS = (
    "replicate",
    "seed",
    "sigma_star",
    "matched_degree",
    "gaussian_extrema",
    "polynomial_extrema",
    "gaussian_ratio",
    "polynomial_ratio",
    "gaussian_train_mse",
    "polynomial_train_mse",
    "n_points",
)


def replicate_row(summary: pd.DataFrame | None, n_points: int) -> dict[str, float]:
    """K19's numbers on one training set, from its ``summary``: the Gaussian
    at σ* (``cv_choice``) and the polynomial of its ``matched_degree`` (NaN
    columns when none; all NaN when ``summary`` is None, a set the
    cross-validation could not fold)."""
    row = dict.fromkeys(REPLICATE_COLUMNS[2:], float("nan")) | {"n_points": n_points}
    if summary is None:
        return row
    chosen = summary[summary["cv_choice"].astype(str) == "True"].iloc[0]
    row |= {
        "sigma_star": float(chosen["param"]),
        "gaussian_extrema": float(chosen["n_extrema"]),
        "gaussian_ratio": float(chosen["max_abs_outside"] / chosen["max_abs_inside"]),
        "gaussian_train_mse": float(chosen["train_mse"]),
    }
    degree = chosen["matched_degree"]
    if pd.isna(degree):
        return row
    poly = summary[
        (summary["kernel"] == "polynomial") & (summary["param"] == degree)
    ].iloc[0]
    return row | {
        "matched_degree": float(degree),
        "polynomial_extrema": float(poly["n_extrema"]),
        "polynomial_ratio": float(poly["max_abs_outside"] / poly["max_abs_inside"]),
        "polynomial_train_mse": float(poly["train_mse"]),
    }


def _can_fold(y: np.ndarray, n_splits: int) -> bool:
    """Whether stratified ``n_splits``-fold cross-validation can split ``y``:
    two classes, each with at least ``n_splits`` points."""
    _, counts = np.unique(y, return_counts=True)
    return len(counts) == 2 and int(counts.min()) >= int(n_splits)


def _hypotheses(
    data: Dataset,
    sigmas: Sequence[float],
    degrees: Sequence[int],
    lam: float,
    n_grid: int,
    extend: float,
    n_splits: int,
    cv_seed: int,
    name: str,
) -> tuple[pd.DataFrame, pd.DataFrame]:
    """The tables ``summary`` and ``curves`` of :func:`oscillation_tables` on
    one training set ``data``."""
    X, y = data.X, data.y
    lo, hi = float(X.min()), float(X.max())
    inside = np.linspace(lo, hi, int(n_grid))
    h = inside[1] - inside[0]
    k = int(np.ceil(extend * (hi - lo) / h))
    left = lo - h * np.arange(k, 0, -1)
    right = hi + h * np.arange(1, k + 1)
    z = np.concatenate([left, inside, right])
    is_inside = np.concatenate(
        [np.zeros(k, bool), np.ones(inside.size, bool), np.zeros(k, bool)]
    )
    specs = [("gaussian", float(s), Gaussian(sigma=float(s))) for s in sigmas] + [
        ("polynomial", int(p), Polynomial(degree=int(p), c=1.0)) for p in degrees
    ]
    rows, frames = [], []
    for kernel_name, param, kernel in specs:
        model = KernelRidge(kernel=kernel, lam=lam).fit(X, y)
        f = model.predict(z[:, None])
        fit = model.predict(X)
        cv = cross_val_error(
            lambda kernel=kernel: KernelRidge(kernel=kernel, lam=lam),
            X,
            y,
            n_splits,
            cv_seed,
            scoring="mse",
            stratify=True,
        )
        rows.append(
            {
                "dataset": name,
                "kernel": kernel_name,
                "param": param,
                "n_extrema": count_extrema(f[is_inside]),
                "train_mse": float(np.mean((fit - y) ** 2)),
                "train_error": float(np.mean(np.where(fit >= 0, 1.0, -1.0) != y)),
                "cv_mse": cv.mean,
                "max_abs_inside": float(np.abs(f[is_inside]).max()),
                "max_abs_outside": float(np.abs(f[~is_inside]).max()) if k else np.nan,
                "far_abs": float(max(abs(f[0]), abs(f[-1]))),
                "lam": float(lam),
                "n_points": int(X.shape[0]),
                "x_min": lo,
                "x_max": hi,
                "extend": float(extend),
            }
        )
        frames.append(
            pd.DataFrame(
                {
                    "kernel": kernel_name,
                    "param": param,
                    "z": z,
                    "f": f,
                    "inside": is_inside,
                }
            )
        )
    return _with_choices(pd.DataFrame(rows)), pd.concat(frames, ignore_index=True)


def _with_choices(summary: pd.DataFrame) -> pd.DataFrame:
    """Add K19's two choices, made from the fits alone (never from extrema):
    ``cv_choice``, true on the Gaussian row of smallest cross-validated squared
    error (ties: the larger σ), and ``matched_degree``, on each Gaussian row,
    the smallest degree p whose polynomial's training squared error is at most
    that Gaussian's (NaN if no degree of the grid fits as well)."""
    out = summary.copy()
    gauss = out["kernel"] == "gaussian"
    poly = out[out["kernel"] == "polynomial"].sort_values("param")
    best = out.loc[gauss, "cv_mse"].min()
    chosen = out[gauss & (out["cv_mse"] == best)].sort_values("param").index[-1]
    out["cv_choice"] = out.index == chosen
    out["matched_degree"] = [
        float(fits["param"].iloc[0]) if len(fits) else np.nan
        for fits in (
            poly[poly["train_mse"] <= mse] if g else poly.iloc[:0]
            for g, mse in zip(gauss, out["train_mse"], strict=True)
        )
    ]
    return out
