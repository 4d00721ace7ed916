"""The estimators layer: the learning algorithms of the lectures and their solvers.

- :mod:`.svm`: the SVM (SMO with its kernel cache), its exact leave-one-out,
  Pegasos;
- :mod:`.boosting`: weak learners, AdaBoost, MajorityBoost;
- :mod:`.perceptron`, :mod:`.logistic`, :mod:`.knn`, :mod:`.kernel_ridge`:
  primal and dual perceptrons, kernel logistic regression, k-nearest
  neighbours, kernel ridge regression;
- :mod:`.selection`: best subset, stepwise selection, z-scores, ridge, the
  Lasso path;
- :mod:`.model_selection`: splits, K-fold cross-validation, grid search,
  brute-force leave-one-out.

Estimators follow scikit-learn's conventions without depending on it. This
layer imports the core and the theory, never the experiments or the pipeline.
"""
