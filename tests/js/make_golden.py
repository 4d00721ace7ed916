"""Golden traces of the atlas's JavaScript twins, written by the library.

The claims atlas runs two of the library's algorithms in the page:
``src/marginlab/pipeline/site/assets/smo.js`` (``SVM.fit`` by SMO and
``svm_loo(..., retrain="all")``) and ``assets/boost.js`` (``AdaBoost`` with
``Stumps``). This script runs the library on a few fixed inputs and writes
what it computes to ``tests/js/golden/*.json``; the JavaScript's own tests,
``tests/js/smo.test.mjs`` and ``boost.test.mjs`` (``node --test``), run the
twins on the same inputs and compare. ``tests/js/test_golden.py`` makes the
goldens again in memory and checks them against the committed files, so they
cannot go stale. After a change of a step in the library and in its twin::

    .venv/bin/python tests/js/make_golden.py

What a golden holds
-------------------
``smo-*.json``: the points, labels and settings (smo.js's option names), and
SVM.fit's status, α, b, support set, SMO steps, kernel evaluations, margin,
dual objective and f at the training points; the trace of the first
:data:`TRACE_STEPS` steps (for step k, the α_t that it moved, and the kernel
evaluations so far: the fit capped at k steps); and the leave-one-out's steps
per retrain, f_{−i}(x_i), mistakes and the ‖α‖₁ of each retrain (for the
rounding bound of f_{−i}). A Gaussian case carries ``table``, the library's
kernel values k(x_a, x_b) (float64, little-endian, base64, row after row):
both sides solve on them, so the JavaScript must match bit for bit (its own
Math.exp may differ from numpy's exp in the last bit, and SMO's path turns on
last bits). Linear and polynomial cases are on integer points, whose kernel
values are exact on both sides, and carry no table.

The leave-one-out starts each retrain from G = Qα − 1 (an einsum) and
G' = G + Σ_k Δα_k Q_k (daxpy, which OpenBLAS fuses): here both are added in
smo.js's order (:func:`loo_sums_in_smo_js_order`), so that the retrains'
steps do not depend on the CPU. Sums the library leaves to BLAS elsewhere
(f(x), ‖w‖², the dual objective, f_{−i}(x_i)) agree to rounding only.

``boost-*.json``: the points, labels and number of rounds, and AdaBoost's
status and message, each round's stump (feature, threshold, polarity), ε_t,
γ_t, α_t, Z_t, training error, Π Z_s, exp(−2 Σ γ_s²) and smallest margin
(what the page shows), D_t, the margins y_i f_T(x_i)/‖α‖₁ and f_T on a grid.
Its numbers pass through log and exp, which differ in the last bit between
engines (and numpy's exp between CPUs): they agree to :func:`rtol`. The
writer refuses a point set on which a decision (a tie between stumps, the
no-edge stop, a training point's sign of f_t) is within that of its
threshold, so that the stumps, stops and errors can be compared exactly.

JSON keeps every float exactly (Python writes the shortest repr, JavaScript
reads it back to the same double); ±∞ and NaN, which JSON lacks, are the
strings ``"inf"``, ``"-inf"`` and ``"nan"``.
"""

from __future__ import annotations

import base64
import contextlib
import json
import math
import re
import sys
import warnings
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from unittest import mock

import numpy as np

from marginlab.core.contract.exceptions import ConvergenceWarning, NotSeparableError
from marginlab.core.datasets import make_moons, make_xor
from marginlab.core.kernels import Kernel, make_kernel
from marginlab.estimators.boosting import AdaBoost, NoEdgeWarning, Stumps
from marginlab.estimators.boosting.ensemble import NO_EDGE_TOL
from marginlab.estimators.boosting.weak_learners import TIE_RTOL
from marginlab.estimators.svm import SVM, svm_loo
from marginlab.estimators.svm import loo as loo_module

GOLDEN = Path(__file__).resolve().parent / "golden"
#: The SMO steps traced one by one (each by a fit capped at that step).
TRACE_STEPS = 300
INF = math.inf
U = 2.0**-53  # the unit roundoff
#: Rounding allowed per AdaBoost round, in units of u (see :func:`rtol`).
PER_ROUND = 64
#: How JSON holds the floats it lacks.
NON_FINITE = {"inf": INF, "-inf": -INF, "nan": math.nan}


def gamma(n: int) -> float:
    """γ_n = nu/(1 − nu): a sum of n terms, in any order, is within γ_n Σ|terms|."""
    return n * U / (1.0 - n * U)


def rtol(t: int) -> float:
    """|twin − library| ≤ rtol(t)(|library| + scale) after t AdaBoost rounds.

    A round takes about eight logs and exps (log w_miss, log w_total twice,
    log(w_total − w_miss), exp for the new weights and the normalizer), each
    within 2 ulp (4u relative) of the true value in any engine or CPU
    (fdlibm's, glibc's, numpy's SIMD exp): 64u per round, carried to the next
    round through log D_{t+1} (test_applet_boost.py measured at most 16.3 t u
    in Chromium).
    """
    return PER_ROUND * max(t, 1) * U


# --- JSON -------------------------------------------------------------------------


def plain(value: Any) -> Any:
    """``value`` as JSON can hold it: lists, Python numbers, ±∞ and NaN as strings."""
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple | np.ndarray):
        return [plain(v) for v in value]
    if isinstance(value, bool | np.bool_):
        return bool(value)
    if isinstance(value, int | np.integer):
        return int(value)
    if isinstance(value, float | np.floating):
        v = float(value)
        if math.isnan(v):
            return "nan"
        return v if math.isfinite(v) else ("inf" if v > 0 else "-inf")
    return value


def decoded(value: Any) -> Any:
    """The inverse of :func:`plain` (the strings of ±∞ and NaN back to floats)."""
    if isinstance(value, dict):
        return {k: decoded(v) for k, v in value.items()}
    if isinstance(value, list):
        return [decoded(v) for v in value]
    if isinstance(value, str) and value in NON_FINITE:
        return NON_FINITE[value]
    return value


def dumps(doc: dict) -> str:
    """JSON text of a golden: one key per line (also in a dict under a key),
    and one line per item of a list of lists or of dicts (a point, a step, a
    round)."""

    def one(v: Any) -> str:
        return json.dumps(v, ensure_ascii=False, allow_nan=False)

    def value(v: Any, pad: str) -> str:
        if isinstance(v, list) and v and isinstance(v[0], list | dict):
            return f"[\n{pad}  " + f",\n{pad}  ".join(map(one, v)) + f"\n{pad}]"
        return one(v)

    def keys(d: dict, pad: str, nest: bool) -> str:
        lines = [
            f"{pad}{one(k)}: "
            + (
                keys(v, pad + "  ", False)
                if nest and isinstance(v, dict)
                else value(v, pad)
            )
            for k, v in d.items()
        ]
        return "{\n" + ",\n".join(lines) + "\n" + pad[:-2] + "}"

    return keys(plain(doc), "  ", True) + "\n"


def floats64(values: np.ndarray) -> str:
    """float64 values as base64 of their little-endian bytes (exact, compact)."""
    data = np.ascontiguousarray(values, dtype="<f8").tobytes()
    return base64.b64encode(data).decode()


def from_floats64(text: str, m: int) -> np.ndarray:
    """The m × m table that :func:`floats64` wrote."""
    return np.frombuffer(base64.b64decode(text), dtype="<f8").reshape(m, m).copy()


def slug(name: str) -> str:
    """A file name's part from a case's name."""
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


# --- SMO ------------------------------------------------------------------------


class Table(Kernel):
    """k(x_a, x_b) = ``values[a, b]`` for points that are indices ``[a]``.

    The library's side of a golden's ``table``, and of the table kernel of
    ``tests/workflow/test_applet_smo.py``'s page; the JavaScript's is a kernel
    object that looks the same values up. ``diagonal`` is k(x_a, x_a) as the
    solvers read it (Q_tt); by default the table's own diagonal.
    """

    def __init__(
        self, values: np.ndarray | None = None, diagonal: np.ndarray | None = None
    ) -> None:
        self.values = values
        self.diagonal = diagonal

    def _fill(self, Xb: np.ndarray, Z: np.ndarray, out: np.ndarray) -> None:
        out[...] = self.values[np.ix_(_index(Xb), _index(Z))]

    def _diag(self, X: np.ndarray) -> np.ndarray:
        i = _index(X)
        return self.values[i, i] if self.diagonal is None else self.diagonal[i]


def _index(X: np.ndarray) -> np.ndarray:
    return X[:, 0].astype(np.int64)


def kernel_bounds(spec: dict, X: np.ndarray, Z: np.ndarray) -> np.ndarray:
    """A bound on |k_page(x, z) − k_library(x, z)| for every pair (x_a, z_b).

    Each side computes ⟨x, z⟩ from d products and d − 1 additions, in any
    order and fused or not: within γ_d S of the exact value, S = Σ_k |x_k z_k|.
    Linear: 2γ_d S. Polynomial (v + c)^p: v + c within 2γ_{d+1}(S + c), then
    p |v + c|^{p−1} times that, and the power itself (a square, or pow) within
    2 ulp on each side: 8u |k|. Gaussian exp(e), e = ⟨x, z⟩/σ² − ‖x‖²/(2σ²) −
    ‖z‖²/(2σ²): each side's e is within γ_{d+3} E, E = (S + ‖x‖²/2 +
    ‖z‖²/2)/σ² (the products, the sums, two scalings, two subtractions); exp
    is within 2 ulp on each side (V8's fdlibm and glibc within 1, numpy's SIMD
    exp within 1 of glibc's, test_applet_smo.py's ``OTHER_ENGINE`` within 2),
    so |Δk| ≤ 2γ_{d+3} E k + 4 ulp(k), to first order (an ulp is at most
    2u |k|, and 2⁻¹⁰⁷⁴ where exp underflows).
    """
    d = X.shape[1]
    S = np.abs(X) @ np.abs(Z).T
    name = spec["name"]
    if name == "linear":
        return 2 * gamma(d) * S
    if name == "polynomial":
        p, c = spec.get("degree", 2), spec.get("c", 1.0)
        w = np.abs(X @ Z.T + c)
        dw = 2 * gamma(d + 1) * (S + c)
        return p * (w + dw) ** (p - 1) * dw + 8 * U * w**p
    s = 1.0 / spec["sigma"] ** 2
    half = 0.5 * (X * X).sum(1)[:, None] + 0.5 * (Z * Z).sum(1)[None, :]
    E = s * (S + half)
    k = make_kernel(spec)(X, Z)
    return 2 * gamma(d + 3) * E * k + 4 * np.spacing(k)


@dataclass(frozen=True)
class SMOCase:
    """One problem for SVM.fit (and svm_loo): its points and settings."""

    name: str
    X: np.ndarray
    y: np.ndarray
    kernel: dict
    C: float = 1.0
    shrinking: bool = True
    fit_intercept: bool = True
    cache_bytes: int | None = None
    max_iter: int | None = None
    alpha0: list[float] | None = None
    loo: bool = False
    tol: float = 1e-3

    def settings(self) -> dict:
        """The settings under smo.js's option names (those not given: defaults)."""
        out: dict[str, Any] = {"kernel": self.kernel, "C": self.C, "tol": self.tol}
        out |= {"shrinking": self.shrinking, "fitIntercept": self.fit_intercept}
        if self.cache_bytes is not None:
            out["cacheBytes"] = self.cache_bytes
        if self.max_iter is not None:
            out["maxIter"] = self.max_iter
        if self.alpha0 is not None:
            out["alpha0"] = self.alpha0
        return out

    def svm(self, kernel: Kernel, max_iter: int | None = None) -> SVM:
        params: dict[str, Any] = (
            {"cache_bytes": self.cache_bytes} if self.cache_bytes else {}
        )
        return SVM(
            kernel=kernel,
            C=self.C,
            tol=self.tol,
            shrinking=self.shrinking,
            fit_intercept=self.fit_intercept,
            max_iter=max_iter if max_iter is not None else self.max_iter,
            **params,
        )


def _points(m: int, seed: int, noise: float) -> tuple[np.ndarray, np.ndarray]:
    """Two moons, coordinates rounded to 1/100 (as a page's clicks might
    place them): the same points on every CPU, whatever its sin and cos."""
    data = make_moons(m, noise=noise, seed=seed)
    return np.round(data.X, 2), data.y.astype(float)


def _grid() -> tuple[np.ndarray, np.ndarray]:
    """5 × 4 integer grid (many equal coordinates), labels by x1 − x2 ≥ 1."""
    X = np.array([[a, b] for a in range(5) for b in range(4)], dtype=float)
    return X, np.where(X[:, 0] - X[:, 1] >= 1, 1.0, -1.0)


def smo_cases() -> list[SMOCase]:
    """Gaussian kernels (tables) on moons, linear and polynomial kernels on
    integer points; C finite and ∞, shrinking on and off (and every 100 steps,
    on more than 100 points), a cache of two columns, no free α, no bias, a
    warm start, a step cap and inseparable data."""
    X, y = _points(30, 7, 0.25)
    g05, g2 = {"name": "gaussian", "sigma": 0.5}, {"name": "gaussian", "sigma": 2.0}
    linear = {"name": "linear"}
    poly2 = {"name": "polynomial", "degree": 2, "c": 1.0}
    poly3 = {"name": "polynomial", "degree": 3, "c": 1.0}
    G, g = _grid()
    flipped = g.copy()
    flipped[[3, 9, 14]] *= -1  # not separable by a line
    rng = np.random.default_rng(11)
    Z = rng.integers(-4, 5, size=(48, 2)).astype(float)  # duplicates and ties
    z = np.where(Z[:, 0] ** 2 - 2 * Z[:, 1] > 1, 1.0, -1.0)
    z[rng.choice(48, 5, replace=False)] *= -1
    rng = np.random.default_rng(12)  # over 100 points: shrinking every 100 steps
    W = rng.integers(-6, 7, size=(120, 2)).astype(float)
    w = np.where(W[:, 0] ** 2 - 3 * W[:, 1] > 2, 1.0, -1.0)
    w[rng.choice(120, 12, replace=False)] *= -1
    xor = np.array([[1, 1], [-1, -1], [1, -1], [-1, 1]], dtype=float)
    xy = np.array([1.0, 1.0, -1.0, -1.0])
    warm = np.zeros(len(g))  # dyadic α: Qα − e exact in any order
    pos, neg = np.flatnonzero(g > 0)[:3], np.flatnonzero(g < 0)[:3]
    warm[pos], warm[neg] = [0.5, 0.25, 0.25], [0.25, 0.5, 0.25]
    two = 8 * len(y) * 2  # bytes for two columns
    return [
        SMOCase("moons, gaussian 0.5, C=1", X, y, g05, 1.0, loo=True),
        SMOCase("moons, gaussian 0.5, C=10", X, y, g05, 10.0, loo=True),
        SMOCase("moons, gaussian 0.5, C=10, no shrinking", X, y, g05, 10.0, False),
        SMOCase("moons, gaussian 0.5, C=inf", X, y, g05, INF, loo=True),
        SMOCase("moons, gaussian 2, C=10", X, y, g2, 10.0, loo=True),
        SMOCase("moons, gaussian 0.5, C=10, 2 columns", X, y, g05, 10, cache_bytes=two),
        SMOCase(
            "moons, gaussian 0.5, no bias", X, y, g05, fit_intercept=False, loo=True
        ),
        SMOCase("moons, gaussian 2, C=inf, 1000 steps", X, y, g2, INF, max_iter=1000),
        SMOCase("grid, linear, C=inf", G, g, linear, INF, loo=True),
        SMOCase("grid, linear, C=0.1 (no free α)", G, g, linear, 0.1, loo=True),
        SMOCase("grid, linear, C=1, warm start", G, g, linear, alpha0=warm.tolist()),
        SMOCase("grid, 3 labels flipped, linear, C=1", G, flipped, linear),
        SMOCase("grid, 3 labels flipped, polynomial 2, C=10", G, flipped, poly2, 10.0),
        SMOCase(
            "grid, 3 flipped, polynomial 3", G, flipped, poly3, 1.0, False, loo=True
        ),
        SMOCase("integer points, linear, C=1", Z, z, linear, loo=True),
        SMOCase("integer points, polynomial 2, C=1", Z, z, poly2),
        SMOCase("120 integer points, linear, C=1", W, w, linear),
        SMOCase("XOR, polynomial 2, C=inf", xor, xy, poly2, INF),
        SMOCase("XOR, linear, C=inf (not separable)", xor, xy, linear, INF),
    ]


def _einsum_in_smo_js_order(Q: np.ndarray, v: np.ndarray) -> np.ndarray:
    """Σ_k Q_jk v_k added as smo.js's einsumDot adds it: two lanes, the even
    and the odd k; each block of eight adds its products last first; then
    lane 0 + lane 1 (numpy's einsum kernel for 128-bit vectors)."""
    lanes: list[np.ndarray | None] = [None, None]

    def add(s: int, k: int) -> None:
        p = Q[:, k] * v[k]
        lanes[s] = p if lanes[s] is None else p + lanes[s]

    n, i = v.shape[0], 0
    while n - i >= 8:
        for s in (0, 1):
            for k in (6, 4, 2, 0):
                add(s, i + k + s)
        i += 8
    while i < n:
        for s in (0, 1):
            if i + s < n:
                add(s, i + s)
        i += 2
    return lanes[0] if lanes[1] is None else lanes[0] + lanes[1]


class _NumpyForLoo:
    """numpy, but with loo.py's np.einsum("jk,k->j", Q, α) in smo.js's order."""

    def __getattr__(self, name: str) -> Any:
        return getattr(np, name)

    @staticmethod
    def einsum(subscripts: str, *operands: Any, **kwargs: Any) -> np.ndarray:
        if subscripts == "jk,k->j" and not kwargs:
            return _einsum_in_smo_js_order(*operands)
        return np.einsum(subscripts, *operands, **kwargs)


@contextlib.contextmanager
def loo_sums_in_smo_js_order() -> Iterator[None]:
    """loo.py with its two reductions that start the retrains in smo.js's order.

    G = Qα − 1 is an einsum whose order is numpy's SIMD width, and
    G' = G + Σ_k Δα_k Q_k is OpenBLAS's daxpy, which fuses a·x + y where the
    CPU can: both decide the retrains' steps.
    """
    with (
        mock.patch.object(loo_module, "np", _NumpyForLoo()),
        mock.patch.object(loo_module, "_daxpy", lambda x, y, a: a * x + y),
    ):
        yield


@contextlib.contextmanager
def retrain_norms() -> Iterator[list[float]]:
    """loo.py recording its retrains: yields the list to which the ‖α‖₁ of
    every retrain is appended (the size of f_{−i}(x_i)'s terms, for its
    rounding bound)."""
    norms: list[float] = []
    solve = loo_module.solve

    def recording(*args: Any, **kwargs: Any) -> Any:
        result = solve(*args, **kwargs)
        norms.append(float(result.alpha.sum()))
        return result

    with mock.patch.object(loo_module, "solve", recording):
        yield norms


def library_table(case: SMOCase) -> np.ndarray | None:
    """The library's kernel values of a Gaussian case (None for the others)."""
    if case.kernel["name"] != "gaussian":
        return None
    return make_kernel(case.kernel)(case.X)


def _fit(svm: SVM, X: np.ndarray, y: np.ndarray, alpha0: Any) -> tuple[str, str | None]:
    """Fit; the status as smo.js names it, and the message of a refusal."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        try:
            svm.fit(X, y, alpha0=alpha0)
        except NotSeparableError as error:
            return "not_separable", str(error)
    return ("ok" if svm.converged_ else "max_iter"), None


def smo_golden(case: SMOCase, table: np.ndarray | None = None) -> dict:
    """What the library computes on ``case``; a Gaussian case on ``table``
    (default: the library's kernel values, :func:`library_table`)."""
    if case.kernel["name"] == "gaussian":
        table = library_table(case) if table is None else table
        kernel: Kernel = Table(table)
        X = np.arange(len(case.y), dtype=float)[:, None]  # the points are indices
        K = table
    else:
        table, kernel, X = None, make_kernel(case.kernel), case.X
        K = kernel(X)
        exact = np.array_equal(K, np.round(K)) and np.abs(K).max() < 2**40
        assert exact, f"{case.name}: kernel values not small integers need a table"
    y = case.y
    doc: dict[str, Any] = {
        "name": case.name,
        "X": case.X,
        "y": y,
        "settings": case.settings(),
        "table": None if table is None else floats64(table),
    }
    svm = case.svm(kernel)
    status, message = _fit(svm, X, y, case.alpha0)
    if status == "not_separable":
        steps = int(re.search(r"after (\d+) SMO steps", message).group(1))
        doc["fit"] = {"status": status, "n_iter": steps}
    else:
        doc["fit"] = {
            "status": status,
            "n_iter": svm.n_iter_,
            "n_kernel_evals": svm.n_kernel_evals_,
            "alpha": svm.alpha_,
            "b": svm.intercept_,
            "support": svm.support_,
            "margin": svm.margin_,
            "dual_objective": svm.dual_objective_,
            "decision": svm.decision_function(X),
        }
    doc["trace"], doc["trace_evals"] = _trace(case, kernel, X, doc["fit"]["n_iter"])
    if case.loo:
        doc["loo"] = _loo(case, kernel, X, np.abs(K).max())
    return doc


def _trace(
    case: SMOCase, kernel: Kernel, X: np.ndarray, n_iter: int
) -> tuple[list, list]:
    """For each of the first steps, [[t, α_t], …] of the α_t it moved, and the
    kernel evaluations made so far: the SVM capped at k steps, k = 1, 2, …
    (the library's loop cannot report its working sets without a change)."""
    before = np.zeros(len(case.y)) if case.alpha0 is None else np.array(case.alpha0)
    moved, evals = [], []
    for k in range(1, min(n_iter, TRACE_STEPS) + 1):
        svm = case.svm(kernel, max_iter=k)
        _fit(svm, X, case.y, case.alpha0)
        alpha = svm.alpha_
        moved.append(
            [[int(t), float(alpha[t])] for t in np.flatnonzero(alpha != before)]
        )
        evals.append(svm.n_kernel_evals_)
        before = alpha
    return moved, evals


def _loo(case: SMOCase, kernel: Kernel, X: np.ndarray, k_max: float) -> dict:
    """svm_loo(retrain="all"), warm-started, with its sums in smo.js's order."""
    with (
        warnings.catch_warnings(),
        loo_sums_in_smo_js_order(),
        retrain_norms() as norms,
    ):
        warnings.simplefilter("ignore", ConvergenceWarning)
        r = svm_loo(case.svm(kernel), X, case.y, retrain="all")
    f = r.loo_decision
    near = np.abs(f) <= loo_decision_tol(f, np.array(norms), k_max, len(case.y))
    assert not near.any(), (
        f"{case.name}: f_-i(x_i) within rounding of 0 at {np.flatnonzero(near)}: "
        "its mistake could go either way"
    )
    return {
        "n_iter": r.n_iter,
        "steps": r.steps,
        "n_sv": r.n_sv,
        "n_errors": r.n_errors,
        "mistakes": r.mistakes,
        "loo_decision": f,
        "alpha_norms": norms,
    }


def smo_rounding(doc: dict) -> dict[str, np.ndarray]:
    """How far the numbers that the library sums by BLAS may move with the
    order of summation (another CPU, or smo.js's loops), from a golden as
    :func:`decoded` gives it back: a sum of n terms is within γ_n Σ|terms| of
    the exact one in any order, so two orders differ by at most twice that.

    f(x_a) = Σ_s α_s y_s k(x_s, x_a) + b: 2γ_{m+1} (Σ_s |k| α_s + |b|).
    ‖w‖² = Σ_t α_t (Qα)_t, whose terms add up to at most max|k| ‖α‖₁²; the
    margin 1/‖w‖ then moves by half that relative to ‖w‖², and by 4u for the
    square root and the division. The dual objective ½ Σ_t α_t (G_t − 1):
    γ_m (max|k| ‖α‖₁² + 2‖α‖₁). f_{−i}(x_i): :func:`loo_decision_tol`.
    """
    fit, y = doc["fit"], np.array(doc["y"])
    m = y.size
    K = kernel_values(doc)
    alpha, b = np.array(fit["alpha"]), fit["b"]
    norm, k_max = alpha.sum(), np.abs(K).max()
    out = {"decision": 2 * gamma(m + 1) * (np.abs(K) @ alpha + abs(b))}
    margin = fit["margin"]  # 1/‖w‖, ‖w‖² = 1/margin²; ∞ (w = 0) on both sides
    if math.isfinite(margin):
        rel = gamma(m) * k_max * norm**2 * margin**2 + 4 * U
        out["margin"] = np.array(margin * rel)
    else:
        out["margin"] = np.array(0.0)
    out["dual_objective"] = np.array(gamma(m) * (k_max * norm**2 + 2 * norm))
    if "loo" in doc:
        loo = doc["loo"]
        f, norms = np.array(loo["loo_decision"]), np.array(loo["alpha_norms"])
        out["loo_decision"] = loo_decision_tol(f, norms, k_max, m)
    return out


def kernel_values(doc: dict) -> np.ndarray:
    """The kernel values of a golden's points: its table, or the library's
    kernel on its (integer) points."""
    X = np.array(doc["X"], dtype=float)
    if doc["table"] is not None:
        return from_floats64(doc["table"], X.shape[0])
    return make_kernel(doc["settings"]["kernel"])(X)


def loo_decision_tol(
    f: np.ndarray, alpha_norms: np.ndarray, k_max: float, m: int
) -> np.ndarray:
    """|Δ f_{−i}(x_i)| between two orders of summation: 2γ_m times its terms,
    Σ_t |k α_t| + |b| ≤ 2 max|k| ‖α‖₁ + |f| (as |b| ≤ |f| + Σ_t |k α_t|)."""
    return 2 * gamma(m) * (2 * k_max * alpha_norms + np.abs(f))


# --- AdaBoost -------------------------------------------------------------------


@dataclass(frozen=True)
class BoostCase:
    """Points placed for AdaBoost with stumps, and its number of rounds."""

    name: str
    X: np.ndarray
    y: np.ndarray
    n_rounds: int


def boost_cases() -> list[BoostCase]:
    """Moons, ties of every kind the stump search breaks, the three stops."""
    rng = np.random.default_rng(7)
    moons = _points(40, 1, 0.25)
    xor = make_xor(4)
    X = np.round(rng.uniform(-1, 1, (30, 2)), 2)
    separable = (X, np.where(X[:, 1] > 0.3, 1.0, -1.0))
    H = np.round(rng.uniform(-1, 1, (40, 2)) * 2) / 2  # values −1, −½, 0, ½, 1
    h = np.where(H[:, 0] + H[:, 1] + 0.4 * rng.standard_normal(40) > 0, 1.0, -1.0)
    P = np.round(rng.normal(size=(10, 2)), 2)
    p = np.where(rng.random(10) < 0.5, -1.0, 1.0)
    D = np.round(rng.normal(size=(12, 2)), 2)
    D = np.vstack([D, D])
    d = np.concatenate(
        [np.where(D[:12, 0] > 0, 1.0, -1.0), rng.choice([-1.0, 1.0], 12)]
    )
    d[12:15] = -d[:3]  # at least three points with both labels
    grid = np.random.default_rng(5)  # 33 points on a 4 × 4 grid, random labels
    Q = grid.integers(0, 4, (33, 2)).astype(float)
    q = np.where(grid.random(33) < 0.5, -1.0, 1.0)
    N = np.array([[2, 0], [2, 2], [2, 0], [0, 2], [0, 0], [0, 1], [2, 1]], dtype=float)
    n = np.array([-1.0, 1.0, 1.0, -1.0, 1.0, -1.0, 1.0])
    return [
        BoostCase("moons", *moons, 40),
        BoostCase("one stump separates", *separable, 10),
        BoostCase("ties: coordinates on a half grid", H, h, 30),
        # Each point (a, b, y) also as (b, a, −y): stump (x1, θ, +1) ties
        # with (x2, θ, −1), and the library takes the lower feature.
        BoostCase(
            "ties: mirror images, opposite labels",
            np.vstack([P, P[:, ::-1]]),
            np.concatenate([p, -p]),
            30,
        ),
        BoostCase("duplicates with opposite labels", D, d, 30),
        BoostCase("ties: 33 points on a 4 x 4 grid", Q, q, 40),
        # ½ − ε_t = 6.4e-13 at round 27: below the library's tolerance 1e-12.
        BoostCase("no edge at round 27", N, n, 40),
        BoostCase("exact XOR, no edge at round 1", xor.X, xor.y.astype(float), 10),
        BoostCase("one class", np.round(rng.normal(size=(5, 2)), 2), np.ones(5), 10),
    ]


def _grid_of(X: np.ndarray, side: int = 5) -> np.ndarray:
    """side × side query points over the points' box and a little beyond."""
    lo, hi = X.min(axis=0) - 0.25, X.max(axis=0) + 0.25
    a, b = np.meshgrid(np.linspace(lo[0], hi[0], side), np.linspace(lo[1], hi[1], side))
    return np.round(np.column_stack([a.ravel(), b.ravel()]), 3)


def boost_golden(case: BoostCase) -> dict:
    """What AdaBoost(weak_learner=Stumps()) computes on ``case``, round by round."""
    doc: dict[str, Any] = {"name": case.name, "X": case.X, "y": case.y}
    doc["n_rounds"] = case.n_rounds
    model = AdaBoost(
        weak_learner=Stumps(), n_rounds=case.n_rounds, keep_distributions=True
    )
    if np.unique(case.y).size == 1:
        try:
            model.fit(case.X, case.y)
        except ValueError as error:
            return doc | {"status": "one_class", "message": str(error), "rounds": []}
        raise AssertionError(f"{case.name}: AdaBoost fitted one class")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        model.fit(case.X, case.y)
    told = [str(w.message) for w in caught if issubclass(w.category, NoEdgeWarning)]
    stop = str(model.stop_reason_)
    doc["status"] = {"n_rounds": "ok", "perfect": "perfect", "no_edge": "no_edge"}[stop]
    doc["message"] = told[0] if told else ""
    problems = boost_near_ties(model, case.X, case.y)
    assert not problems, f"{case.name}: " + "; ".join(problems)
    columns = ["t", "feature", "threshold", "polarity", "eps", "gamma", "alpha", "Z"]
    columns += ["train_error", "bound_Z", "bound_gamma", "min_margin"]
    rows = model.history_[columns].to_dict("records")
    for row in rows:
        row["t"], row["feature"] = int(row["t"]), int(row["feature"])
        row["polarity"] = int(row["polarity"])
    grid = _grid_of(case.X)
    doc["rounds"] = rows
    doc["D"] = model.distributions_[: model.n_rounds_]
    doc["margins"] = model.margins(case.X, case.y) if model.n_rounds_ else []
    doc["grid"] = grid
    doc["f_T"] = model.decision_function(grid)
    return doc


def boost_near_ties(model: AdaBoost, X: np.ndarray, y: np.ndarray) -> list[str]:
    """The decisions of a fit that rounding could turn (see test_applet_boost.py).

    At every round t, under the library's D_t: a stump's weighted error above
    the smallest must not be within rtol(t) (times the weight on which the two
    stumps differ) plus the sums' rounding of TIE_RTOL, nor the smallest
    within that of the no-edge threshold ½ − NO_EDGE_TOL; and f_t at every
    training point must be farther than rtol(t)‖α‖₁ from 0 (its sign is the
    training error).
    """
    missed = []  # for every stump the search weighs, the points it gets wrong
    for j in range(X.shape[1]):
        values = np.unique(X[:, j])
        for theta in [-np.inf, *(0.5 * values[:-1] + 0.5 * values[1:])]:
            wrong = np.where(X[:, j] > theta, 1.0, -1.0) != y
            missed += [wrong, ~wrong]  # polarity +1, −1
    missed = np.array(missed)
    rounding = 4 * y.size * U  # 2γ_m, twice (two sums, two sides)
    stops = model.stop_reason_ == "no_edge"
    found = []
    for t, D in enumerate(model.distributions_[: model.n_rounds_ + stops], 1):
        D = D / D.sum()
        errors = missed @ D
        best = int(np.argmin(errors))
        if (
            abs(errors[best] - (0.5 - NO_EDGE_TOL))
            <= rtol(t) * errors[best] + rounding / 2
        ):
            found.append(f"round {t}: the smallest error is near the no-edge threshold")
        if t <= model.n_rounds_:
            above = errors - errors[best]
            moved = rtol(t) * ((missed != missed[best]) @ D) + rounding
            if (np.abs(above - TIE_RTOL) <= moved).any():
                found.append(f"round {t}: a stump is near the tie threshold")
    if model.n_rounds_:
        f = model.staged_decision_function(X)
        norms = np.cumsum(np.abs(model.alphas_))
        near = (
            np.abs(f) <= (PER_ROUND * U * np.arange(1, len(norms) + 1) * norms)[:, None]
        )
        found += [
            f"round {t + 1}: f_t is near 0 at a point"
            for t in np.flatnonzero(near.any(1))
        ]
    return found


# --- writing ------------------------------------------------------------------


def cases() -> dict[str, SMOCase | BoostCase]:
    """Every case by the file name of its golden."""
    out: dict[str, SMOCase | BoostCase] = {}
    for case in [*smo_cases(), *boost_cases()]:
        kind = "smo" if isinstance(case, SMOCase) else "boost"
        out[f"{kind}-{slug(case.name)}.json"] = case
    return out


def golden(case: SMOCase | BoostCase, table: np.ndarray | None = None) -> dict:
    """The golden of ``case`` (an SMO case's kernel values: ``table``, by
    default the library's)."""
    if isinstance(case, SMOCase):
        return smo_golden(case, table)
    return boost_golden(case)


def write(folder: Path = GOLDEN) -> list[Path]:
    """Write every golden into ``folder``, removing goldens no case makes."""
    folder.mkdir(parents=True, exist_ok=True)
    docs = {name: golden(case) for name, case in cases().items()}
    for old in folder.glob("*.json"):
        if old.name not in docs:
            old.unlink()
    paths = []
    for name, doc in docs.items():
        path = folder / name
        path.write_text(dumps(doc), encoding="utf-8")
        paths.append(path)
    return paths


def main() -> None:
    for path in write():
        print(f"{path.stat().st_size:7d}  {path}", file=sys.stdout)


if __name__ == "__main__":
    main()
