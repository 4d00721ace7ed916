"""Claim rows of B21, from the arc_gv experiment's tables."""

from __future__ import annotations

import numpy as np
import pandas as pd

from ...theory.intervals import corrected_resampled_interval, paired_difference
from .._shared.rows import ClaimRow, not_applicable

SOURCE = "Mohri, Boosting, 'Other Boosting Algorithms'"
REYZIN = f"{SOURCE} (Reyzin and Schapire 2006)"

#: Row titles, for readers. Tests find the rows by name: ``margin``,
#: ``error`` and ``ranks`` then ``/<dataset>/<learner>``, ``depth/<dataset>/
#: trees``, and ``long/<dataset>/stumps`` and ``trajectory/<dataset>/stumps``.
MIN_MARGIN = "arc-gv reaches a larger minimum margin than AdaBoost"
TEST_ERROR = "yet arc-gv's test error is not lower"
DISTRIBUTION = "AdaBoost's margin distribution is higher over most ranks"
DEPTH = "arc-gv chooses the deeper trees"
LONG = "given rounds enough, arc-gv's minimum margin overtakes AdaBoost's"
TRAJECTORY = "the minimum margins against the rounds, beside the maximum rho*"


def _pick(frame: pd.DataFrame, learner: str, algorithm: str) -> pd.DataFrame:
    part = frame[(frame["learner"] == learner) & (frame["algorithm"] == algorithm)]
    if part.empty:
        raise ValueError(f"B21: no rows recorded for {algorithm!r} with {learner!r}")
    return part


def _above(margins: pd.DataFrame, learner: str) -> np.ndarray:
    """Per split: the fraction of ranks q at which AdaBoost's q-th smallest
    training margin exceeds arc-gv's, and whether the two sets are equal."""
    out = []
    for _, part in margins[margins["learner"] == learner].groupby("split"):
        ada = np.sort(_pick(part, learner, "adaboost")["margin"].to_numpy())
        arc = np.sort(_pick(part, learner, "arc_gv")["margin"].to_numpy())
        out.append((float(np.mean(ada > arc)), bool(np.array_equal(ada, arc))))
    return np.array(out)


def _where(name: str, learner: str, s: pd.DataFrame, splits: int) -> str:
    ada, arc = _pick(s, learner, "adaboost"), _pick(s, learner, "arc_gv")
    base = (
        "stumps"
        if learner == "stumps"
        else f"best-first trees of at most {int(ada['n_leaves'].iloc[0])} leaves"
    )
    size = (
        f"{int(ada['n_train'].iloc[0])} training and {int(ada['n_test'].iloc[0])} "
        "test points"
        if splits == 1
        else f"{splits} stratified halves (about {int(ada['n_train'].mean())} "
        "training points each)"
    )
    return (
        f"{name}: {size}, {base}; rounds kept: AdaBoost {_rounds(ada)}, "
        f"arc-gv {_rounds(arc)}"
    )


def _rounds(part: pd.DataFrame) -> str:
    rounds = part["rounds"].astype(int)
    reasons = ", ".join(
        f"{n} {r}" for r, n in part["stop_reason"].value_counts(sort=False).items()
    )
    if rounds.nunique() == 1:
        return f"{int(rounds.iloc[0])} ({reasons})"
    return f"{int(rounds.min())}-{int(rounds.max())} ({reasons})"


def _difference(s: pd.DataFrame, learner: str, column: str) -> np.ndarray:
    """arc-gv's ``column`` minus AdaBoost's, per split."""
    ada = _pick(s, learner, "adaboost").sort_values("split")[column].to_numpy()
    arc = _pick(s, learner, "arc_gv").sort_values("split")[column].to_numpy()
    return arc - ada


def _rows(
    where: str,
    at: str,
    margin: tuple[str, dict[str, float]],
    error: tuple[str, dict[str, float]],
    ranks: tuple[str, float],
) -> list[ClaimRow]:
    """The three rows of one dataset and learner (``at``, ``<dataset>/<learner>``,
    the last segments of their names), from each row's quantity text and its
    ``measured`` (with ``ci_low``, ``ci_high`` where it has an interval)."""
    common = {"dataset": where, "kind": "empirical"}
    return [
        ClaimRow(
            name=f"margin/{at}",
            title=MIN_MARGIN,
            source=f"{SOURCE} (Breiman 1999)",
            quantity=margin[0],
            **margin[1],
            bound=0.0,
            relation=">",
            **common,
        ),
        ClaimRow(
            name=f"error/{at}",
            title=TEST_ERROR,
            source=REYZIN,
            quantity=error[0],
            **error[1],
            bound=0.0,
            relation=">=",
            **common,
        ),
        ClaimRow(
            name=f"ranks/{at}",
            title=DISTRIBUTION,
            source=REYZIN,
            quantity=ranks[0],
            measured=ranks[1],
            bound=0.5,
            relation=">",
            **common,
        ),
    ]


#: The quantity's start of the ranks row.
_RANKS = (
    "fraction of ranks q at which AdaBoost's q-th smallest training margin is "
    "above arc-gv's"
)


def _split_rows(
    where: str, at: str, s: pd.DataFrame, learner: str, above: np.ndarray
) -> list[ClaimRow]:
    """The rows of data split R times: means over the splits, the corrected
    resampled t-interval of Nadeau and Bengio (2003)."""
    ada = _pick(s, learner, "adaboost")
    ratio = float((ada["n_test"] / ada["n_train"]).mean())
    margin = corrected_resampled_interval(_difference(s, learner, "min_margin"), ratio)
    error = corrected_resampled_interval(_difference(s, learner, "test_error"), ratio)
    corrected = "(corrected resampled t, factor 1/R + n_test/n_train)"
    return _rows(
        where,
        at,
        (
            f"minimum training margin of arc-gv - of AdaBoost, {margin} {corrected}",
            margin.fields(),
        ),
        (f"test error of arc-gv - of AdaBoost, {error} {corrected}", error.fields()),
        (
            f"{_RANKS}, mean over {above.shape[0]} splits "
            f"(from {above[:, 0].min():.3g} to {above[:, 0].max():.3g})",
            float(above[:, 0].mean()),
        ),
    )


def _drawn_rows(
    where: str,
    at: str,
    s: pd.DataFrame,
    learner: str,
    above: np.ndarray,
    m: pd.DataFrame,
) -> list[ClaimRow]:
    """The rows of one training draw against its own test set: exact margins,
    the paired interval of the test errors."""
    ada, arc = _pick(s, learner, "adaboost"), _pick(s, learner, "arc_gv")
    d = paired_difference(
        _pick(m, learner, "arc_gv").sort_values("point")["wrong"].astype(bool),
        _pick(m, learner, "adaboost").sort_values("point")["wrong"].astype(bool),
    )
    resolve = ""
    if d.low < 0.0 <= d.high and d.value != 0.0:
        resolve = (
            f"; would resolve with n > 1.96^2 d/delta^2 = "
            f"{d.resolving_n:.3g} test points"
        )
    arc_min, ada_min = (
        float(arc["min_margin"].iloc[0]),
        float(ada["min_margin"].iloc[0]),
    )
    return _rows(
        where,
        at,
        (
            f"minimum training margin of arc-gv - of AdaBoost "
            f"({arc_min:.4g} - {ada_min:.4g})",
            {"measured": float(_difference(s, learner, "min_margin")[0])},
        ),
        (f"test error of arc-gv - of AdaBoost ({d}){resolve}", d.fields()),
        (_RANKS, float(above[0, 0])),
    )


def _depth_row(where: str, at: str, s: pd.DataFrame) -> ClaimRow:
    """arc-gv's mean tree depth minus AdaBoost's over the T rounds (``> 0``)."""
    ada, arc = _pick(s, "trees", "adaboost"), _pick(s, "trees", "arc_gv")
    depth = float((arc["mean_depth"].to_numpy() - ada["mean_depth"].to_numpy()).mean())
    return ClaimRow(
        name=f"depth/{at}",
        title=DEPTH,
        source=REYZIN,
        dataset=where,
        quantity=f"mean depth of arc-gv's trees - of AdaBoost's "
        f"({float(arc['mean_depth'].mean()):.3f} - "
        f"{float(ada['mean_depth'].mean()):.3f}; mean leaves "
        f"{float(arc['mean_leaves'].mean()):.2f} and "
        f"{float(ada['mean_leaves'].mean()):.2f})",
        measured=depth,
        bound=0.0,
        relation=">",
        kind="empirical",
    )


def _trajectory_rows(dataset: str, trajectory: pd.DataFrame) -> list[ClaimRow]:
    """Stumps over many rounds on a small sample: arc-gv's minimum margin minus
    AdaBoost's at the last round (``> 0``), and the trajectories beside ρ*."""
    ada = trajectory[trajectory["algorithm"] == "adaboost"].set_index("t")
    arc = trajectory[trajectory["algorithm"] == "arc_gv"].set_index("t")
    if ada.empty or arc.empty:
        raise ValueError(f"B21: no stump trajectories recorded for {dataset!r}")
    rho = float(ada["rho_star"].iloc[0])
    last = int(ada.index.max())
    ahead = (arc["min_margin"] > ada["min_margin"]).to_numpy()
    behind = np.flatnonzero(~ahead)
    since = (
        "never"
        if not ahead[-1]
        else str(int(ada.index[behind[-1] + 1]))
        if behind.size
        else "round 1"
    )
    where = (
        f"{dataset}: the first {int(ada['n_train'].iloc[0])} training points, "
        f"stumps, {last} rounds; rho* = {rho:.4g} (LP over every distinct stump)"
    )
    path = ", ".join(
        f"T = {t}: {ada.loc[t, 'min_margin']:.4g} / {arc.loc[t, 'min_margin']:.4g}"
        for t in ada.index[:: max(1, len(ada) // 6)].tolist() + [last]
    )
    return [
        ClaimRow(
            name=f"long/{dataset}/stumps",
            title=LONG,
            source=f"{SOURCE} (Breiman 1999)",
            dataset=where,
            quantity=f"minimum training margin of arc-gv - of AdaBoost after {last} "
            f"rounds ({arc.loc[last, 'min_margin']:.4g} - "
            f"{ada.loc[last, 'min_margin']:.4g})",
            measured=float(arc.loc[last, "min_margin"] - ada.loc[last, "min_margin"]),
            bound=0.0,
            relation=">",
            kind="empirical",
        ),
        ClaimRow(
            name=f"trajectory/{dataset}/stumps",
            title=TRAJECTORY,
            source=f"{SOURCE} (Breiman 1999)",
            dataset=where,
            quantity=f"minimum margins AdaBoost / arc-gv: {path}; arc-gv ahead from "
            f"{since} on; gaps to rho* at T = {last}: AdaBoost "
            f"{rho - ada.loc[last, 'min_margin']:.3g}, arc-gv "
            f"{rho - arc.loc[last, 'min_margin']:.3g}",
            measured=rho,
            bound=float("nan"),
            relation="n/a",
            kind="illustration",
        ),
    ]


def b21_arc_gv(
    summary: pd.DataFrame,
    margins: pd.DataFrame,
    mistakes: pd.DataFrame,
    trajectory: pd.DataFrame,
) -> list[ClaimRow]:
    """B21: arc-gv reaches a larger minimum margin than AdaBoost, yet its test
    error is not lower (Reyzin and Schapire 2006).

    Rows, per dataset and base learner (stumps, trees), both algorithms with
    the same base learner every round, compared at the same T:

    * ``empirical`` — arc-gv's minimum training margin minus AdaBoost's
      (``> 0``): exact on one generated draw; on split data the mean over the
      splits with the corrected resampled t-interval of Nadeau and Bengio
      (2003);
    * ``empirical`` — arc-gv's test error minus AdaBoost's (``>=``, "not
      lower"): the paired interval on the generated draw's test points, the
      corrected resampled t-interval over the splits;
    * ``empirical`` — the fraction of ranks q = 1 … m at which AdaBoost's
      q-th smallest training margin exceeds arc-gv's (``> ½``; the mean over
      the splits): where each distribution is higher;
    * ``empirical`` — for the trees, arc-gv's mean tree depth minus
      AdaBoost's (``> 0``), exact on the run;
    * on generated data, stumps on the first training points for many rounds:
      ``empirical`` arc-gv's minimum margin minus AdaBoost's at the last
      round (``> 0``), and an ``illustration`` of both trajectories beside ρ*.

    When the two algorithms build the same vote on every split (a base
    learner that classifies every training point at round 1 stops both
    there), the three rows are not applicable: there is nothing to compare.
    """
    rows: list[ClaimRow] = []
    for name, s in summary.groupby("dataset", sort=False):
        splits = int(s["split"].nunique())
        m = margins[margins["dataset"] == name]
        for learner in dict.fromkeys(s["learner"]):
            where = _where(str(name), learner, s, splits)
            at = f"{name}/{learner}"
            above = _above(m, learner)
            if splits == 1:
                new = _drawn_rows(
                    where, at, s, learner, above, mistakes[mistakes["dataset"] == name]
                )
            else:
                new = _split_rows(where, at, s, learner, above)
            if above[:, 1].all():
                new = [
                    not_applicable(
                        row,
                        "both algorithms build the same vote on every split (the "
                        "base learner classifies every training point at once)",
                    )
                    for row in new
                ]
            rows += new
            if learner == "trees":
                depth = _depth_row(where, at, s)
                if above[:, 1].all():
                    depth = not_applicable(depth, "both build the same vote")
                rows.append(depth)
        c = trajectory[trajectory["dataset"] == name]
        if not c.empty:
            rows += _trajectory_rows(str(name), c)
    return rows
