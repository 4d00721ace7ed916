# One rule per experiment of the registry (src/kernelboost/experiments/), one
# job per run; a sweep's tables are stacked over its runs by stack_tables.
for exp in EXPERIMENTS:

    rule:
        name:
            exp.name
        input:
            study(exp, "inputs"),
        output:
            **PLAN.study_outputs(exp),
        log:
            PLAN.study_log(exp, "log"),
        benchmark:
            PLAN.study_log(exp, "bench.tsv")
        wildcard_constraints:
            **PLAN.run_constraint(exp),
        conda:
            "../envs/kernelboost.yaml"
        # A timing job runs alone: its wall times are measured without other jobs.
        threads: workflow.cores if exp.threads == "all" else 1
        resources:
            **exp.resources,
        params:
            study=exp.study,
            tables=list(exp.tables),
            label=exp.label or "",
            run=run_of,
            args=study(exp, "args"),
            data=study(exp, "data"),
            library=PLAN.study_library(exp),
        script:
            "../scripts/experiment.py"


rule stack_tables:
    input:
        lambda wildcards: PLAN.stacked_sources(wildcards.experiment, wildcards.table),
    output:
        "results/metrics/{experiment}/{table}.csv",
    log:
        "results/logs/{experiment}/stacked.{table}.log",
    benchmark:
        "results/logs/{experiment}/stacked.{table}.bench.tsv"
    wildcard_constraints:
        **PLAN.stacked_constraints(),
    conda:
        "../envs/kernelboost.yaml"
    params:
        library=PLAN.digest("pipeline.jobs:stack_tables"),
    script:
        "../scripts/stack_tables.py"
