"""The report's captions, claim status and resolved config
(marginlab.pipeline.report)."""

from __future__ import annotations

from pathlib import Path

import pandas as pd

from marginlab import experiments as X
from marginlab.pipeline import report


# The report's captions -------------------------------------------------------
def test_every_figure_has_its_category_and_caption() -> None:
    captions = report.figure_captions()
    assert set(captions) == set(X.figures())
    assert captions["adaboost_bound"].startswith("**B1 — ")
    assert report.figure_category("adaboost_bound") == X.FAMILIES["B"]


def test_claim_status_counts_the_rows_of_a_figures_claims(tmp_path: Path) -> None:
    assert report.claim_status(tmp_path / "missing.csv") == {}
    path = tmp_path / "claims.csv"
    pd.DataFrame(
        {
            "id": ["B13", "B13", "K1"],
            "kind": ["theorem", "theorem", "identity"],
            "holds": ["true", "false", "true"],
        }
    ).to_csv(path, index=False)
    status = report.claim_status(path)
    assert status["losses"] == "B13 held in 1 of 2 rows (1 did not hold)."
    assert status["kernel_identity"] == "K1 held in 1 of 1 rows."
    assert status["adaboost_bound"] == ""


def test_the_resolved_config_leaves_out_the_report_and_execution_entries() -> None:
    """results/config.yaml is the same whether a run made one job per run of
    a sweep (a cluster's) or one per sweep."""
    cfg = {"b": 1, "a": 2, "claim_status": {}, "figure_captions": {}}
    assert report.resolved_config(cfg) == {"a": 2, "b": 1}
    for per_run in (True, False):
        assert report.resolved_config({**cfg, "one_job_per_output": per_run}) == {
            "a": 2,
            "b": 1,
        }


def test_a_figures_caption_file_is_written_only_when_its_text_changes(
    tmp_path: Path,
) -> None:
    """The report reads the caption of a figure drawn among others from a file
    of its own; an unchanged text leaves the file as it was."""
    path = report.named_caption_file("losses", "{{ figure }}", tmp_path / "captions")
    assert path == (tmp_path / "captions" / "losses.rst").resolve()
    assert path.read_text() == report.named_caption("losses", "{{ figure }}")
    stamp = path.stat().st_mtime_ns
    assert (
        report.named_caption_file("losses", "{{ figure }}", tmp_path / "captions")
        == path
    )
    assert path.stat().st_mtime_ns == stamp
    report.named_caption_file("losses", "{{ figure }}!", tmp_path / "captions")
    assert path.read_text().endswith("{{ figure }}!")
