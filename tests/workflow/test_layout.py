"""Every figure of the small run, drawn from its tables as its figure job
draws it, checked by marginlab.experiments._shared.layout: none has a layout
problem (overlapping or cut texts, a legend over the data, a font under 8 pt,
raw TeX). ``python -m marginlab.pipeline.layout RESULTS`` lists them for any
run.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from marginlab.experiments import figures
from marginlab.pipeline.layout import figure_problems

pytestmark = [pytest.mark.pipeline, pytest.mark.xdist_group("small_run")]


def test_no_figure_has_a_layout_problem(small_run: Path) -> None:
    problems = figure_problems(small_run / "results")
    assert list(problems) == list(figures())
    found = [
        f"{name}: {len(found)} problems:\n  " + "\n  ".join(found)
        for name, found in problems.items()
        if found
    ]
    assert not found, "\n".join(found)
