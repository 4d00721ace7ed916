"""kernel_cost's counted work: the kernel values it times."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from .._shared.work import Work
from .study import geometric_sizes


def counted(cfg: Mapping[str, Any]) -> Work:
    """Kernel evaluations, explicit feature products and timed repetitions.

    Every timed call runs 1 + ``repeats`` times (one warm-up). K2, per degree
    d: the explicit φ(x)·φ(x') on max(1, ``work`` // nᵈ) pairs for each n of
    the geometric sizes up to ``max_features``^(1/d), and ⟨x, x'⟩ᵈ on
    max(1, ``work`` // n) pairs for the same sizes and each n of
    ``kernel_n``. K8: an m × m Gram matrix for each m of ``gram_m`` and m =
    ``fixed_m`` for each d of ``gram_d`` (m² values each), and the dual
    prediction of ``predict_points`` points against m training points for
    each m of ``predict_m`` (m values a point) beside the explicit one.
    """
    c = cfg["kernel_cost"]
    calls = 1 + c["repeats"]
    kernel = explicit = timed = 0
    for d in c["degrees"]:
        n_max = int(np.floor(c["max_features"] ** (1.0 / d) + 1e-9))
        sizes = geometric_sizes(c["n_min"], n_max, c["n_sizes"])
        explicit += calls * sum(max(1, c["work"] // n**d) for n in sizes)
        small = [*sizes, *c["kernel_n"]]
        kernel += calls * sum(max(1, c["work"] // n) for n in small)
        timed += len(sizes) + len(small)
    grams = [m * m for m in c["gram_m"]] + [c["fixed_m"] ** 2] * len(c["gram_d"])
    kernel += calls * sum(grams)
    kernel += calls * c["predict_points"] * sum(c["predict_m"])
    timed += len(grams) + 2 * len(c["predict_m"])
    return {
        "kernel evaluations": kernel,
        "explicit feature products": explicit,
        "timed repetitions": c["repeats"] * timed,
    }
