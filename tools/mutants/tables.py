"""The kill tables of every mutant — the catalogue's (gb16.tools.mutants.catalogue) and the
single-entry data mutants of corpus/fans.json (gb16.tools.mutants.data) — by the corpus
and, separately, by the properties at the ci and the thorough profile, written as
docs/kill-tables.md and as JSON.

    python -m gb16.tools.mutants.tables [--profiles ci thorough] [--out docs/kill-tables.md] [--json FILE]
                                        [--only catalogue|data] [--from-json FILE …]

A kill is a difference from the expectation (corpus) or a property violation (properties);
a mutant that only crashes or raises is *broken*, never killed.  The properties' side
replays each property's recorded stream of the profile (gb16.properties.replay): the same
verdict as a run, at the same example.  Data mutants argued equivalent
(gb16.tools.mutants.data.equivalence) are listed with the argument and not replayed at the
thorough profile; every other mutant is.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Callable

from tabulate import tabulate

from gb16.tools.harness.corpus import load_corpus
from gb16.tools.mutants import catalogue  # noqa: F401 — registers every mutant
from gb16.tools.mutants import data
from gb16.tools.mutants.kill import kill_row, property_kills
from gb16.tools.mutants.machinery import get, names
from gb16.tools.mutants.real_world import GB16_EQUIVALENT


def catalogue_rows(profiles: tuple[str, ...], cases: list[dict],
                   progress: Callable[[str], None] | None = None) -> list[dict]:
    rows = []
    chosen = names()
    for k, name in enumerate(chosen, 1):
        if progress:
            progress(f"catalogue {k}/{len(chosen)} {name}")
        m = get(name)
        began = time.monotonic()
        r = kill_row(m, cases)
        row = {"mutant": name, "family": "catalogue", "clause": r["clause"], "what": r["mistake"],
               "corpus": r["first_kills"][0] if r["first_kills"] else None, "corpus_kills": r["corpus_kills"],
               "broken_on": r["broken_on"], "equivalent": None, "equivalent_on": None,
               # equivalent on gb16 hands only: live (gb13 hands tell it apart)
               "gb16_equivalent": GB16_EQUIVALENT.get(name)}
        for profile in profiles:
            p = property_kills(m, profile)
            row[profile] = {"killed": p["killed"], "by": p["failed"][:3], "errors": p["errors"]}
        row["seconds"] = round(time.monotonic() - began, 1)
        rows.append(row)
    return rows


def data_rows(profiles: tuple[str, ...], cases: list[dict],
              progress: Callable[[str], None] | None = None) -> list[dict]:
    rows = []
    chosen = list(data.DATA_MUTANTS.values())
    for k, m in enumerate(chosen, 1):
        if progress:
            progress(f"data {k}/{len(chosen)} {m.name}")
        began = time.monotonic()
        killer, broken = data.corpus_kill(m, cases)
        equivalent = data.equivalence(m)
        row = {"mutant": m.name, "family": f"data:{m.kind}", "clause": m.source, "what": m.description,
               "corpus": killer, "corpus_kills": int(killer is not None), "broken_on": len(broken),
               "equivalent": equivalent, "equivalent_on": "every variant"}
        for profile in profiles:
            if equivalent and profile != "ci":
                row[profile] = None       # argued equivalent: not replayed beyond ci
                continue
            hit = data.ordered_property_kill(m, profile)
            row[profile] = {"killed": hit is not None and not hit[2].startswith("the scorer raised"),
                            "by": [hit[0]] if hit else [], "errors": []}
        row["seconds"] = round(time.monotonic() - began, 1)
        rows.append(row)
    return rows


def summary(rows: list[dict], profiles: tuple[str, ...]) -> list[dict]:
    """Per family: mutants, argued equivalent, killed by the corpus, by the properties per
    profile (of those replayed), broken."""
    out: dict[str, dict] = {}
    for r in rows:
        s = out.setdefault(r["family"], {"family": r["family"], "mutants": 0, "equivalent": 0, "corpus": 0,
                                          "broken": 0, **{p: 0 for p in profiles},
                                          **{f"{p}_replayed": 0 for p in profiles}})
        s["mutants"] += 1
        s["equivalent"] += bool(r["equivalent"])
        s["corpus"] += r["corpus"] is not None
        s["broken"] += r["broken_on"] > 0
        for p in profiles:
            if r.get(p) is not None:
                s[f"{p}_replayed"] += 1
                s[p] += r[p]["killed"]
    total = {"family": "all", **{k: sum(s[k] for s in out.values()) for k in next(iter(out.values())) if k != "family"}}
    return list(out.values()) + [total]


def markdown(rows: list[dict], profiles: tuple[str, ...], seconds: float) -> str:
    lines = ["# Kill tables", "",
             "Made by `python -m gb16.tools.mutants.tables` (do not edit by hand). Every mutant of the "
             "catalogue (gb16.tools.mutants.catalogue: one plausible mistake each, real-world bug classes "
             "among them) and every single-entry mutant of corpus/fans.json (gb16.tools.mutants.data), "
             "killed by the corpus and, separately, by the properties (each property's recorded stream "
             "replayed, gb16.properties.replay). A mutant that only crashes is never counted as killed.",
             "", f"Computed in {seconds:.0f} s of one process's time.", "", "## Summary", ""]
    head = ["family", "mutants", "argued equivalent", "corpus kills"] + [
        f"properties {p} kills (of replayed)" for p in profiles] + ["broken on some case"]
    body = [[s["family"], s["mutants"], s["equivalent"], s["corpus"]]
            + [f"{s[p]} / {s[p + '_replayed']}" for p in profiles] + [s["broken"]] for s in summary(rows, profiles)]
    lines += [tabulate(body, headers=head, tablefmt="github"), ""]
    live = [r for r in rows if not r["equivalent"]]
    lines += ["## Live mutants a check misses", "",
              "A live mutant (not argued equivalent) that the corpus or a replayed profile does not kill.", ""]
    missed = [r for r in live if r["corpus"] is None or any(r.get(p) and not r[p]["killed"] for p in profiles)]
    if missed:
        lines.append(tabulate([[r["mutant"], r["corpus"] or "SURVIVES"] + [
            "—" if r.get(p) is None else ("killed" if r[p]["killed"] else "SURVIVES") for p in profiles]
            + [r["what"]] for r in missed], headers=["mutant", "corpus"] + list(profiles) + ["what it changes"],
            tablefmt="github"))
    else:
        lines.append("None.")
    lines += ["", "## Mutants argued equivalent", "",
              "No legal hand tells these from the reference (the argument; a sample is checked against the "
              "corpus in tests/test_mutants.py). Each is still replayed at ci: a kill there would prove the "
              "argument wrong.", ""]
    lines.append(tabulate([[r["mutant"], "killed" if (r.get("ci") or {}).get("killed") else "not killed", r["equivalent"]]
                           for r in rows if r["equivalent"]],
                          headers=["mutant", "properties ci", "why"], tablefmt="github"))
    gb16_only = [r for r in rows if r.get("gb16_equivalent")]
    if gb16_only:
        lines += ["", "Equivalent on gb16 hands only (live: gb13 hands tell them apart, and both kill tables count them):", ""]
        lines.append(tabulate([[r["mutant"], r["corpus"], ", ".join((r.get("ci") or {}).get("by", [])), r["gb16_equivalent"]]
                               for r in gb16_only], headers=["mutant", "corpus", "properties ci", "why on gb16"],
                              tablefmt="github"))
    lines += ["", "## Every mutant", ""]
    lines.append(tabulate([[r["mutant"], r["clause"], r["corpus"] or ("equivalent" if r["equivalent"] else "SURVIVES")]
                           + ["—" if r.get(p) is None else (", ".join(r[p]["by"][:2]) if r[p]["killed"] else "survives")
                              for p in profiles] for r in rows],
                          headers=["mutant", "clause", "first killing corpus case"] + [f"properties {p}" for p in profiles],
                          tablefmt="github"))
    return "\n".join(lines) + "\n"


def _write(path: Path, text: str) -> None:
    """Write the tables, keeping the generated mutants' section of the file as it was
    (``python -m gb16.tools.mutants.generated table`` writes that one)."""
    from gb16.tools.mutants.generated_tables import BEGIN, END
    old = path.read_text(encoding="utf-8") if path.exists() else ""
    if BEGIN in old and END in old:
        text = text.rstrip("\n") + "\n\n" + BEGIN + old.split(BEGIN, 1)[1].split(END, 1)[0] + END + "\n"
    path.write_text(text, encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m gb16.tools.mutants.tables", description=__doc__.split("\n\n")[0])
    parser.add_argument("--profiles", nargs="+", default=["ci", "thorough"])
    parser.add_argument("--out", default="docs/kill-tables.md", help="the markdown file (default docs/kill-tables.md)")
    parser.add_argument("--json", metavar="FILE", help="also the rows as JSON")
    parser.add_argument("--only", choices=["catalogue", "data"], help="one family of mutants only")
    parser.add_argument("--from-json", nargs="+", metavar="FILE",
                        help="write the markdown from rows computed before (--json of earlier runs), computing nothing")
    args = parser.parse_args(argv)
    profiles = tuple(args.profiles)
    began = time.monotonic()
    if args.from_json:
        rows = [r for f in args.from_json for r in json.loads(Path(f).read_text(encoding="utf-8"))]
        seconds = sum(r.get("seconds", 0) for r in rows)
        _write(Path(args.out), markdown(rows, profiles, seconds))
        for s in summary(rows, profiles):
            print(json.dumps(s, ensure_ascii=False))
        return 0
    cases = load_corpus(None).cases
    last = [0.0]

    def progress(msg: str) -> None:   # a line every 30 s (a log, not a terminal)
        if time.monotonic() - last[0] >= 30:
            last[0] = time.monotonic()
            print(f"[{time.monotonic() - began:5.0f} s] {msg}", file=sys.stderr, flush=True)

    rows = []
    if args.only != "data":
        rows += catalogue_rows(profiles, cases, progress)
    if args.only != "catalogue":
        rows += data_rows(profiles, cases, progress)
    _write(Path(args.out), markdown(rows, profiles, time.monotonic() - began))
    if args.json:
        Path(args.json).write_text(json.dumps(rows, ensure_ascii=False, indent=1), encoding="utf-8")
    for s in summary(rows, profiles):
        print(json.dumps(s, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
