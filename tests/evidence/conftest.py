"""Tables and helpers that the tests of several rooms use (each says whose)."""

from __future__ import annotations

import io
import json

import numpy as np
import pandas as pd
import pytest

from marginlab.core.datasets import make_dataset, make_moons
from marginlab.core.io import write_frame_atomic
from marginlab.experiments.boosting_cost.study import boosting_cost_tables
from marginlab.experiments.cv_model_selection.study import cv_selection_tables
from marginlab.experiments.gram_spectra.study import gram_spectra_table
from marginlab.experiments.noise_robustness.study import noise_table


#: The applets' data: smo_applet, adaboost_rounds, margin_evolution (the
#: adaboost, loo_vs_sv_bound and incremental_update tests have a ``moons`` of
#: their own).
@pytest.fixture(scope="module")
def moons():
    return make_moons(n_samples=40, noise=0.2, seed=3)


def _json(data: dict) -> dict:
    return json.loads(json.dumps(data, allow_nan=False))


#: B7 and B12: margin_growth, noise_robustness (and the figures of both, with
#: boosting_cost's ``cost``, in test_margin_growth.py).
MOONS = {"generator": "moons", "n_samples": 80, "noise": 0.2, "seed": 0}


@pytest.fixture(scope="module")
def noise() -> pd.DataFrame:
    return noise_table(
        make_dataset({**MOONS, "n_samples": 160}),
        rates=[0.0, 0.1, 0.3],
        n_rounds=100,
        sigma=0.5,
        C=1.0,
        test_fraction=0.5,
        split_seed=1,
        seed=2,
    )


@pytest.fixture(scope="module")
def cost() -> tuple[pd.DataFrame, pd.DataFrame, pd.DataFrame]:
    """boosting_cost's tables (timings, fits, work) at tiny sizes."""
    return boosting_cost_tables(
        m_sizes=[200, 400],
        n_sizes=[2, 4],
        t_sizes=[5, 10],
        fixed_m=200,
        fixed_n=2,
        fixed_t=5,
        repeats=1,
        seed=0,
    )


#: Timing tables of a stated growth: kernel_cost, boosting_cost.
def synthetic(
    exponents: dict[tuple[str, str, int], float],
    sizes: tuple[int, ...] = (10, 40, 160, 1000),
    noise: float = 0.0,
) -> pd.DataFrame:
    """A timing table whose curves grow like size**exponent (two decades of
    sizes by default), times a log-normal factor exp(noise · N(0, 1))."""
    rng = np.random.default_rng(0)
    rows = []
    for (experiment, form, degree), k in exponents.items():
        for size in sizes:
            rows.append(
                {
                    "experiment": experiment,
                    "form": form,
                    "degree": degree,
                    "size": size,
                    "seconds": 1e-6 * size**k * np.exp(noise * rng.standard_normal()),
                    "unit": "pair",
                    "batch": 1,
                }
            )
    return pd.DataFrame(rows)


#: E3 and K16's tables: cv_model_selection (and its figure, drawn in
#: test_loo_vs_sv_bound.py).
@pytest.fixture(scope="module")
def selection(tmp_path_factory) -> tuple[pd.DataFrame, pd.DataFrame, pd.DataFrame]:
    """cv_model_selection's three tables (grid, summary, mistakes) of a small
    run, written and read back as the workflow does."""
    data = make_dataset(
        {"generator": "moons", "n_samples": 80, "noise": 0.2, "seed": 1}
    )
    tables = cv_selection_tables(
        data,
        sigmas=[2.0, 0.1, 0.5],
        Cs=[10.0, 1.0],
        n_splits=3,
        cv_seed=0,
        test_fraction=0.5,
        split_seed=1,
        name="moons",
    )
    folder = tmp_path_factory.mktemp("cv")
    for i, table in enumerate(tables):
        write_frame_atomic(table, folder / f"{i}.csv")
    grid, summary, mistakes = (pd.read_csv(folder / f"{i}.csv") for i in range(3))
    return grid, summary, mistakes


#: The regression rooms: lasso_path, lasso_ridge_contours, subset_selection.
def _round_trip(tables, tmp_path_factory) -> list[pd.DataFrame]:
    """Write each table as the workflow does and read it back as claim_rows.py does."""
    folder = tmp_path_factory.mktemp("tables")
    out = []
    for i, table in enumerate(tables):
        write_frame_atomic(table, folder / f"{i}.csv")
        out.append(pd.read_csv(folder / f"{i}.csv"))
    return out


@pytest.fixture(scope="module")
def diabetes():
    return make_dataset({"generator": "diabetes"})


#: K3's table: gram_spectra (and its figure, drawn in test_kernel_identity.py).
@pytest.fixture(scope="module")
def spectra() -> pd.DataFrame:
    kernels = [{"name": "linear"}, {"name": "gaussian", "sigma": 1.0}]
    return gram_spectra_table(kernels, n_samples=20, n_features=2, n_draws=3, seed=0)


#: The weak-learning rooms: xor_stumps, nonconvex_combination, mwu_boosting.
def _round_trip_in_memory(tables: tuple[pd.DataFrame, ...]) -> list[pd.DataFrame]:
    """The tables as the workflow passes them on: written to CSV and read back."""
    out = []
    for table in tables:
        buffer = io.StringIO()
        table.to_csv(buffer, index=False)
        buffer.seek(0)
        out.append(pd.read_csv(buffer))
    return out


def _holds(rows) -> list[bool | None]:
    return [r.holds for r in rows]


def assert_legends_clear(fig, *, ticks: bool = True) -> None:
    """Every panel of ``fig`` has a legend, in 8 pt or more, and no legend
    overlaps a panel, an x-axis label or (``ticks``) a visible x tick label:
    the legends sit below their panels, off the curves. Closes ``fig``."""
    import matplotlib.pyplot as plt

    try:
        fig.canvas.draw()
        renderer = fig.canvas.get_renderer()
        legends = [ax.get_legend() for ax in fig.axes]
        assert None not in legends
        for legend in legends:
            box = legend.get_window_extent(renderer)
            assert min(t.get_fontsize() for t in legend.get_texts()) >= 8
            for ax in fig.axes:
                assert not box.overlaps(ax.get_window_extent(renderer))
                assert not box.overlaps(ax.xaxis.label.get_window_extent(renderer))
                if not ticks:
                    continue
                for tick in ax.get_xticklabels():
                    if tick.get_visible() and tick.get_text():
                        assert not box.overlaps(tick.get_window_extent(renderer))
    finally:
        plt.close(fig)
