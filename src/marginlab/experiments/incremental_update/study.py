"""K18: the O(n) update of Ka matches the recomputation, and costs O(n).

Shewchuk, Lecture 14, 'Kernel Perceptrons' and 'Kernel Logistic Regression':
"can update Ka in O(n) time"; "every time you update one weight a_i … update
Ka in O(n) time so you don't have to compute it from scratch". The dual
perceptron and stochastic kernel logistic regression keep f = Ka + b with
:func:`marginlab.estimators.perceptron.update_scores`. This study follows both through
real runs, comparing the kept f with a fresh K @ a + b after every update; it
counts the multiply-adds of one update done both ways (the same on every run,
for the rows of ``results/claims.csv``) and times it as n grows (CPU time, the
best of ``repeats`` calls after a warm-up,
:func:`marginlab.experiments._shared.timing.best_time`: a measurement of the
machine, for the rows of ``results/timings.csv``).
"""

from __future__ import annotations

import warnings
from collections.abc import Sequence

import numpy as np
import pandas as pd

from ...core.contract.exceptions import ConvergenceWarning
from ...core.datasets import Dataset
from ...core.kernels import Gaussian
from ...estimators.logistic import KernelLogisticRegression
from ...estimators.perceptron import KernelPerceptron, update_scores
from .._shared.timing import TIMING_COLUMNS, WORK_COLUMNS, best_time, exponent_table

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


#: The forms of the update tables: the O(n) update on the columns it reads,
#: the same update on a whole row-major Gram matrix, and the recomputation.
INCREMENTAL, INCREMENTAL_GRAM, RECOMPUTE = (
    "incremental",
    "incremental, n x n Gram",
    "recompute",
)


def update_tables(
    sizes: Sequence[int],
    update_sizes: Sequence[int],
    updates: int,
    repeats: int,
    seed: int,
) -> tuple[pd.DataFrame, pd.DataFrame]:
    """K18: one update of Ka, incremental against recomputed, against n: its
    multiply-adds, counted, and its CPU time.

    For each n, points in R² (standard normal), the Gaussian kernel (σ = 1),
    weights α and ``updates`` random indices i. Incremental: α_i ← α_i + δ and
    :func:`~marginlab.estimators.perceptron.update_scores`, f ← f + δ·K[:, i], O(n);
    recomputed: the same change of α_i, then f = K @ α, O(n²). Both are
    formed by numpy's own loops (``np.einsum``; ``update_scores``),
    single-threaded: a BLAS matrix-vector product wakes a thread pool on every
    call.

    - ``recompute`` and ``incremental, n x n Gram``, for n in ``sizes``: on
      the whole Gram matrix, row-major, as the learners hold it.
    - ``incremental``, for n in ``update_sizes``: on the ``updates`` columns
      K[:, i] the updates read, each contiguous (an n × ``updates`` block,
      column-major), so that n can reach 10⁶, where the whole matrix would
      take terabytes. On the whole matrix a column is strided: below
      n ≈ 1000 the time of an update is the numpy call's fixed cost (about a
      microsecond), and above, the cache misses of the strided column; both
      bend the curve away from the arithmetic the lecture counts.

    Returns
    -------
    timings : DataFrame
        Columns of :data:`.._shared.timing.TIMING_COLUMNS`: ``experiment`` =
        "update_vs_n", ``form`` (above), ``degree`` 0, ``size`` n,
        ``seconds`` (best CPU time per update), ``unit`` "update", ``batch``.
    work : DataFrame
        Columns of :data:`.._shared.timing.WORK_COLUMNS`: the multiply-adds of
        one update, read off the arrays it multiplies: the column it adds
        (n entries) and the matrix the recomputation multiplies (n² entries);
        ``unit`` "multiply-adds per update".
    """
    rng = np.random.default_rng(seed)
    rows, work = [], []

    def record(form: str, n: int, call, entries: int) -> None:
        key = {"experiment": "update_vs_n", "form": form, "degree": 0, "size": n}
        rows.append(
            {
                **key,
                "seconds": best_time(call, repeats) / updates,
                "unit": "update",
                "batch": updates,
            }
        )
        work.append({**key, "count": entries, "unit": "multiply-adds per update"})

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

        record(INCREMENTAL_GRAM, n, incremental, K[:, order[0]].size)
        record(RECOMPUTE, n, recompute, K.size)

    for n in update_sizes:
        X = rng.standard_normal((n, 2))
        order = rng.integers(0, n, size=updates)
        columns = np.asfortranarray(Gaussian(sigma=1.0)(X, X[order]))  # K[:, order]
        alpha = rng.standard_normal(n)
        f = np.zeros(n)

        def incremental(f=f, columns=columns, alpha=alpha, order=order):
            for j, i in enumerate(order):
                alpha[i] += 0.5
                update_scores(f, columns, j, 0.5)

        record(INCREMENTAL, n, incremental, columns[:, 0].size)
    return (
        pd.DataFrame(rows, columns=list(TIMING_COLUMNS)),
        pd.DataFrame(work, columns=list(WORK_COLUMNS)),
    )


def incremental_update_tables(
    data: Dataset,
    sigma: float,
    perceptron_epochs: int,
    logistic_epochs: int,
    step: float,
    l2: float,
    sizes: Sequence[int],
    update_sizes: Sequence[int],
    updates: int,
    repeats: int,
    seed: int,
    name: str = "data",
) -> tuple[pd.DataFrame, pd.DataFrame, pd.DataFrame, pd.DataFrame]:
    """K18: the drift table (:func:`drift_table`), the update timings and
    counted work (:func:`update_tables`), and the exponents fitted to the
    timings (:func:`~marginlab.experiments._shared.timing.exponent_table`)."""
    drift = drift_table(
        data, sigma, perceptron_epochs, logistic_epochs, step, l2, seed, name
    )
    timings, work = update_tables(sizes, update_sizes, updates, repeats, seed)
    return drift, timings, exponent_table(timings), work
