"""The differential certification of any implementation (gb16.tools.differential).

The hand families, the complete tie detection (every reading × big combination × largest
link set), classes and shrinking, run logs that resume, the same results for any --jobs and
on a Dask cluster, faults mid-run, and the planted scorers each being found.
"""

import json
from pathlib import Path
import sys
from collections import Counter

import pytest

from gb16 import reference
from gb16.reference.combination import chow_link_sets
from gb16.reference.hand import hand_from_input
from gb16.reference.readings import readings
from gb16.tools.differential import engine, families as F, planted, shrink, verdict
from gb16.tools.commands import differential as cli
from gb16.tools.harness import runlog
from gb16.tools.harness.protocol import Outcome

PLANTED = "python:gb16.tools.differential.planted:"
SUBPROCESS = f"{sys.executable} -m gb16.tools.differential.planted "
TIE_HAND = {"hand": "123m 123m 456m 789p 789s 55z", "win_tile": "5z", "win_by": "discard"}


def run(tmp_path, impl, n, variant="gb16", seed=5, name="run", **kw):
    options = engine.Options(impl=impl, hands=n, seed=seed, variant=variant, out=str(tmp_path / f"{name}.jsonl"),
                             jobs=kw.pop("jobs", 1), **kw)
    return engine.run(options), options


def case_lines(path):
    return [{k: v for k, v in r.items() if k != "time"} for r in runlog.read(path).cases]


# --------------------------------------------------------------------------- the families

@pytest.mark.parametrize("variant", ["gb16", "gb13"])
def test_every_family_gives_legal_hands_and_is_reached(variant):
    seen = Counter()
    for i in range(1300):
        family, case = F.hand(3, i, variant)
        seen[family] += 1
        result = reference.score(case)
        assert result["ok"], (family, case, result)
        assert case["variant"] == variant
    assert set(seen) == set(F.BY_NAME)


def test_a_hand_depends_only_on_seed_variant_and_index():
    assert F.hand(1, 17, "gb16") == F.hand(1, 17, "gb16")
    assert F.hand(1, 17, "gb16") != F.hand(2, 17, "gb16")
    assert [F.hand(9, i, "gb13") for i in (5, 3)] == [F.hand(9, 5, "gb13"), F.hand(9, 3, "gb13")]


def test_near_miss_families_are_near_misses():
    """Each near-miss family is one step from its fan and does not reach it (the reference says so)."""
    import random
    fans = {"near-shifted-pungs": "four_pure_shifted_pungs", "near-pure-straight": "pure_straight",
            "near-knitted": "knitted_straight", "near-single-wait": "single_wait"}
    for name, fan in fans.items():
        reached, built = 0, 0
        for k in range(60):
            try:
                case = F.BY_NAME[name].build(random.Random(k), "gb16")
            except F.Retry:
                continue
            built += 1
            reached += fan in {f["id"] for f in reference.score(case)["fans"]}
        assert reached <= built // 10, name  # the other sets are random: rarely, they complete the fan
    # the hidden second wait is there: more than one formal wait
    multi = 0
    for k in range(40):
        try:
            case = F.BY_NAME["near-single-wait"].build(random.Random(k), "gb16")
        except F.Retry:
            continue
        multi += len(reference.score(case)["waits"]) > 1
    assert multi >= 20


# --------------------------------------------------------------------------- complete tie detection

def test_every_largest_link_set_is_enumerated():
    hand = hand_from_input(TIE_HAND)
    reading = readings(hand)[0]
    sets = chow_link_sets(reading.chows, None)
    assert len(sets) == 3 and all(len(s) == 3 for s in sets)
    lists = verdict.admissible_fan_lists(TIE_HAND)
    assert {"short_straight": 2, "mixed_double_chow": 1, "concealed_hand": 1, "single_wait": 1} in lists


def test_a_relabelled_link_set_is_a_tie_and_a_wrong_one_is_not():
    ref = reference.score(TIE_HAND)
    other = planted._with_fans(ref, {"concealed_hand": 1, "mixed_double_chow": 1, "short_straight": 2,
                                     "single_wait": 1})
    judged = verdict.judge(TIE_HAND, ref, Outcome("result", result=other))
    assert judged == {"status": "pass", "class": None, "tie": True}
    wrong = planted._with_fans(ref, {"concealed_hand": 1, "mixed_double_chow": 1, "pure_double_chow": 2,
                                     "single_wait": 1})
    judged = verdict.judge(TIE_HAND, ref, Outcome("result", result=wrong))
    assert judged["status"] == "fail" and judged["class"] == "impl-pure-double-chow-plus-ref-short-straight"


def test_signatures():
    ref = reference.score(TIE_HAND)
    error = {"ok": False, "error": {"code": "not_winning_hand", "message": "x"}}
    assert verdict.judge(TIE_HAND, ref, Outcome("result", result=error))["class"] == "impl-error-not-winning-hand"
    assert verdict.judge(TIE_HAND, error, Outcome("result", result=ref))["class"] == "ref-error-not-winning-hand"
    assert verdict.judge(TIE_HAND, ref, Outcome("result", result=dict(ref, total=9)))["class"] == "points-differ"
    assert verdict.judge(TIE_HAND, ref, Outcome("result", result=dict(ref, waits=["1m"])))["class"] == "waits-differ"
    assert verdict.judge(TIE_HAND, ref, Outcome("crash"))["status"] == "crash"


def test_relabelled_reference_gives_only_ties(tmp_path):
    summary, _ = run(tmp_path, PLANTED + "relabelled", 600)
    assert summary["disagree"] == 0 and summary["unexplained"] == 0
    assert summary["ties"] > 0


# --------------------------------------------------------------------------- pass-through

@pytest.mark.parametrize("variant", ["gb16", "gb13"])
def test_pass_through_implementations_agree(tmp_path, variant):
    for k, impl in enumerate(("reference", SUBPROCESS + "passthrough")):
        summary, _ = run(tmp_path, impl, 300, variant=variant, name=f"run{k}")
        assert summary["agree"] == 300 and summary["disagree"] == 0 and summary["unexplained"] == 0


# --------------------------------------------------------------------------- planted bugs

@pytest.mark.parametrize("name, variant, key, hands", [
    ("four_shifted_pungs", "gb16", "impl-four-pure-shifted-pungs-plus-ref-pure-shifted-pungs", 100),
    ("four_shifted_pungs", "gb13", "impl-four-pure-shifted-pungs-plus-ref-pure-shifted-pungs", 100),
    ("concealed_kong_as_melded", "gb16", "ref-concealed-kong-plus-impl-melded-kong", 100),
    ("flowers_outside_total", "gb13", "points-differ", 50),
    ("single_wait_any_pair", "gb16", "impl-single-wait", 50),
    ("terminal_chows_twice", "gb16", "impl-two-terminal-chows", 400),
    ("self_drawn_with_fully_concealed", "gb13", "impl-self-drawn", 100),
    ("seven_pairs_no_quad", "gb13", "impl-error-not-winning-hand", 400),
])
def test_each_planted_bug_is_found_classified_and_shrunk(tmp_path, name, variant, key, hands):
    """Seed 7 finds each within the hands given (the closing figures: ≤ 5,000 for every one)."""
    summary, options = run(tmp_path, PLANTED + name, hands, variant=variant, seed=7, shrink_budget=150)
    classes = {c["key"]: c for c in summary["classes"]}
    assert key in classes, list(classes)
    c = classes[key]
    assert not c["explained"] and summary["unexplained"] >= c["count"] > 0
    shrunk = c["shrunk"]["input"]
    assert shrink.size(shrunk) <= shrink.size(c["example"]["input"])
    judged = verdict.judge(shrunk, reference.score(shrunk),
                           Outcome("result", result=getattr(planted, name)(shrunk)))
    assert judged["class"] == key
    draft = json.loads((tmp_path / "run.jsonl.drafts" / f"{key}.json").read_text(encoding="utf-8"))
    assert draft["draft"] is True and draft["input"] == shrunk and "worked by hand" in draft["note"]
    assert set(draft["results"]) == {"reference", summary["implementation"]["name"]}


def test_shrinking_leaves_a_wind_out_and_falls_back_to_east():
    """A wind that the disagreement does not need is left out (no wind, R-020); when leaving it
    out changes the signature (a scorer that needs a wind), the step to 东 is taken instead."""
    case = {"hand": "123m 456m 789m 123p 456p 11s", "variant": "gb16", "win_tile": "1s",
            "win_by": "discard", "prevalent_wind": "S", "seat_wind": "W"}
    any_wind = lambda c: ("k",)
    shrunk, _ = shrink.shrink(case, "k", any_wind)
    assert "prevalent_wind" not in shrunk and "seat_wind" not in shrunk
    needs_wind = lambda c: ("k" if "prevalent_wind" in c and "seat_wind" in c else "other",)
    shrunk, _ = shrink.shrink(case, "k", needs_wind)
    assert (shrunk["prevalent_wind"], shrunk["seat_wind"]) == ("E", "E")
    assert shrink.size({**case, "prevalent_wind": "E"}) < shrink.size(case)
    assert shrink.size({k: v for k, v in case.items() if k != "seat_wind"}) < shrink.size({**case, "seat_wind": "E"})


def test_the_near_miss_bug_behind_the_protocol(tmp_path):
    summary, _ = run(tmp_path, SUBPROCESS + "four_shifted_pungs", 400, seed=7)
    assert "impl-four-pure-shifted-pungs-plus-ref-pure-shifted-pungs" in summary["unexplained_classes"]
    assert summary["implementation"]["name"] == "planted-four-shifted-pungs"
    assert "near-shifted-pungs" in summary["classes"][0]["families"]


# --------------------------------------------------------------------------- known differences, exit status

def test_out_is_never_overwritten_without_overwrite(tmp_path):
    run(tmp_path, "reference", 20, name="same")
    with pytest.raises(Exception, match="refusing to overwrite"):
        run(tmp_path, "reference", 20, name="same")
    summary, _ = run(tmp_path, "reference", 20, name="same", overwrite=True)
    assert summary["hands"] == 20


@pytest.mark.slow
def test_known_differences_make_a_rerun_show_only_what_is_new(tmp_path, capsys):
    key = "ref-concealed-kong-plus-impl-melded-kong"
    known = tmp_path / "known.json"
    known.write_text(json.dumps({key: "planted: a concealed kong scored as 明杠"}), encoding="utf-8")
    args = cli.parser().parse_args(["--impl", PLANTED + "concealed_kong_as_melded", "--random", "300",
                                    "--seed", "7", "--jobs", "1", "--out", str(tmp_path / "a.jsonl"),
                                    "--no-progress"])
    assert cli.main(args) == 1
    args.known_differences, args.out = str(known), str(tmp_path / "b.jsonl")
    assert cli.main(args) == 0
    assert "hands/s" in capsys.readouterr().out
    statuses = Counter(c["status"] for c in runlog.read(tmp_path / "b.jsonl").cases)
    assert statuses["known"] > 0 and statuses["fail"] == 0
    bad = cli.parser().parse_args(["--impl", "reference", "--random", "0"])
    assert cli.main(bad) == 2
    bad = cli.parser().parse_args(["--impl", "python:no.such.module:score", "--random", "5"])
    assert cli.main(bad) == 2


def test_pymahjonggb_known_differences_file():
    from gb16.tools.harness.protocol import schema_problem
    import re
    known = engine.load_known(engine.KNOWN_DIR / "pymahjonggb.json")
    assert schema_problem("protocol/known-failures.schema.json", known) is None
    for key, reason in known.items():
        assert re.search(r"R-\d{3}", reason) or reason.startswith("defect, no ruling"), key


# --------------------------------------------------------------------------- jobs, Dask, resume, faults

@pytest.mark.slow
def test_jobs_1_and_jobs_2_give_the_same_run(tmp_path):
    notes: list[str] = []
    one, _ = run(tmp_path, PLANTED + "four_shifted_pungs", 300, name="one", jobs=1, note=notes.append)
    two, _ = run(tmp_path, PLANTED + "four_shifted_pungs", 300, name="two", jobs=2)
    assert notes == [f"{k}/300 hands" for k in range(50, 301, 50)]   # a report part's count, chunk by chunk
    assert case_lines(tmp_path / "one.jsonl") == case_lines(tmp_path / "two.jsonl")
    assert one["classes"] == two["classes"] and one["families"] == two["families"]


@pytest.mark.slow
def test_dask_local_cluster_gives_the_same_run_as_jobs(tmp_path):
    distributed = pytest.importorskip("distributed")
    pooled, _ = run(tmp_path, PLANTED + "four_shifted_pungs", 200, name="pool", jobs=2)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster, distributed.Client(cluster) as client:
        dasked, _ = run(tmp_path, PLANTED + "four_shifted_pungs", 200, name="dask", dask=client)
    assert case_lines(tmp_path / "pool.jsonl") == case_lines(tmp_path / "dask.jsonl")
    assert pooled["classes"] == dasked["classes"]


@pytest.mark.slow
def test_an_interrupted_run_resumes_with_nothing_lost(tmp_path):
    full, _ = run(tmp_path, PLANTED + "four_shifted_pungs", 250, name="full")
    path = tmp_path / "cut.jsonl"
    run(tmp_path, PLANTED + "four_shifted_pungs", 250, name="cut")
    lines = path.read_text(encoding="utf-8").splitlines()
    path.write_text("\n".join(lines[:120]) + "\n" + lines[120][:30], encoding="utf-8")  # killed mid-line
    assert runlog.is_interrupted(path)
    resume = ["--resume", "--out", str(path), "--no-progress", "--jobs", "1"]
    assert cli.main(cli.parser().parse_args(resume)) == 2                    # --impl is required
    assert cli.main(cli.parser().parse_args(resume + ["--impl", "reference"])) == 2   # and must be the same
    assert cli.main(cli.parser().parse_args(resume + ["--impl", PLANTED + "four_shifted_pungs"])) == 1
    log = runlog.read(path)
    assert log.complete and len(log.resumes) == 1
    assert case_lines(path) == case_lines(tmp_path / "full.jsonl")


@pytest.mark.slow
def test_crash_hang_and_garbage_mid_run_are_recorded_and_the_run_goes_on(tmp_path):
    summary, options = run(tmp_path, SUBPROCESS + "faulty", 160, seed=11, timeout=2.0, shrink_budget=5)
    cases = runlog.read(options.out).cases
    statuses = Counter(c["status"] for c in cases)
    assert len(cases) == 160
    assert statuses["crash"] and statuses["timeout"] and statuses["error"], statuses
    assert statuses["pass"] == 160 - statuses["crash"] - statuses["timeout"] - statuses["error"]
    for c in cases:
        eight = c["input"].get("flowers") == 8 and c["input"]["prevalent_wind"] in "ESW"
        assert (c["status"] != "pass") == eight, c["input"]
    assert {"impl-crash", "impl-timeout", "impl-invalid"} <= {k["key"] for k in summary["classes"]}


@pytest.mark.slow
@pytest.mark.parametrize("name", ["faulty", "segfaulting"])
def test_a_python_implementation_that_kills_its_process_is_that_hands_crash(tmp_path, capfd, name):
    """os._exit, a segmentation fault or a hang in a python: implementation ends only the process
    it is hosted in (tools/harness/python_host.py): the hand is a crash (or timeout), the process
    is restarted, the --jobs pool and the run go on, and no traceback is printed."""
    out = tmp_path / f"{name}.jsonl"
    if name == "segfaulting":   # through the command line
        args = cli.parser().parse_args(["--impl", PLANTED + name, "--random", "160", "--seed", "11", "--jobs", "2",
                                        "--timeout", "2", "--out", str(out), "--no-progress"])
        assert cli.main(args) == 1                   # crashes are unexplained disagreements
    else:                       # a hang costs its timeout in every shrinking try: a small budget
        summary, _ = run(tmp_path, PLANTED + name, 160, seed=11, name=name, jobs=2, timeout=2.0, shrink_budget=2)
        assert summary["unexplained"]
    printed = capfd.readouterr()
    assert "Traceback" not in printed.err + printed.out and "BrokenProcessPool" not in printed.err + printed.out
    log = runlog.read(out)
    assert log.complete and len(log.cases) == 160
    statuses = Counter(c["status"] for c in log.cases)
    for c in log.cases:
        eight = c["input"].get("flowers") == 8 and (name == "segfaulting" or c["input"]["prevalent_wind"] in "ESW")
        assert (c["status"] != "pass") == eight, (c["input"], c["status"])
    assert statuses["crash"] >= 1, statuses
    crashed = [c for c in log.cases if c["status"] == "crash"]
    assert all(c["class"] == "impl-crash" and "exited" in c["message"] for c in crashed)
    if name == "segfaulting":
        assert {c["context"]["exit_status"] for c in crashed} == {-11}   # SIGSEGV, recorded for that hand
    else:
        assert statuses["timeout"] >= 1 and statuses["error"] >= 1, statuses


# --------------------------------------------------------------------------- reports

def test_a_differential_run_log_renders_in_every_report_format(tmp_path):
    run(tmp_path, PLANTED + "concealed_kong_as_melded", 200, seed=7)
    from gb16.tools.reports.formats import write_reports
    written = write_reports(runlog.read(tmp_path / "run.jsonl"), tmp_path / "report")
    assert len(written) >= 4
    summary = engine.summary_of_log(tmp_path / "run.jsonl")
    assert summary["hands"] == 200
    key = summary["classes"][0]["key"]
    shrunk = F.hand_text(summary["classes"][0]["shrunk"]["input"])
    # the class table — class, count, explanation, shrunk example — in every format
    markdown = written["markdown"].read_text(encoding="utf-8")
    assert "## Differential classes" in markdown and key in markdown
    html = written["html"].read_text(encoding="utf-8")
    assert '<section id="differential">' in html and key in html
    data = json.loads(written["json"].read_text(encoding="utf-8"))
    assert data["sections"]["differential"]["data"]["classes"][0]["key"] == key
    junit = written["junit"].read_text(encoding="utf-8")
    assert f'name="differential_class:{key}"' in junit
    import xmlschema
    xmlschema.XMLSchema(str(Path(__file__).parent / "fixtures" / "junit" / "junit-10.xsd")).validate(
        str(written["junit"]))
    from gb16.tools.reports import terminal
    from gb16.tools.reports.summary import summarize
    text = terminal.render(summarize(runlog.read(tmp_path / "run.jsonl")))
    assert "Differential classes" in text and key[:40] in text.replace("\n", "")
    assert shrunk.split("，")[0].split()[0] in markdown
