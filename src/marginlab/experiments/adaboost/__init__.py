"""The adaboost experiment: claims B1, B2, B3, B4, B6, B14 and B17.

- B1: AdaBoost's training error bound
- B2: closed form of AdaBoost's distribution
- B3: the new distribution puts mass ½ on the last mistakes
- B4: AdaBoost is coordinate descent on the exponential loss
- B6: the margin distribution bound
- B14: the VC-dimension bound of boosted classifiers
- B17: the uniform margin bound decreases exponentially for ρ < γ
"""

from __future__ import annotations

from .._shared.experiment import ANY, Experiment, Figure, per_dataset

EXPERIMENT = Experiment(
    name="adaboost",
    family="B",
    study="study:adaboost_tables",
    work="work:counted",
    rows="rows:expected",
    tables=("history", "margin_bound", "uniform_margin"),
    runs=per_dataset("adaboost", ANY.but(holdout=True)),
    figures={
        "adaboost_bound": Figure(
            "figures:plot_adaboost_bound",
            claims=("B1", "B2", "B3"),
            headline="B1: training error ≤ Π Z_t ≤ exp(−2Σγ_t²) ≤ exp(−2γ²T)",
        ),
        "exp_loss_descent": Figure("figures:plot_exp_loss_descent", claims=("B4",)),
        "adaboost_train_test": Figure(
            "figures:plot_adaboost_train_test", claims=("B14",)
        ),
        "margin_bound": Figure("figures:plot_margin_bound", claims=("B6",)),
        "uniform_margin_bound": Figure(
            "figures:plot_uniform_margin_bound", claims=("B17",)
        ),
    },
    claims={
        "B1": "claims:b1_adaboost_bound",
        "B2": "claims:b2_distribution_closed_form",
        "B3": "claims:b3_half_on_mistakes",
        "B4": "claims:b4_exp_loss_descent",
        "B6": "claims:b6_margin_bound",
        "B14": "claims:b14_vc_bound",
        "B17": "claims:b17_uniform_margin_bound",
    },
    label="dataset",
)
