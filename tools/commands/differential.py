"""``gb16 certify --random N``: the command line of a differential run (:mod:`.engine`).

    gb16 certify --impl SPEC --random 5000 --seed 7 --variant gb16 [--jobs J | --dask HOST:PORT]
    gb16 certify --resume --impl SPEC --out out/differential-….jsonl
    python -m gb16.tools.commands.differential --impl SPEC --random 5000

Exit status: 0 when every disagreement is a known difference, 1 when anything new or
unexplained was found (a class not in the known-differences file, a crash, a timeout, an
error), 2 on bad input.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from gb16.reference import jsonlines
from gb16.tools.differential import engine
from gb16.tools.differential.classes import render
from gb16.tools.differential.options import DEFAULT_SEED, DEFAULT_TIMEOUT
from gb16.tools.differential import families as F
from gb16.tools.harness import judging, runlog
from gb16.tools.harness.protocol import HarnessError, ImplementationError
from gb16.tools.harness.runlog import RunLogError, RunLogWriteError
from gb16.tools.reports.formats import write_reports
from gb16.tools.reports.terminal import EXIT_INCOMPLETE
from gb16.tools.common.safe_text import printable


def register_options(parser: argparse.ArgumentParser) -> None:
    """The options of a differential run, added to ``gb16 certify`` (which owns --impl,
    --variant, --timeout, --out, --resume, --overwrite, --report, --no-progress)."""
    group = parser.add_argument_group("differential run (any --impl, gb16 or gb13)")
    group.add_argument("--random", type=int, metavar="N",
                       help="score N random legal hands with the reference and the implementation and "
                            "classify every disagreement (instead of running the corpus)")
    group.add_argument("--seed", type=int, default=DEFAULT_SEED,
                       help=f"random seed (default {DEFAULT_SEED})")
    group.add_argument("--jobs", type=int, metavar="J",
                       help="worker processes, each with its own implementation (default: every core)")
    group.add_argument("--dask", metavar="ADDRESS",
                       help="score on a Dask distributed cluster (scheduler address; pip install 'gb16[cluster]')")
    group.add_argument("--known-differences", metavar="FILE",
                       help="JSON {class key: reason} (default tools/differential/known_differences/"
                            "<implementation name>.json when it exists)")
    group.add_argument("--drafts", metavar="DIR", help="corpus-case drafts of the shrunk examples "
                                                      "(default <run log>.drafts/)")
    group.add_argument("--json", metavar="FILE", help="also write the summary as JSON ('-' for standard output)")


def is_differential_log(path) -> bool:
    try:
        with Path(path).open("rb") as f:
            first = next(jsonlines.read_lines(f), b"")
        header = jsonlines.parse_stream_line(first)
    except (OSError, jsonlines.JSONInputError):
        return False
    return isinstance(header, dict) and header.get("kind") == "differential"


def options_from(args) -> engine.Options:
    if getattr(args, "resume", False):
        return _resume_options(args)
    if not getattr(args, "impl", None):
        raise engine.HarnessError("--random needs --impl SPEC (e.g. reference, python:MODULE:FUNCTION, "
                                  "\"COMMAND ARGS\")")
    if args.random is None or args.random < 1:
        raise engine.HarnessError("--random N: N must be a positive number of hands")
    if args.jobs is not None and args.jobs < 1:
        raise engine.HarnessError("--jobs J: J must be at least 1")
    options = engine.Options(impl=args.impl.strip(), hands=args.random, seed=args.seed,
                             variant=getattr(args, "variant", None) or "gb16", jobs=args.jobs, dask=args.dask,
                             known=args.known_differences, timeout=getattr(args, "timeout", DEFAULT_TIMEOUT),
                             out=getattr(args, "out", None), drafts=args.drafts, progress=_progress(args))
    options.overwrite = bool(getattr(args, "overwrite", False))
    return options


def _resume_options(args) -> engine.Options:
    """The options of the interrupted run in ``--out``.  The implementation comes from ``--impl``
    on the command line, never from the run log (a run log is data: running the command it names
    would let whoever wrote it run anything); the saved options are checked before use."""
    if not args.out:
        raise engine.HarnessError("--resume needs --out RUNLOG (the run log to continue)")
    header = runlog.read(args.out).header
    recorded = header.get("impl_spec")
    if not getattr(args, "impl", None):
        raise engine.HarnessError(f"--resume needs --impl: the run log is data and its command is never run; "
                                  f"this run was started with --impl {recorded!r} — pass it again if that is "
                                  f"what you mean to run")
    if args.impl.strip() != recorded:
        raise engine.HarnessError(f"{args.out} is a run of a different implementation:\n  run log:      --impl "
                                  f"{recorded!r}\n  command line: --impl {args.impl.strip()!r}")
    saved = header.get("options") or {}
    checks = {"random": lambda v: isinstance(v, int) and not isinstance(v, bool) and v > 0,
              "seed": lambda v: isinstance(v, int) and not isinstance(v, bool),
              "variant": lambda v: v in ("gb16", "gb13"),
              "timeout": lambda v: isinstance(v, (int, float)) and not isinstance(v, bool) and 0 < v <= 86400,
              "families": lambda v: isinstance(v, list) and v and all(f in F.BY_NAME for f in v),
              "known_differences": lambda v: v is None or isinstance(v, str)}
    for key, ok in checks.items():
        if not ok(saved.get(key)):
            raise engine.HarnessError(f"{args.out}: header option {key} {saved.get(key)!r} is not valid")
    return engine.Options(impl=recorded, hands=saved["random"], seed=saved["seed"], variant=saved["variant"],
                          timeout=float(saved["timeout"]), known=saved["known_differences"], out=args.out,
                          families=tuple(saved["families"]), jobs=getattr(args, "jobs", None),
                          dask=getattr(args, "dask", None), drafts=getattr(args, "drafts", None),
                          progress=_progress(args), resume=True)


def _progress(args) -> bool:
    return sys.stderr.isatty() and not getattr(args, "no_progress", False)


def main(args) -> int:
    try:
        options = options_from(args)
        summary = engine.run(options)
    except RunLogWriteError as exc:
        print(printable(f"gb16 certify: {exc}; the hands finished before are kept in {exc.path}. Make room "
                        f"(or lift the limit), then continue with: {runlog.resume_command(args.impl, exc.path)}"),
              file=sys.stderr)
        return EXIT_INCOMPLETE
    except (HarnessError, ImplementationError, RunLogError) as exc:
        print(f"gb16 certify: {printable(str(exc))}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(printable(f"\ngb16 certify: interrupted; the finished hands are kept in {options.out}; "
                        f"continue with: {runlog.resume_command(args.impl, options.out)}"), file=sys.stderr)
        return 130
    if getattr(args, "json", None) == "-":
        sys.stdout.write(json.dumps(summary, ensure_ascii=False, indent=1) + "\n")
    else:
        print(printable(render(summary)))
        print(printable(f"run log: {options.out} (gb16 summary {options.out} renders it)"), file=sys.stderr)
        if getattr(args, "json", None):
            Path(args.json).parent.mkdir(parents=True, exist_ok=True)
            Path(args.json).write_text(json.dumps(summary, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    if getattr(args, "report", None):
        for _, path in write_reports(judging.read(options.out), args.report,
                                     overwrite=getattr(args, "overwrite", False)).items():
            print(printable(f"wrote {path}"), file=sys.stderr)
    return 1 if summary["unexplained"] else 0


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m gb16.tools.commands.differential", description=__doc__.split("\n\n")[0])
    p.add_argument("--impl", metavar="SPEC")
    p.add_argument("--variant", choices=["gb16", "gb13"], default="gb16")
    p.add_argument("--timeout", type=float, default=DEFAULT_TIMEOUT)
    p.add_argument("--out", metavar="RUNLOG")
    p.add_argument("--resume", action="store_true")
    p.add_argument("--overwrite", action="store_true")
    p.add_argument("--report", metavar="DIR")
    p.add_argument("--no-progress", action="store_true")
    register_options(p)
    return p


if __name__ == "__main__":
    sys.exit(main(parser().parse_args()))
