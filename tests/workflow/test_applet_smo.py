"""assets/smo.js, the atlas's SMO in JavaScript, against the library's SVM.

The claims atlas's live applet trains an SVM in the page with
``src/kernelboost/pipeline/site/assets/smo.js``, a port of
``estimators/svm/smo.py``, ``classifier.py`` and ``loo.py``. Here a harness page
in ``tmp_path`` loads that file from the source tree by ``file://`` into
headless Chromium, runs it with ``page.evaluate`` and compares it with
``SVM.fit`` and ``svm_loo(..., retrain="all")`` on the same points.

The path of SMO turns on last bits: after a step on (i, j), −y_i G_i and
−y_j G_j are equal in exact arithmetic, and the next selection depends on how
the two round (ties go to the last position). So the comparison has three
parts:

1. ``pinned``: the library's kernels compute, for the test only, what the
   browser computes — dot products added in coordinate order without a fused
   multiply-add, and V8's ``Math.exp`` (fdlibm's, ported below) — and loo.py's
   BLAS ``daxpy`` does not fuse either. Everything else is the library's code.
   Then α, b, the support vectors, the SMO steps, the kernel evaluations and
   the leave-one-out mistakes and steps are the same, bit for bit, for every
   kernel, C (∞ included), with and without shrinking, with a small cache and
   from a warm start.
2. The library's own kernels on points with integer coordinates and the
   linear and polynomial kernels, whose values are then exact in both: the
   same, bit for bit, ties, duplicates and hard margins included (loo.py's
   daxpy unfused, as in part 1: see ``unfused_daxpy``).
3. The Gaussian kernel against the unpatched library on noisy data. numpy's
   ``exp`` on this machine is Intel's SVML (AVX-512), which rounds about 10 %
   of the values otherwise than V8's; the two SMO paths then part at the first
   tie that a last bit decides, and only what both solutions share as
   tol-optimal points is compared, with bounds measured with a margin (not a
   theorem): f(x) within 50·tol, the dual objectives within 10⁻⁵ relative,
   the support vectors within 2 points, the leave-one-out mistakes equal
   wherever |f_{−i}(x_i)| > 50·tol.

A mutation test checks that part 1 has teeth: with one comparison of the
selection or one clipping line of smo.js changed, the results differ.
"""

from __future__ import annotations

import math
import warnings
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest
from playwright.sync_api import Browser, Page

from kernelboost.core.datasets import make_circles, make_moons, make_xor
from kernelboost.core.exceptions import ConvergenceWarning, NotSeparableError
from kernelboost.core.kernels import Gaussian, Linear, Polynomial, make_kernel
from kernelboost.estimators.svm import SVM, svm_loo
from kernelboost.estimators.svm import loo as loo_module
from kernelboost.pipeline import site

from .browser import file_url, open_page

SMO_JS = Path(site.__file__).parent / "assets" / "smo.js"
INF = math.inf
TOL = 1e-3

#: Runs cases in the page: fit, f on the training points, and the leave-one-out.
RUNNER = """
window.runCases = (cases) => cases.map((c) => {
  const t0 = performance.now();
  const m = KB.smo.fit(c.X, c.y, c.opts);
  const out = { status: m.status, message: m.message };
  if (m.alpha) {
    Object.assign(out, {
      alpha: Array.from(m.alpha), b: m.b, support: m.support, nIter: m.nIter,
      nKernelEvals: m.nKernelEvals, converged: m.converged, margin: m.margin,
      dualObjective: m.dualObjective, decision: Array.from(KB.smo.decision(m, c.X)),
    });
  }
  if (c.loo) {
    const r = KB.smo.loo(c.X, c.y, c.opts, m.alpha ? m : null);
    out.loo = { status: r.status, mistakes: r.mistakes, nErrors: r.nErrors,
      nIter: r.nIter, nSV: r.nSV,
      looDecision: r.looDecision && Array.from(r.looDecision) };
  }
  out.ms = performance.now() - t0;
  return out;
});
"""


# --- V8's arithmetic, for the library (part 1) -------------------------------

# fdlibm's __ieee754_exp (e_exp.c), which V8's Math.exp is.
_LN2_HI, _LN2_LO = 6.93147180369123816490e-01, 1.90821492927058770002e-10
_INV_LN2 = 1.44269504088896338700e00
_P = (
    1.66666666666666019037e-01,
    -2.77777777770155933842e-03,
    6.61375632143793436117e-05,
    -1.65339022054652515390e-06,
    4.13813679705723846039e-08,
)


def v8_exp(x: np.ndarray) -> np.ndarray:
    """Math.exp of V8 (fdlibm), elementwise, for x ≤ 0 (the Gaussian's exponents)."""
    x = np.maximum(np.asarray(x, dtype=np.float64), -746.0)  # exp → 0 below −745.13
    hx = (x.view(np.int64) >> 32) & 0x7FFFFFFF  # high word of |x|
    sign = np.where(x < 0, -1.0, 1.0)
    near = (hx > 0x3FD62E42) & (hx < 0x3FF0A2B2)  # ½ ln 2 < |x| < 1.5 ln 2
    far = hx >= 0x3FF0A2B2
    k = np.zeros(x.shape, dtype=np.int64)
    hi, lo = x.copy(), np.zeros_like(x)
    hi[near] = x[near] - sign[near] * _LN2_HI
    lo[near] = sign[near] * _LN2_LO
    k[near] = sign[near].astype(np.int64)
    k[far] = (_INV_LN2 * x[far] + 0.5 * sign[far]).astype(np.int64)  # C's (int)
    t = k[far].astype(np.float64)
    hi[far] = x[far] - t * _LN2_HI
    lo[far] = t * _LN2_LO
    r = np.where(near | far, hi - lo, x)
    t = r * r
    P1, P2, P3, P4, P5 = _P
    c = r - t * (P1 + t * (P2 + t * (P3 + t * (P4 + t * P5))))
    out = np.where(
        k == 0,
        1.0 - ((r * c) / (c - 2.0) - r),
        1.0 - ((lo - (r * c) / (2.0 - c)) - hi),
    )
    out = np.ldexp(out, k)
    return np.where(hx < 0x3E300000, 1.0 + x, out)  # |x| < 2⁻²⁸


def _dots(A: np.ndarray, B: np.ndarray) -> np.ndarray:
    """⟨a_p, b_q⟩ added in coordinate order, unfused (smo.js's dot)."""
    out = A[:, 0][:, None] * B[:, 0][None, :]
    for k in range(1, A.shape[1]):
        out = out + A[:, k][:, None] * B[:, k][None, :]
    return out


def _dots_rows(X: np.ndarray) -> np.ndarray:
    out = X[:, 0] * X[:, 0]
    for k in range(1, X.shape[1]):
        out = out + X[:, k] * X[:, k]
    return out


def _gaussian_prepare(self, Z):
    s = 1.0 / self.sigma**2
    return Z * s, 0.5 * s * _dots_rows(Z), s  # rows scaled, not transposed


def _gaussian_slice(self, state, start, stop):
    zs, z_half, s = state
    return zs[start:stop], z_half[start:stop], s


def _gaussian_exp(out: np.ndarray) -> None:
    np.minimum(out, 0.0, out=out)
    out[...] = v8_exp(out)


def _gaussian_column(self, Z, state, i, start, stop, out):
    zs, z_half, _ = state
    out[:] = _dots(Z[i : i + 1], zs[start:stop])[0]
    out -= z_half[i]
    out -= z_half[start:stop]
    _gaussian_exp(out)


def _gaussian_fill(self, Xb, state, out):
    zs, z_half, s = state
    out[...] = _dots(Xb, zs)
    out -= (0.5 * s * _dots_rows(Xb))[:, None]
    out -= z_half
    _gaussian_exp(out)


def _linear_fill(self, Xb, Z, out):
    out[...] = _dots(Xb, Z)


def _polynomial_fill(self, Xb, Z, out):
    out[...] = _dots(Xb, Z)
    out += self.c
    np.power(out, self.degree, out=out)


@pytest.fixture
def unfused_daxpy(monkeypatch: pytest.MonkeyPatch) -> None:
    """loo.py's G + Σ_k Δα_k Q_k with a·x + y rounded twice, as smo.js does.

    OpenBLAS's daxpy fuses the multiply-add (here, in blocks of 16), so that
    the leave-one-out's start gradients differ in the last bit, and with them
    the retrains' steps (not their mistakes, in parts 2 and 3).
    """
    monkeypatch.setattr(loo_module, "_daxpy", lambda x, y, a: a * x + y)


@pytest.fixture
def pinned(monkeypatch: pytest.MonkeyPatch, unfused_daxpy: None) -> None:
    """The library's kernel values computed as smo.js computes them (see top)."""
    for cls, name, function in (
        (Gaussian, "_prepare", _gaussian_prepare),
        (Gaussian, "_slice_state", _gaussian_slice),
        (Gaussian, "_column", _gaussian_column),
        (Gaussian, "_fill", _gaussian_fill),
        (Linear, "_fill", _linear_fill),
        (Linear, "_diag", lambda self, X: _dots_rows(X)),
        (Polynomial, "_fill", _polynomial_fill),
        (Polynomial, "_diag", lambda self, X: (_dots_rows(X) + self.c) ** self.degree),
    ):
        monkeypatch.setattr(cls, name, function)


# --- the two sides ---------------------------------------------------------


def _harness(folder: Path, source: str | None = None) -> Path:
    """A page loading smo.js from the source tree (or, given, ``source`` inline)."""
    script = (
        f'<script src="{file_url(SMO_JS)}"></script>'
        if source is None
        else f"<script>{source}</script>"
    )
    page = folder / ("harness.html" if source is None else "mutant.html")
    page.write_text(
        '<!doctype html><meta charset="utf-8"><title>smo.js</title>'
        f"{script}<script>{RUNNER}</script>"
    )
    return page


@pytest.fixture(scope="module")
def page(browser: Browser, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Page]:
    with open_page(browser, _harness(tmp_path_factory.mktemp("smo"))) as visit:
        yield visit.page


def case(
    data, kernel: dict, C: float = 1.0, *, loo: bool = False, **opts: object
) -> dict:
    """One problem: points, labels and smo.js's options (C may be ∞)."""
    X, y = (data.X, data.y) if hasattr(data, "X") else data
    return {
        "X": np.asarray(X, dtype=float).tolist(),
        "y": [int(v) for v in y],
        "opts": {"kernel": kernel, "C": C, **opts},
        "loo": loo,
    }


def run_js(page: Page, cases: list[dict]) -> list[dict]:
    return page.evaluate("(cases) => runCases(cases)", cases)


def _scale(svm: SVM, X: np.ndarray) -> float:
    """1 + Σ|α_i y_i| max |k(x, x_i)|: a bound on the terms of f(x)."""
    if svm.support_.size == 0:
        return 1.0
    K = svm.kernel_(X, svm.support_vectors_)
    return 1.0 + float(np.abs(svm.dual_coef_).sum() * np.abs(K).max())


def library(c: dict) -> dict:
    """What SVM.fit and svm_loo(retrain="all") give, as smo.js reports it."""
    o = c["opts"]
    params = {
        "kernel": make_kernel(o["kernel"]),
        "C": o["C"],
        "tol": o.get("tol", TOL),
        "shrinking": o.get("shrinking", True),
        "fit_intercept": o.get("fitIntercept", True),
    }
    if "cacheBytes" in o:
        params["cache_bytes"] = o["cacheBytes"]
    if "maxIter" in o:
        params["max_iter"] = o["maxIter"]
    X, y = np.array(c["X"]), np.array(c["y"], dtype=float)
    svm = SVM(**params)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        try:
            svm.fit(X, y, alpha0=o.get("alpha0"))
        except NotSeparableError as error:
            return {"status": "not_separable", "message": str(error)}
        out = {
            "status": "ok" if svm.converged_ else "max_iter",
            "alpha": svm.alpha_,
            "b": svm.intercept_,
            "support": svm.support_.tolist(),
            "nIter": svm.n_iter_,
            "nKernelEvals": svm.n_kernel_evals_,
            "margin": svm.margin_,
            "dualObjective": svm.dual_objective_,
            "decision": svm.decision_function(X),
            "scale": _scale(svm, X),
        }
        if c["loo"]:
            r = svm_loo(SVM(**params), X, y, retrain="all")
            out["loo"] = {
                "mistakes": r.mistakes.tolist(),
                "nErrors": r.n_errors,
                "nIter": r.n_iter,
                "nSV": r.n_sv,
                "looDecision": r.loo_decision,
            }
    return out


def assert_same(js: dict, py: dict) -> None:
    """Bit for bit: α, b, support, steps, kernel evaluations, LOO (parts 1, 2).

    The sums that are BLAS dot products in the library (‖w‖², f(x), f_{−i}(x_i))
    only agree to rounding: 10⁻¹² relative.
    """
    assert js["status"] == py["status"], f"status {js['status']} ≠ {py['status']}"
    if py["status"] == "not_separable":
        assert "not separable" in js["message"], js["message"]
        steps = [m["message"].split(" SMO steps")[0].split()[-1] for m in (js, py)]
        assert steps[0] == steps[1], f"not separable after {steps[0]} ≠ {steps[1]}"
        return
    alpha = np.array(js["alpha"])
    assert np.array_equal(alpha, py["alpha"]), (
        f"max |Δα| = {np.max(np.abs(alpha - py['alpha'])):.2g}, "
        f"steps {js['nIter']} ≠ {py['nIter']}"
    )
    assert js["b"] == py["b"], f"b {js['b']!r} ≠ {py['b']!r}"
    assert js["support"] == py["support"], "support"
    counts = [(r["nIter"], r["nKernelEvals"]) for r in (js, py)]
    assert counts[0] == counts[1], f"(steps, kernel evaluations) {counts}"
    assert js["margin"] == pytest.approx(py["margin"], rel=1e-12), "margin"
    assert js["dualObjective"] == pytest.approx(py["dualObjective"], rel=1e-12)
    atol = 1e-12 * py["scale"]
    np.testing.assert_allclose(js["decision"], py["decision"], rtol=0, atol=atol)
    if "loo" in py:
        a, b = js["loo"], py["loo"]
        assert a["mistakes"] == b["mistakes"], "leave-one-out mistakes"
        counts = [(r["nErrors"], r["nIter"], r["nSV"]) for r in (a, b)]
        assert counts[0] == counts[1], f"leave-one-out (errors, steps, #SV) {counts}"
        np.testing.assert_allclose(a["looDecision"], b["looDecision"], 0, atol)


def compare(page: Page, cases: list[dict]) -> list[str]:
    """Run every case on both sides; the cases that differ, and how."""
    failures = []
    for c, js in zip(cases, run_js(page, cases), strict=True):
        try:
            assert_same(js, library(c))
        except AssertionError as error:
            failures.append(f"{c['opts']} m={len(c['y'])}: {str(error)[:200]}")
    return failures


# --- the point sets --------------------------------------------------------

GAUSSIANS = [{"name": "gaussian", "sigma": s} for s in (0.2, 0.5, 2.0)]
LINEAR = {"name": "linear"}
POLY2 = {"name": "polynomial", "degree": 2, "c": 1.0}
POLY3 = {"name": "polynomial", "degree": 3, "c": 1.0}
MOONS = make_moons(60, noise=0.25, seed=7)


def _pinned_cases() -> list[dict]:
    """Part 1: every kernel, C and shrinking setting on the moons, and more."""
    cases = [
        case(MOONS, kernel, C, shrinking=shrinking, loo=shrinking)
        for kernel in (*GAUSSIANS, LINEAR, POLY2)
        for C in (0.1, 1.0, 10.0)
        for shrinking in (True, False)
    ]
    big = make_moons(300, noise=0.2, seed=5)
    cases += [
        case(big, GAUSSIANS[1], 1.0, loo=True),
        case(big, GAUSSIANS[1], 1.0, shrinking=False),
        case(big, LINEAR, 10.0),
        case(big, POLY2, 10.0, shrinking=False),  # thousands of steps
    ]
    mid = make_moons(150, noise=0.25, seed=8)
    cases += [  # a cache of 5 and of 2 columns: least-recently-used evictions
        case(mid, {"name": "gaussian", "sigma": 0.3}, 10.0, cacheBytes=8 * 150 * k)
        for k in (5, 2)
    ]
    circles, xor = make_circles(100, noise=0.1, seed=2), make_xor(80, 0.35, seed=3)
    cases += [
        case(data, GAUSSIANS[1], C, loo=C == 1.0)
        for data in (circles, xor)
        for C in (1.0, INF)  # the Gaussian separates distinct points
    ]
    cases += [
        case(MOONS, GAUSSIANS[1], 1.0, fitIntercept=False, loo=True),
        case(MOONS, POLY2, INF),
    ]
    sets = _exact_sets()  # ties on the axes; duplicates: a_t = 0, replaced by τ
    cases += [
        case(sets[name], {"name": "gaussian", "sigma": s}, C, loo=C == 1.0)
        for name in ("grid, duplicates with the same label", "integer points")
        for s in (0.5, 2.0)
        for C in (1.0, 10.0)
    ]
    # Warm starts whose gradient Qα − e is exact in any order of summation:
    # two support vectors, at dyadic α (free, and at C).
    plus, minus = MOONS.y.tolist().index(1.0), MOONS.y.tolist().index(-1.0)
    for C, a in ((1.0, 0.5), (0.5, 0.5)):
        alpha0 = np.zeros(len(MOONS.y))
        alpha0[[plus, minus]] = a
        cases += [
            case(MOONS, kernel, C, alpha0=alpha0.tolist()) for kernel in GAUSSIANS[:2]
        ]
    return cases


def test_smo_js_retraces_the_librarys_smo_step_for_step(page, pinned) -> None:
    """Part 1: with the same kernel values, every quantity is the same."""
    assert compare(page, _pinned_cases()) == []


def test_a_hard_margin_on_inseparable_data_stops_at_the_librarys_step(
    page, pinned
) -> None:
    """C = ∞, a linear kernel on the noisy moons: the library raises
    NotSeparableError after 68 000 SMO steps; smo.js says so at the same step
    (and, capped earlier, stops there with status max_iter)."""
    c = case(MOONS, LINEAR, INF, maxIter=10**6)
    js, py = run_js(page, [c])[0], library(c)
    assert py["status"] == "not_separable"
    assert_same(js, py)
    capped = run_js(page, [case(MOONS, LINEAR, INF, maxIter=5000)])[0]
    assert capped["status"] == "max_iter"
    assert capped["nIter"] == 5000
    assert "max_iter=5000" in capped["message"]


# --- part 2: exact kernel values, the library's own kernels --------------------


def _grid() -> tuple[np.ndarray, np.ndarray]:
    """5 × 4 integer grid (many equal coordinates), labels by x1 − x2 ≥ 1."""
    X = np.array([[a, b] for a in range(5) for b in range(4)], dtype=float)
    return X, np.where(X[:, 0] - X[:, 1] >= 1, 1.0, -1.0)


def _exact_sets() -> dict[str, tuple[np.ndarray, np.ndarray]]:
    X, y = _grid()
    flipped = y.copy()
    flipped[[3, 9, 14]] *= -1  # not separable by a line
    rng = np.random.default_rng(11)
    Z = rng.integers(-4, 5, size=(48, 2)).astype(float)  # duplicates and ties
    z = np.where(Z[:, 0] ** 2 - 2 * Z[:, 1] > 1, 1.0, -1.0)
    z[rng.choice(48, 5, replace=False)] *= -1
    corners = np.array([[1, 1], [-1, -1], [1, -1], [-1, 1]], dtype=float)
    return {
        "grid": (X, y),
        "grid, 3 labels flipped": (X, flipped),
        "grid, duplicates with the same label": (
            np.vstack([X, X[[0, 7, 19]]]),
            np.concatenate([y, y[[0, 7, 19]]]),
        ),
        "grid, duplicates with the other label": (
            np.vstack([X, X[[2, 7, 16]]]),
            np.concatenate([y, -y[[2, 7, 16]]]),
        ),
        "integer points": (Z, z),
        "XOR, 4 points": (corners, np.array([1.0, 1.0, -1.0, -1.0])),
        "XOR, 12 points": (
            np.vstack([corners, 2 * corners, corners + [[1, 0]]]),
            np.tile([1.0, 1.0, -1.0, -1.0], 3),
        ),
    }


POLY20 = {"name": "polynomial", "degree": 2, "c": 0.0}


def _exact_cases() -> list[dict]:
    cases = []
    for data in _exact_sets().values():
        for kernel in (LINEAR, POLY2, POLY3, POLY20):
            for C in (0.1, 1.0, 10.0):
                cases.append(case(data, kernel, C, loo=C == 1.0))
            cases.append(case(data, kernel, 1.0, shrinking=False))
    X, y = _grid()
    cases += [  # hard margins on separable points
        case((X, y), kernel, INF, loo=True) for kernel in (LINEAR, POLY2, POLY3)
    ]
    sets = _exact_sets()
    cases += [  # and on XOR (the linear kernel) and duplicates with both labels
        case(sets["XOR, 4 points"], POLY2, INF),
        case(sets["grid, duplicates with the other label"], POLY2, INF),
        case(sets["XOR, 4 points"], LINEAR, INF, maxIter=400_000),
    ]
    # Warm starts at dyadic α: Qα − e exact whatever the order of summation.
    alpha0 = np.zeros(len(y))
    pos, neg = np.flatnonzero(y > 0)[:3], np.flatnonzero(y < 0)[:3]
    alpha0[pos], alpha0[neg] = [0.5, 0.25, 0.25], [0.25, 0.5, 0.25]
    cases += [
        case((X, y), kernel, C, alpha0=alpha0.tolist())
        for kernel in (LINEAR, POLY2)
        for C in (1.0, 0.5, INF)
    ]
    return cases


def test_on_exact_kernel_values_smo_js_equals_the_library(page, unfused_daxpy) -> None:
    """Part 2: integer points, linear and polynomial kernels (ties on the
    axes, duplicates with the same and the other label, XOR, C = ∞, warm
    starts): the same bit for bit, with the library's kernels as they are."""
    assert compare(page, _exact_cases()) == []


# --- part 3: the Gaussian kernel, the library unpatched --------------------------


def test_with_numpys_exp_the_gaussian_svm_agrees_to_the_tolerance(page) -> None:
    """Part 3: both solutions are tol-optimal, so they agree to what that
    allows (bounds measured on these sets with a margin of about 5); the SMO
    paths may part (numpy's exp is not V8's), so steps are not compared. The
    last case warm-starts from a coarse solution (tol = 0.1)."""
    sets = [
        make_moons(120, noise=0.25, seed=1),
        make_circles(120, noise=0.1, seed=2),
        make_xor(80, noise=0.35, seed=3),
    ]
    cases = [
        case(data, {"name": "gaussian", "sigma": s}, C, loo=C == 1.0)
        for data in sets
        for s in (0.2, 0.5, 1.0, 2.0)
        for C in (0.1, 1.0, 10.0, 100.0)
    ]
    data = sets[0]
    coarse = SVM(kernel=Gaussian(0.5), C=10.0, tol=0.1).fit(data.X, data.y)
    cases.append(case(data, GAUSSIANS[1], 10.0, alpha0=coarse.alpha_.tolist()))
    for c, js in zip(cases, run_js(page, cases), strict=True):
        py, name = library(c), str(c["opts"])
        assert js["status"] == py["status"] == "ok", name
        assert np.max(np.abs(np.array(js["decision"]) - py["decision"])) <= 50 * TOL
        assert js["dualObjective"] == pytest.approx(py["dualObjective"], rel=1e-5)
        assert len(set(js["support"]) ^ set(py["support"])) <= 2, name
        if c["loo"]:
            clear = np.abs(py["loo"]["looDecision"]) > 50 * TOL
            mistakes = np.array(js["loo"]["mistakes"])
            assert np.array_equal(
                mistakes[clear], np.array(py["loo"]["mistakes"])[clear]
            ), name


# --- what a page may ask -------------------------------------------------------


def test_impossible_requests_get_a_status_and_never_a_throw(page) -> None:
    one = case(([[0, 0], [1, 1], [2, 0]], [1, 1, 1]), LINEAR, 1.0, loo=True)
    with pytest.raises(ValueError, match="one class"):
        library(one)
    got = run_js(page, [one])[0]
    assert got["status"] == "one_class"
    assert "one class" in got["message"]
    assert got["loo"]["status"] == "one_class"
    too_few = run_js(
        page, [case(([[0, 0], [1, 1], [2, 0]], [1, -1, -1]), LINEAR, loo=True)]
    )
    assert too_few[0]["status"] == "ok"
    assert too_few[0]["loo"]["status"] == "too_few"
    bad = page.evaluate(
        """() => [
          KB.smo.fit([[0, 0], [1, NaN]], [1, -1]),
          KB.smo.fit([[0, 0], [1, 1]], [1, 0]),
          KB.smo.fit([[0, 0], [1]], [1, -1]),
          KB.smo.fit([[0, 0], [1, 1]], [1, -1], {kernel: {name: "cubic"}}),
          KB.smo.fit([[0, 0], [1, 1]], [1, -1], {kernel: {name: "gaussian", sigma: 0}}),
          KB.smo.fit([[0, 0], [1, 1]], [1, -1], {C: -1}),
          KB.smo.fit([[0, 0], [1, 1]], [1, -1], {alpha0: [1, 0]}),
          KB.smo.fit([], []),
        ].map((r) => [r.status, r.message])"""
    )
    assert [status for status, _ in bad] == ["invalid"] * len(bad), bad
    assert all(message for _, message in bad)


def test_the_api_a_page_uses(page, pinned) -> None:
    """kernel(spec).k, fit's fields and defaults, decision off the training set."""
    X, y = MOONS.X[:20].tolist(), MOONS.y[:20].tolist()
    got = page.evaluate(
        """([X, y]) => {
          const g = KB.smo.kernel({name: "gaussian", sigma: 0.5});
          const m = KB.smo.fit(X, y, {kernel: g, C: 1});
          const d = KB.smo.fit(X, y);  // Gaussian σ = 1, C = 1
          return {
            k: [g.k([0, 0], [1, 0]),
                KB.smo.kernel({name: "polynomial", degree: 3, c: 1}).k([1, 2], [3, 1])],
            fields: Object.keys(m).sort(),
            types: [m.alpha instanceof Float64Array, Array.isArray(m.support)],
            f: Array.from(KB.smo.decision(m, [[0.5, 0.25], [-1, 2]])),
            dSupport: d.support.length, dIter: d.nIter,
          };
        }""",
        [X, y],
    )
    assert got["k"] == [pytest.approx(math.exp(-2.0)), 216.0]
    for field in ("alpha", "b", "support", "nIter", "nKernelEvals", "converged"):
        assert field in got["fields"]
    for field in ("margin", "dualObjective", "status"):
        assert field in got["fields"]
    assert got["types"] == [True, True]
    svm = SVM(kernel=Gaussian(0.5), C=1.0).fit(X, y)
    np.testing.assert_allclose(
        got["f"], svm.decision_function([[0.5, 0.25], [-1, 2]]), rtol=0, atol=1e-12
    )
    default = SVM().fit(X, y)
    assert got["dSupport"] == default.support_.size


# --- the comparison has teeth ----------------------------------------------------

MUTATIONS = {
    # i = argmax over I_up with ties to the last position → to the first
    "selection tie rule": (
        "if (inUp(y[t], status[t]) && -y[t] * G[t] >= gmax)",
        "if (inUp(y[t], status[t]) && -y[t] * G[t] > gmax)",
    ),
    # the clipping of Platt's step at the upper bound, for y_i ≠ y_j
    "clipping at C": (
        "if (ai > C) [ai, aj] = [C, C - diff];",
        "if (ai > C) [ai, aj] = [C, C - diff / 2];",
    ),
}


@pytest.mark.parametrize("mutation", MUTATIONS)
def test_a_changed_smo_step_is_caught(browser, tmp_path, pinned, mutation) -> None:
    before, after = MUTATIONS[mutation]
    source = SMO_JS.read_text()
    assert source.count(before) == 1, f"smo.js changed: {before!r} is gone"
    mutant = _harness(tmp_path, source.replace(before, after))
    cases = [
        case(MOONS, kernel, C)
        for kernel in (*GAUSSIANS, LINEAR, POLY2)
        for C in (0.1, 1.0, 10.0)
    ]
    with open_page(browser, mutant) as visit:
        failures = compare(visit.page, cases)
    assert any("|Δα|" in line for line in failures), (
        f"smo.js with its {mutation} changed still gives the library's α and steps"
    )


def test_the_harness_loads_the_source_file(page) -> None:
    """The page runs smo.js from the source tree, not a copy, and KB.smo has
    the four functions a page uses."""
    assert page.evaluate("() => document.scripts[0].src") == file_url(SMO_JS)
    names = page.evaluate("() => Object.keys(KB.smo)")
    assert names[:4] == ["kernel", "fit", "decision", "loo"]
