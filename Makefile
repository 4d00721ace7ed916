# The README commands and little else. Every target makes and uses a local
# virtual environment in .venv (only Python 3.11+ is needed) and installs the
# exact versions of requirements.lock into it.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
LOCK := requirements.lock
SMALL := --workflow-profile workflow/profiles/small

.PHONY: reproduce test test-fast artifacts docs bench mutation readme lock clean

# The full reproduction, its report and the archive of both.
reproduce: $(VENV)/.installed-workflow
	$(BIN)/snakemake
	$(BIN)/snakemake --report results/report.html
	$(BIN)/python -m marginlab.pipeline.archive results

# Two test processes (pytest-xdist): the end-to-end runs wait on Snakemake and
# SLURM much of the time; tests sharing one small run stay in one process. The
# 25 slowest tests are listed at the end (where CI's minutes go).
test: $(VENV)/.installed-test
	$(BIN)/python -m pytest -n 2 --dist loadgroup --durations=25

# The unit and evidence tests, without the end-to-end runs of the pipeline
# (with the Node tests of the atlas's JavaScript, which tests/js/test_golden.py
# runs: Node.js 18 or later, Debian's nodejs).
test-fast: $(VENV)/.installed-test
	$(BIN)/python -m pytest -n 2 -m "not pipeline"

# The small configuration, its report and the archive (what CI keeps).
artifacts: $(VENV)/.installed-workflow
	$(BIN)/snakemake $(SMALL)
	$(BIN)/snakemake $(SMALL) --report results/report.html
	$(BIN)/python -m marginlab.pipeline.archive results

# The README's gallery and claims summary, from the results of `make reproduce`;
# its pictures, the headline figures downscaled, go to docs/gallery/ (committed).
readme: $(VENV)/.installed-workflow
	$(BIN)/python -m marginlab.pipeline.gallery README.md results

# The API reference (docs/), from the library's docstrings, into $(API)
# (index.html); a warning fails the build. Its doctrees go beside it, so that
# $(API) is only what the site publishes (site/api/).
API ?= results/api
docs: $(VENV)/.installed-docs
	$(BIN)/sphinx-build -W --keep-going -b html -d $(dir $(API)).api-doctrees docs $(API)

bench: $(VENV)/.installed-test
	$(BIN)/python benchmarks/run.py --out results/benchmarks.csv
	$(BIN)/python benchmarks/memory.py --out results/benchmarks_memory.csv

# Mutation testing of the claim functions and the bounds ([tool.mutmut] in
# pyproject.toml): each mutant of their code must make some unit or evidence
# test fail. mutmut is a tool of this target only, not a dependency: it is
# installed here, pinned, and works in mutants/ (git-ignored). About an hour
# on 2 cores; `.venv/bin/mutmut results` lists the survivors afterwards.
mutation: $(VENV)/.installed-test
	$(BIN)/python -m pip install --quiet --disable-pip-version-check "mutmut==3.8.1"
	$(BIN)/mutmut run --max-children 2
	$(BIN)/mutmut export-cicd-stats

# Re-resolve requirements.lock for every platform and every Python that
# pyproject.toml supports, keeping the locked versions that still fit (after a
# change of dependencies); `make lock UPGRADE=--upgrade` moves every package to
# its newest release instead (see the README).
UPGRADE ?=
lock: | $(BIN)/python
	$(BIN)/python -m pip install --quiet --disable-pip-version-check "uv>=0.5"
	$(BIN)/uv pip compile pyproject.toml --all-extras --universal \
		--python-version 3.11 $(UPGRADE) --custom-compile-command "make lock" \
		--output-file $(LOCK)

# One stamp per extra: re-installs when pyproject.toml or the lock changes.
# The lock constrains every package to its exact version; the extra chooses
# which of them are installed (`workflow`: what the pipeline needs; `test`:
# more; none: the library alone).
$(VENV)/.installed-%: pyproject.toml $(LOCK) | $(BIN)/python
	$(BIN)/python -m pip install --quiet --disable-pip-version-check \
		--constraint $(LOCK) -e ".[$*]"
	touch $@

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

clean:
	rm -rf $(VENV) .snakemake
	find results -mindepth 1 ! -name README.md -delete
