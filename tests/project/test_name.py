"""The project's name is ``marginlab``; the package index's ``kernel``-
``boost`` is an unrelated project, and its name appears in this tree only in
the README's sentence that says so."""

from __future__ import annotations

import subprocess

from ..conftest import ROOT

#: The name the package is not called (spelled in two parts so that this file
#: does not contain it).
OLD = "kernel" + "boost"


def _tracked() -> list[str]:
    """Every file of the checkout that git tracks, as a path relative to ROOT."""
    proc = subprocess.run(
        ["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True
    )
    return [p for p in proc.stdout.decode().split("\0") if p]


def _mentions(text: str) -> list[int]:
    """The 1-based numbers of the lines of ``text`` that contain the old name,
    in any case."""
    return [i for i, line in enumerate(text.splitlines(), 1) if OLD in line.lower()]


def test_the_old_name_is_in_no_path() -> None:
    assert [p for p in _tracked() if OLD in p.lower()] == []


def test_the_old_name_is_only_in_the_readmes_one_sentence() -> None:
    """Every tracked file is read as bytes (images and the lock included); the
    README names the old name on one line, the sentence that says why the
    package is not called so."""
    found = {}
    for path in _tracked():
        file = ROOT / path
        if file.is_symlink() or not file.is_file():
            continue
        text = file.read_bytes().decode("utf-8", errors="replace")
        if lines := _mentions(text):
            found[path] = lines
    readme = found.pop("README.md", [])
    assert found == {}
    assert len(readme) == 1, readme
    line = (ROOT / "README.md").read_text().splitlines()[readme[0] - 1]
    assert "package index" in line
    assert "marginlab" in line


def test_a_mention_is_found_in_any_case() -> None:
    assert _mentions(f"a\nimport {OLD}\nb {OLD.upper()}_X\n") == [2, 3]
    assert _mentions("marginlab\nkernel boost\n") == []
