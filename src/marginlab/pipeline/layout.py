"""The layout problems of every figure of a run, from its results folder.

``python -m marginlab.pipeline.layout results`` draws each figure of the run
(``results/config.yaml`` lists them) from the tables the run wrote, as its
figure job draws it (:meth:`~.plan.Plan.job` gives the tables,
:func:`~.jobs.plotter` the function), checks it with
:func:`~marginlab.experiments._shared.layout.layout_problems`, and prints one
line per problem (``<figure>: <check>: <what>``), then the count per check
and per figure. It exits with status 1 when a figure has a problem;
``tests/workflow/test_layout.py`` asks the same of every figure of the small
run.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from collections.abc import Mapping, Sequence
from pathlib import Path

import yaml

from ..experiments._shared.layout import layout_problems, problem_counts
from .jobs import Table, plotter, read_tables
from .plan import Paths, Plan


def run_plan(results: Path) -> Plan:
    """The plan of the run whose results are in ``results`` (its
    ``config.yaml``: profiles merged, defaults filled in)."""
    cfg = yaml.safe_load((results / "config.yaml").read_text())
    return Plan(cfg)


def _in(results: Path, paths: Paths) -> str | list[str]:
    """A plan's ``results/...`` path (or list of them) inside ``results``."""
    if isinstance(paths, str):
        return str(results / Path(paths).relative_to("results"))
    return [str(results / Path(p).relative_to("results")) for p in paths]


def figure_tables(plan: Plan, name: str, results: Path) -> dict[str, Table]:
    """The tables figure ``name``'s job reads, by name, from ``results``."""
    job = plan.job("figure", name)
    return read_tables({table: _in(results, p) for table, p in job.tables.items()})


def figure_problems(
    results: Path, names: Sequence[str] | None = None
) -> dict[str, list[str]]:
    """The layout problems of each figure ``names`` (default: every figure of
    the run), drawn from the tables in ``results``, in the run's order."""
    plan = run_plan(results)
    problems = {}
    for name in names if names is not None else plan.cfg["figures"]:
        fig = plotter(name)(**figure_tables(plan, name, results))
        problems[name] = layout_problems(fig, close=True)
    return problems


def render(problems: Mapping[str, list[str]]) -> str:
    """The listing: one line per problem, then the count per check and the
    count per figure (most first)."""
    lines = [f"{name}: {p}" for name, found in problems.items() for p in found]
    every = [p for found in problems.values() for p in found]
    lines += ["", f"problems per check ({len(problems)} figures):"]
    lines += [f"  {check:8} {n}" for check, n in problem_counts(every).items()]
    lines += [f"  {'total':8} {len(every)}", "", "problems per figure:"]
    per_figure = Counter({name: len(found) for name, found in problems.items()})
    lines += [f"  {n:4}  {name}" for name, n in per_figure.most_common()]
    return "\n".join(lines) + "\n"


def main(
    argv: Sequence[str] | None = None, prog: str = "python -m marginlab.pipeline.layout"
) -> int:
    """``python -m marginlab.pipeline.layout RESULTS_DIR [FIGURE ...]``:
    print the layout problems of a run's figures; status 1 if there is one."""
    parser = argparse.ArgumentParser(
        prog=prog,
        description="Draw each figure of a run from its tables and list its layout "
        "problems (overlapping or cut texts, legends over data, small fonts, "
        "raw TeX).",
    )
    parser.add_argument("results", type=Path, help="the run's results folder")
    parser.add_argument("figures", nargs="*", help="only these figures")
    args = parser.parse_args(argv)
    if not (args.results / "config.yaml").is_file():
        print(f"{prog}: {args.results}/config.yaml: not found", file=sys.stderr)
        return 1
    problems = figure_problems(args.results, args.figures or None)
    sys.stdout.write(render(problems))
    return 1 if any(problems.values()) else 0


if __name__ == "__main__":
    sys.exit(main())
