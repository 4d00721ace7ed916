"""Checksummed, cached downloads of the data files that no package ships.

The default reproduction never needs the network: its data are generated or
ship inside a package. A few figures of the papers need a file that nothing
installs, such as the UCI letter-recognition data behind Schapire, Freund,
Bartlett and Lee (1998), Fig. 1; only an opt-in workflow profile fetches it.

- :data:`REGISTRY` names each remote file: the file name in the cache, its
  SHA-256, who publishes that checksum, and where to get it (the first source
  first; later ones are mirrors, tried when an earlier one fails).
- :func:`fetch` returns the path of a verified copy in the cache, downloading
  it through `pooch <https://www.fatiando.org/pooch>`_ when the cache has none:
  the file is written under a temporary name and kept only if its SHA-256 is
  the pinned one, so the cache never holds a file with the wrong checksum.
  pooch is imported inside :func:`fetch`: the library imports without it.
- :mod:`marginlab.core.datasets.letter` reads the letter file this fetches.

Every checksum is pinned in the code, taken from a publisher named in the
entry (``checksum_from``) rather than recorded on a first download, so that
the first download is checked too. Where the real file cannot be downloaded
(a test of an opt-in workflow, offline), an environment variable can stand
a file served on this machine, with its own checksum, in for an entry
(:data:`STANDIN_PREFIX`); :func:`fetch` says so.

Examples
--------
>>> REGISTRY["letter"].fname
'letter-recognition.data'
>>> [s.member for s in REGISTRY["letter"].sources]
[None, 'letter-recognition.data']
"""

from __future__ import annotations

import hashlib
import os
import re
import tempfile
import urllib.parse
import warnings
import zipfile
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType
from typing import Any

from ..contract.validation import check_scalar
from ..io import atomic_path

__all__ = [
    "REGISTRY",
    "STANDIN_PREFIX",
    "ChecksumError",
    "DownloadError",
    "RemoteFile",
    "Source",
    "fetch",
]

#: Seconds :func:`fetch` waits, by default, for a server to connect or to send
#: the next bytes (requests' meaning of a timeout: not a limit on the whole
#: download).
DEFAULT_TIMEOUT = 15.0

_SHA256 = re.compile(r"[0-9a-f]{64}")

_OFFLINE_NOTE = (
    "Only opt-in workflows need this file: the default reproduction runs "
    "offline without it."
)


class DownloadError(RuntimeError):
    """A remote data file could not be fetched; the message names the file,
    each URL tried and why it failed."""


class ChecksumError(DownloadError):
    """A downloaded file's SHA-256 is not the pinned one; nothing was kept.

    Attributes
    ----------
    url : str
        Where the file came from.
    expected, found : str
        The pinned SHA-256 and that of the downloaded file.
    """

    def __init__(self, message: str, *, url: str, expected: str, found: str):
        super().__init__(message)
        self.url = url
        self.expected = expected
        self.found = found


@dataclass(frozen=True)
class Source:
    """Where a remote file can be downloaded.

    Attributes
    ----------
    url : str
    member : str or None
        For a zip archive, the name of the file inside it (the archive's own
        checksum is not pinned: the member's is checked); None when ``url`` is
        the file itself.
    """

    url: str
    member: str | None = None


@dataclass(frozen=True)
class RemoteFile:
    """A data file no package ships, with the checksum that identifies it.

    Attributes
    ----------
    name : str
        The name :func:`fetch` knows it by.
    fname : str
        The file name in the cache.
    sha256 : str
        64 lowercase hex digits: the SHA-256 of the file itself (for a source
        that is an archive, of the member, not of the archive).
    sources : tuple of Source
        Tried in order; later ones are mirrors.
    checksum_from : str
        Who publishes ``sha256`` (repository and path), so it can be checked.
    """

    name: str
    fname: str
    sha256: str
    sources: tuple[Source, ...]
    checksum_from: str

    def __post_init__(self) -> None:
        if not _SHA256.fullmatch(self.sha256):
            raise ValueError(
                f"The 'sha256' of RemoteFile {self.name!r} must be 64 lowercase "
                f"hex digits. Got {self.sha256!r}."
            )
        if not self.sources:
            raise ValueError(f"RemoteFile {self.name!r} has no source.")
        if Path(self.fname).name != self.fname or self.fname in ("", ".", ".."):
            raise ValueError(
                f"The 'fname' of RemoteFile {self.name!r} must be a plain file "
                f"name. Got {self.fname!r}."
            )


_UCI = "https://archive.ics.uci.edu"

REGISTRY: Mapping[str, RemoteFile] = MappingProxyType(
    {
        "letter": RemoteFile(
            name="letter",
            fname="letter-recognition.data",
            # The SHA-256 that JackDunnNZ/UCIData.jl pins for this file at
            # src/data/classification/letter-recognition.jl (commit c7da8fa),
            # a DataDeps registration of
            # archive.ics.uci.edu/ml/machine-learning-databases/letter-recognition/
            # letter-recognition.data; other dataset loaders pin the same digest
            # for the same URL. Two copies of the file in public repositories
            # (with their added header line removed) hash to it too; the UCI
            # server itself could not be reached when this was written.
            sha256="2b89f3602cf768d3c8355267d2f13f2417809e101fc2b5ceee10db19a60de6e2",
            sources=(
                Source(
                    f"{_UCI}/ml/machine-learning-databases/letter-recognition/"
                    "letter-recognition.data"
                ),
                # The repository's newer page serves the same file in a zip.
                Source(
                    f"{_UCI}/static/public/59/letter+recognition.zip",
                    member="letter-recognition.data",
                ),
            ),
            checksum_from=(
                "JackDunnNZ/UCIData.jl, src/data/classification/letter-recognition.jl"
            ),
        ),
    }
)


#: The start of the environment variables that stand a file served on this
#: machine in for an entry of :data:`REGISTRY`, for tests of the workflows
#: that need it where it cannot be downloaded: ``MARGINLAB_STANDIN_LETTER``
#: set to ``"<url> <sha256>"``, the URL on 127.0.0.1 or localhost (no other
#: host), stands for ``"letter"``. :func:`fetch` checks the stand-in against
#: that SHA-256, keeps it in the cache under a name of its own (``standin-``,
#: the first 12 hex digits, the entry's file name), never in the place of the
#: real file, and warns that it serves it.
STANDIN_PREFIX = "MARGINLAB_STANDIN_"

_LOOPBACK = ("127.0.0.1", "localhost", "::1")


def fetch(
    file: str | RemoteFile,
    *,
    cache_dir: str | os.PathLike[str] | None = None,
    timeout: float = DEFAULT_TIMEOUT,
) -> Path:
    """The path of a verified local copy of a remote data file.

    A copy already in the cache with the pinned SHA-256 is returned without
    touching the network. Otherwise each source is tried in turn: the file is
    downloaded (by :func:`pooch.retrieve`, to a temporary name in the cache)
    and kept under ``fname`` only if its SHA-256 is the pinned one. A copy in
    the cache with another checksum is removed first: the cache holds verified
    files only.

    Parameters
    ----------
    file : str or RemoteFile
        A name of :data:`REGISTRY` (or the stand-in the environment gives
        for it, :data:`STANDIN_PREFIX`), or an entry of one's own.
    cache_dir : path-like or None
        Where copies are kept. None is the user's cache,
        ``pooch.os_cache("marginlab")`` (``~/.cache/marginlab`` on Linux):
        the data are an input, not a result, so they stay out of ``results/``
        (which ``make clean`` empties) and one download serves every checkout;
        the checksum makes the sharing safe. A workflow passes its own folder.
    timeout : float > 0
        Seconds to wait for a server to connect or to send the next bytes.

    Returns
    -------
    Path
        ``cache_dir / file.fname``.

    Raises
    ------
    ValueError
        For a name not in :data:`REGISTRY` (the message lists the known names),
        a stand-in variable that is not a URL on this machine and a SHA-256,
        or a timeout that is not positive.
    ImportError
        When pooch is not installed (the message says how to install it).
    ChecksumError
        When a download's SHA-256 differs from the pinned one (and no later
        source gave the right file); nothing is left in the cache.
    DownloadError
        When no source answered; the message names the file, each URL and
        why it failed.
    """
    remote = _remote(file)
    timeout = check_scalar(timeout, "timeout", "fetch", low=0.0)
    pooch = _import_pooch()
    cache = Path(pooch.os_cache("marginlab") if cache_dir is None else cache_dir)
    target = cache / remote.fname
    if target.is_file():
        if _sha256(target) == remote.sha256:
            return target
        target.unlink()
    cache.mkdir(parents=True, exist_ok=True)
    failures: list[str] = []
    mismatch: ChecksumError | None = None
    for source in remote.sources:
        try:
            if source.member is None:
                _download(pooch, remote, source.url, cache, timeout)
            else:
                _download_member(pooch, remote, source, cache, timeout)
        except ChecksumError as error:
            mismatch = mismatch or error
            failures.append(f"{source.url}: SHA-256 {error.found}")
        except _SourceFailed as error:
            failures.append(f"{source.url}: {error}")
        except _request_errors() as error:
            failures.append(f"{source.url}: {_reason(error, timeout)}")
        else:
            return target
    if mismatch is not None:
        raise mismatch
    raise DownloadError(
        f"could not download {remote.name!r} ({remote.fname}): "
        + "; ".join(failures)
        + f". {_OFFLINE_NOTE} To use it offline, put the file (SHA-256 "
        f"{remote.sha256}) at {target}."
    )


class _SourceFailed(Exception):
    """A source answered with something unusable (not a zip, no member)."""


class _Recorder:
    """A pooch downloader that remembers the SHA-256 of what it wrote, so that
    a mismatch can be reported with both digests."""

    def __init__(self, downloader: Any) -> None:
        self.downloader = downloader
        self.sha256: str | None = None

    def __call__(
        self, url: str, output_file: Any, pooch: Any, check_only: bool = False
    ) -> Any:
        result = self.downloader(url, output_file, pooch, check_only=check_only)
        if not check_only and isinstance(output_file, (str, os.PathLike)):
            self.sha256 = _sha256(Path(output_file))
        return result


def _download(
    pooch: Any, remote: RemoteFile, url: str, cache: Path, timeout: float
) -> None:
    recorder = _Recorder(pooch.HTTPDownloader(timeout=timeout, progressbar=False))
    try:
        pooch.retrieve(
            url,
            known_hash=f"sha256:{remote.sha256}",
            fname=remote.fname,
            path=cache,
            downloader=recorder,
        )
    except ValueError:
        if recorder.sha256 is None or recorder.sha256 == remote.sha256:
            raise
        raise _checksum_error(remote, url, recorder.sha256, cache) from None


def _download_member(
    pooch: Any, remote: RemoteFile, source: Source, cache: Path, timeout: float
) -> None:
    assert source.member is not None
    with tempfile.TemporaryDirectory(dir=cache, prefix=".download-") as tmp:
        archive = pooch.retrieve(
            source.url,
            known_hash=None,
            fname="archive.zip",
            path=tmp,
            downloader=pooch.HTTPDownloader(timeout=timeout, progressbar=False),
        )
        try:
            zf = zipfile.ZipFile(archive)
        except zipfile.BadZipFile:
            raise _SourceFailed("not a zip archive") from None
        with zf, atomic_path(cache / remote.fname) as out:
            try:
                member = zf.open(source.member)
            except KeyError:
                raise _SourceFailed(f"the archive has no {source.member!r}") from None
            digest = hashlib.sha256()
            with member, open(out, "wb") as sink:
                for chunk in iter(lambda: member.read(1 << 16), b""):
                    digest.update(chunk)
                    sink.write(chunk)
            if digest.hexdigest() != remote.sha256:
                raise _checksum_error(remote, source.url, digest.hexdigest(), cache)


def _checksum_error(
    remote: RemoteFile, url: str, found: str, cache: Path
) -> ChecksumError:
    return ChecksumError(
        f"the file downloaded for {remote.name!r} ({remote.fname}) from {url} "
        f"has SHA-256 {found}, not the pinned {remote.sha256} (published in "
        f"{remote.checksum_from}); it was not kept in {cache}. The server's "
        f"copy differs from the one the checksum names (or the download was "
        f"damaged). {_OFFLINE_NOTE}",
        url=url,
        expected=remote.sha256,
        found=found,
    )


def _remote(file: str | RemoteFile) -> RemoteFile:
    if isinstance(file, RemoteFile):
        return file
    try:
        remote = REGISTRY[file]
    except (KeyError, TypeError):
        raise ValueError(
            f"The 'file' parameter of fetch must be one of "
            f"{', '.join(repr(k) for k in sorted(REGISTRY))} or a RemoteFile. "
            f"Got {file!r}."
        ) from None
    return _standin(remote) or remote


def _standin(remote: RemoteFile) -> RemoteFile | None:
    """The stand-in the environment gives for ``remote`` (:data:`STANDIN_PREFIX`),
    or None."""
    variable = STANDIN_PREFIX + remote.name.upper()
    value = os.environ.get(variable)
    if not value:
        return None
    url, _, sha256 = value.strip().partition(" ")
    sha256 = sha256.strip()
    parsed = urllib.parse.urlsplit(url)
    local = parsed.scheme == "http" and parsed.hostname in _LOOPBACK
    if not local or not _SHA256.fullmatch(sha256):
        raise ValueError(
            f"{variable} must be '<url> <sha256>': an http URL on 127.0.0.1 or "
            f"localhost (a stand-in served on this machine) and 64 lowercase hex "
            f"digits. Got {value!r}."
        )
    standin = RemoteFile(
        name=remote.name,
        fname=f"standin-{sha256[:12]}-{remote.fname}",
        sha256=sha256,
        sources=(Source(url),),
        checksum_from=f"{variable}, a stand-in, not the published file",
    )
    warnings.warn(
        f"fetch: {remote.name!r} is the stand-in {url} (SHA-256 "
        f"{standin.sha256}) that {variable} names, not the published file",
        stacklevel=4,  # fetch's caller
    )
    return standin


def _import_pooch() -> Any:
    try:
        import pooch
    except ImportError:
        raise ImportError(
            "marginlab.core.datasets.downloads.fetch downloads through pooch, which is "
            "not installed: pip install pooch (requirements.lock pins its "
            "version; the `data` extra brings it: pip install 'marginlab[data]')"
        ) from None
    return pooch


def _request_errors() -> tuple[type[BaseException], ...]:
    import requests  # pooch's dependency: installed whenever pooch is

    return (requests.RequestException,)


def _reason(error: BaseException, timeout: float) -> str:
    """A one-line cause of a failed request."""
    import requests

    if isinstance(error, requests.Timeout):
        return f"no answer within {timeout:g} s"
    if isinstance(error, requests.HTTPError) and error.response is not None:
        return f"HTTP {error.response.status_code} {error.response.reason}"
    if isinstance(error, requests.ConnectionError):
        text = str(error)
        if "timed out" in text:
            return f"no answer within {timeout:g} s"
        cause = re.search(r"\[Errno -?\d+\] [^'\")]+", text)
        return "could not connect" + (f" ({cause.group(0)})" if cause else "")
    return f"{type(error).__name__}: {error}"


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            digest.update(chunk)
    return digest.hexdigest()
