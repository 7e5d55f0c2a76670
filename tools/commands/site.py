"""``gb16 site``: a static conformance site from many run logs.

    gb16 site out/ref.jsonl out/node.jsonl out/mine.jsonl --out site/
    gb16 site out/*.jsonl --out site/        # corpus runs of several versions and random runs
    gb16 site out/*.jsonl --out site/ --strict   # fail rather than leave out a log

Every log is shown, grouped by implementation (name, version, declared rules): its corpus runs by
corpus version, its random runs by seed and size, side by side; heatmaps of area, fan and
clause × the newest corpus run of each implementation and of family and fan × each random run,
coloured by the cases without a bug (each cell linked to its cases); pass rates over corpus
versions, each implementation across its own corpus runs only; a page per run log and per case,
every failure marked bug, attributed (to what) or contested.  Static files, no script, nothing
from the network.  DIR must be empty, new, or a site gb16 wrote before (whose files it replaces);
the pages are gb16.tools.reports.site.

A log that cannot be read, or the very same file given twice, is left out with a line saying
which and why (on standard error and on the index); --strict fails instead.

Exit status: 0 when the site was written; 2 on bad input (no log could be read, or with --strict
one could not; a folder that is not empty and not a site).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from gb16.tools.common import safe_text
from gb16.tools.harness import judging
from gb16.tools.harness.runlog import RunLogError
from gb16.tools.reports import site


def register(subparsers) -> None:
    parser = subparsers.add_parser("site", help="a static conformance site from many run logs (heatmaps, pages per "
                                                "implementation and case)",
                                   description="A static conformance site from many run logs.\n\n"
                                               + "\n\n".join(__doc__.split("\n\n")[1:5]),
                                   formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("runlogs", nargs="+", metavar="RUNLOG")
    parser.add_argument("--out", metavar="DIR", required=True, help="the site's folder (DIR/index.html)")
    parser.add_argument("--strict", action="store_true",
                        help="fail (exit 2) rather than leave out a log that cannot be read or is given twice")
    parser.set_defaults(func=run)


def run(args) -> int:
    out = Path(args.out)
    try:
        site.previous_files(out)                      # refuse before reading anything
        pages, info = site.build(judging.read_together(args.runlogs, strict=args.strict))
        site.write_site(out, pages)
    except (RunLogError, site.SiteFolderError) as exc:
        print(f"gb16 site: {exc}", file=sys.stderr)
        return 2
    except OSError as exc:
        print(f"gb16 site: cannot write {out}: {exc}", file=sys.stderr)
        return 2
    for path, why in info["left_out"]:
        print(f"left out: {safe_text.printable(path)}: {safe_text.printable(why)}", file=sys.stderr)
    for warning in info["warnings"]:
        print(f"warning: {safe_text.printable(warning)}", file=sys.stderr)
    versions, n, logs = info["corpus_versions"], len(info["implementations"]), info["logs"]
    random = len(info["random_runs"])
    print(f"wrote {out / 'index.html'}: {logs} run log{'s' if logs != 1 else ''} of {n} "
          f"implementation{'s' if n != 1 else ''} ({logs - random} corpus, {random} random; "
          f"{len(info['left_out'])} left out), {info['cases']} corpus cases ({info['case_pages']} case pages)"
          + (f", corpus {', '.join(versions)}" if versions else ""))
    return 0
