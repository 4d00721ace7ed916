"""The pegasos_convergence experiment: claim K13.

- K13: kernelized Pegasos approaches the SVM optimum
"""

from __future__ import annotations

from .._shared.experiment import ANY, Experiment, Figure, section

#: The exact SVM's kernel values between its support vectors and every point
#: (with C = 1/(λm) nearly all points are support vectors).
NEED = ANY.but(gram="kernel matrix")


EXPERIMENT = Experiment(
    name="pegasos_convergence",
    family="K",
    study="study:pegasos_convergence_table",
    work="work:counted",
    rows="rows:expected",
    tables=("checkpoints",),
    runs=section("pegasos_convergence", NEED),
    figures={
        "pegasos_convergence": Figure(
            "figures:plot_pegasos_convergence", claims=("K13",)
        ),
    },
    claims={
        "K13": "claims:k13_pegasos_convergence",
    },
)
