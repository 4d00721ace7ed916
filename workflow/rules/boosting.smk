rule loss_curves:
    output:
        "results/metrics/losses.csv",
    log:
        "results/logs/loss_curves.log",
    benchmark:
        "results/logs/loss_curves.bench.tsv"
    conda:
        "../../environment.yml"
    params:
        library=LIBRARY,
        margin_min=config["losses"]["margin_min"],
        margin_max=config["losses"]["margin_max"],
        n_points=config["losses"]["n_points"],
    script:
        "../scripts/loss_curves.py"
