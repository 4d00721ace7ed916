"""The theory layer: the mathematics the claims compare the runs against.

- :mod:`.bounds`: the closed-form bounds of the catalog;
- :mod:`.margins`: L1 margins, the max-margin LP and the boosting game;
- :mod:`.rademacher`: empirical Rademacher complexities and VC bounds;
- :mod:`.intervals`: confidence intervals of measured rates and ratios;
- :mod:`.losses`: the zero-one loss and its surrogates;
- :mod:`.cross_polytope`: least squares on the faces of the L1 ball.

It imports the core only.
"""
