"""The core layer: what every estimator and experiment stands on.

- :mod:`.datasets`: seeded generators, bundled real data and user CSV files;
- :mod:`.kernels`: the kernels (Gram blocks, PSD check) and
  :mod:`.feature_maps`, their explicit feature maps;
- :mod:`.base`: the estimator contract (parameters, cloning, fitted checks);
- :mod:`.validation` and :mod:`.exceptions`: input checks and the errors and
  warnings they raise;
- :mod:`.io`: atomic writes of tables and text;
- :mod:`.downloads`: checksummed, cached downloads of the data files no
  package ships, for opt-in runs only, and :mod:`.letter`, the one they
  fetch (the UCI letter data).

It imports numpy, scipy and pandas only; :mod:`.downloads` imports pooch
inside the function that downloads.
"""
