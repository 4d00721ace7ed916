"""What one update of the dual weights costs: K18 (the O(n) update of Ka) and
K20 (primal against dual perceptron).

K18 (Shewchuk, Lecture 14, 'Kernel Perceptrons' and 'Kernel Logistic
Regression'): "can update Ka in O(n) time"; "every time you update one weight
a_i … update Ka in O(n) time so you don't have to compute it from scratch". The
dual perceptron and stochastic kernel logistic regression keep f = Ka + b with
:func:`kernelboost.perceptron.update_scores`. This study follows both through
real runs, comparing the kept f with a fresh K @ a + b after every update, and
times one update done both ways as n grows.

K20 (Huang 2017, 'Primal Perceptron' and 'Dual Perceptron'): "if #features >>
#examples, dual is easier; otherwise primal is easier". The primal perceptron on
explicit features φ(x) of dimension d' against the dual one with the kernel
k(x, z) = φ(x)·φ(z), on a grid of (n, d') that crosses d' = n; they are the same
algorithm (K6) and make the same mistakes, so only what one update and one
mistake check cost differs.

K18's times are the best of ``repeats`` calls after a warm-up
(:func:`kernelboost.studies.cost.best_time`), and its claims read fitted
exponents with their intervals; K20's are ``repeats`` side-by-side timings of
both forms, whose ratios give an interval. Wall times differ from run to run.
"""

from __future__ import annotations

import time
import warnings
from collections.abc import Sequence

import numpy as np
import pandas as pd

from ..datasets import Dataset
from ..exceptions import ConvergenceWarning
from ..feature_maps import tensor_power
from ..kernels import Gaussian, Polynomial
from ..logistic import KernelLogisticRegression
from ..perceptron import KernelPerceptron, Perceptron, update_scores
from .cost import COLUMNS as TIMING_COLUMNS
from .cost import best_time, exponent_table

#: The learners of K18, as the drift table names them.
LEARNERS = ("kernel perceptron", "kernel logistic regression, stochastic")


class DriftRecorder:
    """A ``fit`` callback that measures max |f − (K a + b)| after every update.

    The kept scores f and the weights a are copied after each update; every
    ``chunk`` updates the fresh products K @ a of the copies are formed in one
    matrix product (the same numbers as one matrix-vector product each, up to
    rounding) and compared with the kept f.

    Parameters
    ----------
    K : ndarray of shape (m, m)
        The Gram matrix, computed apart from the learner.
    chunk : int
        Updates per matrix product.
    """

    def __init__(self, K: np.ndarray, chunk: int = 512) -> None:
        self.K = K
        self.chunk = chunk
        self._a: list[np.ndarray] = []
        self._f: list[np.ndarray] = []
        self._b: list[float] = []
        self._i: list[int] = []
        self.rows: list[tuple[int, float, float]] = []

    def __call__(self, i: int, a: np.ndarray, b: float, f: np.ndarray) -> None:
        self._i.append(i)
        self._a.append(a.copy())
        self._f.append(f.copy())
        self._b.append(b)
        if len(self._a) == self.chunk:
            self.flush()

    def flush(self) -> None:
        """Compare the buffered scores with their recomputation."""
        if not self._a:
            return
        fresh = np.asarray(self._a) @ self.K.T + np.asarray(self._b)[:, None]
        drift = np.abs(np.asarray(self._f) - fresh).max(axis=1)
        scale = np.abs(fresh).max(axis=1)
        self.rows += list(zip(self._i, drift.tolist(), scale.tolist(), strict=True))
        self._a, self._f, self._b, self._i = [], [], [], []

    def table(self) -> pd.DataFrame:
        """``update, index, drift, scale``: one row per update, from 1."""
        self.flush()
        index, drift, scale = (list(c) for c in zip(*self.rows, strict=True))
        return pd.DataFrame(
            {
                "update": np.arange(1, len(index) + 1),
                "index": index,
                "drift": drift,
                "scale": scale,
            }
        )


def drift_table(
    data: Dataset,
    sigma: float,
    perceptron_epochs: int,
    logistic_epochs: int,
    step: float,
    l2: float,
    seed: int,
    name: str = "data",
) -> pd.DataFrame:
    """K18: the kept f = Ka + b against a fresh K @ a + b, after every update.

    The dual perceptron (with intercept) and kernel logistic regression by
    stochastic gradient ascent (as K9 runs it: no intercept, L2 penalty λ =
    ``l2``), both with the Gaussian kernel of width σ, on ``data``.

    Returns
    -------
    DataFrame
        ``dataset, learner, update, index, drift, scale`` with ``drift`` =
        max_j |f_j − (K a + b)_j| and ``scale`` = max_j |(K a + b)_j| after
        that update.
    """
    K = Gaussian(sigma=sigma)(data.X)
    frames = []
    learners = {
        LEARNERS[0]: KernelPerceptron(
            kernel=Gaussian(sigma=sigma), max_epochs=perceptron_epochs
        ),
        LEARNERS[1]: KernelLogisticRegression(
            kernel=Gaussian(sigma=sigma),
            method="stochastic",
            step=step,
            lam=l2,
            max_epochs=logistic_epochs,
            tol=0.0,
            random_state=seed,
        ),
    }
    for learner, model in learners.items():
        recorder = DriftRecorder(K)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", ConvergenceWarning)
            model.fit(data.X, data.y, callback=recorder)
        frame = recorder.table()
        frame.insert(0, "learner", learner)
        frame.insert(0, "dataset", name)
        frames.append(frame)
    return pd.concat(frames, ignore_index=True)


def update_timing_table(
    sizes: Sequence[int], updates: int, repeats: int, seed: int
) -> pd.DataFrame:
    """K18: time of one update of Ka, incremental against recomputed, vs n.

    For each n, the Gram matrix of n standard normal points in R² (Gaussian
    kernel, σ = 1) and ``updates`` random indices i. Incremental: α_i ← α_i + δ
    and :func:`~kernelboost.perceptron.update_scores`, O(n); recomputed: the same
    change of α_i, then f = K @ α, O(n²). The product is formed by numpy's own
    loops (``np.einsum``), single-threaded like the incremental update: a BLAS
    matrix-vector product wakes a thread pool on every call, which another
    process on the machine can stall for milliseconds.

    Returns
    -------
    DataFrame
        Columns of :data:`kernelboost.studies.cost.COLUMNS`: ``experiment`` =
        "update_vs_n", ``form`` ("incremental", "recompute"), ``degree`` 0,
        ``size`` n, ``seconds`` per update, ``unit`` "update", ``batch``.
    """
    rng = np.random.default_rng(seed)
    rows = []
    for n in sizes:
        K = Gaussian(sigma=1.0)(rng.standard_normal((n, 2)))
        alpha = rng.standard_normal(n)
        f = K @ alpha
        order = rng.integers(0, n, size=updates)

        def incremental(f=f, K=K, alpha=alpha, order=order):
            for i in order:
                alpha[i] += 0.5
                update_scores(f, K, i, 0.5)

        def recompute(f=f, K=K, alpha=alpha, order=order):
            for i in order:
                alpha[i] += 0.5
                np.einsum("ij,j->i", K, alpha, out=f)

        for form, call in (("incremental", incremental), ("recompute", recompute)):
            rows.append(
                {
                    "experiment": "update_vs_n",
                    "form": form,
                    "degree": 0,
                    "size": n,
                    "seconds": best_time(call, repeats) / updates,
                    "unit": "update",
                    "batch": updates,
                }
            )
    return pd.DataFrame(rows, columns=list(TIMING_COLUMNS))


def incremental_update_tables(
    data: Dataset,
    sigma: float,
    perceptron_epochs: int,
    logistic_epochs: int,
    step: float,
    l2: float,
    sizes: Sequence[int],
    updates: int,
    repeats: int,
    seed: int,
    name: str = "data",
) -> tuple[pd.DataFrame, pd.DataFrame, pd.DataFrame]:
    """K18: the drift table (:func:`drift_table`), the update timings
    (:func:`update_timing_table`) and their fitted exponents
    (:func:`~kernelboost.studies.cost.exponent_table`)."""
    drift = drift_table(
        data, sigma, perceptron_epochs, logistic_epochs, step, l2, seed, name
    )
    timings = update_timing_table(sizes, updates, repeats, seed)
    return drift, timings, exponent_table(timings)


def _primal(X: np.ndarray, y: np.ndarray, degree: int, epochs: int) -> Perceptron:
    """φ(X) = the degree-p tensor power of (1, x), then the perceptron on it."""
    phi = tensor_power(X, degree, 1.0)
    return Perceptron(max_epochs=epochs).fit(phi, y)


def _dual(X: np.ndarray, y: np.ndarray, degree: int, epochs: int) -> KernelPerceptron:
    """The kernel perceptron with (1 + x·z)^p (it forms the Gram matrix)."""
    kernel = Polynomial(degree=degree, c=1.0)
    return KernelPerceptron(kernel=kernel, max_epochs=epochs).fit(X, y)


def _seconds(fn, calls: int) -> float:
    """Wall seconds per call of ``calls`` calls of ``fn``."""
    start = time.perf_counter()
    for _ in range(calls):
        fn()
    return (time.perf_counter() - start) / calls


def primal_dual_cost_table(
    n_sizes: Sequence[int],
    input_dims: Sequence[int],
    degree: int,
    epochs: int,
    repeats: int,
    min_seconds: float,
    max_elements: int,
    dominance: float,
    min_size: int,
    seed: int,
) -> pd.DataFrame:
    """K20: training time of the primal and the dual perceptron over (n, d').

    For every n of ``n_sizes`` and d of ``input_dims``: n points x ~ N(0, I_d/d)
    with random labels ±1 and features of dimension d' = (d + 1)^degree.
    Primal: φ(X), the degree-p tensor power of (1, x), then the perceptron on
    φ(X); dual: the kernel perceptron with (1 + x·z)^p, which forms the Gram
    matrix. Both learn a bias and run at most ``epochs`` epochs; a training
    run is timed whole, features or Gram matrix included.

    After one untimed run of each (which also sets how many runs a timing
    takes: enough for ``min_seconds``, so that short runs are not read off
    the clock's noise), each of ``repeats`` repeats times the primal, then the
    dual, side by side. A cell whose explicit features would hold more than
    ``max_elements`` numbers (n·d') is skipped.

    ``dominance`` and ``min_size`` are written into the table for the claim
    rows: "≫" means a factor of at least ``dominance``, and a cell decides
    the claim only if max(n, d') ≥ ``min_size``, i.e. if the costly side of
    each form handles thousands of numbers per numpy call, so that the
    arithmetic the lecture counts, not the interpreter's fixed cost per call
    (about a microsecond, the time of a few thousand multiply-adds), sets the
    time.

    Returns
    -------
    DataFrame
        One row per (n, d, repeat): ``n, d, d_features, repeat,
        primal_seconds, dual_seconds`` (per training run), ``primal_runs``,
        ``dual_runs`` (runs per timing), and per cell ``epochs`` (run by both),
        ``mistakes`` (of the primal), ``same_mistakes`` (the two forms made the
        same mistakes in the same order), ``dominance``, ``min_size``.
    """
    rng = np.random.default_rng(seed)
    rows = []
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        for n in n_sizes:
            for d in input_dims:
                d_features = (int(d) + 1) ** int(degree)
                if n * d_features > max_elements:
                    continue
                X = rng.standard_normal((int(n), int(d))) / np.sqrt(d)
                y = rng.choice([-1.0, 1.0], size=int(n))

                def primal(X=X, y=y):
                    return _primal(X, y, degree, epochs)

                def dual(X=X, y=y):
                    return _dual(X, y, degree, epochs)

                start = time.perf_counter()
                p_model = primal()
                middle = time.perf_counter()
                d_model = dual()
                end = time.perf_counter()
                calls = {
                    "primal": max(1, int(np.ceil(min_seconds / (middle - start)))),
                    "dual": max(1, int(np.ceil(min_seconds / (end - middle)))),
                }
                same = bool(np.array_equal(p_model.mistakes_, d_model.mistakes_))
                for r in range(repeats):
                    rows.append(
                        {
                            "n": int(n),
                            "d": int(d),
                            "d_features": d_features,
                            "repeat": r,
                            "primal_seconds": _seconds(primal, calls["primal"]),
                            "dual_seconds": _seconds(dual, calls["dual"]),
                            "primal_runs": calls["primal"],
                            "dual_runs": calls["dual"],
                            "epochs": int(p_model.n_epochs_),
                            "mistakes": len(p_model.mistakes_),
                            "same_mistakes": same,
                            "dominance": float(dominance),
                            "min_size": int(min_size),
                        }
                    )
    return pd.DataFrame(rows)
