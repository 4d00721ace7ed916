"""The data of the claims atlas's interactive figures: what every applet shares.

Each room's ``applet.py`` turns its experiment's tables (by name, as a plotter
takes them) into a JSON-ready dict, small enough to ship with the page: a
surface f on the grid is sent as signed bytes (:func:`quantize`), numbers are
rounded to what a screen shows (:data:`DIGITS`). The site's
``assets/applets.js`` draws them.
"""

from __future__ import annotations

import base64
import math

import numpy as np
import pandas as pd

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


def rounded(values: object) -> list[float | None]:
    """Numbers to :data:`DIGITS` significant digits; inf and NaN as None."""
    out: list[float | None] = []
    for v in np.asarray(values, dtype=np.float64).ravel():
        out.append(float(f"{v:.{DIGITS}g}") if math.isfinite(v) else None)
    return out


def grid_data(surface: pd.DataFrame) -> dict[str, object]:
    """The grid of a surface table (x1 fastest, as :func:`padded_grid` makes it)."""
    x1, x2 = np.unique(surface["x1"]), np.unique(surface["x2"])
    return {
        "n1": len(x1),
        "n2": len(x2),
        "x1": rounded(x1[[0, -1]]),
        "x2": rounded(x2[[0, -1]]),
    }


def points_data(points: pd.DataFrame) -> dict[str, list]:
    """The data points: coordinates and labels ±1."""
    return {
        "x1": rounded(points["x1"]),
        "x2": rounded(points["x2"]),
        "label": points["label"].astype(int).tolist(),
    }


def check_grid(part: pd.DataFrame, n: int, what: str) -> np.ndarray:
    f = part["f"].to_numpy()
    if len(f) != n:
        raise ValueError(f"{what}: {len(f)} grid values, expected {n}")
    return f
