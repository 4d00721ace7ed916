"""K20: the dual perceptron is cheaper when #features ≫ #examples.

Huang 2017, 'Primal Perceptron' and 'Dual Perceptron': "if #features >>
#examples, dual is easier; otherwise primal is easier". The primal perceptron on
explicit features φ(x) of dimension d' against the dual one with the kernel
k(x, z) = φ(x)·φ(z), on a grid of (n, d') that crosses d' = n; they are the same
algorithm (K6) and make the same mistakes, so only what one update and one
mistake check cost differs. The times are ``repeats`` side-by-side timings of
both forms, whose ratios give an interval. Wall times differ from run to run.
"""

from __future__ import annotations

import time
import warnings
from collections.abc import Sequence

import numpy as np
import pandas as pd

from ...core.exceptions import ConvergenceWarning
from ...core.feature_maps import tensor_power
from ...core.kernels import Polynomial
from ...estimators.perceptron import KernelPerceptron, Perceptron


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
