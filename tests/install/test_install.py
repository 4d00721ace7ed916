"""What each install brings: the library with its own dependencies only, the
workflow without the package installed, and every import declared.

One environment is made anew (``python -m venv``) from the exact versions of
requirements.lock, and the tests add to it in file order: the library's
dependencies alone, then the workflow's extra, then the package itself
(``pip install .``). pip takes the wheels from its cache when ``make`` has
installed them before, as in CI.
"""

from __future__ import annotations

import ast
import functools
import os
import shutil
import subprocess
import sys
import tomllib
from importlib import metadata
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

from ..conftest import ROOT, copy_workflow

PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
EXTRAS = PROJECT["optional-dependencies"]
PACKAGE = ROOT / "src" / "marginlab"


def requirements(*extras: str) -> list[str]:
    """The library's requirements and those of ``extras`` (an extra naming
    ``marginlab[...]`` brings those extras' requirements)."""
    out = list(PROJECT["dependencies"])
    todo, seen = list(extras), set()
    while todo:
        extra = todo.pop()
        if extra in seen:
            continue
        seen.add(extra)
        for line in EXTRAS[extra]:
            req = Requirement(line)
            if req.name == "marginlab":
                todo += sorted(req.extras)
            else:
                out.append(line)
    return out


@functools.cache
def distributions(*extras: str) -> frozenset[str]:
    """Every distribution the library with ``extras`` declares, and what
    those need (read from this environment's metadata, extras followed)."""
    found: set[str] = set()
    todo = [Requirement(line) for line in requirements(*extras)]
    while todo:
        req = todo.pop()
        name = canonicalize_name(req.name)
        if name in found:
            continue
        found.add(name)
        for line in metadata.requires(req.name) or []:
            dep = Requirement(line)
            envs = [{"extra": e} for e in req.extras] or [{"extra": ""}]
            if dep.marker is None or any(dep.marker.evaluate(e) for e in envs):
                todo.append(dep)
    return frozenset(found)


def _imports(path: Path) -> set[str]:
    """The top-level names of the packages ``path`` imports outside the
    standard library and marginlab."""
    names = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names |= {a.name.split(".")[0] for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module.split(".")[0])
    return names - set(sys.stdlib_module_names) - {"marginlab"}


#: Which extras a layer's modules may import from, beyond the library's own
#: dependencies: the library's layers only the bundled data's (scikit-learn,
#: pooch and its requests, each imported where a dataset is loaded or
#: downloaded); the experiments and the pipeline the workflow's.
LAYER_EXTRAS = {
    "core": ("data",),
    "estimators": (),
    "theory": (),
    "experiments": ("data",),
    "pipeline": ("workflow",),
}


@functools.cache
def _providers() -> dict[str, list[str]]:
    return dict(metadata.packages_distributions())


def _undeclared(path: Path, layer: str) -> list[str]:
    """The packages ``path`` imports that ``layer``'s install does not bring
    (import names mapped to distributions with `packages_distributions`)."""
    providers = _providers()
    allowed = distributions(*LAYER_EXTRAS[layer])
    return [
        name
        for name in sorted(_imports(path))
        if not {canonicalize_name(d) for d in providers.get(name, [name])} & allowed
    ]


def test_every_import_is_declared_for_its_layer() -> None:
    """A module that imports a package its layer's install does not bring
    fails here, named with the package."""
    undeclared = []
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = path.relative_to(PACKAGE).parts
        layer = parts[0] if len(parts) > 1 else "core"  # __init__: the public API
        undeclared += [
            f"{path.relative_to(ROOT)}: {name} ({layer})"
            for name in _undeclared(path, layer)
        ]
    assert undeclared == []


def test_an_undeclared_import_is_named(tmp_path: Path) -> None:
    module = tmp_path / "m.py"
    module.write_text("import numpy\nimport yaml\n\ndef f():\n    import sklearn\n")
    assert _undeclared(module, "estimators") == ["sklearn", "yaml"]
    assert _undeclared(module, "core") == ["yaml"]
    assert _undeclared(module, "pipeline") == []


def test_the_layers_allowances_are_what_the_extras_declare() -> None:
    assert "snakemake" not in distributions()
    assert "scikit-learn" not in distributions()
    assert "scikit-learn" in distributions("data")
    assert {"snakemake", "jsonschema", "pyyaml", "scikit-learn"} <= distributions(
        "workflow"
    )


def _venv(path: Path) -> Path:
    subprocess.run([sys.executable, "-m", "venv", str(path)], check=True)
    return path / "bin"


def _pip_install(bin_: Path, lines: list[str]) -> None:
    """The requirements ``lines`` at requirements.lock's versions."""
    proc = subprocess.run(
        [
            str(bin_ / "python"),
            "-m",
            "pip",
            "install",
            "--quiet",
            "--disable-pip-version-check",
            "--constraint",
            str(ROOT / "requirements.lock"),
            *lines,
        ],
        capture_output=True,
        text=True,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr


@pytest.fixture(scope="module")
def bare(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh environment with the library's own dependencies only, and no
    marginlab installed."""
    bin_ = _venv(tmp_path_factory.mktemp("install") / "venv")
    _pip_install(bin_, requirements())
    return bin_


def _env(bin_: Path, **values: str) -> dict[str, str]:
    """The environment of a process in the fresh environment ``bin_``, with
    a matplotlib configuration folder of its own: matplotlib caches its font
    list with the paths of the fonts it ships, and this environment's are gone
    when the test ends, so a shared cache would leave the suite's own
    matplotlib looking for fonts that no longer exist."""
    return {**os.environ, "MPLCONFIGDIR": str(bin_.parent / "matplotlib"), **values}


pytestmark = [pytest.mark.pipeline, pytest.mark.xdist_group("install")]


def test_the_library_alone_imports_and_fits_every_estimator(bare: Path) -> None:
    """With only numpy, scipy, pandas, matplotlib and numba (and what they
    need), every module of the library's layers imports and every estimator
    fits (tests/install/core_only.py)."""
    listed = subprocess.run(
        [str(bare / "python"), "-m", "pip", "list", "--format=freeze"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert "snakemake" not in listed.lower()
    assert "scikit-learn" not in listed.lower()
    proc = subprocess.run(
        [str(bare / "python"), str(ROOT / "tests" / "install" / "core_only.py")],
        env=_env(bare, PYTHONPATH=str(ROOT / "src")),
        capture_output=True,
        text=True,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    fitted = proc.stdout.splitlines()
    assert len(fitted) >= 12, fitted
    assert "marginlab.estimators.svm.classifier.SVM: fitted and predicted" in fitted


def test_the_workflow_runs_without_the_package_installed(
    bare: Path, tmp_path: Path
) -> None:
    """The workflow's extra (not the package) added to that environment: one
    figure and its claims' rows are made, and the archive's provenance reads
    the version and requirements from the source tree."""
    _pip_install(bare, [r for r in requirements("workflow")])
    wf = copy_workflow(tmp_path / "wf")
    shutil.copy2(ROOT / "pyproject.toml", wf / "pyproject.toml")
    proc = subprocess.run(
        [
            str(bare / "snakemake"),
            "--workflow-profile",
            "workflow/profiles/small",
            "--cores",
            "2",
            "results/figures/losses.png",
            "results/claims/B13.csv",
        ],
        cwd=wf,
        env=_env(bare, PATH=f"{bare}:{os.environ['PATH']}"),
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    assert (wf / "results" / "figures" / "losses.png").stat().st_size > 0
    assert (wf / "results" / "claims" / "B13.csv").read_text().startswith("id,key,")
    check = subprocess.run(
        [
            str(bare / "python"),
            "-c",
            "import json, marginlab\n"
            "from importlib import metadata\n"
            "from marginlab.pipeline.archive import dependency_versions\n"
            "try:\n"
            "    metadata.distribution('marginlab')\n"
            "    print('installed')\n"
            "except metadata.PackageNotFoundError:\n"
            "    print(json.dumps(dependency_versions()))\n",
        ],
        cwd=wf,
        env=_env(bare, PYTHONPATH=str(wf / "src")),
        capture_output=True,
        text=True,
    )
    assert check.returncode == 0, check.stderr
    import json

    import marginlab

    versions = json.loads(check.stdout)
    assert versions["marginlab"] == marginlab.__version__
    assert {"snakemake", "numpy", "scikit-learn", "jinja2"} <= set(versions)


def test_pip_install_dot_gives_marginlab_and_nothing_of_the_old_name(
    bare: Path, tmp_path: Path
) -> None:
    """``pip install .`` in that environment, last (the tests above need the
    package not installed): ``import marginlab`` gives its version, and no
    distribution, top-level package or module of the name the package is not
    called (see the README) is installed or imported."""
    old = "kernel" + "boost"
    bin_ = bare
    _pip_install(bin_, [str(ROOT)])
    proc = subprocess.run(
        [
            str(bin_ / "python"),
            "-c",
            "import sys, marginlab\n"
            "from importlib import metadata\n"
            "print(marginlab.__version__)\n"
            "print(' '.join(sorted(sys.modules)))\n"
            "print(' '.join(sorted(d.metadata['Name'] for d in "
            "metadata.distributions())))\n"
            "print(' '.join(sorted(metadata.packages_distributions())))\n",
        ],
        cwd=tmp_path,
        env=_env(bin_),
        capture_output=True,
        text=True,
    )
    assert proc.returncode == 0, proc.stderr
    version, modules, dists, packages = proc.stdout.splitlines()
    import marginlab

    assert version == marginlab.__version__
    assert "marginlab" in modules.split()
    assert "marginlab" in [d.lower() for d in dists.split()]
    assert "marginlab" in packages.split()
    for listed in (modules, dists, packages):
        assert old not in listed.lower()
    site = list((bin_.parent / "lib").glob("python*/site-packages"))
    assert site
    assert not [p for p in site[0].iterdir() if old in p.name.lower()]
