"""The rows of K3 in claims.csv, by name."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .._shared.expected import Expected
from .._shared.rows import name_segment


def _name(spec: Mapping[str, Any]) -> str:
    """A kernel's segment of its row name: its label, ``gaussian(sigma=1)``,
    as one segment, ``gaussian_sigma=1`` (``linear`` for ``linear()``)."""
    params = ", ".join(f"{k}={v:g}" for k, v in spec.items() if k != "name")
    return name_segment(f"{spec['name']}({params})")


def expected(cfg: Mapping[str, Any]) -> Expected:
    """K3: one row per kernel of ``kernels``, in their order, then the two
    functions that are not kernels (``min_eig/distance``, ``min_eig/tanh``)."""
    kernels = dict.fromkeys(_name(k) for k in cfg["gram_spectra"]["kernels"])
    return {
        "K3": [f"min_eig/{k}" for k in kernels] + ["min_eig/distance", "min_eig/tanh"]
    }
