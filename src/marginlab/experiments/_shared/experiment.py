"""The model of the experiment registry: what a room's registry entry says.

Each room of :mod:`marginlab.experiments` ends its ``__init__.py`` with one
:class:`Experiment`, written with keyword arguments, that names under the
experiment's name (its config section, its rule, the folder of its tables
under ``results/metrics/``):

- its claim family and the study function that computes its tables;
- how the study's arguments and datasets come from the configuration, per run
  (one run, or a sweep of runs such as one per dataset): :func:`section`,
  :func:`per_dataset`, or a function of the room's own;
- the names of the tables the study returns, in order;
- its figures (figure name → plotter) and its claims (claim id → function);
- its applets, the interactive figures of the claims atlas;
- its counted work (``work``): the fits, rounds and kernel evaluations its
  study does, as a function of the configuration;
- its claims' expected rows (``rows``): the names of the rows each claim
  writes, as a function of the configuration.

Functions are named as ``"module:function"`` relative to the room
(``"study:adaboost_tables"``, ``"figures:plot_adaboost_bound"``); the registry
places them in the package (:meth:`Experiment.in_room`). Plotters and claim
functions receive tables **by name**: each parameter without a default names
one table of its experiment.

This module imports nothing beyond the standard library, so that Snakemake can
read the registry when it parses the workflow.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

#: Claim families, in the order of the claims catalog (report categories).
FAMILIES = {
    "K": "K: kernels",
    "E": "E: evaluation",
    "B": "B: boosting and margins",
    "S": "S: selection and regularization",
}


@dataclass(frozen=True)
class Need:
    """What a study needs of a dataset, checked before any job runs
    (:mod:`marginlab.pipeline.data_checks`).

    Attributes
    ----------
    task : {"classification", "regression"}
    n_features : int or None
        The number of features, when the study draws on a line or in the plane.
    why : str
        Why ``n_features`` (``"this study draws in the plane"``).
    multiclass : bool, default=False
        The study takes K > 2 classes (AdaBoost.M1); otherwise a K-class
        dataset is refused before any job.
    min_per_class : int, default=1
        The fewest points of each class (of all rows, for regression) the study
        can learn from: in the training part when it holds out a test part
        (``holdout``), else in the whole dataset. 1 means both classes present
        (or one row), which every study needs.
    min_why : str
        Why more than one (``"leave-one-out needs ..."``).
    beyond_features : int, default=0
        Rows the study needs beyond its number of features d (all the data,
        before any split): least-squares z-scores estimate σ² by
        RSS/(m − d − 1), so they need m ≥ d + 2. 0: no such need.
    beyond_why : str
        Why ``beyond_features``.
    holdout : bool or str, default=False
        The study splits the data by its ``test_fraction`` argument (or, given
        a name, by the run argument of that name, e.g.
        ``"noisy_test_fraction"`` for one dataset of several): stratified for
        classification (round(f · m_c) of each class are held out, and each
        class needs a point in both parts), at random for regression (at least
        two rows in each part).
    folds : bool, default=False
        The study cross-validates with its ``n_splits`` argument on the
        training part (the whole data without ``holdout``): stratified k-fold
        needs ``n_splits`` points of each class there (rows, for regression).
    gram : str, default=""
        The name of the matrix (``"kernel matrix"``, ``"distance matrix"``)
        the study forms between all its m points and its training points (all
        of them, or the training part of ``holdout``): 8·m·m_train bytes, so
        at most 8·m² for a Gram matrix. Empty if it forms none.
    grid : str, default=""
        The run argument with the number of points per axis of the grid on
        which the study evaluates its model against its training points
        (``grid_points``, ``n_grid``): that many points on a line, its square
        in the plane. The matrix of ``gram`` then has max(m, grid points)
        rows.
    family : str, default=""
        The study forms the values of a family of hypotheses on each of its
        training points (and solves a linear program or boosts over them):
        ``"stumps"``, every distinct stump, about 2·n per training point for n
        features; or the run argument with the number of directions of a
        family of lines (``n_directions``), two per direction and training
        point. An m_train × (columns) matrix.
    flips : str, default=""
        The run argument with the fraction of the labels that the study flips
        at random (seeded by the run's ``seed``) before it cross-validates:
        the classes are counted after the flips. Empty: none.
    max_rows : int or None
        The most rows the study can afford in time, if fewer than the memory of
        ``gram`` and ``family`` allows.
    max_why : str
        Why ``max_rows``, naming the work that grows with m.
    """

    task: str
    n_features: int | None = None
    why: str = ""
    multiclass: bool = False
    min_per_class: int = 1
    min_why: str = ""
    beyond_features: int = 0
    beyond_why: str = ""
    holdout: bool | str = False
    folds: bool = False
    gram: str = ""
    grid: str = ""
    family: str = ""
    flips: str = ""
    max_rows: int | None = None
    max_why: str = ""

    def but(self, **changes: Any) -> Need:
        """This need with ``changes`` (e.g. ``PLANE.but(holdout=True)``)."""
        return replace(self, **changes)

    @property
    def holdout_argument(self) -> str | None:
        """The run argument holding the fraction held out (``test_fraction``
        unless ``holdout`` names another), or None without ``holdout``."""
        if not self.holdout:
            return None
        return self.holdout if isinstance(self.holdout, str) else "test_fraction"


ANY = Need("classification")
LINE = Need("classification", 1, "this study draws its hypothesis on a line")
PLANE = Need("classification", 2, "this study draws in the plane")
REGRESSION = Need("regression")


@dataclass(frozen=True)
class DataRef:
    """A dataset a run reads: the config key that names it, its name, its need."""

    key: str
    name: str
    need: Need = ANY


@dataclass(frozen=True)
class Run:
    """One job of an experiment.

    ``data`` maps a study argument to the dataset it receives (one
    :class:`DataRef`), or to several (a tuple: the study receives a mapping of
    name to dataset, in that order); ``args`` are the other keyword arguments.
    """

    data: Mapping[str, DataRef | tuple[DataRef, ...]] = field(default_factory=dict)
    args: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Figure:
    """A figure: the plotter that draws it and the claims it shows."""

    plotter: str
    claims: tuple[str, ...]
    #: The README's gallery shows the figure, under this line (its claims
    #: and what they say); empty for the others.
    headline: str = ""


@dataclass(frozen=True)
class Applet:
    """An interactive figure of the claims atlas: the function that turns its
    experiment's tables (by name, as a plotter takes them) into the data the
    page draws, the claims on whose pages it is shown, and what the reader
    moves in it."""

    builder: str
    claims: tuple[str, ...]
    moves: str = ""
    #: The configuration key (``section.key``) of the dataset the page
    #: opens with, among the datasets it offers; empty: the first of them.
    opens_with: str = ""


@dataclass(frozen=True)
class Experiment:
    """One experiment of the pipeline (see the module docstring).

    Attributes
    ----------
    name : str
        Config section, rule name and folder of the tables.
    family : str
        Claim family, a key of :data:`FAMILIES`.
    study : str
        ``"module:function"``, the module relative to the room (``"study:f"``)
        until :meth:`in_room` places it under ``marginlab``; called with the
        keyword arguments of a run, it returns the tables (one DataFrame, or a
        tuple in the order of ``tables``).
    tables : tuple of str
        Names of the tables the study returns.
    runs : callable
        Configuration → ``{run id: Run}``. A single run has the id ``""``;
        otherwise the experiment is a sweep (one job for all its runs, or one
        job per run with the configuration's ``one_job_per_output``), and its
        tables are the runs' tables stacked in run order.
    figures : mapping
        Figure name → :class:`Figure` (its plotter and the claims it shows).
    claims : mapping
        Claim id → claim function (``"module:function"``).
    timings : mapping
        Claim id → the function of the claim's machine measurements (its CPU
        times): rows like a claim function's, written to ``results/timings.csv``
        instead of claims.csv, whose bytes must not depend on the machine's load.
    label : str or None
        For a sweep: a column inserted first into every run's tables, holding
        the run id (when the study does not name its rows itself).
    per_run : tuple of str
        Sweep tables handed to plotters and claims as the list of the runs'
        tables, in run order, instead of stacked.
    priority : int
        Among the jobs ready to run, those of higher priority start first
        (Snakemake's ``priority``): a study that takes a large share of the
        run, so that it starts early and the run does not end waiting for it
        alone. A study that runs alone starts before every other
        (:meth:`marginlab.pipeline.plan.Plan.priority`).
    resources : mapping
        What one job needs beyond the profiles' defaults (``mem_mb``,
        ``runtime`` in minutes), e.g. for a cluster executor.
    applets : mapping
        Applet name → :class:`Applet`: the interactive figures drawn from the
        experiment's tables in the claims atlas.
    limits : str
        ``"module:function"`` (``"limits:problems"``), or empty: the limits
        of the room's configuration that its schema cannot state (arrays that
        several keys size together, keys that must agree), a function of the
        configuration, with defaults filled in, that yields a line naming the
        key for each problem (:mod:`marginlab.experiments._shared.limits`).
    work : str
        ``"module:function"`` (``"work:counted"``), or empty: the room's
        counted work, a function of the configuration, with defaults filled
        in (as ``limits`` receives it), that returns ``{unit: count}`` of
        integers, e.g. ``{"SVM fits": 2448, "kernel evaluations": ...}``,
        counted from the configuration alone, without running the study
        (:mod:`marginlab.experiments._shared.work`); the full run's counts
        are the budget rows of ``benchmarks/README.md``.
    rows : str
        ``"module:function"`` (``"rows:expected"``), or empty for a room
        without claims: the names of its claims' rows, a function of the
        configuration, with defaults filled in (as ``work`` receives it), that
        returns ``{claim id: [row name, ...]}``, the names each claim
        function gives its rows, in order (their keys in claims.csv are
        ``<id>/<name>``); where the data choose among rows, an
        :class:`~marginlab.experiments._shared.expected.Either` of them
        (:mod:`marginlab.experiments._shared.expected`).
    room : str
        The package of the experiment's room (``experiments.adaboost``, relative
        to ``marginlab``), set by :meth:`in_room`; its captions are
        ``<room>/<figure>.rst``.
    """

    name: str
    family: str
    study: str
    tables: tuple[str, ...]
    runs: Callable[[Mapping[str, Any]], dict[str, Run]]
    figures: Mapping[str, Figure] = field(default_factory=dict)
    claims: Mapping[str, str] = field(default_factory=dict)
    timings: Mapping[str, str] = field(default_factory=dict)
    label: str | None = None
    per_run: tuple[str, ...] = ()
    priority: int = 0
    resources: Mapping[str, int] = field(default_factory=dict)
    applets: Mapping[str, Applet] = field(default_factory=dict)
    limits: str = ""
    work: str = ""
    rows: str = ""
    room: str = ""

    def in_room(self, room: str) -> Experiment:
        """This entry with its functions named under ``marginlab``: each
        ``"module:function"`` relative to the room becomes
        ``"<room>.module:function"``."""

        def place(ref: str) -> str:
            return f"{room}.{ref}"

        return replace(
            self,
            study=place(self.study),
            figures={
                name: replace(f, plotter=place(f.plotter))
                for name, f in self.figures.items()
            },
            claims={c: place(ref) for c, ref in self.claims.items()},
            timings={c: place(ref) for c, ref in self.timings.items()},
            applets={
                name: replace(a, builder=place(a.builder))
                for name, a in self.applets.items()
            },
            limits=place(self.limits) if self.limits else "",
            work=place(self.work) if self.work else "",
            rows=place(self.rows) if self.rows else "",
            room=room,
        )

    def table_path(self, table: str, run: str = "") -> str:
        """Where a table is written: ``results/metrics/<name>[/<run>]/<table>.csv``
        (without a run: the single run's table, or a sweep's stacked table)."""
        folder = f"results/metrics/{self.name}"
        return f"{folder}/{run}/{table}.csv" if run else f"{folder}/{table}.csv"


def panel_id(sigma: float, C: float) -> str:
    """Id of one σ/C panel of the SMO pictures: ``s1_Cinf``, ``s0.25_C10``."""
    return f"s{sigma:g}_C{c_id(C)}"


def c_id(C: float) -> str:
    """``inf`` for the hard margin, else C in the shortest exact form."""
    return "inf" if math.isinf(C) else format(C, "g")


def kernel_id(spec: Mapping[str, Any]) -> str:
    """File-name id of a kernel config: ``linear``, ``gaussian-sigma0.25``."""
    params = "-".join(f"{k}{v:g}" for k, v in sorted(spec.items()) if k != "name")
    return spec["name"] + (f"-{params}" if params else "")


# Building blocks of the runs: a section's keys as arguments, shared settings.
Config = Mapping[str, Any]


def split(cfg: Config, seed: str = "split_seed") -> dict[str, Any]:
    """The held-out split the studies share (section ``split``)."""
    return {"test_fraction": cfg["split"]["test_fraction"], seed: cfg["split"]["seed"]}


def cv(cfg: Config, seed: str = "cv_seed") -> dict[str, Any]:
    """The K-fold cross-validation the studies share (section ``cv``)."""
    return {"n_splits": cfg["cv"]["folds"], seed: cfg["cv"]["seed"]}


def drawn_like(cfg: Config, section: str, key: str = "dataset") -> dict[str, Any]:
    """The configuration entry of the dataset ``<section>.<key>`` as the study
    argument ``generator`` (keys sorted): for a study that draws further
    training sets of the same kind (:mod:`.samples`). None for a dataset the
    configuration does not define (the dataset check names it)."""
    spec = cfg["datasets"].get(cfg[section][key])
    return {"generator": None if spec is None else dict(sorted(spec.items()))}


def _none(cfg: Config) -> dict[str, Any]:
    return {}


def section(
    section: str,
    need: Need = ANY,
    *,
    datasets: tuple[str, ...] = (),
    name: bool = False,
    shared: Callable[[Config], dict[str, Any]] = _none,
    needs: Mapping[str, Need] | None = None,
) -> Callable[[Config], dict[str, Run]]:
    """One run: every key of ``section`` is the study argument of the same name,
    except the keys that name datasets: ``dataset``, whose dataset the study
    receives as ``data`` (and its name as ``name`` if asked), and each key of
    ``datasets``, whose dataset the study receives under that key (and its name
    as ``<key>_name`` if asked). The study needs ``need`` of each of them, or
    what ``needs`` says of a key (``{"test": ...}``); ``shared`` adds settings
    of other sections; a key of the section itself (e.g. its own
    ``test_fraction``) overrides the shared one."""
    keys = {"dataset": ("data", "name")} | {k: (k, f"{k}_name") for k in datasets}
    needs = dict(needs or {})

    def runs(cfg: Config) -> dict[str, Run]:
        args = dict(cfg[section])
        data = {}
        for key, (argument, name_argument) in keys.items():
            if key in args:
                dataset = args.pop(key)
                data[argument] = DataRef(
                    f"{section}.{key}", dataset, needs.get(key, need)
                )
                if name:
                    args[name_argument] = dataset
        return {"": Run(data, shared(cfg) | args)}

    return runs


def per_dataset(
    section: str,
    need: Need = ANY,
    shared: Callable[[Config], dict[str, Any]] = split,
) -> Callable[[Config], dict[str, Run]]:
    """A sweep, one run per dataset of ``<section>.datasets`` (each of which
    must meet ``need``): the other keys of the section and ``shared`` (by
    default the held-out split) are the study's arguments."""

    def runs(cfg: Config) -> dict[str, Run]:
        args = {k: v for k, v in cfg[section].items() if k != "datasets"}
        return {
            name: Run(
                {"data": DataRef(f"{section}.datasets", name, need)},
                args | shared(cfg),
            )
            for name in cfg[section]["datasets"]
        }

    return runs


def per_pair(
    section: str,
    need: Need = ANY,
    *,
    pairs: str = "generated",
    datasets: str = "datasets",
) -> Callable[[Config], dict[str, Run]]:
    """A sweep over independent test sets and splits: one run per entry
    ``{train: <name>, test: <name>}`` of ``<section>.<pairs>`` (the study
    receives the training points as ``data`` and the test points as ``test``)
    and one per name of ``<section>.<datasets>`` (``data`` alone: the study
    splits it itself). Both keys are optional; each dataset must meet
    ``need``. The run ids are the training datasets' names; the section's
    other keys are the study's arguments."""

    def runs(cfg: Config) -> dict[str, Run]:
        part = cfg[section]
        args = {k: v for k, v in part.items() if k not in (pairs, datasets)}
        out: dict[str, Run] = {}
        for pair in part.get(pairs, ()):
            key = f"{section}.{pairs}"
            out[pair["train"]] = Run(
                {
                    "data": DataRef(key, pair["train"], need),
                    "test": DataRef(key, pair["test"], need),
                },
                args,
            )
        for name in part.get(datasets, ()):
            out[name] = Run(
                {"data": DataRef(f"{section}.{datasets}", name, need)}, args
            )
        return out

    return runs
