"""Claim rows of K2 and K8, from the kernel_cost experiment's tables: the
counted work (claims.csv) and the CPU times (timings.csv)."""

from __future__ import annotations

import pandas as pd

from .._shared.exponents import exponent_row, fitted, work_row
from .._shared.rows import ClaimRow
from .._shared.timing import exponent_table

#: The forms of K2's tables (:data:`.study.EXPLICIT` and the others).
EXPLICIT, KERNEL, KERNEL_SMALL = "explicit", "kernel", "kernel, small n"


def _degrees(table: pd.DataFrame) -> list[int]:
    pairs = table[table["experiment"] == "feature_vs_kernel"]
    return [int(d) for d in sorted(pairs["degree"].unique())]


def k2_kernel_cost(work: pd.DataFrame) -> list[ClaimRow]:
    """K2: explicit φ(x)·φ(x') costs O(n^d) per pair, the kernel ⟨x, x'⟩^d O(n),
    in counted work.

    Parameters
    ----------
    work : DataFrame
        From :func:`.study.kernel_cost_tables`: the multiply-adds per pair of
        each route (:func:`.study.explicit_multiply_adds`,
        :func:`.study.kernel_multiply_adds`).

    Returns
    -------
    list of ClaimRow
        Per degree d, two checks, ``work/explicit/degree=<d>`` and
        ``work/kernel/degree=<d>`` (the counts follow from the code: the explicit
        route forms every coordinate of x^{⊗d}, the kernel one inner product
        of n): the fitted exponent of the explicit route's multiply-adds per
        pair against n within 0.3 of d, and the kernel's within 0.3 of 1.
    """
    counted = exponent_table(work, "count")
    rows = []
    for d in _degrees(work):
        rows += [
            work_row(
                "K2",
                f"explicit phi(x).phi(x') does O(n^{d}) work",
                fitted(counted, "feature_vs_kernel", EXPLICIT, d),
                d,
                what=f"the multiply-adds per pair of phi(x).phi(x'), degree {d}",
                against="n",
                why=f"a check: the route forms all n^{d} coordinates of phi(x) and "
                "of phi(x')",
                name=f"work/explicit/degree={d}",
            ),
            work_row(
                "K2",
                f"kernel <x,x'>^{d} does O(n) work",
                fitted(counted, "feature_vs_kernel", KERNEL, d),
                1,
                what=f"the multiply-adds per pair of <x,x'>^{d}",
                against="n",
                why="a check: the kernel forms one inner product of n coordinates",
                name=f"work/kernel/degree={d}",
            ),
        ]
    return rows


def k2_timings(fits: pd.DataFrame) -> list[ClaimRow]:
    """K2 in CPU time: per pair, the explicit route grows like n^d, the kernel
    like n.

    Parameters
    ----------
    fits : DataFrame
        From :func:`.study.kernel_cost_tables`: the exponents fitted to the
        best CPU time per pair.

    Returns
    -------
    list of ClaimRow
        Per degree d, two empirical rows, ``time/explicit/degree=<d>`` and
        ``time/kernel/degree=<d>``, each read from the 95 % interval of
        the fitted exponent b̂, two-sided (a time flattened by a fixed cost
        per pair fails as surely as one that grows too fast): |b̂ − d| ≤ 0.3
        for the explicit route, |b̂ − 1| ≤ 0.3 for the kernel over its own
        sizes (``kernel_n``); then an illustration,
        ``time/kernel_small_n/degree=<d>``: the kernel's b̂ over the
        explicit route's sizes, where its fixed cost per pair sets the time.
    """
    rows = []
    for d in _degrees(fits):
        rows += [
            exponent_row(
                "K2",
                f"explicit phi(x).phi(x') grows like n^{d}",
                fitted(fits, "feature_vs_kernel", EXPLICIT, d),
                d,
                against=f"n (explicit phi(x).phi(x'), degree {d})",
                name=f"time/explicit/degree={d}",
            ),
            exponent_row(
                "K2",
                f"kernel <x,x'>^{d} grows like n",
                fitted(fits, "feature_vs_kernel", KERNEL, d),
                1,
                against=f"n (kernel <x,x'>^{d})",
                name=f"time/kernel/degree={d}",
            ),
        ]
        small = fitted(fits, "feature_vs_kernel", KERNEL_SMALL, d)
        rows.append(
            ClaimRow(
                title=f"kernel <x,x'>^{d} at the explicit route's n",
                source=rows[-1].source,
                dataset=f"random normal, size {small['size_min']:g}.."
                f"{small['size_max']:g}",
                quantity=f"fitted exponent of CPU time against n (kernel <x,x'>^{d} "
                f"at the explicit route's n): {float(small['exponent']):.3g} (95 % "
                f"interval [{float(small['exponent_low']):.3g}, "
                f"{float(small['exponent_high']):.3g}]); no verdict: at these n a "
                "pair's fixed cost (the power, the row's loop) outweighs its n "
                "multiply-adds",
                measured=float(small["exponent"]),
                bound=float("nan"),
                relation="n/a",
                kind="illustration",
                name=f"time/kernel_small_n/degree={d}",
            )
        )
    return rows


#: K8's curves: (experiment, form) → (stated exponent, title, what is counted,
#: the size it grows with, why the count is a check).
K8_STATED = {
    ("gram_vs_m", "kernel"): (
        2,
        "the Gram matrix grows like n^2",
        "the multiply-adds of the Gram matrix",
        "n (samples)",
        "a check: the kernel forms all n^2 entries, d multiply-adds each",
    ),
    ("gram_vs_d", "kernel"): (
        1,
        "the Gram matrix grows like d",
        "the multiply-adds of the Gram matrix",
        "d (features)",
        "a check: the kernel forms all n^2 entries, d multiply-adds each",
    ),
    ("predict_vs_m", "dual"): (
        1,
        "a dual prediction per point grows like n",
        "the multiply-adds of a dual prediction per test point",
        "n (training samples)",
        "a check: the dual prediction forms one kernel value per training point",
    ),
    ("predict_vs_m", "explicit"): (
        0,
        "an explicit-w prediction per point is flat in n",
        "the multiply-adds of w.phi(z) per test point",
        "n (training samples)",
        "a check: the explicit prediction never reads the n training points "
        "(w is built once, before predicting)",
    ),
}

#: K8's timed curves → what the timing row names the size (the explicit
#: prediction's time is drawn, not read: it never touches n, so its exponent is
#: 0 by construction).
K8_TIMED = {
    ("gram_vs_m", "kernel"): "n (Gram matrix)",
    ("gram_vs_d", "kernel"): "d (Gram matrix)",
    ("predict_vs_m", "dual"): "n (dual prediction per test point)",
}


def k8_dual_cost(work: pd.DataFrame) -> list[ClaimRow]:
    """K8: the Gram matrix costs O(n²d); a dual prediction O(nd), explicit O(d'),
    in counted work.

    The notation of Shewchuk, Lecture 14: n samples, d features, d' = dim φ
    (here the degree-2 kernel ⟨x, x'⟩², d' = d²).

    Parameters
    ----------
    work : DataFrame
        From :func:`.study.kernel_cost_tables`: the multiply-adds of each
        computation, counted by the running code.

    Returns
    -------
    list of ClaimRow
        Checks, ``work/<experiment>/<form>`` (``work/gram_vs_m/kernel``; the
        counts follow from the code's construction): fitted
        exponents of the multiply-adds within 0.3 of 2 (Gram matrix vs n), 1
        (Gram matrix vs d), 1 (dual prediction per point vs n) and 0
        (explicit prediction per point vs n).
    """
    counted = exponent_table(work, "count")
    return [
        work_row(
            "K8",
            title,
            fitted(counted, experiment, form, 2),
            stated,
            what=what,
            against=against,
            why=why,
            name=f"work/{experiment}/{form}",
        )
        for (experiment, form), (stated, title, what, against, why) in K8_STATED.items()
    ]


def k8_timings(fits: pd.DataFrame) -> list[ClaimRow]:
    """K8 in CPU time: the Gram matrix grows like n² and like d, a dual
    prediction per point like n.

    Parameters
    ----------
    fits : DataFrame
        From :func:`.study.kernel_cost_tables`.

    Returns
    -------
    list of ClaimRow
        Empirical, ``time/<experiment>/<form>`` (``time/gram_vs_m/kernel``),
        each |b̂ − stated| ≤ 0.3 read from the 95 % interval of the
        fitted exponent b̂ (two-sided): Gram matrix vs n (2), vs d (1), dual
        prediction per point vs n (1).
    """
    return [
        exponent_row(
            "K8",
            K8_STATED[key][1].replace(" grows", ": its CPU time grows"),
            fitted(fits, *key, 2),
            K8_STATED[key][0],
            against=against,
            name=f"time/{key[0]}/{key[1]}",
        )
        for key, against in K8_TIMED.items()
    ]
