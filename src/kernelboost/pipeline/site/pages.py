"""The pages of the claims atlas, as HTML text.

Every page is a function of the run's tables and the catalog, with no clock
and no randomness: the same results give the same bytes. Pages sit side by
side in one folder (``index.html``, ``table.html``, ``catalog.html`` and
``<id>.html`` per claim), with the figures in ``figures/`` and the style and
script in ``assets/``; links between them are relative, so that the site works
from ``file://`` as well as from a web server.
"""

from __future__ import annotations

import html
import math
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import pandas as pd

from ...experiments import FAMILIES
from ...experiments._shared.kinds import Tally, verdict
from ...experiments._shared.rows import Multiplicity
from .catalog import Catalog, Entry
from .markup import markdown

__all__ = [
    "ClaimPage",
    "Provenance",
    "catalog_page",
    "claim_page",
    "front_page",
    "smo_page",
    "standalone_table",
    "table_page",
]

#: The project's name, in every page's title and header.
NAME = "kernelboost"
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


@dataclass(frozen=True)
class Provenance:
    """How the results were made, for the front page and every footer.

    Attributes
    ----------
    record : mapping
        :func:`kernelboost.archive.provenance` of the results.
    config : str
        The run's ``config.yaml``, as written.
    """

    record: Mapping[str, Any]
    config: str

    @property
    def line(self) -> str:
        """One line for a page's footer: version, commit, date."""
        r = self.record
        commit = str(r.get("commit") or "no git commit")[:12]
        dirty = " (with uncommitted changes)" if r.get("dirty") else ""
        return (
            f"{NAME} {r.get('kernelboost', '?')}, commit {commit}{dirty}, "
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
        The figures that show the claim, in registry order.
    config : str
        The YAML of the config section its experiment reads.
    code : sequence of (title, source)
        The functions that computed it: study, then claim function.
    applets : sequence of str
        The interactive figures shown on the page (``data/<name>.js``).
    """

    entry: Entry
    figures: Sequence[tuple[str, str]]
    config: str
    code: Sequence[tuple[str, str]]
    applets: Sequence[str] = ()


def _e(value: object) -> str:
    return html.escape(str(value))


def _number(value: object) -> str:
    if isinstance(value, float):
        return "" if math.isnan(value) else NUMBER.format(value)
    return _e(value)


def _badge(status: str) -> str:
    return f'<span class="verdict {CLASSES[status]}">{_e(status)}</span>'


def layout(title: str, body: str, provenance: Provenance, *, nav: str = "") -> str:
    """A whole page: header with the site's menu, ``body``, provenance footer."""
    menu = [
        ("index.html", "Overview"),
        ("table.html", "All claim rows"),
        ("timings.html", "Timings"),
        ("catalog.html", "Catalog"),
        ("smo.html", "SMO applet"),
        ("../report.html", "Snakemake report"),
    ]
    links = "".join(
        f'<a href="{href}"{" aria-current=page" if text == nav else ""}>{text}</a>'
        for href, text in menu
    )
    return f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{_e(title)} · {NAME}</title>
<link rel="stylesheet" href="assets/site.css">
<script src="assets/site.js" defer></script>
</head>
<body>
<header><a class="brand" href="index.html">{NAME} · claims atlas</a>
<nav>{links}</nav></header>
<main>
{body}
</main>
<footer>{_e(provenance.line)} · <a href="index.html#provenance">how these \
numbers were made</a></footer>
</body>
</html>
"""


def family_of(claim: str) -> str:
    """The family of a claim id, as the report names it ("K: kernels")."""
    return FAMILIES[claim[0]]


def rows_table(rows: pd.DataFrame, *, table_id: str, with_id: bool) -> str:
    """The claim rows as a sortable, filterable table (assets/site.js).

    Each ``<tr>`` carries ``data-family``, ``data-kind`` and ``data-verdict`` for
    the filters, and the row's key as its ``id`` (``B5/test_error/twonorm``:
    a link to ``B5.html#B5/test_error/twonorm`` shows the row); each number
    cell its value in ``data-value`` for sorting.
    """
    head = ["id"] if with_id else []
    head += ["row", "dataset or setting", "measured quantity", "measured"]
    head += ["95 % interval", "relation", "bound", "verdict", "kind"]
    numeric = {"measured", "bound"}
    ths = "".join(
        f'<th data-sort="{"number" if h in numeric else "text"}">{h}</th>' for h in head
    )
    body = []
    for r in rows.itertuples(index=False):
        said = verdict(r.kind, r.holds)
        interval = (
            f"[{_number(r.ci_low)}, {_number(r.ci_high)}]"
            if isinstance(r.ci_low, float) and not math.isnan(r.ci_low)
            else ""
        )
        anchor = f"#{r.key}" if r.key else ""
        link = f'<td><a href="{_e(r.id)}.html{_e(anchor)}">{_e(r.id)}</a></td>'
        cells = [link] if with_id else []
        cells += [
            f"<td>{_e(r.title)}</td>",
            f"<td>{_e(r.dataset)}</td>",
            f"<td>{_e(r.quantity)}</td>",
            f'<td class="num" data-value="{_e(r.measured)}">{_number(r.measured)}</td>',
            f'<td class="num">{interval}</td>',
            f"<td>{_e(r.relation)}</td>",
            f'<td class="num" data-value="{_e(r.bound)}">{_number(r.bound)}</td>',
            f"<td>{_badge(said)}</td>",
            f"<td>{_e(r.kind)}</td>",
        ]
        key = f' id="{_e(r.key)}"' if r.key else ""
        body.append(
            f'<tr{key} data-family="{_e(family_of(r.id))}" data-kind="{_e(r.kind)}" '
            f'data-verdict="{_e(said)}">{"".join(cells)}</tr>'
        )
    return (
        f'<table class="rows" id="{table_id}"><thead><tr>{ths}</tr></thead>'
        f"<tbody>{''.join(body)}</tbody></table>"
    )


def filters(table_id: str, rows: pd.DataFrame, columns: Iterable[str]) -> str:
    """Select boxes (and a text search) that filter the rows of ``table_id``."""
    values: dict[str, list[str]] = {
        "family": sorted({family_of(c) for c in rows["id"]}),
        "kind": sorted(set(rows["kind"])),
        "verdict": sorted(
            {verdict(k, h) for k, h in zip(rows["kind"], rows["holds"], strict=True)}
        ),
    }
    boxes = []
    for column in columns:
        options = "".join(f"<option>{_e(v)}</option>" for v in values[column])
        boxes.append(
            f'<label>{column} <select data-filter="{column}">'
            f'<option value="">all</option>{options}</select></label>'
        )
    return (
        f'<form class="filters" data-table="{table_id}">{"".join(boxes)}'
        '<label>text <input type="search" data-filter="text" '
        'placeholder="dataset, quantity, …"></label>'
        "<output data-count></output></form>"
    )


def _tally(rows: pd.DataFrame) -> Tally:
    return Tally.of(zip(rows["kind"], rows["holds"], strict=True))


def _tally_cells(t: Tally) -> str:
    checks = f"{t.checks_passed} of {t.checks}" if t.checks else ""
    return (
        f'<td class="num">{t.rows}</td><td class="num">{t.held}</td>'
        f'<td class="num">{t.failed}</td><td class="num">{t.unresolved}</td>'
        f'<td class="num">{checks}</td><td class="num">{t.no_verdict}</td>'
    )


TALLY_HEAD = (
    "<th>rows</th><th>held</th><th>did not hold</th><th>not resolved</th>"
    "<th>checks passed</th><th>no verdict</th>"
)


def front_page(
    claims: pd.DataFrame,
    catalog: Catalog,
    provenance: Provenance,
    intro: str,
    interactive: Sequence[tuple[str, str, str]] = (),
) -> str:
    """``index.html``: what the project is, the verdicts by family and claim,
    the interactive figures (``(claim, title, what moves)`` each), the rows
    that did not hold or are not resolved, and the provenance."""
    families = []
    for letter, name in FAMILIES.items():
        part = claims[claims["id"].str.startswith(letter)]
        if part.empty:
            continue
        t = _tally(part)
        cards = []
        for cid, rows in part.groupby("id", sort=False):
            status = _tally(rows).status
            title = catalog.entries[cid].title if cid in catalog.entries else ""
            cards.append(
                f'<a class="card {CLASSES[status]}" href="{_e(cid)}.html" '
                f'title="{_e(title)}"><b>{_e(cid)}</b> {_e(title)}'
                f"<small>{_e(status)}</small></a>"
            )
        families.append(
            f'<tr><th scope="row">{_e(name)}</th>{_tally_cells(t)}</tr>',
        )
        families.append(f'<tr class="cards"><td colspan="7">{"".join(cards)}</td></tr>')
    total = _tally(claims)
    open_rows = claims[
        claims["kind"].isin(("theorem", "identity", "empirical", "check"))
        & claims["holds"].isin(("false", "not resolved"))
    ]
    record = provenance.record
    packages = ", ".join(
        f"{_e(k)} {_e(v)}" for k, v in dict(record.get("packages", {})).items()
    )
    facts = [
        ("commit", record.get("commit") or "not a git checkout"),
        ("uncommitted changes", "yes" if record.get("dirty") else "no"),
        ("source date (of the commit)", record.get("source_date", "")),
        ("config.yaml sha256", record.get("config_sha256", "")),
        ("claims.csv sha256", record.get("claims_sha256", "")),
        ("Python, platform", f"{record.get('python')}, {record.get('platform')}"),
    ]
    facts_html = "".join(f"<tr><th>{_e(k)}</th><td>{_e(v)}</td></tr>" for k, v in facts)
    unresolved_table = (
        rows_table(open_rows, table_id="open", with_id=True)
        if len(open_rows)
        else "<p>Every row of evidence held and every check passed.</p>"
    )
    moving = (
        "<section><h2>Interactive figures</h2><ul>"
        '<li><a href="smo.html">The SMO applet, live</a> — place points, train '
        "the SVM by SMO in the page and see K11, E1, E2, B1 and B5 on them</li>"
        + "".join(
            f'<li><a href="{_e(c)}.html#interactive">{_e(c)}: {_e(title)}</a> — '
            f"{_e(what)}</li>"
            for c, title, what in interactive
        )
        + "</ul></section>"
    )
    body = f"""<h1>Claims on kernels and boosting, measured</h1>
{intro}
<section>
<h2>Verdicts</h2>
<p>{total.rows} rows over {claims["id"].nunique()} claims. Of {total.evidence} rows \
of evidence (theorems, identities, empirical tendencies) {total.held} held, \
{total.failed} did not hold and {total.unresolved} are not resolved (a 95 % \
interval straddles the bound); {total.checks_passed} of {total.checks} checks \
(true by construction, never counted as evidence) passed; {total.no_verdict} \
rows carry no verdict. Click a claim for its page.</p>
<p>{_e(Multiplicity.of(claims).sentence())}</p>
<table class="summary"><thead><tr><th>family</th>{TALLY_HEAD}</tr></thead>
<tbody>{"".join(families)}</tbody></table>
</section>
{moving}
<section>
<h2>What did not hold, or is not resolved</h2>
<p>Each is explained in its figure's caption and its catalog entry.</p>
{unresolved_table}
</section>
<section id="provenance">
<h2>How these numbers were made</h2>
<table class="facts"><tbody>{facts_html}</tbody></table>
<p>Packages: {packages}.</p>
<details><summary>The configuration of this run (<code>config.yaml</code>: \
<code>--configfile results/config.yaml</code> reproduces it)</summary>
<pre><code>{_e(provenance.config)}</code></pre></details>
</section>"""
    return layout("Overview", body, provenance, nav="Overview")


def table_page(claims: pd.DataFrame, provenance: Provenance) -> str:
    """``table.html``: every row, filterable by family, kind and verdict."""
    body = f"""<h1>All claim rows</h1>
<p>Every row of <code>claims.csv</code>. Click a column's header to sort; the \
boxes filter. A row of evidence reads <em>held</em>, <em>did not hold</em> or \
<em>not resolved</em>; checks and illustrations are shown apart from the \
evidence (see the <a href="catalog.html#how-to-read-a-row">catalog</a>).</p>
{filters("all", claims, ("family", "kind", "verdict"))}
{rows_table(claims, table_id="all", with_id=True)}"""
    return layout("All claim rows", body, provenance, nav="All claim rows")


def timings_page(timings: pd.DataFrame, provenance: Provenance) -> str:
    """``timings.html``: the machine measurements of the cost claims
    (``timings.csv``), one section per claim, with their own verdicts."""
    if timings.empty:
        sections = "<p>No claim of this run measures time.</p>"
    else:
        t = _tally(timings)
        sections = (
            f"<p>{t.rows} rows: of {t.evidence} rows of evidence {t.held} held, "
            f"{t.failed} did not hold and {t.unresolved} are not resolved. "
            f"{_e(Multiplicity.of(timings).sentence())}</p>"
            + "".join(
                f'<section id="{_e(claim)}"><h2><a href="{_e(claim)}.html">'
                f"{_e(claim)}</a></h2>"
                f"{rows_table(rows, table_id=f'timings-{claim}', with_id=False)}"
                "</section>"
                for claim, rows in timings.groupby("id", sort=False)
            )
        )
    body = f"""<h1>Timings</h1>
<p>What a cost claim says about time, measured on the machine of this run: CPU \
time of the process (the smallest of several repeats) against problem size, and \
the growth exponent fitted to it with its 95 % interval. These numbers depend on \
the machine and on what else it runs, so they live in <code>timings.csv</code>, \
apart from <code>claims.csv</code>, whose bytes are the same on every run; the \
work each algorithm does, counted by the running code, is in the claims' own \
rows.</p>
{sections}"""
    return layout("Timings", body, provenance, nav="Timings")


#: In the Snakemake report, claims.html is shown from a data: URL, which no
#: relative link can leave: its links into the site are turned into text there
#: (the report's caption links to the site instead).
EMBEDDED = """document.addEventListener("DOMContentLoaded", () => {
  if (location.protocol !== "data:") return;
  const links = document.querySelectorAll('a[href^="site/"]');
  links.forEach((a) => a.removeAttribute("href"));
});"""


def standalone_table(
    claims: pd.DataFrame, provenance: Provenance, style: str, script: str
) -> str:
    """``results/claims.html``: every row in one self-contained page (style and
    script inline), for the Snakemake report; claim ids link into the site
    beside it (``site/<id>.html``)."""
    table = rows_table(claims, table_id="all", with_id=True).replace(
        '<a href="', '<a href="site/'
    )
    t = _tally(claims)
    return f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Claim rows · {NAME}</title>
<style>{style}</style>
<script>{script}</script>
<script>{EMBEDDED}</script>
</head>
<body><main>
<h1>Every claim row</h1>
<p>{t.rows} rows: of {t.evidence} rows of evidence {t.held} held, {t.failed} did \
not hold and {t.unresolved} are not resolved; {t.checks_passed} of {t.checks} \
checks passed. Sort by a column's header, filter with the boxes. Each claim's \
page, with its statement, figures and code, is in the claims atlas: \
<a href="site/index.html">site/index.html</a> beside the report.</p>
{filters("all", claims, ("family", "kind", "verdict"))}
{table}
</main>
<footer>{_e(provenance.line)}</footer>
</body>
</html>
"""


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
    catalog: Catalog, pages: Collection[str], provenance: Provenance
) -> str:
    """``catalog.html``: the whole catalog; the heading of each claim in
    ``pages`` (the claims of this run) links to its page."""
    text = markdown(catalog.text, catalog_link(catalog, pages))
    for e in catalog.entries.values():
        if e.id in pages:
            heading = f'<h3 id="{e.anchor}">'
            linked = f'{heading}<a href="{e.id}.html">{e.id}</a> — '
            text = text.replace(f"{heading}{e.id} — ", linked, 1)
    return layout("Catalog", text, provenance, nav="Catalog")


def claim_page(
    claim: str,
    rows: pd.DataFrame,
    page: ClaimPage,
    catalog: Catalog,
    provenance: Provenance,
    neighbours: tuple[str | None, str | None],
    pages: Collection[str],
    timed: bool = False,
) -> str:
    """``<id>.html``: statement and citation, rows, figures, config and code;
    ``pages`` are the claims with a page (links to others go to the catalog);
    a ``timed`` claim links to its rows of the timings page."""
    entry = page.entry
    t = _tally(rows)
    figures = "".join(
        f'<figure id="figure-{_e(name)}"><a href="figures/{_e(name)}.png">'
        f'<img src="figures/{_e(name)}.png" alt="figure {_e(name)}"></a>'
        f'<figcaption><p class="figname">'
        f"<code>{_e(name)}</code></p>{caption}</figcaption></figure>"
        for name, caption in page.figures
    )
    code = "".join(
        f"<details><summary>{_e(title)}</summary><pre><code>{_e(source)}</code>"
        "</pre></details>"
        for title, source in page.code
    )
    applets = (
        '<section id="interactive"><h2>Interactive</h2>'
        + "".join(
            f'<div class="applet" data-applet="{_e(name)}"></div>'
            f'<script src="data/{_e(name)}.js"></script>'
            for name in page.applets
        )
        + '<script src="assets/applets.js" defer></script></section>'
        if page.applets
        else ""
    )
    if claim in SMO_CLAIMS:
        applets = (
            applets
            + '<p class="live-link">On points of your own: <a href="smo.html">the '
            f"SMO applet, live</a> shows {_e(claim)} as you place and move them.</p>"
        )
    before, after = neighbours
    steps = "".join(
        [
            f'<a rel="prev" href="{before}.html">← {before}</a>' if before else "",
            f'<a rel="next" href="{after}.html">{after} →</a>' if after else "",
        ]
    )
    checks = f", {t.checks_passed} of {t.checks} checks passed" if t.checks else ""
    timing_link = (
        f"<p>The times this machine took, which depend on its load, are on the "
        f'<a href="timings.html#{_e(claim)}">timings page</a>.</p>'
        if timed
        else ""
    )
    body = f"""<nav class="steps">{steps}</nav>
<h1><span class="id">{_e(claim)}</span> {_e(entry.title)} {_badge(t.status)}</h1>
<p class="tally">{t.rows} rows: {t.held} held, {t.failed} did not hold, \
{t.unresolved} not resolved{checks}; {t.no_verdict} without verdict. \
{_e(entry.family)} · <a href="catalog.html#{entry.anchor}">in the catalog</a></p>
<section class="entry">{markdown(entry.body, catalog_link(catalog, pages))}</section>
<section><h2>Rows</h2>
{filters("rows", rows, ("kind", "verdict"))}
{rows_table(rows, table_id="rows", with_id=False)}{timing_link}</section>
{applets}<section><h2>Figures</h2>{figures}</section>
<section><h2>How it was computed</h2>
<p>The config section the experiment reads (from this run's \
<code>config.yaml</code>), and the code that computed the tables and the rows.</p>
<pre><code>{_e(page.config)}</code></pre>
{code}</section>"""
    return layout(f"{claim} — {entry.title}", body, provenance)


#: The claims the live SMO applet shows (its page links back to them).
SMO_CLAIMS = ("K11", "E1", "E2", "B1", "B5")


def smo_page(
    provenance: Provenance,
    default: str | None = None,
    claims: Collection[str] = SMO_CLAIMS,
) -> str:
    """The live SMO applet (Huang 2017, slide 'SMO (L1)'): the student places
    points, picks the kernel, C and the tolerance, and the page trains the SVM
    by SMO (``assets/smo.js``, the algorithm of
    :mod:`kernelboost.estimators.svm.smo`), shows the slide's comment window,
    the leave-one-out error against #SV/l (E1), what deleting a point does
    (E2), the margin as C moves (K11), and AdaBoost with stumps on the same
    points (``assets/boost.js``: B1, B5). The presets are the run's datasets
    (``data/presets.js``); ``default`` is loaded first. ``claims``: those
    with a page in this site (the others are named without a link)."""
    links = ", ".join(
        f'<a href="{c}.html">{c}</a>' if c in claims else c for c in SMO_CLAIMS
    )
    start = f' data-default="{_e(default)}"' if default else ""
    body = f"""<h1>The SMO applet, live</h1>
<p>Place points of two classes, choose the kernel, C and the tolerance, and the
SVM is trained by SMO in this page — the algorithm of the library
(<code>kernelboost.estimators.svm.smo</code>: second-order working-set
selection, the same stopping rule and intercept), written in JavaScript. Click
to add a point of the selected class, drag a point to move it (the SVM is
retrained as it moves), shift-click a point (or use <em>delete mode</em>) to
remove it. The comment window reports what the lecture's applet reports. Below:
the claims {links}, live on your points.</p>
<div id="smo-live" class="applet live"{start}>
<div class="controls" role="group" aria-label="points">
<label class="control">preset <select id="preset" aria-label="preset"></select></label>
<button type="button" id="load">load preset</button>
<button type="button" id="clear">clear</button>
<fieldset class="control"><legend>class of a new point</legend>
<label><input type="radio" name="cls" value="1" checked> +1</label>
<label><input type="radio" name="cls" value="-1"> −1</label></fieldset>
<label class="control"><input type="checkbox" id="delete-mode"> delete mode</label>
</div>
<div class="controls" role="group" aria-label="SVM">
<label class="control">kernel <select id="kernel">
<option value="gaussian" selected>Gaussian (RBF)</option>
<option value="polynomial">polynomial</option>
<option value="linear">linear</option></select></label>
<label class="control">σ <input id="sigma" type="number" value="0.5" min="0.001"
step="0.05"></label>
<label class="control">degree <input id="degree" type="number" value="2" min="1"
max="10" step="1"></label>
<label class="control">c <input id="coef" type="number" value="1" min="0"
step="0.5"></label>
<label class="control">C <input id="C" type="text" value="1" size="6"
aria-describedby="C-help"></label>
<span id="C-help" class="hint">a number &gt; 0, or ∞ (type inf) for the hard
margin</span>
<label class="control">tolerance <select id="tol">
<option value="0.1">0.1</option><option value="0.01">0.01</option>
<option value="0.001" selected>0.001</option><option value="0.0001">0.0001</option>
</select></label>
<button type="button" id="train">train</button>
</div>
<div class="canvases">
<canvas id="svm-view" width="520" height="460" aria-label="points and the SVM's
decision regions"></canvas>
<canvas id="margin-view" width="420" height="300" aria-label="the margin 1/‖w‖ as C
moves (K11)"></canvas>
</div>
<pre id="comment" class="comment" aria-live="polite" aria-label="comment window"></pre>
<section id="claims-live">
<h2>E1: leave-one-out error ≤ #SV/l</h2>
<p><button type="button" id="loo">compute the leave-one-out error</button>
<label class="control"><input type="checkbox" id="loo-auto" checked> recompute after
each change (up to 150 points)</label></p>
<p id="loo-out" class="readout" aria-live="polite"></p>
<h2>E2: a non-support vector can be removed without changing f</h2>
<p id="e2-out" class="readout" aria-live="polite">Delete a point that is not ringed
(not a support vector): the page retrains on the remaining points and compares
f before and after on the grid of the picture.</p>
<h2>K11: the margin as C moves</h2>
<p id="k11-out" class="readout" aria-live="polite"></p>
<h2>B1 and B5: AdaBoost with stumps on the same points</h2>
<div class="controls">
<label class="control">rounds T <input id="rounds" type="range" min="1" max="100"
value="10"
aria-label="rounds T"><output id="rounds-out">T = 10</output></label>
</div>
<div class="canvases">
<canvas id="boost-view" width="420" height="400" aria-label="AdaBoost's regions and
the weights D_T"></canvas>
<canvas id="boost-bounds" width="420" height="400" aria-label="training error, Π Z_t
and exp(−2Σγ²)"></canvas>
<canvas id="boost-margins" width="420" height="400" aria-label="the margin
distribution after T rounds"></canvas>
</div>
<p id="boost-out" class="readout" aria-live="polite"></p>
</section>
</div>
<script src="data/presets.js"></script>
<script src="assets/applets.js"></script>
<script src="assets/smo.js"></script>
<script src="assets/boost.js"></script>
<script src="assets/live.js"></script>"""
    return layout("The SMO applet, live", body, provenance, nav="SMO applet")
