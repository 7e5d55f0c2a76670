"""Evidence joined across the run logs of one implementation (tools/harness/joined.py):
``gb16 summary A B …`` weighs every log of one implementation together, never a log of another
declaration silently; ``gb16 certify --evidence RUNLOG`` weighs an earlier log beside a run; and
the words of a verdict name an edition only when all its deltas are taken."""

from __future__ import annotations

import json

from gb16.reference.rules import EDITIONS, Rules
from gb16.tools.commands.cli import main
from gb16.tools.harness import judging
from gb16.tools.harness.attribution import Attribution

PLANTED = "python:gb16.tools.differential.planted:seven_pairs_no_orphan_fans"
LURE = "tile-fans-basic-shape-only"


def certify(tmp_path, name: str, *args: str, impl: str = PLANTED) -> int:
    return main(["certify", "--impl", impl, "--out", str(tmp_path / name), "--no-progress", "--show", "none", *args])


def test_summary_weighs_the_logs_of_one_implementation_together(tmp_path, capsys):
    """A run of the 七对 cases (the bug's and those that contradict the lure) and a run of only
    the bug's cases, without the experiment's answers (a log written before they were kept):
    alone, the second takes the lure; weighed together, the bug is a bug.  A log of the same
    scorer declaring another rule set is kept apart, and said to be."""
    assert certify(tmp_path, "pairs.jsonl", "--variant", "gb13", "--filter", "*seven-pairs*") == 1
    assert certify(tmp_path, "orphans.jsonl", "--variant", "gb13", "--filter", "*orphans*") == 1
    lines = [json.loads(x) for x in (tmp_path / "orphans.jsonl").read_text(encoding="utf-8").splitlines()]
    bare = tmp_path / "orphans-bare.jsonl"   # the same log without its attribution: worked out when read
    bare.write_text("".join(json.dumps(x, ensure_ascii=False) + "\n" for x in lines if x["type"] != "attribution"),
                    encoding="utf-8")
    other = tmp_path / "declaring.jsonl"     # the same scorer declaring mcr1998
    other.write_text("".join(json.dumps(dict(x, implementation=dict(x["implementation"], edition="mcr1998"))
                                        if x["type"] == "header" else x, ensure_ascii=False) + "\n"
                             for x in lines if x["type"] != "attribution"), encoding="utf-8")
    capsys.readouterr()
    assert main(["summary", str(bare), "--show", "none"]) == 1
    assert f'declare {{"deltas": ["{LURE}"]}}' in capsys.readouterr().out   # one log alone: the lure
    assert main(["summary", str(tmp_path / "pairs.jsonl"), str(bare), str(other)]) == 1
    printed = capsys.readouterr().out
    joined, apart = printed.split("\n  verdict: ")[1:3]
    assert "2 run log(s) weighed together" in printed and "bugs" in joined and f"contested: {LURE}" in joined
    assert f'"{LURE}"' not in joined
    assert f"note: {other} is not joined with " in printed and "another declaration (mcr1998 and seed000)" in printed


def test_evidence_must_be_a_run_of_the_same_implementation(tmp_path, capsys):
    assert certify(tmp_path, "a.jsonl", "--variant", "gb13", "--filter", "*orphans*") == 1
    status = certify(tmp_path, "b.jsonl", "--filter", "*orphans*", "--evidence", str(tmp_path / "a.jsonl"),
                     impl="python:gb16.tools.differential.planted:passthrough")
    err = capsys.readouterr().err
    assert status == 2 and "never joined" in err and "Traceback" not in err
    assert not (tmp_path / "b.jsonl").exists()


def test_an_edition_is_named_only_when_all_its_deltas_are_taken():
    deltas = list(EDITIONS["mcr2006"]["deltas"])
    some = Attribution(Rules(), chosen=deltas[:2])
    assert some.explanation().startswith("deltas ")
    assert f"(contradicted by none; 2 of the {len(deltas)} deltas of edition mcr2006)" in some.explanation()
    assert some.suggested_declaration() == {"deltas": sorted(deltas[:2])}
    every = Attribution(Rules(), chosen=deltas)
    assert every.explanation().startswith("edition mcr2006 (")
    assert every.suggested_declaration() == {"edition": "mcr2006"}


def test_the_site_judges_each_log_by_the_evidence_of_all_the_runs(tmp_path):
    """gb16 site reads the same joined evidence as gb16 summary: the run of only the bug's cases
    (its attribution worked out when read) takes the lure alone, and beside the run that
    contradicts the lure its failures are bugs, not attributed."""
    from gb16.tools.reports import site
    assert certify(tmp_path, "pairs.jsonl", "--variant", "gb13", "--filter", "*seven-pairs*") == 1
    assert certify(tmp_path, "orphans.jsonl", "--variant", "gb13", "--filter", "*orphans*") == 1
    lines = [json.loads(x) for x in (tmp_path / "orphans.jsonl").read_text(encoding="utf-8").splitlines()]
    bare = tmp_path / "orphans-bare.jsonl"
    bare.write_text("".join(json.dumps(x, ensure_ascii=False) + "\n" for x in lines if x["type"] != "attribution"),
                    encoding="utf-8")

    def judgements(paths):
        run = next(r for r in site.load(judging.read_together(paths)).runs if r.summary.log.path.name == bare.name)
        return {run.summary.judgement(c).kind for c in run.summary.failures()}
    assert judgements([bare]) == {"attributed"}
    assert judgements([tmp_path / "pairs.jsonl", bare]) <= {"bug", "contested"}
