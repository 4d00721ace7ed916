"""Figures: one style, deterministic saving, and one function per figure.

The figures of each claim family live in their own module (:mod:`.kernels`,
:mod:`.boosting`, :mod:`.weak_learning`, :mod:`.margins`, :mod:`.selection`,
:mod:`.evaluation`);
which function draws which figure, from which tables, is the experiment
registry's (:mod:`kernelboost.experiments`).
"""

from __future__ import annotations

from ._base import STYLE, new_figure, save_figure

__all__ = ["STYLE", "new_figure", "save_figure"]
