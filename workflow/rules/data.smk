rule dataset:
    input:
        dataset("source"),
    output:
        "results/data/{name}.csv",
    log:
        "results/logs/dataset/{name}.log",
    benchmark:
        "results/logs/dataset/{name}.bench.tsv"
    priority: PLAN.dataset_priority()
    conda:
        "../envs/kernelboost.yaml"
    params:
        library=PLAN.digest("core.datasets:make_dataset", "core.datasets:write_dataset"),
        spec=dataset("spec"),
    script:
        "../scripts/dataset.py"
