"""``gb16 certify`` and ``gb16 summary``: run an implementation against the corpus and judge it.

    gb16 certify --impl "node tools/examples/node_harness.js" --out out/node.jsonl
    gb16 certify --impl python:mypkg.scorer:score --variant gb16 --filter 'honours-*'
    gb16 certify --impl reference --report report/
    gb16 certify --resume --impl "node tools/examples/node_harness.js" --out out/node.jsonl
                                                        # continue an interrupted run
    gb16 certify --impl "node tools/examples/node_harness.js" --last-failed out/node.jsonl
                                                        # re-run only the cases that failed there
    gb16 certify --impl reference --min-judged 50%      # fail when more than half is skipped
    gb16 summary out/node.jsonl --show failures          # exit status 1 when anything failed

The run itself is gb16.tools.harness.certify; ``--random N`` (a differential run) is
gb16.tools.commands.differential; the reports are rendered by gb16.tools.reports.formats.
"""

from __future__ import annotations

import argparse
import contextlib
import shlex
import signal
import sys
import threading
from pathlib import Path

from gb16.tools.commands import differential
from gb16.tools.differential.families import probe_hands
from gb16.tools.harness import joined, judging, runlog
from gb16.tools.harness.certify import DEFAULT_TIMEOUT, CertifyOptions, run_certification
from gb16.tools.harness.protocol import HarnessError
from gb16.tools.harness.runlog import RunLogError, RunLogWriteError
from gb16.tools.harness.transport import kill_all
from gb16.tools.reports import formats, json_report, terminal
from gb16.tools.reports.summary import summarize
from gb16.tools.reports.terminal import EXIT_INCOMPLETE
from gb16.tools.common.safe_text import printable


#: What ``--show`` may list besides the counts (certify and summary).
SHOW = ("none", "failures", "known", "skipped", "all")


def register(subparsers) -> None:
    certify = subparsers.add_parser(
        "certify", help="run an implementation against the corpus and write a run log",
        description="Run an implementation against the corpus, judge every case and write a run log.\n\n"
                    + __doc__.split("\n\n")[1] + "\n\nExit status: 0 when nothing failed, 1 when any case "
                    "failed, errored, crashed or timed out, the protocol was broken or fewer cases were judged than "
                    "--min-judged asks, 2 on bad input (and when --out holds a complete run: nothing is run), "
                    "3 when the run is incomplete, 130/143 when interrupted/terminated.",
        formatter_class=argparse.RawDescriptionHelpFormatter)
    certify.add_argument("--impl", metavar="SPEC", action="append",
                         help='"COMMAND ARGS" (a program speaking the harness protocol), '
                              'python:MODULE:FUNCTION (hosted in a process of its own; see --in-process) '
                              'or reference (one per run: gb16 compare puts several side by side on one hand)')
    certify.add_argument("--in-process", action="store_true",
                         help="call a python: function in certify's own process (faster to start; but "
                              "os._exit or a crash in it ends the run, and a hung call's thread is abandoned)")
    certify.add_argument("--corpus", metavar="DIR", help="corpus folder (default: the installed corpus)")
    certify.add_argument("--variant", choices=["gb16", "gb13"], help="only cases of this variant")
    certify.add_argument("--filter", metavar="GLOB", action="append", default=[],
                         help="only case ids matching this glob (repeatable)")
    certify.add_argument("--timeout", type=float, default=DEFAULT_TIMEOUT, metavar="SECONDS",
                         help=f"time limit per case (default {DEFAULT_TIMEOUT:g})")
    certify.add_argument("--known-failures", metavar="FILE", help='JSON {"case-id": "reason", …}')
    certify.add_argument("--out", metavar="RUNLOG", help="run log to write (default out/certify-<impl>.jsonl)")
    certify.add_argument("--resume", action="store_true",
                         help="continue the interrupted run in --out (give the same --impl: the run log's is never run)")
    certify.add_argument("--last-failed", metavar="RUNLOG",
                         help="run only the cases that failed, errored, crashed or timed out in RUNLOG (with --impl; "
                              "into --out, default RUNLOG's name with .last-failed)")
    certify.add_argument("--evidence", metavar="RUNLOG", action="append", default=[],
                         help="an earlier run log of the same implementation, declaration and corpus whose judged "
                              "cases are weighed beside this run's when its failures are attributed (repeatable; "
                              "--last-failed adds the log it reads)")
    certify.add_argument("--min-judged", metavar="N|P%", type=min_judged_argument,
                         help="fail (exit 1) unless at least N cases, or P%% of the cases run, were judged "
                              "(not skipped)")
    certify.add_argument("--overwrite", action="store_true",
                         help="replace whatever --out holds (without it, an existing file is never overwritten), "
                              "and report files in --report that gb16 did not write")
    certify.add_argument("--report", metavar="DIR", help="also write every report format into DIR")
    certify.add_argument("--show", choices=SHOW, default="failures",
                         help="cases to list after the counts (default failures)")
    certify.add_argument("--maxfail", type=int, metavar="N",
                         help="stop after N failing cases (the rest is not run; the report says so)")
    certify.add_argument("--limit", type=int, default=25, metavar="N",
                         help="cases listed in detail after the counts (default 25; 0: all)")
    certify.add_argument("--no-progress", action="store_true", help="no progress bar")
    differential.register_options(certify)  # --random N: the differential run of any implementation
    certify.set_defaults(func=run_certify)

    summary = subparsers.add_parser(
        "summary", help="summarize a run log; render reports from it",
        description="Print the summary of a run log and optionally render it. "
                    "Exit status 1 when any case failed, errored, crashed or timed out, the protocol "
                    "was broken or fewer cases were judged than --min-judged asks, 2 when the run log cannot be "
                    "read, 3 when the run is incomplete.")
    summary.add_argument("runlog", metavar="RUNLOG", nargs="+",
                         help="a run log; with several, the logs of one implementation (name, version, declaration "
                              "and corpus) are weighed together and one verdict is printed for each "
                              "(tools/harness/joined.py)")
    summary.add_argument("--show", choices=SHOW, default="failures")
    summary.add_argument("--limit", type=int, default=25, metavar="N",
                         help="cases listed in detail (default 25; 0: all)")
    summary.add_argument("--markdown", metavar="FILE")
    summary.add_argument("--html", metavar="FILE")
    summary.add_argument("--json", metavar="FILE", help="JSON summary ('-' for standard output)")
    summary.add_argument("--junit", metavar="FILE")
    summary.add_argument("--badge", metavar="FILE", help="shields.io endpoint badge JSON")
    summary.add_argument("--report", metavar="DIR", help="every format into DIR")
    summary.add_argument("--overwrite", action="store_true",
                         help="replace report files in DIR that gb16 did not write (never through a link)")
    summary.add_argument("--min-judged", metavar="N|P%", type=min_judged_argument,
                         help="fail (exit 1) unless at least N cases, or P%% of the cases, were judged")
    summary.set_defaults(func=run_summary)


class Terminated(BaseException):
    """certify received SIGTERM or SIGHUP: stop like on Ctrl-C (kill the implementation, keep the log)."""


@contextlib.contextmanager
def _signals_interrupt():
    """Turn SIGTERM and SIGHUP into :class:`Terminated` for the duration of a run, so that the
    implementation's process group is killed and the run log closed on the way out (SIGKILL,
    which cannot be caught, is covered by the transport's watchdog)."""
    def handler(signum, frame):
        raise Terminated(signum)
    previous = {}
    if threading.current_thread() is threading.main_thread():
        for signum in (signal.SIGTERM, signal.SIGHUP):
            previous[signum] = signal.signal(signum, handler)
    try:
        yield
    finally:
        for signum, old in previous.items():
            signal.signal(signum, old)


def min_judged_argument(text: str) -> tuple[float, bool]:
    """``--min-judged``: ``N`` cases or ``P%`` of the cases run, as ``(number, is_percent)``."""
    percent = text.strip().endswith("%")
    try:
        value = float(text.strip().rstrip("%"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of cases (N) or a share (P%)") from None
    if value < 0 or (percent and value > 100) or (not percent and value != int(value)):
        raise argparse.ArgumentTypeError(f"{text!r}: give a whole number of cases, or a share from 0% to 100%")
    return value, percent


def run_certify(args) -> int:
    impls = args.impl or []
    if len(impls) > 1:
        print(printable(f"gb16 certify: one --impl per run ({len(impls)} given: "
                        f"{', '.join(shlex.quote(i) for i in impls)}); certify each into its own --out, or put "
                        f"them side by side on one hand with gb16 compare --impl A --impl B …"), file=sys.stderr)
        return 2
    args.impl = impls[0] if impls else None
    if args.last_failed and (args.resume or getattr(args, "random", None) is not None):
        print("gb16 certify: --last-failed re-runs the failures of a corpus run; it goes with neither "
              "--resume nor --random", file=sys.stderr)
        return 2
    if args.evidence and (args.resume or getattr(args, "random", None) is not None):
        print("gb16 certify: --evidence goes with a corpus run (neither --resume nor --random)", file=sys.stderr)
        return 2
    if args.report:
        try:   # before the run, not after it
            formats.check_folder(args.report, overwrite=args.overwrite)
        except formats.ReportFolderError as exc:
            print(f"gb16 certify: {printable(str(exc))}", file=sys.stderr)
            return 2
    if getattr(args, "random", None) is not None or (
            args.resume and args.out and differential.is_differential_log(args.out)):
        return differential.main(args)
    options = CertifyOptions(impl=args.impl, corpus=args.corpus, variant=args.variant, filters=args.filter,
                             timeout=args.timeout, known_failures=args.known_failures, out=args.out,
                             resume=args.resume, overwrite=args.overwrite, maxfail=args.maxfail,
                             progress=False if args.no_progress else None, in_process=args.in_process,
                             last_failed=args.last_failed, probe_pool=probe_hands, evidence=args.evidence or [])
    if options.timeout <= 0:
        print("gb16 certify: --timeout must be positive", file=sys.stderr)
        return 2
    if options.maxfail is not None and options.maxfail < 1:
        print("gb16 certify: --maxfail must be a positive number of cases", file=sys.stderr)
        return 2
    out = Path(args.out) if args.out else (runlog.default_path(args.impl) if args.impl else None)
    if args.last_failed and not args.out:
        out = last_failed_path(args.last_failed)
        options.out = str(out)
        # re-running the failures (after a fix, say) replaces the file the last re-run wrote there
        options.overwrite = options.overwrite or is_last_failed_of(out, args.last_failed)
    again = runlog.resume_command(args.impl, out)
    try:
        with _signals_interrupt():
            log = run_certification(options)
    except RunLogWriteError as exc:
        return disk_full(exc, again)
    except (HarnessError, RunLogError) as exc:
        print(f"gb16 certify: {printable(str(exc))}", file=sys.stderr)
        if out and out.exists() and runlog.is_interrupted(out):
            print(printable(f"the finished cases are kept in {out}; continue with: {again}"), file=sys.stderr)
        return 2
    except (KeyboardInterrupt, Terminated) as exc:
        kill_all()
        print(printable(f"\ngb16 certify: {'terminated' if isinstance(exc, Terminated) else 'interrupted'}; the "
                        f"finished cases are kept in {out}; continue with: {again}"), file=sys.stderr)
        return 143 if isinstance(exc, Terminated) else 130
    return _print_and_render(judging.judged(log), args.show, report_dir=args.report, limit=args.limit,
                             overwrite=args.overwrite, min_judged=args.min_judged)


def disk_full(exc: RunLogWriteError, again: str) -> int:
    """The run log could not be written: what is kept, where, and the line that continues it;
    exit status 3, an incomplete run (not 2: nothing was wrong with the input)."""
    kill_all()
    print(printable(f"gb16 certify: {exc}; the cases finished before are kept in {exc.path}. Make room "
                    f"(or lift the limit), then continue with: {again}"), file=sys.stderr)
    return EXIT_INCOMPLETE


def is_last_failed_of(out: Path, source: str) -> bool:
    """True when *out* is a run log that ``--last-failed SOURCE`` wrote (so a re-run may replace it)."""
    if not out.is_file():
        return False
    try:
        header = runlog.read(out).header
    except RunLogError:
        return False
    recorded = (header.get("options") or {}).get("last_failed")
    return isinstance(recorded, str) and Path(recorded).resolve() == Path(source).resolve()


def last_failed_path(path: str) -> Path:
    """Where ``--last-failed RUNLOG`` writes without ``--out``: ``RUNLOG.last-failed.jsonl`` beside it."""
    source = Path(path)
    return source.with_name(source.stem + ".last-failed.jsonl")


def _print_and_render(log: runlog.RunLog, show: str, report_dir: str | None = None, limit: int = 25,
                      overwrite: bool = False, min_judged: tuple[float, bool] | None = None, **files) -> int:
    summary = summarize(log, min_judged=min_judged)
    print(terminal.render(summary, show=show, limit=limit))
    if report_dir:
        try:
            written = formats.write_reports(log, report_dir, overwrite=overwrite)
        except formats.ReportFolderError as exc:
            print(f"gb16: {printable(str(exc))}", file=sys.stderr)
            return 2
        for fmt, path in written.items():
            print(printable(f"wrote {path}"), file=sys.stderr)
    for fmt, path in files.items():
        if not path:
            continue
        text = formats.render(fmt, summary)
        if path == "-":
            sys.stdout.write(text)
        else:
            Path(path).parent.mkdir(parents=True, exist_ok=True)
            Path(path).write_text(text, encoding="utf-8")
            print(printable(f"wrote {path}"), file=sys.stderr)
    return terminal.exit_status(summary)


def run_summary(args) -> int:
    if len(args.runlog) > 1:
        return _joined_summary(args)
    try:
        log = judging.read(args.runlog[0])
    except RunLogError as exc:
        print(f"gb16 summary: {printable(str(exc))}", file=sys.stderr)
        return 2
    if args.json == "-":
        summary = summarize(log, min_judged=args.min_judged)
        sys.stdout.write(json_report.render(summary))
        return terminal.exit_status(summary)
    return _print_and_render(log, args.show, report_dir=args.report, limit=args.limit, overwrite=args.overwrite,
                             min_judged=args.min_judged, markdown=args.markdown,
                             html=args.html,
                             json=args.json, junit=args.junit, badge=args.badge)


def _joined_summary(args) -> int:
    """``gb16 summary A B …``: the logs of each implementation weighed together, one verdict each."""
    if any(getattr(args, name) for name in ("report", "markdown", "html", "json", "junit", "badge")):
        print("gb16 summary: the report formats take one run log; with several, the joined verdicts are printed",
              file=sys.stderr)
        return 2
    try:
        logs = [runlog.read(path) for path in args.runlog]
    except RunLogError as exc:
        print(f"gb16 summary: {printable(str(exc))}", file=sys.stderr)
        return 2
    groups, notes = joined.join(logs)
    for group in groups:
        print(printable(group.title()))
        print(printable(f"  verdict: {group.verdict_text()}"))
    for note in notes:
        print(printable(f"note: {note}"))
    return 1 if any(group.failing for group in groups) else 0
