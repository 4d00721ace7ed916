"""The README gallery block, regenerated from results."""

from __future__ import annotations

import re
from pathlib import Path

import pandas as pd
import pytest

from marginlab.experiments._shared.rows import COLUMNS
from marginlab.pipeline import gallery


def _claims() -> pd.DataFrame:
    rows = [
        ["K1", "true", "theorem"],
        ["K1", "false", "empirical"],
        ["K1", "true", "check"],
        ["K1", "false", "check"],
        ["K1", "not resolved", "empirical"],
        ["B14", "n/a", "illustration"],
    ]
    nan = float("nan")
    return pd.DataFrame(
        [
            [
                i,
                f"{i}/r{n}",
                "t",
                "s",
                "d",
                "q",
                1.0,
                nan,
                nan,
                0.0,
                "<=",
                h,
                k,
                "f",
                nan,
            ]
            for n, (i, h, k) in enumerate(rows)
        ],
        columns=list(COLUMNS),
    )


def test_render_counts_rows_per_claim_and_links_the_headlines() -> None:
    text = gallery.render(_claims())
    # Checks are counted apart from the evidence.
    assert "| K1 | 5 | 1 | 1 | 1 | 1 of 2 | 0 |" in text
    assert "| B14 | 1 | 0 | 0 | 0 |  | 1 |" in text
    assert len(gallery.headlines()) == 4
    for name, _ in gallery.headlines():
        assert f"(results/figures/{name}.png)" in text


def test_only_the_text_between_the_markers_changes() -> None:
    text = f"intro\n{gallery.START}\nold\n{gallery.END}\noutro\n"
    out = gallery.replace_between_markers(text, "new")
    assert out == f"intro\n{gallery.START}\nnew\n{gallery.END}\noutro\n"
    with pytest.raises(ValueError, match="exactly one"):
        gallery.replace_between_markers("no markers", "new")


def test_main_rewrites_the_readme_or_says_what_is_missing(tmp_path: Path) -> None:
    readme = tmp_path / "README.md"
    readme.write_text(f"# x\n{gallery.START}\n{gallery.END}\n")
    assert gallery.main([str(readme), str(tmp_path / "results")]) == 1
    (tmp_path / "results").mkdir()
    _claims().to_csv(tmp_path / "results" / "claims.csv", index=False)
    assert gallery.main([str(readme), str(tmp_path / "results")]) == 0
    assert "| K1 | 5 | 1 | 1 | 1 | 1 of 2 | 0 |" in readme.read_text()
    assert "](results/figures/adaboost_bound.png)" in readme.read_text()
    with pytest.raises(SystemExit) as usage:  # argparse's usage error
        gallery.main([str(readme)])
    assert usage.value.code == 2


def test_results_read_from_elsewhere_are_linked_where_make_reproduce_puts_them(
    tmp_path: Path,
) -> None:
    readme = tmp_path / "project" / "README.md"
    readme.parent.mkdir()
    readme.write_text(f"# x\n{gallery.START}\n{gallery.END}\n")
    elsewhere = tmp_path / "fullrun" / "results"
    elsewhere.mkdir(parents=True)
    _claims().to_csv(elsewhere / "claims.csv", index=False)
    assert gallery.main([str(readme), str(elsewhere)]) == 0
    text = readme.read_text()
    assert "](results/figures/adaboost_bound.png)" in text
    assert str(tmp_path) not in text


def test_the_project_readme_has_one_gallery_block() -> None:
    text = (Path(__file__).resolve().parents[3] / "README.md").read_text()
    assert text.count(gallery.START) == text.count(gallery.END) == 1
    links = re.findall(r"!\[[^]]*\]\(([^)]+)\)", text)
    assert links, "the gallery shows no figure"
    assert all(link.startswith("results/figures/") for link in links), links


def test_render_tallies_the_cpu_times_apart_when_given() -> None:
    assert "CPU times" not in gallery.render(_claims())
    timings = _claims().iloc[:2]  # one held, one did not hold
    text = gallery.render(_claims(), timings=timings)
    assert "of 2 rows of evidence, 1 held, 1 did not hold and 0 are not" in text
