"""The data of the claims atlas's interactive figures, from their tables.

Each builder takes its experiment's tables by name (as a plotter does) and
returns a JSON-ready dict, small enough to ship with the page: a surface f on
the grid is sent as signed bytes (:func:`quantize`), numbers are rounded to
what a screen shows. ``assets/applets.js`` draws them.
"""

from __future__ import annotations

import base64
import math

import numpy as np
import pandas as pd

__all__ = [
    "adaboost_rounds_applet",
    "dequantize",
    "lasso_path_applet",
    "margin_evolution_applet",
    "quantize",
    "smo_applet",
]

#: Significant digits of the numbers an applet prints or plots.
DIGITS = 4


def quantize(f: np.ndarray, scale: float) -> str:
    """f / ``scale`` in [−1, 1] as signed bytes q ∈ {−127, …, 127}, base64.

    q = sign(f) · max(1, round(127 |f| / scale)) (clipped at 127): the sign of
    every value is kept exactly — the page colours a grid cell by the sign of
    f — and 0 stays 0. :func:`dequantize` inverts it to within scale/254.

    Examples
    --------
    >>> dequantize(quantize(np.array([-3.0, -1e-9, 0.0, 0.5, 1.0]), 1.0), 1.0)
    array([-1.        , -0.00787402,  0.        ,  0.50393701,  1.        ])
    """
    f = np.asarray(f, dtype=np.float64)
    if scale <= 0 or not np.isfinite(f).all():
        raise ValueError("quantize needs finite values and a positive scale")
    q = np.minimum(127, np.maximum(1, np.round(127 * np.abs(f) / scale)))
    q = (np.sign(f) * q).astype(np.int8)
    return base64.b64encode(q.tobytes()).decode("ascii")


def dequantize(text: str, scale: float) -> np.ndarray:
    """The values :func:`quantize` encoded, to within ``scale``/254."""
    q = np.frombuffer(base64.b64decode(text), dtype=np.int8)
    return q.astype(np.float64) * scale / 127


def _round(values: object) -> list[float | None]:
    """Numbers to :data:`DIGITS` significant digits; inf and NaN as None."""
    out: list[float | None] = []
    for v in np.asarray(values, dtype=np.float64).ravel():
        out.append(float(f"{v:.{DIGITS}g}") if math.isfinite(v) else None)
    return out


def _grid(surface: pd.DataFrame) -> dict[str, object]:
    """The grid of a surface table (x1 fastest, as :func:`padded_grid` makes it)."""
    x1, x2 = np.unique(surface["x1"]), np.unique(surface["x2"])
    return {
        "n1": len(x1),
        "n2": len(x2),
        "x1": _round(x1[[0, -1]]),
        "x2": _round(x2[[0, -1]]),
    }


def _points(points: pd.DataFrame) -> dict[str, list]:
    """The data points: coordinates and labels ±1."""
    return {
        "x1": _round(points["x1"]),
        "x2": _round(points["x2"]),
        "label": points["label"].astype(int).tolist(),
    }


def _check_grid(part: pd.DataFrame, n: int, what: str) -> np.ndarray:
    f = part["f"].to_numpy()
    if len(f) != n:
        raise ValueError(f"{what}: {len(f)} grid values, expected {n}")
    return f


def smo_applet(
    summary: pd.DataFrame, surface: pd.DataFrame, points: pd.DataFrame
) -> dict[str, object]:
    """The SMO applet: per (σ, C), f on the grid, support vectors and numbers.

    f is quantized with scale 2 (the margins f = ±1 are at ±63.5 of 127).
    """
    first = summary["panel"].iloc[0]
    grid = _grid(surface[surface["panel"] == first])
    n = int(grid["n1"]) * int(grid["n2"])  # type: ignore[call-overload]
    pts = points[points["panel"] == first]
    panels = []
    for row in summary.itertuples(index=False):
        f = _check_grid(surface[surface["panel"] == row.panel], n, row.panel)
        mine = points[points["panel"] == row.panel]
        panels.append(
            {
                "sigma": float(row.sigma),
                "C": None if math.isinf(row.C) else float(row.C),
                "n_sv": int(row.n_sv),
                "margin": _round([row.margin])[0],
                "n_kernel_evals": int(row.n_kernel_evals),
                "train_error": _round([row.train_error])[0],
                "n_iter": int(row.n_iter),
                "support": np.flatnonzero(mine["support"].to_numpy()).tolist(),
                "f": quantize(f, 2.0),
            }
        )
    return {
        "kind": "smo",
        "sigmas": sorted({float(s) for s in summary["sigma"]}),
        "Cs": [
            None if math.isinf(c) else float(c) for c in dict.fromkeys(summary["C"])
        ],
        "grid": grid,
        "scale": 2.0,
        "points": _points(pts),
        "panels": panels,
    }


def adaboost_rounds_applet(
    rounds: pd.DataFrame,
    weights: pd.DataFrame,
    surface: pd.DataFrame,
    points: pd.DataFrame,
) -> dict[str, object]:
    """AdaBoost round by round: f_t/‖α‖₁ on the grid (scale 1), D_t, and the
    training error beside Π Z_s and exp(−2γ²t)."""
    ts = rounds["t"].astype(int).tolist()
    grid = _grid(surface[surface["t"] == ts[0]])
    n = int(grid["n1"]) * int(grid["n2"])  # type: ignore[call-overload]
    norms = rounds.set_index("t")["l1_norm"]
    f = [
        quantize(
            _check_grid(surface[surface["t"] == t], n, f"round {t}") / norms[t], 1.0
        )
        for t in ts
    ]
    m = len(points)
    D = weights.sort_values(["t", "i"])["D"].to_numpy().reshape(len(ts), m)
    return {
        "kind": "adaboost",
        "grid": grid,
        "scale": 1.0,
        "points": _points(points),
        "t": ts,
        "f": f,
        "D": [_round(row * m) for row in D],  # m D_t(i): 1 is the uniform weight
        "train_error": _round(rounds["train_error"]),
        "bound_Z": _round(rounds["bound_Z"]),
        "bound_gamma": _round(rounds["bound_gamma_min"]),
        "eps": _round(rounds["eps"]),
        "alpha": _round(rounds["alpha"]),
    }


def margin_evolution_applet(margins: pd.DataFrame) -> dict[str, object]:
    """The cumulative distribution of the training margins at each T."""
    steps = sorted(int(t) for t in margins["T"].unique())
    return {
        "kind": "margins",
        "T": steps,
        "n_train": int(margins["n_train"].iloc[0]),
        "margins": [
            _round(np.sort(margins.loc[margins["T"] == t, "margin"].to_numpy()))
            for t in steps
        ],
    }


def lasso_path_applet(weights: pd.DataFrame) -> dict[str, object]:
    """The Lasso path: every feature's weight at every λ of the path."""
    lasso = weights[weights["method"] == "lasso"]
    features = list(dict.fromkeys(lasso["feature"]))
    alphas = sorted(lasso["alpha"].unique(), reverse=True)  # λ decreasing
    table = lasso.pivot(index="alpha", columns="feature", values="weight")
    table = table.loc[alphas, features]
    return {
        "kind": "lasso",
        "features": features,
        "lambdas": _round(alphas),
        "weights": [_round(table[f]) for f in features],
    }
