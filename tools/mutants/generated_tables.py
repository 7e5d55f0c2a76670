"""The generated mutants' section of docs/kill-tables.md (gb16.tools.mutants.generated):
counts per module and per operator — killed by the corpus, killed by the properties at ci
(before and after the properties added for the survivors), equivalent, broken, open — each
judgement apart, and every mutant a check misses with its triage
(gb16.tools.mutants.generated_triage).  The section sits between two markers in the file, so
``python -m gb16.tools.mutants.tables`` (the catalogue and the data mutants) and this one each
rewrite only their own part."""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path

from tabulate import tabulate

BEGIN = "<!-- generated mutants: python -m gb16.tools.mutants.generated table -->"
END = "<!-- end of generated mutants -->"


def _verdict(row: dict | None, side: str) -> str | None:
    """The check's verdict on the mutant: ``killed`` — a valid answer that differs from what the
    check holds it to, or the mutant raising, crashing or timing out on an input the check gives
    it (a crash is a kill, docs/kill-tables.md "What a crash counts as") — ``survived``, or
    ``broken`` (the check itself broke and judged nothing)."""
    judged = (row or {}).get(side) or {}
    verdict = judged.get("verdict")
    if verdict == "broken" and crashed(judged):
        return "killed"
    return verdict


def crashed(judged: dict) -> bool:
    """Whether a check's judgement found the mutant only raising, crashing or timing out: a corpus
    case where it errs, a property that sees it raise (recorded as ``broken`` by the run)."""
    return judged.get("verdict") == "broken" and bool(judged.get("broken_case") or judged.get("property"))


def _key(row: dict) -> tuple:
    return (row.get("module"), row.get("operator"), row.get("function"), row.get("mutated"))


def join_after(rows: list[dict], after_rows: list[dict]) -> dict[str, dict]:
    """The rejudging records of every mutant of ``rows`` (by its id; a record of the mutant
    relocated to a reformatted source has the same module, operator, function and mutated line),
    each check's verdict kept where any rejudging killed it."""
    by_key: dict[tuple, list[dict]] = defaultdict(list)
    by_id: dict[str, list[dict]] = defaultdict(list)
    for a in after_rows:
        by_id[a["id"]].append(a)
        by_key[_key(a)].append(a)
    out: dict[str, dict] = {}
    for r in rows:
        # by id, and by key too: one mutant may be rejudged at its old place by one run and, relocated
        # to the current source under another occurrence number, by another
        found = by_id.get(r["id"], []) + [a for a in by_key.get(_key(r), []) if a.get("mutated") and a["id"] != r["id"]]
        merged: dict = {}
        for side in ("corpus", "properties"):
            judged = [a[side] for a in found if a.get(side)]
            killed = [j for j in judged if _verdict({side: j}, side) == "killed"]
            if killed or judged:
                merged[side] = (killed or judged)[0]
        if merged:
            out[r["id"]] = merged
    return out


def properties_after(row: dict, after: dict[str, dict]) -> str | None:
    """The properties' verdict once the properties rejudged in ``after`` are counted too."""
    return _after(row, after, "properties")


def corpus_after(row: dict, after: dict[str, dict]) -> str | None:
    """The corpus's verdict once it has judged under every option and delta it states
    expectations for (``rejudge --corpus``)."""
    return _after(row, after, "corpus")


def _after(row: dict, after: dict[str, dict], side: str) -> str | None:
    before = _verdict(row, side)
    return "killed" if before == "killed" or _verdict(after.get(row["id"]), side) == "killed" else before


def equivalent(row: dict) -> str | None:
    """Why the mutant is equivalent (by compilation, or argued in writing), or None."""
    from gb16.tools.mutants.generated_triage import argued
    if row.get("outcome") == "equivalent":
        return "by compilation: " + row.get("why", "")
    why = argued(row)
    return None if why is None or why.startswith("OPEN:") else why


def triage(row: dict, after: dict[str, dict]) -> str:
    """The triage column: the argument, or why it stays open, or the status in capitals."""
    from gb16.tools.mutants.generated_triage import argued
    return equivalent(row) or argued(row) or status(row, after).upper()


def status(row: dict, after: dict[str, dict]) -> str:
    """equivalent; broken (no check could judge it: the mutant ran over its time and was not
    judged again since (``rejudge --timed-out``), or a check broke); open (a check judged it and
    it survived); killed (by both)."""
    if equivalent(row):
        return "equivalent"
    if row.get("outcome") in ("timeout", "error") and row["id"] not in after:   # not judged again since
        return "broken"
    verdicts = (corpus_after(row, after), properties_after(row, after))
    if "survived" in verdicts:
        return "open"
    return "killed" if verdicts == ("killed", "killed") else "broken"


def by_crash(row: dict, after: dict[str, dict]) -> bool:
    """Killed by both checks, one of them only through a crash (no answer of it differed)."""
    if status(row, after) != "killed":
        return False
    return any(not any(((j or {}).get(side) or {}).get("verdict") == "killed" for j in (row, after.get(row["id"])))
               for side in ("corpus", "properties"))


HEAD = ["mutants", "killed by corpus (before)", "killed by corpus (after)", "killed by properties (before)",
        "killed by properties (after)", "killed, a crash in one check", "equivalent", "broken", "open",
        "s per mutant"]


def counts(rows: list[dict], after: dict[str, dict], key) -> list[list]:
    groups: dict[str, list[dict]] = defaultdict(list)
    for r in rows:
        if r.get("outcome") != "not a mutant":
            groups[key(r)].append(r)

    def line(name, g):
        st = [status(r, after) for r in g]
        times = [r["seconds"] for r in g if r.get("seconds")]
        return [name, len(g), sum(_verdict(r, "corpus") == "killed" and not (r.get("corpus") or {}).get("under")
                                  for r in g),
                sum(corpus_after(r, after) == "killed" for r in g),
                sum(_verdict(r, "properties") == "killed" for r in g),
                sum(properties_after(r, after) == "killed" for r in g),
                sum(by_crash(r, after) for r in g),
                st.count("equivalent"), st.count("broken"), st.count("open"),
                f"{sum(times) / len(times):.0f}" if times else "—"]
    out = [line(name, groups[name]) for name in sorted(groups)]
    if out:
        out.append(line("all", [r for g in groups.values() for r in g]))
    return out


def _summary(judged: list[dict], after: dict[str, dict]) -> str:
    """One sentence of the closing figures: killed by both, equivalent, broken, and the open ones
    by which check kills them."""
    st = [status(r, after) for r in judged]
    open_rows = [r for r, s in zip(judged, st) if s == "open"]
    corpus_only = sum(corpus_after(r, after) == "killed" for r in open_rows)
    properties_only = sum(properties_after(r, after) == "killed" for r in open_rows)
    return (f"killed by both checks {st.count('killed')} ({sum(by_crash(r, after) for r in judged)} of them through "
            f"a crash in one check), equivalent {st.count('equivalent')}, broken {st.count('broken')}, open "
            f"{len(open_rows)} — killed by the corpus alone {corpus_only}, by the properties alone "
            f"{properties_only}, by neither {len(open_rows) - corpus_only - properties_only}.")


def section(rows: list[dict], after: dict[str, dict]) -> str:
    from gb16.tools.mutants.generated_triage import PLANTED_MEASURE, RUN, TRIAGE
    judged = [r for r in rows if r.get("outcome") != "not a mutant"]
    lines = [BEGIN, "## Generated mutants", "",
             "Made by `python -m gb16.tools.mutants.generated table` from the results of "
             "`python -m gb16.tools.mutants.generated run` and `rejudge` (gb16.tools.mutants.generated: "
             "Cosmic Ray's operators over the scoring core, each mutant a function's code replaced in "
             "process, judged by the corpus and by the properties at ci, apart). \"before\" is the run: the "
             "corpus under the project's reading, properties 1–21. \"after\" adds what was built for the "
             "survivors: the corpus under every ruling option and edition delta it states hand-worked "
             "expectations for (`rejudge --corpus`); properties 22 reading_contests, 23 "
             "gb13_special_near_misses, 24 not_counted_trace and 25 rulings_in_force — the last under each option "
             "and delta its model knows (gb16.properties.in_force), the scorer declaring it — and property 13's "
             "win marks (`rejudge --property`), and the properties that need no model of the "
             "rules (symmetries, determinism, robustness: gb16.tools.mutants.generated.RULE_FREE) under each "
             "non-default option of the open rulings (`rejudge --options`). Seconds per mutant are wall-clock on the shared "
             "two-core machine, both judgements of the run.", "",
             "**What a crash counts as.** A mutant that raises, crashes or runs over a case's time limit on an "
             "input the check gives it is **killed** by that check, and counted apart in \"killed, a crash in "
             "one check\". The checks treat it so themselves: `gb16 certify` records such a case as error, "
             "crash or timeout and counts it among the failures (its verdict is not a pass), and a property "
             "reports the scorer raising as its violation (the contract, docs/contract.md: every input gets a "
             "result or an error code). A scorer shipped with the mutant would be rejected by either check, "
             "which is what a kill means; the mutation-testing tools count it the same way (Cosmic Ray and "
             "mutmut: a test that errors kills). **Broken** is kept for a mutant no check could judge: the "
             "child ran over the whole mutant's time limit (240 s) before either check finished, or a "
             "property's own code broke on the mutant's answer (an error in the check, not a verdict). The "
             "same rule holds for both checks and for before and after. (The figures first written for this "
             "run counted a crash as broken, not killed: 67 broken.) The catalogue's \"broken on some case\" above "
             "is another thing: a hand-written patch that no longer fits the reference, the harness's failure, "
             "not a mistake the mutant makes; a generated mutant is the reference's own code, so its crash is its "
             "mistake.", "",
             "**The tool.** Cosmic Ray (PyPI `cosmic-ray`, the `[mutation]` extra), for three reasons: its "
             "operators are a library — each a class that finds its positions in a parso tree and mutates one "
             "(`cosmic_ray.mutating.mutate_code`) — so a mutant can be made as source text in memory and "
             "compiled, never written over reference/ (mutmut 3 rewrites the files into a mutants/ tree with a "
             "trampoline per function and runs pytest there); its set is broad and named (every binary, "
             "comparison and unary operator replaced by every other, `and`/`or`, `not` added, `True`/`False`, "
             "`break`/`continue`, numbers ±1, a loop that runs zero times, a decorator removed, an exception "
             "handler that no longer catches: 211 operators); and it is maintained (8.7.0, 2026). Every operator "
             "is applied but `VariableReplacer` and `VariableInserter`, which need the name of a variable of the "
             "code under test as an argument (a causal-inference pair), so are no generic operator.", "",
             "**The run.** One command judges a sample by every check: `python -m gb16.tools.mutants.generated "
             "run --sample 500 --seed 1 --results FILE` (`--jobs N`, every core by default; resumable: a run "
             "started again with the same file skips what it holds), and `table --results FILE` writes this "
             "section. `rejudge --results FILE --after AFTER` judges earlier results again by the checks added "
             "since — `--property NAME` (the properties named, alone), `--options` (the properties without a "
             "model of the rules, under each option alone) or `--corpus` (the corpus alone, under every option "
             "and delta; `--open AFTER…` keeps to the mutants still open) — and `table --results FILE --after AFTER…` counts them; `--drawn-at "
             "COMMIT` (run and rejudge) goes on with results of a source since reformatted, judging each mutant "
             "as the same mutant of the current source (its function's code, original and mutated, unchanged "
             "but for line numbers; for a record, else the one site of its function whose mutated line reads the "
             "same) and leaving out, by name, those that are no longer. The sample is drawn "
             "round-robin over (module, operator) from a seed, so any prefix of it is spread over both. " + RUN, "",
             "**The two kinds of bug the properties missed**, planted through properties 22 and 23 "
             "(gb16.properties.planted) and replayed over the ci stream of every earlier property (the property and "
             "the index, from 0, of the first example that fails):", "",
             tabulate(PLANTED_MEASURE, headers=["planted bug", "killed by properties 1–21 at ci", "killed by properties 22–23 at ci"], tablefmt="github"), "",
             TRIAGE, "",
             f"{len(judged)} mutants judged ({len(rows) - len(judged)} sites where the tool's mutation gave "
             "no function code): " + _summary(judged, after), "",
             "### Per module", "",
             tabulate(counts(rows, after, lambda r: r["module"]), headers=["module"] + HEAD, tablefmt="github"), "",
             "### Per operator", "",
             tabulate(counts(rows, after, lambda r: r["operator"]), headers=["operator"] + HEAD, tablefmt="github"),
             "", "### Mutants a check does not kill", "",
             "Every judged mutant that survives the corpus or the properties (after), or that a check only sees "
             "break: its mutated line, each check's verdict and the triage.", ""]
    missed = [r for r in judged if status(r, after) != "killed" and r.get("outcome") != "equivalent"]
    if missed:
        lines.append(tabulate(
            [[r["id"], r.get("function"), "`" + (r.get("mutated") or "").replace("|", "\\|") + "`",
              _verdict(r, "corpus") or r.get("outcome"), _verdict(r, "properties") or "—",
              properties_after(r, after) or "—", triage(r, after)]
             for r in sorted(missed, key=lambda r: r["id"])],
            headers=["mutant", "function", "mutated line", "corpus", "properties (before)", "properties (after)",
                     "triage"], tablefmt="github"))
    else:
        lines.append("None.")
    lines += ["", "### The gap between the checks", "",
              "Every mutant that is not equivalent and that one check kills (after) while the other does not: "
              "what each check reaches that the other misses.", ""]
    for name, this, other in (("the corpus", "corpus", "properties"), ("the properties", "properties", "corpus")):
        gap = [r for r in judged if not equivalent(r) and _after(r, after, this) == "killed"
               and _after(r, after, other) != "killed"]
        lines += [f"Killed by {name} alone ({len(gap)}): " +
                  (", ".join(f"`{r['id']}`" for r in sorted(gap, key=lambda r: r["id"])) or "none") + ".", ""]
    lines += [END]
    return "\n".join(lines) + "\n"


def write_section(path: Path, rows: list[dict], after: dict[str, dict]) -> None:
    """Replace the section between the markers in ``path`` (or append it)."""
    text = path.read_text(encoding="utf-8") if path.exists() else ""
    new = section(rows, after)
    if BEGIN in text and END in text:
        head, rest = text.split(BEGIN, 1)
        text = head + new + rest.split(END, 1)[1].lstrip("\n")
    else:
        text = text.rstrip("\n") + "\n\n" + new
    path.write_text(text, encoding="utf-8")


def summary_text(rows: list[dict], after: dict[str, dict]) -> str:
    return tabulate(counts(rows, after, lambda r: r["module"]), headers=["module"] + HEAD, tablefmt="simple")
