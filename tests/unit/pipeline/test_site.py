"""The claims atlas: its markup, catalog reader and pages, from made-up results
and from the project's own catalog (no pipeline run; the browser tests look at
the site of the small run)."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import numpy as np
import pandas as pd
import pytest
import yaml
from PIL import Image

from marginlab.experiments import claims as registry_claims
from marginlab.experiments import figure, figures
from marginlab.experiments._shared.kinds import Tally, verdict
from marginlab.experiments._shared.rows import COLUMNS
from marginlab.pipeline.site import SiteError, build_site
from marginlab.pipeline.site.catalog import parse_catalog
from marginlab.pipeline.site.markup import markdown, rst_caption, slug
from marginlab.pipeline.site.pages import notation

ROOT = Path(__file__).resolve().parents[3]


# --- markup -----------------------------------------------------------------


def _flat(html: str) -> str:
    """Rendered HTML without the line breaks between its tags (markdown-it
    ends each block with one); those inside a paragraph stay."""
    return str(html).replace(">\n", ">").replace("\n<", "<")


def test_inline_markup_and_escaping() -> None:
    def inline(text: str, **kwargs) -> str:
        return _flat(markdown(text, **kwargs)).removeprefix("<p>").removesuffix("</p>")

    assert inline("**bold** and *em*") == "<strong>bold</strong> and <em>em</em>"
    assert inline("~~gone~~") == "<s>gone</s>"  # GitHub's strikethrough
    # Nothing inside code is markup.
    assert inline("`a*b*c` ``**x**``") == "<code>a*b*c</code> <code>**x**</code>"
    # HTML in the source is text.
    assert inline("<script>x</script> & y") == "&lt;script&gt;x&lt;/script&gt; &amp; y"
    # A star inside a formula is not emphasis.
    assert inline("ρ* − 3/8 and ρ*") == "ρ* − 3/8 and ρ*"
    assert (
        inline("**Why `theorem`s.**") == "<strong>Why <code>theorem</code>s.</strong>"
    )
    link = inline("[the references](#references)", link=lambda t: "x.html" + t)
    assert link == '<a href="x.html#references">the references</a>'


def test_blocks_headings_lists_tables_and_code() -> None:
    text = """# K1 — a kernel

A paragraph
over two lines.

- **Kind.** `identity`, rows:
  - first;
  - second.
- last

1. one
   more
2. two

| kind | evidence? |
|---|---|
| `check` | no |

- **In a list:**

  | a | b |
  |---|---|
  | 1 | 2 |

---

    id, title
"""
    out = _flat(markdown(text))
    assert '<h1 id="k1--a-kernel">K1 — a kernel</h1>' in out
    assert "<p>A paragraph\nover two lines.</p>" in out
    assert (
        "<ul><li><strong>Kind.</strong> <code>identity</code>, rows:"
        "<ul><li>first;</li><li>second.</li></ul></li><li>last</li></ul>"
    ) in out
    assert "<ol><li>one\nmore</li><li>two</li></ol>" in out
    assert "<th>kind</th><th>evidence?</th>" in out
    assert "<td><code>check</code></td><td>no</td>" in out
    assert "<td>1</td><td>2</td>" in out  # a table inside a list item
    assert "<hr />" in out
    assert "<pre><code>id, title</code></pre>" in out


def test_headings_get_githubs_anchors_and_may_link_their_id() -> None:
    text = "## K1 — *a* `kernel`\n\n## Notes\n\n## Notes\n"
    out = _flat(markdown(text, heading_links={"k1--a-kernel": ("K1", "K1.html")}))
    assert out == (
        '<h2 id="k1--a-kernel"><a href="K1.html">K1</a> — <em>a</em> '
        '<code>kernel</code></h2><h2 id="notes">Notes</h2><h2 id="notes-1">Notes</h2>'
    )


def test_slug_is_githubs_anchor() -> None:
    assert slug("How to read a row") == "how-to-read-a-row"
    assert (
        slug("B17 — the bound decreases for ρ < γ")
        == "b17--the-bound-decreases-for-ρ--γ"
    )


def test_captions_drop_the_reports_template_lines() -> None:
    text = "**K1 — x** (Huang 2017). Rows ``K1``.\n{{ snakemake.config }}\n{% if 1 %}x"
    assert rst_caption(text) == (
        "<p><strong>K1 — x</strong> (Huang 2017). Rows <code>K1</code>.</p>"
    )


def test_captions_read_inline_markup_as_rest_does() -> None:
    # reST's recognition rules: stars inside a word are text, and the strong
    # emphasis of B7's caption ends at its closing "**" only.
    text = "**B7 — weak learning\nholds (2γ* = ρ*)** (Mohri), *T* rounds.\n\nNext."
    assert rst_caption(text) == (
        "<p><strong>B7 — weak learning holds (2γ* = ρ*)</strong> (Mohri), "
        "<em>T</em> rounds.</p>\n<p>Next.</p>"
    )
    # Nothing else is markup: links, HTML and Markdown's forms are text.
    hostile = "`x <javascript:alert(1)>`_ <script>alert(1)</script> [a](b)"
    assert rst_caption(hostile) == (
        "<p>`x &lt;javascript:alert(1)&gt;`_ &lt;script&gt;alert(1)&lt;/script&gt;"
        " [a](b)</p>"
    )


# --- the catalog --------------------------------------------------------------


def test_the_project_catalog_has_an_entry_per_claim_with_its_fields() -> None:
    catalog = parse_catalog((ROOT / "CLAIMS.md").read_text())
    assert list(catalog.entries) == registry_claims()
    for entry in catalog.entries.values():
        for field in ("Statement.", "Kind.", "Source.", "Measured.", "Falsified by."):
            assert f"**{field}**" in entry.body, f"{entry.id} lacks {field}"
    assert catalog.entries["B15"].family == "Boosting (B)"
    assert "R. E. Schapire" in catalog.section("References")
    assert catalog.section("Nothing such") == ""


def test_a_claim_with_two_sections_is_an_error() -> None:
    text = "## Kernels (K)\n\n### K1 — a\n\nx\n\n### K1 — b\n\ny\n"
    with pytest.raises(ValueError, match="K1 has two sections"):
        parse_catalog(text)


# --- tallies ------------------------------------------------------------------


def test_tally_status_reads_the_worst_evidence_first() -> None:
    assert Tally.of([("theorem", "true"), ("empirical", "false")]).status == (
        "did not hold"
    )
    assert Tally.of([("theorem", "true"), ("empirical", "not resolved")]).status == (
        "not resolved"
    )
    assert Tally.of([("check", "true"), ("theorem", "true")]).status == "held"
    assert Tally.of([("check", "true")]).status == "checks"
    assert Tally.of([("illustration", "n/a")]).status == "illustration"
    assert verdict("empirical", "not resolved") == "not resolved"
    assert verdict("check", "false") == "check failed"
    assert verdict("theorem", "n/a") == "no verdict"


# --- the site of made-up results -----------------------------------------------

#: Claims of two families, each with the figure that shows it; K11 has an applet.
CLAIMS = ("K1", "K11", "B15")


def _results(tmp_path: Path) -> Path:
    results = tmp_path / "results"
    (results / "figures").mkdir(parents=True)
    nan = float("nan")
    rows = [
        ["K1", "true", "identity", 1e-16, nan, nan],
        ["K1", "false", "empirical", 0.2, 0.1, 0.3],
        ["K11", "true", "theorem", 0.0, nan, nan],
        ["B15", "not resolved", "empirical", 0.01, -0.1, 0.2],
        ["B15", "true", "check", 1.0, nan, nan],
        ["B15", "n/a", "illustration", 3.0, nan, nan],
    ]
    table = pd.DataFrame(
        [
            [
                c,
                f"{c}/row{i}",
                f"row <{i}>",
                "src",
                "data & more",
                "q",
                m,
                lo,
                hi,
                0.0,
                "<=",
                h,
                k,
                "f",
                float("nan"),
            ]
            for i, (c, h, k, m, lo, hi) in enumerate(rows)
        ],
        columns=list(COLUMNS),
    )
    table.to_csv(results / "claims.csv", index=False)
    table.iloc[[1]].to_csv(results / "timings.csv", index=False)  # K1's timings
    shown = [f for f in figures() if set(figure(f).claims) & set(CLAIMS)]
    (results / "config.yaml").write_text(
        "# made up\nkernel_identity:\n  n: [2]\nfigures:\n"
        + "".join(f"- {f}\n" for f in shown)
    )
    for name in shown:
        pixels = np.full((20, 30, 3), 255, np.uint8)
        pixels[5:15, 5:25] = (30, 90, 200)
        Image.fromarray(pixels).save(results / "figures" / f"{name}.png")
    (results / "applets").mkdir()
    (results / "applets" / "smo.json").write_text('{"kind":"smo"}')
    return results


def _build(results: Path, **kwargs) -> Path:
    return build_site(
        results, **{"catalog": ROOT / "CLAIMS.md", "root": ROOT, **kwargs}
    )


class _Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.refs: list[str] = []
        self.ids: set[str] = set()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if found.get("id"):
            self.ids.add(found["id"])
        for name in ("href", "src"):
            if found.get(name):
                self.refs.append(found[name])


def _parse(page: Path) -> _Links:
    parser = _Links()
    parser.feed(page.read_text(encoding="utf-8"))
    return parser


def test_every_page_is_written_and_every_internal_link_resolves(tmp_path) -> None:
    site = _build(_results(tmp_path))
    pages = sorted(p.name for p in site.glob("*.html"))
    assert pages == sorted(
        [
            *("index.html", "table.html", "timings.html", "catalog.html"),
            *("smo.html", "K1.html", "K11.html", "B15.html"),
        ]
    )
    ids = {page.name: _parse(page).ids for page in site.glob("*.html")}
    for page in site.glob("*.html"):
        for ref in _parse(page).refs:
            parts = urlsplit(ref)
            assert parts.scheme in ("", "file"), f"{page.name} fetches {ref}"
            if parts.path == "../report.html":
                continue  # the report sits beside the site, in the results
            target = (page.parent / parts.path) if parts.path else page
            assert target.is_file(), f"{page.name}: {ref} does not resolve"
            fragment = unquote(parts.fragment)  # as the browser matches it
            if fragment and target.suffix == ".html":
                assert fragment in ids[target.name], f"{page.name}: {ref}"
    assert (site / "assets" / "site.css").is_file()
    assert (site / "assets" / "site.js").is_file()


def test_the_pages_show_verdicts_rows_figures_config_and_code(tmp_path) -> None:
    results = _results(tmp_path)
    site = _build(results)
    front = (site / "index.html").read_text()
    # 4 rows of evidence: 1 held, 1 did not hold, 1 not resolved; 1 of 1 check.
    assert "6 rows over 3 claims. Of 4 rows of evidence" in front
    assert "2 held, 1 did not hold and 1 are not resolved" in front
    assert '<a href="K11.html#interactive">K11: ' in front
    assert 'class="card failed" href="K1.html"' in front
    assert 'class="card unresolved" href="B15.html"' in front
    assert "row &lt;1&gt;" in front  # the row that did not hold is listed, escaped
    assert "# made up" in front  # the configuration of the run
    k1 = (site / "K1.html").read_text()
    assert "a kernel is the inner product of an explicit feature map" in k1
    assert "<strong>Statement.</strong>" in k1
    assert 'src="figures/kernel_identity.png"' in k1
    assert (
        '<figcaption><p class="figname"><code>kernel_identity</code></p><p><strong>K1'
        in k1
    )
    assert "kernel_identity:\n  n:\n  - 2\n" in k1  # its config section
    assert "def k1_kernel_identity(" in k1  # the code of its rows
    assert "def kernel_identity_table(" in k1  # and of its tables
    assert 'rel="next" href="K11.html"' in k1
    b15 = (site / "B15.html").read_text()
    assert "not in this run&#39;s config.yaml" in b15
    # Each row is a <tr> whose id is its key, and the table links to it.
    assert b15.count('<tr id="B15/row') == 3
    table = (site / "table.html").read_text()
    assert table.count('<tr id="') == 6
    assert table.count('href="B15.html#B15/row') == 3
    k11 = (site / "K11.html").read_text()
    assert '<div class="applet" data-applet="smo"></div>' in k11
    assert '<script src="data/smo.js"></script>' in k11
    assert "data-applet" not in k1
    data = (site / "data" / "smo.js").read_text()
    assert data.endswith('window.KB_APPLETS["smo"] = {"kind":"smo"};\n')
    assert '<select data-filter="verdict">' in table
    standalone = (results / "claims.html").read_text()
    assert '<link rel="stylesheet"' not in standalone  # self-contained
    assert 'href="site/K1.html#K1/row' in standalone
    # Shown by the report from a data: URL, it drops links it cannot follow.
    assert 'if (location.protocol !== "data:") return;' in standalone


def _preset(path: Path, n_features: int = 2, task: str = "classification") -> Path:
    from marginlab.core.datasets import Dataset

    rng = np.random.default_rng(0)
    X = rng.normal(size=(7, n_features))
    y = np.where(np.arange(7) % 2, 1.0, -1.0)
    names = tuple(f"x{j + 1}" for j in range(n_features))
    Dataset(X, y, names, task).to_frame().to_csv(path, index=False)
    return path


def test_the_live_smo_page_gets_the_presets_and_is_linked(tmp_path) -> None:
    results = _results(tmp_path)
    (results / "config.yaml").write_text(
        (results / "config.yaml").read_text()
        + "svm_sigma_C_grid:\n  dataset: moons_svm\n"
    )
    presets = [_preset(tmp_path / f"{n}.csv") for n in ("moons_svm", "circles")]
    site = _build(results, presets=presets)
    script = (site / "data" / "presets.js").read_text()
    assert script.startswith("window.KB_PRESETS = {")
    data = json.loads(script[len("window.KB_PRESETS = ") : -2])
    assert list(data) == ["circles", "moons_svm"]  # by name
    assert data["moons_svm"]["note"] == "K11's data"
    assert data["circles"]["note"] == ""
    frame = pd.read_csv(presets[0])
    assert data["moons_svm"]["x1"] == frame["x1"].tolist()
    assert data["moons_svm"]["label"] == frame["label"].tolist()
    page = (site / "smo.html").read_text()
    assert 'data-default="moons_svm"' in page
    for script_name in ("presets.js", "smo.js", "boost.js", "live.js", "applets.js"):
        assert script_name in page
    assert (site / "assets" / "smo.js").is_file()
    assert (
        '<a href="smo.html">The SMO applet, live</a>'
        in (site / "index.html").read_text()
    )
    assert 'href="smo.html"' in (site / "K11.html").read_text()
    assert 'class="live-link"' not in (site / "K1.html").read_text()


def test_a_run_without_presets_still_has_the_live_page(tmp_path) -> None:
    site = _build(_results(tmp_path))
    assert (site / "data" / "presets.js").read_text() == "window.KB_PRESETS = {};\n"
    assert "data-default" not in (site / "smo.html").read_text()


def test_a_preset_that_is_not_plane_classification_leaves_no_site(tmp_path) -> None:
    results = _results(tmp_path)
    bad = _preset(tmp_path / "wide.csv", n_features=3)
    with pytest.raises(SiteError, match="wide.csv: a preset needs two features"):
        _build(results, presets=[bad])
    assert not (results / "site").exists()


def test_the_site_is_the_same_bytes_when_built_again(tmp_path) -> None:
    results = _results(tmp_path)
    first = {
        p.relative_to(results): p.read_bytes()
        for p in _build(results).rglob("*")
        if p.is_file()
    }
    second = {
        p.relative_to(results): p.read_bytes()
        for p in _build(results, out=results / "site").rglob("*")
        if p.is_file()
    }
    assert first == second


def test_a_claim_missing_from_the_catalog_fails_and_leaves_no_site(tmp_path) -> None:
    results = _results(tmp_path)
    catalog = tmp_path / "CLAIMS.md"
    text = (ROOT / "CLAIMS.md").read_text()
    catalog.write_text(re.sub(r"^### B15 — ", "### B99 — ", text, flags=re.M))
    with pytest.raises(SiteError, match="B15 has no section in the catalog"):
        build_site(results, catalog=catalog)
    assert sorted(p.name for p in results.iterdir()) == [
        "applets",
        "claims.csv",
        "config.yaml",
        "figures",
        "timings.csv",
    ]


def test_missing_inputs_are_named(tmp_path) -> None:
    results = _results(tmp_path)
    (results / "figures" / "kernel_identity.png").unlink()
    with pytest.raises(SiteError, match="kernel_identity.png: missing"):
        _build(results)
    (results / "claims.csv").unlink()
    with pytest.raises(SiteError, match="claims.csv: missing"):
        _build(results)
    assert not (results / "site").exists()


def test_timings_have_their_own_page_linked_from_their_claim(tmp_path) -> None:
    site = _build(_results(tmp_path))
    timings = (site / "timings.html").read_text()
    assert '<section id="K1">' in timings
    assert "1 rows: of 1 rows of evidence 0 held, 1 did not hold" in timings
    assert (
        '<a href="timings.html#K1">timings page</a>' in (site / "K1.html").read_text()
    )
    assert "timings.html#" not in (site / "K11.html").read_text()


def test_a_run_without_timings_says_so(tmp_path) -> None:
    results = _results(tmp_path)
    (results / "timings.csv").unlink()
    site = _build(results)
    assert "No claim of this run measures time." in (site / "timings.html").read_text()


# --- what the pages show first, and how wide they are -------------------------


def _order(page: str, *marks: str) -> list[int]:
    """Where each of ``marks`` first occurs in ``page`` (each must occur)."""
    found = [page.find(mark) for mark in marks]
    assert -1 not in found, [m for m, at in zip(marks, found, strict=True) if at < 0]
    return found


def test_a_claim_page_shows_its_figure_then_its_verdicts_then_its_rows(
    tmp_path,
) -> None:
    site = _build(_results(tmp_path))
    k1 = (site / "K1.html").read_text()
    at = _order(
        k1,
        "<h1>",
        '<figure id="figure-kernel_identity">',
        '<section id="verdicts">',
        '<table class="rows" id="rows">',
        '<section id="claim" class="entry">',
        "<strong>Statement.</strong>",
        "<h2>How it was computed</h2>",
    )
    assert at == sorted(at)
    # No pixel size is written: a figure of CPU times may change size
    # between runs, and the pages are the same bytes from run to run.
    assert '<img src="figures/kernel_identity.png" alt="figure kernel_identity">' in k1
    b15 = (site / "B15.html").read_text()
    first, rows = _order(b15, "<figure id=", '<table class="rows"')
    assert first < rows


def test_the_front_page_shows_each_familys_figures_and_a_chart_of_verdicts(
    tmp_path,
) -> None:
    site = _build(_results(tmp_path))
    front = (site / "index.html").read_text()
    shown = [f for f in figures() if set(figure(f).claims) & set(CLAIMS)]
    assert shown
    families = {"K": front.index('id="family-K"'), "B": front.index('id="family-B"')}
    for name in shown:
        letter = figure(name).claims[0][0]
        thumb = re.search(
            rf'<a class="thumb" href="(\w+)\.html#figure-{name}"[^>]*>'
            rf'<img src="figures/{name}\.png" height="(\d+)"'
            r' loading="lazy" decoding="async" alt="[^"]+">',
            front,
        )
        assert thumb, name
        claim, height = thumb.groups()
        assert claim in CLAIMS
        assert claim[0] == letter
        assert int(height) == 110
        assert (site / "figures" / f"{name}.png").is_file()
        # In its family's section (K's comes before B's).
        after = [at for at in families.values() if at < thumb.start()]
        assert max(after) == families[letter], name
    # The chart: K has 2 held and 1 did not hold (3 rows drawn, the longest
    # bar); B 1 not resolved and 1 check passed (its illustration is not
    # drawn), 2 of 3.
    chart = front[front.index('<ul class="bars">') : front.index("</ul>")]
    bars = re.findall(r'<span class="bar" style="width: ([\d.]+)%"', chart)
    assert bars == ["100.00", "66.67"]
    segments = re.findall(
        r'<span class="segment (\S+)" style="width: ([\d.]+)%" title="([^"]+)">',
        chart,
    )
    assert segments == [
        ("held", "66.67", "2 held"),
        ("failed", "33.33", "1 did not hold"),
        ("unresolved", "50.00", "1 not resolved"),
        ("check", "50.00", "1 checks passed"),
    ]
    # The chart comes before the table of numbers, the figures before the cards.
    at = _order(front, '<ul class="bars">', '<table class="summary">')
    assert at == sorted(at)
    at = _order(front, '<a class="thumb"', '<a class="card')
    assert at == sorted(at)


def test_every_table_sits_in_a_box_that_scrolls_sideways(tmp_path) -> None:
    """Each table of each page (the rows, the front page's summary and
    provenance, the catalog's Markdown tables, results/claims.html) is the
    only child of a div.scroll, which the style sheet lets scroll sideways."""
    results = _results(tmp_path)
    site = _build(results)
    pages = [*site.glob("*.html"), results / "claims.html"]
    tables = 0
    for path in pages:
        elements = _Page(path.read_text(encoding="utf-8")).elements
        for before, (tag, _) in zip(elements, elements[1:], strict=False):
            if tag == "table":
                tables += 1
                assert before[0] == "div", path.name
                assert "scroll" in str(before[1].get("class")).split(), path.name
    catalog = (site / "catalog.html").read_text()
    assert catalog.count("<table>") >= 1
    # The front page's 3, table.html's, timings.html's, 3 claim pages' and
    # results/claims.html's, and the catalog's.
    assert tables == 9 + catalog.count("<table>")
    style = (site / "assets" / "site.css").read_text()
    assert re.search(r"^\.scroll \{[^}]*overflow-x: auto;", style, re.M)


def test_rows_show_relations_and_inner_products_in_one_notation(tmp_path) -> None:
    results = _results(tmp_path)
    table = pd.read_csv(results / "claims.csv", dtype=str, keep_default_na=False)
    table.loc[0, "quantity"] = "max |phi(x).phi(x') - k(x, x')|, w.phi(z), <x,x'>^2"
    table.loc[1, "relation"] = ">="
    table.loc[2, "relation"] = "=="
    table.to_csv(results / "claims.csv", index=False)
    written = (results / "claims.csv").read_bytes()
    site = _build(results)
    for name in ("K1.html", "table.html"):
        shown = _Page((site / name).read_text()).shown
        assert "max |⟨φ(x), φ(x')⟩ - k(x, x')|, ⟨w, φ(z)⟩, ⟨x, x'⟩^2" in shown
        assert "phi" not in shown
    k1 = (site / "K1.html").read_text()
    assert re.findall(r'<td class="rel">([^<]*)</td>', k1) == ["≤", "≥"]
    k11 = (site / "K11.html").read_text()
    assert re.findall(r'<td class="rel">([^<]*)</td>', k11) == ["="]
    assert (results / "claims.csv").read_bytes() == written  # the data as it was


@pytest.mark.parametrize(
    ("written", "shown"),
    [
        ("<=", "≤"),
        (">=", "≥"),
        ("==", "="),
        ("!=", "≠"),
        ("<", "<"),
        ("n/a", "n/a"),
        ("LOO error <= #SV/l", "LOO error ≤ #SV/l"),
        (
            "explicit phi(x).phi(x') does O(n^2) work",
            "explicit ⟨φ(x), φ(x')⟩ does O(n^2) work",
        ),
        ("|k(x,z) - φ_N(x)·φ_N(z)| ≤ P", "|k(x,z) - ⟨φ_N(x), φ_N(z)⟩| ≤ P"),
        ("the multiply-adds of w.phi(z)", "the multiply-adds of ⟨w, φ(z)⟩"),
        ("kernel <x,x'>^3 does O(n) work", "kernel ⟨x, x'⟩^3 does O(n) work"),
        ("all n^2 coordinates of phi(x)", "all n^2 coordinates of φ(x)"),
        ("√2·x1x2, x1·x2 > 0, x·z < 0", "√2·x1x2, x1·x2 > 0, x·z < 0"),
        ("rho* (0.375) -> 0.67, e.g. x", "rho* (0.375) -> 0.67, e.g. x"),
    ],
)
def test_notation_rewrites_relations_and_inner_products_only(written, shown) -> None:
    assert notation(written) == shown


@pytest.mark.parametrize(
    "source",
    [
        "see [this](javascript:alert(1))",
        "see [this](JavaScript:alert(1))",
        "see [this](java\tscript:alert(1))",
        "see [this](< javascript:alert(1)>)",
        "see [this](&#106;avascript:alert(1))",
        "see [this](javascript&colon;alert(1))",
        "see [this](vbscript:msgbox(1))",
        "see [this](data:text/html,<script>alert(1)</script>)",
        "see [this](file:///etc/passwd)",
        "see <javascript:alert(1)> this",
        "[r]: javascript:alert(1)\n\nsee [this][r]",
        "see ![this](javascript:alert(1))",
    ],
)
def test_a_catalog_link_to_another_scheme_is_shown_as_text(source) -> None:
    """markdown-it's link validation: only anchors, relative paths and the
    web's schemes become live links; a ``javascript:`` target in CLAIMS.md
    would run when a reader clicks it."""
    text = str(markdown(source))
    assert "<a" not in text
    assert "<img" not in text
    assert "this" in text
    assert "<script" not in text


def test_anchors_relative_paths_and_http_links_stay_links() -> None:
    for target in ("#k1", "figures/a.png", "../B1.html", "https://doi.org/10.1/x"):
        assert f'href="{target}"' in markdown(f"[t]({target})")
    # The page a catalog anchor maps to is checked too.
    mapped = markdown("[t](#k1) [u](#k2)", link=lambda t: "javascript:void(0)")
    assert "<a" not in mapped
    assert "t u" in mapped


# --- what a user controls, escaped -----------------------------------------------

#: Markup that runs, or leaves its element or attribute, if a page writes it
#: unescaped: a script, a quote that ends an attribute, the end of a textarea,
#: an image whose error handler runs.
HOSTILE = (
    '<script>alert(1)</script>"onmouseover="alert(2)" '
    "'</textarea><img src=x onerror=alert(3)>"
)
#: The same without "/", for what is a file's name: a dataset's name.
HOSTILE_NAME = "<img src=x onerror=alert(4)>\"onmouseover=alert(5) '"
#: Claims of the hostile results: those of _results, and S1 for the Lasso
#: applet, whose data name the features by the columns of the dataset's CSV.
HOSTILE_CLAIMS = (*CLAIMS, "S1")


def hostile_results(tmp_path: Path) -> tuple[Path, dict]:
    """Made-up results (``_results``'s, with S1) with :data:`HOSTILE` in
    every field a user controls, and the keyword arguments of
    :func:`build_site` that bring the rest: a catalog whose K1 entry holds
    HTML and a ``javascript:`` link, captions, and a preset dataset whose file
    name and CSV column names are hostile.

    - claim rows: ``title``, ``dataset``, ``quantity`` and the ``key``;
    - config values: a value and a key of K1's section (``kernel_identity``),
      a dataset named :data:`HOSTILE_NAME` (``datasets``), chosen as the
      live applet's preset (``svm_sigma_C_grid.dataset``);
    - CSV column names: the preset's, and the Lasso applet's features;
    - captions: each figure's, as text and inline literal.
    """
    results = _results(tmp_path)
    table = pd.read_csv(results / "claims.csv", dtype=str, keep_default_na=False)
    s1 = table.iloc[[0]].assign(id="S1", key="S1/row6")
    table = pd.concat([table, s1], ignore_index=True)
    for i in table.index:
        table.loc[i, "key"] = f"{table.loc[i, 'id']}/{HOSTILE} {i}"
        for column in ("title", "dataset", "quantity"):
            table.loc[i, column] = f"{column} {i}: {HOSTILE}"
    table.to_csv(results / "claims.csv", index=False)
    shown = [f for f in figures() if set(figure(f).claims) & set(HOSTILE_CLAIMS)]
    config = {
        "datasets": {HOSTILE_NAME: {"generator": "csv", "path": f"{HOSTILE_NAME}.csv"}},
        "kernel_identity": {"n": [2], "note": HOSTILE, HOSTILE: HOSTILE_NAME},
        "svm_sigma_C_grid": {"dataset": HOSTILE_NAME},
        "figures": shown,
    }
    (results / "config.yaml").write_text(
        yaml.safe_dump(config, sort_keys=False, allow_unicode=True)
    )
    for name in shown:
        pixels = np.full((20, 30, 3), 255, np.uint8)
        pixels[5:15, 5:25] = (30, 90, 200)
        Image.fromarray(pixels).save(results / "figures" / f"{name}.png")
    features = [HOSTILE, HOSTILE_NAME]
    (results / "applets" / "lasso.json").write_text(
        json.dumps(
            {
                "kind": "lasso",
                "features": features,
                "lambdas": [1.0, 0.1, 0.01],
                "weights": [[0.5, 0.8, 1.0], [-0.2, -0.4, -0.5]],
            }
        )
    )
    captions = tmp_path / "captions"
    captions.mkdir()
    for name in shown:
        (captions / f"{name}.rst").write_text(
            f"**{name}: {HOSTILE}** ``{HOSTILE}`` {HOSTILE}\n"
        )
    catalog = tmp_path / "CLAIMS.md"
    text = (ROOT / "CLAIMS.md").read_text()
    k1 = re.search(r"^### K1 — .*\n", text, re.M)
    assert k1 is not None
    catalog.write_text(
        text[: k1.end()]
        + f"\n{HOSTILE} [click](javascript:alert(6)) <u onmouseover=alert(7)>u</u>\n"
        + text[k1.end() :]
    )
    from marginlab.core.datasets import Dataset

    rng = np.random.default_rng(1)
    preset = tmp_path / f"{HOSTILE_NAME}.csv"
    Dataset(
        rng.normal(size=(8, 2)),
        np.where(np.arange(8) % 2, 1.0, -1.0),
        (HOSTILE, HOSTILE_NAME),
        "classification",
    ).to_frame().to_csv(preset, index=False)
    return results, {"catalog": catalog, "captions": captions, "presets": [preset]}


class _Page(HTMLParser):
    """A page's text (entities decoded), its elements' attributes, and the
    contents of its inline scripts."""

    def __init__(self, text: str) -> None:
        super().__init__(convert_charrefs=True)
        self.text: list[str] = []
        self.elements: list[tuple[str, dict[str, str | None]]] = []
        self.feed(text)
        self.close()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.elements.append((tag, dict(attrs)))

    def handle_data(self, data: str) -> None:
        self.text.append(data)

    @property
    def shown(self) -> str:
        """The text, with its runs of white space (line breaks) made one space."""
        return " ".join("".join(self.text).split())

    def attributes(self, name: str) -> list[str | None]:
        return [a[name] for _, a in self.elements if name in a]


@pytest.fixture(scope="module")
def hostile_site(tmp_path_factory) -> Path:
    tmp = tmp_path_factory.mktemp("hostile")
    results, kwargs = hostile_results(tmp)
    return _build(results, **kwargs)


def _hostile_pages(site: Path) -> dict[str, _Page]:
    pages = {p.name: p for p in site.glob("*.html")}
    pages["claims.html"] = site.parent / "claims.html"
    return {
        name: _Page(path.read_text(encoding="utf-8")) for name, path in pages.items()
    }


def test_no_page_carries_a_users_markup(hostile_site) -> None:
    """Every element of every page is one the templates wrote: no script but
    the site's own, no event handler, no image but the figures, no link to
    ``javascript:``; the raw markup appears nowhere in the HTML."""
    sources = [*hostile_site.glob("*.html"), hostile_site.parent / "claims.html"]
    own_scripts = {
        "assets/site.js",
        "assets/applets.js",
        "assets/smo.js",
        "assets/boost.js",
        "assets/live.js",
        "data/presets.js",
        "data/smo.js",
        "data/lasso.js",
    }
    for path in sources:
        source = path.read_text(encoding="utf-8")
        for raw in ("<script>alert", "<img src=x", "<u onmouseover", "</textarea>"):
            assert raw not in source, f"{path.name}: {raw}"
        page = _Page(source)
        for tag, attrs in page.elements:
            assert not [a for a in attrs if a.startswith("on")], f"{path.name}: {tag}"
            assert tag not in ("textarea", "u"), f"{path.name}: a <{tag}>"
            if tag == "script":
                assert attrs.get("src") in own_scripts | {None}, path.name
            if tag == "img":
                assert str(attrs["src"]).startswith("figures/"), path.name
        for href in page.attributes("href"):
            assert not str(href).lower().startswith("javascript:"), path.name
        inline = source.count("<script>")
        assert inline == (2 if path.name == "claims.html" else 0), path.name


def test_notation_leaves_a_users_markup_as_it_is() -> None:
    assert notation(HOSTILE) == HOSTILE
    assert notation(HOSTILE_NAME) == HOSTILE_NAME


@pytest.mark.parametrize("field", ["title", "dataset", "quantity"])
def test_claim_row_text_is_shown_as_written(hostile_site, field) -> None:
    rows = pd.read_csv(
        hostile_site.parent / "claims.csv", dtype=str, keep_default_na=False
    )
    pages = _hostile_pages(hostile_site)
    for value, claim in zip(rows[field], rows["id"], strict=True):
        for name in ("table.html", f"{claim}.html", "claims.html"):
            assert value in pages[name].shown, f"{name}: {field}"


def test_row_keys_stay_in_their_attributes(hostile_site) -> None:
    rows = pd.read_csv(
        hostile_site.parent / "claims.csv", dtype=str, keep_default_na=False
    )
    pages = _hostile_pages(hostile_site)
    for key, claim in zip(rows["key"], rows["id"], strict=True):
        for name in ("table.html", f"{claim}.html", "claims.html"):
            assert key in pages[name].attributes("id"), name
        assert f"{claim}.html#{key}" in pages["table.html"].attributes("href")
        assert f"site/{claim}.html#{key}" in pages["claims.html"].attributes("href")


def test_config_values_and_dataset_names_are_shown_as_written(hostile_site) -> None:
    config = yaml.safe_load((hostile_site.parent / "config.yaml").read_text())
    section = yaml.safe_dump(
        {"kernel_identity": config["kernel_identity"]},
        sort_keys=False,
        allow_unicode=True,
    )
    pages = _hostile_pages(hostile_site)
    assert " ".join(section.split()) in pages["K1.html"].shown  # its section
    whole = (hostile_site.parent / "config.yaml").read_text()
    assert " ".join(whole.split()) in pages["index.html"].shown  # the run's config
    assert HOSTILE_NAME in whole
    # The dataset the live applet opens with stays in its attribute, and the
    # preset of that name is a key of the presets' JSON.
    assert pages["smo.html"].attributes("data-default") == [HOSTILE_NAME]
    script = (hostile_site / "data" / "presets.js").read_text()
    assert list(json.loads(script[len("window.KB_PRESETS = ") : -2])) == [HOSTILE_NAME]


def test_csv_column_names_stay_data(hostile_site) -> None:
    """The Lasso applet's features are a dataset's CSV column names: they
    reach S1's page only as JSON strings in ``data/lasso.js`` (which
    assets/applets.js draws and writes as text), never as HTML."""
    script = (hostile_site / "data" / "lasso.js").read_text()
    prefix = 'window.KB_APPLETS["lasso"] = '
    data = json.loads(script.split(prefix)[1].rstrip().removesuffix(";"))
    assert data["features"] == [HOSTILE, HOSTILE_NAME]
    s1 = _hostile_pages(hostile_site)["S1.html"]
    assert "data/lasso.js" in s1.attributes("src")
    assert HOSTILE_NAME not in s1.shown


def test_captions_and_the_catalog_are_shown_as_text(hostile_site) -> None:
    pages = _hostile_pages(hostile_site)
    k1 = pages["K1.html"]
    for name in [f for f in figures() if "K1" in figure(f).claims]:
        # The caption's text, its strong emphasis and its inline literal.
        assert f"{name}: {HOSTILE} {HOSTILE} {HOSTILE}" in k1.shown
    written = f"{HOSTILE} [click](javascript:alert(6)) <u onmouseover=alert(7)>u</u>"
    assert written in k1.shown
    assert written in pages["catalog.html"].shown


# --- the API reference ----------------------------------------------------------


def _api(tmp_path: Path) -> Path:
    """A made-up built API reference: index.html and a page beside it."""
    api = tmp_path / "api-html"
    (api / "_modules").mkdir(parents=True)
    (api / "index.html").write_text("<!DOCTYPE html><title>API</title>")
    (api / "_modules" / "svm.html").write_text("<!DOCTYPE html><title>svm</title>")
    return api


def test_without_an_api_reference_no_page_links_to_one(tmp_path) -> None:
    site = _build(_results(tmp_path))
    assert not (site / "api").exists()
    for page in site.glob("*.html"):
        assert "API reference" not in page.read_text(), page.name
        assert not [r for r in _parse(page).refs if r.startswith("api/")], page.name


def test_an_api_reference_is_copied_and_linked_from_every_page(tmp_path) -> None:
    from marginlab.pipeline.site import main

    results, api = _results(tmp_path), _api(tmp_path)
    argv = [str(results), "--catalog", str(ROOT / "CLAIMS.md"), "--root", str(ROOT)]
    assert main([*argv, "--api", str(api)]) == 0
    site = results / "site"
    for name in ("index.html", "_modules/svm.html"):
        assert (site / "api" / name).read_bytes() == (api / name).read_bytes()
    pages = list(site.glob("*.html"))
    assert len(pages) == 8
    for page in pages:
        nav = re.search(r"<nav>.*?</nav>", page.read_text(), re.S)
        assert nav is not None, page.name
        assert '<a href="api/index.html">API reference</a>' in nav.group(), page.name
        for ref in _parse(page).refs:
            assert not ref.startswith("api/") or (site / ref).is_file(), ref
    assert "API reference" not in (results / "claims.html").read_text()
    # Built again without it: the copy and the links are gone.
    assert main(argv) == 0
    assert not (site / "api").exists()
    assert "API reference" not in (site / "index.html").read_text()


def test_an_api_folder_without_an_index_leaves_no_site(tmp_path, capsys) -> None:
    from marginlab.pipeline.site import main

    results = _results(tmp_path)
    empty = tmp_path / "no-api"
    empty.mkdir()
    with pytest.raises(SiteError, match="no-api: no index.html"):
        _build(results, api=empty)
    argv = [str(results), "--catalog", str(ROOT / "CLAIMS.md"), "--api", str(empty)]
    assert main(argv) == 1
    assert "no index.html" in capsys.readouterr().err
    assert not (results / "site").exists()


def test_the_footer_names_the_commit_or_says_there_is_none() -> None:
    from marginlab.pipeline.site.pages import Provenance

    record = {"marginlab": "0.1.0", "source_date": "2026-11-27T00:00:00+00:00"}
    commit = "0123456789abcdef0123"
    with_git = Provenance({**record, "commit": commit, "dirty": True}, "").line
    assert with_git == (
        "marginlab 0.1.0, commit 0123456789ab (with uncommitted changes), "
        "source date 2026-11-27"
    )
    without = Provenance({**record, "commit": None}, "").line
    assert without == "marginlab 0.1.0, no git commit, source date 2026-11-27"
