"""The experiment registry: the rooms, one per experiment, in catalog order.

Everything specific to one experiment sits in its room,
``marginlab/experiments/<name>/``:

- ``__init__.py``: its registry entry (:class:`Experiment`, keyword arguments;
  standard library only, so that Snakemake reads it when it parses the
  workflow);
- ``study.py``: the study that computes its tables;
- ``claims.py``: one function per claim id, tables → rows of claims.csv;
- ``rows.py``: the names of those rows, from the configuration
  (:mod:`marginlab.experiments._shared.expected`);
- ``figures.py``: one function per figure, tables → a matplotlib figure (the
  only modules of a room that import matplotlib);
- ``<figure>.rst``: each figure's caption;
- ``config.yaml``: its section of the configuration schema (keys, bounds,
  defaults) and the values the profiles (``small``, ``paper``) give it;
- ``applet.py``: the data of an interactive figure of the claims atlas.

What rooms share (the claim row, the figure style, timing fits, grids) is in
:mod:`marginlab.experiments._shared`. This module lists the rooms and looks
up experiments, figures, claims and applets by name; the workflow makes its
rules from it (``workflow/rules/experiments.smk``).
"""

from __future__ import annotations

from importlib import import_module
from pathlib import Path

from ._shared.experiment import (
    ANY,
    FAMILIES,
    LINE,
    PLANE,
    REGRESSION,
    Applet,
    DataRef,
    Experiment,
    Figure,
    Need,
    Run,
    c_id,
    kernel_id,
    panel_id,
)

__all__ = [
    "ANY",
    "EXPERIMENTS",
    "FAMILIES",
    "LINE",
    "PLANE",
    "REGRESSION",
    "ROOMS",
    "Applet",
    "DataRef",
    "Experiment",
    "Figure",
    "Need",
    "Run",
    "applet",
    "applet_experiment",
    "applets",
    "caption",
    "c_id",
    "claim_experiment",
    "claim_order",
    "claims",
    "config_file",
    "experiment",
    "figure",
    "figure_experiment",
    "figures",
    "kernel_id",
    "panel_id",
]

#: The rooms, in the order of the catalog's figures and the report.
ROOMS: tuple[str, ...] = (
    "kernel_identity",
    "kernel_cost",
    "gaussian_series",
    "incremental_update",
    "gaussian_oscillation",
    "primal_dual_cost",
    "sigma_bias_variance",
    "gram_spectra",
    "feature_lift",
    "representer",
    "perceptron_dual",
    "perceptron_xor",
    "gaussian_hypothesis",
    "svm_sigma_C_grid",
    "smo_applet",
    "poly_degree",
    "pegasos_convergence",
    "knn_k",
    "knn_smoothness",
    "kernel_checks",
    "loo_vs_sv_bound",
    "cv_model_selection",
    "adaboost",
    "boosting_the_margin",
    "adaboost_rounds",
    "margin_evolution",
    "rademacher_margin_bound",
    "margin_growth",
    "margin_cycle",
    "xor_stumps",
    "nonconvex_combination",
    "mwu_boosting",
    "margin_geometry",
    "noise_robustness",
    "boosting_cost",
    "losses",
    "boosting_overfit",
    "arc_gv",
    "boosting_checks",
    "lasso_path",
    "lasso_ridge_contours",
    "subset_selection",
    "stepwise_stopping",
    "l1_ball_faces",
    "stepwise_direction",
    "lasso_standardize",
)


def _entry(room: str) -> Experiment:
    entry = import_module(f"{__name__}.{room}").EXPERIMENT
    if entry.name != room:
        raise ValueError(f"the room {room!r} holds the entry of {entry.name!r}")
    if extra := set(entry.timings) - set(entry.claims):
        raise ValueError(f"{room}: timings of claims it does not have: {extra}")
    return entry.in_room(f"experiments.{room}")


#: Every experiment, in the order of :data:`ROOMS`.
EXPERIMENTS: tuple[Experiment, ...] = tuple(_entry(room) for room in ROOMS)

_BY_NAME = {e.name: e for e in EXPERIMENTS}
_BY_FIGURE = {f: e for e in EXPERIMENTS for f in e.figures}
_BY_CLAIM = {c: e for e in EXPERIMENTS for c in e.claims}
_BY_APPLET = {a: e for e in EXPERIMENTS for a in e.applets}


def experiment(name: str) -> Experiment:
    """The experiment of that name."""
    return _BY_NAME[name]


def figure_experiment(figure: str) -> Experiment:
    """The experiment whose tables a figure is drawn from."""
    return _BY_FIGURE[figure]


def claim_experiment(claim: str) -> Experiment:
    """The experiment whose tables a claim's rows are computed from."""
    return _BY_CLAIM[claim]


def claim_order(claim: str) -> tuple[int, int]:
    """Sort key of claim ids in catalog order: K, E, B, S, then by number."""
    return (list(FAMILIES).index(claim[0]), int(claim[1:]))


def figures() -> list[str]:
    """Every figure name, in registry order."""
    return list(_BY_FIGURE)


def figure(name: str) -> Figure:
    """The figure of that name (its plotter and the claims it shows)."""
    return _BY_FIGURE[name].figures[name]


def applets() -> list[str]:
    """Every applet name, in registry order."""
    return list(_BY_APPLET)


def applet(name: str) -> Applet:
    """The applet of that name (its builder and the claims it illustrates)."""
    return _BY_APPLET[name].applets[name]


def applet_experiment(name: str) -> Experiment:
    """The experiment whose tables an applet's data are built from."""
    return _BY_APPLET[name]


def claims() -> list[str]:
    """Every claim id, in catalog order."""
    return sorted(_BY_CLAIM, key=claim_order)


def timed_claims() -> list[str]:
    """The claims with machine measurements (``timings``), in catalog order."""
    return [c for c in claims() if c in _BY_CLAIM[c].timings]


def config_file(name: str) -> Path:
    """The configuration of experiment ``name``: ``config.yaml`` in its room,
    its section of the schema (``schema``) and the values each profile merges
    over config.yaml (``profiles``)."""
    room = experiment(name).room.split(".")
    return Path(__file__).parent.joinpath(*room[1:], "config.yaml")


def caption(name: str) -> Path:
    """The caption of figure ``name``: ``<name>.rst`` in its experiment's room."""
    room = figure_experiment(name).room.split(".")
    return Path(__file__).parent.joinpath(*room[1:], f"{name}.rst")
