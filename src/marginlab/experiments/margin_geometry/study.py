"""Claim B19: the L1 (boosting) margin against the L2 (SVM) margin.

Mohri, Boosting, 'L1-Geometric Margin', 'SVM vs AdaBoost' and 'Maximum-Margin
Solutions': for f = α·h(x) the L1 margin |α·h(x)|/‖α‖₁ is the ℓ∞ distance
d∞(h(x), {u : α·u = 0}) from the vector of base-hypothesis outputs to the
hyperplane α·u = 0, as the SVM's |w·Φ(x)|/‖w‖₂ is the ℓ2 distance
d2(Φ(x), {u : w·u = 0}); so maximizing the one or the other margin over the
same features gives different solutions.

:func:`margin_geometry_tables` measures, on two settings:

* ``plane``: a generated toy in which h(x) ∈ R² is drawn directly (two
  real-valued base hypotheses), so the picture can be read;
* ``stumps``: a 2-D dataset of the configuration and, as base hypotheses,
  every distinct threshold stump h(x) = +1 if x_j > θ else −1 of one
  polarity (the constant +1 among them), so h(x) ∈ {−1, +1}^N.

On each it solves the L1 problem (the LP of
:func:`~marginlab.signed_max_margin`, weights of either sign) and
the L2 problem (the hard-margin linear SVM without intercept of
:func:`~marginlab.l2_max_margin`) over the same N features, and
records both margins of both solutions and their numbers of non-zero
weights. Separately, the two distances are found by direct minimization over
the hyperplane (:func:`~marginlab.hyperplane_distance`: an LP for
ℓ∞, a minimum-norm least-squares step for ℓ2) and set beside the two margin formulas,
on random real vectors and on the hypothesis vectors of both settings.

"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pandas as pd

from ...core.contract.validation import check_random_state, check_scalar
from ...core.datasets import Dataset
from ...estimators.svm.hard_margin import l2_max_margin
from ...theory.margins import (
    distinct_stumps,
    hyperplane_distance,
    norm_margin,
    signed_max_margin,
)

#: A weight counts as non-zero when |w_j| > NONZERO · max_k |w_k|. Generous to
#: the SVM: a weight of the L2 solution that is merely tiny counts as zero.
NONZERO = 1e-6


def plane_toy(
    n_points: int, centre: Sequence[float], radius: float, seed: int
) -> tuple[np.ndarray, np.ndarray]:
    """Points h(x) ∈ R² of two classes, mirror images through the origin.

    Class +1 is uniform on the disc of ``radius`` around ``centre``, class −1
    uniform on the disc around −``centre`` (independent draws), ``n_points``
    in all, alternating labels; ``numpy.random.default_rng(seed)``. When the
    disc misses the origin, the classes are separated by lines through it.

    For a full disc of centre c (c1 > c2 > 0) and radius r, the best L2 line
    has normal c (margin ‖c‖ − r), while the normal e1 has the L1 margin
    c1 − r, larger than the L1 margin ‖c‖(‖c‖ − r)/‖c‖₁ of c when c2 is
    small enough (c = (2, 1), r = 1: 1 against 0.92): on such data the two
    solutions are expected to differ.

    Returns
    -------
    H : ndarray of shape (n_points, 2)
    y : ndarray of shape (n_points,)
    """
    m = int(
        check_scalar(
            n_points, "n_points", "plane_toy", kind="int", low=2, closed="left"
        )
    )
    r = float(check_scalar(radius, "radius", "plane_toy", low=0.0))
    c = np.asarray(centre, dtype=np.float64)
    if c.shape != (2,):
        raise ValueError("plane_toy: centre must hold two numbers.")
    if np.linalg.norm(c) <= r:
        raise ValueError("plane_toy: the disc must not contain the origin.")
    rng = check_random_state(seed)
    y = np.where(np.arange(m) % 2 == 0, 1.0, -1.0)
    rho = r * np.sqrt(rng.uniform(0.0, 1.0, m))
    phi = rng.uniform(0.0, 2.0 * np.pi, m)
    disc = np.column_stack([rho * np.cos(phi), rho * np.sin(phi)])
    return y[:, None] * c[None, :] + disc, y


def _one_polarity_stumps(X: np.ndarray) -> tuple[np.ndarray, list[str]]:
    """Every distinct stump of polarity +1 on X (the constant +1 first)."""
    H, stumps = distinct_stumps(X, return_stumps=True)
    keep = stumps["polarity"].to_numpy() == 1
    labels = [
        "1" if np.isinf(t) else f"x{int(j) + 1} > {t:.3g}"
        for j, t in zip(stumps["feature"][keep], stumps["threshold"][keep], strict=True)
    ]
    return H[:, keep], labels


def _nonzeros(v: np.ndarray) -> int:
    return int(np.count_nonzero(np.abs(v) > NONZERO * np.abs(v).max()))


def _setting(
    setting: str,
    dataset: str,
    H: np.ndarray,
    y: np.ndarray,
    labels: list[str],
    tol: float,
) -> tuple[list[dict], list[dict], dict[str, np.ndarray]]:
    """Both solutions on one setting: rows of ``solutions`` and ``weights``."""
    _, alpha = signed_max_margin(H, y)
    _, w = l2_max_margin(H, y, tol=tol)
    cosine = float(alpha @ w) / float(np.linalg.norm(alpha) * np.linalg.norm(w))
    angle = float(np.degrees(np.arccos(np.clip(cosine, -1.0, 1.0))))
    solutions, weights = [], []
    for method, v in (("l1_lp", alpha), ("l2_svm", w)):
        z = y * (H @ v)
        l1 = norm_margin(H, v, y, 1)
        solutions.append(
            {
                "setting": setting,
                "dataset": dataset,
                "method": method,
                "n_points": H.shape[0],
                "n_hypotheses": H.shape[1],
                "l1_margin": l1,
                "l2_margin": norm_margin(H, v, y, 2),
                "nonzeros": _nonzeros(v),
                "n_closest": int(
                    np.count_nonzero(z / np.abs(v).sum() <= l1 + 1e-9 * abs(l1))
                ),
                "angle_deg": angle,
                "svm_tol": tol,
            }
        )
        weights += [
            {
                "setting": setting,
                "method": method,
                "feature": j,
                "label": labels[j],
                "weight": float(v[j]),
            }
            for j in range(H.shape[1])
        ]
    return solutions, weights, {"l1_lp": alpha, "l2_svm": w}


def _distance_rows(
    source: str, points: np.ndarray, normal: np.ndarray, normal_name: str
) -> list[dict]:
    """Both formulas and both directly minimized distances, per point."""
    rows = []
    l1, l2 = float(np.abs(normal).sum()), float(np.linalg.norm(normal))
    for i, u in enumerate(points):
        value = abs(float(normal @ u))
        rows.append(
            {
                "source": source,
                "normal": normal_name,
                "n_dims": normal.size,
                "point": i,
                "l1_margin": value / l1,
                "linf_distance": hyperplane_distance(u, normal, "inf"),
                "l2_margin": value / l2,
                "l2_distance": hyperplane_distance(u, normal, "2"),
            }
        )
    return rows


def margin_geometry_tables(
    stumps: Dataset,
    *,
    stumps_name: str = "moons",
    n_points: int = 40,
    centre: Sequence[float] = (2.0, 1.0),
    radius: float = 1.0,
    n_dims: Sequence[int] = (2, 5, 20, 100),
    n_draws: int = 20,
    n_check: int = 20,
    svm_tol: float = 1e-8,
    seed: int = 31,
) -> tuple[pd.DataFrame, pd.DataFrame, pd.DataFrame, pd.DataFrame]:
    """B19: L1 and L2 maximum-margin solutions, and margins as distances.

    Parameters
    ----------
    stumps : Dataset
        Classification data; its distinct stumps of one polarity are the
        base hypotheses of the ``stumps`` setting (all its points are used).
    stumps_name : str, default="moons"
        Written in the ``dataset`` column.
    n_points, centre, radius
        The ``plane`` toy (:func:`plane_toy`, seeded by ``seed``).
    n_dims : sequence of int ≥ 2
        Dimensions N of the random vectors of the distance identity.
    n_draws : int ≥ 1
        Random (u, a) pairs per dimension: u, a ~ N(0, I_N).
    n_check : int ≥ 1
        Points of the ``stumps`` setting (the first ones) whose distances to
        both solutions' hyperplanes are minimized directly; every point of the
        toy is.
    svm_tol : float > 0, default=1e-8
        SMO tolerance of the L2 solution.
    seed : int, default=31
        Seeds the toy (``seed``) and the random vectors (``seed + 1``).

    Returns
    -------
    distances : DataFrame
        ``source`` ("random", "plane", "stumps"), ``normal`` ("random",
        "l1_lp", "l2_svm"), ``n_dims``, ``point`` (the row of H; for
        "random", the draw), ``l1_margin`` (|a·u|/‖a‖₁),
        ``linf_distance`` (by LP), ``l2_margin`` (|a·u|/‖a‖₂),
        ``l2_distance`` (by the minimum-norm step).
    solutions : DataFrame
        One row per setting and method ("l1_lp", "l2_svm"): ``setting,
        dataset, method, n_points, n_hypotheses, l1_margin, l2_margin``
        (min_i y_i v·h(x_i)/‖v‖_p), ``nonzeros`` (|v_j| > :data:`NONZERO` ·
        max|v|), ``n_closest`` (points at the minimum L1 margin, to 1e-9),
        ``angle_deg`` (between the two solutions), ``svm_tol``.
    weights : DataFrame
        ``setting, method, feature, label, weight``: α with ‖α‖₁ = 1 (L1) and
        w with ‖w‖₂ = 1 (L2).
    points : DataFrame
        The toy: ``h1, h2, y`` and each point's L1 and L2 margins under the
        L1 solution and the L2 solution (``l1_of_l1, l2_of_l2``), and the two
        solutions' normals ``a1, a2, w1, w2`` on every row.
    """
    tol = float(check_scalar(svm_tol, "svm_tol", "margin_geometry_tables", low=0.0))
    draws = int(
        check_scalar(
            n_draws,
            "n_draws",
            "margin_geometry_tables",
            kind="int",
            low=1,
            closed="left",
        )
    )
    checked = int(
        check_scalar(
            n_check,
            "n_check",
            "margin_geometry_tables",
            kind="int",
            low=1,
            closed="left",
        )
    )
    if stumps.task != "classification":
        raise ValueError(
            "margin_geometry_tables: 'stumps' must be classification data."
        )

    H_plane, y_plane = plane_toy(n_points, centre, radius, seed)
    H_stumps, stump_labels = _one_polarity_stumps(stumps.X)
    solutions, weights, distances = [], [], []
    found = {}
    for setting, dataset, H, y, labels in (
        ("plane", "toy", H_plane, y_plane, ["h1", "h2"]),
        ("stumps", stumps_name, H_stumps, stumps.y, stump_labels),
    ):
        s, w, v = _setting(setting, dataset, H, y, labels, tol)
        solutions += s
        weights += w
        found[setting] = v
        first = H if setting == "plane" else H[:checked]
        for method, normal in v.items():
            distances += _distance_rows(setting, first, normal, method)

    rng = check_random_state(seed + 1)
    for N in n_dims:
        n = int(
            check_scalar(
                N, "n_dims", "margin_geometry_tables", kind="int", low=2, closed="left"
            )
        )
        for _ in range(draws):
            u, a = rng.standard_normal((2, n))
            distances += _distance_rows("random", u[None, :], a, "random")
    distance_frame = pd.DataFrame(distances)
    at = distance_frame["source"] == "random"
    distance_frame.loc[at, "point"] = np.arange(int(at.sum()))

    a, w = found["plane"]["l1_lp"], found["plane"]["l2_svm"]
    points = pd.DataFrame(
        {
            "h1": H_plane[:, 0],
            "h2": H_plane[:, 1],
            "y": y_plane,
            "l1_of_l1": y_plane * (H_plane @ a) / np.abs(a).sum(),
            "l2_of_l2": y_plane * (H_plane @ w) / np.linalg.norm(w),
            "a1": a[0],
            "a2": a[1],
            "w1": w[0],
            "w2": w[1],
        }
    )
    return (
        distance_frame,
        pd.DataFrame(solutions),
        pd.DataFrame(weights),
        points,
    )
