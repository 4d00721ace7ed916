"""Headless Chromium, driven over the DevTools protocol, for looking at pages.

Chromium is started with ``--remote-debugging-pipe``: it reads protocol
commands from file descriptor 3 and writes answers and events to descriptor 4,
each message one JSON text ended by a NUL byte. That needs nothing beyond the
standard library and Debian's ``chromium`` (installed with apt-get when absent,
which needs root).
"""

from __future__ import annotations

import base64
import contextlib
import fcntl
import json
import os
import select
import shutil
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Any

from .conftest import apt_install

#: The flags the report check runs Chromium with (besides the pipe).
FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--no-first-run",
    "--no-default-browser-check",
    "--hide-scrollbars",
)


def chromium_binary() -> str:
    """Debian's chromium, installed with apt-get when it is missing."""
    apt_install("chromium", commands=("chromium",))
    return shutil.which("chromium")


class ProtocolError(RuntimeError):
    """Chromium answered a command with an error, or not in time."""


class Chromium:
    """One headless Chromium with one page; use as a context manager.

    Parameters
    ----------
    width, height : int
        Size of the page's viewport in CSS pixels (device scale factor 1).
    timeout : float
        Seconds to wait for any one answer or event.
    """

    def __init__(self, width: int = 1600, height: int = 1000, timeout: float = 60):
        self.timeout = timeout
        self._profile = tempfile.TemporaryDirectory(prefix="chromium-")
        # Our ends and Chromium's ends of two pipes, kept clear of 0..9 so that
        # moving Chromium's ends to 3 and 4 in the child overwrites nothing.
        to_chrome, chrome_in = _pipe()
        chrome_out, from_chrome = _pipe()
        self._write_fd, self._read_fd = chrome_in, chrome_out

        def fds_3_and_4() -> None:
            os.dup2(to_chrome, 3)
            os.dup2(from_chrome, 4)

        self.proc = subprocess.Popen(
            [
                chromium_binary(),
                *FLAGS,
                "--remote-debugging-pipe",
                f"--user-data-dir={self._profile.name}",
                f"--window-size={width},{height}",
                "about:blank",
            ],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            close_fds=False,  # Python's own descriptors are not inherited anyway
            preexec_fn=fds_3_and_4,
        )
        os.close(to_chrome)
        os.close(from_chrome)
        self._buffer = b""
        self._next_id = 0
        self._events: list[dict[str, Any]] = []
        target = self.send("Target.createTarget", url="about:blank")["targetId"]
        self._session = self.send(
            "Target.attachToTarget", targetId=target, flatten=True
        )["sessionId"]
        self.page("Page.enable")
        self.page(
            "Emulation.setDeviceMetricsOverride",
            width=width,
            height=height,
            deviceScaleFactor=1,
            mobile=False,
        )

    def __enter__(self) -> Chromium:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        if self.proc.poll() is None:
            try:
                self.send("Browser.close")
                self.proc.wait(timeout=10)
            except (ProtocolError, OSError, subprocess.TimeoutExpired):
                self.proc.kill()
                self.proc.wait()
        for fd in (self._write_fd, self._read_fd):
            with contextlib.suppress(OSError):
                os.close(fd)
        self._profile.cleanup()

    # The protocol ---------------------------------------------------------

    def send(self, method: str, session: str | None = None, **params: Any) -> dict:
        """Send one command and return its result (events meanwhile are kept)."""
        self._next_id += 1
        message = {"id": self._next_id, "method": method, "params": params}
        if session is not None:
            message["sessionId"] = session
        os.write(self._write_fd, json.dumps(message).encode() + b"\0")
        while True:
            answer = self._receive()
            if answer.get("id") == self._next_id:
                if "error" in answer:
                    raise ProtocolError(f"{method}: {answer['error']}")
                return answer.get("result", {})
            self._events.append(answer)

    def page(self, method: str, **params: Any) -> dict:
        """A command to the page's session."""
        return self.send(method, session=self._session, **params)

    def wait_for_event(self, method: str) -> dict:
        """The next event named ``method`` (kept ones first)."""
        while True:
            for i, event in enumerate(self._events):
                if event.get("method") == method:
                    return self._events.pop(i)
            self._events.append(self._receive())

    def _receive(self) -> dict:
        deadline = time.monotonic() + self.timeout
        while b"\0" not in self._buffer:
            left = deadline - time.monotonic()
            ready, _, _ = select.select([self._read_fd], [], [], max(left, 0))
            if not ready:
                raise ProtocolError(f"no answer from chromium in {self.timeout} s")
            chunk = os.read(self._read_fd, 1 << 20)
            if not chunk:
                raise ProtocolError(f"chromium exited ({self.proc.poll()})")
            self._buffer += chunk
        message, self._buffer = self._buffer.split(b"\0", 1)
        return json.loads(message)

    # What a test needs ----------------------------------------------------

    def open(self, url: str) -> None:
        """Load ``url`` and wait for its load event."""
        self._events.clear()
        answer = self.page("Page.navigate", url=url)
        if answer.get("errorText"):
            raise ProtocolError(f"cannot open {url}: {answer['errorText']}")
        self.wait_for_event("Page.loadEventFired")

    def evaluate(self, expression: str) -> Any:
        """The value of a JavaScript expression in the page (promises awaited)."""
        answer = self.page(
            "Runtime.evaluate",
            expression=expression,
            awaitPromise=True,
            returnByValue=True,
        )
        if "exceptionDetails" in answer:
            details = answer["exceptionDetails"]
            text = details.get("exception", {}).get("description", details["text"])
            raise ProtocolError(f"JavaScript error: {text}")
        return answer["result"].get("value")

    def wait_until(self, condition: str, what: str, seconds: float = 30) -> None:
        """Poll a JavaScript condition every 50 ms until it is true."""
        done = self.evaluate(
            f"""new Promise(resolve => {{
                const end = Date.now() + {seconds * 1000};
                (function poll() {{
                    let ok = false;
                    try {{ ok = Boolean({condition}); }} catch (e) {{}}
                    if (ok || Date.now() > end) resolve(ok);
                    else setTimeout(poll, 50);
                }})();
            }})"""
        )
        if not done:
            raise AssertionError(f"waited {seconds} s for {what}")

    def click(self, element: str, what: str, seconds: float = 30) -> None:
        """Click with the mouse the middle of the element a JavaScript expression names.

        The element is scrolled into view, and the click waits until it has
        kept its place for 100 ms and is what a click there would hit (the
        report styles new elements a moment after they appear, which moves
        them), as a person waits to see what they click.
        """
        point = self.evaluate(
            f"""new Promise(resolve => {{
                const end = Date.now() + {seconds * 1000};
                let last = null;
                (function poll() {{
                    const el = {element};
                    let here = null;
                    if (el) {{
                        el.scrollIntoView({{block: "center", inline: "center"}});
                        const r = el.getBoundingClientRect();
                        const x = r.x + r.width / 2, y = r.y + r.height / 2;
                        const hit = document.elementFromPoint(x, y);
                        if (r.width && r.height && hit && el.contains(hit))
                            here = {{x: x, y: y}};
                    }}
                    if (here && last && here.x === last.x && here.y === last.y)
                        resolve(here);
                    else if (Date.now() > end) resolve(null);
                    else {{ last = here; setTimeout(poll, 100); }}
                }})();
            }})"""
        )
        if point is None:
            raise AssertionError(f"no visible {what} to click in {seconds} s")
        for kind in ("mousePressed", "mouseReleased"):
            self.page(
                "Input.dispatchMouseEvent",
                type=kind,
                x=point["x"],
                y=point["y"],
                button="left",
                clickCount=1,
            )

    def screenshot(self, clip: dict[str, float] | None = None) -> bytes:
        """A PNG of the viewport, or of ``clip`` (x, y, width, height in CSS px)."""
        params: dict[str, Any] = {"format": "png"}
        if clip is not None:
            params["clip"] = {**clip, "scale": 1}
        return base64.b64decode(self.page("Page.captureScreenshot", **params)["data"])


def _pipe() -> tuple[int, int]:
    """os.pipe() with both ends moved to descriptors of 10 and up."""
    ends = []
    for fd in os.pipe():
        high = fcntl.fcntl(fd, fcntl.F_DUPFD_CLOEXEC, 10)
        os.close(fd)
        ends.append(high)
    return ends[0], ends[1]


def file_url(path: Path) -> str:
    return path.resolve().as_uri()
