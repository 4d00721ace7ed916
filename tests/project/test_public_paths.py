"""The public import paths keep working where the modules moved into layers."""

from __future__ import annotations

import importlib
import subprocess
import sys

import pytest

import marginlab
from marginlab import PUBLIC_PATHS

from ..conftest import ROOT


@pytest.mark.parametrize("public", sorted(PUBLIC_PATHS))
def test_a_public_path_re_exports_the_module_of_its_layer(public: str) -> None:
    """Every public name of the layer's module (its ``__all__``, or every name
    without a leading underscore) reads the same object through the public
    path, which is a plain file of the package (no import hook: editors, type
    checkers and grep follow it)."""
    module = importlib.import_module(f"marginlab.{public}")
    home = importlib.import_module(f"marginlab.{PUBLIC_PATHS[public]}")
    assert module.__spec__.origin == str(ROOT / "src" / "marginlab" / f"{public}.py")
    names = getattr(home, "__all__", [n for n in vars(home) if not n.startswith("_")])
    assert names
    for name in names:
        assert getattr(module, name) is getattr(home, name), name
    assert getattr(marginlab, public) is module


def test_no_import_hook_is_installed() -> None:
    assert not [f for f in sys.meta_path if type(f).__module__.startswith("marginlab")]
    assert hasattr(marginlab, "PUBLIC_PATHS")
    files = {p.stem for p in (ROOT / "src" / "marginlab").glob("*.py")}
    assert set(PUBLIC_PATHS) <= files


@pytest.mark.parametrize(
    ("path", "name"),
    [
        # The names the README, CONTRIBUTING.md and the design notes use.
        ("marginlab.svm", "SVM"),
        ("marginlab.svm", "Pegasos"),
        ("marginlab.evaluation", "svm_loo"),
        ("marginlab.evaluation", "SVMLOOResult"),
        ("marginlab.svm_loo", "svm_loo"),
        ("marginlab.selection", "lasso_path"),
        ("marginlab.selection", "lasso_alpha_max"),
        ("marginlab.margins", "max_margin"),
        ("marginlab.boosting", "AdaBoost"),
        ("marginlab.boosting", "Stumps"),
        ("marginlab.boosting", "HypothesisMatrix"),
        ("marginlab.boosting", "MajorityBoost"),
        ("marginlab.kernels", "Gaussian"),
        ("marginlab.datasets", "make_dataset"),
        ("marginlab.feature_maps", "quadratic_r2"),
        ("marginlab.feature_maps", "gaussian_series"),
        ("marginlab.kernel_ridge", "KernelRidge"),
        ("marginlab.perceptron", "KernelPerceptron"),
        ("marginlab.logistic", "KernelLogisticRegression"),
        ("marginlab.io", "write_frame_atomic"),
        ("marginlab.kinds", "Tally"),
        ("marginlab.claims", "ClaimRow"),
        ("marginlab.plotting", "save_figure"),
        ("marginlab.site", "build_site"),
        ("marginlab", "Gaussian"),
        ("marginlab", "make_dataset"),
    ],
)
def test_documented_names_import(path: str, name: str) -> None:
    assert getattr(importlib.import_module(path), name) is not None


def test_an_unknown_path_is_still_an_import_error() -> None:
    with pytest.raises(ModuleNotFoundError):
        importlib.import_module("marginlab.no_such_module")
    with pytest.raises(AttributeError):
        _ = marginlab.no_such_name


@pytest.mark.parametrize("module", ["marginlab.site", "marginlab.archive"])
def test_python_m_runs_the_public_path(module: str) -> None:
    proc = subprocess.run(
        [sys.executable, "-m", module, "--help"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr
    assert "usage:" in proc.stdout
