"""The API reference (docs/, ``make docs``) builds without a warning, from the
docstrings, and documents every public name once: a name of the top-level
``__all__`` under ``marginlab.<name>``, any other under its module's path."""

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

import marginlab

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

#: The modules that have a page (docs/reference/<module>.rst, the path
#: relative to ``marginlab``).
MODULES = sorted(
    p.stem for p in (ROOT / "docs" / "reference").glob("*.rst") if p.stem != "index"
)

#: Objects whose pages the README and the design notes point to: (module of
#: the page, name as documented).
PAGES = [
    ("estimators.svm", "marginlab.SVM"),
    ("estimators.boosting", "marginlab.AdaBoost"),
    ("estimators.svm.loo", "marginlab.svm_loo"),
    ("estimators.selection", "marginlab.lasso_path"),
    ("experiments._shared.rows", "marginlab.experiments._shared.rows.ClaimRow"),
    ("core.datasets", "marginlab.Dataset"),
    ("core.datasets", "marginlab.core.datasets.make_moons"),
    ("core.kernels", "marginlab.Gaussian"),
    ("theory.bounds", "marginlab.gamma_bound"),
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
    """objects.inv: ``name → (role, uri)``, without the hidden entries
    (priority −1: the canonical ``marginlab.estimators.perceptron.Perceptron``
    autodoc records beside the documented ``marginlab.Perceptron``)."""
    *header, body = (built / "objects.inv").read_bytes().split(b"\n", 4)
    assert header[0] == b"# Sphinx inventory version 2"
    entries = {}
    for line in zlib.decompress(body).decode().splitlines():
        name, role, priority, uri, _shown = line.split(maxsplit=4)
        if priority != "-1":
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
    for module in MODULES:
        assert (built / "reference" / f"{module}.html").is_file(), module


def test_the_index_lists_the_public_api(built: Path) -> None:
    """Every name of ``__all__`` is in the first column of the index's tables,
    linked to its module's page, in the order of ``marginlab._HOMES``."""
    page = (built / "index.html").read_text()
    page = page[page.index('id="the-public-api"') :]
    links = re.findall(
        r'<tr class="row-\w+"><td><p><a class="reference internal" '
        r'href="reference/([\w.]+)\.html#marginlab\.(\w+)"',
        page,
    )
    homes = {name: module for module, name in links}
    assert list(homes) == marginlab.__all__
    assert homes == marginlab._HOME


@pytest.mark.parametrize(("module", "name"), PAGES)
def test_a_page_shows_the_docstring(built: Path, module: str, name: str) -> None:
    obj = _find(name)
    first = inspect.getdoc(obj).splitlines()[0]
    assert not re.search(r"[`*|]", first), f"pick a plain first line: {first}"
    page = built / "reference" / f"{module}.html"
    assert f'id="{name}"' in page.read_text()
    assert _words(first) in _text(page)


def _find(name: str) -> object:
    """The object of ``marginlab.<module>.<name>`` or ``marginlab.<name>``."""
    module, _, attr = name.rpartition(".")
    return getattr(importlib.import_module(module), attr)


def _public_names(module: str) -> dict[str, object]:
    """The classes and functions a module holds for its users: its
    ``__all__``, or the ones it defines."""
    home = importlib.import_module(f"marginlab.{module}")
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


def test_every_public_name_is_documented_once_under_its_name(
    built: Path,
) -> None:
    """A name of ``__all__`` under ``marginlab.<name>`` and nowhere else; any
    other public class or function of a page's module under that module's
    path (or another page's, if its module only re-exports it); nothing
    twice."""
    inventory = _inventory(built)
    prefixes = {f"marginlab.{m}." for m in MODULES}
    documented: dict[int, list[str]] = {}
    for name, (role, _uri) in inventory.items():
        top = name.count(".") == 1 and name.startswith("marginlab.")
        inside = top or name.rpartition(".")[0] + "." in prefixes
        if role.startswith("py:") and role != "py:module" and inside:
            documented.setdefault(id(_find(name)), []).append(name)
    wrong = [
        (name, documented.get(id(getattr(marginlab, name))))
        for name in marginlab.__all__
        if documented.get(id(getattr(marginlab, name))) != [f"marginlab.{name}"]
    ]
    assert not wrong, "document each as marginlab.<name>, once"
    missing, twice = [], []
    for module in MODULES:
        for name, obj in _public_names(module).items():
            where = documented.get(id(obj), [])
            if not where:
                missing.append(f"marginlab.{module}.{name}")
            elif len(where) > 1:
                twice.append(where)
    assert not missing, f"add to docs/reference/<module>.rst: {missing}"
    assert not twice, twice


def test_every_module_holding_a_public_name_has_a_page() -> None:
    assert set(marginlab._HOMES) <= set(MODULES)
