# The claims atlas (results/site/) and the self-contained table of every claim
# row for the report (results/claims.html), from the run's results.
SITE_ASSETS = [
    str(Path(workflow.basedir, "src/kernelboost/site/assets", name))
    for name in ("site.css", "site.js")
]


rule site:
    input:
        claims="results/claims.csv",
        config="results/config.yaml",
        figures=expand("results/figures/{figure}.png", figure=config["figures"]),
        catalog=str(Path(workflow.basedir, "CLAIMS.md")),
        captions=[
            str(Path(workflow.basedir, "workflow/report", f"{name}.rst"))
            for name in config["figures"]
        ],
        assets=SITE_ASSETS,
    output:
        site=directory("results/site"),
        table=report(
            "results/claims.html",
            caption="../report/claims_html.rst",
            category="Claims",
        ),
    log:
        "results/logs/site.log",
    benchmark:
        "results/logs/site.bench.tsv"
    conda:
        "../envs/kernelboost.yaml"
    params:
        library=digest("site"),
    script:
        "../scripts/site.py"
