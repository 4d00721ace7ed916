rule figure:
    input:
        job("figure", "inputs"),
    output:
        png=report(
            "results/figures/{figure}.png",
            caption="../report/figure.rst",
            category=lambda wildcards: reporting.figure_category(wildcards.figure),
        ),
        pdf="results/figures/{figure}.pdf",
    log:
        "results/logs/figure/{figure}.log",
    benchmark:
        "results/logs/figure/{figure}.bench.tsv"
    conda:
        "../envs/kernelboost.yaml"
    params:
        plotter=job("figure", "function"),
        tables=job("figure", "tables"),
        library=job("figure", "library"),
    script:
        "../scripts/figure.py"
