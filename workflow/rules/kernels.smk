rule kernel_identity:
    output:
        "results/metrics/kernel_identity.csv",
    log:
        "results/logs/kernel_identity.log",
    benchmark:
        "results/logs/kernel_identity.bench.tsv"
    conda:
        "../../environment.yml"
    params:
        **config["kernel_identity"],
        library=LIBRARY,
    script:
        "../scripts/kernel_identity.py"


rule gram_spectra:
    output:
        "results/metrics/gram_spectra.csv",
    log:
        "results/logs/gram_spectra.log",
    benchmark:
        "results/logs/gram_spectra.bench.tsv"
    conda:
        "../../environment.yml"
    params:
        **config["gram_spectra"],
        library=LIBRARY,
    script:
        "../scripts/gram_spectra.py"
