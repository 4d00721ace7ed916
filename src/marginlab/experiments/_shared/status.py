"""The words of the ``status`` columns of result tables: how a fit ended.

Studies write them, and claim functions and plotters read them, so they live
here, below both.
"""

from __future__ import annotations

from typing import Final

#: The fit was measured.
STATUS_OK: Final = "ok"
#: Hard margin (C = inf) on data that no hyperplane of the feature space
#: separates: the dual is unbounded and there is no SVM to leave points out of
#: (:class:`~marginlab.NotSeparableError`).
STATUS_NOT_SEPARABLE: Final = "not separable"
#: An SMO solve (the full fit or a leave-one-out retrain) reached ``max_iter``
#: steps before its stopping criterion: the numbers would not be the SVM's
#: (:class:`~marginlab.ConvergenceWarning`).
STATUS_NOT_CONVERGED: Final = "not converged"
#: A measurement that was not attempted because the fit it needs failed.
STATUS_SKIPPED: Final = "skipped"
