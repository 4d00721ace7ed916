"""The representer room (K5): the optimum lies in the span of the data."""

from __future__ import annotations

import pytest
from matplotlib import pyplot as plt

from marginlab.experiments._shared.figures import save_figure
from marginlab.experiments.representer.claims import SPAN_TOL, k5_representer
from marginlab.pipeline.jobs import plotter
from tests.flips import flips


@pytest.mark.can_fail("K5")
def test_representer_optimum_lies_in_the_span() -> None:
    from marginlab.experiments.representer.study import representer_table

    table = representer_table(n_samples=10, n_features=3, degree=2, C=1.0, seed=1)
    assert table["dimension"].iloc[0] == 16
    assert table["orth_ratio"].iloc[0] > 0.5  # the start is mostly outside
    rows = k5_representer(table)
    assert all(r.name for r in rows)
    assert rows[0].holds
    assert rows[0].measured < 1e-6
    # Stopped after the first iterates, w still has a component outside the
    # span.
    stopped_early = table.iloc[:2]
    (row,) = flips("K5", "orthogonal", k5_representer(stopped_early))
    assert row.measured > 1e-6


def test_the_figure_gives_the_last_iterate_not_the_theorem(tmp_path) -> None:
    """No "the optimum lies in the span" written in: the suptitle gives
    ‖w − Πw‖/‖w‖ at the last iterate, the number row K5 reads, and follows
    a run stopped early."""
    from marginlab.experiments.representer.study import representer_table

    table = representer_table(n_samples=10, n_features=3, degree=2, C=1.0, seed=1)
    fig = plotter("representer")(table)
    assert fig.get_suptitle() == (
        "Representer theorem (K5): ‖w − Πw‖ / ‖w‖ at the last iterate "
        f"{table['orth_ratio'].iloc[-1]:.2g}"
    )
    assert fig.axes[0].get_legend().get_texts()[0].get_text() == (
        f"claim: ≤ {SPAN_TOL:g}"
    )
    save_figure(fig, tmp_path / "r.png")
    assert (tmp_path / "r.png").stat().st_size > 1000
    early = table.iloc[:2]
    fig = plotter("representer")(early)
    assert fig.get_suptitle().endswith(f"{early['orth_ratio'].iloc[-1]:.2g}")
    assert k5_representer(early)[0].holds is False
    plt.close(fig)
