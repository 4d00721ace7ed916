rule kernel_identity:
    output:
        "results/metrics/kernel_identity.csv",
    log:
        "results/logs/kernel_identity.log",
    benchmark:
        "results/logs/kernel_identity.bench.tsv"
    conda:
        "../envs/kernelboost.yaml"
    params:
        **config["kernel_identity"],
        library=LIBRARY,
    script:
        "../scripts/kernel_identity.py"


rule kernel_cost:
    output:
        timings="results/metrics/kernel_cost.csv",
        fits="results/metrics/kernel_cost_fits.csv",
    log:
        "results/logs/kernel_cost.log",
    benchmark:
        "results/logs/kernel_cost.bench.tsv"
    conda:
        "../envs/kernelboost.yaml"
    threads: workflow.cores  # runs alone: wall times measured without other jobs
    params:
        **config["kernel_cost"],
        library=LIBRARY,
    script:
        "../scripts/kernel_cost.py"


rule gram_spectra:
    output:
        "results/metrics/gram_spectra.csv",
    log:
        "results/logs/gram_spectra.log",
    benchmark:
        "results/logs/gram_spectra.bench.tsv"
    conda:
        "../envs/kernelboost.yaml"
    params:
        **config["gram_spectra"],
        library=LIBRARY,
    script:
        "../scripts/gram_spectra.py"


rule perceptron_dual:
    input:
        data_csv(*config["perceptron"]["compare"]),
    output:
        table="results/metrics/perceptron_table.csv",
        compare="results/metrics/perceptron_primal_dual.csv",
    log:
        "results/logs/perceptron_dual.log",
    benchmark:
        "results/logs/perceptron_dual.bench.tsv"
    conda:
        "../envs/kernelboost.yaml"
    params:
        compare=config["perceptron"]["compare"],
        max_epochs=config["perceptron"]["max_epochs"],
        library=LIBRARY,
    script:
        "../scripts/perceptron_dual.py"


rule perceptron_xor:
    input:
        data_csv(config["perceptron"]["xor_dataset"]),
    output:
        epochs="results/metrics/perceptron_xor_epochs.csv",
        points="results/metrics/perceptron_xor_points.csv",
    log:
        "results/logs/perceptron_xor.log",
    benchmark:
        "results/logs/perceptron_xor.bench.tsv"
    conda:
        "../envs/kernelboost.yaml"
    params:
        max_epochs=config["perceptron"]["max_epochs"],
        library=LIBRARY,
    script:
        "../scripts/perceptron_xor.py"


rule gaussian_hypothesis:
    input:
        data_csv(config["logistic"]["dataset"]),
    output:
        history="results/metrics/gaussian_hypothesis_history.csv",
        curve="results/metrics/gaussian_hypothesis_curve.csv",
        bumps="results/metrics/gaussian_hypothesis_bumps.csv",
    log:
        "results/logs/gaussian_hypothesis.log",
    benchmark:
        "results/logs/gaussian_hypothesis.bench.tsv"
    conda:
        "../envs/kernelboost.yaml"
    params:
        **{k: v for k, v in config["logistic"].items() if k != "dataset"},
        library=LIBRARY,
    script:
        "../scripts/gaussian_hypothesis.py"


rule svm_panel:
    input:
        data_csv(config["svm_grid"]["dataset"]),
    output:
        summary="results/metrics/svm_grid/{panel}.summary.csv",
        surface="results/metrics/svm_grid/{panel}.surface.csv",
        points="results/metrics/svm_grid/{panel}.points.csv",
    log:
        "results/logs/svm_grid/{panel}.log",
    benchmark:
        "results/logs/svm_grid/{panel}.bench.tsv"
    conda:
        "../envs/kernelboost.yaml"
    params:
        panel=svm_panel_params,
        tol=config["svm_grid"]["tol"],
        grid_points=config["svm_grid"]["grid_points"],
        library=LIBRARY,
    script:
        "../scripts/svm_panel.py"


rule svm_sigma_C_grid:
    input:
        expand("results/metrics/svm_grid/{panel}.summary.csv", panel=svm_panels()),
    output:
        "results/metrics/svm_sigma_C_grid.csv",
    log:
        "results/logs/svm_sigma_C_grid.log",
    benchmark:
        "results/logs/svm_sigma_C_grid.bench.tsv"
    conda:
        "../envs/kernelboost.yaml"
    params:
        library=LIBRARY,
    script:
        "../scripts/concat_tables.py"


rule feature_lift:
    input:
        data_csv(config["feature_lift"]["dataset"]),
    output:
        summary="results/metrics/feature_lift.csv",
        points="results/metrics/feature_lift_points.csv",
    log:
        "results/logs/feature_lift.log",
    benchmark:
        "results/logs/feature_lift.bench.tsv"
    conda:
        "../envs/kernelboost.yaml"
    params:
        C=config["feature_lift"]["C"],
        library=LIBRARY,
    script:
        "../scripts/feature_lift.py"


rule pegasos_convergence:
    input:
        data_csv(config["pegasos"]["dataset"]),
    output:
        "results/metrics/pegasos_convergence.csv",
    log:
        "results/logs/pegasos_convergence.log",
    benchmark:
        "results/logs/pegasos_convergence.bench.tsv"
    conda:
        "../envs/kernelboost.yaml"
    params:
        **{k: v for k, v in config["pegasos"].items() if k != "dataset"},
        library=LIBRARY,
    script:
        "../scripts/pegasos_convergence.py"


rule poly_degree:
    input:
        data_csv(config["poly_degree"]["dataset"]),
    output:
        "results/metrics/poly_degree.csv",
    log:
        "results/logs/poly_degree.log",
    benchmark:
        "results/logs/poly_degree.bench.tsv"
    conda:
        "../envs/kernelboost.yaml"
    params:
        degrees=config["poly_degree"]["degrees"],
        C_soft=config["poly_degree"]["C_soft"],
        test_fraction=config["split"]["test_fraction"],
        seed=config["split"]["seed"],
        library=LIBRARY,
    script:
        "../scripts/poly_degree.py"


rule representer:
    output:
        "results/metrics/representer.csv",
    log:
        "results/logs/representer.log",
    benchmark:
        "results/logs/representer.bench.tsv"
    conda:
        "../envs/kernelboost.yaml"
    params:
        **config["representer"],
        library=LIBRARY,
    script:
        "../scripts/representer.py"


rule knn_k:
    input:
        data_csv(config["knn"]["dataset"]),
    output:
        errors="results/metrics/knn_k_errors.csv",
        regions="results/metrics/knn_k_regions.csv",
        points="results/metrics/knn_k_points.csv",
    log:
        "results/logs/knn_k.log",
    benchmark:
        "results/logs/knn_k.bench.tsv"
    conda:
        "../envs/kernelboost.yaml"
    params:
        ks=config["knn"]["ks"],
        boundary_ks=config["knn"]["boundary_ks"],
        grid_points=config["knn"]["grid_points"],
        test_fraction=config["split"]["test_fraction"],
        seed=config["split"]["seed"],
        library=LIBRARY,
    script:
        "../scripts/knn_k.py"


rule sigma_bias_variance:
    input:
        data_csv(config["sigma_bias_variance"]["dataset"]),
    output:
        errors="results/metrics/sigma_bias_variance_errors.csv",
        regions="results/metrics/sigma_bias_variance_regions.csv",
        points="results/metrics/sigma_bias_variance_points.csv",
    log:
        "results/logs/sigma_bias_variance.log",
    benchmark:
        "results/logs/sigma_bias_variance.bench.tsv"
    conda:
        "../envs/kernelboost.yaml"
    params:
        sigmas=config["sigma_bias_variance"]["sigmas"],
        C=config["sigma_bias_variance"]["C"],
        grid_points=config["sigma_bias_variance"]["grid_points"],
        folds=config["cv"]["folds"],
        cv_seed=config["cv"]["seed"],
        test_fraction=config["split"]["test_fraction"],
        split_seed=config["split"]["seed"],
        library=LIBRARY,
    script:
        "../scripts/sigma_bias_variance.py"
