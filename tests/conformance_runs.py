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
