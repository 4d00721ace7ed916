"""The estimator contract: what every estimator of marginlab promises, and the
checks that keep the promise.

- :mod:`.base`: hyper-parameters and their declared constraints, cloning, and
  the estimator, classifier and regressor classes (scikit-learn's
  conventions, without the dependency);
- :mod:`.validation`: the checks of arrays, labels, scalars and random
  states, each naming what it checks;
- :mod:`.exceptions`: the errors and warnings a user catches, and the check
  that an estimator is fitted.

Nothing is re-exported here: each name is imported from its module
(``marginlab.core.contract.base``); the public ones also from ``marginlab``.
"""
