"""K20: the dual perceptron is cheaper when #features ≫ #examples.

Huang 2017, 'Primal Perceptron' and 'Dual Perceptron': "if #features >>
#examples, dual is easier; otherwise primal is easier". The primal perceptron on
explicit features φ(x) of dimension d' against the dual one with the kernel
k(x, z) = φ(x)·φ(z), on a grid of (n, d') that crosses d' = n; they are the same
algorithm (K6) and make the same mistakes, so only what one update and one
mistake check cost differs.

Two tables. The work both forms do, counted by the running code (the
coordinates of φ computed, the kernel entries the dual's kernel returned, the
epochs and the mistakes of each fit) and turned into multiply-adds by
:func:`multiply_adds`: the same on every run, read by the rows of
``results/claims.csv``. And ``repeats`` side-by-side CPU timings of both forms,
whose ratios give an interval: a measurement of the machine, read by the rows
of ``results/timings.csv``.
"""

from __future__ import annotations

import time
import warnings
from collections.abc import Callable, Sequence

import numpy as np
import pandas as pd

from ...core.contract.exceptions import ConvergenceWarning
from ...core.kernels import Polynomial
from ...core.kernels.feature_maps import tensor_power
from ...estimators.perceptron import KernelPerceptron, Perceptron


class _CountedPolynomial(Polynomial):
    """(c + x·z)^p that counts the entries k(x_i, z_j) it returns
    (``evaluations``)."""

    evaluations = 0

    def __call__(self, X: object, Z: object | None = None) -> np.ndarray:
        K = super().__call__(X, Z)
        self.evaluations += K.size
        return K


def _primal(X: np.ndarray, y: np.ndarray, degree: int, epochs: int) -> Perceptron:
    """φ(X) = the degree-p tensor power of (1, x), then the perceptron on it;
    ``coordinates_`` is set on the model: the size of φ(X)."""
    phi = tensor_power(X, degree, 1.0)
    model = Perceptron(max_epochs=epochs).fit(phi, y)
    model.coordinates_ = int(phi.size)
    return model


def _dual(X: np.ndarray, y: np.ndarray, degree: int, epochs: int) -> KernelPerceptron:
    """The kernel perceptron with (1 + x·z)^p (it forms the Gram matrix); the
    kernel counts its entries (``kernel_.evaluations``)."""
    kernel = _CountedPolynomial(degree=degree, c=1.0)
    return KernelPerceptron(kernel=kernel, max_epochs=epochs).fit(X, y)


def multiply_adds(
    n: int,
    d: int,
    degree: int,
    coordinates: int,
    evaluations: int,
    epochs: int,
    updates: int,
) -> tuple[int, int]:
    """The floating-point multiply-adds of one training run of each form, from
    the counts of that run (a lone addition or multiplication counts as one).

    With d' = (d + 1)^p features, n examples, E epochs (each visits all n
    points) and U mistakes (updates), as the code does them:

    - primal: (p − 1) per coordinate of φ(X) (``coordinates`` = n·d', each a
      product of p factors); d' per visit (the score w·φ(x_i)), per update
      (w ← w + y_i φ(x_i)) and per point at the end of each epoch (the
      training error, φ(X) w): (p − 1)·n·d' + (n E + U + n E)·d';
    - dual: d + p − 1 per kernel entry (x·z, then (1 + s)^p; ``evaluations``
      = n² for the Gram matrix), nothing per visit (the kept score Kα + b is
      read), and 2n per update (Kα ← Kα + y_i K[:, i], then b added to the n
      scores): (d + p − 1)·n² + 2 n U.

    Parameters
    ----------
    n, d, degree : int
        Examples, input dimension, degree p.
    coordinates : int
        Coordinates of φ the primal computed.
    evaluations : int
        Kernel entries the dual computed.
    epochs, updates : int
        Of the run (the same for both forms: they make the same mistakes).

    Returns
    -------
    primal, dual : int
    """
    d_features = (d + 1) ** degree
    primal = (degree - 1) * coordinates + (2 * n * epochs + updates) * d_features
    dual = (d + degree - 1) * evaluations + 2 * n * updates
    return int(primal), int(dual)


def _cpu_seconds(fn: Callable[[], object], calls: int) -> float:
    """CPU seconds (:func:`time.process_time`) per call of ``calls`` calls of
    ``fn``."""
    start = time.process_time()
    for _ in range(calls):
        fn()
    return (time.process_time() - start) / calls


def primal_dual_cost_tables(
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
) -> tuple[pd.DataFrame, pd.DataFrame]:
    """K20: the work and the CPU time of the primal and the dual perceptron
    over (n, d').

    For every n of ``n_sizes`` and d of ``input_dims``: n points x ~ N(0, I_d/d)
    with random labels ±1 and features of dimension d' = (d + 1)^degree.
    Primal: φ(X), the degree-p tensor power of (1, x), then the perceptron on
    φ(X); dual: the kernel perceptron with (1 + x·z)^p, which forms the Gram
    matrix. Both learn a bias and run at most ``epochs`` epochs; a training
    run is counted and timed whole, features or Gram matrix included. A cell
    whose explicit features would hold more than ``max_elements`` numbers
    (n·d') is skipped.

    One counted run of each form also sets how many runs a timing takes
    (enough for ``min_seconds`` of CPU time, so that short runs are not read
    off the clock's resolution); then each of ``repeats`` repeats times the
    primal, then the dual, side by side.

    ``dominance`` and ``min_size`` are written into the tables for the claim
    rows: "≫" means a factor of at least ``dominance``; and the timing rows
    restricted to max(n, d') ≥ ``min_size`` read only cells whose costly side
    handles thousands of numbers per numpy call, so that the arithmetic the
    lecture counts, not the interpreter's fixed cost per call (about a
    microsecond, the time of a few thousand multiply-adds), sets the time.

    Returns
    -------
    work : DataFrame
        One row per cell: ``n, d, d_features``, ``epochs`` (run by both),
        ``mistakes`` (of the primal), ``same_mistakes`` (the two forms made the
        same mistakes in the same order), ``coordinates`` (of φ, computed by
        the primal), ``evaluations`` (kernel entries, computed by the dual),
        ``primal_madds``, ``dual_madds`` (:func:`multiply_adds`),
        ``dominance``.
    timings : DataFrame
        One row per (cell, repeat): ``n, d, d_features, repeat,
        primal_seconds, dual_seconds`` (CPU time per training run),
        ``primal_runs``, ``dual_runs`` (runs per timing), ``dominance``,
        ``min_size``.
    """
    rng = np.random.default_rng(seed)
    work, rows = [], []
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        for n in n_sizes:
            for d in input_dims:
                n, d = int(n), int(d)
                d_features = (d + 1) ** int(degree)
                if n * d_features > max_elements:
                    continue
                X = rng.standard_normal((n, d)) / np.sqrt(d)
                y = rng.choice([-1.0, 1.0], size=n)

                def primal(X=X, y=y):
                    return _primal(X, y, degree, epochs)

                def dual(X=X, y=y):
                    return _dual(X, y, degree, epochs)

                start = time.process_time()
                p_model = primal()
                middle = time.process_time()
                d_model = dual()
                end = time.process_time()
                calls = {
                    "primal": max(
                        1, int(np.ceil(min_seconds / max(middle - start, 1e-6)))
                    ),
                    "dual": max(1, int(np.ceil(min_seconds / max(end - middle, 1e-6)))),
                }
                cell = {"n": n, "d": d, "d_features": d_features}
                counts = {
                    "coordinates": p_model.coordinates_,
                    "evaluations": int(d_model.kernel_.evaluations),
                    "epochs": int(p_model.n_epochs_),
                    "updates": len(p_model.mistakes_),
                }
                primal_madds, dual_madds = multiply_adds(n, d, int(degree), **counts)
                work.append(
                    {
                        **cell,
                        "epochs": counts["epochs"],
                        "mistakes": counts["updates"],
                        "same_mistakes": bool(
                            np.array_equal(p_model.mistakes_, d_model.mistakes_)
                            and p_model.n_epochs_ == d_model.n_epochs_
                        ),
                        "coordinates": counts["coordinates"],
                        "evaluations": counts["evaluations"],
                        "primal_madds": primal_madds,
                        "dual_madds": dual_madds,
                        "dominance": float(dominance),
                    }
                )
                for r in range(repeats):
                    rows.append(
                        {
                            **cell,
                            "repeat": r,
                            "primal_seconds": _cpu_seconds(primal, calls["primal"]),
                            "dual_seconds": _cpu_seconds(dual, calls["dual"]),
                            "primal_runs": calls["primal"],
                            "dual_runs": calls["dual"],
                            "dominance": float(dominance),
                            "min_size": int(min_size),
                        }
                    )
    return pd.DataFrame(work), pd.DataFrame(rows)
