"""What the rooms share (marginlab.experiments._shared): claim rows, their
verdicts and their CSV round trip, timing fits, z-scoring, figure files and
the applets' quantization."""

from __future__ import annotations

import hashlib
import math

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from marginlab.experiments._shared.applets import dequantize, quantize
from marginlab.experiments._shared.figures import (
    count_steps,
    never_or_count,
    new_figure,
    save_figure,
)
from marginlab.experiments._shared.rows import (
    COLUMNS,
    ClaimRow,
    Multiplicity,
    corrected_holds,
    read_rows,
    render_markdown,
    to_frame,
)
from marginlab.experiments._shared.scaling import needs_standardizing, zscore
from marginlab.experiments._shared.timing import best_time, fit_exponent
from marginlab.experiments.losses.claims import b13_losses
from marginlab.experiments.losses.figures import plot_losses
from marginlab.experiments.losses.study import margin_grid
from marginlab.pipeline.jobs import place_rows
from marginlab.theory.losses import loss_curves


@given(
    st.lists(st.floats(-1e3, 1e3, allow_nan=False), min_size=1, max_size=50),
    st.floats(0.1, 10.0),
)
@settings(max_examples=60, deadline=None)
def test_quantize_keeps_every_sign_and_is_close_within_the_scale(values, scale):
    f = np.array(values)
    back = dequantize(quantize(f, scale), scale)
    assert np.array_equal(np.sign(back), np.sign(f))
    inside = np.abs(f) <= scale
    assert np.all(np.abs(back[inside] - f[inside]) <= scale / 127 + 1e-12)
    assert np.allclose(np.abs(back[~inside]), scale, rtol=1e-12, atol=0)


def test_quantize_refuses_what_it_cannot_encode():
    with pytest.raises(ValueError, match="finite"):
        quantize(np.array([np.nan]), 1.0)
    with pytest.raises(ValueError, match="positive scale"):
        quantize(np.array([1.0]), 0.0)


def test_fit_exponent_recovers_a_power_law() -> None:
    size = np.array([3.0, 10.0, 30.0, 100.0])
    assert fit_exponent(size, 5.0 * size**2.5) == pytest.approx(2.5)
    with pytest.raises(ValueError, match="two distinct sizes"):
        fit_exponent([4, 4], [1.0, 2.0])


def test_best_time_is_the_minimum_of_the_calls() -> None:
    calls = []
    assert best_time(lambda: calls.append(1), repeats=4) >= 0.0
    assert len(calls) == 5  # one warm-up call, then the timed repeats
    calls.clear()
    # A caller that has just run the computation (B11's counted fit) skips it.
    assert best_time(lambda: calls.append(1), repeats=4, warm_up=False) >= 0.0
    assert len(calls) == 4


def test_best_time_reads_the_cpu_clock(monkeypatch) -> None:
    """The process's CPU time, not wall time: a fake CPU clock decides (the
    warm-up call is not timed, the smallest of the timed calls is returned)."""
    from marginlab.experiments._shared import timing

    durations = iter([5.0, 3.0, 2.0, 4.0])  # warm-up, then three timed calls
    clock = [0.0]

    def call() -> None:
        clock[0] += next(durations)

    monkeypatch.setattr(timing.time, "process_time", lambda: clock[0])
    monkeypatch.setattr(
        timing.time, "perf_counter", lambda: pytest.fail("wall time read")
    )
    assert best_time(call, repeats=3) == 2.0


def _fit(exponent: float, low: float, high: float, decades: float = 2.0):
    return pd.Series(
        {
            "exponent": exponent,
            "exponent_low": low,
            "exponent_high": high,
            "size_min": 10.0,
            "size_max": 10.0 * 10**decades,
            "decades": decades,
        }
    )


@pytest.mark.parametrize(
    ("fit", "verdict"),
    [
        ((1.1, 1.0, 1.2), "true"),
        ((0.9, 0.8, 1.05), "true"),
        ((1.0, 0.6, 1.4), "not resolved"),
        ((1.5, 1.4, 1.6), "false"),  # grows too fast
        ((0.1, 0.0, 0.2), "false"),  # flattened by a fixed cost per call
        ((1.0, 0.95, 1.05, 1.5), "not resolved"),  # fewer than two decades
    ],
)
def test_exponent_rows_are_two_sided(fit, verdict) -> None:
    from marginlab.experiments._shared.exponents import exponent_row

    row = exponent_row("B11", "t", _fit(*fit), 1, against="m")
    assert row.verdict == verdict
    assert row.quantity.startswith("|fitted exponent of CPU time against m - 1|")
    assert row.ci_low <= row.measured <= row.ci_high


def test_work_rows_read_the_counted_exponent_without_an_interval() -> None:
    from marginlab.experiments._shared.exponents import work_row
    from marginlab.experiments._shared.timing import exponent_table

    sizes = [10, 100, 1000]
    work = pd.DataFrame(
        {
            "experiment": "e",
            "form": ["linear"] * 3 + ["quadratic"] * 3,
            "degree": 0,
            "size": sizes * 2,
            "count": [3 * s for s in sizes] + [s * s for s in sizes],
            "unit": "operations",
        }
    )
    fits = exponent_table(work, "count").set_index("form")
    rows = [
        work_row("B11", "t", fits.loc[form], 1, what="sums", against="m", why="w")
        for form in ("linear", "quadratic")
    ]
    assert [(r.kind, r.verdict) for r in rows] == [
        ("check", "true"),
        ("check", "false"),
    ]
    assert np.isnan(rows[0].ci_low)
    assert rows[0].quantity.endswith("over 2 decades; w")


def test_exponent_interval_covers_the_true_slope() -> None:
    # Student-t interval of a least-squares slope: about 95 % coverage.
    from marginlab.experiments._shared.timing import exponent_interval

    rng = np.random.default_rng(1)
    size = np.geomspace(10, 1000, 6)
    hits = 0
    for _ in range(400):
        seconds = size**1.5 * np.exp(0.2 * rng.standard_normal(size.size))
        lo, hi = exponent_interval(size, seconds)
        hits += lo <= 1.5 <= hi
    assert 0.91 <= hits / 400 <= 0.99
    assert np.isnan(exponent_interval([1, 2], [1.0, 2.0])).all()


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


def test_zscore_uses_the_training_statistics_only() -> None:
    train = np.array([[0.0, 5.0], [2.0, 5.0]])
    other = np.array([[4.0, 7.0]])
    z_train, z_other = zscore(train, other)
    assert z_train.tolist() == [[-1.0, 0.0], [1.0, 0.0]]
    assert z_other.tolist() == [[3.0, 2.0]]  # constant feature: only centred
    assert not needs_standardizing(np.random.default_rng(0).standard_normal((50, 2)))
    assert needs_standardizing(np.column_stack([np.arange(50.0) * 100, np.ones(50)]))


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


def sha(path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_saving_the_same_figure_twice_gives_the_same_bytes(tmp_path) -> None:
    curves = loss_curves(margin_grid(-2, 2, 41))
    paths = []
    for run in ("a", "b"):
        png, pdf = tmp_path / f"{run}.png", tmp_path / f"{run}.pdf"
        save_figure(plot_losses(curves), png, pdf)
        paths.append((png, pdf))
    assert sha(paths[0][0]) == sha(paths[1][0])
    assert sha(paths[0][1]) == sha(paths[1][1])
    assert b"CreationDate" not in paths[0][1].read_bytes()
    assert b"matplotlib" not in paths[0][0].read_bytes().lower()


def test_titles_count_the_steps_instead_of_asserting_a_direction() -> None:
    """The words a monotone figure title uses come from the values: "never"
    only when no step went the wrong way."""
    assert count_steps([3.0, 2.0, 2.0, 1.0], "up") == (0, 3)
    assert count_steps([3.0, 2.0, 2.5, 1.0], "up") == (1, 3)
    assert count_steps([1.0, 2.0, np.nan, 0.5], "down") == (0, 3)
    assert count_steps([5.0], "down") == (0, 0)
    assert never_or_count("falls", 0, 3) == "never falls"
    assert never_or_count("falls", 1, 3, "round") == "falls at 1 of 3 rounds"
    with pytest.raises(ValueError, match="'up' or 'down'"):
        count_steps([1.0, 2.0], "sideways")


def test_a_failed_save_leaves_no_file(tmp_path) -> None:
    fig, _ = new_figure()
    target = tmp_path / "figure.unknownformat"
    with pytest.raises(ValueError, match="unknownformat"):
        save_figure(fig, target)
    assert list(tmp_path.iterdir()) == []


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
