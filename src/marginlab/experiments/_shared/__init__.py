"""What the experiment rooms share.

- :mod:`.experiment`: the registry's model (:class:`~.experiment.Experiment`, the run
  builders), standard library only;
- :mod:`.rows` and :mod:`.kinds`: the claim row and what kind of evidence it
  is; :mod:`.status`: the words of the tables' ``status`` columns;
- :mod:`.timing` and :mod:`.exponents`: CPU times and counted work against
  size, the growth exponents fitted to them; the claim rows that read those
  exponents (counted work for claims.csv, CPU time for timings.csv);
- :mod:`.grid`, :mod:`.scaling`, :mod:`.boosting`: grids under 2-D pictures,
  z-scores, quiet boosting fits;
- :mod:`.samples`: independent training sets, the run's dataset and fresh
  draws of its generator (a row's interval over training sets);
- :mod:`.figures`: the one figure style and the drawing helpers (matplotlib);
- :mod:`.applets`: the compact data format of the atlas's applets.
"""
