"""Project hygiene: dependency lists agree; lint and format checks pass."""

from __future__ import annotations

import re
import subprocess
import tomllib
from pathlib import Path

import pytest
import yaml

import marginlab
from marginlab import experiments as X

from ..conftest import BIN, ROOT, copy_workflow, snakemake


def _as_conda(requirement: str) -> set[str]:
    """The names of a pip requirement as conda lists them:
    ``snakemake[reports]>=9.0`` is ``snakemake`` and the packages of its
    ``reports`` extra (pygments); ``marginlab[data]`` is the ``data``
    extra's."""
    from importlib import metadata

    from packaging.requirements import Requirement
    from packaging.utils import canonicalize_name

    req = Requirement(requirement)
    if req.name == "marginlab":
        extras = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"][
            "optional-dependencies"
        ]
        return {n for extra in req.extras for r in extras[extra] for n in _as_conda(r)}
    out = {canonicalize_name(req.name)}
    for extra in req.extras:
        for line in metadata.requires(req.name) or []:
            dep = Requirement(line)
            if dep.marker is not None and dep.marker.evaluate({"extra": extra}):
                out.add(canonicalize_name(dep.name))
    return out


#: The interpreter requirements.lock's versions are read for: the conda
#: environments pin Python 3.11, the lowest the project supports.
LOCK_PYTHON = {
    "python_full_version": "3.11.0",
    "python_version": "3.11",
    "sys_platform": "linux",
    "platform_system": "Linux",
    "platform_machine": "x86_64",
    "os_name": "posix",
    "implementation_name": "cpython",
    "platform_python_implementation": "CPython",
    "extra": "",
}


def _lock_for_python_311() -> dict[str, str]:
    from packaging.requirements import Requirement
    from packaging.utils import canonicalize_name

    out = {}
    for line in (ROOT / "requirements.lock").read_text().splitlines():
        if line.strip() and not line.lstrip().startswith("#"):
            req = Requirement(line)
            if req.marker is None or req.marker.evaluate(LOCK_PYTHON):
                (spec,) = req.specifier
                out[canonicalize_name(req.name)] = spec.version
    return out


def _conda_env(path: Path) -> dict[str, str]:
    """name → pinned version of a conda environment file; each entry must pin
    one exact version (``==``; Python ``=3.11``, every 3.11 release)."""
    env = yaml.safe_load(path.read_text())
    assert all(isinstance(d, str) for d in env["dependencies"]), (
        f"{path.name} installs with pip (nothing from the checkout belongs there)"
    )
    pins = {}
    for entry in env["dependencies"]:
        if entry.startswith("python="):
            assert entry == "python=3.11", entry
            continue
        name, sep, version = entry.partition("==")
        assert sep == "==", f"{path.name}: {entry} is not pinned to a version"
        pins[name] = version
    return pins


def test_conda_environments_pin_the_locked_workflow_dependencies() -> None:
    """environment.yml runs the workflow; workflow/envs/marginlab.yaml is every
    job's environment: the library's dependencies and its `workflow` extra
    (the jobs' without Snakemake and its report's pygments), no test tools,
    nothing installed from the checkout, each at requirements.lock's version
    for Python 3.11."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    names = set()
    for requirement in (
        project["dependencies"] + project["optional-dependencies"]["workflow"]
    ):
        names |= _as_conda(requirement)
    assert {"pygments", "snakemake", "jinja2", "scikit-learn"} <= names
    locked = _lock_for_python_311()
    workflow = _conda_env(ROOT / "environment.yml")
    assert set(workflow) == names
    jobs = _conda_env(ROOT / "workflow" / "envs" / "marginlab.yaml")
    assert set(jobs) == names - {"snakemake", "pygments"}
    for pins in (workflow, jobs):
        differ = {n: (v, locked[n]) for n, v in pins.items() if v != locked[n]}
        assert not differ, f"(pinned, locked): {differ}"


def test_every_rule_runs_in_the_jobs_environment() -> None:
    rules = (ROOT / "workflow" / "rules").glob("*.smk")
    text = "\n".join(path.read_text() for path in sorted(rules))
    n_rules = len(re.findall(r"^rule \w+:", text, re.MULTILINE))
    assert text.count('conda:\n        "../envs/marginlab.yaml"') == n_rules


#: Snakemake's records of a run that the rules read: its config files, its
#: command line's, its --config values, its command line.
RUN_RECORDS = (
    "workflow.configfiles",
    "workflow.overwrite_configfiles",
    "workflow.config_settings",
    "sys.argv",
)


def test_the_rules_stay_thin() -> None:
    """The glue between Snakemake and the library (workflow/rules/common.smk)
    reads each of Snakemake's records of a run once, in the rules' files
    only there, and hands it to the pipeline layer, where the layering of the
    configuration and the command line's targets are tested
    (marginlab.pipeline.sources, marginlab.pipeline.plan); and it stays within
    150 lines, so that what grows there is noticed and moved down."""
    rules = {p.name: p.read_text() for p in (ROOT / "workflow" / "rules").glob("*.smk")}
    for record in RUN_RECORDS:
        where = {name: text.count(record) for name, text in rules.items()}
        assert {n: c for n, c in where.items() if c} == {"common.smk": 1}, record
    lines = rules["common.smk"].count("\n")
    assert lines <= 150, f"workflow/rules/common.smk has {lines} lines (at most 150)"


@pytest.mark.pipeline
def test_snakemake_lint_is_clean(tmp_path) -> None:
    proc = snakemake(copy_workflow(tmp_path / "wf"), "--lint", check=False)
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_snakefmt_check_passes() -> None:
    proc = subprocess.run(
        [str(BIN / "snakefmt"), "--check", "Snakefile", "workflow"],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr


@pytest.mark.parametrize("command", [["check"], ["format", "--check"]])
def test_ruff_passes(command) -> None:
    proc = subprocess.run(
        [str(BIN / "ruff"), *command, "."], cwd=ROOT, capture_output=True, text=True
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_library_does_not_import_snakemake() -> None:
    for path in (ROOT / "src" / "marginlab").rglob("*.py"):
        assert "snakemake" not in path.read_text(), path


def _marginlab_imports(path: Path, package: Path) -> set[tuple[str, ...]]:
    """Every ``marginlab`` module ``path`` imports, as the parts of its name
    below ``marginlab`` (``("experiments", "_shared", "rows")``), deferred
    imports included; ``from . import x`` names the module ``x``."""
    import ast

    parts = path.relative_to(package).with_suffix("").parts
    if parts[-1] == "__init__":
        parts = (*parts[:-1], "__init__")
    found: set[tuple[str, ...]] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = list(parts[: len(parts) - node.level])
                module = base + (node.module.split(".") if node.module else [])
                if node.module is None:
                    found.update((*module, a.name) for a in node.names)
                    continue
            elif (node.module or "").startswith("marginlab."):
                module = node.module.split(".")[1:]
            else:
                continue
            found.add(tuple(module))
        elif isinstance(node, ast.Import):
            found.update(
                tuple(a.name.split(".")[1:])
                for a in node.names
                if a.name.startswith("marginlab.")
            )
    return found


#: The library's layers, lowest first: a module imports only its own layer and
#: the layers before it.
LAYERS = ("core", "theory", "estimators", "experiments", "pipeline")

#: Studies that reuse another experiment's study: the SMO applet computes
#: K11's panel at every (σ, C) of its grid.
ROOM_REUSE = {("smo_applet", "study"): {("svm_sigma_C_grid", "study")}}


def _layer_violations(package: Path) -> list[str]:
    violations = []
    for path in sorted(package.rglob("*.py")):
        rel = path.relative_to(package).parts
        if len(rel) == 1:
            continue  # the package's own __init__: the public API, as strings
        layer = LAYERS.index(rel[0])
        for module in _marginlab_imports(path, package):
            where = f"{'/'.join(rel)} imports {'.'.join(module)}"
            if LAYERS.index(module[0]) > layer:
                violations.append(f"{where} (a higher layer)")
            if rel[0] != "experiments" or module[0] != "experiments":
                continue
            room, target = rel[1], module[1] if len(module) > 1 else ""
            if target in ("", "__init__") or target == "_shared":
                if room == "_shared" or target == "_shared" or len(rel) == 2:
                    continue
                violations.append(f"{where} (the registry, from a room)")
                continue
            if room == "_shared":
                violations.append(f"{where} (a room, from the shared code)")
                continue
            kind = Path(rel[-1]).stem
            other = module[2] if len(module) > 2 else ""
            if target != room:
                if (target, other) not in ROOM_REUSE.get((room, kind), set()):
                    violations.append(f"{where} (another experiment's room)")
            elif kind in ("claims", "figures", "applet") and other == "study":
                violations.append(f"{where} (claims and figures read tables)")
            elif kind == "study" and other in ("claims", "figures", "applet"):
                violations.append(f"{where} (a study computes, never judges or draws)")
    return violations


def test_the_package_shows_its_layers() -> None:
    """``ls src/marginlab`` is the architecture: the layers, and beside them
    only the package's ``__init__.py`` (the public API, imported lazily from
    the layers) and the typing marker; no module re-exports another."""
    package = ROOT / "src" / "marginlab"
    found = {p.name for p in package.iterdir() if p.name != "__pycache__"}
    assert found == {"__init__.py", "py.typed", *LAYERS}


def test_layers_import_only_downwards() -> None:
    """core < theory < estimators < experiments < pipeline; a room imports the
    shared code and itself (its claims and figures never its study, its study
    never its claims or figures), and no other room but the reuses declared;
    and no module imports itself through others (:func:`_import_cycles`)."""
    package = ROOT / "src" / "marginlab"
    assert _layer_violations(package) == []
    assert _import_cycles(package) == []


@pytest.mark.parametrize(
    ("path", "line", "found"),
    [
        (
            "core/kernels/functions.py",
            "from ...estimators.svm import SVM",
            "a higher layer",
        ),
        ("theory/bounds.py", "from ..pipeline import jobs", "a higher layer"),
        (
            "experiments/adaboost/claims.py",
            "from .study import adaboost_tables",
            "claims and figures read tables",
        ),
        (
            "experiments/adaboost/study.py",
            "from ..losses.study import loss_table",
            "another experiment's room",
        ),
        ("experiments/_shared/rows.py", "from ..adaboost import claims", "a room"),
    ],
)
def test_the_layer_check_can_fail(tmp_path: Path, path, line, found) -> None:
    import shutil

    package = tmp_path / "marginlab"
    shutil.copytree(ROOT / "src" / "marginlab", package)
    with (package / path).open("a") as handle:
        handle.write(f"\n{line}\n")
    violations = _layer_violations(package)
    assert len(violations) == 1, violations
    assert found in violations[0]


# --- Import cycles ----------------------------------------------------------------


def _import_graph(package: Path) -> dict[tuple[str, str], bool]:
    """The package's imports as edges ``(importer, imported) → at import
    time``, modules named by their dotted path below ``marginlab`` (a package
    by its own, for its ``__init__.py``; the package itself is ``""``).

    Every import statement counts, deferred ones too (inside a function, or
    under ``if TYPE_CHECKING:``), and gives an edge to:

    1. the module it names: ``import marginlab.a.b`` and ``from .b import n``
       name ``a.b``; ``from a import b`` names the module ``a.b`` when ``b``
       is one, else ``a``;
    2. for a name ``from X import n`` that ``X`` only re-exports (``from .m
       import n``, or ``from .m import *`` with ``n`` in ``m.__all__``), the
       module that defines it, followed through re-exports: the importer
       depends on it as much as on ``X``;
    3. the ``__init__`` of each package that encloses the named module but
       not the importer (Python runs it first; the importer's own packages
       are already being imported when it runs).

    An edge is *at import time* when its statement runs while the importer is
    first imported: not inside a function or ``if TYPE_CHECKING:``."""
    import ast

    paths = {}
    for path in package.rglob("*.py"):
        parts = path.relative_to(package).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        paths[".".join(parts)] = path
    packages = {m for m, p in paths.items() if p.name == "__init__.py"}
    trees = {m: ast.parse(p.read_text()) for m, p in paths.items()}

    def absolute(module: str, node: ast.ImportFrom) -> str | None:
        """The dotted name a ``from`` import reads from, or None outside."""
        if node.level:
            parts = module.split(".") if module else []
            if module not in packages:
                parts = parts[:-1]
            parts = parts[: len(parts) - node.level + 1]
            return ".".join([*parts, *(node.module.split(".") if node.module else [])])
        name = node.module or ""
        if name == "marginlab" or name.startswith("marginlab."):
            return name.removeprefix("marginlab").removeprefix(".")
        return None

    def static_all(module: str) -> set[str]:
        """The names of a module's ``__all__`` when it is a literal list."""
        for node in trees[module].body:
            names = node.targets if isinstance(node, ast.Assign) else []
            literal = isinstance(node, ast.Assign) and isinstance(
                node.value, ast.List | ast.Tuple
            )
            if literal and any(getattr(n, "id", "") == "__all__" for n in names):
                return {e.value for e in node.value.elts if isinstance(e, ast.Constant)}
        return set()

    def home(module: str, name: str, seen: frozenset[str] = frozenset()) -> str:
        """The module that defines ``name`` read from ``module``."""
        if module in seen:
            return module
        for node in trees[module].body:
            if isinstance(node, ast.ImportFrom) and absolute(module, node) is not None:
                source = absolute(module, node)
                for alias in node.names:
                    star = alias.name == "*" and source in trees
                    if (alias.asname or alias.name) == name or (
                        star and name in static_all(source)
                    ):
                        if f"{source}.{alias.name}".strip(".") in paths:
                            return f"{source}.{alias.name}".strip(".")
                        if source in trees:
                            return home(
                                source,
                                alias.name if not star else name,
                                seen | {module},
                            )
        return module

    edges: dict[tuple[str, str], bool] = {}

    def add(importer: str, target: str, now: bool) -> None:
        if target == importer or target not in paths:
            return
        edges[importer, target] = edges.get((importer, target), False) or now
        parts = target.split(".")
        for cut in range(1, len(parts)):
            outer = ".".join(parts[:cut])
            if outer in packages and not (importer + ".").startswith(outer + "."):
                edges[importer, outer] = edges.get((importer, outer), False) or now

    class Imports(ast.NodeVisitor):
        def __init__(self, module: str) -> None:
            self.module, self.now = module, True

        def deferred(self, node: ast.AST) -> None:
            now, self.now = self.now, False
            self.generic_visit(node)
            self.now = now

        visit_FunctionDef = visit_AsyncFunctionDef = visit_Lambda = deferred

        def visit_If(self, node: ast.If) -> None:
            if "TYPE_CHECKING" in ast.unparse(node.test):
                self.deferred(node)
            else:
                self.generic_visit(node)

        def visit_Import(self, node: ast.Import) -> None:
            for alias in node.names:
                if alias.name.startswith("marginlab."):
                    add(self.module, alias.name.removeprefix("marginlab."), self.now)

        def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
            source = absolute(self.module, node)
            if source is None:
                return
            for alias in node.names:
                named = f"{source}.{alias.name}".strip(".")
                if named in paths:
                    add(self.module, named, self.now)
                    continue
                add(self.module, source, self.now)
                if alias.name != "*" and source in trees:
                    add(self.module, home(source, alias.name), self.now)

    for module, tree in trees.items():
        Imports(module).visit(tree)
    return edges


def _strongly_connected(edges: set[tuple[str, str]]) -> list[set[str]]:
    """The groups of two or more modules that reach each other (Tarjan)."""
    successors: dict[str, list[str]] = {}
    for a, b in sorted(edges):
        successors.setdefault(a, []).append(b)
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    groups = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for after in successors.get(node, []):
            if after not in index:
                visit(after)
                low[node] = min(low[node], low[after])
            elif after in stack:
                low[node] = min(low[node], index[after])
        if low[node] == index[node]:
            group = {stack.pop()}
            while node not in group:
                group.add(stack.pop())
            if len(group) > 1:
                groups.append(group)

    for node in sorted(successors):
        if node not in index:
            visit(node)
    return groups


def _a_cycle(group: set[str], edges: set[tuple[str, str]]) -> list[str]:
    """One shortest cycle through the first module of ``group``."""
    start = min(group)
    paths = {start: [start]}
    todo = [start]
    while todo:
        node = todo.pop(0)
        for a, b in sorted(edges):
            if a != node or b not in group:
                continue
            if b == start:
                return [*paths[node], start]
            if b not in paths:
                paths[b] = [*paths[node], b]
                todo.append(b)
    raise AssertionError(group)  # a strongly connected group has a cycle


def _import_cycles(package: Path) -> list[str]:
    """The import cycles among the package's modules, each as ``a → b → a``.

    Over the edges of :func:`_import_graph`, a cycle counts when

    - it passes through no package ``__init__``: deferred imports included,
      two modules that import each other are one concept cut in two, even
      where Python gets through it (the import inside a function runs
      later); or
    - all its edges are at import time: a real module-level cycle, which
      Python meets as a partly initialized module.

    So a package's ``__init__`` may re-export its modules while one of them
    imports a name from it inside a function (the cycle runs through the
    ``__init__`` and has a deferred edge): the name's defining module is an
    edge of its own (rule 2 of :func:`_import_graph`), so a cycle between the
    modules behind the re-export still counts."""
    graph = _import_graph(package)
    packages = {
        ".".join(p.relative_to(package).parent.parts)
        for p in package.rglob("__init__.py")
    }
    plain = {e for e in graph if not {*e} & packages}
    now = {e for e, at_import in graph.items() if at_import}
    found = {}
    for edges in (plain, now):
        for group in _strongly_connected(edges):
            found.setdefault(frozenset(group), " → ".join(_a_cycle(group, edges)))
    return sorted(found.values())


@pytest.mark.parametrize(
    ("path", "text", "cycle"),
    [
        # The circle this check was written for: the letter data's module
        # defers importing downloads, and downloads takes LETTER_CLASSES
        # back through the facade of the datasets.
        (
            "core/datasets/downloads.py",
            "from . import LETTER_CLASSES\n",
            "core.datasets.downloads → core.datasets.letter → core.datasets.downloads",
        ),
        # Deferred, between plain modules: still one concept cut in two.
        (
            "core/contract/validation.py",
            "def _late():\n    from ..kernels.functions import Kernel\n",
            "core.contract.base → core.contract.validation → "
            "core.kernels.functions → core.contract.base",
        ),
        # At import time through a package's __init__: Python would meet
        # the package partly initialized.
        (
            "estimators/svm/pegasos.py",
            "from . import SVM\n",
            "estimators.svm → estimators.svm.pegasos → estimators.svm",
        ),
        # A function that reads a name of its own package's __init__ later:
        # no cycle (the name's module, classifier, imports nothing of pegasos).
        ("estimators/svm/pegasos.py", "def _late():\n    from . import SVM\n", None),
    ],
)
def test_the_cycle_check_can_fail(tmp_path: Path, path, text, cycle) -> None:
    import shutil

    package = tmp_path / "marginlab"
    shutil.copytree(ROOT / "src" / "marginlab", package)
    with (package / path).open("a") as handle:
        handle.write(f"\n{text}")
    assert _import_cycles(package) == ([cycle] if cycle else [])


# --- Where a test lives ------------------------------------------------------------


def _tests_off_their_path(
    tests: Path, package: Path, rooms: tuple[str, ...]
) -> set[str]:
    """The test files of ``tests/unit`` and ``tests/evidence`` that the rule
    does not find from a module's path: ``tests/unit/<a>/<b>/test_<c>.py``
    tests ``src/marginlab/<a>/<b>/<c>.py`` (or the package ``<c>/``), and
    ``tests/evidence/test_<room>.py`` a room of the registry."""
    off = set()
    for path in (tests / "unit").rglob("test_*.py"):
        rel = path.relative_to(tests / "unit")
        home = package.joinpath(*rel.parts[:-1], path.stem.removeprefix("test_"))
        if not (home.with_suffix(".py").is_file() or (home / "__init__.py").is_file()):
            off.add(f"tests/unit/{rel.as_posix()}")
    for path in (tests / "evidence").glob("test_*.py"):
        if path.stem.removeprefix("test_") not in rooms:
            off.add(f"tests/evidence/{path.name}")
    return off


def test_a_test_file_is_found_from_its_modules_path() -> None:
    """The tests of ``src/marginlab/core/datasets/csv_files.py`` are in
    ``tests/unit/core/datasets/test_csv_files.py``, a room's in
    ``tests/evidence/test_<room>.py``; every test file is where the rule
    finds it."""
    off = _tests_off_their_path(ROOT / "tests", ROOT / "src" / "marginlab", X.ROOMS)
    assert off == set()


@pytest.mark.parametrize(
    ("path", "off"),
    [
        ("unit/core/datasets/test_csv_files.py", False),
        ("unit/core/kernels/test_feature_maps.py", False),
        ("unit/estimators/test_svm.py", False),  # the package estimators/svm/
        ("unit/test_estimators.py", False),  # the layer estimators/ as a whole
        ("unit/estimators/svm/test_smo.py", False),
        ("unit/estimators/test_smo.py", True),  # a folder too high
        ("unit/core/test_datasets_csv.py", True),
        ("unit/core/test_csv_files.py", True),  # a folder too high
        ("evidence/test_adaboost.py", False),
        ("evidence/test_shared.py", True),  # _shared/ is not a room
    ],
)
def test_the_test_path_check_can_fail(tmp_path: Path, path: str, off: bool) -> None:
    (tmp_path / path).parent.mkdir(parents=True)
    (tmp_path / path).write_text("")
    found = _tests_off_their_path(tmp_path, ROOT / "src" / "marginlab", X.ROOMS)
    assert found == ({f"tests/{path}"} if off else set())


def test_only_figure_code_imports_matplotlib() -> None:
    """A study job never loads matplotlib: only the rooms' ``figures.py``, the
    shared figure style and the shared layout check of drawn figures import
    it."""
    package = ROOT / "src" / "marginlab"
    importers = {
        str(p.relative_to(package))
        for p in package.rglob("*.py")
        if re.search(r"^\s*(import|from) matplotlib", p.read_text(), re.M)
    }
    allowed = {f"experiments/{r}/figures.py" for r in X.ROOMS}
    shared = {"experiments/_shared/figures.py", "experiments/_shared/layout.py"}
    assert importers <= allowed | shared, importers
    assert "experiments/_shared/figures.py" in importers


@pytest.mark.parametrize(
    "caption",
    [
        *sorted((ROOT / "workflow" / "report").glob("*.rst")),
        *sorted((ROOT / "src" / "marginlab" / "experiments").glob("*/*.rst")),
    ],
    ids=lambda p: p.stem,
)
def test_captions_are_clean_restructured_text(caption: Path) -> None:
    """The report renders captions as reStructuredText: no warnings (e.g. |x|)."""
    import io

    from docutils.core import publish_parts

    warnings = io.StringIO()
    publish_parts(
        caption.read_text(),
        writer="html",
        settings_overrides={"warning_stream": warnings},
    )
    assert warnings.getvalue() == "", warnings.getvalue()


def _actionlint(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess:
    return subprocess.run(
        [str(BIN / "actionlint"), "-no-color", *args],
        cwd=cwd,
        capture_output=True,
        text=True,
    )


def test_github_workflows_pass_actionlint() -> None:
    workflows = sorted((ROOT / ".github" / "workflows").glob("*.yml"))
    assert workflows, "no GitHub Actions workflow"
    proc = _actionlint(*map(str, workflows))
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_actionlint_rejects_a_broken_workflow(tmp_path: Path) -> None:
    """The check above can fail: an unknown job key and a bad expression."""
    broken = tmp_path / ".github" / "workflows" / "broken.yml"
    broken.parent.mkdir(parents=True)
    broken.write_text(
        "on: push\njobs:\n  a:\n    runs-on: ubuntu-latest\n    step:\n"
        "      - run: echo ${{ github.nope }}\n"
    )
    proc = _actionlint(str(broken), cwd=tmp_path)
    assert proc.returncode == 1
    assert "broken.yml:5" in proc.stdout


def test_citation_and_license_agree_with_the_package() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    citation = yaml.safe_load((ROOT / "CITATION.cff").read_text())
    assert citation["cff-version"] == "1.2.0"
    assert citation["version"] == marginlab.__version__
    assert citation["license"] == project["license"]["text"] == "MIT"
    assert (ROOT / "LICENSE").read_text().startswith("MIT License\n")
    assert citation["authors"]
    assert citation["references"]


def _locked_versions() -> dict[str, set[str]]:
    """requirements.lock as name → versions (one per environment marker)."""
    from packaging.requirements import Requirement
    from packaging.utils import canonicalize_name

    locked: dict[str, set[str]] = {}
    for line in (ROOT / "requirements.lock").read_text().splitlines():
        if line.strip() and not line.lstrip().startswith("#"):
            req = Requirement(line)
            (spec,) = req.specifier
            assert spec.operator == "==", f"not an exact version: {line}"
            locked.setdefault(canonicalize_name(req.name), set()).add(spec.version)
    return locked


def test_the_lock_pins_every_requirement_of_pyproject() -> None:
    """After a change to pyproject.toml, `make lock` must be rerun."""
    from packaging.requirements import Requirement
    from packaging.utils import canonicalize_name

    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    locked = _locked_versions()
    requirements = list(project["dependencies"])
    for extra in project["optional-dependencies"].values():
        requirements += extra
    for line in requirements:
        req = Requirement(line)
        if req.name == "marginlab":  # an extra naming others: their lines count
            continue
        versions = locked.get(canonicalize_name(req.name))
        assert versions, f"{req.name} is not in requirements.lock: run `make lock`"
        assert all(req.specifier.contains(v) for v in versions), (req, versions)


def test_the_environment_has_the_locked_versions() -> None:
    """What `make` installed (the package, its `test` extra, which holds the
    others, and
    everything they need) is exactly what requirements.lock pins."""
    from marginlab.pipeline.archive import dependency_versions

    locked = _locked_versions()
    installed = dependency_versions(extras=("test",))
    assert {"numpy", "pytest"} <= set(installed)
    del installed["marginlab"]
    differ = {
        name: (version, locked.get(name))
        for name, version in installed.items()
        if version not in locked.get(name, ())
    }
    assert not differ, f"installed (version, locked): {differ}"


def test_make_test_keeps_each_xdist_group_on_one_worker(tmp_path: Path) -> None:
    """`make test` relies on `--dist loadgroup` to run the tests sharing one
    small run in one process; a pytest/pytest-xdist pair that stops grouping
    (as pytest 9.2 with xdist 3.8 did) would repeat those runs on each worker
    without failing anything else."""
    for module in ("a", "b"):
        (tmp_path / f"test_{module}.py").write_text(
            "import os, pytest\n"
            "pytestmark = pytest.mark.xdist_group('shared')\n"
            "@pytest.mark.parametrize('i', range(4))\n"
            "def test_worker(i):\n"
            "    with open('workers.txt', 'a') as out:\n"
            "        print(os.environ['PYTEST_XDIST_WORKER'], file=out)\n"
        )
    proc = subprocess.run(
        [str(BIN / "python"), "-m", "pytest", "-n", "2", "--dist", "loadgroup"]
        + ["-q", "-p", "no:cacheprovider", str(tmp_path)],
        cwd=tmp_path,
        capture_output=True,
        text=True,
    )
    assert proc.returncode == 0, proc.stdout[-2000:]
    workers = (tmp_path / "workers.txt").read_text().split()
    assert len(workers) == 8, workers
    assert len(set(workers)) == 1, f"grouped tests ran on {sorted(set(workers))}"


# --- Citations of the lecture texts -------------------------------------------

#: A lecture-file number (three digits: 00 and then 0 to 4) standing alone, not
#: part of a longer number: "m = 100 000", "1 000" and "0.001" are not citations.
_NUMBER = r"(?<![\d.,_])(?<!\d )00[0-4](?!\w|[.,]\d)"

#: How the lecture texts were cited by file number, which a reader of the
#: repository cannot resolve (00N standing for a number): "seed 00N",
#: "seeds 00N, 00N", "Seed 00N's", "00N §5.2", "00N Fig. 1", "00N Theorem 1",
#: "00N, 00N", "(00N)", "after 00N", source="00N", and the files' own names.
#: Random seeds ("seed: 0", ``split_seed``, "seeded") have no such number.
_CITED_BY_NUMBER = re.compile(
    "|".join(
        [
            rf"\b[Ss]eeds?\s+{_NUMBER}",
            rf"{_NUMBER}\s*(?:§|Fig\b|Figure|Thm|Theorem|[Tt]able|[Ss]lide|'s\b)",
            rf"{_NUMBER}\s*(?:,|and|&|–|-|/)\s*{_NUMBER}",
            rf"[(\"'`]{_NUMBER}(?=[)\"'`,;:\s])",
            rf"\b(?:after|see|cf\.?|in|from|of|per|by)\s+{_NUMBER}",
            r"\b00[0-4]_[0-9a-f]{16}\b",
        ]
    )
)


def _cited_by_number(text: str) -> list[str]:
    """The lines of ``text`` that cite a lecture text by its file number."""
    return [
        f"{number}: {line.strip()}"
        for number, line in enumerate(text.splitlines(), 1)
        if _CITED_BY_NUMBER.search(line)
    ]


def _n(k: int) -> str:
    """A lecture-file number, built so that this file does not contain one."""
    return f"{k:03d}"


@pytest.mark.parametrize(
    "text",
    [
        f"as seed {_n(3)} writes it",
        f"(seeds {_n(1)} and {_n(3)})",
        f"Seed {_n(2)}'s Theorem 1",
        f"seeds {_n(1)}–{_n(3)}",
        f"({_n(3)} §5.2)",
        f"{_n(0)} §III, {_n(2)} §2",
        f"({_n(2)} Fig. 1)",
        f"{_n(2)} Theorem 1",
        f"{_n(3)}'s worked table",
        f'source="{_n(4)}",',
        f'("{_n(3)}, {_n(0)}", "kernel_cost")',
        f"(after {_n(4)})",
        f"{_n(4)}_f2441be46f12be7f.txt",
    ],
)
def test_citation_by_number_is_caught(text: str) -> None:
    assert _cited_by_number(text), text


@pytest.mark.parametrize(
    "text",
    [
        "seed: 0",
        "split_seed: 3",
        "the training half of a seeded split, seed=0",
        "random_state=0",
        "tol: 0.001",
        "80 GB at m = 100 000.",
        "(m = 1 000, noise 0.2); targets from m = 2 000 on",
        f"about {_n(3)[0]}.{_n(3)} s",
        "Huang 2017, problem 5.2 'Leave-one-out Error and Support Vectors'",
    ],
)
def test_random_seeds_and_numbers_are_not_citations(text: str) -> None:
    assert not _cited_by_number(text), text


def test_no_tracked_file_cites_a_lecture_by_file_number() -> None:
    """The lecture texts are cited by author, title and section (CLAIMS.md,
    References), never by the number of a working copy no reader has."""
    files = subprocess.run(
        ["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True
    ).stdout.split(b"\0")
    found = []
    for name in filter(None, files):
        path = ROOT / name.decode()
        if not path.is_file():
            continue
        data = path.read_bytes()
        if b"\0" in data:
            continue
        text = data.decode("utf-8", errors="replace")
        found += [f"{name.decode()}:{hit}" for hit in _cited_by_number(text)]
    assert found == [], "cited by file number:\n" + "\n".join(found)


# --- The catalog ----------------------------------------------------------------


def _catalog_ids(text: str) -> list[str]:
    """Claim ids of CLAIMS.md, one per ``### <id> — ...`` section, in order."""
    return re.findall(r"^###\s+([KEBS]\d+)\b", text, flags=re.MULTILINE)


def _catalog_disagreement(catalog: list[str], registry: list[str]) -> list[str]:
    """What keeps the catalog's ids and the registry's from being the same list."""
    problems = [
        f"{c} has no section in CLAIMS.md" for c in registry if c not in catalog
    ]
    problems += [f"{c} is not in the registry" for c in catalog if c not in registry]
    problems += [
        f"{c} has several sections"
        for c in sorted(set(catalog))
        if catalog.count(c) > 1
    ]
    if not problems and catalog != registry:
        problems.append(f"sections out of catalog order: {catalog}")
    return problems


def test_catalog_and_registry_list_the_same_claims() -> None:
    """Every claim id of results/claims.csv (the registry) has its section in
    CLAIMS.md, in catalog order, and the catalog describes no other claim."""
    from marginlab.experiments import claims

    catalog = _catalog_ids((ROOT / "CLAIMS.md").read_text())
    assert _catalog_disagreement(catalog, claims()) == []


def test_catalog_disagreement_is_reported() -> None:
    registry = ["K1", "K2", "E1", "B1"]
    assert _catalog_disagreement(["K1", "K2", "E1", "B1"], registry) == []
    assert _catalog_disagreement(["K1", "E1", "B1", "B2"], registry) == [
        "K2 has no section in CLAIMS.md",
        "B2 is not in the registry",
    ]
    assert _catalog_disagreement(["K1", "K2", "K2", "E1", "B1"], registry) == [
        "K2 has several sections"
    ]
    assert _catalog_disagreement(["K2", "K1", "E1", "B1"], registry) != []
    text = "## Kernels (K)\n\n### K1 — a\n\n### K12 — b\n#### K3 not a section\n"
    assert _catalog_ids(text) == ["K1", "K12"]


@pytest.mark.parametrize("command", ["site", "archive", "gallery", "layout"])
def test_the_command_is_installed_with_its_subcommands(command: str) -> None:
    """`marginlab <command>` runs `python -m marginlab.pipeline.<command>`'s
    main() under its own name, from the console script on the PATH of the
    environment."""
    scripts = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["scripts"]
    assert scripts == {"marginlab": "marginlab.pipeline.cli:main"}
    proc = subprocess.run(
        [str(BIN / "marginlab"), command, "--help"],
        capture_output=True,
        text=True,
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith(f"usage: marginlab {command} ")
