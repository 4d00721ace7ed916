"""Checksummed, cached downloads (marginlab.core.datasets.downloads) against a
local HTTP server: the cache, a wrong checksum, a server that never answers, a
closed port, the zip mirror, the registry's letter entry. Nothing here leaves
127.0.0.1."""

from __future__ import annotations

import hashlib
import io
import socket
import sys
import time
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from marginlab.core.datasets.downloads import (
    REGISTRY,
    STANDIN_PREFIX,
    ChecksumError,
    DownloadError,
    RemoteFile,
    Source,
    fetch,
)

from .local_server import Server, letter_rows, local_only, serving

pytest.importorskip("pooch")

FNAME = "letter-recognition.data"
#: 20 rows in the UCI format: ten letters of A-M, ten of N-Z.
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"[:10] + "NOPQRSTUVWXYZ"[:10]


DATA = letter_rows(LETTERS)
SHA = hashlib.sha256(DATA).hexdigest()


@pytest.fixture(autouse=True)
def _local_only(monkeypatch) -> None:
    """No proxy between the tests and 127.0.0.1, and no name lookup of any
    other host: a test that reached for the internet would fail here."""
    local_only(monkeypatch)


@pytest.fixture
def server(tmp_path) -> Iterator[Server]:
    root = tmp_path / "served"
    root.mkdir()
    (root / FNAME).write_bytes(DATA)
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as zf:
        zf.writestr(FNAME, DATA)
        zf.writestr("letter-recognition.names", "the attributes\n")
    (root / "letter.zip").write_bytes(buffer.getvalue())
    (root / "other.data").write_bytes(DATA.replace(b"A,", b"Z,", 1))
    with serving(root) as srv:
        yield srv


def _entry(*sources: Source, sha256: str = SHA) -> RemoteFile:
    return RemoteFile("letter-test", FNAME, sha256, sources, "this test")


def _files(folder: Path) -> list[Path]:
    return sorted(p for p in folder.rglob("*") if p.is_file())


def test_fetch_downloads_once_then_reads_the_cache(server, tmp_path) -> None:
    cache = tmp_path / "cache"
    entry = _entry(Source(server.url(FNAME)))
    path = fetch(entry, cache_dir=cache, timeout=5)
    assert path == cache / FNAME
    assert path.read_bytes() == DATA
    assert server.hits == [f"/{FNAME}"]
    assert fetch(entry, cache_dir=cache, timeout=5) == path
    assert server.hits == [f"/{FNAME}"]  # the second call never asked
    assert _files(cache) == [path]


def test_a_stand_in_named_by_the_environment_is_fetched_under_its_own_name(
    server, tmp_path, monkeypatch
) -> None:
    cache = tmp_path / "cache"
    variable = STANDIN_PREFIX + "LETTER"
    assert variable == "MARGINLAB_STANDIN_LETTER"
    monkeypatch.setenv(variable, f"{server.url(FNAME)} {SHA}")
    with pytest.warns(UserWarning, match=f"'letter' is the stand-in .* {variable}"):
        path = fetch("letter", cache_dir=cache, timeout=5)
    # Never in the place of the real file, which keeps its pinned checksum.
    assert path == cache / f"standin-{SHA[:12]}-{FNAME}"
    assert path.read_bytes() == DATA
    assert server.hits == [f"/{FNAME}"]
    monkeypatch.setenv(variable, f"{server.url(FNAME)} {'0' * 64}")
    warned = pytest.warns(UserWarning, match="stand-in")
    with warned, pytest.raises(ChecksumError) as caught:
        fetch("letter", cache_dir=cache, timeout=5)
    assert caught.value.found == SHA
    assert f"{variable}, a stand-in" in str(caught.value)


@pytest.mark.parametrize(
    "value",
    [
        "https://127.0.0.1/letter.data {sha}",
        "http://example.org/letter.data {sha}",
        "http://127.0.0.1.example.org/letter.data {sha}",
        "http://127.0.0.1/letter.data",
        "http://127.0.0.1/letter.data {sha}0",
        "{sha}",
    ],
)
def test_a_stand_in_is_served_on_this_machine_with_its_checksum(
    monkeypatch, tmp_path, value: str
) -> None:
    monkeypatch.setenv("MARGINLAB_STANDIN_LETTER", value.format(sha=SHA))
    message = "MARGINLAB_STANDIN_LETTER must be '<url> <sha256>': an http URL on "
    with pytest.raises(ValueError, match=f"^{message}"):
        fetch("letter", cache_dir=tmp_path, timeout=5)
    assert not tmp_path.joinpath(FNAME).exists()


def test_a_damaged_copy_in_the_cache_is_downloaded_again(server, tmp_path) -> None:
    cache = tmp_path / "cache"
    cache.mkdir()
    (cache / FNAME).write_bytes(DATA[:-10])
    path = fetch(_entry(Source(server.url(FNAME))), cache_dir=cache, timeout=5)
    assert path.read_bytes() == DATA
    assert len(server.hits) == 1


def test_a_wrong_checksum_is_refused_and_nothing_is_kept(server, tmp_path) -> None:
    cache = tmp_path / "cache"
    url = server.url("other.data")
    served = (tmp_path / "served" / "other.data").read_bytes()
    found = hashlib.sha256(served).hexdigest()
    with pytest.raises(ChecksumError) as caught:
        fetch(_entry(Source(url)), cache_dir=cache, timeout=5)
    error = caught.value
    assert (error.expected, error.found, error.url) == (SHA, found, url)
    for part in (SHA, found, url, FNAME, "default reproduction"):
        assert part in str(error)
    assert server.hits == ["/other.data"]
    assert _files(cache) == []


def test_a_server_that_never_answers_fails_within_the_timeout(tmp_path) -> None:
    silent = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    silent.bind(("127.0.0.1", 0))
    silent.listen(1)  # the kernel accepts the connection; nobody replies
    url = f"http://127.0.0.1:{silent.getsockname()[1]}/{FNAME}"
    cache = tmp_path / "cache"
    start = time.perf_counter()
    try:
        with pytest.raises(DownloadError) as caught:
            fetch(_entry(Source(url)), cache_dir=cache, timeout=1.0)
    finally:
        silent.close()
    assert time.perf_counter() - start < 5
    assert not isinstance(caught.value, ChecksumError)
    message = str(caught.value)
    for part in (FNAME, url, "no answer within 1 s", "default reproduction"):
        assert part in message
    assert _files(cache) == []


def test_a_closed_port_is_a_clear_error(tmp_path) -> None:
    probe = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    probe.bind(("127.0.0.1", 0))
    port = probe.getsockname()[1]
    probe.close()  # nothing listens there now
    url = f"http://127.0.0.1:{port}/{FNAME}"
    with pytest.raises(DownloadError, match="could not connect") as caught:
        fetch(_entry(Source(url)), cache_dir=tmp_path / "cache", timeout=1.0)
    assert url in str(caught.value)
    assert "runs offline without it" in str(caught.value)


def test_a_missing_file_names_the_http_status(server, tmp_path) -> None:
    url = server.url("gone.data")
    with pytest.raises(DownloadError, match="HTTP 404"):
        fetch(_entry(Source(url)), cache_dir=tmp_path / "cache", timeout=5)


def test_the_zip_mirror_serves_when_the_first_source_fails(server, tmp_path) -> None:
    cache = tmp_path / "cache"
    entry = _entry(
        Source(server.url("gone.data")),
        Source(server.url("letter.zip"), member=FNAME),
    )
    path = fetch(entry, cache_dir=cache, timeout=5)
    assert path.read_bytes() == DATA
    assert server.hits == ["/gone.data", "/letter.zip"]
    assert _files(cache) == [path]  # the archive itself is not kept


def test_a_zip_member_with_a_wrong_checksum_is_not_kept(server, tmp_path) -> None:
    cache = tmp_path / "cache"
    entry = _entry(Source(server.url("letter.zip"), member=FNAME), sha256="0" * 64)
    with pytest.raises(ChecksumError) as caught:
        fetch(entry, cache_dir=cache, timeout=5)
    assert caught.value.found == SHA
    assert _files(cache) == []
    missing = _entry(Source(server.url("letter.zip"), member="nope.data"))
    with pytest.raises(DownloadError, match="the archive has no 'nope.data'"):
        fetch(missing, cache_dir=cache, timeout=5)
    assert _files(cache) == []


def test_an_unknown_name_lists_the_known_ones(tmp_path) -> None:
    with pytest.raises(ValueError, match="must be one of 'letter'"):
        fetch("leter", cache_dir=tmp_path)


@pytest.mark.parametrize("timeout", [0, -1.0, "1"])
def test_the_timeout_must_be_positive(timeout, tmp_path) -> None:
    with pytest.raises(ValueError, match="'timeout' parameter of fetch"):
        fetch(
            _entry(Source("http://127.0.0.1:9/x")), cache_dir=tmp_path, timeout=timeout
        )


def test_without_pooch_the_error_says_what_to_install(monkeypatch, tmp_path) -> None:
    monkeypatch.setitem(sys.modules, "pooch", None)
    with pytest.raises(ImportError, match="pip install pooch"):
        fetch(_entry(Source("http://127.0.0.1:9/x")), cache_dir=tmp_path)


def test_a_bad_registry_entry_is_refused() -> None:
    with pytest.raises(ValueError, match="64 lowercase hex digits"):
        RemoteFile("x", "x.data", "ABC", (Source("http://127.0.0.1/x"),), "-")
    with pytest.raises(ValueError, match="plain file name"):
        RemoteFile("x", "../x.data", SHA, (Source("http://127.0.0.1/x"),), "-")
    with pytest.raises(ValueError, match="no source"):
        RemoteFile("x", "x.data", SHA, (), "-")


def test_the_letter_entry_pins_the_uci_file() -> None:
    entry = REGISTRY["letter"]
    assert entry.fname == FNAME
    assert entry.sha256 == (
        "2b89f3602cf768d3c8355267d2f13f2417809e101fc2b5ceee10db19a60de6e2"
    )
    first, mirror = entry.sources
    assert first.url.endswith("/letter-recognition/letter-recognition.data")
    assert first.url.startswith("https://archive.ics.uci.edu/")
    assert mirror.url.endswith(".zip")
    assert mirror.member == FNAME
    assert "UCIData.jl" in entry.checksum_from
