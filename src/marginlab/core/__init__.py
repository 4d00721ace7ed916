"""The core layer: what every estimator and experiment stands on, one
subpackage per concept.

- :mod:`.contract`: the estimator contract (:mod:`.contract.base`:
  parameters, cloning, the estimator classes), its input checks
  (:mod:`.contract.validation`) and the errors and warnings they raise
  (:mod:`.contract.exceptions`);
- :mod:`.datasets`: the :class:`~.datasets.container.Dataset`, seeded
  generators, bundled real data, the UCI letter data with its checksummed
  downloads (opt-in runs only), user CSV files, and one description per
  generator; their public names (but the downloads') importable from
  :mod:`.datasets`;
- :mod:`.kernels`: the kernel functions (Gram blocks, PSD check) and their
  explicit feature maps, importable from :mod:`.kernels`;
- :mod:`.io`: atomic writes of tables and text.

Within the layer, ``contract`` imports nothing of the others, ``kernels`` and
``datasets`` import ``contract``, and ``datasets`` imports ``io``. It imports
numpy, scipy and pandas only; :mod:`.datasets.downloads` imports pooch inside
the function that downloads.
"""
