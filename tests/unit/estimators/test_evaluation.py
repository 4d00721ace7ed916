"""The evaluation facade (marginlab.estimators.evaluation): it gathers the
objects of knn, model_selection and svm.loo, and the library itself imports
them from their modules."""

from __future__ import annotations

import ast
from pathlib import Path

import marginlab
from marginlab.estimators import evaluation
from marginlab.estimators import knn as knn_module
from marginlab.estimators import model_selection as selection_module
from marginlab.estimators.svm import loo as svm_loo_module

# --- the public namespace -----------------------------------------------------------


def test_evaluation_gathers_the_objects_of_their_modules() -> None:
    modules = (knn_module, selection_module, svm_loo_module)
    for name in evaluation.__all__:
        homes = [m for m in modules if getattr(m, name, None) is not None]
        assert len(homes) == 1, name
        assert getattr(evaluation, name) is getattr(homes[0], name)


def test_the_library_imports_concepts_from_their_modules() -> None:
    # The facade is for users: code digests follow imports, and a library
    # module importing ``evaluation`` would depend on all three modules.
    package = Path(marginlab.__file__).parent
    offenders = []
    for path in package.rglob("*.py"):
        depth = len(path.relative_to(package).parts)  # 1: top level
        for node in ast.walk(ast.parse(path.read_text())):
            if not isinstance(node, ast.ImportFrom):
                continue
            absolute = node.module == "marginlab.evaluation"
            relative = node.level == depth and node.module == "evaluation"
            if absolute or relative:
                offenders.append(str(path.relative_to(package)))
    assert offenders == []
