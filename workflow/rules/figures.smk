# The jobs that read an experiment's tables: its figures, the data of its
# applets, its claims' rows and timings. On one machine one job per experiment
# makes all those of the run (rule <experiment>_figures) but the ones named on
# the command line (PLAN.batched). The rules that make one output each (rules
# figure, applet, claim_rows, timing_rows, below) make those, any other, and
# all of them with the configuration's one_job_per_output (a cluster's).
# Snakemake prefers a rule without wildcards (an experiment's) to one with.
#
# The same files either way, and a file made by one rule is up to date for the
# other: both get the same parameters and inputs (PLAN.reader), and the same
# code, which for a script rule Snakemake records as the text of its script
# directive, indentation included; so both kinds of rule are written in a loop.

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
            "../envs/marginlab.yaml"
        params:
            jobs=PLAN.readers_jobs(exp),
            library=PLAN.readers_library(exp),
        script:
            "../scripts/readers.py"


for kind, name in ONE_OUTPUT_RULES.items():

    rule:
        name:
            name
        input:
            reader(kind, "inputs"),
        output:
            **one_output(kind),
        log:
            one_output_log(kind, "log"),
        benchmark:
            one_output_log(kind, "bench.tsv")
        wildcard_constraints:
            claim="|".join(timed_claims() if kind == "timing" else claims()),
        conda:
            "../envs/marginlab.yaml"
        params:
            jobs=reader(kind, "jobs"),
            library=reader(kind, "library"),
        script:
            "../scripts/readers.py"
