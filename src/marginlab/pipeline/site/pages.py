"""The pages of the claims atlas, rendered from Jinja2 templates.

Every page is a function of the run's tables and the catalog, with no clock
and no randomness: the same results give the same bytes. Pages sit side by
side in one folder (``index.html``, ``table.html``, ``catalog.html`` and
``<id>.html`` per claim), with the figures in ``figures/`` and the style and
script in ``assets/``; links between them are relative, so that the site works
from ``file://`` as well as from a web server.

The templates (``templates/`` beside this module, one per kind of page, each
extending ``base.html``; the rows table and the filters are macros of
``macros.html``) are rendered with autoescaping: every value that goes into a
page is escaped there, except :class:`markupsafe.Markup`, which only HTML this
package made is (the rendered catalog and captions, the inline style and
script of ``results/claims.html``). Functions here prepare the values; none
writes HTML.

Each page of the site takes ``api``: whether its menu links to an API
reference beside it (``api/index.html``, copied there by
:func:`~marginlab.pipeline.site.build_site`).
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import pandas as pd
from jinja2 import Environment, PackageLoader, StrictUndefined, select_autoescape
from markupsafe import Markup

from ...experiments import FAMILIES
from ...experiments._shared.kinds import Tally, verdict
from ...experiments._shared.rows import Multiplicity
from .catalog import Catalog, Entry
from .markup import markdown

__all__ = [
    "ClaimPage",
    "Provenance",
    "Thumbnail",
    "catalog_page",
    "claim_page",
    "front_page",
    "notation",
    "smo_page",
    "standalone_table",
    "table_page",
    "timings_page",
]

#: The project's name, in every page's title and header.
NAME = "marginlab"
#: CSS class of each verdict and status (assets/site.css colours them).
CLASSES = {
    "held": "held",
    "did not hold": "failed",
    "not resolved": "unresolved",
    "check passed": "check",
    "check failed": "failed",
    "no verdict": "none",
    "checks": "check",
    "illustration": "none",
}
#: How the rows tables write a number.
NUMBER = "{:.6g}"
#: The claims the live SMO applet shows (its page links back to them).
SMO_CLAIMS = ("K11", "E1", "E2", "B1", "B5")
#: The height of a figure's thumbnail on the front page, in CSS pixels (its
#: width follows from the figure's proportions).
THUMBNAIL_HEIGHT = 110

#: A feature map's value, ``phi(x)`` or ``φ_N(z)``: its name (with a
#: subscript) and its argument.
_PHI = r"(?:phi|φ)(_\w+)?\(([^()]*)\)"
#: The inner products the rows' text writes in ASCII, and how the pages write
#: them, in the order they are rewritten (the catalog's ⟨φ(x), φ(x')⟩).
_NOTATION = (
    # phi(x).phi(x'), φ_N(x)·φ_N(z): the inner product of two features.
    (re.compile(_PHI + r"\s*[.·]\s*" + _PHI), r"⟨φ\1(\2), φ\3(\4)⟩"),
    # w.phi(z): a weight vector against a feature (a full stop, never "·",
    # which the rows also use for a product of numbers).
    (re.compile(r"\b([a-z])\." + _PHI), r"⟨\1, φ\2(\3)⟩"),
    # <x,x'>: angle brackets around two names, no space inside.
    (re.compile(r"<([\w'φ]+),\s*([\w'φ]+)>"), r"⟨\1, \2⟩"),
    (re.compile(r"\bphi\b"), "φ"),
    (re.compile(r"<="), "≤"),
    (re.compile(r">="), "≥"),
    (re.compile(r"!="), "≠"),
    (re.compile(r"(?<![=<>!])==(?!=)"), "="),
)


def notation(text: str) -> str:
    """Text of a claim row as the pages show it: relations as ≤, ≥, ≠ and =,
    and inner products as the catalog writes them, ⟨φ(x), φ(x')⟩.

    The rows of ``claims.csv`` keep what their claim functions wrote (the
    ``relation`` column is ``<=``, ``>=``, ``==``, … for the code that reads
    it); only their display changes. Rewritten: ``<=``, ``>=``, ``!=``,
    ``==``; a dot between two values of a feature map (``phi(x).phi(x')``,
    ``φ_N(x)·φ_N(z)``) or between a one-letter vector and one
    (``w.phi(z)``); two names in ASCII angle brackets (``<x,x'>``); the word
    ``phi``. Anything else, markup included, is left as it is (the
    templates escape it).

    Examples
    --------
    >>> notation("explicit phi(x).phi(x') does O(n^2) work")
    "explicit ⟨φ(x), φ(x')⟩ does O(n^2) work"
    >>> notation("kernel <x,x'>^3, w.phi(z), LOO error <= #SV/l")
    "kernel ⟨x, x'⟩^3, ⟨w, φ(z)⟩, LOO error ≤ #SV/l"
    >>> notation(">="), notation("=="), notation("<script>")
    ('≥', '=', '<script>')
    """
    for pattern, shown in _NOTATION:
        text = pattern.sub(shown, text)
    return text


@dataclass(frozen=True)
class Provenance:
    """How the results were made, for the front page and every footer.

    Attributes
    ----------
    record : mapping
        :func:`marginlab.pipeline.archive.provenance` of the results.
    config : str
        The run's ``config.yaml``, as written.
    """

    record: Mapping[str, Any]
    config: str

    @property
    def line(self) -> str:
        """One line for a page's footer: version, commit, date."""
        r = self.record
        commit = (
            f"commit {str(r['commit'])[:12]}" if r.get("commit") else "no git commit"
        )
        dirty = " (with uncommitted changes)" if r.get("dirty") else ""
        return (
            f"{NAME} {r.get('marginlab', '?')}, {commit}{dirty}, "
            f"source date {str(r.get('source_date', '?'))[:10]}"
        )


@dataclass(frozen=True)
class ClaimPage:
    """What one claim's page shows beyond its rows.

    Attributes
    ----------
    entry : Entry
        The claim's catalog section.
    figures : sequence of (name, caption HTML)
        The figures that show the claim, in registry order; the caption as
        :func:`~marginlab.pipeline.site.markup.rst_caption` renders it.
    config : str
        The YAML of the config section its experiment reads.
    code : sequence of (title, source)
        The functions that computed it: study, then claim function.
    applets : sequence of str
        The interactive figures shown on the page (``data/<name>.js``).
    """

    entry: Entry
    figures: Sequence[tuple[str, Markup]]
    config: str
    code: Sequence[tuple[str, str]]
    applets: Sequence[str] = ()


@dataclass(frozen=True)
class Thumbnail:
    """A figure as the front page shows it, small, in its family
    (:data:`THUMBNAIL_HEIGHT` CSS pixels high, its width in its own
    proportions: no size is written from the PNG, whose pixels may differ
    between runs for a figure of CPU times).

    Attributes
    ----------
    name : str
        The figure (``figures/<name>.png``).
    claims : sequence of str
        The claims with a page that show it, in claim order: it links to the
        first one's page, and is shown in that claim's family.
    """

    name: str
    claims: Sequence[str]


@dataclass(frozen=True)
class Segment:
    """One verdict's part of a family's bar in the front page's chart.

    Attributes
    ----------
    label : str
        The verdict ("held", "did not hold", "not resolved", "checks passed",
        "checks failed").
    count : int
        Its rows.
    css : str
        Its CSS class (:data:`CLASSES`).
    share : str
        Its width, a percentage of the bar (``"37.5%"``).
    """

    label: str
    count: int
    css: str
    share: str


def verdict_bar(tally: Tally) -> list[Segment]:
    """The segments of a tally's bar: held, did not hold, not resolved (the
    evidence), checks passed and failed, each with its rows (none for a
    verdict without rows; rows without a verdict are not drawn)."""
    parts = [
        ("held", tally.held, CLASSES["held"]),
        ("did not hold", tally.failed, CLASSES["did not hold"]),
        ("not resolved", tally.unresolved, CLASSES["not resolved"]),
        ("checks passed", tally.checks_passed, CLASSES["check passed"]),
        ("checks failed", tally.checks - tally.checks_passed, "check-failed"),
    ]
    total = sum(count for _, count, _ in parts)
    return [
        Segment(label, count, css, f"{100 * count / total:.2f}%")
        for label, count, css in parts
        if count
    ]


@dataclass(frozen=True)
class Row:
    """One claim row as the rows tables show it.

    Attributes
    ----------
    id, key, title, dataset, quantity, relation, kind : str
        From claims.csv (``key`` may be empty).
    measured, bound : object
        The numbers as read (``data-value`` of their cells, for sorting).
    interval : str
        ``[ci_low, ci_high]``, or empty without an interval.
    verdict : str
        :func:`~marginlab.experiments._shared.kinds.verdict` of the row.
    family : str
        The family of its claim ("K: kernels").
    """

    id: str
    key: str
    title: str
    dataset: str
    quantity: str
    measured: object
    interval: str
    relation: str
    bound: object
    verdict: str
    kind: str
    family: str


def number(value: object) -> str:
    """A table's number to 6 significant digits (NaN as empty); anything
    else as its text."""
    if isinstance(value, float):
        return "" if math.isnan(value) else NUMBER.format(value)
    return str(value)


def family_of(claim: str) -> str:
    """The family of a claim id, as the report names it ("K: kernels")."""
    return FAMILIES[claim[0]]


def _environment() -> Environment:
    env = Environment(
        loader=PackageLoader(__package__, "templates"),
        autoescape=select_autoescape(("html",), default_for_string=True, default=True),
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )
    env.filters["number"] = number
    env.filters["notation"] = notation
    env.globals.update(NAME=NAME, CLASSES=CLASSES)
    return env


_ENV = _environment()


def _render(template: str, **context: Any) -> str:
    return _ENV.get_template(template).render(**context)


def rows_of(rows: pd.DataFrame) -> list[Row]:
    """The rows of a claims table as the rows tables show them."""
    out = []
    for r in rows.itertuples(index=False):
        interval = (
            f"[{number(r.ci_low)}, {number(r.ci_high)}]"
            if isinstance(r.ci_low, float) and not math.isnan(r.ci_low)
            else ""
        )
        out.append(
            Row(
                id=str(r.id),
                key=str(r.key),
                title=str(r.title),
                dataset=str(r.dataset),
                quantity=str(r.quantity),
                measured=r.measured,
                interval=interval,
                relation=str(r.relation),
                bound=r.bound,
                verdict=verdict(r.kind, r.holds),
                kind=str(r.kind),
                family=family_of(r.id),
            )
        )
    return out


def _filters(rows: pd.DataFrame) -> dict[str, list[str]]:
    """The values each filter box offers, sorted."""
    return {
        "family": sorted({family_of(c) for c in rows["id"]}),
        "kind": sorted(set(rows["kind"])),
        "verdict": sorted(
            {verdict(k, h) for k, h in zip(rows["kind"], rows["holds"], strict=True)}
        ),
    }


def _tally(rows: pd.DataFrame) -> Tally:
    return Tally.of(zip(rows["kind"], rows["holds"], strict=True))


def front_page(
    claims: pd.DataFrame,
    catalog: Catalog,
    provenance: Provenance,
    interactive: Sequence[tuple[str, str, str]] = (),
    thumbnails: Sequence[Thumbnail] = (),
    *,
    api: bool = False,
) -> str:
    """``index.html``: what the project is, a chart of the verdicts by family
    (:func:`verdict_bar`, drawn to one scale), each family's figures as
    ``thumbnails`` (in the family of their first claim) and claims, the
    interactive figures (``(claim, title, what moves)`` each), the rows that
    did not hold or are not resolved, and the provenance."""
    families = []
    for letter, name in FAMILIES.items():
        part = claims[claims["id"].str.startswith(letter)]
        if part.empty:
            continue
        cards = [
            {
                "id": cid,
                "title": catalog.entries[cid].title if cid in catalog.entries else "",
                "status": _tally(rows).status,
            }
            for cid, rows in part.groupby("id", sort=False)
        ]
        tally = _tally(part)
        families.append(
            {
                "letter": letter,
                "name": name,
                "tally": tally,
                "bar": verdict_bar(tally),
                "drawn": tally.evidence + tally.checks,
                "cards": cards,
                "thumbnails": [t for t in thumbnails if t.claims[0][0] == letter],
            }
        )
    longest = max([f["drawn"] for f in families] + [1])
    for family in families:
        family["width"] = f"{100 * family['drawn'] / longest:.2f}%"
    open_rows = claims[
        claims["kind"].isin(("theorem", "identity", "empirical", "check"))
        & claims["holds"].isin(("false", "not resolved"))
    ]
    record = provenance.record
    facts = [
        ("commit", record.get("commit") or "not a git checkout"),
        ("uncommitted changes", "yes" if record.get("dirty") else "no"),
        ("source date (of the commit)", record.get("source_date", "")),
        ("config.yaml sha256", record.get("config_sha256", "")),
        ("claims.csv sha256", record.get("claims_sha256", "")),
        ("Python, platform", f"{record.get('python')}, {record.get('platform')}"),
    ]
    return _render(
        "index.html",
        thumbnail_height=THUMBNAIL_HEIGHT,
        provenance=provenance,
        api=api,
        total=_tally(claims),
        n_claims=claims["id"].nunique(),
        multiplicity=Multiplicity.of(claims).sentence(),
        families=families,
        interactive=interactive,
        open_rows=rows_of(open_rows),
        facts=facts,
        packages=list(dict(record.get("packages", {})).items()),
    )


def table_page(
    claims: pd.DataFrame, provenance: Provenance, *, api: bool = False
) -> str:
    """``table.html``: every row, filterable by family, kind and verdict."""
    return _render(
        "table.html",
        provenance=provenance,
        api=api,
        rows=rows_of(claims),
        filters=_filters(claims),
    )


def timings_page(
    timings: pd.DataFrame, provenance: Provenance, *, api: bool = False
) -> str:
    """``timings.html``: the machine measurements of the cost claims
    (``timings.csv``), one section per claim, with their own verdicts."""
    return _render(
        "timings.html",
        provenance=provenance,
        api=api,
        tally=_tally(timings) if not timings.empty else None,
        multiplicity=Multiplicity.of(timings).sentence() if not timings.empty else "",
        claims=[
            (claim, rows_of(rows)) for claim, rows in timings.groupby("id", sort=False)
        ],
    )


def standalone_table(
    claims: pd.DataFrame, provenance: Provenance, style: str, script: str
) -> str:
    """``results/claims.html``: every row in one self-contained page (style and
    script inline), for the Snakemake report; claim ids link into the site
    beside it (``site/<id>.html``).

    ``style`` and ``script`` are the package's own assets (``site.css``,
    ``site.js``), inserted as they are.
    """
    return _render(
        "claims.html",
        provenance=provenance,
        tally=_tally(claims),
        rows=rows_of(claims),
        filters=_filters(claims),
        style=Markup(style),
        script=Markup(script),
    )


def catalog_link(catalog: Catalog, pages: Collection[str]) -> Callable[[str], str]:
    """Maps a link of the catalog's text to the site: the anchor of a claim
    with a page to that page, another anchor to the catalog page, anything
    else unchanged."""
    anchors = catalog.anchors

    def link(target: str) -> str:
        if target.startswith("#"):
            claim = anchors.get(target[1:])
            return f"{claim}.html" if claim in pages else f"catalog.html{target}"
        return target

    return link


def catalog_page(
    catalog: Catalog,
    pages: Collection[str],
    provenance: Provenance,
    *,
    api: bool = False,
) -> str:
    """``catalog.html``: the whole catalog; the heading of each claim in
    ``pages`` (the claims of this run) links to its page."""
    headings = {
        e.anchor: (e.id, f"{e.id}.html")
        for e in catalog.entries.values()
        if e.id in pages
    }
    text = markdown(catalog.text, catalog_link(catalog, pages), headings)
    return _render("catalog.html", provenance=provenance, api=api, catalog=text)


def claim_page(
    claim: str,
    rows: pd.DataFrame,
    page: ClaimPage,
    catalog: Catalog,
    provenance: Provenance,
    neighbours: tuple[str | None, str | None],
    pages: Collection[str],
    timed: bool = False,
    *,
    api: bool = False,
) -> str:
    """``<id>.html``: its figures first, then its verdicts and rows, its
    interactive figures, its statement and citation, config and code;
    ``pages`` are the claims with a page (links to others go to the catalog);
    a ``timed`` claim links to its rows of the timings page."""
    return _render(
        "claim.html",
        provenance=provenance,
        api=api,
        claim=claim,
        entry=page.entry,
        body=markdown(page.entry.body, catalog_link(catalog, pages)),
        tally=_tally(rows),
        rows=rows_of(rows),
        filters=_filters(rows),
        page=page,
        live=claim in SMO_CLAIMS,
        before=neighbours[0],
        after=neighbours[1],
        timed=timed,
    )


def smo_page(
    provenance: Provenance,
    default: str | None = None,
    claims: Collection[str] = SMO_CLAIMS,
    *,
    api: bool = False,
) -> str:
    """The live SMO applet (Huang 2017, slide 'SMO (L1)'): the student places
    points, picks the kernel, C and the tolerance, and the page trains the SVM
    by SMO (``assets/smo.js``, the algorithm of
    :mod:`marginlab.estimators.svm.smo`), shows the slide's comment window,
    the leave-one-out error against #SV/l (E1), what deleting a point does
    (E2), the margin as C moves (K11), and AdaBoost with stumps on the same
    points (``assets/boost.js``: B1, B5). The presets are the run's datasets
    (``data/presets.js``); ``default`` is loaded first. ``claims``: those
    with a page in this site (the others are named without a link)."""
    return _render(
        "smo.html",
        provenance=provenance,
        api=api,
        default=default,
        claims=[(c, c in claims) for c in SMO_CLAIMS],
    )
