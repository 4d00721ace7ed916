"""primal_dual_cost's size limit: the Gram matrix of its largest n."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .._shared.limits import Problems, square


def problems(cfg: Mapping[str, Any]) -> Problems:
    """The n × n Gram matrix of the largest of ``n_sizes``."""
    yield square("primal_dual_cost.n_sizes", max(cfg["primal_dual_cost"]["n_sizes"]))
