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
    return ((row or {}).get(side) or {}).get("verdict")


def properties_after(row: dict, after: dict[str, dict]) -> str | None:
    """The properties' verdict once the properties rejudged in ``after`` are counted too."""
    before = _verdict(row, "properties")
    return "killed" if before == "killed" or _verdict(after.get(row["id"]), "properties") == "killed" else before


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
    """equivalent, broken (a check only sees it err or time out), open (a check misses it), killed (by both)."""
    if equivalent(row):
        return "equivalent"
    if row.get("outcome") in ("timeout", "error"):
        return "broken"
    verdicts = (_verdict(row, "corpus"), properties_after(row, after))
    if "survived" in verdicts:
        return "open"
    return "killed" if verdicts == ("killed", "killed") else "broken"


HEAD = ["mutants", "killed by corpus", "killed by properties (before)", "killed by properties (after)",
        "equivalent", "broken", "open", "s per mutant"]


def counts(rows: list[dict], after: dict[str, dict], key) -> list[list]:
    groups: dict[str, list[dict]] = defaultdict(list)
    for r in rows:
        if r.get("outcome") != "not a mutant":
            groups[key(r)].append(r)

    def line(name, g):
        st = [status(r, after) for r in g]
        times = [r["seconds"] for r in g if r.get("seconds")]
        return [name, len(g), sum(_verdict(r, "corpus") == "killed" for r in g),
                sum(_verdict(r, "properties") == "killed" for r in g),
                sum(properties_after(r, after) == "killed" for r in g),
                st.count("equivalent"), st.count("broken"), st.count("open"),
                f"{sum(times) / len(times):.0f}" if times else "—"]
    out = [line(name, groups[name]) for name in sorted(groups)]
    if out:
        out.append(line("all", [r for g in groups.values() for r in g]))
    return out


def section(rows: list[dict], after: dict[str, dict]) -> str:
    from gb16.tools.mutants.generated_triage import PLANTED_MEASURE, RUN, TRIAGE
    judged = [r for r in rows if r.get("outcome") != "not a mutant"]
    lines = [BEGIN, "## Generated mutants", "",
             "Made by `python -m gb16.tools.mutants.generated table` from the results of "
             "`python -m gb16.tools.mutants.generated run` and `rejudge` (gb16.tools.mutants.generated: "
             "Cosmic Ray's operators over the scoring core, each mutant a function's code replaced in "
             "process, judged by the corpus and by the properties at ci, apart). A check that only sees the "
             "mutant raise or time out has not killed it (broken). \"killed by properties (after)\" counts "
             "the properties added for the survivors too (22 reading_contests, 23 gb13_special_near_misses). "
             "Seconds per mutant are wall-clock on the shared two-core machine, both judgements.", "",
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
             "**The run.** `python -m gb16.tools.mutants.generated run --sample 500 --seed 1 --jobs 2 --results "
             "FILE` (every core by default; resumable: a run started again with the same file skips what it "
             "holds), then `rejudge --results FILE --after AFTER --property reading_contests --property "
             "gb13_special_near_misses` and `table --results FILE --after AFTER`. The sample is drawn "
             "round-robin over (module, operator) from a seed, so any prefix of it is spread over both. " + RUN, "",
             "**The two kinds of bug the properties missed**, planted through properties 22 and 23 "
             "(gb16.properties.planted) and replayed over the ci stream of every earlier property (the property and "
             "the index, from 0, of the first example that fails):", "",
             tabulate(PLANTED_MEASURE, headers=["planted bug", "killed by properties 1–21 at ci", "killed by properties 22–23 at ci"], tablefmt="github"), "",
             TRIAGE, "",
             f"{len(judged)} mutants judged ({len(rows) - len(judged)} sites where the tool's mutation gave "
             "no function code).", "",
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
    lines += ["", END]
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
