"""The rows of S8 in claims.csv, by name."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .._shared.expected import Expected


def expected(cfg: Mapping[str, Any]) -> Expected:
    """S8: per dataset of ``datasets``, in their order, the test error, the
    units' effect on the raw and on the standardized Lasso, the regret of
    λ_CV and the features selected (``test_mse/<dataset>``,
    ``units/raw/…``, ``units/standardized/…``, ``regret/…``,
    ``selected/…``)."""
    datasets = dict.fromkeys(cfg["lasso_standardize"]["datasets"])
    return {
        "S8": [
            name
            for d in datasets
            for name in (
                f"test_mse/{d}",
                f"units/raw/{d}",
                f"units/standardized/{d}",
                f"regret/{d}",
                f"selected/{d}",
            )
        ]
    }
