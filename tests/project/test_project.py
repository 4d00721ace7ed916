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
    never its claims or figures), and no other room but the reuses declared."""
    assert _layer_violations(ROOT / "src" / "marginlab") == []


@pytest.mark.parametrize(
    ("path", "line", "found"),
    [
        ("core/kernels.py", "from ..estimators.svm import SVM", "a higher layer"),
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
