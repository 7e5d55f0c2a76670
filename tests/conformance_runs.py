"""Run logs for the conformance-site tests (tests/test_site.py, tests/test_site_browser.py): the
fixture corpus (12 cases) as two corpus versions, and the example implementations run on them in
process — cheap, and enough for every picture of the site."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from gb16.tools.harness.certify import CertifyOptions, run_certification

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "tests" / "fixtures" / "harness"
EXAMPLES = ROOT / "tools" / "examples"

#: A name a page must show as text, never as markup.
HOSTILE_NAME = '<script>document.documentElement.dataset.pwned=1</script>"><img src=x onerror=alert(1)> & |'


def corpus_versions(tmp: Path) -> tuple[Path, Path]:
    """The fixture corpus as version 1.0, and as 1.1 without its invalid-input cases."""
    old, new = tmp / "corpus-1.0", tmp / "corpus-1.1"
    for place, version in ((old, "1.0"), (new, "1.1")):
        shutil.copytree(FIXTURES / "corpus", place)
        (place / "VERSION").write_text(version + "\n", encoding="utf-8")
    (new / "cases" / "invalid.json").unlink()
    return old, new


def certify(impl: str, corpus: Path, out: Path) -> Path:
    return run_certification(CertifyOptions(impl=impl, corpus=str(corpus), out=str(out), progress=False,
                                            in_process=True)).path


def three_runs(tmp: Path, hostile: bool = False) -> list[Path]:
    """The fake scorer on 1.1, the wrong example on 1.0 and on 1.1 (with *hostile*, its name is
    :data:`HOSTILE_NAME`)."""
    old, new = corpus_versions(tmp)
    good = f"python:{FIXTURES / 'fake_scorer.py'}:score"
    wrong = f"python:{EXAMPLES / 'wrong_impl.py'}:score"
    logs = [certify(good, new, tmp / "good-1.1.jsonl"), certify(wrong, old, tmp / "wrong-1.0.jsonl"),
            certify(wrong, new, tmp / "wrong-1.1.jsonl")]
    if hostile:
        for log in logs[1:]:
            lines = log.read_text(encoding="utf-8").splitlines()
            header = json.loads(lines[0])
            header["implementation"]["name"] = HOSTILE_NAME
            log.write_text("\n".join([json.dumps(header)] + lines[1:]) + "\n", encoding="utf-8")
    return logs


# --------------------------------------------------------------------------- two sample implementations

#: The corpus cases the sample runs take: the rule page's examples (where the planted bugs show:
#: 缺一门 worth 2, 单钓将 never counted) and two 组合龙 hands with 平和 (where the software
#: edition's no-all-chows-with-knitted shows).
SAMPLE_FILTER = ["seed-examples-*", "gb13-base-examples-ch7-35-*", "gb13-base-examples-ch7-63-*"]
SOFTWARE = f"python:{EXAMPLES / 'edition_impls.py'}:software_scorer"
SINGLE_WAIT_NEVER = "python:gb16.tools.differential.planted:single_wait_never"


def sample_corpus(tmp: Path, version: str) -> Path:
    """The installed corpus as *version* (its cases unchanged: only the VERSION file differs)."""
    place = tmp / f"corpus-{version}"
    if not place.exists():
        shutil.copytree(ROOT / "corpus", place, ignore=shutil.ignore_patterns("__pycache__", "*.py", "VERSION"))
        (place / "VERSION").write_text(version + "\n", encoding="utf-8")
    return place


def sample_corpus_run(impl: str, corpus: Path, out: Path) -> Path:
    return run_certification(CertifyOptions(impl=impl, corpus=str(corpus), out=str(out), progress=False,
                                            in_process=True, filters=list(SAMPLE_FILTER))).path


def sample_random_run(impl: str, seed: int, hands: int, out: Path) -> Path:
    from gb16.tools.commands.cli import main
    status = main(["certify", "--impl", impl, "--in-process", "--random", str(hands), "--seed", str(seed),
                   "--jobs", "1", "--out", str(out), "--show", "none", "--no-progress"])
    assert status in (0, 1) and out.is_file(), status
    return out


def sample_runs(tmp: Path, hands: int = 24) -> dict[str, Path]:
    """Corpus and random runs of two sample implementations: the software-conventions sample
    (an edition's deltas by its own code, and 缺一门 worth 2: a bug) on corpus versions 0.1.0
    and 0.2.0 and on seeds 13 and 29; the planted 单钓将-never scorer on 0.2.0 and seed 13."""
    old, new = sample_corpus(tmp, "0.1.0"), sample_corpus(tmp, "0.2.0")
    return {"software 0.1.0": sample_corpus_run(SOFTWARE, old, tmp / "software-0.1.0.jsonl"),
            "software 0.2.0": sample_corpus_run(SOFTWARE, new, tmp / "software-0.2.0.jsonl"),
            "software seed 13": sample_random_run(SOFTWARE, 13, hands, tmp / "software-s13.jsonl"),
            "software seed 29": sample_random_run(SOFTWARE, 29, hands, tmp / "software-s29.jsonl"),
            "single-wait 0.2.0": sample_corpus_run(SINGLE_WAIT_NEVER, new, tmp / "single-wait-0.2.0.jsonl"),
            "single-wait seed 13": sample_random_run(SINGLE_WAIT_NEVER, 13, hands, tmp / "single-wait-s13.jsonl")}
