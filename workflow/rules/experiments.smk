# One rule per experiment of the registry (src/marginlab/experiments/). A
# sweep (one run per dataset, kernel, C, ...) is one job that runs every run
# and stacks their tables; with the configuration's one_job_per_output (a
# cluster's), one job per run, and stack_tables stacks.
for exp in EXPERIMENTS:
    if PLAN.in_one_job(exp):

        rule:
            name:
                exp.name
            input:
                PLAN.sweep_inputs(exp),
            output:
                PLAN.sweep_outputs(exp),
            log:
                PLAN.study_log(exp, "log"),
            benchmark:
                PLAN.study_log(exp, "bench.tsv")
            priority: PLAN.priority(exp)
            conda:
                "../envs/marginlab.yaml"
            resources:
                **exp.resources,
            params:
                study=exp.study,
                tables=list(exp.tables),
                label=exp.label or "",
                runs=PLAN.sweep_runs(exp),
                stacked=PLAN.sweep_stacked(exp),
                library=PLAN.sweep_library(exp),
            script:
                "../scripts/sweep.py"

        continue

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
        priority: PLAN.priority(exp)
        conda:
            "../envs/marginlab.yaml"
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
        "../envs/marginlab.yaml"
    params:
        library=PLAN.digest("pipeline.jobs:stack_tables"),
    script:
        "../scripts/stack_tables.py"
