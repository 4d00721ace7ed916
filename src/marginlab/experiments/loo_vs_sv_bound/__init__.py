"""The loo_vs_sv_bound experiment: claims E1 and E2.

- E1: leave-one-out error ≤ #SV / l
- E2: removing a non-support vector changes nothing
"""

from __future__ import annotations

from .._shared.experiment import (
    ANY,
    Config,
    DataRef,
    Experiment,
    Figure,
    Run,
    c_id,
    kernel_id,
)

#: Leave-one-out re-solves the SVM without each point in turn: a class of one
#: point would be missing from a training set; the Gram matrix, and the
#: kernel values on the grid of 2-D data.
NEED = ANY.but(
    min_per_class=2,
    min_why="leaving one point out must leave both classes",
    gram="kernel matrix",
    grid="grid_points",
    max_rows=2000,
    max_why="this study re-solves the SVM once per point (leave-one-out: m SMO "
    "solves on m − 1 points) for each dataset, kernel and C (64 s of CPU for one "
    "of them at 2000 rows)",
)


def _runs(cfg: Config) -> dict[str, Run]:
    """E1/E2: one run per dataset × kernel × C of the sweep."""
    section = cfg["loo_vs_sv_bound"]
    sweep = ("datasets", "kernels", "C")
    fixed = {k: v for k, v in section.items() if k not in sweep}
    return {
        f"{name}/{kernel_id(kernel)}/C{c_id(C)}": Run(
            {"data": DataRef("loo_vs_sv_bound.datasets", name, NEED)},
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
    work="work:counted",
    rows="rows:expected",
    tables=("rows", "e2"),
    runs=_runs,
    figures={
        "loo_vs_sv_bound": Figure(
            "figures:plot_loo_vs_sv_bound",
            claims=("E1", "E2"),
            headline="E1, E2: leave-one-out error ≤ #SV/l",
        ),
    },
    claims={
        "E1": "claims:e1_loo_bound",
        "E2": "claims:e2_non_sv_removal",
    },
    # The longest study of the full run (its 48 runs about 37 s on one core,
    # the next longest study 9 s): started early, it runs beside the others.
    priority=1,
)
