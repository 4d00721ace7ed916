"""The API reference (docs/, ``make docs``) builds without a warning, from the
docstrings, and documents every public name once, under its public path."""

from __future__ import annotations

import html
import importlib
import inspect
import re
import subprocess
import sys
import zlib
from pathlib import Path

import pytest

from marginlab import PUBLIC_PATHS

from ..conftest import ROOT

# One build, shared by the tests here: keep them on one worker of `make test`.
pytestmark = pytest.mark.xdist_group("docs")

#: Sphinx in a process of its own, which fails if the build imported Snakemake.
BUILD = (
    "import sys\n"
    "from sphinx.cmd.build import main\n"
    "code = main(sys.argv[1:])\n"
    "assert 'snakemake' not in sys.modules, 'the build imported Snakemake'\n"
    "sys.exit(code)\n"
)

#: Objects whose pages the issue asks for: (public path, name).
PAGES = [
    ("svm", "SVM"),
    ("boosting", "AdaBoost"),
    ("svm_loo", "svm_loo"),
    ("selection", "lasso_path"),
    ("claims", "ClaimRow"),
    ("datasets", "Dataset"),
    ("kernels", "Gaussian"),
    ("bounds", "gamma_bound"),
]


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("api")
    proc = subprocess.run(
        [sys.executable, "-c", BUILD, "-W", "--keep-going", "-q", "-b", "html"]
        + ["-d", str(out / ".doctrees"), str(ROOT / "docs"), str(out / "html")],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert not re.search("WARNING|ERROR", proc.stderr), proc.stderr
    return out / "html"


def _words(text: str) -> str:
    """``text`` with its spacing collapsed, and Sphinx's smart quotes and dashes
    read as the plain ones a docstring writes."""
    text = text.translate(str.maketrans("‘’“”–—", "''\"\"--"))
    return " ".join(text.replace("---", "-").replace("--", "-").split())


def _text(page: Path) -> str:
    """The words of an HTML page, without its markup."""
    body = re.sub(r"<(script|style).*?</\1>", " ", page.read_text(), flags=re.S)
    return _words(html.unescape(re.sub(r"<[^>]+>", " ", body)))


def _inventory(built: Path) -> dict[str, tuple[str, str]]:
    """objects.inv: ``name → (role, uri)``."""
    *header, body = (built / "objects.inv").read_bytes().split(b"\n", 4)
    assert header[0] == b"# Sphinx inventory version 2"
    entries = {}
    for line in zlib.decompress(body).decode().splitlines():
        name, role, _priority, uri, _shown = line.split(maxsplit=4)
        entries[name] = (role, uri.replace("$", name))
    return entries


def test_the_index_says_what_the_library_is_and_how_to_install_it(
    built: Path,
) -> None:
    text = _text(built / "index.html")
    assert "pip install marginlab" in text
    for extra in ("data", "workflow", "docs", "test"):
        assert f'"marginlab[{extra}]"' in text
    for layer in ("marginlab.core", "marginlab.estimators", "marginlab.theory"):
        assert layer in text
    for public in PUBLIC_PATHS:
        assert (built / "reference" / f"{public}.html").is_file(), public


@pytest.mark.parametrize(("public", "name"), PAGES)
def test_a_page_shows_the_docstring(built: Path, public: str, name: str) -> None:
    obj = getattr(importlib.import_module(f"marginlab.{public}"), name)
    first = inspect.getdoc(obj).splitlines()[0]
    assert not re.search(r"[`*|]", first), f"pick a plain first line: {first}"
    page = built / "reference" / f"{public}.html"
    assert f'id="marginlab.{public}.{name}"' in page.read_text()
    assert _words(first) in _text(page)


def _public_names(public: str) -> dict[str, object]:
    """The classes and functions a public path stands for: its layer module's
    ``__all__``, or the ones that module defines."""
    home = importlib.import_module(f"marginlab.{PUBLIC_PATHS[public]}")
    if hasattr(home, "__all__"):
        names = home.__all__
    else:
        names = [
            n
            for n, o in vars(home).items()
            if getattr(o, "__module__", None) == home.__name__
        ]
    return {
        n: getattr(home, n)
        for n in names
        if not n.startswith("_")
        and (inspect.isclass(getattr(home, n)) or inspect.isfunction(getattr(home, n)))
    }


def test_every_public_class_and_function_is_documented_once_under_a_public_path(
    built: Path,
) -> None:
    inventory = _inventory(built)
    documented: dict[int, list[str]] = {}
    for name in inventory:
        parts = name.split(".")
        if len(parts) == 3 and parts[0] == "marginlab" and parts[1] in PUBLIC_PATHS:
            obj = getattr(importlib.import_module(f"marginlab.{parts[1]}"), parts[2])
            documented.setdefault(id(obj), []).append(name)
    missing, twice = [], []
    for public in PUBLIC_PATHS:
        for name, obj in _public_names(public).items():
            where = documented.get(id(obj), [])
            if not where:
                missing.append(f"marginlab.{public}.{name}")
            elif len(where) > 1:
                twice.append(where)
    assert not missing, f"add to docs/reference/<path>.rst: {missing}"
    assert not twice, twice
