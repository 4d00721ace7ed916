"""The loo_vs_sv_bound experiment: claims E1 and E2.

- E1: leave-one-out error ≤ #SV / l
- E2: removing a non-support vector changes nothing

This folder holds the whole experiment: its study (``study.py``), claim rows
(``claims.py``), figures (``figures.py``) with their captions (``<figure>.rst``), and,
here, its registry entry, which Snakemake reads when it parses the workflow (standard
library only).
"""

from __future__ import annotations

from .._shared.entry import Config, DataRef, Experiment, Figure, Run, c_id, kernel_id


def _runs(cfg: Config) -> dict[str, Run]:
    """E1/E2: one run per dataset × kernel × C of the sweep."""
    section = cfg["loo_vs_sv_bound"]
    sweep = ("datasets", "kernels", "C")
    fixed = {k: v for k, v in section.items() if k not in sweep}
    return {
        f"{name}/{kernel_id(kernel)}/C{c_id(C)}": Run(
            {"data": DataRef("loo_vs_sv_bound.datasets", name)},
            fixed | {"kernel": dict(sorted(kernel.items())), "C": C, "name": name},
        )
        for name in section["datasets"]
        for kernel in section["kernels"]
        for C in section["C"]
    }


EXPERIMENT = Experiment(
    name="loo_vs_sv_bound",
    family="E",
    study="study:loo_configuration",
    tables=("rows", "e2"),
    runs=_runs,
    figures={
        "loo_vs_sv_bound": Figure("figures:plot_loo_vs_sv_bound", claims=("E1", "E2")),
    },
    claims={
        "E1": "claims:e1_loo_bound",
        "E2": "claims:e2_non_sv_removal",
    },
)
