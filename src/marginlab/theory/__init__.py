"""The theory layer: the mathematics the claims compare the runs against.

- :mod:`.bounds`: the closed-form bounds of the catalog;
- :mod:`.margins`: L1 margins, the max-margin LP and the boosting game;
- :mod:`.rademacher`: empirical Rademacher complexities and VC bounds;
- :mod:`.intervals`: confidence intervals of measured rates and ratios;
- :mod:`.losses`: the zero-one loss and its surrogates;
- :mod:`.cross_polytope`: least squares on the faces of the L1 ball;
- :mod:`.games`: finite zero-sum games solved by linear programming;
- :mod:`.confidence_rated`: the weight α_t that minimizes AdaBoost's Z_t;
- :mod:`.convex_hull`: the Rademacher complexity of a finite class and of its
  convex hull.

It imports the core only.
"""
