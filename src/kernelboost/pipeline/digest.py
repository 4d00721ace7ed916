"""Code digests: a hash of exactly the library code one function runs.

The workflow passes the digest of a job's functions as a parameter, so that
editing one claim's function reruns that claim's rows and nothing else, while
editing a module the function imports reruns everything that uses it.

The digest of ``"module:function"`` covers, read from the sources without
importing them:

- the function's syntax tree (formatting, comments and docstrings left out);
- every top-level name of its module the function refers to, followed
  transitively (helpers, constants, classes);
- every ``kernelboost`` module those definitions import names from, whole, with
  the modules they import in turn.
"""

from __future__ import annotations

import ast
import hashlib
from collections.abc import Iterable
from functools import cache
from pathlib import Path

#: The package's sources (the folder above this file's).
PACKAGE = Path(__file__).resolve().parents[1]


def code_digest(refs: Iterable[str], root: Path = PACKAGE) -> str:
    """SHA-256 (16 hex digits) of the code behind ``refs``.

    Parameters
    ----------
    refs : iterable of str
        ``"module:function"`` (the function and what it uses) or ``"module"``
        (the whole module), with modules relative to the package, e.g.
        ``"claims.kernels:k1_kernel_identity"`` or ``"io"``.
    root : Path
        The package folder.
    """
    digest = hashlib.sha256()
    for ref in sorted(set(refs)):
        digest.update(ref.encode())
        digest.update(_ref_digest(str(root), ref).encode())
    return digest.hexdigest()[:16]


@cache
def _ref_digest(root: str, ref: str) -> str:
    module, _, name = ref.partition(":")
    if not name:
        return _module_digest(root, module)
    info = _parse(root, module)
    if name not in info.defs:
        raise KeyError(f"{ref}: no top-level definition {name!r} in {info.path}")
    digest = hashlib.sha256()
    seen: set[str] = set()
    todo = [name]
    modules: set[str] = set()
    while todo:
        current = todo.pop()
        if current in seen:
            continue
        seen.add(current)
        node = info.defs[current]
        for used in _names(node):
            if used in info.defs and used not in seen:
                todo.append(used)
            elif used in info.imports:
                modules.add(info.imports[used])
        # Imports inside the definition (deferred to keep imports light).
        for stmt in ast.walk(node):
            if isinstance(stmt, ast.ImportFrom):
                base = _resolve(info.package, stmt.module, stmt.level)
                if base is not None:
                    modules.add(base)
    for current in sorted(seen):
        digest.update(current.encode())
        digest.update(_dump(info.defs[current]).encode())
    for module_name in sorted(modules):
        digest.update(module_name.encode())
        digest.update(_module_digest(root, module_name).encode())
    return digest.hexdigest()


@cache
def _module_digest(root: str, module: str, _stack: tuple[str, ...] = ()) -> str:
    """A module's tree and, transitively, the package modules it imports."""
    info = _parse(root, module)
    digest = hashlib.sha256(_dump(info.tree).encode())
    for imported in sorted(set(info.imports.values()) | info.whole):
        if imported in _stack or imported == module:
            continue  # an import cycle: the module is already being hashed
        digest.update(imported.encode())
        digest.update(_module_digest(root, imported, (*_stack, module)).encode())
    return digest.hexdigest()


class _Module:
    """A parsed module: its top-level definitions and package imports."""

    def __init__(self, path: Path, tree: ast.Module, package: str) -> None:
        self.path = path
        self.tree = tree
        self.package = package
        #: Top-level name → the statement that defines it.
        self.defs: dict[str, ast.stmt] = {}
        #: Local name → package module it comes from (``from .x import y``).
        self.imports: dict[str, str] = {}
        #: Package modules imported as a whole (``from . import x``, ``import``).
        self.whole: set[str] = set()
        for stmt in tree.body:
            if isinstance(stmt, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                self.defs[stmt.name] = stmt
            elif isinstance(stmt, ast.Assign | ast.AnnAssign):
                targets = (
                    stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]
                )
                for target in targets:
                    for node in ast.walk(target):
                        if isinstance(node, ast.Name):
                            self.defs[node.id] = stmt
            elif isinstance(stmt, ast.ImportFrom):
                base = _resolve(package, stmt.module, stmt.level)
                if base is None:
                    continue
                for alias in stmt.names:
                    local = alias.asname or alias.name
                    # ``from . import x``: x is a module of the package.
                    self.imports[local] = (
                        base if stmt.module else f"{base}.{alias.name}".lstrip(".")
                    )
            elif isinstance(stmt, ast.Import):
                for alias in stmt.names:
                    if alias.name.startswith("kernelboost."):
                        self.whole.add(alias.name.removeprefix("kernelboost."))


def _resolve(package: str, module: str | None, level: int) -> str | None:
    """The package-relative module of an import, or None outside the package."""
    if level == 0:
        if module is None or not (
            module == "kernelboost" or module.startswith("kernelboost.")
        ):
            return None
        return module.removeprefix("kernelboost").lstrip(".") or "__init__"
    parts = package.split(".") if package else []
    parts = parts[: len(parts) - (level - 1)] if level > 1 else parts
    name = ".".join([*parts, *([module] if module else [])])
    return name or "__init__"


@cache
def _parse(root: str, module: str) -> _Module:
    base = Path(root, *module.split("."))
    path = base / "__init__.py" if base.is_dir() else base.with_suffix(".py")
    if module == "__init__":
        path = Path(root, "__init__.py")
    if not path.is_file():
        raise KeyError(f"no module {module!r} under {root}")
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    _strip_docstrings(tree)
    is_package = path.name == "__init__.py" and module != "__init__"
    package = module if is_package else module.rpartition(".")[0]
    if module == "__init__":
        package = ""
    return _Module(path, tree, package)


def _names(node: ast.AST) -> set[str]:
    """Every name a definition reads (including decorators and defaults)."""
    return {n.id for n in ast.walk(node) if isinstance(n, ast.Name)}


@cache
def _dump(node: ast.AST) -> str:
    """The tree (parsed without its docstrings: see :func:`_parse`)."""
    return ast.dump(node)


def _strip_docstrings(node: ast.AST) -> ast.AST:
    """Drop every docstring of ``node`` in place, so that rewording one reruns
    nothing (a body that was only a docstring becomes ``pass``)."""
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


def required_parameters(ref: str, root: Path = PACKAGE) -> list[str]:
    """Names of the parameters of ``"module:function"`` that have no default,
    read from the source (for a plotter or claim function: its tables)."""
    module, _, name = ref.partition(":")
    node = _parse(str(root), module).defs.get(name)
    if not isinstance(node, ast.FunctionDef):
        raise KeyError(f"{ref}: no function {name!r} in module {module!r}")
    args = node.args
    positional = [*args.posonlyargs, *args.args]
    required = positional[: len(positional) - len(args.defaults)]
    required += [
        a for a, d in zip(args.kwonlyargs, args.kw_defaults, strict=True) if d is None
    ]
    return [a.arg for a in required]
