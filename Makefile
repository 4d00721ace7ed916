# The two README commands (reproduce, test) and little else. Every target makes
# and uses a local virtual environment in .venv, so only Python 3.11+ is needed.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
SMALL := --workflow-profile workflow/profiles/small

.PHONY: reproduce test artifacts bench readme clean

reproduce: $(VENV)/.installed-data
	$(BIN)/snakemake
	$(BIN)/snakemake --report results/report.html

test: $(VENV)/.installed-test
	$(BIN)/python -m pytest

artifacts: $(VENV)/.installed-data
	$(BIN)/snakemake $(SMALL)
	$(BIN)/snakemake $(SMALL) --report results/report.html

# The README's gallery and claims summary, from the results of `make reproduce`.
readme: $(VENV)/.installed-data
	$(BIN)/python -m kernelboost.gallery README.md results

bench: $(VENV)/.installed-test
	$(BIN)/python benchmarks/run.py --out results/benchmarks.csv
	$(BIN)/python benchmarks/memory.py --out results/benchmarks_memory.csv

# One stamp per extra: re-installs when pyproject.toml changes.
$(VENV)/.installed-%: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -e ".[$*]"
	touch $@

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

clean:
	rm -rf $(VENV) .snakemake
	find results -mindepth 1 ! -name README.md -delete
