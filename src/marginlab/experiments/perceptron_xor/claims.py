"""Claim rows of K7, from the perceptron_xor experiment's tables."""

from __future__ import annotations

import numpy as np
import pandas as pd

from .._shared.rows import ClaimRow


def k7_perceptron_xor(epochs: pd.DataFrame, points: pd.DataFrame) -> list[ClaimRow]:
    """K7: XOR defeats the linear perceptron but not the quadratic kernel one.

    Parameters
    ----------
    epochs, points : DataFrame
        From :func:`.study.perceptron_xor_tables`.

    Returns
    -------
    list of ClaimRow
        ``error/linear``, the linear perceptron's smallest training error
        over its epoch budget (``> 0``); ``error/kernel``, the kernel
        perceptron's final training error (``<= 0``); ``cosine``, the cosine
        between the implicit w = Σ α_i φ(x_i) and the √2·x1x2 coordinate,
        i.e. the rule x1·x2 > 0 (``>= 1 − 1e-12``). All
        three are ``check`` rows, not evidence: on exact XOR
        (:func:`~marginlab.core.datasets.make_xor` with no jitter) the points
        are the four corners (±1, ±1), which no line separates; φ maps them
        to (1, ±√2, 1), which the plane φ2 = 0 separates with margin √2, so
        the perceptron's convergence theorem bounds its mistakes by a small
        constant ((R/γ)² = 2 without bias: R = 2, γ = √2), far within the
        epoch budget; and the first and third coordinates of every φ(x) equal
        1, so w = Σ α_i φ(x_i) points along the second exactly when the
        mistakes are balanced between the classes, as the corners' fixed
        order makes them (a +1 and a −1 corner, the two mistakes the bound
        allows).
    """
    linear = epochs[epochs["model"].str.startswith("linear")]
    kernel = epochs[epochs["model"].str.startswith("kernel")]
    w = points["alpha"].to_numpy() @ points[["phi1", "phi2", "phi3"]].to_numpy()
    cosine = float(w[1] / np.linalg.norm(w)) if np.linalg.norm(w) > 0 else 0.0
    common = dict(
        source="Huang 2017, 'XOR Example'",
        dataset=f"xor, {len(points)} points",
        # Properties of the exact XOR corners (and of the perceptron's
        # convergence on them): checks of the tool, not evidence.
        kind="check",
    )
    return [
        ClaimRow(
            title="linear perceptron never reaches 0 training error on XOR",
            quantity=f"min training error over {len(linear)} epochs",
            measured=float(linear["train_error"].min()),
            bound=0.0,
            relation=">",
            name="error/linear",
            **common,
        ),
        ClaimRow(
            title="quadratic kernel perceptron separates XOR",
            quantity=f"training error after {len(kernel)} epochs",
            measured=float(kernel["train_error"].iloc[-1]),
            bound=0.0,
            relation="<=",
            name="error/kernel",
            **common,
        ),
        ClaimRow(
            title="implicit w points along √2·x1x2: the rule x1·x2 > 0",
            quantity="cos(w, e_{√2 x1x2}), w = Σ α_i φ(x_i)",
            measured=cosine,
            bound=1.0 - 1e-12,
            relation=">=",
            name="cosine",
            **common,
        ),
    ]
