"""The kernel_checks experiment: claims K22 and K23, two small statements of
the kernel lectures.

- K22: second-order features in 1 000 dimensions: their count, and the kernel
  that avoids them
- K23: the Gaussian kernel is largest at x = z and decays with the distance
"""

from __future__ import annotations

from .._shared.experiment import Experiment, Figure, section

EXPERIMENT = Experiment(
    name="kernel_checks",
    family="K",
    study="study:kernel_check_tables",
    work="work:counted",
    rows="rows:expected",
    tables=("counts", "products", "pairs"),
    runs=section("kernel_checks"),
    figures={
        "feature_count": Figure("figures:plot_feature_count", claims=("K22",)),
        "gaussian_peak": Figure("figures:plot_gaussian_peak", claims=("K23",)),
    },
    claims={
        "K22": "claims:k22_feature_count",
        "K23": "claims:k23_gaussian_peak",
    },
)
