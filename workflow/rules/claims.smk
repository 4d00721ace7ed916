rule claim_rows:
    input:
        job("claim", "inputs"),
    output:
        "results/claims/{claim}.csv",
    log:
        "results/logs/claims/{claim}.log",
    benchmark:
        "results/logs/claims/{claim}.bench.tsv"
    wildcard_constraints:
        **PLAN.single_constraints("claim"),
    conda:
        "../envs/kernelboost.yaml"
    params:
        function=job("claim", "function"),
        tables=job("claim", "tables"),
        library=job("claim", "library"),
    script:
        "../scripts/claim_rows.py"


rule timing_rows:
    input:
        job("timing", "inputs"),
    output:
        "results/timings/{claim}.csv",
    log:
        "results/logs/timings/{claim}.log",
    benchmark:
        "results/logs/timings/{claim}.bench.tsv"
    wildcard_constraints:
        **PLAN.single_constraints("timing"),
    conda:
        "../envs/kernelboost.yaml"
    params:
        function=job("timing", "function"),
        tables=job("timing", "tables"),
        library=job("timing", "library"),
    script:
        "../scripts/claim_rows.py"


rule claims_table:
    input:
        PLAN.claim_row_targets(),
    output:
        csv=report(
            "results/claims.csv",
            caption="../report/claims.rst",
            category="Claims",
        ),
        md="results/claims.md",
    log:
        "results/logs/claims/table.log",
    benchmark:
        "results/logs/claims/table.bench.tsv"
    conda:
        "../envs/kernelboost.yaml"
    params:
        title="Claims",
        library=PLAN.digest(
            "experiments._shared.rows:read_rows",
            "experiments._shared.rows:render_markdown",
        ),
    script:
        "../scripts/claims_table.py"


rule timings_table:
    input:
        PLAN.timing_row_targets(),
    output:
        csv=report(
            "results/timings.csv",
            caption="../report/timings.rst",
            category="Claims",
        ),
        md="results/timings.md",
    log:
        "results/logs/timings/table.log",
    benchmark:
        "results/logs/timings/table.bench.tsv"
    conda:
        "../envs/kernelboost.yaml"
    params:
        title="Timings",
        library=PLAN.digest(
            "experiments._shared.rows:read_rows",
            "experiments._shared.rows:render_markdown",
        ),
    script:
        "../scripts/claims_table.py"


rule resolved_config:
    output:
        "results/config.yaml",
    log:
        "results/logs/config.log",
    benchmark:
        "results/logs/config.bench.tsv"
    conda:
        "../envs/kernelboost.yaml"
    params:
        config=reporting.resolved_config(config),
        library=PLAN.digest("core.io:write_text_atomic"),
    script:
        "../scripts/resolved_config.py"
