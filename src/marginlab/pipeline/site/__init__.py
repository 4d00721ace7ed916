"""The claims atlas: a static site of every claim, built from a run's results.

``python -m marginlab.pipeline.site results --catalog CLAIMS.md`` (the pipeline's
``site`` rule) writes ``results/site/``:

- ``index.html``: what the project is, a chart of the verdicts per family,
  each family's figures (small) and claims, the rows that did not hold or are
  not resolved, and how the numbers were made (commit, versions,
  configuration);
- ``<id>.html`` per claim: its figures with their captions first, then its
  verdicts and rows (sortable, filterable), its catalog entry (statement,
  kind, source, what is measured, what would falsify it), and the config
  section and code behind it;
- ``table.html``: every row, filterable by family, kind and verdict;
- ``catalog.html``: the whole catalog with its references and errata;
- ``data/<applet>.js``: the data of each interactive figure the run built
  (``results/applets/<applet>.json``), drawn by ``assets/applets.js``;
- ``smo.html``: the live SMO applet, which trains the SVM (``assets/smo.js``)
  and AdaBoost with stumps (``assets/boost.js``) in the page on points the
  student places, or on a preset: the run's small two-feature datasets
  (``data/presets.js``);
- ``figures/``, ``assets/``: the figures shown, the style sheet and scripts;
- ``api/``: with ``--api DIR``, a built HTML API reference (``DIR/index.html``,
  e.g. Sphinx's output for docs/), linked from every page's menu; without it,
  no page links to one.

and, beside the site, ``results/claims.html``: every row in one self-contained
page (the Snakemake report's entry for the claims table), linking into it.

Nothing is fetched from the network: every page works from ``file://``. The
pages are Jinja2 templates (``templates/``) rendered with autoescaping, the
catalog's Markdown is rendered by markdown-it-py (``markup.py``).
"""

from __future__ import annotations

import argparse
import inspect
import json
import shutil
import sys
import tempfile
from collections.abc import Collection, Sequence
from importlib import resources
from pathlib import Path

import pandas as pd
import yaml

from ...core.io import write_text_atomic
from ...experiments import (
    applet,
    caption,
    claim_experiment,
    claim_order,
    figure,
    figures,
)
from ...experiments import applets as applet_names
from ...experiments._shared.rows import read_rows
from ..archive import provenance as provenance_record
from ..jobs import resolve
from .catalog import Catalog, parse_catalog
from .markup import rst_caption
from .pages import (
    ClaimPage,
    Provenance,
    Thumbnail,
    catalog_page,
    claim_page,
    front_page,
    smo_page,
    standalone_table,
    table_page,
    timings_page,
)

__all__ = ["SiteError", "build_site", "main"]

#: The files of ``assets/``, shipped inside this package.
ASSETS = ("site.css", "site.js", "applets.js", "smo.js", "boost.js", "live.js")


class SiteError(ValueError):
    """The results, catalog or captions do not make a site (which one, and why)."""


def _source(ref: str) -> tuple[str, str]:
    """Title and source text of ``"module:function"`` under marginlab."""
    module, _ = ref.split(":")
    title = f"marginlab.{ref.replace(':', '.')} (src/marginlab/"
    title += module.replace(".", "/") + ".py)"
    return title, inspect.getsource(resolve(ref))  # type: ignore[arg-type]


def _config_section(config: dict, name: str) -> str:
    if name not in config:
        return f"# {name}: not in this run's config.yaml"
    return yaml.safe_dump({name: config[name]}, sort_keys=False, allow_unicode=True)


def _applets(results: Path) -> dict[str, Path]:
    """The applets whose data the run built: name → results/applets/<name>.json."""
    found = {name: results / "applets" / f"{name}.json" for name in applet_names()}
    return {name: path for name, path in found.items() if path.is_file()}


def _claim_pages(
    claims: pd.DataFrame,
    catalog: Catalog,
    captions: Path | None,
    config: dict,
    built: Collection[str],
) -> dict[str, ClaimPage]:
    shown = set(config.get("figures", figures()))
    pages = {}
    for claim in claims["id"].unique():
        if claim not in catalog.entries:
            raise SiteError(f"claims.csv: {claim} has no section in the catalog")
        ex = claim_experiment(claim)
        names = [f for f in figures() if claim in figure(f).claims and f in shown]
        shown_figures = []
        for name in names:
            path = caption(name) if captions is None else captions / f"{name}.rst"
            if not path.is_file():
                raise SiteError(f"{path}: no caption for figure {name}")
            shown_figures.append((name, rst_caption(path.read_text())))
        pages[claim] = ClaimPage(
            entry=catalog.entries[claim],
            figures=shown_figures,
            config=_config_section(config, ex.name),
            code=[_source(ex.study), _source(ex.claims[claim])],
            applets=[a for a in built if claim in applet(a).claims],
        )
    return pages


def presets_script(paths: Sequence[str | Path], k11: str | None = None) -> str:
    """``data/presets.js``: the points of each dataset of ``paths`` (by file
    name), as ``window.KB_PRESETS = {name: {x1, x2, label, note}}``; ``k11``
    names K11's dataset (its note says so).

    Raises
    ------
    SiteError
        For a file that is missing or is not two-feature classification data.
    """
    from ...core.datasets import DatasetError, read_dataset

    sets = {}
    for path in sorted(map(Path, paths), key=lambda p: p.stem):
        try:
            data = read_dataset(path)
        except (DatasetError, OSError) as err:
            raise SiteError(f"{path}: not a preset ({err})") from None
        if data.task != "classification" or data.X.shape[1] != 2:
            raise SiteError(f"{path}: a preset needs two features and two classes")
        sets[path.stem] = {
            "x1": data.X[:, 0].tolist(),
            "x2": data.X[:, 1].tolist(),
            "label": [int(v) for v in data.y],
            "note": "K11's data" if path.stem == k11 else "",
        }
    return f"window.KB_PRESETS = {json.dumps(sets, separators=(',', ':'))};\n"


def thumbnails(pages: dict[str, ClaimPage]) -> list[Thumbnail]:
    """Each figure of the claim pages once, in registry order, with the claims
    whose pages show it."""
    shown = {}
    for claim, page in pages.items():
        for name, _ in page.figures:
            shown.setdefault(name, []).append(claim)
    return [
        Thumbnail(name, tuple(sorted(shown[name], key=claim_order)))
        for name in figures()
        if name in shown
    ]


def _asset(name: str) -> str:
    return resources.files(__package__).joinpath("assets", name).read_text("utf-8")


def build_site(
    results: str | Path,
    *,
    catalog: str | Path,
    captions: str | Path | None = None,
    out: str | Path | None = None,
    root: str | Path = ".",
    presets: Sequence[str | Path] = (),
    api: str | Path | None = None,
) -> Path:
    """Write the site of the results in ``results`` to ``out``, and
    ``<results>/claims.html``.

    The site is built in a temporary folder beside ``out`` and moved into place
    at the end: a failure leaves no partial site (and the previous one, if
    any, untouched).

    Parameters
    ----------
    results : path
        The results folder: ``claims.csv``, ``config.yaml``, ``figures/*.png``.
    catalog : path
        The claims catalog, ``CLAIMS.md``.
    captions : path, optional
        A folder of figure captions, ``<figure>.rst``, to use instead of the
        captions in the experiments' rooms.
    out : path, optional
        Where the site goes; ``<results>/site`` by default.
    root : path
        The checkout the results come from (its git commit is recorded).
    presets : sequence of path
        Datasets (``results/data/<name>.csv``, two features) the live SMO
        applet offers; K11's (``svm_sigma_C_grid.dataset``), if among them,
        is loaded first.
    api : path, optional
        A built HTML API reference, a folder with an ``index.html``: copied to
        ``<out>/api/``, and every page's menu links to it. Without it, no page
        links to an API reference.

    Returns
    -------
    Path
        ``out``.

    Raises
    ------
    SiteError
        When a file is missing, or a claim of claims.csv has no catalog entry.
    """
    results = Path(results)
    if api is not None and not (Path(api) / "index.html").is_file():
        raise SiteError(f"{api}: no index.html (not a built API reference)")
    out = Path(out) if out is not None else results / "site"
    for need in ("claims.csv", "config.yaml"):
        if not (results / need).is_file():
            raise SiteError(f"{results / need}: missing (run the pipeline first)")
    if not Path(catalog).is_file():
        raise SiteError(f"{catalog}: no such catalog")
    claims = read_rows([results / "claims.csv"])
    claims = claims.sort_values(
        "id", key=lambda ids: ids.map(claim_order), kind="stable", ignore_index=True
    )
    timings = read_rows(
        [results / "timings.csv"] if (results / "timings.csv").is_file() else []
    )
    parsed = parse_catalog(Path(catalog).read_text(encoding="utf-8"))
    config_text = (results / "config.yaml").read_text(encoding="utf-8")
    config = yaml.safe_load(config_text) or {}
    built = _applets(results)
    folder = Path(captions) if captions is not None else None
    pages = _claim_pages(claims, parsed, folder, config, built)
    prov = Provenance(provenance_record(results, root), config_text)

    out.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=out.parent, prefix=f".{out.name}-") as tmp:
        site = Path(tmp) / "site"
        (site / "figures").mkdir(parents=True)
        (site / "assets").mkdir()
        for name in ASSETS:
            (site / "assets" / name).write_text(_asset(name), encoding="utf-8")
        if api is not None:
            shutil.copytree(api, site / "api")
        linked = {"api": api is not None}
        if built:
            (site / "data").mkdir()
        for name, path in built.items():
            data = path.read_text(encoding="utf-8")
            (site / "data" / f"{name}.js").write_text(
                "window.KB_APPLETS = window.KB_APPLETS || {};\n"
                f"window.KB_APPLETS[{json.dumps(name)}] = {data};\n",
                encoding="utf-8",
            )
        for page in pages.values():
            for name, _ in page.figures:
                png = results / "figures" / f"{name}.png"
                if not png.is_file():
                    raise SiteError(f"{png}: missing (run the pipeline first)")
                shutil.copyfile(png, site / "figures" / png.name)

        def write(name: str, text: str) -> None:
            (site / name).write_text(text, encoding="utf-8")

        interactive = [
            (claim, parsed.entries[claim].title, applet(name).moves)
            for name in built
            for claim in applet(name).claims
            if claim in pages
        ]
        section, _, key = applet("smo").opens_with.partition(".")
        default = config.get(section, {}).get(key)
        (site / "data").mkdir(exist_ok=True)
        (site / "data" / "presets.js").write_text(
            presets_script(presets, default), encoding="utf-8"
        )
        names = {Path(p).stem for p in presets}
        write(
            "smo.html",
            smo_page(prov, default if default in names else None, set(pages), **linked),
        )
        thumbs = thumbnails(pages)
        write(
            "index.html",
            front_page(claims, parsed, prov, interactive, thumbs, **linked),
        )
        write("table.html", table_page(claims, prov, **linked))
        write("timings.html", timings_page(timings, prov, **linked))
        write("catalog.html", catalog_page(parsed, pages, prov, **linked))
        ids = list(pages)
        for i, claim in enumerate(ids):
            neighbours = (ids[i - 1] if i else None, (ids[i + 1 :] or [None])[0])
            rows = claims[claims["id"] == claim]
            write(
                f"{claim}.html",
                claim_page(
                    claim,
                    rows,
                    pages[claim],
                    parsed,
                    prov,
                    neighbours,
                    pages,
                    timed=claim in set(timings["id"]),
                    **linked,
                ),
            )
        table = standalone_table(claims, prov, _asset("site.css"), _asset("site.js"))
        write_text_atomic(table, results / "claims.html")
        if out.exists():
            shutil.rmtree(out)
        site.rename(out)
    return out


def main(
    argv: Sequence[str] | None = None, prog: str = "python -m marginlab.pipeline.site"
) -> int:
    """Command line: ``marginlab site RESULTS [--catalog CLAIMS.md]
    [--captions DIR] [--out DIR] [--root DIR] [--presets CSV ...] [--api DIR]``
    (``prog``: the name its usage and messages give)."""
    parser = argparse.ArgumentParser(prog=prog, description=__doc__.splitlines()[0])
    parser.add_argument("results", type=Path, help="the results folder")
    parser.add_argument(
        "--catalog",
        type=Path,
        default=Path("CLAIMS.md"),
        help="the claims catalog whose entries the pages show (default: %(default)s)",
    )
    parser.add_argument(
        "--captions", type=Path, help="default: each experiment's own captions"
    )
    parser.add_argument("--out", type=Path, help="default: RESULTS/site")
    parser.add_argument(
        "--root",
        type=Path,
        default=Path("."),
        help="the project checkout whose source the pages quote (default: the "
        "current folder)",
    )
    parser.add_argument(
        "--presets", type=Path, nargs="*", default=[], help="datasets for smo.html"
    )
    parser.add_argument(
        "--api",
        type=Path,
        help="a built HTML API reference (a folder with index.html), copied to "
        "OUT/api and linked from every page; default: none, and no link",
    )
    args = parser.parse_args(argv)
    try:
        out = build_site(
            args.results,
            catalog=args.catalog,
            captions=args.captions,
            out=args.out,
            root=args.root,
            presets=args.presets,
            api=args.api,
        )
    except SiteError as err:
        print(f"{prog}: {err}", file=sys.stderr)
        return 1
    print(f"{prog}: wrote {out / 'index.html'}")
    return 0
