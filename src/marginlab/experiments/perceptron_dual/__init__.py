"""The perceptron_dual experiment: claim K6.

- K6: the primal and dual perceptron are the same algorithm
"""

from __future__ import annotations

from .._shared.experiment import ANY, PLANE, Config, DataRef, Experiment, Figure, Run


def _runs(cfg: Config) -> dict[str, Run]:
    """K6: the datasets of ``compare``, each with its kernel. The quadratic map
    φ(x) = (x1², √2x1x2, x2²) is defined on R² only."""
    section = cfg["perceptron_dual"]
    data = tuple(
        DataRef(
            f"perceptron_dual.compare.{name}",
            name,
            (PLANE if kernel == "quadratic" else ANY).but(
                gram="kernel matrix",
                max_rows=10_000,
                max_why="this study's kernel perceptron runs up to max_epochs "
                "epochs, each O(m²) on data it cannot separate",
            ),
        )
        for name, kernel in section["compare"].items()
    )
    return {"": Run({"datasets": data}, dict(section))}


EXPERIMENT = Experiment(
    name="perceptron_dual",
    family="K",
    study="study:perceptron_dual_tables",
    work="work:counted",
    rows="rows:expected",
    tables=("worked", "compare"),
    runs=_runs,
    figures={
        "perceptron_dual": Figure("figures:plot_perceptron_dual", claims=("K6",)),
    },
    claims={
        "K6": "claims:k6_perceptron_dual",
    },
)
