"""The listing of a run's layout problems (marginlab.pipeline.layout): its
counts, and the allowance file the end-to-end test reads."""

from __future__ import annotations

from pathlib import Path

from marginlab.pipeline.layout import allowance_text, main, read_allowance, render

PROBLEMS = {
    "losses": [],
    "adaboost_bound": ["font: 3 x tick labels of panel 1 at 7 pt (below 8 pt)"],
    "knn_k": ["tex: x label ...", "overlap: a overlaps b by 4 px"],
}


def test_render_lists_each_problem_and_counts_them() -> None:
    text = render(PROBLEMS)
    assert "knn_k: overlap: a overlaps b by 4 px\n" in text
    assert "  overlap  1\n" in text
    assert "  outside  0\n" in text
    assert "  total    3\n" in text
    per_figure = text.split("problems per figure:\n")[1].splitlines()
    assert [line.split()[1] for line in per_figure] == [
        "knn_k",
        "adaboost_bound",
        "losses",
    ]


def test_the_allowance_round_trips(tmp_path: Path) -> None:
    path = tmp_path / "allowance.txt"
    path.write_text(allowance_text(PROBLEMS))
    assert read_allowance(path) == {"adaboost_bound": 1, "knn_k": 2}


def test_main_needs_a_run_config(tmp_path: Path, capsys) -> None:
    assert main([str(tmp_path)]) == 1
    assert "config.yaml: not found" in capsys.readouterr().err
