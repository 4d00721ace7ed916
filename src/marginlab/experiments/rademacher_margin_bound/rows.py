"""The rows of B16 in claims.csv, by name."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .._shared.expected import Expected


def expected(cfg: Mapping[str, Any]) -> Expected:
    """B16: per dataset of ``datasets``, in their order, the Rademacher and
    the VC version of the bound (``bound/rad/<dataset>``,
    ``bound/vc/<dataset>``)."""
    datasets = dict.fromkeys(cfg["rademacher_margin_bound"]["datasets"])
    return {"B16": [f"bound/{v}/{d}" for d in datasets for v in ("rad", "vc")]}
