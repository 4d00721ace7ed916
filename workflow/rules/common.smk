# Helpers only: the config check, config lookups and target lists.
import csv
import hashlib
import sys
from pathlib import Path

import yaml
from jsonschema import Draft202012Validator
from jsonschema.exceptions import best_match

# Every figure: its claim family (report category), the metric tables it is drawn
# from (passed to kernelboost.plotting.PLOTTERS[name] in this order) and the
# claims it shows. Its caption is workflow/report/<name>.rst.
FIGURES = {
    "kernel_identity": {
        "family": "K",
        "metrics": ["results/metrics/kernel_identity.csv"],
        "claims": ["K1"],
    },
    "kernel_cost": {
        "family": "K",
        "metrics": [
            "results/metrics/kernel_cost.csv",
            "results/metrics/kernel_cost_fits.csv",
        ],
        "claims": ["K2", "K8"],
    },
    "sigma_bias_variance": {
        "family": "K",
        "metrics": [
            "results/metrics/sigma_bias_variance_errors.csv",
            "results/metrics/sigma_bias_variance_regions.csv",
            "results/metrics/sigma_bias_variance_points.csv",
        ],
        "claims": ["K10"],
    },
    "gram_spectra": {
        "family": "K",
        "metrics": ["results/metrics/gram_spectra.csv"],
        "claims": ["K3"],
    },
    "feature_lift": {
        "family": "K",
        "metrics": [
            "results/metrics/feature_lift.csv",
            "results/metrics/feature_lift_points.csv",
        ],
        "claims": ["K4"],
    },
    "representer": {
        "family": "K",
        "metrics": ["results/metrics/representer.csv"],
        "claims": ["K5"],
    },
    "perceptron_dual": {
        "family": "K",
        "metrics": [
            "results/metrics/perceptron_table.csv",
            "results/metrics/perceptron_primal_dual.csv",
        ],
        "claims": ["K6"],
    },
    "perceptron_xor": {
        "family": "K",
        "metrics": [
            "results/metrics/perceptron_xor_epochs.csv",
            "results/metrics/perceptron_xor_points.csv",
        ],
        "claims": ["K7"],
    },
    "gaussian_hypothesis": {
        "family": "K",
        "metrics": [
            "results/metrics/gaussian_hypothesis_history.csv",
            "results/metrics/gaussian_hypothesis_curve.csv",
            "results/metrics/gaussian_hypothesis_bumps.csv",
        ],
        "claims": ["K9"],
    },
    "svm_sigma_C_grid": {
        "family": "K",
        "metrics": lambda: [
            "results/metrics/svm_sigma_C_grid.csv",
            *(
                f"results/metrics/svm_grid/{panel}.{part}.csv"
                for panel in svm_panels()
                for part in ("surface", "points")
            ),
        ],
        "claims": ["K11"],
    },
    "poly_degree": {
        "family": "K",
        "metrics": ["results/metrics/poly_degree.csv"],
        "claims": ["K12"],
    },
    "pegasos_convergence": {
        "family": "K",
        "metrics": ["results/metrics/pegasos_convergence.csv"],
        "claims": ["K13"],
    },
    "knn_k": {
        "family": "K",
        "metrics": [
            "results/metrics/knn_k_errors.csv",
            "results/metrics/knn_k_regions.csv",
            "results/metrics/knn_k_points.csv",
        ],
        "claims": ["K14", "E4"],
    },
    "loo_vs_sv_bound": {
        "family": "E",
        "metrics": ["results/metrics/loo_rows.csv", "results/metrics/loo_e2.csv"],
        "claims": ["E1", "E2"],
    },
    "cv_model_selection": {
        "family": "E",
        "metrics": [
            "results/metrics/cv_model_selection_grid.csv",
            "results/metrics/cv_model_selection_summary.csv",
        ],
        "claims": ["E3"],
    },
    "adaboost_bound": {
        "family": "B",
        "metrics": ["results/metrics/adaboost_history.csv"],
        "claims": ["B1", "B2", "B3"],
    },
    "exp_loss_descent": {
        "family": "B",
        "metrics": ["results/metrics/adaboost_history.csv"],
        "claims": ["B4"],
    },
    "margin_distribution": {
        "family": "B",
        "metrics": [
            "results/metrics/adaboost_margins.csv",
            "results/metrics/adaboost_history.csv",
        ],
        "claims": ["B5"],
    },
    "adaboost_train_test": {
        "family": "B",
        "metrics": ["results/metrics/adaboost_history.csv"],
        "claims": ["B5", "B14"],
    },
    "margin_bound": {
        "family": "B",
        "metrics": ["results/metrics/adaboost_margin_bound.csv"],
        "claims": ["B6"],
    },
    "margin_growth": {
        "family": "B",
        "metrics": ["results/metrics/margin_growth.csv"],
        "claims": ["B7"],
    },
    "xor_stumps": {
        "family": "B",
        "metrics": [
            "results/metrics/xor_stumps_edges.csv",
            "results/metrics/xor_stumps_history.csv",
            "results/metrics/xor_stumps_runs.csv",
            "results/metrics/xor_stumps_regions.csv",
            "results/metrics/xor_stumps_points.csv",
        ],
        "claims": ["B8"],
    },
    "nonconvex_combination": {
        "family": "B",
        "metrics": [
            "results/metrics/nonconvex_combination_errors.csv",
            "results/metrics/nonconvex_combination_history.csv",
            "results/metrics/nonconvex_combination_regions.csv",
            "results/metrics/nonconvex_combination_points.csv",
            "results/metrics/nonconvex_combination_lines.csv",
        ],
        "claims": ["B9"],
    },
    "mwu_boosting": {
        "family": "B",
        "metrics": [
            "results/metrics/mwu_boosting_history.csv",
            "results/metrics/mwu_boosting_summary.csv",
            "results/metrics/mwu_boosting_regions.csv",
            "results/metrics/mwu_boosting_points.csv",
        ],
        "claims": ["B10"],
    },
    "noise_robustness": {
        "family": "B",
        "metrics": ["results/metrics/noise_robustness.csv"],
        "claims": ["B12"],
    },
    "boosting_cost": {
        "family": "B",
        "metrics": [
            "results/metrics/boosting_cost.csv",
            "results/metrics/boosting_cost_fits.csv",
        ],
        "claims": ["B11"],
    },
    "losses": {
        "family": "B",
        "metrics": ["results/metrics/losses.csv"],
        "claims": ["B13"],
    },
    "lasso_path": {
        "family": "S",
        "metrics": [
            "results/metrics/lasso_path_weights.csv",
            "results/metrics/lasso_path_zeros.csv",
        ],
        "claims": ["S1"],
    },
    "lasso_ridge_contours": {
        "family": "S",
        "metrics": [
            "results/metrics/lasso_ridge_contours_contours.csv",
            "results/metrics/lasso_ridge_contours_balls.csv",
            "results/metrics/lasso_ridge_contours_solutions.csv",
        ],
        "claims": ["S2"],
    },
    "subset_selection": {
        "family": "S",
        "metrics": [
            "results/metrics/subset_selection_path.csv",
            "results/metrics/subset_selection_subsets.csv",
            "results/metrics/subset_selection_counts.csv",
            "results/metrics/subset_selection_zscores.csv",
        ],
        "claims": ["S3", "S4"],
    },
}
FAMILIES = {
    "K": "K: kernels",
    "E": "E: evaluation",
    "B": "B: boosting and margins",
    "S": "S: selection and regularization",
}
# The metric tables of each claim (passed to kernelboost.claims.CLAIMS[id]).
CLAIM_METRICS = {
    "K1": ["results/metrics/kernel_identity.csv"],
    "K2": FIGURES["kernel_cost"]["metrics"],
    "K3": ["results/metrics/gram_spectra.csv"],
    "K4": FIGURES["feature_lift"]["metrics"],
    "K5": ["results/metrics/representer.csv"],
    "K6": FIGURES["perceptron_dual"]["metrics"],
    "K7": FIGURES["perceptron_xor"]["metrics"],
    "K8": FIGURES["kernel_cost"]["metrics"],
    "K9": FIGURES["gaussian_hypothesis"]["metrics"],
    "K10": FIGURES["sigma_bias_variance"]["metrics"],
    "K11": ["results/metrics/svm_sigma_C_grid.csv"],
    "K12": ["results/metrics/poly_degree.csv"],
    "K13": ["results/metrics/pegasos_convergence.csv"],
    "K14": FIGURES["knn_k"]["metrics"],
    "E1": FIGURES["loo_vs_sv_bound"]["metrics"],
    "E2": FIGURES["loo_vs_sv_bound"]["metrics"],
    "E3": FIGURES["cv_model_selection"]["metrics"],
    "E4": FIGURES["knn_k"]["metrics"],
    "B1": ["results/metrics/adaboost_history.csv"],
    "B2": ["results/metrics/adaboost_history.csv"],
    "B3": ["results/metrics/adaboost_history.csv"],
    "B4": ["results/metrics/adaboost_history.csv"],
    "B5": ["results/metrics/adaboost_history.csv"],
    "B6": ["results/metrics/adaboost_margin_bound.csv"],
    "B7": ["results/metrics/margin_growth.csv"],
    "B8": FIGURES["xor_stumps"]["metrics"],
    "B9": FIGURES["nonconvex_combination"]["metrics"],
    "B10": FIGURES["mwu_boosting"]["metrics"],
    "B11": FIGURES["boosting_cost"]["metrics"],
    "B12": ["results/metrics/noise_robustness.csv"],
    "B13": ["results/metrics/losses.csv"],
    "B14": ["results/metrics/adaboost_history.csv"],
    "S1": FIGURES["lasso_path"]["metrics"],
    "S2": FIGURES["lasso_ridge_contours"]["metrics"],
    "S3": FIGURES["subset_selection"]["metrics"],
    "S4": FIGURES["subset_selection"]["metrics"],
}


# The library every job imports is this checkout's src/kernelboost: each script
# puts src/ first on its path, so the jobs need only the runtime dependencies
# (workflow/envs/kernelboost.yaml), whatever else is installed.
SRC = Path(workflow.basedir, "src")
if not (SRC / "kernelboost" / "__init__.py").is_file():
    sys.exit(f"The kernelboost library is missing from {SRC}: run from a checkout.")
sys.path.insert(0, str(SRC))
from kernelboost.datasets import DatasetError, dataset_shape


def library_digest(keep):
    """SHA-256 of the library sources (src/kernelboost) that ``keep(name)`` selects.

    Rules take it as a param, so changing the library reruns the jobs whose
    results it may change, as changing a script does (read without importing).
    """
    digest = hashlib.sha256()
    root = SRC / "kernelboost"
    for path in sorted(root.rglob("*.py")):
        name = path.relative_to(root).as_posix()
        if keep(name):
            digest.update(name.encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


# Computing rules depend on all but the plotting code; figure rules on the
# plotting code only, so restyling a figure never reruns a computation.
def drawing(name):
    """Whether a library file only draws figures (or writes them)."""
    return name.startswith("plotting/") or name == "io.py"


# gallery.py and archive.py work on finished results: no job depends on them.
LIBRARY = library_digest(
    lambda name: not name.startswith("plotting/")
    and name not in ("gallery.py", "archive.py")
)
PLOTTING = library_digest(drawing)

# Names are used in file paths; the schema enforces the same pattern.
NAME = "[A-Za-z0-9][A-Za-z0-9_-]*"


wildcard_constraints:
    name=NAME,
    panel="s[0-9.e+-]+_C[0-9.e+inf-]+",
    kernel="[a-z_]+(-[a-z_]+[0-9.e+-]+)*",
    C="[0-9.e+-]+|inf",
    claim="|".join(CLAIM_METRICS),
    figure="|".join(FIGURES),


def config_problem(cfg, schema_file):
    """The first problem of ``cfg`` against the schema, as one line, or None."""
    schema = yaml.safe_load(Path(workflow.basedir, schema_file).read_text())
    error = best_match(Draft202012Validator(schema).iter_errors(cfg))
    if error is not None:
        where = ".".join(str(p) for p in error.absolute_path)
        if error.validator == "additionalProperties":
            allowed = sorted(error.schema.get("properties", {}))
            unknown = sorted(set(error.instance) - set(allowed))
            key = ".".join(filter(None, [where, str(unknown[0])]))
            return f"unknown key '{key}' (allowed here: {', '.join(allowed)})"
        return f"'{where or 'top level'}': {error.message}"
    return None


def exit_on_config_problem(cfg, schema_file):
    """Stop before any job runs, with one line naming the bad key."""
    problem = config_problem(cfg, schema_file)
    if problem:
        config_exit(problem)


# What each study needs of the datasets its config names: their task and, for
# the studies that draw on a line or in the plane, their number of features.
ANY = ("classification", None)
LINE = ("classification", 1)  # h(z) drawn as a curve
PLANE = ("classification", 2)  # decision regions drawn in the plane
REGRESSION = ("regression", None)
WHY = {
    1: "this study draws its hypothesis on a line",
    2: "this study draws in the plane",
}


def dataset_needs(cfg):
    """(config key, dataset name, (task, n_features or None)) for every dataset
    a section names."""
    needs = [
        ("kernels.datasets", cfg["kernels"]["datasets"], ANY),
        ("boosting.datasets", cfg["boosting"]["datasets"], ANY),
        ("margin_growth.datasets", cfg["margin_growth"]["datasets"], ANY),
        ("noise.dataset", [cfg["noise"]["dataset"]], ANY),
        ("xor_stumps.dataset", [cfg["xor_stumps"]["dataset"]], PLANE),
        ("mwu_boosting.dataset", [cfg["mwu_boosting"]["dataset"]], ANY),
        ("lasso_path.dataset", [cfg["lasso_path"]["dataset"]], REGRESSION),
        ("subset_selection.dataset", [cfg["subset_selection"]["dataset"]], REGRESSION),
        ("cv_model_selection.dataset", [cfg["cv_model_selection"]["dataset"]], ANY),
        ("perceptron.xor_dataset", [cfg["perceptron"]["xor_dataset"]], PLANE),
        ("logistic.dataset", [cfg["logistic"]["dataset"]], LINE),
        ("svm_grid.dataset", [cfg["svm_grid"]["dataset"]], PLANE),
        ("feature_lift.dataset", [cfg["feature_lift"]["dataset"]], PLANE),
        ("pegasos.dataset", [cfg["pegasos"]["dataset"]], ANY),
        ("poly_degree.dataset", [cfg["poly_degree"]["dataset"]], ANY),
        ("knn.dataset", [cfg["knn"]["dataset"]], PLANE),
        ("sigma_bias_variance.dataset", [cfg["sigma_bias_variance"]["dataset"]], PLANE),
    ]
    # The quadratic map φ(x) = (x1², √2x1x2, x2²) is defined on R² only.
    for name, kernel in cfg["perceptron"]["compare"].items():
        needs.append(
            (
                f"perceptron.compare.{name}",
                [name],
                PLANE if kernel == "quadratic" else ANY,
            )
        )
    return [(key, name, need) for key, names, need in needs for name in names]


def dataset_problem(cfg):
    """After defaults are filled: the first dataset that is not defined, cannot
    be read, or has the wrong task or number of features for a study naming it,
    as one line; or None."""
    shapes = {}
    for name, spec in cfg["datasets"].items():
        try:
            shapes[name] = dataset_shape(spec)
        except DatasetError as err:
            return f"'datasets.{name}': {err}"
    for key, name, (task, n_features) in dataset_needs(cfg):
        if name not in shapes:
            return (
                f"'{key}': {name!r} is not a dataset defined under "
                f"'datasets' ({', '.join(cfg['datasets'])})"
            )
        shape = shapes[name]
        if shape.task != task:
            wanted = (
                "labels in two classes" if task == "classification" else "a real target"
            )
            return (
                f"'{key}': {name!r} is a {shape.task} dataset, but this study "
                f"needs {task} data ({wanted})"
            )
        if n_features is not None and shape.n_features != n_features:
            return (
                f"'{key}': {name!r} has {shape.n_features} features, but "
                f"{WHY[n_features]} and needs {n_features}"
            )
    return None


def exit_on_unusable_datasets(cfg):
    """Stop before any job runs when a study names a dataset it cannot use."""
    problem = dataset_problem(cfg)
    if problem:
        config_exit(problem)


def config_exit(problem):
    files = ", ".join(map(str, workflow.configfiles)) or "config"
    sys.exit(f"Invalid configuration ({files}): {problem}")


def dataset_spec(wildcards):
    """The config entry of one dataset, keys sorted (stable params)."""
    return dict(sorted(config["datasets"][wildcards.name].items()))


def dataset_source(wildcards):
    """A user CSV is an input file of its dataset job; generated data have none."""
    spec = config["datasets"][wildcards.name]
    return [spec["path"]] if spec["generator"] == "csv" else []


def _paths(entry):
    """A list of paths, or a function returning one (lists that need the config)."""
    return entry() if callable(entry) else entry


def claim_metrics(wildcards):
    return _paths(CLAIM_METRICS[wildcards.claim])


def figure_metrics(wildcards):
    return _paths(FIGURES[wildcards.figure]["metrics"])


def svm_panels():
    """Panel ids of the σ/C grid, in config order (``s1_Cinf``, …)."""
    return [panel_id(p["sigma"], p["C"]) for p in config["svm_grid"]["panels"]]


def svm_panel_params(wildcards):
    """σ and C of one panel, from its id."""
    for p in config["svm_grid"]["panels"]:
        if panel_id(p["sigma"], p["C"]) == wildcards.panel:
            return {"sigma": p["sigma"], "C": p["C"]}
    raise ValueError(f"no svm_grid panel {wildcards.panel!r}")


def panel_id(sigma, C):
    """Same ids as kernelboost.studies.svm.panel_id (without importing numpy)."""
    c = "inf" if C == float("inf") else format(C, "g")
    return f"s{sigma:g}_C{c}"


def kernel_id(spec):
    """File-name id of a kernel config: ``linear``, ``gaussian-sigma0.25``."""
    params = "-".join(f"{k}{v:g}" for k, v in sorted(spec.items()) if k != "name")
    return spec["name"] + (f"-{params}" if params else "")


def c_id(C):
    return "inf" if C == float("inf") else format(C, "g")


def sweep_files(part):
    """One metric file per configuration of the kernel-machine sweep."""
    sweep = config["kernels"]
    return [
        f"results/metrics/loo/{name}/{kernel_id(k)}/C{c_id(C)}.{part}.csv"
        for name in sweep["datasets"]
        for k in sweep["grid"]
        for C in sweep["C"]
    ]


def sweep_kernel(wildcards):
    """The kernel config of a sweep configuration, from its id."""
    for spec in config["kernels"]["grid"]:
        if kernel_id(spec) == wildcards.kernel:
            return dict(sorted(spec.items()))
    raise ValueError(f"no kernel {wildcards.kernel!r} in kernels.grid")


def claim_status(path="results/claims.csv"):
    """Per figure, one sentence on how its claims came out, for report captions.

    Read from results/claims.csv when it exists (as when the report is made);
    no rule depends on it, so it never causes a rerun.
    """
    if not Path(path).exists():
        return {}
    with open(path, newline="") as handle:
        rows = list(csv.DictReader(handle))
    status = {}
    for name, figure in FIGURES.items():
        parts = []
        for claim in figure["claims"]:
            holds = [row["holds"] for row in rows if row["id"] == claim]
            held, failed = holds.count("true"), holds.count("false")
            if held + failed:
                text = f"{claim} held in {held} of {held + failed} rows"
                parts.append(text + (" (did not hold in the rest)" if failed else ""))
            elif holds:
                parts.append(f"{claim}: illustration only")
        status[name] = "; ".join(parts) + "." if parts else ""
    return status


def figure_category(wildcards):
    return FAMILIES[FIGURES[wildcards.figure]["family"]]


def figure_captions():
    """Per figure, its caption text, workflow/report/<name>.rst."""
    folder = Path(workflow.basedir, "workflow", "report")
    return {name: (folder / f"{name}.rst").read_text() for name in FIGURES}


def data_csv(*names):
    return [f"results/data/{name}.csv" for name in names]


def data_targets():
    return expand("results/data/{name}.csv", name=sorted(config["datasets"]))


def figure_targets():
    return expand(
        "results/figures/{figure}.{ext}", figure=config["figures"], ext=["png", "pdf"]
    )


def claim_row_targets():
    claims = {c for f in config["figures"] for c in FIGURES[f]["claims"]}
    # In the order of CLAIMS.md: K, E, B, S, then by number.
    order = sorted(claims, key=lambda c: (list(FAMILIES).index(c[0]), int(c[1:])))
    return expand("results/claims/{claim}.csv", claim=order)


#: Entries the Snakefile adds to the config for the report's captions only.
REPORT_ENTRIES = ("claim_status", "figure_captions")


def sorted_keys(value):
    """``value`` with every mapping's keys sorted, recursively (stable params)."""
    if isinstance(value, dict):
        return {k: sorted_keys(value[k]) for k in sorted(value)}
    if isinstance(value, list):
        return [sorted_keys(v) for v in value]
    return value


def resolved_config():
    """The validated configuration with its defaults, without the report entries."""
    return {k: config[k] for k in sorted(config) if k not in REPORT_ENTRIES}


def all_targets():
    return [
        *data_targets(),
        *figure_targets(),
        "results/claims.csv",
        "results/claims.md",
        "results/config.yaml",
    ]
