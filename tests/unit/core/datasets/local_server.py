"""What the download tests share: no network but 127.0.0.1, a static HTTP
server there that counts the requests it gets, and files in the format of the
UCI letter data to serve."""

from __future__ import annotations

import functools
import http.server
import socket
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import numpy as np


def local_only(monkeypatch) -> None:
    """No proxy, and any lookup of a host other than 127.0.0.1 fails the test."""
    for var in ("HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY"):
        monkeypatch.delenv(var, raising=False)
        monkeypatch.delenv(var.lower(), raising=False)
    monkeypatch.setenv("NO_PROXY", "127.0.0.1,localhost")
    real = socket.getaddrinfo

    def local_getaddrinfo(host, *args, **kwargs):
        assert host in ("127.0.0.1", "localhost"), f"a test looked up {host}"
        return real(host, *args, **kwargs)

    monkeypatch.setattr(socket, "getaddrinfo", local_getaddrinfo)


class Server:
    """A static HTTP server of the files in ``root`` on 127.0.0.1."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.hits: list[str] = []
        server = self

        class Handler(http.server.SimpleHTTPRequestHandler):
            def do_GET(self) -> None:
                server.hits.append(self.path)
                super().do_GET()

            def log_message(self, *args) -> None:
                pass

        handler = functools.partial(Handler, directory=str(root))
        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self.thread = threading.Thread(
            target=self.httpd.serve_forever, args=(0.05,), daemon=True
        )

    def url(self, name: str) -> str:
        return f"http://127.0.0.1:{self.httpd.server_address[1]}/{name}"


@contextmanager
def serving(root: Path) -> Iterator[Server]:
    """A started :class:`Server` of ``root``, shut down on exit."""
    srv = Server(root)
    srv.thread.start()
    try:
        yield srv
    finally:
        srv.httpd.shutdown()
        srv.httpd.server_close()


def letter_rows(letters: str, seed: int = 0) -> bytes:
    """Rows in the format of letter-recognition.data: a capital letter and 16
    integers from 0 to 15 (seeded), comma-separated, one line each."""
    values = np.random.default_rng(seed).integers(0, 16, (len(letters), 16))
    return "".join(
        ",".join([c, *map(str, row)]) + "\n"
        for c, row in zip(letters, values, strict=True)
    ).encode()


def letter_standin(seed: int = 0) -> bytes:
    """A stand-in for the UCI letter file, the same on every call: 20 000
    rows whose first 16 000 and last 4 000 have the rows of each letter A-Z
    that the generator table says of the pinned file's parts (each part's
    letters in a seeded order), so that the configuration check's forecasts
    hold for it, in 26 classes and in two."""
    from marginlab.core.datasets import LETTER_PARTS, class_counts

    rng = np.random.default_rng(seed)
    letters = []
    for part in LETTER_PARTS:
        counts = class_counts({"generator": "letter", "part": part, "classes": "A-Z"})
        part_letters = np.repeat(list(counts), list(counts.values()))
        letters.append("".join(rng.permutation(part_letters)))
    return letter_rows("".join(letters), seed)
