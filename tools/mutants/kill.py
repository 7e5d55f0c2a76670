"""The kill table: which corpus cases, and which properties, kill each mutant."""

from __future__ import annotations

import time
from functools import partial
from typing import Callable

from tabulate import tabulate

from gb16.properties.scorers import Scorer
from gb16.tools.harness import parallel
from gb16.tools.harness.certify import run_case
from gb16.tools.harness.corpus import case_variant, load_corpus
from gb16.tools.harness.implementations import PythonImplementation
from gb16.tools.harness.runlog import FAILING
from gb16.tools.mutants import areas  # noqa: F401 — registers every mutant of the rules' areas
from gb16.tools.mutants.machinery import Mutant, get, names
from gb16.tools.mutants.real_world import GB16_EQUIVALENT  # (and registers the real-world mutants)


def corpus_outcomes(m: Mutant, cases: list[dict], timeout: float = 60.0, stop_after: int | None = None,
                    timed_out: list[str] | None = None) -> tuple[list[str], list[str]]:
    """``(killed, broken)``: the ids of the corpus cases the mutant fails — a valid result
    that differs from the expectation, judged exactly as ``gb16 certify`` judges
    (gb16.tools.harness.certify.run_case) — and of those where it errs, crashes or times out.

    A mutant that breaks is not killed, it is broken: its planted mistake was never
    compared (e.g. a patch that no longer fits the reference).  With ``stop_after``, the
    scan stops at that many kills.  A case past its time limit ends the scan (it is the last
    of ``broken``): its call runs on, on a thread Python cannot stop, and would take the time
    of every case after it (a mutated loop that never ends); its id is put in ``timed_out``.
    Only the status of each case is read, so a failing case is not explained (no candidate
    rule change is tried for it, ``explain_failures=False``: about a tenth of a second of the
    reference's scoring per failing case)."""
    impl = PythonImplementation(m.scorer, m.scorer.gb16_metadata, f"python:gb16.tools.mutants.catalogue:{m.name}")
    metadata = impl.start()
    killed, broken = [], []
    for seq, case in enumerate(cases, 1):
        record, _ = run_case(impl, case, metadata, {}, timeout, seq, explain_failures=False)
        if record["status"] == "fail":
            killed.append(case["id"])
            if stop_after is not None and len(killed) >= stop_after:
                break
        elif record["status"] in FAILING:
            broken.append(case["id"])
            if record["status"] == "timeout":
                if timed_out is not None:
                    timed_out.append(case["id"])
                break
    return killed, broken


def corpus_kills(m: Mutant, cases: list[dict], timeout: float = 60.0, stop_after: int | None = None) -> list[str]:
    """The ids of the corpus cases that kill the mutant (see :func:`corpus_outcomes`)."""
    return corpus_outcomes(m, cases, timeout, stop_after)[0]


def mutant_scorer(m: Mutant):
    """The mutant as a gb16.properties scorer, with its reading API when it has one."""
    return Scorer(f"mutant {m.name}", m.scorer, explain=m.scorer.explain,
                  score_interpretation=m.scorer.score_interpretation)


def property_kills(m: Mutant, profile: str = "ci", only: list[str] | None = None, first_only: bool = True) -> dict:
    """Which properties (or those named in ``only``) the mutant fails at ``profile`` (FAIL)
    and which broke on it (error); with ``first_only`` (the kill table's default) the
    replay stops at the first property that kills it.

    Each property's recorded stream of that profile is replayed against the mutant
    (gb16.properties.replay): under a derandomized profile a run draws the same examples
    whatever the scorer answers, so the mutant fails the run exactly when it fails the
    replay, at the same example (tests/test_mutants.py checks that premise on planted bugs).
    The violation shown is that first example's, not shrunk."""
    from gb16.properties import replay  # gb16.properties needs the properties extra (Hypothesis)
    from gb16.properties.invariants import PROPERTIES
    began = time.monotonic()
    scorer = mutant_scorer(m)
    failed: list[str] = []
    broken: list[str] = []
    first = None
    for prop in PROPERTIES:
        if only and prop.name not in only:
            continue
        try:
            hit = replay.first_violation(prop, scorer, replay.stream(prop.name, profile))
        except Exception:   # noqa: BLE001 — a check that breaks on the mutant is an error, not a kill
            broken.append(prop.name)
            continue
        if hit is not None:
            failed.append(prop.name)
            first = first or hit[1]
            if first_only:
                break
    return {"profile": profile, "killed": bool(failed), "failed": failed, "errors": broken,
            "first_violation": first, "seconds": round(time.monotonic() - began, 1)}


def kill_row(m: Mutant, cases: list[dict], properties: str | None = None, first: int = 5) -> dict:
    """One row of the kill table."""
    began = time.monotonic()
    killers, broken = corpus_outcomes(m, cases)
    variant_of = {case["id"]: case_variant(case) for case in cases}
    gb16_killers = [k for k in killers if variant_of[k] == "gb16"]
    row = {"mutant": m.name, "clause": m.clause, "mistake": m.mistake,
           "cases": len(cases), "killed_by_corpus": bool(killers), "corpus_kills": len(killers),
           "gb16_kills": len(gb16_killers), "gb13_kills": len(killers) - len(gb16_killers),
           "first_kills": (gb16_killers + [k for k in killers if k not in gb16_killers])[:first],
           "broken_on": len(broken), "first_broken": broken[:first],
           "corpus_seconds": round(time.monotonic() - began, 2), "properties": None,
           "gb16_equivalent": GB16_EQUIVALENT.get(m.name)}
    if properties:
        row["properties"] = property_kills(m, properties)
    # the generic row fields gb16.tools.reports.compliance shows for an optional part (name, result, ok, …)
    killed_by = f"killed by {len(killers)} case(s)" if killers else "SURVIVES the corpus"
    if broken:
        killed_by += f"; BROKEN on {len(broken)} case(s)"
    if row["properties"] is not None:
        p = row["properties"]
        killed_by += "; properties: " + (", ".join(p["failed"]) if p["killed"] else "survives")
    row.update({"name": m.name, "result": killed_by, "ok": bool(killers) and not broken,
                "detail": ", ".join(killers[:first]) or m.mistake,
                "seconds": round(time.monotonic() - began, 2)})
    return row


def _row_for(name: str, cases: list[dict], properties: str | None, first: int) -> dict:
    """One row in a worker process (its mutants are registered by this module's imports)."""
    return kill_row(get(name), cases, properties, first)


def _stream(name: str, profile: str) -> tuple:
    """A property's recorded stream, in a worker process (gb16.properties.replay.record)."""
    from gb16.properties import replay  # gb16.properties needs the properties extra (Hypothesis)
    return replay.stream(name, profile)


def record_streams(profile: str, jobs: int, only: tuple[str, ...] | None = None) -> None:
    """Record each property's stream at ``profile`` once for the whole kill table, the
    properties spread over ``jobs`` processes, and keep them in this process
    (gb16.properties.replay.keep), so that the workers forked after it replay them instead of
    each recording them again (about a minute of CPU per worker at ci).  A stream that cannot
    be recorded (the property fails on the reference) is left to the workers, where it is
    that property's error on every mutant, as before.  ``only``: these properties alone."""
    from gb16.properties import replay  # gb16.properties needs the properties extra (Hypothesis)
    from gb16.properties.invariants import PROPERTIES
    wanted = [prop.name for prop in PROPERTIES
              if (only is None or prop.name in only) and not replay.remembered(prop.name, profile)]
    for name, outcome in zip(wanted, parallel.run(_stream, [(n, profile) for n in wanted], jobs,
                                                  ahead=len(wanted))):
        if outcome.status == "done":
            replay.keep(name, profile, outcome.value)


def kill_table(corpus=None, properties: str | None = None, only: list[str] | None = None,
               first: int = 5, jobs: int = 1, progress: Callable[[str], None] | None = None) -> list[dict]:
    """For every mutant (or those in ``only``): which corpus cases kill it and, when
    ``properties`` names a profile (``"ci"``), whether the Hypothesis properties kill it.

    ``corpus`` is a corpus folder as for ``gb16 certify --corpus`` (None: the installed one).
    Returns one dict per mutant: mutant, clause, mistake, cases, killed_by_corpus,
    corpus_kills (of which gb16_kills and gb13_kills), first_kills (the first ``first``
    ids, gb16 cases first), corpus_seconds and properties (None, or {profile, killed,
    failed, errors, first_violation, seconds}); and, for gb16.tools.reports.compliance's optional
    parts, name, result, ok (killed by the corpus and never broken), detail and seconds.
    ``jobs`` > 1 spreads the mutants over that many worker processes of the kit's runner
    (gb16.tools.harness.parallel; each has the cases read once here and the properties'
    streams recorded once here: :func:`record_streams`).
    """
    chosen = [get(n).name for n in only] if only else names()
    loaded = load_corpus(corpus)
    workers = jobs if len(chosen) > 1 else 1
    if properties and workers > 1:
        if progress:
            progress(f"recording the properties' {properties} streams …")
        record_streams(properties, workers)
    row_for = partial(_row_for, cases=loaded.cases, properties=properties, first=first)

    def started(index: int) -> None:
        if progress:
            progress(f"{index + 1}/{len(chosen)} {chosen[index]}")
    return [outcome.result() for outcome in parallel.run(row_for, [(n,) for n in chosen], workers,
                                                         restarts=POOL_RESTARTS, ahead=len(chosen), started=started)]


#: How many dead workers are replaced (the mutant it held judged again) before the table stops.
POOL_RESTARTS = 3


def report_rows(corpus=None, properties: str | None = "ci", jobs: int = 2,
                progress: Callable[[str], None] | None = None) -> list[dict]:
    """The kill table as the rows of ``gb16 report``'s mutant part: corpus and properties.

    A row passes (``ok``) when the corpus kills the mutant and the mutant never breaks; the
    properties are shown beside it (a mutant they miss is a gap in the property suite, not
    a failure of the reference).  With the ci profile the properties cost about 10 s of CPU
    per mutant; ``properties=None`` leaves them out.
    """
    return kill_table(corpus, properties=properties, jobs=jobs, progress=progress)


def format_kill_table(rows: list[dict]) -> str:
    table_rows = []
    for r in rows:
        p = r.get("properties")
        shown = "—" if p is None else ("killed: " + ", ".join(p["failed"]) if p["killed"] else
                                       "survives" + (f" (errors: {', '.join(p['errors'])})" if p["errors"] else "")
                                       + (" — equivalent on gb16 (gb16 properties)" if r["mutant"] in
                                          GB16_EQUIVALENT else ""))
        table_rows.append([r["mutant"], r["clause"], r["corpus_kills"], r["gb16_kills"],
                           ", ".join(r["first_kills"][:2]) or "SURVIVES", shown])
    killed = sum(r["killed_by_corpus"] for r in rows)
    text = tabulate(table_rows, headers=["mutant", "clause", "kills", "gb16", "first killing cases", "properties"],
                    tablefmt="simple")
    text += f"\n\n{killed} of {len(rows)} mutants killed by the corpus"
    text += f" ({sum(r['gb16_kills'] > 0 for r in rows)} by its gb16 cases alone)"
    with_props = [r for r in rows if r.get("properties")]
    if with_props:
        text += (f"; {sum(r['properties']['killed'] for r in with_props)} of {len(with_props)} by the properties "
                 f"({with_props[0]['properties']['profile']} profile)")
    broken = [r["mutant"] for r in rows if r["broken_on"]]
    if broken:
        text += f"\nBROKEN (the mutant errs or crashes on some cases): {', '.join(broken)}"
    return text

