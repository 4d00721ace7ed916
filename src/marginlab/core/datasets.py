"""Datasets: seeded generators, bundled real data, a user's CSV, and what the
configuration check forecasts of them (shapes, rows, class counts) without
making them.

The public names of the modules that hold them, importable from here (and
from :mod:`marginlab.core.datasets`):

- :mod:`marginlab.core.dataset`: the container, :class:`Dataset`;
- :mod:`marginlab.core.synthetic`: the seeded generators and label noise;
- :mod:`marginlab.core.real_data`: the data scikit-learn ships;
- :mod:`marginlab.core.letter`: the UCI letter data, downloaded on first use
  by :mod:`marginlab.core.downloads` for opt-in runs only;
- :mod:`marginlab.core.csv_files`: a user's CSV with its checks, and the
  pipeline's own CSV files;
- :mod:`marginlab.core.generators`: one description per generator
  (:data:`GENERATOR_TABLE`), and what reads it: :func:`make_dataset` and the
  forecasts.
"""

from __future__ import annotations

from . import csv_files, dataset, generators, letter, real_data, synthetic
from .csv_files import *  # noqa: F403
from .dataset import *  # noqa: F403
from .generators import *  # noqa: F403
from .letter import *  # noqa: F403
from .real_data import *  # noqa: F403
from .synthetic import *  # noqa: F403

__all__ = sorted(
    {
        *csv_files.__all__,
        *dataset.__all__,
        *generators.__all__,
        *letter.__all__,
        *real_data.__all__,
        *synthetic.__all__,
    }
)
