"""The computations behind the claims: each function returns a tidy metric table.

Workflow scripts call these and write the tables under ``results/metrics/``;
:mod:`kernelboost.claims` turns the tables into claim rows and
:mod:`kernelboost.plotting` into figures.
"""
