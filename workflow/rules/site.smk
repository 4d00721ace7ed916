# The claims atlas (results/site/) and the self-contained table of every claim
# row for the report (results/claims.html), from the run's results; the data of
# its interactive figures (results/applets/), from their experiments' tables.
SITE_ASSETS = [
    str(Path(workflow.basedir, "src/marginlab/pipeline/site/assets", name))
    for name in ("site.css", "site.js", "applets.js", "smo.js", "boost.js", "live.js")
]
# The pages' templates: editing one rebuilds the site, as editing its code does.
SITE_TEMPLATES = sorted(
    str(p)
    for p in Path(workflow.basedir, "src/marginlab/pipeline/site/templates").glob(
        "*.html"
    )
)


rule site:
    input:
        claims="results/claims.csv",
        timings="results/timings.csv",
        config="results/config.yaml",
        figures=expand("results/figures/{figure}.png", figure=config["figures"]),
        catalog=str(Path(workflow.basedir, "CLAIMS.md")),
        captions=[str(caption(name)) for name in config["figures"]],
        assets=SITE_ASSETS,
        templates=SITE_TEMPLATES,
        applets=PLAN.applet_targets(),
        presets=PLAN.preset_targets(),
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
        "../envs/marginlab.yaml"
    params:
        library=PLAN.digest("pipeline.site"),
    script:
        "../scripts/site.py"
