"""The experiment registry: the one list of what the pipeline computes and draws.

Each :class:`Experiment` names, under one name (its config section, its rule,
the folder of its tables under ``results/metrics/``):

- its claim family and the study function that computes its tables;
- how the study's arguments and datasets come from the configuration, per run
  (one run, or a sweep of runs such as one per dataset);
- the names of the tables the study returns, in order;
- its figures (figure name → plotter) and its claims (claim id → function).

Plotters and claim functions receive tables **by name**: each parameter without
a default names one table of its experiment. The workflow generates its rules
from this list (``workflow/rules/experiments.smk``) and one generic script runs
every study (``workflow/scripts/experiment.py``). Figure captions are
``workflow/report/<figure>.rst``.

This module imports nothing beyond the standard library, so that Snakemake can
read it when it parses the workflow; functions are named as
``"module:function"`` relative to the ``kernelboost`` package.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

__all__ = [
    "ANY",
    "EXPERIMENTS",
    "Applet",
    "FAMILIES",
    "LINE",
    "PLANE",
    "REGRESSION",
    "DataRef",
    "Experiment",
    "Figure",
    "Need",
    "Run",
    "applet",
    "applet_experiment",
    "applets",
    "c_id",
    "claim_order",
    "claims",
    "experiment",
    "figure",
    "figures",
    "claim_experiment",
    "figure_experiment",
    "kernel_id",
    "panel_id",
]

#: Claim families, in the order of the claims catalog (report categories).
FAMILIES = {
    "K": "K: kernels",
    "E": "E: evaluation",
    "B": "B: boosting and margins",
    "S": "S: selection and regularization",
}


@dataclass(frozen=True)
class Need:
    """What a study needs of a dataset: its task and, when it draws on a line or
    in the plane, its number of features."""

    task: str
    n_features: int | None = None
    why: str = ""


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


@dataclass(frozen=True)
class Applet:
    """An interactive figure of the claims atlas: the function that turns its
    experiment's tables (by name, as a plotter takes them) into the data the
    page draws, the claims on whose pages it is shown, and what the reader
    moves in it."""

    builder: str
    claims: tuple[str, ...]
    moves: str = ""


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
        ``"module:function"`` under ``kernelboost``; called with the keyword
        arguments of a run, it returns the tables (one DataFrame, or a tuple in
        the order of ``tables``).
    tables : tuple of str
        Names of the tables the study returns.
    runs : callable
        Configuration → ``{run id: Run}``. A single run has the id ``""``;
        otherwise the experiment is a sweep, one job per run, and its tables
        are the runs' tables stacked in run order.
    figures : mapping
        Figure name → :class:`Figure` (its plotter and the claims it shows).
    claims : mapping
        Claim id → claim function (``"module:function"``).
    label : str or None
        For a sweep: a column inserted first into every run's tables, holding
        the run id (when the study does not name its rows itself).
    per_run : tuple of str
        Sweep tables handed to plotters and claims as the list of the runs'
        tables, in run order, instead of stacked.
    threads : str
        ``"all"`` for a job that must run alone (its wall times are results).
    resources : mapping
        What one job needs beyond the profiles' defaults (``mem_mb``,
        ``runtime`` in minutes), e.g. for a cluster executor.
    applets : mapping
        Applet name → :class:`Applet`: the interactive figures drawn from the
        experiment's tables in the claims atlas.
    """

    name: str
    family: str
    study: str
    tables: tuple[str, ...]
    runs: Callable[[Mapping[str, Any]], dict[str, Run]]
    figures: Mapping[str, Figure]
    claims: Mapping[str, str]
    label: str | None = None
    per_run: tuple[str, ...] = ()
    threads: str = "one"
    resources: Mapping[str, int] = field(default_factory=dict)
    applets: Mapping[str, Applet] = field(default_factory=dict)

    def is_sweep(self, cfg: Mapping[str, Any]) -> bool:
        """Whether the experiment runs as several jobs under ``cfg``."""
        return list(self.runs(cfg)) != [""]

    def table_path(self, table: str, run: str = "") -> str:
        """Where a table is written: ``results/metrics/<name>[/<run>]/<table>.csv``
        (without a run: the single run's table, or a sweep's stacked table)."""
        folder = f"results/metrics/{self.name}"
        return f"{folder}/{run}/{table}.csv" if run else f"{folder}/{table}.csv"

    def consumed(self, table: str, cfg: Mapping[str, Any]) -> str | list[str]:
        """What a plotter or claim function reads of ``table``: its path, or for
        a sweep's per-run table the paths of every run's, in run order."""
        if table not in self.tables:
            raise KeyError(f"experiment {self.name!r} has no table {table!r}")
        if table in self.per_run and self.is_sweep(cfg):
            return [self.table_path(table, run) for run in self.runs(cfg)]
        return self.table_path(table)


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


def _split(cfg: Config, seed: str = "split_seed") -> dict[str, Any]:
    """The held-out split the studies share (section ``split``)."""
    return {"test_fraction": cfg["split"]["test_fraction"], seed: cfg["split"]["seed"]}


def _cv(cfg: Config, seed: str = "cv_seed") -> dict[str, Any]:
    """The K-fold cross-validation the studies share (section ``cv``)."""
    return {"n_splits": cfg["cv"]["folds"], seed: cfg["cv"]["seed"]}


def _none(cfg: Config) -> dict[str, Any]:
    return {}


def _section(
    section: str,
    need: Need = ANY,
    *,
    datasets: tuple[str, ...] = (),
    name: bool = False,
    shared: Callable[[Config], dict[str, Any]] = _none,
) -> Callable[[Config], dict[str, Run]]:
    """One run: every key of ``section`` is the study argument of the same name,
    except the keys that name datasets: ``dataset``, whose dataset the study
    receives as ``data`` (and its name as ``name`` if asked), and each key of
    ``datasets``, whose dataset the study receives under that key (and its name
    as ``<key>_name`` if asked). The study needs ``need`` of each of them;
    ``shared`` adds settings of other sections."""
    keys = {"dataset": ("data", "name")} | {k: (k, f"{k}_name") for k in datasets}

    def runs(cfg: Config) -> dict[str, Run]:
        args = dict(cfg[section])
        data = {}
        for key, (argument, name_argument) in keys.items():
            if key in args:
                dataset = args.pop(key)
                data[argument] = DataRef(f"{section}.{key}", dataset, need)
                if name:
                    args[name_argument] = dataset
        return {"": Run(data, args | shared(cfg))}

    return runs


def _per_dataset(
    section: str,
    need: Need = ANY,
    shared: Callable[[Config], dict[str, Any]] = _split,
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


def _loo_runs(cfg: Config) -> dict[str, Run]:
    """E1/E2: one run per dataset × kernel × C of the sweep."""
    section = cfg["loo_vs_sv_bound"]
    sweep = ("datasets", "kernels", "C")
    fixed = {k: v for k, v in section.items() if k not in sweep}
    return {
        f"{name}/{kernel_id(kernel)}/C{c_id(C)}": Run(
            {"data": DataRef("loo_vs_sv_bound.datasets", name)},
            fixed | {"kernel": dict(sorted(kernel.items())), "C": C, "name": name},
        )
        for name in section["datasets"]
        for kernel in section["kernels"]
        for C in section["C"]
    }


def _svm_panels(cfg: Config) -> dict[str, Run]:
    """K11: one run per (σ, C) panel, in config order."""
    section = cfg["svm_sigma_C_grid"]
    data = {"data": DataRef("svm_sigma_C_grid.dataset", section["dataset"], PLANE)}
    fixed = {"tol": section["tol"], "grid_points": section["grid_points"]}
    return {
        panel_id(p["sigma"], p["C"]): Run(
            data, fixed | {"sigma": p["sigma"], "C": p["C"]}
        )
        for p in section["panels"]
    }


def _perceptron_dual(cfg: Config) -> dict[str, Run]:
    """K6: the datasets of ``compare``, each with its kernel. The quadratic map
    φ(x) = (x1², √2x1x2, x2²) is defined on R² only."""
    section = cfg["perceptron_dual"]
    data = tuple(
        DataRef(
            f"perceptron_dual.compare.{name}",
            name,
            PLANE if kernel == "quadratic" else ANY,
        )
        for name, kernel in section["compare"].items()
    )
    return {"": Run({"datasets": data}, dict(section))}


K, E, B, S = "K", "E", "B", "S"

EXPERIMENTS: tuple[Experiment, ...] = (
    Experiment(
        "kernel_identity",
        K,
        "studies.kernels:kernel_identity_table",
        ("identities",),
        _section("kernel_identity"),
        {
            "kernel_identity": Figure(
                "plotting.kernels:plot_kernel_identity", ("K1", "K15")
            )
        },
        {
            "K1": "claims.kernels:k1_kernel_identity",
            "K15": "claims.kernels:k15_feature_distance",
        },
    ),
    Experiment(
        "kernel_cost",
        K,
        "studies.cost:kernel_cost_tables",
        ("timings", "fits"),
        _section("kernel_cost"),
        {"kernel_cost": Figure("plotting.kernels:plot_kernel_cost", ("K2", "K8"))},
        {"K2": "claims.kernels:k2_kernel_cost", "K8": "claims.kernels:k8_dual_cost"},
        threads="all",
    ),
    Experiment(
        "gaussian_series",
        K,
        "studies.series:gaussian_series_table",
        ("series",),
        _section("gaussian_series", name=True),
        {"gaussian_series": Figure("plotting.gaussian:plot_gaussian_series", ("K17",))},
        {"K17": "claims.gaussian:k17_gaussian_series"},
    ),
    Experiment(
        "incremental_update",
        K,
        "studies.updates:incremental_update_tables",
        ("drift", "timings", "fits"),
        _section("incremental_update", name=True),
        {
            "incremental_update": Figure(
                "plotting.updates:plot_incremental_update", ("K18",)
            )
        },
        {"K18": "claims.updates:k18_incremental_update"},
        threads="all",
    ),
    Experiment(
        "gaussian_oscillation",
        K,
        "studies.oscillation:oscillation_tables",
        ("summary", "curves", "points"),
        _section("gaussian_oscillation", LINE, name=True, shared=_cv),
        {
            "gaussian_oscillation": Figure(
                "plotting.gaussian:plot_gaussian_oscillation", ("K19",)
            )
        },
        {"K19": "claims.gaussian:k19_oscillation"},
    ),
    Experiment(
        "primal_dual_cost",
        K,
        "studies.updates:primal_dual_cost_table",
        ("timings",),
        _section("primal_dual_cost"),
        {
            "primal_dual_cost": Figure(
                "plotting.updates:plot_primal_dual_cost", ("K20",)
            )
        },
        {"K20": "claims.updates:k20_primal_dual_cost"},
        threads="all",
    ),
    Experiment(
        "sigma_bias_variance",
        K,
        "studies.sigma:sigma_tables",
        ("errors", "regions", "points"),
        _section("sigma_bias_variance", PLANE, shared=lambda c: _cv(c) | _split(c)),
        {
            "sigma_bias_variance": Figure(
                "plotting.kernels:plot_sigma_bias_variance", ("K10",)
            )
        },
        {"K10": "claims.kernels:k10_sigma_bias_variance"},
    ),
    Experiment(
        "gram_spectra",
        K,
        "studies.kernels:gram_spectra_table",
        ("spectra",),
        _section("gram_spectra"),
        {"gram_spectra": Figure("plotting.kernels:plot_gram_spectra", ("K3",))},
        {"K3": "claims.kernels:k3_gram_spectra"},
    ),
    Experiment(
        "feature_lift",
        K,
        "studies.lift:feature_lift_tables",
        ("summary", "points"),
        _section("feature_lift", PLANE),
        {"feature_lift": Figure("plotting.kernels:plot_feature_lift", ("K4",))},
        {"K4": "claims.kernels:k4_feature_lift"},
    ),
    Experiment(
        "representer",
        K,
        "studies.kernels:representer_table",
        ("iterates",),
        _section("representer"),
        {"representer": Figure("plotting.kernels:plot_representer", ("K5",))},
        {"K5": "claims.kernels:k5_representer"},
    ),
    Experiment(
        "perceptron_dual",
        K,
        "studies.perceptron:perceptron_dual_tables",
        ("worked", "compare"),
        _perceptron_dual,
        {"perceptron_dual": Figure("plotting.kernels:plot_perceptron_dual", ("K6",))},
        {"K6": "claims.kernels:k6_perceptron_dual"},
    ),
    Experiment(
        "perceptron_xor",
        K,
        "studies.perceptron:perceptron_xor_tables",
        ("epochs", "points"),
        _section("perceptron_xor", PLANE),
        {"perceptron_xor": Figure("plotting.kernels:plot_perceptron_xor", ("K7",))},
        {"K7": "claims.kernels:k7_perceptron_xor"},
    ),
    Experiment(
        "gaussian_hypothesis",
        K,
        "studies.logistic:gaussian_hypothesis_tables",
        ("history", "curve", "bumps"),
        _section("gaussian_hypothesis", LINE),
        {
            "gaussian_hypothesis": Figure(
                "plotting.kernels:plot_gaussian_hypothesis", ("K9",)
            )
        },
        {"K9": "claims.kernels:k9_gaussian_hypothesis"},
    ),
    Experiment(
        "svm_sigma_C_grid",
        K,
        "studies.svm:svm_panel",
        ("summary", "surface", "points"),
        _svm_panels,
        {
            "svm_sigma_C_grid": Figure(
                "plotting.kernels:plot_svm_sigma_C_grid", ("K11",)
            )
        },
        {"K11": "claims.kernels:k11_svm_sigma_C_grid"},
        per_run=("surface", "points"),
    ),
    Experiment(
        "smo_applet",
        K,
        "studies.applets:smo_grid_tables",
        ("summary", "surface", "points"),
        _section("smo_applet", PLANE),
        {},
        {},
        applets={
            "smo": Applet(
                "site.applets:smo_applet",
                ("K11",),
                "the Gaussian SVM's regions, margin and support vectors as σ and C "
                "move (SMO)",
            )
        },
    ),
    Experiment(
        "poly_degree",
        K,
        "studies.svm:poly_degree_table",
        ("degrees",),
        _section(
            "poly_degree",
            datasets=("noisy",),
            name=True,
            shared=lambda c: _split(c, "seed"),
        ),
        {"poly_degree": Figure("plotting.kernels:plot_poly_degree", ("K12",))},
        {"K12": "claims.kernels:k12_poly_degree"},
    ),
    Experiment(
        "pegasos_convergence",
        K,
        "studies.svm:pegasos_convergence_table",
        ("checkpoints",),
        _section("pegasos_convergence"),
        {
            "pegasos_convergence": Figure(
                "plotting.kernels:plot_pegasos_convergence", ("K13",)
            )
        },
        {"K13": "claims.kernels:k13_pegasos_convergence"},
    ),
    Experiment(
        "knn_k",
        K,
        "studies.knn:knn_tables",
        ("errors", "regions", "points"),
        _section("knn_k", PLANE, shared=lambda c: _split(c, "seed")),
        {"knn_k": Figure("plotting.kernels:plot_knn_k", ("K14", "E4"))},
        {"K14": "claims.kernels:k14_knn", "E4": "claims.evaluation:e4_knn_loo"},
    ),
    Experiment(
        "loo_vs_sv_bound",
        E,
        "studies.loo:loo_configuration",
        ("rows", "e2"),
        _loo_runs,
        {
            "loo_vs_sv_bound": Figure(
                "plotting.evaluation:plot_loo_vs_sv_bound", ("E1", "E2")
            )
        },
        {
            "E1": "claims.evaluation:e1_loo_bound",
            "E2": "claims.evaluation:e2_non_sv_removal",
        },
    ),
    Experiment(
        "cv_model_selection",
        E,
        "studies.loo:cv_selection_tables",
        ("grid", "summary"),
        _section("cv_model_selection", name=True, shared=lambda c: _cv(c) | _split(c)),
        {
            "cv_model_selection": Figure(
                "plotting.evaluation:plot_cv_model_selection", ("E3", "K16")
            )
        },
        {
            "E3": "claims.evaluation:e3_cv_selection",
            "K16": "claims.evaluation:k16_c_fit",
        },
    ),
    Experiment(
        "adaboost",
        B,
        "studies.adaboost:adaboost_tables",
        ("history", "margins", "margin_bound", "uniform_margin"),
        _per_dataset("adaboost"),
        {
            "adaboost_bound": Figure(
                "plotting.boosting:plot_adaboost_bound", ("B1", "B2", "B3")
            ),
            "exp_loss_descent": Figure(
                "plotting.boosting:plot_exp_loss_descent", ("B4",)
            ),
            "margin_distribution": Figure(
                "plotting.boosting:plot_margin_distribution", ("B5",)
            ),
            "adaboost_train_test": Figure(
                "plotting.boosting:plot_adaboost_train_test", ("B5", "B14")
            ),
            "margin_bound": Figure("plotting.boosting:plot_margin_bound", ("B6",)),
            "uniform_margin_bound": Figure(
                "plotting.boosting:plot_uniform_margin_bound", ("B17",)
            ),
        },
        {
            "B1": "claims.boosting:b1_adaboost_bound",
            "B2": "claims.boosting:b2_distribution_closed_form",
            "B3": "claims.boosting:b3_half_on_mistakes",
            "B4": "claims.boosting:b4_exp_loss_descent",
            "B5": "claims.boosting:b5_margin_growth",
            "B6": "claims.boosting:b6_margin_bound",
            "B14": "claims.boosting:b14_vc_bound",
            "B17": "claims.boosting:b17_uniform_margin_bound",
        },
        label="dataset",
    ),
    Experiment(
        "adaboost_rounds",
        B,
        "studies.applets:adaboost_rounds_tables",
        ("rounds", "weights", "surface", "points"),
        _section("adaboost_rounds", PLANE),
        {},
        {},
        applets={
            "adaboost": Applet(
                "site.applets:adaboost_rounds_applet",
                ("B1",),
                "AdaBoost round by round: regions, the weights D_t, and the "
                "training error against Π Z_t and exp(−2γ²t)",
            )
        },
    ),
    Experiment(
        "margin_evolution",
        B,
        "studies.applets:margin_evolution_table",
        ("margins",),
        _section("margin_evolution", shared=_split),
        {},
        {},
        applets={
            "margins": Applet(
                "site.applets:margin_evolution_applet",
                ("B5",),
                "the distribution of AdaBoost's training margins as T moves",
            )
        },
    ),
    Experiment(
        "rademacher_margin_bound",
        B,
        "studies.margin_bounds:rademacher_bound_table",
        ("bounds",),
        _per_dataset("rademacher_margin_bound"),
        {
            "rademacher_margin_bound": Figure(
                "plotting.boosting:plot_rademacher_margin_bound", ("B16",)
            )
        },
        {"B16": "claims.boosting:b16_rademacher_margin_bound"},
        label="dataset",
    ),
    Experiment(
        "margin_growth",
        B,
        "studies.margin_lp:margin_growth_table",
        ("margins",),
        _per_dataset("margin_growth"),
        {"margin_growth": Figure("plotting.boosting:plot_margin_growth", ("B7",))},
        {"B7": "claims.boosting:b7_max_margin"},
        label="dataset",
        # The LP over all distinct stumps: about 0.8 GB on breast cancer.
        resources={"mem_mb": 2000, "runtime": 30},
    ),
    Experiment(
        "margin_cycle",
        B,
        "studies.margin_lp:margin_cycle_tables",
        ("lp", "runs", "history", "distributions"),
        _section("margin_cycle"),
        {"margin_cycle": Figure("plotting.boosting:plot_margin_cycle", ("B15",))},
        {"B15": "claims.boosting:b15_adaboost_cycle"},
    ),
    Experiment(
        "xor_stumps",
        B,
        "studies.weak_learning:xor_stumps_tables",
        ("edges", "history", "runs", "regions", "points", "game"),
        _section("xor_stumps", PLANE, name=True),
        {"xor_stumps": Figure("plotting.weak_learning:plot_xor_stumps", ("B8",))},
        {"B8": "claims.weak_learning:b8_xor_stumps"},
    ),
    Experiment(
        "nonconvex_combination",
        B,
        "studies.weak_learning:nonconvex_tables",
        ("errors", "history", "regions", "points", "lines"),
        _section("nonconvex_combination", PLANE, datasets=("convex", "nonconvex")),
        {
            "nonconvex_combination": Figure(
                "plotting.weak_learning:plot_nonconvex_combination", ("B9",)
            )
        },
        {"B9": "claims.weak_learning:b9_nonconvex_combination"},
    ),
    Experiment(
        "mwu_boosting",
        B,
        "studies.weak_learning:mwu_tables",
        ("history", "summary", "regions", "points", "theorem2"),
        _section("mwu_boosting", name=True),
        {
            "mwu_boosting": Figure(
                "plotting.weak_learning:plot_mwu_boosting", ("B10", "B18")
            )
        },
        {
            "B10": "claims.weak_learning:b10_mwu_boosting",
            "B18": "claims.weak_learning:b18_mwu_theorem2",
        },
    ),
    Experiment(
        "margin_geometry",
        B,
        "studies.margin_geometry:margin_geometry_tables",
        ("distances", "solutions", "weights", "points"),
        _section("margin_geometry", PLANE, datasets=("stumps",), name=True),
        {"margin_geometry": Figure("plotting.margins:plot_margin_geometry", ("B19",))},
        {"B19": "claims.margins:b19_margin_geometry"},
    ),
    Experiment(
        "noise_robustness",
        B,
        "studies.noise:noise_table",
        ("rates",),
        _section("noise_robustness", shared=_split),
        {
            "noise_robustness": Figure(
                "plotting.boosting:plot_noise_robustness", ("B12",)
            )
        },
        {"B12": "claims.boosting:b12_noise_robustness"},
    ),
    Experiment(
        "boosting_cost",
        B,
        "studies.cost:boosting_cost_tables",
        ("timings", "fits"),
        _section("boosting_cost"),
        {"boosting_cost": Figure("plotting.boosting:plot_boosting_cost", ("B11",))},
        {"B11": "claims.boosting:b11_boosting_cost"},
        threads="all",
    ),
    Experiment(
        "losses",
        B,
        "losses:loss_table",
        ("curves",),
        _section("losses"),
        {"losses": Figure("plotting.boosting:plot_losses", ("B13",))},
        {"B13": "claims.boosting:b13_losses"},
    ),
    Experiment(
        "lasso_path",
        S,
        "studies.selection_paths:lasso_ridge_tables",
        ("weights", "zeros"),
        _section("lasso_path", REGRESSION, name=True),
        {"lasso_path": Figure("plotting.selection:plot_lasso_path", ("S1",))},
        {"S1": "claims.selection:s1_lasso_zeros"},
        applets={
            "lasso": Applet(
                "site.applets:lasso_path_applet",
                ("S1",),
                "the Lasso's weights as λ moves along the path",
            )
        },
    ),
    Experiment(
        "lasso_ridge_contours",
        S,
        "studies.selection_paths:contour_tables",
        ("contours", "balls", "solutions"),
        _section("lasso_ridge_contours"),
        {
            "lasso_ridge_contours": Figure(
                "plotting.selection:plot_lasso_ridge_contours", ("S2",)
            )
        },
        {"S2": "claims.selection:s2_contours"},
    ),
    Experiment(
        "subset_selection",
        S,
        "studies.selection_paths:subset_tables",
        ("path", "subsets", "counts", "zscores"),
        _section(
            "subset_selection",
            REGRESSION,
            datasets=("trap",),
            name=True,
            shared=lambda c: _cv(c, "seed"),
        ),
        {
            "subset_selection": Figure(
                "plotting.selection:plot_subset_selection", ("S3", "S4")
            )
        },
        {
            "S3": "claims.selection:s3_subset_selection",
            "S4": "claims.selection:s4_zscore_elimination",
        },
    ),
    Experiment(
        "stepwise_stopping",
        S,
        "studies.stepwise_stopping:stepwise_stopping_tables",
        ("curve", "summary", "losses"),
        _per_dataset(
            "stepwise_stopping",
            REGRESSION,
            shared=lambda c: _split(c) | _cv(c),
        ),
        {
            "stepwise_stopping": Figure(
                "plotting.selection:plot_stepwise_stopping", ("S5",)
            )
        },
        {"S5": "claims.selection:s5_stepwise_stopping"},
        label="dataset",
    ),
    Experiment(
        "l1_ball_faces",
        S,
        "studies.l1_ball:l1_ball_tables",
        ("solutions",),
        _section("l1_ball_faces"),
        {"l1_ball_faces": Figure("plotting.selection:plot_l1_ball_faces", ("S6",))},
        {"S6": "claims.selection:s6_l1_ball_faces"},
    ),
)

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
