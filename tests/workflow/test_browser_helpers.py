"""tests/workflow/browser.py catches what it promises to, on a tiny static site."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from PIL import Image
from playwright.sync_api import Browser

from .browser import broken_links, drawn, is_blank, load_images, open_page

CANVAS = """<canvas id="c" width="120" height="60"></canvas>
<script>
const g = document.getElementById("c").getContext("2d");
g.fillStyle = "white"; g.fillRect(0, 0, 120, 60);
{draw}
</script>"""


@pytest.fixture
def site(tmp_path: Path) -> Path:
    """index.html linking to a page, its anchors, a folder and what is missing."""
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "index.html").write_text("<p id='deep'>sub</p>")
    (tmp_path / "page.html").write_text("<h2 id='there'>x</h2><a name='old'>y</a>")
    (tmp_path / "index.html").write_text(
        "<h1 id='here'>index</h1>"
        "<a href='#'>top</a> <a href='#here'>here</a> <a href='#top'>top</a>"
        "<a href='page.html'>page</a> <a href='page.html#there'>there</a>"
        "<a href='page.html#old'>old</a> <a href='sub/'>sub</a>"
        "<a href='sub/#deep'>deep</a> <a href='https://example.org/x'>web</a>"
        "<a href='mailto:a@example.org'>mail</a>"
        "<a href='missing.html'>1</a> <a href='page.html#nowhere'>2</a>"
        "<a href='#gone'>3</a> <a href='javascript:void(0)'>4</a>"
        "<script>document.body.insertAdjacentHTML('beforeend',"
        " '<a id=made href=\"#made\">made</a>')</script>"
    )
    return tmp_path


def test_broken_links_finds_exactly_the_broken_ones(
    browser: Browser, site: Path
) -> None:
    with open_page(browser, site / "index.html") as visit:
        broken = broken_links(visit.page)
    assert [line.split(":", 1)[0] for line in broken] == [
        "'missing.html'",
        "'page.html#nowhere'",
        "'#gone'",
        "'javascript",
    ], broken


def test_problems_are_recorded_and_fail_the_block(
    browser: Browser, tmp_path: Path
) -> None:
    page = tmp_path / "bad.html"
    page.write_text(
        "<img src='absent.png'><script>console.error('told');</script>"
        "<script>undefinedFunction();</script>"
    )
    with (
        pytest.raises(AssertionError, match="absent.png") as raised,
        open_page(browser, page),
    ):
        pass
    message = str(raised.value)
    assert "console error: told" in message
    assert "page error:" in message
    assert "undefinedFunction" in message
    assert "failed request:" in message

    (tmp_path / "good.html").write_text("<p>fine</p><script>console.log(1)</script>")
    with open_page(browser, tmp_path / "good.html") as visit:
        assert visit.problems == []


@pytest.mark.parametrize(
    ("draw", "blank"),
    [
        ("", True),
        ("g.fillStyle = 'red'; g.fillRect(0, 0, 120, 60);", True),
        ("g.fillStyle = 'red'; g.fillRect(0, 0, 1, 1);", True),
        (
            "g.strokeStyle = 'blue'; g.lineWidth = 4; g.strokeRect(10, 10, 90, 40);",
            False,
        ),
    ],
)
def test_drawn_fails_on_a_blank_canvas(
    browser: Browser, tmp_path: Path, draw: str, blank: bool
) -> None:
    (tmp_path / "canvas.html").write_text(CANVAS.format(draw=draw))
    with open_page(browser, tmp_path / "canvas.html") as visit:
        canvas = visit.page.locator("#c")
        if blank:
            with pytest.raises(AssertionError, match="the canvas is drawn blank"):
                drawn(canvas, "the canvas")
        else:
            assert drawn(canvas, "the canvas").size == (120, 60)


def test_drawn_fails_on_an_image_that_does_not_decode(
    browser: Browser, tmp_path: Path
) -> None:
    (tmp_path / "broken.png").write_bytes(b"not a png")
    (tmp_path / "img.html").write_text(
        "<img id='i' src='broken.png' width='50' height='50' alt='x'>"
    )
    with (
        open_page(browser, tmp_path / "img.html", check=False) as visit,
        pytest.raises(AssertionError, match="cannot be decoded"),
    ):
        drawn(visit.page.locator("#i"), "the picture")


def test_load_images_loads_the_lazy_ones_too(browser: Browser, tmp_path: Path) -> None:
    """Lazy images far below the window are loaded, each decoded, and none is
    cut short when the page is left."""
    for k in range(3):
        Image.new("RGB", (40, 30), (30 * k, 90, 200)).save(tmp_path / f"{k}.png")
    (tmp_path / "next.html").write_text("<p>next</p>")
    (tmp_path / "lazy.html").write_text(
        "<a id='go' href='next.html'>next</a><div style='height: 5000px'></div>"
        + "".join(
            f"<img src='{k}.png' loading='lazy' width='40' height='30' alt='{k}'>"
            for k in range(3)
        )
    )
    with open_page(browser, tmp_path / "lazy.html", height=400) as visit:
        page = visit.page
        assert page.evaluate("Array.from(document.images).some(i => !i.complete)")
        assert load_images(page) == 3
        assert page.evaluate(
            "Array.from(document.images).every(i => i.complete && i.naturalWidth)"
        )
        page.click("#go")
        page.wait_for_url("**/next.html")


def test_is_blank_counts_the_background() -> None:
    pixels = np.full((100, 100, 3), 255, np.uint8)
    assert is_blank(pixels)
    pixels[:5, :5] = [0, 0, 0]  # 0.25 %: a speck, still blank
    pixels[50, 50] = [9, 9, 9]
    assert is_blank(pixels)
    pixels[:20, :20] = [200, 0, 0]  # 4 %
    assert not is_blank(pixels)
