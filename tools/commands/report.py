"""``gb16 report`` (``make report``): the compliance report of the reference.

    gb16 report                       # into ./report/
    gb16 report --out DIR --profile ci --skip proofs

It certifies the reference scorer against the whole corpus (the run log is kept beside
the report), runs the Hypothesis properties (gb16.properties.runner, thorough profile),
the Z3 proofs (gb16.properties.proofs), the gb13 differential run against PyMahjongGB
(gb16.tools.differential.pymahjonggb_run, 100,000 hands) and the mutant scorers (gb16.tools.mutants.catalogue: which
mutants the corpus and the properties kill), and writes one report in three forms —
``report.md``, ``report.html`` (self-contained) and ``report.json`` — with JUnit XML and a
shields.io badge of the certification.  Besides the certification tables it holds the
corpus coverage, the index of docs/rulings.md and the fan applicability table of
corpus/fans.json.  A part whose module is missing is reported as "not available".

Exit status: 0 when the reference passes every case and every property and proof that
ran; 1 otherwise; 2 on bad input.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import time
import traceback
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from gb16.tools.harness import judging, parallel, provenance
from gb16.tools.harness.certify import CertifyOptions, run_certification
from gb16.tools.harness.corpus import load_corpus
from gb16.tools.harness.protocol import HarnessError
from gb16.tools.harness.runlog import RunLogError
from gb16.tools.reports import badge, html_page, json_report, junit, markdown, terminal
from gb16.tools.reports.compliance import (PART_NAMES, PartOutcome, applicability_section, coverage_section,
                                           default_rulings_path, error_outcome, outcome_of_rows, overview_section,
                                           part_section, rulings_section, skipped_part)
from gb16.tools.reports.summary import summarize


def run_optional(call: Callable[..., list[dict]], kwargs: dict, what: str,
                 progress: Callable[[str], None] | None = None) -> PartOutcome:
    """``call(**kwargs, progress=progress)``, one of the optional parts below; never raises.

    A module the part needs that is not installed (an extra) gives status ``unavailable`` with
    the reason; an exception while running gives ``error``; otherwise ``pass`` or ``fail``
    from the rows.  ``what`` names the call in the report.
    """
    began = time.monotonic()
    try:
        rows = call(**kwargs, progress=progress)
    except ModuleNotFoundError as exc:
        return PartOutcome(None, "unavailable", f"{what} needs module {exc.name or '?'}, which is not installed "
                                                f"(pip install 'gb16[all]')")
    except Exception as exc:
        return error_outcome(what, exc, traceback.format_exc(limit=8), time.monotonic() - began)
    elapsed = time.monotonic() - began
    if not isinstance(rows, list) or not all(isinstance(r, dict) for r in rows):
        return PartOutcome(None, "error", f"{what} returned {type(rows).__name__}, not a list of dicts", elapsed)
    return outcome_of_rows(rows, elapsed)


# -- the optional parts: each imports what it runs when it runs (an extra may be missing) --------

def properties_rows(profile: str, exhaustive: bool | None = None, only: list[str] | None = None,
                    progress=None) -> list[dict]:
    """The Hypothesis properties (those named in ``only``, else all) against the reference (the
    properties extra)."""
    from gb16.properties.runner import run_all  # the properties extra (Hypothesis)
    return run_all(profile=profile, exhaustive=exhaustive, only=only, progress=progress)


def exhaustive_rows(profile: str, shard: int, shards: int, progress=None) -> list[dict]:
    """One shard of the properties' exhaustive checks (the properties extra)."""
    from gb16.properties.exhaustive import run_exhaustive  # the properties extra (Hypothesis)
    return run_exhaustive(None, profile=profile, shard=shard, shards=shards, progress=progress)


def proofs_rows(thorough: bool, progress=None) -> list[dict]:
    """The Z3 proofs of the chow-pair bounds (the proofs extra)."""
    from gb16.properties.proofs import run_all  # the proofs extra (Z3)
    return run_all(thorough=thorough, progress=progress)


def mutants_rows(corpus: str | None, progress=None) -> list[dict]:
    """The kill table of the mutant scorers (the properties extra, for the property side)."""
    from gb16.tools.mutants.catalogue import report_rows  # the properties extra (Hypothesis)
    return report_rows(corpus=corpus, progress=progress)


def differential_rows(n: int, progress=None) -> list[dict]:
    """The gb13 differential run against PyMahjongGB (the differential extra), scored in the
    part's own process: the report runs its parts side by side already."""
    from gb16.tools.differential.pymahjonggb_run import report_rows  # the differential extra (PyMahjongGB)
    return report_rows(n=n, jobs=1, progress=progress)


#: The order the parts start in, the longest first: the mutants, the exhaustive shards, the
#: differential run and the proofs, then the properties one by one, which fill the processes
#: the long parts leave free (see :func:`exhaustive_shards` and :func:`property_parts`).
PART_ORDER = ("corpus", "mutants", "exhaustive", "differential", "proofs", "properties")
REPORT_ORDER = ("properties", "proofs", "differential", "mutants")


def _split_properties(options: "ReportOptions", jobs: list[parallel.Part]) -> tuple[parallel.Part, int] | None:
    """The properties part and the number of processes, when the report runs the properties on
    more than one process and their runner can be imported; else None (a properties part that
    cannot run says why itself, and is not split)."""
    properties = next((p for p in jobs if p.key == "properties"), None)
    processes = max(1, options.jobs or parallel.default_jobs())
    if properties is None or processes == 1:
        return None
    try:
        from gb16.properties.exhaustive import run_exhaustive  # noqa: F401  (the properties extra: Hypothesis)
        from gb16.properties.runner import run_all  # noqa: F401
    except ImportError:
        return None
    return properties, processes


def exhaustive_shards(options: "ReportOptions", jobs: list[parallel.Part]) -> list[str]:
    """Spread the exhaustive checks of the properties part (the thorough profile's, and by far
    its longest) over parts of their own, two per process the report runs at once, so that
    they run beside the other parts: the properties part then runs the Hypothesis properties
    alone.  Returns the keys of the shard parts (none when the properties part is skipped,
    its profile has no exhaustive checks, or the parts run one after another)."""
    split = _split_properties(options, jobs)
    if split is None:
        return []
    properties, processes = split
    from gb16.properties.profiles import get_profile  # the properties extra (Hypothesis)
    if not get_profile(options.profile).exhaustive:
        return []
    properties.kwargs["kwargs"] = dict(properties.kwargs["kwargs"], exhaustive=False)
    count = 2 * processes
    keys = []
    for shard in range(count):
        keys.append(f"exhaustive#{shard + 1}")
        what = f"gb16.properties.exhaustive.run_exhaustive() (shard {shard + 1} of {count})"
        jobs.append(parallel.Part(keys[-1], f"Exhaustive {shard + 1}/{count}", run_optional, {
            "call": exhaustive_rows, "what": what,
            "kwargs": {"profile": options.profile, "shard": shard, "shards": count}}))
    return keys


def property_parts(options: "ReportOptions", jobs: list[parallel.Part]) -> list[str]:
    """Give each Hypothesis property of the properties part a part of its own (``run_all(only=
    [its name])``: it runs alone with its own settings, as in one whole run), so that the
    runner packs them beside the other parts as processes come free: their costs differ
    tenfold (definition_consistency takes the time of twenty of the cheap ones), so fixed
    groups would leave a process idle.  The properties part is replaced by them.  Returns
    their keys (none when the properties part is skipped or the parts run one after
    another).  Call it after :func:`exhaustive_shards`, which leaves the properties part the
    Hypothesis properties alone."""
    split = _split_properties(options, jobs)
    if split is None:
        return []
    properties, _ = split
    from gb16.properties.invariants import PROPERTIES  # the properties extra (Hypothesis)
    jobs.remove(properties)
    keys = []
    for prop in PROPERTIES:
        keys.append(f"properties#{prop.number}")
        what = f'gb16.properties.runner.run_all(profile="{options.profile}", only=["{prop.name}"])'
        jobs.append(parallel.Part(keys[-1], f"Property {prop.number}", run_optional, {
            "call": properties_rows, "what": what,
            "kwargs": dict(properties.kwargs["kwargs"], only=[prop.name])}))
    return keys


def with_pieces(outcomes: dict, properties: list[str], shards: list[str]) -> PartOutcome:
    """The properties part's outcome put together from its pieces: the rows of its property
    parts in the order of the properties (the order of one whole run), then those of its
    exhaustive shards merged into those of one whole run (gb16.properties.exhaustive.merge_shards);
    a piece that broke is the part's error."""
    from gb16.properties.exhaustive import merge_shards  # gb16.properties needs the properties extra (Hypothesis)
    from gb16.properties.invariants import PROPERTIES
    keys = properties or ["properties"]
    calls = {key: "gb16.properties.runner.run_all()" for key in keys}
    calls.update({k: f"gb16.properties.exhaustive.run_exhaustive() (shard {k.split('#')[1]} of {len(shards)})"
                  for k in shards})
    pieces = {}
    for key, call in calls.items():
        kind, value = outcomes.pop(key)
        piece = value if kind == "done" else error_outcome(f"{call} in its process", value[0], value[1] or "")
        if piece.rows is None:
            return piece
        pieces[key] = piece
    order = {prop.name: i for i, prop in enumerate(PROPERTIES)}
    rows = sorted((r for k in keys for r in pieces[k].rows), key=lambda r: order.get(r.get("name"), len(order)))
    if shards:
        rows += merge_shards([pieces[k].rows for k in shards])
    return outcome_of_rows(rows, sum(p.seconds for p in pieces.values()))


def certify_part(options: CertifyOptions, progress=None) -> float:
    """The corpus certification as a report part: the run log is written to ``options.out``;
    returns the seconds it took."""
    began = time.monotonic()
    if progress:
        progress("certifying the reference against the corpus …")
    run_certification(options)
    return time.monotonic() - began


def part_times(jobs: list[parallel.Part], outcomes: dict) -> dict[str, float]:
    """Each part's seconds in its process, by its label, in the order the parts started (0 for a
    part that broke)."""
    def seconds(kind: str, value) -> float:
        if kind != "done":
            return 0.0
        return value if isinstance(value, float) else getattr(value, "seconds", 0.0)   # the corpus: a float
    return {part.label: round(float(seconds(*outcomes.get(part.key, ("raised", None)))), 1) for part in jobs}


def times_text(times: dict[str, float], wall: float, processes: int) -> str:
    """The benchmark lines ``gb16 report`` ends with: each part's seconds, their sum and the
    wall time of the whole report on its processes."""
    width = max(map(len, times), default=10)
    lines = [f"time per part ({processes} process{'es' if processes != 1 else ''} side by side):"]
    lines += [f"  {label:<{width}} {seconds:7.1f} s" for label, seconds in times.items()]
    lines.append(f"  {'sum of the parts':<{width}} {sum(times.values()):7.1f} s")
    lines.append(f"  {'the whole report':<{width}} {wall:7.1f} s")
    return "\n".join(lines)


@dataclass
class ReportOptions:
    out: str = "report"
    impl: str = "reference"      # the implementation certified (the reference; tests use a fixture)
    corpus: str | None = None
    profile: str = "thorough"
    skip: tuple[str, ...] = ()
    differential: int = 100_000  # random gb13 hands compared with PyMahjongGB (issue 7: ≥ 100,000)
    timeout: float = 60.0
    rulings: str | None = None
    progress: bool | None = None
    jobs: int | None = None      # parts run side by side (default: one per core)


def build_report(options: ReportOptions) -> tuple[int, dict[str, Path]]:
    """Run every part and write the report; returns (exit status, files written)."""
    out = Path(options.out)
    out.mkdir(parents=True, exist_ok=True)
    corpus = load_corpus(options.corpus)
    certify = CertifyOptions(impl=options.impl, corpus=options.corpus, out=str(out / "runlog.jsonl"),
                             overwrite=True, timeout=options.timeout, progress=False, allow_empty=True)
    # (key, title, the part's function, kwargs, what the report calls, the command that does the
    # same), longest first: they run side by side (gb16.tools.harness.parallel)
    optional = [
        ("properties", f"Properties ({options.profile} profile)", properties_rows, {"profile": options.profile},
         f'gb16.properties.runner.run_all(profile="{options.profile}")', f"gb16 properties --profile {options.profile}"),
        ("mutants", "Mutant scorers: killed by the corpus and by the properties", mutants_rows,
         {"corpus": options.corpus}, "gb16.tools.mutants.catalogue.report_rows()",
         "python -m gb16.tools.mutants.catalogue --kill-table"),
        ("proofs", "Z3 proofs (seed000 §二.5–6)", proofs_rows, {"thorough": False},
         "gb16.properties.proofs.run_all(thorough=False)", "gb16 prove"),
        ("differential", "gb13: differential certification of PyMahjongGB", differential_rows,
         {"n": options.differential}, f"gb16.tools.differential.pymahjonggb_run.report_rows(n={options.differential})",
         f"gb16 certify --impl pymahjonggb --variant gb13 --random {options.differential}"),
    ]
    optional = [o for o in optional if o[0] not in options.skip]
    jobs = [parallel.Part("corpus", "corpus", certify_part, {"options": certify})]
    jobs += [parallel.Part(key, PART_NAMES[key], run_optional, {"call": call, "kwargs": kwargs, "what": what})
             for key, _, call, kwargs, what, _ in optional]
    shards = exhaustive_shards(options, jobs)
    properties = property_parts(options, jobs)
    jobs.sort(key=lambda p: PART_ORDER.index(p.key.split("#")[0]))
    began = time.monotonic()
    outcomes = parallel.run_parts(jobs, options.jobs, options.progress)
    times = part_times(jobs, outcomes)
    if shards or properties:
        outcomes["properties"] = ("done", with_pieces(outcomes, properties, shards))
    kind, value = outcomes["corpus"]
    if kind != "done":
        raise value[0]
    summary = summarize(judging.read(out / "runlog.jsonl"))
    parts: dict[str, PartOutcome] = {}
    sections = []
    for key, title, _, _, call, command in sorted(optional, key=lambda o: REPORT_ORDER.index(o[0])):
        kind, value = outcomes[key]
        outcome = value if kind == "done" else error_outcome(f"{call} in its process", value[0], value[1] or "")
        parts[PART_NAMES[key]] = outcome
        sections.append(part_section(key, title, outcome, call, command))
    for key in options.skip:
        parts[PART_NAMES[key]] = skipped_part(key)
    parts = {name: parts[name] for name in PART_NAMES.values() if name in parts}
    coverage = coverage_section(corpus, summary)
    sections += [coverage,
                 rulings_section(Path(options.rulings) if options.rulings else default_rulings_path(), corpus, summary),
                 applicability_section(corpus, summary)]
    lead = [overview_section(summary, parts, coverage)]
    title = "gb16 compliance report"
    payload = json_report.data(summary, sections, lead)
    payload["compliance"] = {"status": lead[0].status, "generated": provenance.now(),
                             "processes": max(1, options.jobs or parallel.default_jobs()),
                             "seconds": {"parts": times, "whole": round(time.monotonic() - began, 1)}}
    files = {
        "markdown": out / "report.md", "html": out / "report.html", "json": out / "report.json",
        "junit": out / "junit.xml", "badge": out / "badge.json", "runlog": out / "runlog.jsonl",
    }
    files["markdown"].write_text(markdown.render(summary, title, sections, lead), encoding="utf-8")
    files["html"].write_text(html_page.render(summary, title, sections, lead), encoding="utf-8")
    files["json"].write_text(json.dumps(payload, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    files["junit"].write_text(junit.render(summary), encoding="utf-8")
    files["badge"].write_text(badge.render(summary), encoding="utf-8")
    return (0 if lead[0].status.startswith("pass") else 1), files


def compliance_of(files: dict[str, Path]) -> dict:
    """The compliance record written into report.json (its status, ``pass`` or ``pass
    (partial)``, and the parts' times); empty when it cannot be read."""
    try:
        compliance = json.loads(files["json"].read_text(encoding="utf-8"))["compliance"]
    except (OSError, ValueError, KeyError, TypeError):
        return {}
    return compliance if isinstance(compliance, dict) else {}


def register(subparsers) -> None:
    parser = subparsers.add_parser(
        "report", help="the compliance report: certify the reference, run properties and proofs",
        description="The compliance report of the reference scorer.\n\n"
                    + re.sub(r"``(.+?)``", r"\1", __doc__.split("\n\n", 2)[2]),   # --help is plain text
        formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", metavar="DIR", default="report", help="output folder (default ./report)")
    parser.add_argument("--corpus", metavar="DIR", help="corpus folder (default: the installed corpus)")
    parser.add_argument("--profile", default="thorough", help="properties profile (default thorough)")
    parser.add_argument("--skip", action="append", choices=["properties", "proofs", "differential", "mutants"],
                        default=[], help="leave a part out (repeatable)")
    parser.add_argument("--differential", type=int, default=100_000, metavar="N",
                        help="random gb13 hands in the PyMahjongGB differential run (default 100000)")
    parser.add_argument("--timeout", type=float, default=60.0, metavar="SECONDS", help="time limit per case")
    parser.add_argument("--rulings", metavar="FILE", help="docs/rulings.md to index (default: the installed one, gb16.docs)")
    parser.add_argument("--no-progress", action="store_true")
    parser.add_argument("--jobs", type=int, default=None, metavar="N",
                        help="run at most N parts side by side (default: one per core; 1: one after another)")
    parser.set_defaults(func=run)


def run(args) -> int:
    if args.differential < 1:
        print("gb16 report: --differential must be a positive number of hands", file=sys.stderr)
        return 2
    options = ReportOptions(out=args.out, corpus=args.corpus, profile=args.profile, skip=tuple(args.skip),
                            differential=args.differential,
                            timeout=args.timeout, rulings=args.rulings,
                            progress=False if args.no_progress else None, jobs=args.jobs)
    try:
        status, files = build_report(options)
    except (HarnessError, RunLogError) as exc:
        print(f"gb16 report: {exc}", file=sys.stderr)
        return 2
    log = judging.read(files["runlog"])
    print(terminal.render(summarize(log), show="failures"))
    print()
    for kind in ("html", "markdown", "json", "junit", "badge", "runlog"):
        print(f"{kind:9} {files[kind]}")
    compliance = compliance_of(files)
    seconds = compliance.get("seconds") or {}
    if seconds.get("parts"):
        print()
        print(times_text(seconds["parts"], seconds.get("whole", 0.0), compliance.get("processes", 1)))
    print(f"\ncompliance: {compliance.get('status', 'pass') if status == 0 else 'FAIL'}")
    return status
