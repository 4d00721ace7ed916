# The datasets of the config, in results/data/. On one machine one job makes
# them all (about two seconds), first (PLAN.dataset_priority), beside a study
# that reads no data; with the configuration's one_job_per_output (a
# cluster's), one job per dataset.
if PLAN.one_job_per_output:

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
            "../envs/marginlab.yaml"
        params:
            library=PLAN.digest("pipeline.jobs:write_datasets"),
            specs=dataset("specs"),
            paths=dataset("paths"),
        script:
            "../scripts/dataset.py"

else:

    rule datasets:
        input:
            PLAN.dataset_sources(),
        output:
            PLAN.data_targets(),
        log:
            "results/logs/datasets.log",
        benchmark:
            "results/logs/datasets.bench.tsv"
        priority: PLAN.dataset_priority()
        conda:
            "../envs/marginlab.yaml"
        params:
            library=PLAN.digest("pipeline.jobs:write_datasets"),
            specs=PLAN.dataset_specs(),
            paths=PLAN.dataset_paths(),
        script:
            "../scripts/dataset.py"
