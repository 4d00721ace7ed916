rule loss_curves:
    output:
        "results/metrics/losses.csv",
    log:
        "results/logs/loss_curves.log",
    benchmark:
        "results/logs/loss_curves.bench.tsv"
    conda:
        "../envs/kernelboost.yaml"
    params:
        library=LIBRARY,
        margin_min=config["losses"]["margin_min"],
        margin_max=config["losses"]["margin_max"],
        n_points=config["losses"]["n_points"],
    script:
        "../scripts/loss_curves.py"


rule adaboost_run:
    input:
        data_csv("{name}"),
    output:
        history="results/metrics/adaboost/{name}.history.csv",
        margins="results/metrics/adaboost/{name}.margins.csv",
        margin_bound="results/metrics/adaboost/{name}.margin_bound.csv",
    log:
        "results/logs/adaboost_run/{name}.log",
    benchmark:
        "results/logs/adaboost_run/{name}.bench.tsv"
    conda:
        "../envs/kernelboost.yaml"
    params:
        n_rounds=config["boosting"]["n_rounds"],
        margin_rounds=config["boosting"]["margin_rounds"],
        rhos=config["boosting"]["rhos"],
        vc_dimension=config["boosting"]["vc_dimension"],
        test_fraction=config["split"]["test_fraction"],
        split_seed=config["split"]["seed"],
        library=LIBRARY,
    script:
        "../scripts/adaboost_run.py"


rule adaboost_table:
    input:
        expand(
            "results/metrics/adaboost/{name}.{{table}}.csv",
            name=config["boosting"]["datasets"],
        ),
    output:
        "results/metrics/adaboost_{table}.csv",
    log:
        "results/logs/adaboost_table/{table}.log",
    benchmark:
        "results/logs/adaboost_table/{table}.bench.tsv"
    wildcard_constraints:
        table="history|margins|margin_bound",
    conda:
        "../envs/kernelboost.yaml"
    params:
        library=LIBRARY,
    script:
        "../scripts/concat_tables.py"


rule margin_growth_run:
    input:
        data_csv("{name}"),
    output:
        "results/metrics/margin_growth/{name}.csv",
    log:
        "results/logs/margin_growth_run/{name}.log",
    benchmark:
        "results/logs/margin_growth_run/{name}.bench.tsv"
    conda:
        "../envs/kernelboost.yaml"
    params:
        n_rounds=config["margin_growth"]["n_rounds"],
        test_fraction=config["split"]["test_fraction"],
        split_seed=config["split"]["seed"],
        library=LIBRARY,
    script:
        "../scripts/margin_growth.py"


rule margin_growth:
    input:
        expand(
            "results/metrics/margin_growth/{name}.csv",
            name=config["margin_growth"]["datasets"],
        ),
    output:
        "results/metrics/margin_growth.csv",
    log:
        "results/logs/margin_growth.log",
    benchmark:
        "results/logs/margin_growth.bench.tsv"
    conda:
        "../envs/kernelboost.yaml"
    params:
        library=LIBRARY,
    script:
        "../scripts/concat_tables.py"


rule noise_robustness:
    input:
        data_csv(config["noise"]["dataset"]),
    output:
        "results/metrics/noise_robustness.csv",
    log:
        "results/logs/noise_robustness.log",
    benchmark:
        "results/logs/noise_robustness.bench.tsv"
    conda:
        "../envs/kernelboost.yaml"
    params:
        rates=config["noise"]["rates"],
        n_rounds=config["noise"]["n_rounds"],
        sigma=config["noise"]["sigma"],
        C=config["noise"]["C"],
        noise_seed=config["noise"]["seed"],
        test_fraction=config["split"]["test_fraction"],
        split_seed=config["split"]["seed"],
        library=LIBRARY,
    script:
        "../scripts/noise_robustness.py"


rule boosting_cost:
    output:
        timings="results/metrics/boosting_cost.csv",
        fits="results/metrics/boosting_cost_fits.csv",
    log:
        "results/logs/boosting_cost.log",
    benchmark:
        "results/logs/boosting_cost.bench.tsv"
    conda:
        "../envs/kernelboost.yaml"
    threads: workflow.cores  # runs alone: wall times measured without other jobs
    params:
        **config["boosting_cost"],
        library=LIBRARY,
    script:
        "../scripts/boosting_cost.py"


rule xor_stumps:
    input:
        data_csv(config["xor_stumps"]["dataset"]),
    output:
        edges="results/metrics/xor_stumps_edges.csv",
        history="results/metrics/xor_stumps_history.csv",
        runs="results/metrics/xor_stumps_runs.csv",
        regions="results/metrics/xor_stumps_regions.csv",
        points="results/metrics/xor_stumps_points.csv",
    log:
        "results/logs/xor_stumps.log",
    benchmark:
        "results/logs/xor_stumps.bench.tsv"
    conda:
        "../envs/kernelboost.yaml"
    params:
        **config["xor_stumps"],
        library=LIBRARY,
    script:
        "../scripts/xor_stumps.py"


rule nonconvex_combination:
    output:
        errors="results/metrics/nonconvex_combination_errors.csv",
        history="results/metrics/nonconvex_combination_history.csv",
        regions="results/metrics/nonconvex_combination_regions.csv",
        points="results/metrics/nonconvex_combination_points.csv",
        lines="results/metrics/nonconvex_combination_lines.csv",
    log:
        "results/logs/nonconvex_combination.log",
    benchmark:
        "results/logs/nonconvex_combination.bench.tsv"
    conda:
        "../envs/kernelboost.yaml"
    params:
        **config["nonconvex_combination"],
        library=LIBRARY,
    script:
        "../scripts/nonconvex_combination.py"


rule mwu_boosting:
    input:
        data_csv(config["mwu_boosting"]["dataset"]),
    output:
        history="results/metrics/mwu_boosting_history.csv",
        summary="results/metrics/mwu_boosting_summary.csv",
        regions="results/metrics/mwu_boosting_regions.csv",
        points="results/metrics/mwu_boosting_points.csv",
    log:
        "results/logs/mwu_boosting.log",
    benchmark:
        "results/logs/mwu_boosting.bench.tsv"
    conda:
        "../envs/kernelboost.yaml"
    params:
        **config["mwu_boosting"],
        library=LIBRARY,
    script:
        "../scripts/mwu_boosting.py"
