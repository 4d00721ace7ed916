rule lasso_path:
    input:
        data_csv(config["lasso_path"]["dataset"]),
    output:
        weights="results/metrics/lasso_path_weights.csv",
        zeros="results/metrics/lasso_path_zeros.csv",
    log:
        "results/logs/lasso_path.log",
    benchmark:
        "results/logs/lasso_path.bench.tsv"
    conda:
        "../envs/kernelboost.yaml"
    params:
        **config["lasso_path"],
        library=LIBRARY,
    script:
        "../scripts/lasso_path.py"


rule lasso_ridge_contours:
    output:
        contours="results/metrics/lasso_ridge_contours_contours.csv",
        balls="results/metrics/lasso_ridge_contours_balls.csv",
        solutions="results/metrics/lasso_ridge_contours_solutions.csv",
    log:
        "results/logs/lasso_ridge_contours.log",
    benchmark:
        "results/logs/lasso_ridge_contours.bench.tsv"
    conda:
        "../envs/kernelboost.yaml"
    params:
        **config["lasso_ridge_contours"],
        library=LIBRARY,
    script:
        "../scripts/lasso_ridge_contours.py"


rule subset_selection:
    input:
        data_csv(config["subset_selection"]["dataset"]),
    output:
        path="results/metrics/subset_selection_path.csv",
        subsets="results/metrics/subset_selection_subsets.csv",
        counts="results/metrics/subset_selection_counts.csv",
        zscores="results/metrics/subset_selection_zscores.csv",
    log:
        "results/logs/subset_selection.log",
    benchmark:
        "results/logs/subset_selection.bench.tsv"
    conda:
        "../envs/kernelboost.yaml"
    params:
        **config["subset_selection"],
        folds=config["cv"]["folds"],
        cv_seed=config["cv"]["seed"],
        library=LIBRARY,
    script:
        "../scripts/subset_selection.py"
