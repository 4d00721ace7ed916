"""Headless Chromium through Playwright, for tests that look at pages as a person would.

Playwright (the ``playwright`` package of the ``test`` extra) drives Debian's
``chromium``, installed with apt-get when it is missing (which needs root;
tests are skipped, saying why, where that is impossible). Playwright's own
browser downloads (``playwright install``) are never used.

What a test needs:

- :func:`chromium`, a context manager giving a Playwright ``Browser`` (the
  ``browser`` fixture of ``tests/workflow/conftest.py`` keeps one for the session);
- :func:`open_page`, a page in a fresh browser context that records console
  errors, uncaught exceptions and failed requests, and fails the test on
  leaving the ``with`` block when there were any;
- :func:`broken_links`, the internal links of a page that lead nowhere;
- :func:`drawn`, a screenshot of an image or canvas element, checked not to be
  blank (:func:`is_blank`);
- :func:`load_images`, every image of a page loaded now, lazy ones included
  (before leaving a page by a click: its images still loading would be
  aborted, and recorded as failed requests).

Example::

    def test_index(browser, site):
        with open_page(browser, site / "index.html") as visit:
            assert broken_links(visit.page) == []
            drawn(visit.page.locator("canvas#plot"), "the plot")
"""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import io
import shutil
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit
from urllib.request import url2pathname

import numpy as np
from PIL import Image
from playwright.sync_api import (
    Browser,
    ConsoleMessage,
    Locator,
    Page,
    Request,
    Response,
    sync_playwright,
)

from ..conftest import apt_install

#: Chromium's flags on this machine: no sandbox (tests may run as root), no GPU,
#: and nothing that goes on the network on its own (there is none but package
#: registries). Each launch gets a fresh, temporary profile from Playwright.
FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
)

#: Link schemes :func:`broken_links` leaves alone: pages elsewhere, and mail.
EXTERNAL_SCHEMES = frozenset({"http", "https", "mailto"})


def chromium_executable() -> str:
    """Debian's chromium, installed with apt-get when it is missing."""
    apt_install("chromium", commands=("chromium",))
    return shutil.which("chromium")


@contextlib.contextmanager
def chromium(timeout: float = 60) -> Iterator[Browser]:
    """A headless Chromium (Debian's) driven by Playwright; closed on exit.

    Parameters
    ----------
    timeout : float
        Seconds Chromium may take to start.
    """
    executable = chromium_executable()
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=executable, args=list(FLAGS), timeout=timeout * 1000
        )
        try:
            yield browser
        finally:
            browser.close()


@dataclasses.dataclass
class Visit:
    """A page and what went wrong while it was open.

    Attributes
    ----------
    page : playwright.sync_api.Page
        The page, in a browser context of its own.
    console_errors : list of str
        Messages the page logged at level error (``console.error``, and
        Chromium's own, such as a resource that did not load).
    page_errors : list of str
        Exceptions the page's scripts raised and did not catch.
    failed_requests : list of str
        Requests that got no answer (a missing file, a refused connection)
        or an answer with HTTP status 400 or more.
    """

    page: Page
    console_errors: list[str] = dataclasses.field(default_factory=list)
    page_errors: list[str] = dataclasses.field(default_factory=list)
    failed_requests: list[str] = dataclasses.field(default_factory=list)

    def __post_init__(self) -> None:
        self.page.on("console", self._on_console)
        self.page.on("pageerror", lambda error: self.page_errors.append(str(error)))
        self.page.on("requestfailed", self._on_request_failed)
        self.page.on("response", self._on_response)

    def _on_console(self, message: ConsoleMessage) -> None:
        if message.type == "error":
            where = message.location
            self.console_errors.append(
                f"{message.text} ({where['url']}:{where['lineNumber']})"
            )

    def _on_request_failed(self, request: Request) -> None:
        self.failed_requests.append(f"{request.url}: {request.failure}")

    def _on_response(self, response: Response) -> None:
        if response.status >= 400:
            self.failed_requests.append(f"{response.url}: HTTP {response.status}")

    def open(self, target: Path | str) -> None:
        """Load a file (as ``file://``) or URL, until its ``load`` event.

        What was recorded before is forgotten, so that a page kept for several
        tests (say by a module-scoped fixture, which spares each test a new
        renderer) checks each load on its own.
        """
        for records in (self.console_errors, self.page_errors, self.failed_requests):
            records.clear()
        self.page.goto(file_url(target) if isinstance(target, Path) else target)

    @property
    def problems(self) -> list[str]:
        """Every recorded problem, one line each, in the order of the kinds."""
        return [
            *(f"console error: {text}" for text in self.console_errors),
            *(f"page error: {text}" for text in self.page_errors),
            *(f"failed request: {text}" for text in self.failed_requests),
        ]

    def assert_clean(self) -> None:
        """Fail, listing them, if anything went wrong so far."""
        if self.problems:
            listing = "\n".join(f"  {line[:500]}" for line in self.problems)
            raise AssertionError(f"{self.page.url}:\n{listing}")


@contextlib.contextmanager
def open_page(
    browser: Browser,
    target: Path | str | None = None,
    *,
    width: int = 1600,
    height: int = 1000,
    check: bool = True,
) -> Iterator[Visit]:
    """A fresh page (own context: no cookies, storage or cache shared), watched.

    Parameters
    ----------
    browser : playwright.sync_api.Browser
        From :func:`chromium` or the ``browser`` fixture.
    target : Path or str, optional
        A file (opened as ``file://``) or a URL, loaded with
        :meth:`Visit.open` before the block runs; nothing when omitted.
    width, height : int
        The viewport in CSS pixels (device scale factor 1, so screenshots have
        one pixel per CSS pixel).
    check : bool
        Call :meth:`Visit.assert_clean` when the block ends without an
        exception; pass False to look at ``Visit.problems`` yourself.
    """
    context = browser.new_context(
        viewport={"width": width, "height": height}, device_scale_factor=1
    )
    try:
        visit = Visit(context.new_page())
        if target is not None:
            visit.open(target)
        yield visit
        if check:
            visit.assert_clean()
    finally:
        context.close()


def file_url(path: Path) -> str:
    """The ``file://`` URL of a path (made absolute)."""
    return path.resolve().as_uri()


# Links ------------------------------------------------------------------


def broken_links(page: Page) -> list[str]:
    """The internal links of a ``file://`` page that lead nowhere.

    Every ``a[href]`` whose scheme is not in :data:`EXTERNAL_SCHEMES` is
    resolved against the page's URL (as the browser does) and must name an
    existing file, or a folder with an ``index.html``. A fragment must name an
    element (``id``, or ``name`` of an ``a``) of its target: on the page itself
    as it is now (after its scripts ran), in another page as the HTML file is
    written. An empty fragment and ``#top`` name the top of a page, as in HTML.
    Other schemes (``javascript:``, ``data:``, ``ftp:``) are reported.

    Returns
    -------
    list of str
        One line per broken link: its ``href`` as written, and why; empty when
        every link resolves.
    """
    links = page.eval_on_selector_all(
        "a[href]", "els => els.map(a => [a.getAttribute('href'), a.href])"
    )
    here = urlsplit(page.url)
    local_ids = set(
        page.eval_on_selector_all(
            "[id], a[name]",
            """els => els.flatMap(e => [e.id, e.tagName === 'A' && e.name])
                .filter(Boolean)""",
        )
    )
    broken = []
    for written, resolved in links:
        url = urlsplit(resolved)
        if url.scheme in EXTERNAL_SCHEMES:
            continue
        if url.scheme != "file":
            broken.append(f"{written!r}: a {url.scheme}: link, not a file")
            continue
        fragment = unquote(url.fragment)
        if url.path == here.path:
            ids = local_ids
        else:
            path = Path(url2pathname(url.path))
            if path.is_dir():
                path = path / "index.html"
            if not path.is_file():
                broken.append(f"{written!r}: no file {path}")
                continue
            ids = _anchors(path, path.stat().st_mtime_ns) if fragment else set()
        if fragment and fragment.lower() != "top" and fragment not in ids:
            broken.append(f"{written!r}: no element with id or name {fragment!r}")
    return broken


class _AnchorParser(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.anchors: set[str] = set()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for key, value in attrs:
            if value and (key == "id" or (key == "name" and tag == "a")):
                self.anchors.add(value)


@functools.lru_cache(maxsize=1024)
def _anchors(path: Path, mtime_ns: int) -> frozenset[str]:
    """The ids (and names of ``a`` elements) an HTML file declares."""
    parser = _AnchorParser()
    parser.feed(path.read_text(errors="replace"))
    parser.close()
    return frozenset(parser.anchors)


# Pictures ---------------------------------------------------------------


def is_blank(pixels: np.ndarray, share: float = 0.99) -> bool:
    """True when (nearly) uniform: one colour covers more than ``share`` of it.

    Parameters
    ----------
    pixels : ndarray of shape (height, width, channels)
    share : float
        0.99: blank when under 1 % of the pixels differ from the most common
        colour (the background). A sparse drawing, such as one thin line on a
        large canvas, needs a larger share.
    """
    flat = pixels.reshape(-1, pixels.shape[-1])
    if flat.dtype == np.uint8 and flat.shape[1] <= 8:
        # One integer per colour, its channels side by side: sorting these is
        # some 50 times faster than sorting the rows (np.unique with axis=0).
        colours = np.zeros(len(flat), np.uint64)
        for channel in flat.T:
            colours = (colours << np.uint64(8)) | channel
        _, counts = np.unique(colours, return_counts=True)
    else:
        _, counts = np.unique(flat, axis=0, return_counts=True)
    return counts.max() > share * len(flat)


def load_images(page: Page) -> int:
    """Load every image of ``page`` now, lazy ones included, and wait for them.

    A page left while images load (say a lazy one that scrolling a link into
    view started) aborts them, and :class:`Visit` records each as a failed
    request; call this before following a link by a click. An image that
    cannot be loaded is still recorded as one.

    Returns
    -------
    int
        The number of images.
    """
    return page.evaluate(
        """() => Promise.all(Array.from(document.images, (img) => {
            img.loading = "eager";
            return img.decode().catch(() => null);
        })).then((all) => all.length)"""
    )


def drawn(element: Locator, what: str, share: float = 0.99) -> Image.Image:
    """A screenshot of an ``img`` or ``canvas`` element, checked not blank.

    Waits for the element to be visible and, for an image, decoded (fails if
    it cannot be); Playwright scrolls it into view and waits until it stops
    moving. One pixel per CSS pixel at device scale factor 1.

    Parameters
    ----------
    element : playwright.sync_api.Locator
        The element (one; a locator matching several is an error).
    what : str
        How an error message names it.
    share : float
        Passed to :func:`is_blank`.

    Returns
    -------
    PIL.Image.Image
        The screenshot, in RGB.
    """
    element.wait_for(state="visible")
    decoded = element.evaluate(
        """el => el instanceof HTMLImageElement
            ? el.decode().then(() => el.naturalWidth > 0, () => false)
            : true"""
    )
    assert decoded, f"{what}: the image cannot be decoded"
    shot = Image.open(io.BytesIO(element.screenshot(animations="disabled")))
    shot = shot.convert("RGB")
    assert not is_blank(np.asarray(shot), share), f"{what} is drawn blank"
    return shot
