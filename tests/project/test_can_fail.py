"""Every claim with evidence rows has a test that makes it fail.

A row counts as evidence only if it could have failed. For each claim id whose
catalog entry (CLAIMS.md, its **Kind.** line) lists a `theorem`, `identity` or
`empirical` row, some test marked ``@pytest.mark.can_fail("<id>")`` breaks the
numbers (or the code) the claim reads and sees an evidence row of that claim
come out false. Claims with only illustrations or checks need none.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

from marginlab.experiments._shared.kinds import EVIDENCE_KINDS

ROOT = Path(__file__).resolve().parents[2]
TESTS = Path(__file__).resolve().parents[1]

#: A marked test must read a verdict: ``holds`` (False/True/None) or ``verdict``.
_READS_A_VERDICT = re.compile(r"\.holds\b|\bverdict\b|_holds\(|\bflips\(")


def catalog_kinds(text: str) -> dict[str, set[str]]:
    """Claim id → the kinds named (in backticks) in its catalog **Kind.** entry."""
    kinds: dict[str, set[str]] = {}
    for section in re.split(r"^###\s+", text, flags=re.MULTILINE)[1:]:
        claim = re.match(r"([KEBS]\d+)\b", section)
        entry = re.search(r"\*\*Kind\.\*\*(.*?)(?=\n- \*\*|\n\n|\Z)", section, re.S)
        if claim and entry:
            kinds[claim.group(1)] = set(re.findall(r"`(\w+)`", entry.group(1)))
    return kinds


def can_fail_tests(folder: Path) -> dict[str, list[tuple[str, str]]]:
    """Claim id → (file, test) of every test marked ``can_fail`` with that id,
    and the test's source; the files are every ``test_*.py`` under ``folder``,
    in subfolders too, named by their path below it."""
    marked: dict[str, list[tuple[str, str]]] = {}
    for path in sorted(folder.rglob("test_*.py")):
        text = path.read_text()
        for node in ast.walk(ast.parse(text)):
            if not isinstance(node, ast.FunctionDef):
                continue
            for decorator in node.decorator_list:
                if (
                    isinstance(decorator, ast.Call)
                    and isinstance(decorator.func, ast.Attribute)
                    and decorator.func.attr == "can_fail"
                ):
                    source = ast.get_source_segment(text, node) or ""
                    for arg in decorator.args:
                        name = path.relative_to(folder).as_posix()
                        assert isinstance(arg, ast.Constant), (name, node.name)
                        marked.setdefault(arg.value, []).append(
                            (f"{name}::{node.name}", source)
                        )
    return marked


def flip_patterns(folder: Path) -> dict[str, list[tuple[str, str]]]:
    """Claim id → (pattern, file::test) of every
    ``flips("<id>", "<pattern>", …)`` call (:func:`tests.flips.flips`) in a
    test marked ``can_fail`` under ``folder``, its two first arguments string
    literals or names of module-level string constants."""
    found: dict[str, list[tuple[str, str]]] = {}
    for path in sorted(folder.rglob("test_*.py")):
        tree = ast.parse(path.read_text())
        # Module-level string constants a call may name its pattern by.
        constants = {
            target.id: node.value.value
            for node in tree.body
            if isinstance(node, ast.Assign)
            and isinstance(node.value, ast.Constant)
            and isinstance(node.value.value, str)
            for target in node.targets
            if isinstance(target, ast.Name)
        }

        def literal(arg: ast.expr, constants: dict[str, str] = constants) -> str | None:
            if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                return arg.value
            if isinstance(arg, ast.Name):
                return constants.get(arg.id)
            return None

        for node in ast.walk(tree):
            if not isinstance(node, ast.FunctionDef):
                continue
            marked = any(
                isinstance(d, ast.Call)
                and isinstance(d.func, ast.Attribute)
                and d.func.attr == "can_fail"
                for d in node.decorator_list
            )
            if not marked:
                continue
            for call in ast.walk(node):
                if (
                    isinstance(call, ast.Call)
                    and isinstance(call.func, ast.Name)
                    and call.func.id == "flips"
                    and len(call.args) >= 2
                    and None not in (args := [literal(a) for a in call.args[:2]])
                ):
                    claim, pattern = args
                    name = f"{path.relative_to(folder).as_posix()}::{node.name}"
                    found.setdefault(claim, []).append((pattern, name))
    return found


def test_flip_patterns_finds_literal_calls_in_marked_tests(tmp_path: Path) -> None:
    (tmp_path / "test_x.py").write_text(
        "import pytest\n\n\n@pytest.mark.can_fail('K1')\n"
        "def test_a():\n    flips('K1', r'slope', rows)\n\n\n"
        "def test_b():\n    flips('K2', 'unmarked', rows)\n\n\n"
        "ROW = r'^gap'\n\n\n@pytest.mark.can_fail('K3')\n"
        "def test_c():\n    flips('K3', ROW, rows)\n    flips('K3', unknown, rows)\n"
    )
    assert flip_patterns(tmp_path) == {
        "K1": [("slope", "test_x.py::test_a")],
        "K3": [("^gap", "test_x.py::test_c")],
    }


def test_every_claim_with_evidence_has_a_test_that_makes_it_fail() -> None:
    from marginlab.experiments import claims

    kinds = catalog_kinds((ROOT / "CLAIMS.md").read_text())
    marked = can_fail_tests(TESTS)
    evidence = [c for c in claims() if kinds.get(c, set()) & set(EVIDENCE_KINDS)]
    assert evidence, "no claim has evidence rows: the catalog's Kind lines changed?"
    missing = [c for c in evidence if c not in marked]
    assert missing == [], f"no test marked can_fail for {missing}"
    unknown = sorted(set(marked) - set(claims()))
    assert unknown == [], f"can_fail names claims not in the registry: {unknown}"


def test_a_can_fail_test_reads_a_verdict() -> None:
    """A marked test that never looks at ``holds`` or ``verdict`` cannot see a
    row flip."""
    silent = [
        name
        for tests in can_fail_tests(TESTS).values()
        for name, source in tests
        if not _READS_A_VERDICT.search(source)
    ]
    assert silent == []


def test_catalog_kinds_reads_multi_line_kind_entries() -> None:
    text = (
        "### K1 — a\n\n- **Kind.** `identity`, one row.\n- **Source.** x\n\n"
        "### B9 — b\n\n- **Kind.** `check` (the given\n  combinations), `empirical`"
        " (AdaBoost).\n- **Source.** y\n\n### S2 — c\n\n- **Kind.** `illustration`.\n"
    )
    assert catalog_kinds(text) == {
        "K1": {"identity"},
        "B9": {"check", "empirical"},
        "S2": {"illustration"},
    }


def test_can_fail_tests_finds_the_marks(tmp_path: Path) -> None:
    (tmp_path / "test_x.py").write_text(
        "import pytest\n\n\n@pytest.mark.can_fail('K1', 'K15')\n"
        "def test_a():\n    assert row.holds is False\n\n\ndef test_b():\n    pass\n"
    )
    marked = can_fail_tests(tmp_path)
    assert sorted(marked) == ["K1", "K15"]
    assert marked["K1"][0][0] == "test_x.py::test_a"
