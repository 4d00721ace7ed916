"""Datasets: the container, seeded generators, bundled real data, the UCI
letter data, a user's CSV, and what the configuration check forecasts of them
(shapes, rows, class counts) without making them.

The public names of the modules that hold them, importable from here:

- :mod:`.container`: the container, :class:`Dataset`;
- :mod:`.synthetic`: the seeded generators and label noise;
- :mod:`.real_data`: the data scikit-learn ships;
- :mod:`.letter`: the UCI letter data, downloaded on first use by
  :mod:`.downloads` (checksummed, cached; its names are imported from there)
  for opt-in runs only;
- :mod:`.csv_files`: a user's CSV with its checks, and the pipeline's own CSV
  files;
- :mod:`.generators`: one description per generator (:data:`GENERATOR_TABLE`),
  and what reads it: :func:`make_dataset` and the forecasts.
"""

from __future__ import annotations

from . import container, csv_files, generators, letter, real_data, synthetic
from .container import *  # noqa: F403
from .csv_files import *  # noqa: F403
from .generators import *  # noqa: F403
from .letter import *  # noqa: F403
from .real_data import *  # noqa: F403
from .synthetic import *  # noqa: F403

__all__ = sorted(
    {
        *container.__all__,
        *csv_files.__all__,
        *generators.__all__,
        *letter.__all__,
        *real_data.__all__,
        *synthetic.__all__,
    }
)
