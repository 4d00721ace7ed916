"""The README's front door: its first screen says what the project is, gives
the two commands and a library example that runs, and shows the gallery's
pictures, which are the pipeline's own figures, downscaled and committed
under ``docs/gallery/``."""

from __future__ import annotations

import hashlib
import re

import pytest
from PIL import Image

from marginlab.pipeline import gallery

from ..conftest import ROOT

README = ROOT / "README.md"

#: The lines a reader sees before scrolling.
FIRST_SCREEN = 45

#: The most bytes of one gallery picture: the pictures live in git's history,
#: each ``make readme`` after a figure changes adds them again.
MAX_BYTES = 300_000


def _code_blocks(text: str, language: str) -> list[tuple[int, str]]:
    """The fenced code blocks of ``text`` in ``language``, as (the line number
    of the opening fence, the code)."""
    found = []
    for match in re.finditer(rf"^```{language}\n(.*?)^```$", text, re.M | re.S):
        found.append((text.count("\n", 0, match.start()) + 1, match.group(1)))
    return found


def _image_links(text: str) -> list[str]:
    return re.findall(r"!\[[^]]*\]\(([^)]+)\)", text)


def test_the_first_screen_has_the_commands_an_example_and_a_picture() -> None:
    text = README.read_text()
    screen = "\n".join(text.splitlines()[:FIRST_SCREEN])
    assert screen.startswith("# marginlab\n")
    ((line, commands),) = _code_blocks(screen, "sh")
    assert [c.split()[:2] for c in commands.splitlines()] == [
        ["make", "reproduce"],
        ["make", "test"],
    ]
    # Each command says how long it takes (benchmarks/pipeline.py measures it).
    assert len(re.findall(r"\(about [\d.]+ min on 2 cores\)", commands)) == 2
    (_, example), *_ = _code_blocks(screen, "python")
    assert len([c for c in example.splitlines() if c.strip()]) == 5
    assert _image_links(screen), "no picture on the first screen"
    assert line < screen.index("```python")


def test_the_first_screen_example_is_the_readmes_first_python_block() -> None:
    text = README.read_text()
    (first, _), *_ = _code_blocks(text, "python")
    assert first < FIRST_SCREEN


@pytest.mark.parametrize(
    ("line", "code"),
    [
        pytest.param(line, code, id=f"README.md:{line}")
        for line, code in _code_blocks(README.read_text(), "python")
    ],
)
def test_the_readmes_python_examples_run(
    line: int, code: str, capsys: pytest.CaptureFixture[str]
) -> None:
    exec(compile(code, f"README.md:{line}", "exec"), {})
    if "print(" in code:
        assert capsys.readouterr().out


def test_the_readme_shows_the_gallery_pictures_and_only_them() -> None:
    """Every picture the README shows is ``docs/gallery/<name>.png`` of a
    headline figure, each headline is shown, and the folder holds nothing
    else: the only generated files in git."""
    links = _image_links(README.read_text())
    names = [name for name, _ in gallery.headlines()]
    assert links == [f"{gallery.GALLERY}/{name}.png" for name in names]
    folder = ROOT / gallery.GALLERY
    assert sorted(p.name for p in folder.iterdir()) == sorted(
        f"{name}.png" for name in names
    )


@pytest.mark.parametrize("name", [name for name, _ in gallery.headlines()])
def test_a_gallery_picture_is_its_figure_downscaled(name: str) -> None:
    """The picture names the pipeline's figure it was made from, has that
    figure's aspect at :func:`~marginlab.pipeline.gallery.scaled_size`, and is
    small."""
    path = ROOT / gallery.GALLERY / f"{name}.png"
    assert path.stat().st_size <= MAX_BYTES
    with Image.open(path) as image:
        assert image.format == "PNG"
        info, size = dict(image.info), image.size
    assert set(info) == {"Source", "Source-Size", "Source-SHA256"}
    assert info["Source"] == f"results/figures/{name}.png"
    width, height = map(int, info["Source-Size"].split("x"))
    assert size == gallery.scaled_size(width, height)
    assert size[0] <= gallery.MAX_WIDTH
    assert re.fullmatch(r"[0-9a-f]{64}", info["Source-SHA256"])


def test_the_gallery_pictures_are_the_bytes_make_readme_writes() -> None:
    """With the figures the pictures were made from in ``results/`` (after
    ``make reproduce`` of the code that made them), ``make readme`` writes the
    committed bytes again."""
    compared = []
    for name, _ in gallery.headlines():
        figure = ROOT / "results" / "figures" / f"{name}.png"
        path = ROOT / gallery.GALLERY / f"{name}.png"
        with Image.open(path) as image:
            digest = image.info["Source-SHA256"]
        if figure.is_file():
            data = figure.read_bytes()
            if hashlib.sha256(data).hexdigest() == digest:
                assert gallery.downscale(data, name) == path.read_bytes(), name
                compared.append(name)
    if not compared:
        pytest.skip("results/figures/ holds none of the figures docs/gallery shows")
