"""What the Snakemake report shows beside each figure: its category, its
caption, and one sentence on how its claims came out in the run.

The Snakefile reads these while it parses the workflow and puts them in the
configuration under :data:`REPORT_ENTRIES`, where only the report's caption
template (``workflow/report/figure.rst``) reads them: no rule depends on
them, so they never cause a rerun.
"""

from __future__ import annotations

import csv
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ..core.io import write_text_atomic
from ..experiments import FAMILIES, caption, figure, figure_experiment, figures
from ..experiments._shared.kinds import Tally

__all__ = [
    "REPORT_ENTRIES",
    "claim_status",
    "figure_captions",
    "figure_category",
    "named_caption",
    "named_caption_file",
    "resolved_config",
]

#: Entries the Snakefile adds to the configuration for the report only.
REPORT_ENTRIES = ("claim_status", "figure_captions")


def figure_category(name: str) -> str:
    """The report category of figure ``name``: its claim family."""
    return FAMILIES[figure_experiment(name).family]


def figure_captions() -> dict[str, str]:
    """Per figure, its caption text (``<figure>.rst`` in its room)."""
    return {name: caption(name).read_text(encoding="utf-8") for name in figures()}


def named_caption(name: str, template: str) -> str:
    """The caption template ``template`` (``workflow/report/figure.rst``) for
    figure ``name`` alone, as a job that draws several figures needs: its
    wildcards do not name the figure, so the template sets it.

    Examples
    --------
    >>> print(named_caption("losses", "{{ figure }}"))
    {% set figure = "losses" %}
    {{ figure }}
    """
    return f'{{% set figure = "{name}" %}}\n{template}'


def named_caption_file(name: str, template: str, folder: str | Path) -> Path:
    """:func:`named_caption` in ``folder/<name>.rst`` (absolute), written only
    when its text changes (the report reads the caption from a file)."""
    text = named_caption(name, template)
    path = Path(folder, f"{name}.rst").resolve()
    if not path.is_file() or path.read_text(encoding="utf-8") != text:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_text_atomic(text, path)
    return path


def status_sentence(claims: tuple[str, ...], rows: list[dict[str, str]]) -> str:
    """How the rows of ``claims`` came out, in one sentence ("" without rows).

    Examples
    --------
    >>> rows = [{"id": "B1", "kind": "theorem", "holds": "true"},
    ...         {"id": "B1", "kind": "empirical", "holds": "not resolved"},
    ...         {"id": "B2", "kind": "check", "holds": "true"}]
    >>> status_sentence(("B1", "B2"), rows)
    'B1 held in 1 of 2 rows (1 not resolved); B2: 1 of 1 checks passed.'
    """
    parts = []
    for claim in claims:
        t = Tally.of((r["kind"], r["holds"]) for r in rows if r["id"] == claim)
        if t.evidence:
            rest = [
                f"{t.failed} did not hold" if t.failed else "",
                f"{t.unresolved} not resolved" if t.unresolved else "",
            ]
            rest_text = ", ".join(r for r in rest if r)
            parts.append(
                f"{claim} held in {t.held} of {t.evidence} rows"
                + (f" ({rest_text})" if rest_text else "")
            )
        if t.checks:
            parts.append(f"{claim}: {t.checks_passed} of {t.checks} checks passed")
        if t.rows and not t.evidence and not t.checks:
            parts.append(f"{claim}: illustration only")
    return "; ".join(parts) + "." if parts else ""


def claim_status(path: str | Path = "results/claims.csv") -> dict[str, str]:
    """Per figure, one sentence on how its claims came out, read from the
    claims table when it exists (as when the report is made); else ``{}``."""
    if not Path(path).exists():
        return {}
    with open(path, newline="", encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    return {name: status_sentence(figure(name).claims, rows) for name in figures()}


#: Entries that say how the jobs run, not what they compute.
EXECUTION_ENTRIES = ("one_job_per_output",)


def resolved_config(cfg: Mapping[str, Any]) -> dict[str, Any]:
    """The configuration a run used, without the report's entries and those
    of :data:`EXECUTION_ENTRIES`, keys sorted (what ``results/config.yaml``
    holds)."""
    left_out = (*REPORT_ENTRIES, *EXECUTION_ENTRIES)
    return {k: cfg[k] for k in sorted(cfg) if k not in left_out}
