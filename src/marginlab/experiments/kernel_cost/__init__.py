"""The kernel_cost experiment: claims K2 and K8.

- K2: the kernel is much cheaper than the explicit map
- K8: what the dual form costs

Counted work in claims.csv, CPU time in timings.csv. This folder holds the
whole experiment: its study (``study.py``), claim rows (``claims.py``), figures
(``figures.py``) with their captions (``<figure>.rst``), and, here, its registry
entry, which Snakemake reads when it parses the workflow (standard library only).
"""

from __future__ import annotations

from .._shared.experiment import Experiment, Figure, section

EXPERIMENT = Experiment(
    name="kernel_cost",
    family="K",
    study="study:kernel_cost_tables",
    work="work:counted",
    rows="rows:expected",
    limits="limits:problems",
    tables=("timings", "fits", "work"),
    runs=section("kernel_cost"),
    figures={
        "kernel_cost": Figure("figures:plot_kernel_cost", claims=("K2", "K8")),
    },
    claims={
        "K2": "claims:k2_kernel_cost",
        "K8": "claims:k8_dual_cost",
    },
    timings={
        "K2": "claims:k2_timings",
        "K8": "claims:k8_timings",
    },
    priority=1,
)
