"""The perceptron_xor experiment: claim K7.

- K7: XOR needs the quadratic kernel
"""

from __future__ import annotations

from .._shared.experiment import PLANE, Experiment, Figure, section

#: The kernel perceptron keeps the m × m kernel matrix.
NEED = PLANE.but(
    gram="kernel matrix",
    max_rows=10_000,
    max_why="this study's kernel perceptron runs up to max_epochs epochs, each "
    "O(m²) on data it cannot separate (9 s of CPU at 4000 rows of XOR)",
)


EXPERIMENT = Experiment(
    name="perceptron_xor",
    family="K",
    study="study:perceptron_xor_tables",
    work="work:counted",
    rows="rows:expected",
    tables=("epochs", "points"),
    runs=section("perceptron_xor", NEED),
    figures={
        "perceptron_xor": Figure("figures:plot_perceptron_xor", claims=("K7",)),
    },
    claims={
        "K7": "claims:k7_perceptron_xor",
    },
)
