rule loo_configuration:
    input:
        data_csv("{name}"),
    output:
        rows="results/metrics/loo/{name}/{kernel}/C{C}.rows.csv",
        e2="results/metrics/loo/{name}/{kernel}/C{C}.e2.csv",
    log:
        "results/logs/loo/{name}/{kernel}/C{C}.log",
    benchmark:
        "results/logs/loo/{name}/{kernel}/C{C}.bench.tsv"
    conda:
        "../envs/kernelboost.yaml"
    params:
        **config["loo"],
        kernel=sweep_kernel,
        C=lambda wildcards: float(wildcards.C),
        name=lambda wildcards: wildcards.name,
        library=LIBRARY,
    script:
        "../scripts/loo_configuration.py"


rule loo_table:
    input:
        lambda wildcards: sweep_files(wildcards.part),
    output:
        "results/metrics/loo_{part}.csv",
    log:
        "results/logs/loo_table/{part}.log",
    benchmark:
        "results/logs/loo_table/{part}.bench.tsv"
    wildcard_constraints:
        part="rows|e2",
    conda:
        "../envs/kernelboost.yaml"
    params:
        library=LIBRARY,
    script:
        "../scripts/concat_tables.py"


rule cv_model_selection:
    input:
        data_csv(config["cv_model_selection"]["dataset"]),
    output:
        grid="results/metrics/cv_model_selection_grid.csv",
        summary="results/metrics/cv_model_selection_summary.csv",
    log:
        "results/logs/cv_model_selection.log",
    benchmark:
        "results/logs/cv_model_selection.bench.tsv"
    conda:
        "../envs/kernelboost.yaml"
    params:
        sigmas=config["cv_model_selection"]["sigmas"],
        Cs=config["cv_model_selection"]["Cs"],
        folds=config["cv"]["folds"],
        cv_seed=config["cv"]["seed"],
        test_fraction=config["split"]["test_fraction"],
        split_seed=config["split"]["seed"],
        name=config["cv_model_selection"]["dataset"],
        library=LIBRARY,
    script:
        "../scripts/cv_model_selection.py"
