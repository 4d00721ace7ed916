"""The smo_applet experiment: data of an interactive figure of the atlas (K11)."""

from __future__ import annotations

from .._shared.experiment import PLANE, Applet, Experiment, section

#: The SVM's kernel values between its training points and every point, and
#: every point of its ``grid_points``² grid (its decision function there).
NEED = PLANE.but(
    gram="kernel matrix",
    grid="grid_points",
    max_rows=5000,
    max_why="this study fits an SVM for each (σ, C) of its grid, hard margins "
    "included (one SVM: 1.4 s of CPU at 4000 rows, growing as m² or faster)",
)


EXPERIMENT = Experiment(
    name="smo_applet",
    family="K",
    study="study:smo_grid_tables",
    work="work:counted",
    tables=("summary", "surface", "points"),
    runs=section("smo_applet", NEED),
    applets={
        "smo": Applet(
            "applet:smo_applet",
            claims=("K11",),
            moves="the Gaussian SVM's regions, margin and support vectors as σ and C "
            "move (SMO)",
            # The page opens with the data of K11's figure.
            opens_with="svm_sigma_C_grid.dataset",
        ),
    },
)
