# The claims atlas (results/site/) and the self-contained table of every claim
# row for the report (results/claims.html), from the run's results; the data of
# its interactive figures (results/applets/), from their experiments' tables.
SITE_ASSETS = [
    str(Path(workflow.basedir, "src/kernelboost/pipeline/site/assets", name))
    for name in ("site.css", "site.js", "applets.js")
]


rule applet:
    input:
        applet_inputs,
    output:
        "results/applets/{applet}.json",
    log:
        "results/logs/applet/{applet}.log",
    benchmark:
        "results/logs/applet/{applet}.bench.tsv"
    conda:
        "../envs/kernelboost.yaml"
    params:
        builder=applet_builder,
        tables=applet_tables,
        library=applet_digest,
    script:
        "../scripts/applet.py"


rule site:
    input:
        claims="results/claims.csv",
        config="results/config.yaml",
        figures=expand("results/figures/{figure}.png", figure=config["figures"]),
        catalog=str(Path(workflow.basedir, "CLAIMS.md")),
        captions=[str(caption(name)) for name in config["figures"]],
        assets=SITE_ASSETS,
        applets=applet_targets(),
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
        library=digest("pipeline.site"),
    script:
        "../scripts/site.py"
