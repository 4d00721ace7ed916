"""The svm_sigma_C_grid experiment: claim K11.

- K11: the SMO pictures: decreasing C widens the margin
"""

from __future__ import annotations

from .._shared.experiment import (
    PLANE,
    Config,
    DataRef,
    Experiment,
    Figure,
    Run,
    panel_id,
)

#: The SVM's kernel values between its training points and every point, and
#: every point of its ``grid_points``² grid (its decision function there).
NEED = PLANE.but(gram="kernel matrix", grid="grid_points")


def _runs(cfg: Config) -> dict[str, Run]:
    """K11: one run per (σ, C) panel, in config order."""
    section = cfg["svm_sigma_C_grid"]
    data = {"data": DataRef("svm_sigma_C_grid.dataset", section["dataset"], NEED)}
    fixed = {"tol": section["tol"], "grid_points": section["grid_points"]}
    return {
        panel_id(p["sigma"], p["C"]): Run(
            data, fixed | {"sigma": p["sigma"], "C": p["C"]}
        )
        for p in section["panels"]
    }


EXPERIMENT = Experiment(
    name="svm_sigma_C_grid",
    family="K",
    study="study:svm_panel",
    work="work:counted",
    rows="rows:expected",
    tables=("summary", "surface", "points"),
    runs=_runs,
    figures={
        "svm_sigma_C_grid": Figure(
            "figures:plot_svm_sigma_C_grid",
            claims=("K11",),
            headline="K11: the SMO pictures for σ and C",
        ),
    },
    claims={
        "K11": "claims:k11_svm_sigma_C_grid",
    },
    per_run=("surface", "points"),
)
