# The jobs that read an experiment's tables: its figures, the data of its
# applets, its claims' rows and timings. On one machine one job per experiment
# makes all those of the run (rule <experiment>_figures). The rules that make
# one output each, a figure (below), an applet (site.smk), a claim's rows or
# timings (claims.smk), make any other, and all of them with the
# configuration's one_job_per_output (a cluster's). The same files either way.

for exp in EXPERIMENTS:
    if not PLAN.in_readers_job(exp):
        continue

    rule:
        name:
            f"{exp.name}_figures"
        input:
            PLAN.readers_inputs(exp),
        output:
            readers_outputs(exp),
        log:
            f"results/logs/figures/{exp.name}.log",
        benchmark:
            f"results/logs/figures/{exp.name}.bench.tsv"
        conda:
            "../envs/kernelboost.yaml"
        params:
            jobs=PLAN.readers_jobs(exp),
            library=PLAN.readers_library(exp),
        script:
            "../scripts/readers.py"


rule figure:
    input:
        job("figure", "inputs"),
    output:
        png=report(
            "results/figures/{figure}.png",
            caption=str(FIGURE_CAPTION),
            category=lambda wildcards: reporting.figure_category(wildcards.figure),
        ),
        pdf="results/figures/{figure}.pdf",
    log:
        "results/logs/figure/{figure}.log",
    benchmark:
        "results/logs/figure/{figure}.bench.tsv"
    wildcard_constraints:
        **PLAN.single_constraints("figure"),
    conda:
        "../envs/kernelboost.yaml"
    params:
        plotter=job("figure", "function"),
        tables=job("figure", "tables"),
        library=job("figure", "library"),
    script:
        "../scripts/figure.py"
