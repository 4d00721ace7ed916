"""Claim rows of the selection and regularization family S1–S6.

Shewchuk, Lecture 14, §14.2 (subset selection) and §14.3 (the Lasso).

Each function takes the metric tables of its study in the order
:mod:`kernelboost.studies.selection_paths` returns them (and the workflow
writes them), possibly read back from CSV.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from ..intervals import mean_interval, rate_difference
from ._row import ClaimRow

_METHOD_TITLES = {
    "best_subset": "best subset trains 2^d - 1 models",
    "forward": "forward stepwise trains d(d+1)/2 models",
    "backward_cv": "backward stepwise by CV trains d(d+1)/2 models",
    "backward_zscore": "backward elimination by z-score trains d models",
}


def _dataset(c: object) -> str:
    """``name (m × d)`` of a row of ``counts`` (a generator's parameters are in
    the configuration, under ``datasets.<name>``)."""
    return f"{c.dataset} ({int(c.n_samples)} × {int(c.d)})"


def _is_true(column: pd.Series) -> np.ndarray:
    """A boolean column, whether it holds bools or the strings "True"/"False"."""
    return column.astype(str).str.lower().eq("true").to_numpy()


def _dropouts(weights: pd.DataFrame) -> list[tuple[str, float, float]]:
    """Lasso weights that return to exactly zero as λ decreases.

    Returns ``(feature, λ_first, λ_last)`` per event: the weight is non-zero at
    the grid value just above λ_first and exactly zero on the grid values
    from λ_first down to λ_last.
    """
    lasso = weights[weights["method"] == "lasso"]
    events = []
    for feature, part in lasso.groupby("feature", sort=False):
        p = part.sort_values("alpha", ascending=False)
        w, a = p["weight"].to_numpy(), p["alpha"].to_numpy()
        k = 1
        while k < len(w):
            if w[k - 1] != 0.0 and w[k] == 0.0:
                last = k
                while last + 1 < len(w) and w[last + 1] == 0.0:
                    last += 1
                events.append((str(feature), float(a[k]), float(a[last])))
                k = last
            k += 1
    return events


def s1_lasso_zeros(weights: pd.DataFrame, zeros: pd.DataFrame) -> list[ClaimRow]:
    """S1: the Lasso sets weights exactly to zero, more as λ grows; ridge does not.

    Parameters
    ----------
    weights, zeros : DataFrame
        From :func:`kernelboost.studies.selection_paths.lasso_ridge_tables`.

    Returns
    -------
    list of ClaimRow
        - empirical: the largest decrease of the Lasso's exact-zero count
          n₀(λ) from one grid λ to the next larger one,
          max(0, max_k n₀(λ_k) − n₀(λ_{k+1})) for λ_k < λ_{k+1}, checked
          ``<= 0`` (the count never falls as λ grows);
        - empirical: the number of exactly-zero ridge weights over its whole
          λ grid, checked ``<= 0``;
        - illustration: the number of events where a Lasso weight returns to
          exactly zero as λ decreases (the cause when the first row fails),
          naming the features and λ intervals.
    """
    lasso = zeros[zeros["method"] == "lasso"].sort_values("alpha")
    ridge = zeros[zeros["method"] == "ridge"].sort_values("alpha")
    n0 = lasso["n_zero"].to_numpy()
    drop = float(max(0, int(np.max(n0[:-1] - n0[1:])))) if len(n0) > 1 else 0.0
    first = lasso.iloc[0]
    d, m = int(first["n_features"]), int(first["n_samples"])
    name = str(first["dataset"]) if "dataset" in lasso else "data"
    events = _dropouts(weights)
    where = "; ".join(
        f"{f} exactly 0 for lambda in [{lo:.4g}, {hi:.4g}]" for f, hi, lo in events
    )
    common = dict(
        id="S1", source="Shewchuk, Lecture 14, §14.3 'Lasso'", figure="lasso_path"
    )
    lasso_data = (
        f"{name} ({m} × {d}, standardized), {len(lasso)} λ from "
        f"α_max = {float(first['alpha_max']):.4g} down to "
        f"{float(lasso['alpha'].min()):.4g}"
    )
    return [
        ClaimRow(
            title="Lasso zero count is non-decreasing in lambda",
            dataset=lasso_data,
            quantity="largest decrease of the number of exactly-zero Lasso "
            "weights from one lambda to the next larger one",
            measured=drop,
            bound=0.0,
            relation="<=",
            kind="empirical",
            **common,
        ),
        ClaimRow(
            title="ridge sets no weight exactly to zero",
            dataset=f"{name} ({m} × {d}, standardized), {len(ridge)} λ from "
            f"{float(ridge['alpha'].min()):.4g} to {float(ridge['alpha'].max()):.4g}",
            quantity="exactly-zero ridge weights, summed over the lambda grid",
            measured=float(ridge["n_zero"].sum()),
            bound=0.0,
            relation="<=",
            kind="empirical",
            **common,
        ),
        ClaimRow(
            title="Lasso weights that leave the model as lambda decreases",
            dataset=lasso_data,
            quantity="events where a non-zero Lasso weight becomes exactly zero "
            f"at the next smaller lambda ({where or 'none'})",
            measured=float(len(events)),
            bound=float("nan"),
            relation="n/a",
            kind="illustration",
            **common,
        ),
    ]


def s2_contours(
    contours: pd.DataFrame, balls: pd.DataFrame, solutions: pd.DataFrame
) -> list[ClaimRow]:
    """S2: the Lasso solution touches the L1 diamond, often at a tip (illustration).

    Parameters
    ----------
    contours, balls, solutions : DataFrame
        From :func:`kernelboost.studies.selection_paths.contour_tables`.

    Returns
    -------
    list of ClaimRow
        Two illustration rows: the number of exactly-zero coordinates of the
        Lasso solution on the diamond ‖w‖₁ ≤ t and of the ridge solution on
        the circle ‖w‖₂ ≤ t.
    """
    s = solutions.set_index("method")
    first = solutions.iloc[0]
    common = dict(
        id="S2",
        source="Shewchuk, Lecture 14, §14.3 'Lasso'",
        dataset=f"2 features, corr {float(first['rho']):g}, "
        f"{int(first['n_samples'])} points, seed {int(first['seed'])}, "
        f"t = {float(first['budget']):g}",
        bound=float("nan"),
        relation="n/a",
        kind="illustration",
        figure="lasso_ridge_contours",
    )
    rows = []
    for method, ball, title in (
        ("lasso", "‖w‖₁ ≤ t", "the Lasso solution sits on the diamond"),
        ("ridge", "‖w‖₂ ≤ t", "the ridge solution sits on the circle"),
    ):
        r = s.loc[method]
        rows.append(
            ClaimRow(
                title=title,
                quantity=f"exactly-zero coordinates of argmin RSS s.t. {ball}: "
                f"w = ({float(r['w1']):.4g}, {float(r['w2']):.4g}), "
                f"lambda = {float(r['lam']):.4g}",
                measured=float(r["n_zero"]),
                **common,
            )
        )
    return rows


def s3_subset_selection(
    path: pd.DataFrame,
    subsets: pd.DataFrame,
    counts: pd.DataFrame,
    zscores: pd.DataFrame,
) -> list[ClaimRow]:
    """S3: models trained by each method; forward stepwise can miss the best pair.

    Parameters
    ----------
    path, subsets, counts, zscores : DataFrame
        From :func:`kernelboost.studies.selection_paths.subset_tables`.

    Returns
    -------
    list of ClaimRow
        - identity, per dataset and method: the number of models trained
          ``==`` the formula (2^d − 1, d(d + 1)/2, d(d + 1)/2, d);
        - per dataset, "forward's 2-feature set differs from best subset's",
          encoded as measured = 1 if the two sets differ and 0 if they are
          equal. On the constructed trap (``role == "trap"``: by default
          :func:`~kernelboost.datasets.make_forward_trap`) it is checked
          ``== 1`` (empirical); on the other dataset it is an illustration
          (the heuristic often finds the best pair).
    """
    rows = []
    for c in counts.itertuples(index=False):
        rows.append(
            ClaimRow(
                id="S3",
                title=_METHOD_TITLES.get(str(c.method), str(c.method)),
                source="Shewchuk, Lecture 14, §14.2 'Subset Selection'",
                dataset=f"{_dataset(c)}, {int(c.n_splits)}-fold CV, seed {int(c.seed)}",
                quantity=f"models trained by {c.method} (formula {c.formula} = "
                f"{int(c.formula_value)})",
                measured=float(c.n_models),
                bound=float(c.formula_value),
                relation="==",
                kind="identity",
                figure="subset_selection",
            )
        )
    for name, part in path.groupby("dataset", sort=False):
        pairs = part[part["size"] == 2].set_index("method")
        best, forward = pairs.loc["best_subset"], pairs.loc["forward"]
        differs = float(best["features"] != forward["features"])
        c = next(counts[counts["dataset"] == name].itertuples(index=False))
        trap = str(getattr(c, "role", "")) == "trap"
        rows.append(
            ClaimRow(
                id="S3",
                title="forward stepwise misses the best 2-feature model"
                if trap
                else "forward stepwise's 2-feature model vs best subset's",
                source="Shewchuk, Lecture 14, §14.2 'Subset Selection'",
                dataset=f"{_dataset(c)}, {int(c.n_splits)}-fold CV, seed {int(c.seed)}",
                quantity="1 if the 2-feature sets differ, 0 if equal: forward "
                f"{{{forward['features']}}} (CV MSE {float(forward['cv_mse']):.4g}), "
                f"best subset {{{best['features']}}} "
                f"(CV MSE {float(best['cv_mse']):.4g})",
                measured=differs,
                bound=1.0 if trap else float("nan"),
                relation="==" if trap else "n/a",
                kind="empirical" if trap else "illustration",
                figure="subset_selection",
            )
        )
    return rows


def s4_zscore_elimination(
    path: pd.DataFrame,
    subsets: pd.DataFrame,
    counts: pd.DataFrame,
    zscores: pd.DataFrame,
) -> list[ClaimRow]:
    """S4: backward elimination removes the feature of smallest |z| at each step.

    Parameters
    ----------
    path, subsets, counts, zscores : DataFrame
        From :func:`kernelboost.studies.selection_paths.subset_tables`; the
        z-scores z_i = w_i / (σ̂ √v_i) are recomputed there independently of
        the library's elimination rule.

    Returns
    -------
    list of ClaimRow
        One identity row per dataset: the number of steps at which the removed
        feature's |z| is larger than the smallest |z| of that step, ``<= 0``.
    """
    rows = []
    for name, part in zscores.groupby("dataset", sort=False):
        removed = _is_true(part["removed"])
        bad, order = 0, []
        for step in sorted(part["step"].unique()):
            at = (part["step"] == step).to_numpy()
            gone = part[at & removed]
            smallest = float(part.loc[at, "abs_z"].min())
            if len(gone) != 1 or float(gone["abs_z"].iloc[0]) > smallest:
                bad += 1
            if len(gone):
                order.append(
                    f"{gone['feature'].iloc[0]} ({float(gone['z'].iloc[0]):.3g})"
                )
        c = next(counts[counts["dataset"] == name].itertuples(index=False))
        rows.append(
            ClaimRow(
                id="S4",
                title="backward elimination removes the smallest |z-score|",
                source="Shewchuk, Lecture 14, §14.2 'Subset Selection'",
                dataset=_dataset(c),
                quantity="steps where the removed feature's |z| exceeds the "
                "smallest |z| (z = w / (σ̂ √v)); removed in order: " + ", ".join(order),
                measured=float(bad),
                bound=0.0,
                relation="<=",
                kind="identity",
                figure="subset_selection",
            )
        )
    return rows


# --- S5: forward stepwise stopped by the validation error ----------------------


#: S5's two test comparisons of the stopped model: column of the other
#: model's losses, row title, what the other model is, relation.
S5_COMPARISONS = (
    (
        "all",
        "stopping when the validation error rises beats all features",
        "the all-features model",
        "<",
    ),
    (
        "best",
        "the stopped model is the best of the forward path on test",
        "the path's test-best model",
        "<=",
    ),
)


def s5_stepwise_stopping(
    curve: pd.DataFrame, summary: pd.DataFrame, losses: pd.DataFrame
) -> list[ClaimRow]:
    """S5: forward stepwise stopped when the validation error rises.

    Parameters
    ----------
    curve, summary, losses : DataFrame
        From :func:`kernelboost.studies.stepwise_stopping.stepwise_stopping_tables`,
        stacked over datasets (first column ``dataset``).

    Returns
    -------
    list of ClaimRow
        Per dataset:

        - identity: models trained by the stopped search ``==``
          forward_model_count(d, s), s the step that stopped it (d if none);
        - empirical: mean test loss of the kept model minus of the all-features
          model, ``< 0``, with the paired t interval of the per-point
          difference of squared errors (stopping avoids overfitting);
        - empirical: mean test loss of the kept model minus of the model of
          smallest test error on the full path, ``<= 0`` (holds only when the
          rule keeps that model; not resolved when the interval straddles 0;
          the minimum is chosen on the test points, which favours it);
        - illustration: the size kept, beside the CV minimum and the test
          minimum of the full path.
    """
    source = "Shewchuk, Lecture 14, §14.2 'Subset Selection'"
    rows = []
    for name, s in summary.groupby("dataset", sort=False):
        s = s.iloc[0]
        part = losses[losses["dataset"] == name]
        path = curve[curve["dataset"] == name].sort_values("size")
        d, kept = int(s["d"]), int(s["kept_size"])
        stop = int(s["stop_step"])
        stopped_at = f"step {stop}" if stop <= d else "never (full path)"
        where = (
            f"{name} ({int(s['n_train'])} training points, {int(s['n_test'])} test "
            f"points, d = {d}), {int(s['n_splits'])}-fold CV on the training part"
        )
        common = dict(id="S5", source=source, dataset=where, figure="stepwise_stopping")
        mse = (
            f"test MSE kept ({kept} features) {float(s['test_mse_kept']):.4g}, "
            f"all {d} features {float(s['test_mse_all']):.4g}, path minimum "
            f"({int(s['test_min_size'])} features) {float(s['test_mse_min']):.4g}"
        )
        cv = path["cv_mse"].to_numpy()
        rows.append(
            ClaimRow(
                title="forward stepwise stopped at step s trains the truncated count",
                quantity=f"models trained; the CV error first rose at {stopped_at}: "
                f"forward_model_count(d, {min(stop, d)}) = "
                f"{int(s['formula_models'])} (full path {int(s['n_models_full'])})",
                measured=float(s["n_models"]),
                bound=float(s["formula_models"]),
                relation="==",
                kind="identity",
                **common,
            )
        )
        rows += [
            ClaimRow(
                title=title,
                quantity="mean over test points of (squared error of the kept "
                f"model - of {other}), paired t interval; {mse}",
                **mean_interval(part["kept"] - part[column]).fields(),
                bound=0.0,
                relation=relation,
                kind="empirical",
                **common,
            )
            for column, title, other, relation in S5_COMPARISONS
        ]
        rows.append(
            ClaimRow(
                title="the validation curve of forward stepwise",
                quantity=f"features kept by the rule; CV MSE from {cv[0]:.4g} (no "
                f"feature) to {cv[kept]:.4g} at the stop, {cv[-1]:.4g} with all "
                f"{d}; CV minimum of the full path at "
                f"{int(s['cv_min_size'])} features, test minimum at "
                f"{int(s['test_min_size'])}",
                measured=float(kept),
                bound=float("nan"),
                relation="n/a",
                kind="illustration",
                **common,
            )
        )
    return rows


# --- S6: corners, edges and faces of the L1 ball -------------------------------

#: Zero weights of a point in the relative interior of each face in 3-D.
S6_ZEROS = {"corner": 2, "edge": 1, "facet": 0}
#: The KKT residual of the located face (relative to λ); rounding is ~1e-15.
S6_KKT_TOL = 1e-8
#: max |w_face − w_cd|: coordinate descent runs to a duality gap of 1e-14.
S6_CD_TOL = 1e-6


def s6_l1_ball_faces(solutions: pd.DataFrame) -> list[ClaimRow]:
    """S6: on a corner, an edge or a facet of the 3-D L1 ball, 2, 1 or 0 zeros.

    Parameters
    ----------
    solutions : DataFrame
        From :func:`kernelboost.studies.l1_ball.l1_ball_tables`.

    Returns
    -------
    list of ClaimRow
        - check, one row per kind of face: solutions located (from barycentric
          coordinates) on that kind of face whose Lasso solution at the
          matching λ, by coordinate descent, does not have 2 (corner), 1
          (edge) or 0 (facet) exactly-zero weights, ``<= 0``. A point inside
          a corner, edge or facet has that many zero coordinates by the
          definition of the faces, so this tests the two solvers, not the
          lecture;
        - check: the largest KKT residual of the located faces, ``<= 1e-8``;
        - check: the largest |w_face − w_cd|, ``<= 1e-6``;
        - empirical: the share of solutions with at least one zero weight
          (on a corner or an edge) at the smallest t minus at the largest,
          ``> 0``, with Newcombe's interval ("especially for large λ");
        - illustration: the share on a corner over all problems and radii,
          with the shares per radius.
    """
    first = solutions.iloc[0]
    problems = solutions["problem"].nunique()
    fractions = np.sort(solutions["fraction"].unique())
    where = (
        f"{problems} random least-squares problems (3 correlated features, "
        f"{int(first['n_samples'])} points, seed {int(first['seed'])}), "
        f"t = f ||beta_hat||_1 for f in {', '.join(f'{f:g}' for f in fractions)}"
    )
    common = dict(
        id="S6",
        source="Shewchuk, Lecture 14, §14.3 'Lasso'",
        dataset=where,
        figure="l1_ball_faces",
    )
    rows = []
    for face, zeros in S6_ZEROS.items():
        on = solutions[solutions["face"] == face]
        wrong = int((on["cd_zeros"] != zeros).sum())
        rows.append(
            ClaimRow(
                title=f"touching a{'n' if face == 'edge' else ''} {face} sets "
                f"{zeros} weight{'s' if zeros != 1 else ''} to zero",
                quantity=f"of the {len(on)} solutions located on "
                f"a{'n' if face == 'edge' else ''} {face} (from "
                "barycentric coordinates over the face's vertices), those whose "
                f"Lasso solution at the matching lambda has not {zeros} exactly-zero "
                "weights (coordinate descent)",
                measured=float(wrong),
                bound=0.0,
                relation="<=",
                kind="check",
                **common,
            )
        )
    rows += [
        ClaimRow(
            title="the located face satisfies the KKT conditions",
            quantity="max over solutions of max_{j in S} |g_j - lambda s_j| / lambda, "
            "g = X_c^T(y_c - X_c w)/m, lambda = ||g||_inf, (S, s) the face's "
            f"support and signs; smallest inactive slack "
            f"{float(solutions['inactive_slack'].min()):.3g}",
            measured=float(solutions["kkt_residual"].max()),
            bound=S6_KKT_TOL,
            relation="<=",
            kind="check",
            **common,
        ),
        ClaimRow(
            title="face search and coordinate descent find the same solution",
            quantity="max over solutions of max_j |w_face - w_cd|",
            measured=float(solutions["cd_diff"].max()),
            bound=S6_CD_TOL,
            relation="<=",
            kind="check",
            **common,
        ),
    ]
    low, high = fractions[0], fractions[-1]
    small = solutions[solutions["fraction"] == low]
    large = solutions[solutions["fraction"] == high]
    k_small = int((small["face"] != "facet").sum())
    k_large = int((large["face"] != "facet").sum())
    diff = rate_difference(
        k_small / len(small), len(small), k_large / len(large), len(large)
    )
    rows.append(
        ClaimRow(
            title="more weights are zero as the L1 ball shrinks",
            quantity=f"share of solutions with at least one zero weight (on a corner "
            f"or an edge) at t = {low:g} ||beta_hat||_1 minus at t = {high:g} "
            f"||beta_hat||_1: {diff}",
            **diff.fields(),
            bound=0.0,
            relation=">",
            kind="empirical",
            **common,
        )
    )
    shares = solutions.groupby("fraction")["face"].value_counts(normalize=True)
    text = "; ".join(
        f"f = {f:g}: "
        + ", ".join(f"{face} {shares.get((f, face), 0.0):.2f}" for face in S6_ZEROS)
        for f in fractions
    )
    rows.append(
        ClaimRow(
            title="where the RSS isosurface touches the L1 ball",
            quantity=f"share of solutions on a corner over all problems and radii "
            f"(edge {float((solutions['face'] == 'edge').mean()):.3f}, facet "
            f"{float((solutions['face'] == 'facet').mean()):.3f}); per f: {text}",
            measured=float((solutions["face"] == "corner").mean()),
            bound=float("nan"),
            relation="n/a",
            kind="illustration",
            **common,
        )
    )
    return rows
