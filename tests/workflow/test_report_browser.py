"""The small run's report, looked at in headless Chromium as a person would.

For every figure: open the report, click its claim family in the menu, click
the figure's view button, and check that the picture shown is the figure's
PNG, decoded and drawn (a screenshot of it is not blank and matches the file);
then click its info button and check the caption states the claim and how it
came out in this run. The report must load and run without a console error, an
uncaught exception or a failed request (tests/workflow/browser.py).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest
from PIL import Image
from playwright.sync_api import Browser, Locator, Page, expect

from marginlab.experiments import figures

from .browser import Visit, broken_links, drawn, is_blank, open_page
from .conftest import caption_of

FIGURES = figures()

# Under pytest-xdist (make test), every test of the session's small run in one
# process, so that it is made once.
pytestmark = [pytest.mark.pipeline, pytest.mark.xdist_group("small_run")]

#: The report's categories: one per claim family (common.smk's FAMILIES).
FAMILY_PREFIX = ("K: ", "E: ", "B: ", "S: ")


def _claim_of(small_run: Path, figure: str) -> str:
    """The first claim id a figure's caption states ("**K1 — ..." → "K1")."""
    caption = caption_of(small_run, figure).read_text()
    return caption.removeprefix("**").split(" ", 1)[0]


def _exactly(text: str) -> re.Pattern[str]:
    """Playwright's text filter for an element whose whole text is ``text``."""
    return re.compile(rf"^\s*{re.escape(text)}\s*$")


def _menu(page: Page) -> Locator:
    """The report's menu entries (its left column), once it has drawn them."""
    items = page.locator("#app li a")
    expect(items.first).to_be_visible()
    return items


def _category_of(page: Page, figure: str) -> str | None:
    """The report category (menu entry) that lists a figure, from its data."""
    return page.evaluate(
        """path => Object.keys(categories).find(c =>
            Object.values(categories[c]).some(paths => paths.includes(path)))""",
        f"results/figures/{figure}.png",
    )


def _row(page: Page, figure: str) -> Locator:
    """The results table row of ``figure``; its last cell holds the view (first)
    and info (second) buttons."""
    name = page.locator(
        "td:first-child", has_text=_exactly(f"results/figures/{figure}.png")
    )
    return page.locator("#app tr", has=name)


def _coarse(image: Image.Image, like: Image.Image | None = None) -> np.ndarray:
    """Grey levels averaged down to 160 pixels wide (``like``'s aspect ratio)."""
    width, height = (like or image).size
    size = (160, max(1, round(160 * height / width)))
    return np.asarray(image.convert("L").resize(size, Image.BOX), float).ravel()


@pytest.fixture(scope="module")
def visit(browser: Browser) -> Iterator[Visit]:
    """One page for the module's tests, each loading the report afresh: a new
    page per test (a new renderer each) made them a quarter to a third slower."""
    with open_page(browser, check=False) as kept:
        yield kept


def test_report_opens_with_every_family_in_the_menu(
    small_report: Path, visit: Visit, tmp_path: Path
) -> None:
    visit.open(small_report)
    items = [s.strip() for s in _menu(visit.page).locator("span").all_inner_texts()]
    families = [item for item in items if item.startswith(FAMILY_PREFIX)]
    assert [f[0] for f in families] == ["B", "E", "K", "S"], items
    shot = tmp_path / "report.png"  # to look at when this fails
    visit.page.screenshot(path=shot)
    assert not is_blank(np.asarray(Image.open(shot).convert("RGB")))
    assert broken_links(visit.page) == []
    visit.assert_clean()


@pytest.mark.parametrize("figure", sorted(FIGURES))
def test_figure_is_shown_with_its_caption(
    small_run: Path, small_report: Path, visit: Visit, figure: str
) -> None:
    png = small_run / "results" / "figures" / f"{figure}.png"
    claim = _claim_of(small_run, figure)
    visit.open(small_report)
    page = visit.page
    menu = _menu(page)

    # Its claim family in the menu, then its row's view button.
    category = _category_of(page, figure)
    assert category is not None, f"{png.name} is not in the report"
    assert category.startswith(f"{claim[0]}: "), (figure, category)
    menu.filter(has_text=_exactly(category)).click()
    buttons = _row(page, figure).locator("td:last-child a")
    buttons.nth(0).click()

    # The picture drawn is the file's, at its size, and not blank.
    image = page.locator('#app img[src^="data:image/png"]')
    shot = drawn(image, png.name)
    expected = Image.open(png).convert("RGB")
    natural = image.evaluate("img => [img.naturalWidth, img.naturalHeight]")
    assert tuple(natural) == expected.size
    assert shot.width > 200, shot.size
    assert shot.height > 100, shot.size
    # Correlation of the grey levels of screenshot and file, both averaged
    # down to 160 pixels wide: 0.95-1.0 for the figure itself (the element's
    # screenshot starts at a whole pixel, the picture at a fraction of one),
    # at most 0.53 for any other figure of the small run.
    similarity = np.corrcoef(_coarse(shot), _coarse(expected, like=shot))[0, 1]
    assert similarity > 0.9, f"{png.name} drawn unlike the file ({similarity:.3f})"

    # Its info button: the caption states the claim and this run's outcome.
    buttons.nth(1).click()
    app = page.locator("#app")
    expect(app).to_contain_text("Outcome in this run:")
    text = app.inner_text()
    assert f"{claim} —" in text
    assert "caption=" not in text  # the caption is not repeated as a job parameter
    outcome = text.split("Outcome in this run:", 1)[1]
    assert claim in outcome.split("\n", 1)[0], outcome[:300]
    visit.assert_clean()
