"""K2 and K8: what the kernel and the dual form cost, as counted work and as CPU
time against size.

K2 (Huang 2017, 'Quadratic Kernel' and 'Kernel Summary'; UML notes, Kernels
§III): for the homogeneous polynomial kernel ⟨x, x'⟩^d on R^n, the explicit
route φ(x)·φ(x') with φ = x^{⊗d} costs O(n^d) per pair while the kernel costs
O(n).

K8 (Shewchuk, Lecture 14, where n counts samples and d features): dual training
needs the Gram matrix, O(n²d); a dual prediction f(z) = Σ_j a_j k(X_j, z) costs
O(nd) per test point, against O(d') (d' = dim φ) with the explicit
w = Σ_j a_j φ(X_j).

Each computation is measured twice. Its work, counted by the running code
(the coordinates of φ it forms, read off the arrays :func:`monomials` returns;
the kernel values it forms, counted by the kernel it calls): the same on every
run, for the rows of ``results/claims.csv``. And its CPU time, the best of
``repeats`` calls after one warm-up call
(:func:`~marginlab.experiments._shared.timing.best_time`): a measurement of
the machine, for the rows of ``results/timings.csv``. Each timed call works on
a batch of about ``work`` array elements, so that numpy's per-call overhead is
small beside the work measured.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pandas as pd

from ...core.kernels import Polynomial
from ...core.kernels.feature_maps import monomials
from .._shared.timing import TIMING_COLUMNS, WORK_COLUMNS, best_time, exponent_table


def geometric_sizes(low: int, high: int, count: int) -> list[int]:
    """``count`` distinct integers spaced evenly on a log scale from low to high."""
    return sorted({int(round(v)) for v in np.geomspace(low, high, count)})


class _CountedPolynomial(Polynomial):
    """⟨x, z⟩^p (+ c) that counts the multiply-adds of the inner products it
    forms (``multiply_adds``: rows × columns × features of every block it
    returns)."""

    multiply_adds = 0

    def __call__(self, X: object, Z: object | None = None) -> np.ndarray:
        K = super().__call__(X, Z)
        self.multiply_adds += K.size * np.shape(X)[1]
        return K


def explicit_multiply_adds(n: int, degree: int) -> int:
    """K2: the multiply-adds of one pair by the explicit route, counted from the
    arrays it forms.

    φ(x) = x^{⊗d} is formed level by level, one product per coordinate of
    x^{⊗k} for k = 2, …, d, for x and for x'; then φ(x)·φ(x') takes n^d
    multiply-adds: n^d + 2 Σ_{k=2}^{d} n^k in all. The coordinates of each
    level are read off :func:`~marginlab.core.kernels.feature_maps.monomials`.

    Examples
    --------
    >>> explicit_multiply_adds(10, 2), explicit_multiply_adds(10, 3)
    (300, 3200)
    """
    x = np.ones((1, n))
    levels = [monomials(x, k).shape[1] for k in range(2, degree + 1)]
    return levels[-1] + 2 * sum(levels)


def kernel_multiply_adds(X: np.ndarray, degree: int) -> int:
    """K2: the multiply-adds of one pair by the kernel ⟨x, x'⟩^d, for pairs
    of rows of ``X``: the n = ``X.shape[1]`` of the inner product, then d − 1
    products for the power.

    Examples
    --------
    >>> kernel_multiply_adds(np.ones((5, 10)), 3)
    12
    """
    return X.shape[1] + degree - 1


def _row(experiment: str, form: str, degree: int, size: int, **values) -> dict:
    return {
        "experiment": experiment,
        "form": form,
        "degree": degree,
        "size": size,
        **values,
    }


#: The forms of K2's table: the explicit route and the kernel, each over its
#: own sizes, and the kernel again over the explicit route's sizes.
EXPLICIT, KERNEL, KERNEL_SMALL = "explicit", "kernel", "kernel, small n"


def _feature_vs_kernel(
    degree: int,
    sizes: Sequence[int],
    kernel_n: Sequence[int],
    work: int,
    repeats: int,
    rng: np.random.Generator,
) -> tuple[list[dict], list[dict]]:
    """K2: CPU time and multiply-adds per pair of φ(x)·φ(x') (n^d coordinates,
    n in ``sizes``) and of ⟨x, x'⟩^d (n in ``kernel_n``, and again in
    ``sizes``)."""
    rows, counts = [], []
    shapes = [(EXPLICIT, n) for n in sizes] + [(KERNEL_SMALL, n) for n in sizes]
    shapes += [(KERNEL, n) for n in kernel_n]
    for form, n in shapes:
        explicit = form == EXPLICIT
        pairs = max(1, work // (n**degree if explicit else n))
        X = rng.standard_normal((pairs, n))
        Z = rng.standard_normal((pairs, n))
        if explicit:

            def call(X=X, Z=Z):
                return np.einsum("ij,ij->i", monomials(X, degree), monomials(Z, degree))

        else:

            def call(X=X, Z=Z):
                return np.einsum("ij,ij->i", X, Z) ** degree

        key = ("feature_vs_kernel", form, degree, n)
        rows.append(
            _row(
                *key, seconds=best_time(call, repeats) / pairs, unit="pair", batch=pairs
            )
        )
        count = (
            explicit_multiply_adds(n, degree)
            if explicit
            else kernel_multiply_adds(X, degree)
        )
        counts.append(_row(*key, count=count, unit="multiply-adds per pair"))
    return rows, counts


def kernel_cost_tables(
    *,
    degrees: Sequence[int],
    n_min: int,
    max_features: int,
    n_sizes: int,
    kernel_n: Sequence[int],
    work: int,
    gram_m: Sequence[int],
    gram_d: Sequence[int],
    fixed_m: int,
    fixed_d: int,
    predict_m: Sequence[int],
    predict_points: int,
    repeats: int,
    seed: int,
) -> tuple[pd.DataFrame, pd.DataFrame, pd.DataFrame]:
    """Time and count the computations of K2 and K8 over growing sizes.

    Parameters
    ----------
    degrees : sequence of int
        Polynomial degrees d of K2; for each, the explicit route φ(x)·φ(x')
        runs over ``n_sizes`` sizes n from ``n_min`` up to the largest n with
        n^d ≤ ``max_features`` (form "explicit"), and so does the kernel
        ⟨x, x'⟩^d (form "kernel, small n").
    kernel_n : sequence of int
        The sizes n of the kernel ⟨x, x'⟩^d that its timing row reads (form
        "kernel"): from where its n multiply-adds outweigh its fixed cost per
        pair (the power, the row's loop), about n = 1000.
    work : int
        Array elements per timed batch (sets the number of pairs).
    gram_m, gram_d : sequence of int
        Sample counts (at ``fixed_d`` features) and feature counts (at
        ``fixed_m`` samples) of the Gram matrix of ⟨x, x'⟩² (K8, O(m²d)).
    predict_m : sequence of int
        Training-set sizes m for the prediction of ``predict_points`` test
        points with ``fixed_d`` features: dual Σ_j a_j k(X_j, z) (O(md) per
        point) against explicit w·φ(z) (O(d'), d' = d², independent of m).
    repeats, seed : int

    Returns
    -------
    timings : DataFrame
        One row per timing: ``experiment`` (feature_vs_kernel, gram_vs_m,
        gram_vs_d, predict_vs_m), ``form`` (explicit, kernel, kernel, small n,
        dual),
        ``degree``, ``size``, ``seconds`` (best CPU time per ``unit``: pair,
        gram or point), ``unit``, ``batch``.
    fits : DataFrame
        :func:`~marginlab.experiments._shared.timing.exponent_table` of
        ``timings``.
    work : DataFrame
        The same rows with ``count``, the multiply-adds per ``unit``, counted
        by the running code: per pair, :func:`explicit_multiply_adds` and
        :func:`kernel_multiply_adds`; per Gram
        matrix, the inner products the kernel formed (m² entries of d
        multiply-adds each); per test point, the dual's m kernel values (d
        multiply-adds each) and their sum with a (m), the explicit route's d'
        coordinates of φ(z) and their product with w (d').
    """
    rng = np.random.default_rng(seed)
    rows: list[dict] = []
    counts: list[dict] = []
    for degree in degrees:
        n_max = int(np.floor(max_features ** (1.0 / degree) + 1e-9))
        sizes = geometric_sizes(n_min, n_max, n_sizes)
        timed, counted = _feature_vs_kernel(degree, sizes, kernel_n, work, repeats, rng)
        rows += timed
        counts += counted

    kernel = _CountedPolynomial(degree=2, c=0.0)
    for experiment, shapes in (
        ("gram_vs_m", [(m, fixed_d, m) for m in gram_m]),
        ("gram_vs_d", [(fixed_m, d, d) for d in gram_d]),
    ):
        for m, d, size in shapes:
            X = rng.standard_normal((m, d))
            before = kernel.multiply_adds
            seconds = best_time(lambda X=X: kernel(X), repeats)
            calls = repeats + 1
            key = (experiment, "kernel", 2, size)
            rows.append(_row(*key, seconds=seconds, unit="gram", batch=1))
            counts.append(
                _row(
                    *key,
                    count=(kernel.multiply_adds - before) // calls,
                    unit="multiply-adds per Gram matrix",
                )
            )

    Z = rng.standard_normal((predict_points, fixed_d))
    for m in predict_m:
        X = rng.standard_normal((m, fixed_d))
        a = rng.standard_normal(m)
        w = monomials(X, 2).T @ a  # w = Σ_j a_j φ(X_j), computed once (untimed)
        formed: dict[str, int] = {}

        def dual(X=X, a=a, formed=formed):
            K = kernel(Z, X)
            formed["dual"] = K.shape[1] * (X.shape[1] + 1)  # per point
            return K @ a

        def explicit(w=w, formed=formed):
            phi = monomials(Z, 2)
            formed["explicit"] = phi.shape[1] + w.size  # per point
            return phi @ w

        for form, call in (("dual", dual), ("explicit", explicit)):
            key = ("predict_vs_m", form, 2, m)
            rows.append(
                _row(
                    *key,
                    seconds=best_time(call, repeats) / predict_points,
                    unit="point",
                    batch=predict_points,
                )
            )
            counts.append(
                _row(*key, count=formed[form], unit="multiply-adds per test point")
            )
    timings = pd.DataFrame(rows, columns=list(TIMING_COLUMNS))
    return (
        timings,
        exponent_table(timings),
        pd.DataFrame(counts, columns=list(WORK_COLUMNS)),
    )
