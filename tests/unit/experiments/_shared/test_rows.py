"""Claim rows (marginlab.experiments._shared.rows): relations and NaN, the
verdict read from an interval, the CSV round trip and claims.md, multiplicity
corrections, resolving factors, and the fields a row refuses."""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
import pytest

from marginlab.experiments._shared.rows import (
    COLUMNS,
    ClaimRow,
    Multiplicity,
    corrected_holds,
    read_rows,
    render_markdown,
    to_frame,
)
from marginlab.experiments.losses.claims import b13_losses
from marginlab.experiments.losses.study import margin_grid
from marginlab.pipeline.jobs import place_rows
from marginlab.theory.losses import loss_curves


def _row(measured: float, lo: float, hi: float, relation: str = ">") -> ClaimRow:
    return ClaimRow(
        id="X1",
        title="t",
        source="s",
        dataset="d",
        quantity="q",
        measured=measured,
        bound=0.0,
        relation=relation,
        kind="empirical",
        figure="f",
        ci_low=lo,
        ci_high=hi,
    )


@pytest.mark.parametrize(
    ("lo", "hi", "relation", "verdict"),
    [
        (0.01, 0.2, ">", "true"),
        (-0.05, 0.2, ">", "not resolved"),
        (-0.2, -0.01, ">", "false"),
        (0.0, 0.2, ">", "not resolved"),
        (0.0, 0.2, ">=", "true"),
        (-0.2, -0.01, "<", "true"),
        (-0.2, 0.1, "<=", "not resolved"),
    ],
)
def test_the_verdict_reads_the_interval(
    lo: float, hi: float, relation: str, verdict: str
) -> None:
    row = _row((lo + hi) / 2, lo, hi, relation)
    assert row.verdict == verdict
    assert row.holds is {"true": True, "false": False}.get(verdict)
    assert row.as_record()["holds"] == verdict


def test_an_interval_must_be_whole_and_contain_the_measurement() -> None:
    with pytest.raises(ValueError, match="both ends"):
        _row(0.1, 0.0, math.nan)
    with pytest.raises(ValueError, match="outside its interval"):
        _row(0.5, 0.0, 0.2)
    with pytest.raises(ValueError, match="needs an inequality"):
        _row(0.1, 0.0, 0.2, "==")


def test_claim_row_relations_and_nan() -> None:
    row = dict(
        id="X1",
        title="t",
        source="s",
        dataset="d",
        quantity="q",
        kind="theorem",
        figure="f",
    )
    assert ClaimRow(measured=1.0, bound=2.0, relation="<=", **row).holds
    assert not ClaimRow(measured=3.0, bound=2.0, relation="<=", **row).holds
    assert not ClaimRow(measured=np.nan, bound=2.0, relation="<=", **row).holds
    illustration = ClaimRow(measured=1.0, bound=np.nan, relation="n/a", **row)
    assert illustration.holds is None
    assert illustration.as_record()["holds"] == "n/a"


def test_rows_round_trip_and_render(tmp_path) -> None:
    rows = place_rows("B13", b13_losses(loss_curves(margin_grid(-2, 2, 11))))
    path = tmp_path / "B13.csv"
    to_frame(rows).to_csv(path, index=False)
    table = read_rows([path, path])
    assert list(table.columns) == list(COLUMNS)
    assert len(table) == 8
    assert set(table["holds"]) == {"true"}
    assert table["measured"].dtype == np.float64
    text = render_markdown(table)
    assert text.count("| B13 |") == 8
    # B13's rows are checks (fixed formulas on a fixed grid).
    assert "8 rows: of 0 rows of evidence, 0 held, 0 did not hold" in text
    assert "8 of 8 checks passed; 0 illustrations" in text


def _interval_table() -> pd.DataFrame:
    """Three interval rows (strong held, marginal held, marginal failed), a
    check and an illustration."""

    def row(kind, measured, lo, hi, bound, relation):
        return ClaimRow(
            title="t",
            source="s",
            dataset="d",
            quantity="q",
            measured=measured,
            ci_low=lo,
            ci_high=hi,
            bound=bound,
            relation=relation,
            kind=kind,
        )

    return to_frame(
        [
            row("empirical", 0.5, 0.4, 0.6, 0.0, ">"),  # p ≈ 1e-22
            row("empirical", 0.12, 0.01, 0.23, 0.0, ">"),  # p ≈ 0.016
            row("empirical", -0.12, -0.23, -0.01, 0.0, ">"),  # p ≈ 0.016
            row("check", 0.0, np.nan, np.nan, 0.0, "=="),
            row("illustration", 1.0, np.nan, np.nan, np.nan, "n/a"),
        ]
    )


def test_holm_keeps_only_the_verdicts_that_survive_the_number_of_rows() -> None:
    table = _interval_table()
    assert table["holds"].tolist() == ["true", "true", "false", "true", "n/a"]
    holm = corrected_holds(table, "Holm")
    # Holm: 3 p(1) ≈ 0, then 2 · 0.016 > 0.025: the marginal verdicts are undecided.
    assert holm.tolist() == ["true", "not resolved", "not resolved", "true", "n/a"]
    bh = corrected_holds(table, "Benjamini-Hochberg")
    # BH: 3 · 0.016 / 3 ≤ 0.025 keeps all three.
    assert bh.tolist() == table["holds"].tolist()


def test_multiplicity_counts_the_family_and_the_chance_errors() -> None:
    m = Multiplicity.of(_interval_table())
    assert m.family == 3
    assert m.expected_wrong == pytest.approx(0.075)
    assert (m.holm.held, m.holm.failed, m.holm.unresolved) == (1, 0, 2)
    assert (m.bh.held, m.bh.failed, m.bh.unresolved) == (2, 1, 0)
    assert "3 rows of evidence are read from a 95 % interval" in m.sentence()
    assert "about 0.1 of them" in m.sentence()
    assert m.holm.checks_passed == 1


def test_a_row_forced_unresolved_stays_unresolved_under_correction() -> None:
    row = ClaimRow(
        title="t",
        source="s",
        dataset="d",
        quantity="q",
        measured=0.5,
        ci_low=0.4,
        ci_high=0.6,
        bound=0.0,
        relation=">",
        kind="empirical",
        unresolved="sizes span less than two decades",
    )
    table = to_frame([row])
    assert corrected_holds(table, "Holm").tolist() == ["not resolved"]
    assert "are read from a 95 % interval" in render_markdown(table)


def test_claims_md_lists_the_unresolved_rows_with_the_points_that_would_resolve_them():
    row = ClaimRow(
        title="t",
        source="s",
        dataset="d",
        quantity="q",
        measured=0.01,
        ci_low=-0.02,
        ci_high=0.04,
        bound=0.0,
        relation=">",
        kind="empirical",
    )
    md = render_markdown(to_frame([row]))
    assert "## Rows not resolved" in md
    assert md.rstrip().endswith("| 9 |")


def test_a_paired_rate_row_resolves_at_mcnemars_size_not_the_stretched_interval(
    tmp_path,
) -> None:
    """0 vs 2 discordant of 500 (K12's count on the full run): the score
    interval stretched like 1/√n asks for about 4.7 times the points,
    McNemar's normal approximation for 1.96² d/(n δ²) = 1.92; the row
    carries the latter through claims.csv into claims.md."""
    from marginlab.experiments._shared.rows import read_rows
    from marginlab.theory.intervals import paired_difference
    from marginlab.theory.multiplicity import resolving_factor

    d = paired_difference(
        [0] * 2 + [1] * 58 + [0] * 440, [1] * 2 + [1] * 58 + [0] * 440
    )
    row = ClaimRow(
        title="t",
        source="s",
        dataset="d",
        quantity="q",
        **d.fields(),
        bound=0.0,
        relation=">",
        kind="empirical",
    )
    assert row.verdict == "not resolved"
    expected = 1.96**2 * (2 / 500) / (500 * 0.004**2)
    assert row.resolving_factor == pytest.approx(expected)
    stretched = resolving_factor(row.measured, row.ci_low, row.ci_high, row.bound)
    assert stretched > 2 * expected
    to_frame([row]).to_csv(tmp_path / "claims.csv", index=False)
    md = render_markdown(read_rows([tmp_path / "claims.csv"]))
    assert md.rstrip().endswith(f"| {expected:.3g} |")


def test_a_resolving_factor_needs_an_interval() -> None:
    with pytest.raises(ValueError, match="resolving factor needs an interval"):
        ClaimRow(
            title="t",
            source="s",
            dataset="d",
            quantity="q",
            measured=0.5,
            bound=0.0,
            relation=">",
            kind="empirical",
            resolving_factor=2.0,
        )


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("title", None, "needs a title"),
        ("source", "", "needs a source"),
        ("dataset", "  ", "needs a dataset"),
        ("quantity", None, "needs a quantity"),
        ("kind", "XXtheoremXX", "kind 'XXtheoremXX' is not one of"),
        ("relation", "=<", "relation '=<' is not one of"),
        ("measured", "0.5", "measured must be a number"),
        ("bound", None, "bound must be a number"),
    ],
)
def test_a_claim_row_refuses_a_field_the_tallies_cannot_read(field, value, message):
    """A row with no title, an unknown kind (which the tallies would count as
    neither evidence nor check) or a relation no verdict knows is refused when
    it is made, not written to claims.csv."""
    good = dict(
        title="t",
        source="s",
        dataset="d",
        quantity="q",
        measured=1.0,
        bound=2.0,
        relation="<=",
        kind="theorem",
    )
    ClaimRow(**good)
    with pytest.raises(ValueError, match=message):
        ClaimRow(**(good | {field: value}))
