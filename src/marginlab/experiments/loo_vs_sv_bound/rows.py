"""The rows of E1 and E2 in claims.csv, by name."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .._shared.expected import Either, Expected
from .._shared.rows import format_c, name_segment
from .study import kernel_label


def expected(cfg: Mapping[str, Any]) -> Expected:
    """E1: one row per dataset × kernel × C of the sweep, in that order
    (``loo/<dataset>/<kernel>/C=<C>``, the kernel as the study labels it,
    ``gaussian_sigma=0.25``), then one per dataset × kernel
    (``fast_loo/<dataset>/<kernel>``), which pools the configurations
    measured: the data decide whether there is one (none when no
    configuration of the pair was measured: no SVM exists, as for the hard
    margin alone on classes it cannot separate, or SMO hit its step cap).

    E2: per dataset × kernel, ``change/…`` and ``misclassified/…``, or, as
    the data decide, ``none_removed/…`` alone when no non-support vector was
    removed (every point a support vector, or no configuration measured)."""
    c = cfg["loo_vs_sv_bound"]
    pairs = [
        f"{name_segment(d)}/{name_segment(kernel_label(k))}"
        for d in dict.fromkeys(c["datasets"])
        for k in c["kernels"]
    ]
    pairs = list(dict.fromkeys(pairs))
    cs = list(dict.fromkeys(format_c(C) for C in c["C"]))
    return {
        "E1": [f"loo/{p}/C={C}" for p in pairs for C in cs]
        + [Either([f"fast_loo/{p}"], []) for p in pairs],
        "E2": [
            Either([f"change/{p}", f"misclassified/{p}"], [f"none_removed/{p}"])
            for p in pairs
        ],
    }
