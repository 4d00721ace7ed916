"""What the download tests share: no network but 127.0.0.1, and a static HTTP
server there that counts the requests it gets."""

from __future__ import annotations

import functools
import http.server
import socket
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path


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
