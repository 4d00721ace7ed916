"""kernel_cost's size limits: the timed Gram, data and kernel matrices."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .._shared.limits import Problems, square, too_big


def problems(cfg: Mapping[str, Any]) -> Problems:
    """The Gram matrices of ``gram_m`` and ``fixed_m`` points, the data
    matrices of ``gram_d`` and ``fixed_d`` features, and the kernel matrix
    of ``predict_points`` against ``predict_m`` training points."""
    cost = cfg["kernel_cost"]
    yield square("kernel_cost.gram_m", max(cost["gram_m"]))
    yield square("kernel_cost.fixed_m", cost["fixed_m"])
    yield too_big(
        "kernel_cost.gram_d",
        f"{cost['fixed_m']} points (kernel_cost.fixed_m) with {max(cost['gram_d'])} "
        "features",
        (cost["fixed_m"], max(cost["gram_d"])),
        "data matrix",
    )
    yield too_big(
        "kernel_cost.fixed_d",
        f"{max(cost['gram_m'])} points (kernel_cost.gram_m) with {cost['fixed_d']} "
        "features",
        (max(cost["gram_m"]), cost["fixed_d"]),
        "data matrix",
    )
    yield too_big(
        "kernel_cost.predict_points"
        if cost["predict_points"] > max(cost["predict_m"])
        else "kernel_cost.predict_m",
        f"{cost['predict_points']} prediction points against "
        f"{max(cost['predict_m'])} training points",
        (cost["predict_points"], max(cost["predict_m"])),
        "kernel matrix",
    )
