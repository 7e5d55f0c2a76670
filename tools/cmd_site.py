"""``gb16 site``: a static conformance site from many run logs.

    gb16 site out/ref.jsonl out/node.jsonl out/mine.jsonl --out site/
    gb16 site out/*.jsonl --out site/        # logs of several corpus versions: pass rates over versions too

DIR/index.html shows each implementation's verdict, heatmaps of area, fan and clause ×
implementation (each cell linked to the failing cases) and, for logs of several corpus versions,
the pass rates over the versions; a page per implementation and per case.  Static files, no
script, nothing from the network.  DIR must be empty, new, or a site gb16 wrote before (whose
files it replaces); the pages are gb16.tools.reports.site.

Exit status: 0 when the site was written; 2 on bad input (a run log that cannot be read, a
folder that is not empty and not a site).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from gb16.tools.harness.runlog import RunLogError
from gb16.tools.reports import site


def register(subparsers) -> None:
    parser = subparsers.add_parser("site", help="a static conformance site from many run logs (heatmaps, pages per "
                                                "implementation and case)",
                                   description="A static conformance site from many run logs.\n\n"
                                               + "\n\n".join(__doc__.split("\n\n")[1:4]),
                                   formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("runlogs", nargs="+", metavar="RUNLOG")
    parser.add_argument("--out", metavar="DIR", required=True, help="the site's folder (DIR/index.html)")
    parser.set_defaults(func=run)


def run(args) -> int:
    out = Path(args.out)
    try:
        site.previous_files(out)                      # refuse before reading anything
        pages, info = site.build(args.runlogs)
        site.write_site(out, pages)
    except (RunLogError, site.SiteFolderError) as exc:
        print(f"gb16 site: {exc}", file=sys.stderr)
        return 2
    except OSError as exc:
        print(f"gb16 site: cannot write {out}: {exc}", file=sys.stderr)
        return 2
    for warning in info["warnings"]:
        print(f"warning: {warning}", file=sys.stderr)
    versions, n = info["corpus_versions"], len(info["implementations"])
    print(f"wrote {out / 'index.html'}: {n} implementation{'s' if n != 1 else ''}, {info['cases']} cases "
          f"({info['case_pages']} case pages), corpus {', '.join(versions)}")
    return 0
