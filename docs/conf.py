"""Sphinx configuration of the API reference (``make docs`` → results/api/).

The reference is built from the docstrings (numpydoc format) of the library in
this checkout's ``src/``, which goes first on the path: the package need not be
installed, and nothing here imports Snakemake. Every public name is documented
once: a name of the top-level ``__all__`` under ``marginlab.<name>``
(``marginlab.SVM``, not ``marginlab.estimators.svm.classifier.SVM``), any other
under the module of its layer; the pages in ``reference/`` list them, and a
test checks that none is missing.
"""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path

from sphinx.util.docutils import SphinxDirective

SRC = Path(__file__).resolve().parents[1] / "src"
sys.path.insert(0, str(SRC))

import marginlab  # noqa: E402

project = "marginlab"
author = "marginlab contributors"
copyright = "marginlab contributors, MIT License"
version = release = marginlab.__version__

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.autosummary",
    "sphinx.ext.mathjax",
    "numpydoc",
]

exclude_patterns = ["_build"]
templates_path: list[str] = []
root_doc = "index"
default_role = "obj"
nitpicky = False

# -- autodoc ----------------------------------------------------------------
autodoc_member_order = "bysource"
autodoc_typehints = "none"  # the types are in the numpydoc sections
# The pages give classes ``:members:``; a kernel's Gram block is its __call__.
autodoc_default_options = {"special-members": "__call__"}
# The site's command reads the configuration with PyYAML (the `workflow`
# extra); the `docs` extra alone builds the reference with a stand-in.
autodoc_mock_imports = [
    name for name in ("yaml",) if importlib.util.find_spec(name) is None
]
autosummary_generate = False

# -- numpydoc ---------------------------------------------------------------
numpydoc_show_class_members = False  # autodoc's :members: lists them
numpydoc_class_members_toctree = False
numpydoc_xref_param_type = False

# -- HTML -------------------------------------------------------------------
html_theme = "alabaster"
html_title = f"marginlab {release} API reference"
html_copy_source = False
html_show_sourcelink = False
html_last_updated_fmt = None
html_theme_options = {
    "description": "Kernels and boosting, with the lecture claims reproduced",
    "fixed_sidebar": True,
    "show_relbars": True,
    "page_width": "1200px",
    "sidebar_width": "320px",
}


def _attribute_doc(app, what, name, obj, options, lines):
    """A re-exported constant gets the ``#:`` comment of the module that
    assigns it (``marginlab.core.datasets.TRIANGLE``'s is in
    ``marginlab.core.datasets.synthetic``, which autodoc does not read), and never
    the docstring of its type (ndarray's, dict's)."""
    if what != "data":
        return
    from sphinx.pycode import ModuleAnalyzer

    attr = name.rpartition(".")[2]
    found: list[str] = []
    for modname in sorted(sys.modules):
        module = sys.modules[modname]
        if modname != "marginlab" and not modname.startswith("marginlab."):
            continue
        if getattr(module, attr, None) is not obj:
            continue
        try:
            docs = ModuleAnalyzer.for_module(modname).find_attr_docs()
        except Exception:  # a module without source
            continue
        if ("", attr) in docs:
            found = list(docs["", attr])
            break
    lines[:] = found


_LITERAL = re.compile(r"(``.*?``)")
_GRID_ROW = re.compile(r"^\s*(\|.*\||\+[-=+]+\+)\s*$")


def _escape_bars(app, what, name, obj, options, lines):
    """Read ``|x|`` in a docstring as the absolute value it means, not as a
    reST substitution (none is defined here): every vertical bar outside
    inline literals, literal blocks, doctests and grid tables is escaped.
    The docstrings keep their plain-text formulas (``max_j |Xᵀy|_j / m``),
    readable in ``help()`` as in the rendered page."""
    block = None  # the indent of the paragraph that opened a literal block
    doctest = False
    for i, line in enumerate(lines):
        text = line.lstrip()
        indent = len(line) - len(text)
        if block is not None:
            if not text or indent > block:
                continue
            block = None
        doctest = bool(text) and (doctest or text.startswith(">>>"))
        if "|" in line and not doctest and not _GRID_ROW.match(line):
            parts = _LITERAL.split(line)
            parts[::2] = [part.replace("|", r"\|") for part in parts[::2]]
            lines[i] = "".join(parts)
        if text.endswith("::"):
            block = indent


def _find(path: str):
    """The object of the library named by the dotted ``path``, or None (the
    names of other packages are not looked up: nothing else is imported)."""
    parts = path.split(".")
    if parts[0] != "marginlab":
        return None
    for cut in range(len(parts), 0, -1):
        try:
            obj = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        try:
            for part in parts[cut:]:
                obj = getattr(obj, part)
        except AttributeError:
            return None
        return obj
    return None


_DOCUMENTED: dict[int, str] = {}


def _documented(env) -> dict[int, str]:
    """``id(object) → the name it is documented under``, for the classes,
    functions, methods and containers the reference documents (not for
    numbers and strings, which one object may stand for in many places).
    The shortest name wins: ``marginlab.SVM`` over the canonical
    ``marginlab.estimators.svm.classifier.SVM`` autodoc records beside it.
    Made once per build, when every page has been read; ids are of this
    process, so the table is never stored with the environment."""
    if not _DOCUMENTED:
        for name in sorted(env.domains.python_domain.objects, key=len, reverse=True):
            obj = _find(name)
            if obj is not None and not isinstance(obj, int | float | str | tuple):
                _DOCUMENTED[id(obj)] = name
    return _DOCUMENTED


def _resolve_layered(app, env, node, contnode):
    """Link a docstring's reference to a name of the layers
    (``:func:`~marginlab.core.datasets.synthetic.make_moons```, or ``:func:`svm_loo```
    read in :mod:`marginlab.estimators.svm`) to where the reference
    documents that object (``marginlab.core.datasets.make_moons``)."""
    if node.get("refdomain") != "py":
        return None
    target = node["reftarget"].lstrip("~.")
    module, cls = node.get("py:module"), node.get("py:class")
    candidates = [target]
    if module:
        candidates[:0] = [f"{module}.{cls}.{target}"] if cls else []
        candidates.insert(len(candidates) - 1, f"{module}.{target}")
    for candidate in candidates:
        obj = _find(candidate)
        if obj is None or isinstance(obj, int | float | str | tuple):
            continue
        name = _documented(env).get(id(obj))
        if name is not None:
            from sphinx.util.nodes import make_refnode

            entry = env.domains.python_domain.objects[name]
            return make_refnode(
                app.builder, node["refdoc"], entry.docname, entry.node_id, contnode
            )
    return None


class PublicAPI(SphinxDirective):
    """``.. marginlab-api::``: the top-level ``__all__``, one table per module
    of the layers that holds its names (``marginlab._HOMES``), each name
    linked to where its module's page documents it."""

    def run(self):
        lines = [".. currentmodule:: marginlab", ""]
        for module, names in marginlab._HOMES.items():
            lines += [f"From :mod:`marginlab.{module}`:", ""]
            lines += [".. autosummary::", "   :nosignatures:", ""]
            lines += [f"   {name}" for name in names] + [""]
        return self.parse_text_to_nodes("\n".join(lines))


def setup(app):
    app.add_directive("marginlab-api", PublicAPI)
    app.connect("missing-reference", _resolve_layered)
    app.connect("autodoc-process-docstring", _attribute_doc)
    # After numpydoc's own handler (priority 500), on the reST it produces.
    app.connect("autodoc-process-docstring", _escape_bars, priority=600)
