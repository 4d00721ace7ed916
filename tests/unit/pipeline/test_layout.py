"""The listing of a run's layout problems (marginlab.pipeline.layout): its
counts, and its status."""

from __future__ import annotations

from pathlib import Path

from marginlab.pipeline.layout import main, render

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


def test_main_fails_on_a_problem(monkeypatch, tmp_path: Path) -> None:
    from marginlab.pipeline import layout

    (tmp_path / "config.yaml").write_text("{}")
    found = {"losses": []}
    monkeypatch.setattr(layout, "figure_problems", lambda results, names: found)
    assert main([str(tmp_path)]) == 0
    found["losses"] = ["font: 1 text at 7 pt (below 8 pt)"]
    assert main([str(tmp_path)]) == 1


def test_main_needs_a_run_config(tmp_path: Path, capsys) -> None:
    assert main([str(tmp_path)]) == 1
    assert "config.yaml: not found" in capsys.readouterr().err
