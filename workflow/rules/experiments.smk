# One rule per experiment of the registry (src/kernelboost/experiments.py), one
# job per run; a sweep's tables are stacked over its runs by stack_tables.
for exp in EXPERIMENTS:

    rule:
        name:
            exp.name
        input:
            study_inputs(exp),
        output:
            **study_outputs(exp),
        log:
            study_log(exp, "log"),
        benchmark:
            study_log(exp, "bench.tsv")
        wildcard_constraints:
            **run_constraint(exp),
        conda:
            "../envs/kernelboost.yaml"
        threads: study_threads(exp)
        resources:
            **exp.resources,
        params:
            study=exp.study,
            tables=list(exp.tables),
            label=exp.label or "",
            run=run_id,
            args=study_args(exp),
            data=study_data(exp),
            library=digest(exp.study, "pipeline.jobs:run_study"),
        script:
            "../scripts/experiment.py"


rule stack_tables:
    input:
        stacked_sources,
    output:
        "results/metrics/{experiment}/{table}.csv",
    log:
        "results/logs/{experiment}/stacked.{table}.log",
    benchmark:
        "results/logs/{experiment}/stacked.{table}.bench.tsv"
    wildcard_constraints:
        **stacked_tables(),
    conda:
        "../envs/kernelboost.yaml"
    params:
        library=digest("pipeline.jobs:stack_tables"),
    script:
        "../scripts/stack_tables.py"
