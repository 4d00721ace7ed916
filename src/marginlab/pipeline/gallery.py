"""The README's gallery and claims summary, regenerated from the results.

``python -m marginlab.pipeline.gallery README.md results`` (what ``make readme`` runs)
replaces the text between the two marker lines of README.md::

    <!-- gallery:start -->
    ...
    <!-- gallery:end -->

with the headline figures and one line per claim id counting the rows of
``results/claims.csv`` that held, did not hold or are illustrations. Nothing
between the markers is written by hand.

The headline figures are shown as small copies committed beside the README,
``docs/gallery/<name>.png`` (:func:`downscale` of the run's
``results/figures/<name>.png``), the one kind of generated file the
repository keeps: ``results/`` is not in git, so links into it would show
nothing on the repository's page. Each copy names the figure it was made from
(its path, size and SHA-256) in its PNG text chunks, so a test can tell that
it is that figure, downscaled.
"""

from __future__ import annotations

import argparse
import hashlib
import io
import sys
from collections.abc import Sequence
from pathlib import Path

import pandas as pd
from PIL import Image, PngImagePlugin

from ..core.io import atomic_path, write_text_atomic
from ..experiments import EXPERIMENTS
from ..experiments._shared.kinds import Tally
from ..experiments._shared.rows import Multiplicity, read_rows

#: The README lines between which :func:`replace_between_markers` writes the
#: gallery ...
START = "<!-- gallery:start -->"
#: ... and the line it ends before.
END = "<!-- gallery:end -->"

#: Where the gallery's images go, relative to the README (and how its links
#: name them): small copies of the headline figures, committed.
GALLERY = "docs/gallery"

#: The widest a gallery image is, in pixels: about the width of the README's
#: column on the repository's page. A narrower figure keeps its size.
MAX_WIDTH = 900

#: The most colours of a gallery image: a palette PNG is a third of the bytes
#: of its RGB original, and a figure's flat colours and antialiased edges lose
#: nothing a reader sees.
COLOURS = 256


def headlines() -> list[tuple[str, str]]:
    """The headline figures, in catalog order, with the line each shows under
    (the registry's :attr:`~marginlab.experiments.Figure.headline`)."""
    return [
        (name, fig.headline)
        for exp in EXPERIMENTS
        for name, fig in exp.figures.items()
        if fig.headline
    ]


def scaled_size(width: int, height: int) -> tuple[int, int]:
    """The size of a ``width`` × ``height`` figure's gallery image: at most
    :data:`MAX_WIDTH` wide, the height in proportion, rounded to whole pixels.

    Parameters
    ----------
    width, height : int
        The figure's size in pixels.

    Returns
    -------
    tuple of int
        The gallery image's width and height; the figure's own size when it is
        no wider than :data:`MAX_WIDTH`.
    """
    if width <= MAX_WIDTH:
        return width, height
    return MAX_WIDTH, max(1, round(height * MAX_WIDTH / width))


def downscale(figure: bytes, name: str) -> bytes:
    """The gallery image of a figure: the PNG bytes of ``figure`` made small.

    The figure is laid on white (its transparency, if any, as a browser shows
    it on a white page), resized to :func:`scaled_size` with Lanczos
    resampling, reduced to a palette of at most :data:`COLOURS` colours (median
    cut, no dithering) and written as an optimized PNG. Its text chunks name
    the figure it was made from: ``Source`` (``results/figures/<name>.png``),
    ``Source-Size`` (``<width>x<height>``) and ``Source-SHA256``; nothing else
    (no time, no software). The same figure gives the same bytes with the same
    Pillow.

    Parameters
    ----------
    figure : bytes
        A figure as the pipeline saved it, ``results/figures/<name>.png``.
    name : str
        The figure's name (the file's stem), recorded in ``Source``.

    Returns
    -------
    bytes
        The gallery image, a PNG.
    """
    with Image.open(io.BytesIO(figure)) as image:
        size = image.size
        rgba = image.convert("RGBA")
    white = Image.new("RGBA", size, (255, 255, 255, 255))
    rgb = Image.alpha_composite(white, rgba).convert("RGB")
    small = rgb.resize(scaled_size(*size), Image.Resampling.LANCZOS)
    palette = small.quantize(
        COLOURS, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE
    )
    info = PngImagePlugin.PngInfo()
    info.add_text("Source", f"results/figures/{name}.png")
    info.add_text("Source-Size", f"{size[0]}x{size[1]}")
    info.add_text("Source-SHA256", hashlib.sha256(figure).hexdigest())
    out = io.BytesIO()
    palette.save(out, format="PNG", optimize=True, pnginfo=info)
    return out.getvalue()


def write_gallery(figures: Path, folder: Path) -> list[Path]:
    """Write the gallery image of every headline figure into ``folder``.

    Each headline figure ``figures/<name>.png`` becomes
    ``folder/<name>.png`` (:func:`downscale`), written atomically; any other
    PNG in ``folder`` (a figure that is no longer a headline) is removed, so
    the folder holds exactly the gallery's images.

    Parameters
    ----------
    figures : Path
        A run's figures, ``results/figures``.
    folder : Path
        The gallery's folder, :data:`GALLERY` beside the README.

    Returns
    -------
    list of Path
        The images written, in the order of :func:`headlines`.

    Raises
    ------
    FileNotFoundError
        When a headline figure is not in ``figures``; nothing is written then.
    """
    names = [name for name, _ in headlines()]
    missing = [n for n in names if not (figures / f"{n}.png").is_file()]
    if missing:
        raise FileNotFoundError(
            f"{figures}: no {', '.join(f'{n}.png' for n in missing)}"
        )
    written = []
    for name in names:
        path = folder / f"{name}.png"
        with atomic_path(path) as tmp:
            tmp.write_bytes(downscale((figures / f"{name}.png").read_bytes(), name))
        written.append(path)
    for stale in sorted(set(folder.glob("*.png")) - set(written)):
        stale.unlink()
    return written


def render(
    claims: pd.DataFrame,
    figures_dir: str = GALLERY,
    timings: pd.DataFrame | None = None,
) -> str:
    """The Markdown between the markers: figures, then the claims summary, and
    the tally of the cost claims' CPU times when ``timings`` is given.

    Parameters
    ----------
    claims : pandas.DataFrame
        The rows of ``results/claims.csv``.
    figures_dir : str
        Where the image links point, relative to the README: the gallery's
        images, :data:`GALLERY`.
    timings : pandas.DataFrame, optional
        The rows of ``results/timings.csv``.

    Returns
    -------
    str
        The Markdown, without the marker lines.
    """
    lines = [
        "Regenerated by `make readme` from the results of `make reproduce`: each "
        "picture is the run's `results/figures/<name>.png`, downscaled to at most "
        f"{MAX_WIDTH} px wide into `{GALLERY}/` (the only generated files kept "
        "in git).",
        "",
    ]
    for name, caption in headlines():
        lines += [f"**{caption}**", "", f"![{name}]({figures_dir}/{name}.png)", ""]
    lines += [
        "Held, did not hold and not resolved count the evidence (theorems, "
        "identities, empirical tendencies); a row measured on test points is not "
        "resolved when its 95 % interval straddles the bound. Checks, true by "
        "construction of the code, are counted apart.",
        "",
        "| claim | rows | held | did not hold | not resolved | checks passed "
        "| illustration or not measured |",
        "|---|---|---|---|---|---|---|",
    ]
    for claim, part in claims.groupby("id", sort=False):
        t = Tally.of(zip(part["kind"], part["holds"], strict=True))
        passed = f"{t.checks_passed} of {t.checks}" if t.checks else ""
        lines.append(
            f"| {claim} | {t.rows} | {t.held} | {t.failed} | {t.unresolved} | "
            f"{passed} | {t.no_verdict} |"
        )
    lines += ["", Multiplicity.of(claims).sentence(), ""]
    if timings is not None and not timings.empty:
        t = Tally.of(zip(timings["kind"], timings["holds"], strict=True))
        lines += [
            f"The cost claims' CPU times, a measurement of the machine kept apart "
            f"from claims.csv: of {t.evidence} rows of evidence, {t.held} held, "
            f"{t.failed} did not hold and {t.unresolved} are not resolved "
            f"(`results/timings.md`).",
            "",
        ]
    lines += ["Every row, with its numbers: `results/claims.md`."]
    return "\n".join(lines)


def replace_between_markers(text: str, block: str) -> str:
    """``text`` with everything between :data:`START` and :data:`END` replaced."""
    if text.count(START) != 1 or text.count(END) != 1:
        raise ValueError(f"expected exactly one {START!r} and one {END!r} line")
    head, rest = text.split(START)
    _, tail = rest.split(END)
    return f"{head}{START}\n{block}\n{END}{tail}"


def main(
    argv: Sequence[str] | None = None,
    prog: str = "python -m marginlab.pipeline.gallery",
) -> int:
    """``marginlab gallery README.md RESULTS_DIR``: write the gallery's images
    into ``docs/gallery/`` beside the README and rewrite the README's gallery
    block, from a run's results.

    Parameters
    ----------
    argv : sequence of str, optional
        The arguments (``sys.argv[1:]`` when not given).
    prog : str, optional
        The name its usage and messages give (``marginlab gallery`` from the
        command).

    Returns
    -------
    int
        0, or 1 when the results lack ``claims.csv`` or a headline figure, or
        the README is missing or lacks its markers (said in one line on
        stderr; nothing is written then).
    """
    parser = argparse.ArgumentParser(
        prog=prog,
        description="Write the headline figures, downscaled, into docs/gallery/ "
        "beside the README and rewrite the gallery and claims summary between "
        f"the README's markers ({START} ... {END}) from the results of a run.",
    )
    parser.add_argument("readme", type=Path, help="the README to rewrite")
    parser.add_argument("results", type=Path, help="the run's results folder")
    args = parser.parse_args(argv)
    readme, results = args.readme, args.results
    claims_csv = results / "claims.csv"
    if not claims_csv.exists():
        print(
            f"{prog}: {claims_csv}: not found; run `make reproduce` first",
            file=sys.stderr,
        )
        return 1
    if not readme.is_file():
        print(f"{prog}: {readme}: not found", file=sys.stderr)
        return 1
    timings = results / "timings.csv"
    block = render(
        read_rows([claims_csv]),
        GALLERY,
        read_rows([timings]) if timings.exists() else None,
    )
    try:
        text = replace_between_markers(readme.read_text(), block)
    except ValueError as err:
        print(f"{prog}: {readme}: {err}", file=sys.stderr)
        return 1
    try:
        write_gallery(results / "figures", readme.parent / GALLERY)
    except FileNotFoundError as missing:
        print(f"{prog}: {missing}; run `make reproduce` first", file=sys.stderr)
        return 1
    write_text_atomic(text, readme)
    return 0


if __name__ == "__main__":
    sys.exit(main())
