"""The registry of benchmark cases: marginlab against scikit-learn.

Each case is a :class:`harness.Case` built from a problem-size ``scale``. The
builders live beside their subject (``kernel_cases.py``, ``boosting_cases.py``,
``evaluation_cases.py``); adding a benchmark means writing one builder there
and listing it in that module's ``BUILDERS``.

Importing this module needs the ``benchmarks`` directory on ``sys.path`` (as
``run.py`` arranges) and scikit-learn installed (the ``test`` extra).
"""

from __future__ import annotations

from collections.abc import Callable

import boosting_cases
import evaluation_cases
import kernel_cases
from harness import Case

#: Every builder, in report order; each maps ``scale`` to a Case.
BUILDERS: list[Callable[[float], Case]] = [
    *kernel_cases.BUILDERS,
    *boosting_cases.BUILDERS,
    *evaluation_cases.BUILDERS,
]


def cases(scale: float = 1.0) -> list[Case]:
    """Every benchmark case, with problem sizes multiplied by ``scale``.

    Parameters
    ----------
    scale : float > 0, default=1.0
        ``1.0`` gives the reported sizes; e.g. ``0.01`` a quick smoke run
        (``rbf_gram`` with m=100).

    Returns
    -------
    cases : list of Case
        Building a case is cheap: inputs are made by ``Case.setup`` only when
        the case runs.
    """
    return [build(scale) for build in BUILDERS]
