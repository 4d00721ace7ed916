"""The public API is the package's top-level ``__all__``: every name resolves
to the object of the layer module that holds it, ``import marginlab`` imports
no layer, and nothing else stands beside the layers."""

from __future__ import annotations

import ast
import importlib
import subprocess
import sys

import pytest

import marginlab

from ..conftest import ROOT

PACKAGE = ROOT / "src" / "marginlab"

#: The names the README, CONTRIBUTING.md and the design notes import from the
#: top level.
DOCUMENTED = (
    "SVM",
    "Pegasos",
    "AdaBoost",
    "ArcGV",
    "MajorityBoost",
    "Stumps",
    "Trees",
    "HypothesisMatrix",
    "Gaussian",
    "Linear",
    "Polynomial",
    "make_kernel",
    "Lasso",
    "lasso_path",
    "svm_loo",
    "SVMLOOResult",
    "max_margin",
    "Dataset",
    "make_dataset",
    "KernelRidge",
    "KernelPerceptron",
    "KernelLogisticRegression",
    "KNN",
    "clone",
)


def test_the_documented_names_are_public() -> None:
    assert set(DOCUMENTED) <= set(marginlab.__all__)


def test_all_names_each_public_name_once() -> None:
    assert len(marginlab.__all__) == len(set(marginlab.__all__))
    assert not [n for n in marginlab.__all__ if n.startswith("_")]


@pytest.mark.parametrize("name", marginlab.__all__)
def test_a_public_name_is_the_object_of_its_layer(name: str) -> None:
    home = importlib.import_module(f"marginlab.{marginlab._HOME[name]}")
    assert getattr(marginlab, name) is getattr(home, name)
    assert name in dir(marginlab)


def test_star_import_gives_all_and_only_all() -> None:
    namespace: dict[str, object] = {}
    exec("from marginlab import *", namespace)
    assert set(namespace) - {"__builtins__"} == set(marginlab.__all__)


def test_import_marginlab_imports_no_layer() -> None:
    """Reading the version (or the experiment registry) stays cheap: the
    layers are imported when a name of theirs is first asked for."""
    code = (
        "import sys, marginlab\n"
        "before = sorted(m for m in sys.modules if m.startswith('marginlab.'))\n"
        "marginlab.SVM\n"
        "print(before, 'marginlab.estimators.svm' in sys.modules)\n"
    )
    proc = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert proc.stdout.strip() == "[] True"


@pytest.mark.parametrize("old", ["svm", "boosting", "margins", "evaluation", "site"])
def test_no_module_re_exports_a_layer(old: str) -> None:
    """The modules that once re-exported a layer's module are gone: a name is
    imported from the top level or from its layer."""
    with pytest.raises(ModuleNotFoundError):
        importlib.import_module(f"marginlab.{old}")


def test_an_unknown_name_is_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match="no_such_name"):
        _ = marginlab.no_such_name
    with pytest.raises(ImportError):
        exec("from marginlab import no_such_name", {})


def _top_level_imports(source: str, depth: int) -> list[str]:
    """The names of ``__all__`` that a module's ``source`` imports from the
    package's top level (``from marginlab import SVM``, or a relative import
    that climbs to it from the module's ``depth``: 1 beside ``__init__.py``,
    2 in a layer, ...)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.ImportFrom):
            continue
        absolute = node.level == 0 and node.module == "marginlab"
        relative = node.level == depth and node.module is None
        if absolute or relative:
            found += [a.name for a in node.names if a.name in marginlab.__all__]
    return found


def test_the_library_imports_names_from_their_layers() -> None:
    """Code digests follow imports, and the top level would tie a module to
    every layer: the library imports each name from the module that holds
    it."""
    offenders = {
        str(path.relative_to(PACKAGE)): names
        for path in sorted(PACKAGE.rglob("*.py"))
        if path.name != "__init__.py" or path.parent != PACKAGE
        if (
            names := _top_level_imports(
                path.read_text(), len(path.relative_to(PACKAGE).parts)
            )
        )
    }
    assert offenders == {}


def test_a_top_level_import_is_found() -> None:
    source = "from marginlab import SVM\nfrom ... import Gaussian, core\n"
    assert _top_level_imports(source, depth=3) == ["SVM", "Gaussian"]
    assert _top_level_imports(source, depth=2) == ["SVM"]
    assert _top_level_imports("from .kernels import Gaussian\n", depth=2) == []


@pytest.mark.parametrize("command", ["site", "archive", "gallery"])
def test_python_m_runs_the_pipelines_commands(command: str) -> None:
    proc = subprocess.run(
        [sys.executable, "-m", f"marginlab.pipeline.{command}", "--help"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr
    assert "usage:" in proc.stdout
