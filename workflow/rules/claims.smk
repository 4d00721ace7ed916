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
        "../envs/marginlab.yaml"
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
        "../envs/marginlab.yaml"
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
        "../envs/marginlab.yaml"
    params:
        config=reporting.resolved_config(config),
        library=PLAN.digest("core.io:write_text_atomic"),
    script:
        "../scripts/resolved_config.py"
