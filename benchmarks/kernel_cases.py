"""Benchmark cases of the kernel modules (kernels, svm) against scikit-learn.

Importing this module needs the ``benchmarks`` directory on ``sys.path`` (as
``run.py`` arranges) and scikit-learn installed (the ``test`` extra).

Run as a script, it says where an SVM fit of the ``svm_fit`` cases spends its
time (:func:`svm_time_parts`)::

    python benchmarks/kernel_cases.py --where 2000 10000 50000 [--repeats 3]
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import numpy as np
from harness import Case, scaled
from libsvm_evals import libsvm_cost
from sklearn.metrics.pairwise import rbf_kernel
from sklearn.svm import SVC

from marginlab.core.datasets import make_dataset
from marginlab.core.kernels import Gaussian
from marginlab.estimators.svm import smo, solver
from marginlab.estimators.svm.classifier import SVM


def max_abs_diff(a: np.ndarray, b: np.ndarray, block_rows: int = 1024) -> float:
    """max |a - b| over all entries, in row blocks (no full-size temporary).

    Parameters
    ----------
    a, b : ndarray of the same shape
    block_rows : int, default=1024
        Rows compared at a time.

    Returns
    -------
    diff : float
        ``inf`` when the shapes differ.
    """
    a = np.asarray(a)
    b = np.asarray(b)
    if a.shape != b.shape:
        return float("inf")
    if a.size == 0:
        return 0.0
    a2 = a.reshape(a.shape[0], -1) if a.ndim > 1 else a[:, None]
    b2 = b.reshape(b.shape[0], -1) if b.ndim > 1 else b[:, None]
    worst = 0.0
    for start in range(0, a2.shape[0], block_rows):
        block = np.abs(a2[start : start + block_rows] - b2[start : start + block_rows])
        worst = max(worst, float(block.max()))
    return worst


def _rbf_gram(scale: float) -> Case:
    """Gaussian Gram matrix of m points in 10 dimensions vs ``rbf_kernel``."""
    m, n, sigma = scaled(10_000, scale), 10, 1.0
    gamma = 1.0 / (2.0 * sigma**2)
    kernel = Gaussian(sigma=sigma)

    def setup() -> np.ndarray:
        return np.random.default_rng(0).standard_normal((m, n))

    return Case(
        name="rbf_gram",
        size=f"m={m}, n={n}",
        setup=setup,
        ours=lambda X: kernel(X),
        peer=lambda X: rbf_kernel(X, gamma=gamma),
        quality=lambda ours, peer: {"max_abs_diff": max_abs_diff(ours, peer)},
        target_ratio=1.0,
        direction="<=",
    )


#: The quality an SVM fit must have beside SVC's to meet its target: at most
#: 1 % of the support vectors differ, decision values within 1e-2.
SVM_LIMITS = {"sv_differ_frac": 0.01, "max_decision_diff": 1e-2}


def _moons(m: int) -> tuple[np.ndarray, np.ndarray]:
    """The svm_fit cases' data: two moons, noise 0.3, seed 0."""
    data = make_dataset({"generator": "moons", "n_samples": m, "noise": 0.3, "seed": 0})
    return data.X, data.y


def _svm(X: np.ndarray, y: np.ndarray) -> SVM:
    """The svm_fit cases' SVM: RBF σ = 1/√2 (γ = 1), C = 1, tol 1e-3."""
    return SVM(kernel=Gaussian(sigma=1.0 / np.sqrt(2.0)), C=1.0, tol=1e-3).fit(X, y)


def _svm_fit(m_full: int, target: float | None) -> Callable[[float], Case]:
    """SVM fit on two moons (noise 0.3), RBF σ = 1/√2 (γ = 1), C = 1, tol 1e-3."""

    def build(scale: float) -> Case:
        m = scaled(m_full, scale, low=20)

        def setup() -> tuple[np.ndarray, np.ndarray]:
            return _moons(m)

        def ours(inputs: tuple[np.ndarray, np.ndarray]) -> SVM:
            return _svm(*inputs)

        def peer(inputs: tuple[np.ndarray, np.ndarray]) -> SVC:
            return SVC(C=1.0, gamma=1.0, tol=1e-3).fit(*inputs)

        X, y = setup()

        def quality(a: SVM, b: SVC) -> dict[str, float]:
            ours_sv, peer_sv = set(a.support_), set(b.support_)
            dv = a.decision_function(X) - b.decision_function(X)
            row = {
                "n_sv_ours": float(len(ours_sv)),
                "n_sv_peer": float(len(peer_sv)),
                "sv_differ_frac": len(ours_sv ^ peer_sv) / len(peer_sv),
                "max_decision_diff": float(np.abs(dv).max()),
                "n_iter_ours": float(a.n_iter_),
                "n_iter_peer": float(np.sum(b.n_iter_)),
                "kernel_evals_ours": float(a.n_kernel_evals_),
            }
            # SVC does not report kernel evaluations: libsvm's own count, from
            # one more fit by the counting build of libsvm_evals.py (untimed).
            cost = libsvm_cost(X, y, C=1.0, gamma=1.0, tol=1e-3)
            if cost is not None:
                row.update(cost)
            return row

        return Case(
            name=f"svm_fit_m{m_full}",
            size=f"m={m}, RBF, C=1",
            setup=setup,
            ours=ours,
            peer=peer,
            quality=quality,
            target=(
                "none"
                if target is None
                else f"ratio <= {target}; SVs differ <= 1%; decision values within 1e-2"
            ),
            target_ratio=target,
            direction="<=",
            limits=SVM_LIMITS,
        )

    return build


#: One builder per case, in report order; each maps ``scale`` to a Case.
BUILDERS: list[Callable[[float], Case]] = [
    _rbf_gram,
    _svm_fit(1000, target=None),  # targets from m = 2 000 on
    _svm_fit(2000, target=0.8),
    _svm_fit(10000, target=0.8),
    _svm_fit(50000, target=0.8),
]


#: The parts of an SVM fit that :func:`svm_time_parts` times: (owner,
#: attribute, part). Each part's time excludes the parts it calls.
_PARTS = (
    (Gaussian, "_column", "kernel values (numpy product and exp, compiled clip)"),
    (solver, "times_labels", "labels y_i y_t (compiled)"),
    (smo.KernelQ, "fill", "column requests (Python)"),
    (solver, "run", "the compiled loop (select, step, shrinking, cache)"),
    (smo.KernelQ, "swap_indices", "cache swaps at shrinking (compiled)"),
    (SVM, "fit", "the rest of fit (checks, Python driver, rho)"),
)


@contextmanager
def _timing(parts: dict[str, list[float]]) -> Iterator[None]:
    """Wrap each function of :data:`_PARTS` so that it adds its own time
    (without that of the other parts it calls) and one call to ``parts``."""
    stack: list[float] = []

    def timed(function: Callable[..., object], part: str) -> Callable[..., object]:
        def wrapper(*args: object, **kwargs: object) -> object:
            start = time.perf_counter()
            stack.append(0.0)
            try:
                return function(*args, **kwargs)
            finally:
                elapsed = time.perf_counter() - start
                inner = stack.pop()
                parts[part][0] += elapsed - inner
                parts[part][1] += 1
                if stack:
                    stack[-1] += elapsed

        return wrapper

    saved = [(owner, name, getattr(owner, name)) for owner, name, _ in _PARTS]
    try:
        for (owner, name, part), (_, _, function) in zip(_PARTS, saved, strict=True):
            parts.setdefault(part, [0.0, 0])
            setattr(owner, name, timed(function, part))
        yield
    finally:
        for owner, name, function in saved:
            setattr(owner, name, function)


def svm_time_parts(m: int, repeats: int = 3) -> tuple[dict[str, float], dict]:
    """Where a fit of the ``svm_fit`` cases' SVM on m points spends its time.

    One untimed fit (numba's code loaded or compiled), ``repeats`` plain
    timed fits, then ``repeats`` fits with each part of :data:`_PARTS` timed
    by ``time.perf_counter`` around its calls (which adds about a
    microsecond per call, most of it to the rest of fit).

    Returns
    -------
    parts : dict of str to (float, float)
        Seconds per fit and calls per fit of each part.
    fit : dict
        ``plain`` and ``seconds``: median seconds of the plain and of the
        instrumented fits; ``n_iter``, ``kernel_evals``, ``columns`` (kernel
        columns computed).
    """
    X, y = _moons(m)
    _svm(X, y)
    plain = []
    for _ in range(repeats):
        start = time.perf_counter()
        _svm(X, y)
        plain.append(time.perf_counter() - start)
    parts: dict[str, list[float]] = {}
    seconds = []
    with _timing(parts):
        for _ in range(repeats):
            start = time.perf_counter()
            fitted = _svm(X, y)
            seconds.append(time.perf_counter() - start)
    per_fit = {
        part: (t / repeats, calls / repeats) for part, (t, calls) in parts.items()
    }
    fit = {
        "plain": float(np.median(plain)),
        "seconds": float(np.median(seconds)),
        "n_iter": fitted.n_iter_,
        "kernel_evals": fitted.n_kernel_evals_,
        "columns": per_fit["kernel values (numpy product and exp, compiled clip)"][1],
    }
    return per_fit, fit


def main(argv: list[str] | None = None) -> int:
    """``--where M ...``: print :func:`svm_time_parts` for each m."""
    parser = argparse.ArgumentParser(prog="kernel_cases.py", description=__doc__)
    parser.add_argument("--where", type=int, nargs="+", required=True, metavar="M")
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args(argv)
    for m in args.where:
        parts, fit = svm_time_parts(m, args.repeats)
        total = sum(t for t, _ in parts.values())
        print(
            f"m = {m}: fit {fit['plain'] * 1e3:.1f} ms, instrumented "
            f"{fit['seconds'] * 1e3:.1f} ms (medians of {args.repeats}); "
            f"{fit['n_iter']} SMO steps, {fit['kernel_evals']} kernel evaluations "
            f"in {fit['columns']:.0f} columns"
        )
        for part, (t, calls) in sorted(parts.items(), key=lambda kv: -kv[1][0]):
            if calls:
                print(
                    f"  {part:<52} {t * 1e3:9.2f} ms {100 * t / total:5.1f} % "
                    f"{calls:8.0f} calls {t / calls * 1e6:9.2f} us/call"
                )
    return 0


if __name__ == "__main__":
    sys.exit(main())
