"""Code digests (marginlab.pipeline.digest): a job reruns when the code it
runs changes, and only then."""

from __future__ import annotations

import shutil
from pathlib import Path

from marginlab import experiments as X
from marginlab.pipeline.digest import Digests, code_digest

from ...conftest import ROOT


# Code digests: a job reruns when the code it runs changes, and only then.
def _copy_package(tmp_path: Path) -> Path:
    dest = tmp_path / "marginlab"
    shutil.copytree(ROOT / "src" / "marginlab", dest)
    return dest


def _forget_parsed_sources() -> None:
    """Drop the digest module's caches: the sources under a root were edited."""
    from marginlab.pipeline.digest import forget

    forget()


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))


def test_editing_one_claim_changes_only_its_digest(tmp_path: Path) -> None:
    root = _copy_package(tmp_path)
    refs = {c: X.claim_experiment(c).claims[c] for c in X.claims()}
    before = {c: code_digest([r], root) for c, r in refs.items()}
    _edit(
        root / "experiments" / "gram_spectra" / "claims.py",
        'draws = spectra["draw"].nunique()',
        'draws = int(spectra["draw"].nunique())',
    )
    _forget_parsed_sources()
    after = {c: code_digest([r], root) for c, r in refs.items()}
    assert {c for c in refs if before[c] != after[c]} == {"K3"}


def test_docstrings_and_formatting_change_no_digest(tmp_path: Path) -> None:
    root = _copy_package(tmp_path)
    ref = "experiments.gram_spectra.claims:k3_gram_spectra"
    study = "experiments.adaboost.study:adaboost_tables"
    before = code_digest([ref, study], root)
    _edit(
        root / "experiments" / "gram_spectra" / "claims.py",
        "def k3_gram_spectra(",
        "def  k3_gram_spectra(",
    )
    text = (root / "experiments" / "adaboost" / "study.py").read_text()
    (root / "experiments" / "adaboost" / "study.py").write_text(
        '"""Reworded."""\n' + text.split('"""', 2)[2]
    )
    _forget_parsed_sources()
    assert code_digest([ref, study], root) == before


def test_editing_a_module_a_study_imports_changes_its_digest(tmp_path: Path) -> None:
    """The AdaBoost study imports AdaBoost: editing it reruns the study, not
    the kernel identities (which do not import it)."""
    root = _copy_package(tmp_path)
    study, other = (
        "experiments.adaboost.study:adaboost_tables",
        "experiments.kernel_identity.study:kernel_identity_table",
    )
    before = {r: code_digest([r], root) for r in (study, other)}
    with (root / "estimators" / "boosting" / "adaboost.py").open("a") as handle:
        handle.write("\n\nNEW_CONSTANT = 1\n")
    _forget_parsed_sources()
    assert code_digest([study], root) != before[study]
    assert code_digest([other], root) == before[other]


def test_a_deferred_import_counts_in_the_digest(tmp_path: Path) -> None:
    """draw_figure imports save_figure inside its body: editing that module
    still changes the figure jobs' digest."""
    root = _copy_package(tmp_path)
    before = code_digest(["pipeline.jobs:draw_figure"], root)
    with (root / "experiments" / "_shared" / "figures.py").open("a") as handle:
        handle.write("\n\nNEW_CONSTANT = 1\n")
    _forget_parsed_sources()
    assert code_digest(["pipeline.jobs:draw_figure"], root) != before


# The cache of what the digests read, kept between runs ---------------------
REFS = [ref for exp in X.EXPERIMENTS for ref in (exp.study, *exp.claims.values())]


def test_the_cache_gives_the_digests_of_the_sources(tmp_path: Path) -> None:
    cache = tmp_path / "digests.json"
    first = Digests(cache=cache)
    fresh = {ref: first([ref]) for ref in REFS}
    assert fresh == {ref: code_digest([ref]) for ref in REFS}
    first.save()
    assert cache.is_file()
    again = Digests(cache=cache)
    assert {ref: again([ref]) for ref in REFS} == fresh
    assert not again._changed  # every summary came from the cache
    assert again.required_parameters(REFS[1]) == first.required_parameters(REFS[1])


def test_an_edited_source_is_read_again(tmp_path: Path) -> None:
    root = tmp_path / "marginlab"
    shutil.copytree(ROOT / "src" / "marginlab", root)
    cache = tmp_path / "digests.json"
    refs = {c: X.claim_experiment(c).claims[c] for c in X.claims()}
    before = Digests(root, cache)
    old = {c: before([r]) for c, r in refs.items()}
    before.save()
    claims = root / "experiments" / "gram_spectra" / "claims.py"
    text = claims.read_text()
    edit = 'draws = spectra["draw"].nunique()'
    assert edit in text
    claims.write_text(text.replace(edit, 'draws = int(spectra["draw"].nunique())'))
    after = Digests(root, cache)
    new = {c: after([r]) for c, r in refs.items()}
    assert {c for c in refs if old[c] != new[c]} == {"K3"}


def test_a_damaged_cache_is_ignored(tmp_path: Path) -> None:
    cache = tmp_path / "digests.json"
    cache.write_text("{not json")
    digests = Digests(cache=cache)
    assert digests(REFS[:1]) == code_digest(REFS[:1])
    digests.save()
    assert Digests(cache=cache)(REFS[:1]) == code_digest(REFS[:1])
