"""The small run's report, looked at in headless Chromium as a person would.

For every figure: open the report, click its claim family in the menu, click
the figure's view button, and check that the picture shown is the figure's
PNG, decoded and drawn (a screenshot of it is not blank and matches the file);
then click its info button and check the caption states the claim and how it
came out in this run.
"""

from __future__ import annotations

import io
import json
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from kernelboost.experiments import figures

from .chromium import Chromium, file_url

FIGURES = figures()

# Under pytest-xdist (make test), every test of the session's small run in one
# process, so that it is made once.
pytestmark = [pytest.mark.pipeline, pytest.mark.xdist_group("small_run")]

#: The report's categories: one per claim family (common.smk's FAMILIES).
FAMILY_PREFIX = ("K: ", "E: ", "B: ", "S: ")


def _claim_of(small_run: Path, figure: str) -> str:
    """The first claim id a figure's caption states ("**K1 — ..." → "K1")."""
    caption = (small_run / "workflow" / "report" / f"{figure}.rst").read_text()
    return caption.removeprefix("**").split(" ", 1)[0]


def _category_of(page: Chromium, figure: str) -> str:
    path = json.dumps(f"results/figures/{figure}.png")
    return page.evaluate(
        f"Object.keys(categories).find(c => "
        f"Object.values(categories[c]).some(paths => paths.includes({path})))"
    )


def _by_text(selector: str, text: str) -> str:
    """JavaScript naming the first ``selector`` element whose text is ``text``."""
    return (
        f"Array.from(document.querySelectorAll({json.dumps(selector)}))"
        f".find(el => el.textContent.trim() === {json.dumps(text)})"
    )


def _row_button(figure: str, index: int) -> str:
    """The view (0) or info (1) button in the results table row of ``figure``."""
    row = _by_text("#app tr td:first-child", f"results/figures/{figure}.png")
    return f"({row}).parentElement.querySelectorAll('td:last-child a')[{index}]"


def _blank(pixels: np.ndarray) -> bool:
    """True when under 1 % of the pixels differ from the most common colour."""
    flat = pixels.reshape(-1, pixels.shape[-1])
    colours, counts = np.unique(flat, axis=0, return_counts=True)
    return counts.max() > 0.99 * len(flat) or len(colours) < 3


def _coarse(image: Image.Image, like: Image.Image | None = None) -> np.ndarray:
    """Grey levels averaged down to 160 pixels wide (``like``'s aspect ratio)."""
    width, height = (like or image).size
    size = (160, max(1, round(160 * height / width)))
    return np.asarray(image.convert("L").resize(size, Image.BOX), float).ravel()


@pytest.fixture(scope="module")
def page() -> Iterator[Chromium]:
    with Chromium(width=1600, height=1000) as browser:
        yield browser


def test_report_opens_with_every_family_in_the_menu(
    small_report: Path, page: Chromium, tmp_path: Path
) -> None:
    page.open(file_url(small_report))
    page.wait_until("document.querySelector('#app li')", "the report's menu")
    items = page.evaluate(
        "Array.from(document.querySelectorAll('#app li a span'))"
        ".map(s => s.textContent.trim())"
    )
    families = [item for item in items if item.startswith(FAMILY_PREFIX)]
    assert [f[0] for f in families] == ["B", "E", "K", "S"], items
    shot = page.screenshot()
    (tmp_path / "report.png").write_bytes(shot)  # to look at when this fails
    assert not _blank(np.asarray(Image.open(io.BytesIO(shot)).convert("RGB")))


def _click_until(
    page: Chromium, element: str, what: str, condition: str, outcome: str
) -> None:
    """Click, and click again (up to three times) if ``condition`` does not come
    true: on a loaded machine the report can redraw the menu between the moment
    the click's target is found and the click, which then lands on nothing."""
    for _ in range(2):
        page.click(element, what)
        try:
            page.wait_until(condition, outcome, seconds=15)
        except AssertionError:
            continue
        return
    page.click(element, what)
    page.wait_until(condition, outcome)


@pytest.mark.parametrize("figure", sorted(FIGURES))
def test_figure_is_shown_with_its_caption(
    small_run: Path, small_report: Path, page: Chromium, figure: str
) -> None:
    png = small_run / "results" / "figures" / f"{figure}.png"
    claim = _claim_of(small_run, figure)
    page.open(file_url(small_report))
    page.wait_until("document.querySelector('#app li')", "the report's menu")

    # Its claim family in the menu, then its row's view button.
    category = _category_of(page, figure)
    assert category is not None, f"{png.name} is not in the report"
    assert category.startswith(f"{claim[0]}: "), (figure, category)
    _click_until(
        page,
        _by_text("#app li a", category),
        f"menu item {category!r}",
        _row_button(figure, 0),
        f"the row of {png.name}",
    )
    page.click(_row_button(figure, 0), f"view button of {png.name}")
    image = "document.querySelector('#app img[src^=\"data:image/png\"]')"
    page.wait_until(f"{image}.complete && {image}.naturalWidth > 0", png.name)

    # The picture drawn is the file's, at its size, and not blank.
    expected = Image.open(png).convert("RGB")
    shown = page.evaluate(
        f"(() => {{ const r = {image}.getBoundingClientRect();"
        f" return {{natural: [{image}.naturalWidth, {image}.naturalHeight],"
        f" x: r.x + window.scrollX, y: r.y + window.scrollY,"
        f" width: r.width, height: r.height}}; }})()"
    )
    assert tuple(shown["natural"]) == expected.size
    assert shown["width"] > 200, shown
    assert shown["height"] > 100, shown
    clip = {k: shown[k] for k in ("x", "y", "width", "height")}
    shot = Image.open(io.BytesIO(page.screenshot(clip))).convert("RGB")
    assert not _blank(np.asarray(shot)), f"{png.name} is drawn blank"
    # Correlation of the grey levels of screenshot and file, both averaged down
    # to 160 pixels wide: 0.98-1.0 for the figure itself, at most 0.4 for any
    # other figure of the small run.
    similarity = np.corrcoef(_coarse(shot), _coarse(expected, like=shot))[0, 1]
    assert similarity > 0.9, f"{png.name} drawn unlike the file ({similarity:.3f})"

    # Its info button: the caption states the claim and this run's outcome.
    page.click(_row_button(figure, 1), f"info button of {png.name}")
    page.wait_until(
        "document.body.innerText.includes('Outcome in this run:')",
        f"the caption of {png.name}",
    )
    text = page.evaluate("document.querySelector('#app').innerText")
    assert f"{claim} —" in text
    assert "caption=" not in text  # the caption is not repeated as a job parameter
    outcome = text.split("Outcome in this run:", 1)[1]
    assert claim in outcome.split("\n", 1)[0], outcome[:300]
