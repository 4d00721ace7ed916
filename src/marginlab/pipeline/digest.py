"""Code digests: a hash of exactly the library code one function runs.

The workflow passes the digest of a job's functions as a parameter, so that
editing one claim's function reruns that claim's rows and nothing else, while
editing a module the function imports reruns everything that uses it.

The digest of ``"module:function"`` covers, read from the sources without
importing them:

- the function's syntax tree (formatting, comments and docstrings left out);
- every top-level name of its module the function refers to, followed
  transitively (helpers, constants, classes);
- every ``marginlab`` module those definitions import names from, whole, with
  the modules they import in turn.

Each module is read once into a summary (its imports and, per top-level
definition, the hash of its syntax tree and the names it uses).
:class:`Digests` can keep the summaries in a file between runs, keyed by each
source file's own hash, so that a workflow that parses again reads only the
files that changed.
"""

from __future__ import annotations

import ast
import hashlib
import json
from collections.abc import Iterable
from functools import cache
from pathlib import Path
from typing import Any

__all__ = [
    "PACKAGE",
    "Digests",
    "code_digest",
    "forget",
    "required_parameters",
    "shared",
]

#: The package's sources (the folder above this file's).
PACKAGE = Path(__file__).resolve().parents[1]

#: The version of the summaries' format; a cache file of another is ignored.
_FORMAT = 1


class Digests:
    """Code digests of the package under ``root``.

    Parameters
    ----------
    root : Path
        The package folder.
    cache : Path, optional
        A file that keeps the modules' summaries between runs (read if it
        exists, written by :meth:`save`). A summary is used only while its
        source file has the same SHA-256.
    """

    def __init__(self, root: Path = PACKAGE, cache: Path | None = None) -> None:
        self.root = Path(root)
        self.cache = Path(cache) if cache is not None else None
        self._stored: dict[str, Any] = {}
        if self.cache is not None and self.cache.is_file():
            try:
                stored = json.loads(self.cache.read_text(encoding="utf-8"))
            except (OSError, ValueError):
                stored = {}
            if isinstance(stored, dict) and stored.get("format") == _FORMAT:
                self._stored = stored.get("modules", {})
        self._changed = False
        self._summaries: dict[str, dict[str, Any]] = {}
        self._refs: dict[str, str] = {}
        self._modules: dict[str, str] = {}

    def __call__(self, refs: Iterable[str]) -> str:
        """SHA-256 (16 hex digits) of the code behind ``refs``:
        ``"module:function"`` (the function and what it uses) or ``"module"``
        (the whole module), modules relative to the package, e.g.
        ``"experiments.gram_spectra.claims:k3_gram_spectra"`` or ``"core.io"``.
        """
        digest = hashlib.sha256()
        for ref in sorted(set(refs)):
            digest.update(ref.encode())
            digest.update(self._ref(ref).encode())
        return digest.hexdigest()[:16]

    def required_parameters(self, ref: str) -> list[str]:
        """Names of the parameters of ``"module:function"`` that have no
        default (for a plotter or claim function: its tables)."""
        module, _, name = ref.partition(":")
        required = self.summary(module)["defs"].get(name, {}).get("required")
        if required is None:
            raise KeyError(f"{ref}: no function {name!r} in module {module!r}")
        return list(required)

    def save(self) -> None:
        """Write the summaries to the cache file, if any changed."""
        if self.cache is None or not self._changed:
            return
        from ..core.io import write_text_atomic

        self.cache.parent.mkdir(parents=True, exist_ok=True)
        text = json.dumps({"format": _FORMAT, "modules": self._stored}, sort_keys=True)
        write_text_atomic(text, self.cache)
        self._changed = False

    # -- summaries ---------------------------------------------------------------
    def _path(self, module: str) -> Path:
        if module == "__init__":
            return self.root / "__init__.py"
        base = self.root.joinpath(*module.split("."))
        return base / "__init__.py" if base.is_dir() else base.with_suffix(".py")

    def summary(self, module: str) -> dict[str, Any]:
        """The summary of ``module`` (package-relative name)."""
        if module in self._summaries:
            return self._summaries[module]
        path = self._path(module)
        if not path.is_file():
            raise KeyError(f"no module {module!r} under {self.root}")
        source = path.read_bytes()
        sha = hashlib.sha256(source).hexdigest()
        key = f"{path.resolve()}"
        entry = self._stored.get(key)
        if not (isinstance(entry, dict) and entry.get("sha") == sha):
            entry = {"sha": sha, "summary": _summarize(source, path, module)}
            self._stored[key] = entry
            self._changed = True
        self._summaries[module] = entry["summary"]
        return entry["summary"]

    # -- digests -------------------------------------------------------------------
    def _ref(self, ref: str) -> str:
        if ref in self._refs:
            return self._refs[ref]
        module, _, name = ref.partition(":")
        if not name:
            result = self._module(module, ())
        else:
            info = self.summary(module)
            defs = info["defs"]
            if name not in defs:
                raise KeyError(
                    f"{ref}: no top-level definition {name!r} in {self._path(module)}"
                )
            seen: set[str] = set()
            todo = [name]
            modules: set[str] = set()
            while todo:
                current = todo.pop()
                if current in seen:
                    continue
                seen.add(current)
                for used in defs[current]["names"]:
                    if used in defs and used not in seen:
                        todo.append(used)
                    elif used in info["imports"]:
                        modules.add(info["imports"][used])
                # Imports inside the definition (deferred to keep imports light).
                modules.update(defs[current]["deferred"])
            digest = hashlib.sha256()
            for current in sorted(seen):
                digest.update(current.encode())
                digest.update(defs[current]["dump"].encode())
            for module_name in sorted(modules):
                digest.update(module_name.encode())
                digest.update(self._module(module_name, ()).encode())
            result = digest.hexdigest()
        self._refs[ref] = result
        return result

    def _module(self, module: str, stack: tuple[str, ...]) -> str:
        """A module's tree and, transitively, the package modules it imports."""
        if not stack and module in self._modules:
            return self._modules[module]
        info = self.summary(module)
        digest = hashlib.sha256(info["tree"].encode())
        for imported in sorted(set(info["imports"].values()) | set(info["whole"])):
            if imported in stack or imported == module:
                continue  # an import cycle: the module is already being hashed
            digest.update(imported.encode())
            digest.update(self._module(imported, (*stack, module)).encode())
        result = digest.hexdigest()
        if not stack:
            self._modules[module] = result
        return result


def _summarize(source: bytes, path: Path, module: str) -> dict[str, Any]:
    """What the digests need of a module: its package, its package imports, the
    hash of its syntax tree, and per top-level definition the hash of its tree,
    the names it reads, the package modules it imports in its body, and (for a
    function) its parameters without a default. Docstrings are left out, so
    that rewording one reruns nothing."""
    tree = ast.parse(source, filename=str(path))
    _strip_docstrings(tree)
    is_package = path.name == "__init__.py" and module != "__init__"
    package = module if is_package else module.rpartition(".")[0]
    if module == "__init__":
        package = ""
    defs: dict[str, ast.stmt] = {}
    imports: dict[str, str] = {}
    whole: set[str] = set()
    for stmt in tree.body:
        if isinstance(stmt, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            defs[stmt.name] = stmt
        elif isinstance(stmt, ast.Assign | ast.AnnAssign):
            targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]
            for target in targets:
                for node in ast.walk(target):
                    if isinstance(node, ast.Name):
                        defs[node.id] = stmt
        elif isinstance(stmt, ast.ImportFrom):
            base = _resolve(package, stmt.module, stmt.level)
            if base is None:
                continue
            for alias in stmt.names:
                local = alias.asname or alias.name
                # ``from . import x``: x is a module of the package.
                imports[local] = (
                    base if stmt.module else f"{base}.{alias.name}".lstrip(".")
                )
        elif isinstance(stmt, ast.Import):
            for alias in stmt.names:
                if alias.name.startswith("marginlab."):
                    whole.add(alias.name.removeprefix("marginlab."))
    summaries = {}
    for name, stmt in defs.items():
        deferred = set()
        for node in ast.walk(stmt):
            if isinstance(node, ast.ImportFrom):
                base = _resolve(package, node.module, node.level)
                if base is not None:
                    deferred.add(base)
        summaries[name] = {
            "dump": _sha(ast.dump(stmt)),
            "names": sorted({n.id for n in ast.walk(stmt) if isinstance(n, ast.Name)}),
            "deferred": sorted(deferred),
            "required": _required(stmt) if isinstance(stmt, ast.FunctionDef) else None,
        }
    return {
        "package": package,
        "imports": imports,
        "whole": sorted(whole),
        "tree": _sha(ast.dump(tree)),
        "defs": summaries,
    }


def _sha(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def _required(node: ast.FunctionDef) -> list[str]:
    args = node.args
    positional = [*args.posonlyargs, *args.args]
    required = positional[: len(positional) - len(args.defaults)]
    required += [
        a for a, d in zip(args.kwonlyargs, args.kw_defaults, strict=True) if d is None
    ]
    return [a.arg for a in required]


def _resolve(package: str, module: str | None, level: int) -> str | None:
    """The package-relative module of an import, or None outside the package."""
    if level == 0:
        if module is None or not (
            module == "marginlab" or module.startswith("marginlab.")
        ):
            return None
        return module.removeprefix("marginlab").lstrip(".") or "__init__"
    parts = package.split(".") if package else []
    parts = parts[: len(parts) - (level - 1)] if level > 1 else parts
    name = ".".join([*parts, *([module] if module else [])])
    return name or "__init__"


def _strip_docstrings(node: ast.AST) -> ast.AST:
    """Drop every docstring of ``node`` in place (a body that was only a
    docstring becomes ``pass``)."""
    for sub in ast.walk(node):
        body = getattr(sub, "body", None)
        if (
            isinstance(
                sub, ast.Module | ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef
            )
            and body
            and isinstance(body[0], ast.Expr)
            and isinstance(body[0].value, ast.Constant)
            and isinstance(body[0].value.value, str)
        ):
            sub.body = body[1:] or [ast.Pass()]
    return node


@cache
def _shared(root: str) -> Digests:
    return Digests(Path(root))


def shared(root: Path = PACKAGE) -> Digests:
    """The digests of the sources under ``root`` that every caller of this
    process shares (no cache file): each module is read once."""
    return _shared(str(root))


def forget() -> None:
    """Forget every module read so far (after sources were edited)."""
    _shared.cache_clear()


def code_digest(refs: Iterable[str], root: Path = PACKAGE) -> str:
    """SHA-256 (16 hex digits) of the code behind ``refs`` (see
    :meth:`Digests.__call__`), with the sources under ``root`` read once per
    process."""
    return shared(root)(refs)


def required_parameters(ref: str, root: Path = PACKAGE) -> list[str]:
    """Names of the parameters of ``"module:function"`` that have no default,
    read from the source (for a plotter or claim function: its tables)."""
    return shared(root).required_parameters(ref)
