"""The pipeline layer: what turns the registry into results, pages and archives.

- :mod:`.jobs`: what the workflow's generic scripts do (run a study, draw a
  figure, compute a claim's rows, build an applet's data);
- :mod:`.plan`: what a run under one configuration runs (each experiment's
  runs, every job's files, parameters and code digest, the targets);
- :mod:`.config`: the configuration checks made before any job;
- :mod:`.report`: the report's captions and how each figure's claims came out;
- :mod:`.digest`: code digests, so that a job reruns when the code it runs
  changes;
- :mod:`.archive`, :mod:`.gallery`, :mod:`.site`: the results archive, the
  README gallery and the claims atlas.

It may import every layer below it; nothing imports it but the workflow.
"""
