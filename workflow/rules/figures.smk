rule figure_losses:
    input:
        "results/metrics/losses.csv",
    output:
        png=report(
            "results/figures/losses.png",
            caption="../report/losses.rst",
            category="B: boosting and margins",
        ),
        pdf="results/figures/losses.pdf",
    log:
        "results/logs/figure/losses.log",
    benchmark:
        "results/logs/figure/losses.bench.tsv"
    conda:
        "../../environment.yml"
    script:
        "../scripts/figure_losses.py"
