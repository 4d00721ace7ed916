"""The experiment registry: complete, consistent, and what the workflow reads."""

from __future__ import annotations

import ast
import copy
import inspect
import math
import re
from collections.abc import Iterator, Mapping
from typing import Any

import pytest
import yaml

from marginlab import experiments as X
from marginlab.experiments._shared.expected import Either, as_read, declared_names
from marginlab.experiments._shared.experiment import section
from marginlab.experiments._shared.rows import ROW_NAME
from marginlab.pipeline import config as checks
from marginlab.pipeline.digest import required_parameters
from marginlab.pipeline.jobs import resolve
from marginlab.pipeline.plan import Plan
from marginlab.pipeline.report import EXECUTION_ENTRIES

from ..conftest import PROFILE_FILES, ROOT, declared_rows, project_config

SCHEMA_FILE = ROOT / "workflow/schemas/config.schema.yaml"

CONFIGS = {"full": (), "small": (PROFILE_FILES["small"],)}


def config(name: str) -> dict:
    """config.yaml with the profile ``name``'s file and values merged over it."""
    return project_config(*CONFIGS[name])


def filled(name: str) -> dict:
    """:func:`config` as the workflow's runs read it: the rooms' defaults
    filled in (config.yaml gives only the values that differ from them)."""
    return checks.with_defaults(config(name), checks.load_schema(SCHEMA_FILE))


def test_names_are_unique_and_match_config_sections() -> None:
    names = [e.name for e in X.EXPERIMENTS]
    assert len(set(names)) == len(names)
    figures = [f for e in X.EXPERIMENTS for f in e.figures]
    assert len(set(figures)) == len(figures)
    claims = [c for e in X.EXPERIMENTS for c in e.claims]
    assert len(set(claims)) == len(claims)
    # The shared file holds no experiment's section; the schema the workflow
    # reads has each one, from its room.
    shared = yaml.safe_load(SCHEMA_FILE.read_text())["properties"]
    assert not set(shared) & set(names)
    schema = checks.load_schema(SCHEMA_FILE)
    assert set(schema["properties"]) == set(shared) | set(names)


@pytest.mark.parametrize("exp", X.EXPERIMENTS, ids=lambda e: e.name)
def test_a_room_owns_its_section(exp: X.Experiment) -> None:
    """The keys of a room's section (its config.yaml's schema) are exactly the
    keys its runs read of that section, with every default filled in; each
    profile's values are keys of the section."""
    room = checks.room_config(exp.name)
    assert X.config_file(exp.name).parent.name == exp.name
    keys = set(room["schema"]["properties"])
    filled, problem = checks.check(config("full"), checks.load_schema(SCHEMA_FILE))
    assert problem is None
    recording = Recording(copy.deepcopy(filled))
    exp.runs(recording)
    read = {p[1] for p in recording.seen if len(p) > 1 and p[0] == exp.name}
    assert read == keys, (sorted(keys - read), sorted(read - keys))
    for profile, values in room.get("profiles", {}).items():
        assert profile in checks.PROFILES, profile
        assert set(values) <= keys, (profile, sorted(set(values) - keys))


@pytest.mark.parametrize("exp", X.EXPERIMENTS, ids=lambda e: e.name)
def test_every_experiment_is_complete(exp: X.Experiment) -> None:
    assert exp.family in X.FAMILIES
    assert callable(resolve(exp.study))
    assert set(exp.per_run) <= set(exp.tables)
    shown = set()
    for name, fig in exp.figures.items():
        caption = X.caption(name)
        assert caption.parent == ROOT.joinpath("src/marginlab", *exp.room.split("."))
        assert caption.read_text().strip(), f"{name} has no caption"
        # A plotter takes its tables by name: every parameter without a default.
        assert set(required_parameters(fig.plotter)) <= set(exp.tables), name
        assert required_parameters(fig.plotter), name
        assert callable(resolve(fig.plotter))
        assert set(fig.claims) <= set(exp.claims), name
        shown |= set(fig.claims)
    assert shown == set(exp.claims), "every claim is shown in a figure"
    for claim, ref in exp.claims.items():
        params = required_parameters(ref)
        assert params, claim
        assert set(params) <= set(exp.tables), claim
        assert callable(resolve(ref))


def test_required_parameters_agree_with_inspect() -> None:
    for exp in X.EXPERIMENTS:
        for ref in [f.plotter for f in exp.figures.values()] + list(
            exp.claims.values()
        ):
            signature = inspect.signature(resolve(ref))
            expected = [
                n
                for n, p in signature.parameters.items()
                if p.default is inspect.Parameter.empty
                and p.kind is not inspect.Parameter.VAR_POSITIONAL
            ]
            assert required_parameters(ref) == expected, ref


@pytest.mark.parametrize("name", sorted(CONFIGS))
def test_every_run_calls_its_study_with_arguments_it_takes(name: str) -> None:
    cfg = filled(name)
    for exp in X.EXPERIMENTS:
        params = inspect.signature(resolve(exp.study)).parameters
        takes_any = any(
            p.kind is inspect.Parameter.VAR_KEYWORD for p in params.values()
        )
        runs = exp.runs(cfg)
        assert runs, exp.name
        for run in runs.values():
            given = set(run.data) | set(run.args)
            assert takes_any or given <= set(params), (exp.name, given - set(params))
            required = {
                n
                for n, p in params.items()
                if p.default is inspect.Parameter.empty
                and p.kind is not inspect.Parameter.VAR_KEYWORD
            }
            assert required <= given, (exp.name, required - given)


class Recording(Mapping):
    """A read-only view of a config that records every key path read."""

    def __init__(self, data: Mapping, path: tuple = (), seen: set | None = None):
        self._data, self._path = data, path
        self.seen = set() if seen is None else seen

    def __getitem__(self, key: str) -> Any:
        value = self._data[key]
        path = (*self._path, key)
        self.seen.add(path)
        if isinstance(value, Mapping):
            return Recording(value, path, self.seen)
        return value

    def __iter__(self) -> Iterator[str]:
        return iter(self._data)

    def __len__(self) -> int:
        return len(self._data)


def key_paths(cfg: Mapping, depth: int = 2) -> set[tuple]:
    """Every key path of the config down to ``depth`` levels."""
    out = set()
    for key, value in cfg.items():
        out.add((key,))
        if depth > 1 and isinstance(value, Mapping):
            out |= {(key, *p) for p in key_paths(value, depth - 1)}
    return out


@pytest.mark.parametrize("name", sorted(CONFIGS))
def test_every_config_key_reaches_a_rule(name: str) -> None:
    """Every section key is read by some experiment's runs (or by the dataset
    and target rules), and every dataset the config defines is used."""
    cfg = filled(name)
    recording = Recording(copy.deepcopy(cfg))
    used = set()
    for exp in X.EXPERIMENTS:
        for run in exp.runs(recording).values():
            for refs in run.data.values():
                used |= {r.name for r in (refs if isinstance(refs, tuple) else (refs,))}
    # The dataset rule reads each dataset's entry; the targets read `figures`;
    # the configuration's layering reads `profile`; the plan, the execution
    # entries (how runs are put in jobs).
    read = recording.seen | {("datasets",), ("figures",), ("profile",)}
    read |= {(key,) for key in EXECUTION_ENTRIES}
    read |= {("datasets", d) for d in cfg["datasets"]}
    unread = {p for p in key_paths(cfg) if p not in read}
    assert not unread, f"config keys no rule reads: {sorted(unread)}"
    assert set(cfg["datasets"]) == used, (
        f"datasets no experiment uses: {sorted(set(cfg['datasets']) - used)}"
    )


def test_section_keys_naming_datasets_become_datasets() -> None:
    """``dataset`` and the keys of ``section(datasets=...)``: each a DataRef
    with the study's need (checked against the config before any job runs),
    and with ``name=True`` its name as ``name`` or ``<key>_name``."""
    runs = section("s", X.PLANE, datasets=("a", "b"), name=True)
    (run,) = runs({"s": {"dataset": "xor", "a": "moons", "b": "xor", "k": 1}}).values()
    assert run.data == {
        "data": X.DataRef("s.dataset", "xor", X.PLANE),
        "a": X.DataRef("s.a", "moons", X.PLANE),
        "b": X.DataRef("s.b", "xor", X.PLANE),
    }
    assert dict(run.args) == {"k": 1, "name": "xor", "a_name": "moons", "b_name": "xor"}
    # A key the section does not give is no dataset (the schema's default is);
    # without name=True no names are passed.
    (run,) = section("s", datasets=("a", "b"))({"s": {"a": "moons"}}).values()
    assert run.data == {"a": X.DataRef("s.a", "moons", X.ANY)}
    assert dict(run.args) == {}


def test_studies_with_two_datasets_read_them_from_their_section() -> None:
    cfg = filled("full")
    (subset,) = X.experiment("subset_selection").runs(cfg).values()
    assert {k: (r.key, r.name, r.need.task) for k, r in subset.data.items()} == {
        "data": ("subset_selection.dataset", "diabetes", "regression"),
        "trap": ("subset_selection.trap", "forward_trap", "regression"),
    }
    assert {"name": "diabetes", "trap_name": "forward_trap"}.items() <= (
        subset.args.items()
    )
    assert not {"dataset", "trap"} & set(subset.args)
    (nonconvex,) = X.experiment("nonconvex_combination").runs(cfg).values()
    assert {
        k: (r.key, r.name, r.need.n_features) for k, r in nonconvex.data.items()
    } == {
        "convex": ("nonconvex_combination.convex", "triangle", 2),
        "nonconvex": ("nonconvex_combination.nonconvex", "three_discs", 2),
    }
    assert dict(nonconvex.args) == {
        "n_rounds": 200,
        "grid_points": 150,
        "n_directions": 12,
    }


def test_sweeps_have_one_run_per_configuration() -> None:
    cfg = filled("full")
    loo = X.experiment("loo_vs_sv_bound")
    section = cfg["loo_vs_sv_bound"]
    runs = loo.runs(cfg)
    assert len(runs) == (
        len(section["datasets"]) * len(section["kernels"]) * len(section["C"])
    )
    assert "moons/gaussian-sigma0.25/Cinf" in runs
    assert list(X.experiment("adaboost").runs(cfg)) == cfg["adaboost"]["datasets"]
    panels = X.experiment("svm_sigma_C_grid").runs(cfg)
    assert list(panels)[0] == "s1_Cinf"
    plan = Plan(cfg)
    assert not plan.is_sweep(X.experiment("losses"))
    grid = X.experiment("svm_sigma_C_grid")
    assert plan.consumed(grid, "surface") == [
        f"results/metrics/svm_sigma_C_grid/{p}/surface.csv" for p in panels
    ]
    assert (
        plan.consumed(grid, "summary") == "results/metrics/svm_sigma_C_grid/summary.csv"
    )


def test_ids_of_runs() -> None:
    assert X.panel_id(0.25, 10.0) == "s0.25_C10"
    assert X.panel_id(1.0, float("inf")) == "s1_Cinf"
    assert X.kernel_id({"name": "gaussian", "sigma": 0.25}) == "gaussian-sigma0.25"
    assert X.kernel_id({"name": "linear"}) == "linear"
    assert X.claim_order("K10") > X.claim_order("K9") > X.claim_order("K1")
    assert X.claims()[:2] == ["K1", "K2"]
    assert X.claims()[-1] == "S8"


def test_the_registry_imports_only_the_standard_library() -> None:
    """Snakemake reads the registry when it parses the workflow: the package,
    the registry's model and every room's entry import only the standard
    library (and each other)."""
    import ast

    package = ROOT / "src/marginlab"
    files = [
        package / "__init__.py",
        package / "experiments/__init__.py",
        package / "experiments/_shared/experiment.py",
        *sorted(package.glob("experiments/[!_]*/__init__.py")),
    ]
    assert len(files) == 3 + len(X.ROOMS)
    stdlib = {"__future__", "math", "collections", "dataclasses", "typing"}
    stdlib |= {"importlib", "pathlib", "sys", "types"}
    for path in files:
        tree = ast.parse(path.read_text())
        imported = {
            (node.module if isinstance(node, ast.ImportFrom) else alias.name)
            for node in ast.walk(tree)
            if isinstance(node, ast.Import)
            or (isinstance(node, ast.ImportFrom) and node.level == 0)
            for alias in node.names
        }
        relative = {
            node.module
            for node in ast.walk(tree)
            if isinstance(node, ast.ImportFrom) and node.level > 0
        }
        assert {m.split(".")[0] for m in imported} <= stdlib, path
        assert relative <= {"_shared.experiment"}, path


def test_every_room_holds_its_own_entry() -> None:
    """A room is named as its experiment, and the rooms are the registry."""
    rooms = {
        p.parent.name
        for p in (ROOT / "src/marginlab/experiments").glob("*/__init__.py")
    }
    assert rooms - {"_shared"} == set(X.ROOMS)
    for exp in X.EXPERIMENTS:
        assert exp.room == f"experiments.{exp.name}"
        refs = [exp.study, *exp.claims.values()]
        refs += [f.plotter for f in exp.figures.values()]
        refs += [a.builder for a in exp.applets.values()]
        refs += [exp.rows] if exp.rows else []
        for ref in refs:
            assert ref.startswith(f"{exp.room}."), ref


@pytest.mark.parametrize("exp", X.EXPERIMENTS, ids=lambda e: e.name)
def test_a_room_with_claims_declares_their_rows(exp: X.Experiment) -> None:
    """A room with claims names its declaration of their rows (``rows.py``,
    ``expected``) in its entry; a room without claims has none to make."""
    if exp.claims:
        assert exp.rows == f"{exp.room}.rows:expected", exp.name
    else:
        assert exp.rows == "", exp.name


@pytest.mark.parametrize("name", sorted(CONFIGS))
def test_every_room_declares_the_rows_of_exactly_its_claims(name: str) -> None:
    """In the full configuration and in the small profile, with the schema's
    defaults filled in as the workflow fills them, each room declares rows for
    each of its claims and for no other claim: row names, none twice within a
    claim (its keys in claims.csv are unique)."""
    cfg, problem = checks.check(config(name), checks.load_schema(SCHEMA_FILE))
    assert problem is None
    for exp in X.EXPERIMENTS:
        if not exp.rows:
            continue
        declared = resolve(exp.rows)(cfg)
        assert set(declared) == set(exp.claims), exp.name
        for claim, rows in declared.items():
            assert rows, f"{claim} declares no row"
            assert all(isinstance(r, str | Either) for r in rows), claim
            names = declared_names(rows)
            assert len(set(names)) == len(names), claim
            invalid = [n for n in names if not ROW_NAME.fullmatch(n)]
            assert not invalid, (claim, invalid)
    assert list(declared_rows(cfg)) == X.claims()


def test_declared_rows_follow_the_configuration() -> None:
    """A declaration reads the configuration it is given: K1's quadratic map
    only where it applies, one E1 row per configuration of the sweep; where the
    data choose, either choice reads as declared and nothing else does."""
    cfg, _ = checks.check(config("full"), checks.load_schema(SCHEMA_FILE))
    cfg["kernel_identity"]["n_features"] = [1, 3]
    cfg["loo_vs_sv_bound"] |= {
        "datasets": ["moons"],
        "kernels": [{"name": "gaussian", "sigma": 0.5}],
        "C": [1.0, math.inf],
    }
    identities = resolve(X.experiment("kernel_identity").rows)(cfg)
    assert "inner_product/quadratic" not in identities["K1"]
    assert identities["K1"][0] == "inner_product/sequence"
    declared = resolve(X.experiment("loo_vs_sv_bound").rows)(cfg)
    pair = "moons/gaussian_sigma=0.5"
    loo = [f"loo/{pair}/C=1", f"loo/{pair}/C=inf"]
    # E1's fast leave-one-out row, if any configuration was measured.
    for rows in (loo, [*loo, f"fast_loo/{pair}"]):
        assert as_read(declared["E1"], rows) == rows
    # E2: both rows on the removed non-support vectors, or none removed.
    for rows in ([f"change/{pair}", f"misclassified/{pair}"], [f"none_removed/{pair}"]):
        assert as_read(declared["E2"], rows) == rows
    for rows in ([f"change/{pair}"], [f"none_removed/{pair}", f"change/{pair}"], []):
        assert as_read(declared["E2"], rows) != rows


def _code_strings(tree: ast.AST) -> Iterator[tuple[int, str]]:
    """The string constants and names of a module's code, docstrings left out."""
    docstrings = {
        id(body[0].value)
        for node in ast.walk(tree)
        if isinstance(
            node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)
        )
        and (body := node.body)
        and isinstance(body[0], ast.Expr)
        and isinstance(body[0].value, ast.Constant)
    }
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            if id(node) not in docstrings:
                yield node.lineno, node.value
        elif isinstance(node, ast.Name):
            yield node.lineno, node.id
        elif isinstance(node, ast.Attribute):
            yield node.lineno, node.attr


def test_no_pipeline_module_names_a_room() -> None:
    """What is particular to an experiment is in its room: no code of the
    pipeline (outside docstrings) names one, so adding an experiment touches
    its folder, ROOMS, the catalog and its tests only."""
    rooms = set(X.ROOMS)
    found = []
    for path in sorted((ROOT / "src/marginlab/pipeline").rglob("*.py")):
        for line, text in _code_strings(ast.parse(path.read_text())):
            named = set(re.findall(r"[A-Za-z0-9_]+", text)) & rooms
            if named:
                found.append(f"{path.relative_to(ROOT)}:{line}: {sorted(named)}")
    assert found == []
