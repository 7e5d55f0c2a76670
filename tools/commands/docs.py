"""``gb16 docs``: the documents the tool cites, from the installed package (gb16.docs).

    gb16 docs                 # where the installed documents and example implementations are
    gb16 docs R-011           # one section of docs/rulings.md (a ruling, a note, an edition)
    gb16 docs contract.md     # a whole document

Exit status 2 when the id or document does not exist (the known ones are listed).
"""

from __future__ import annotations

import sys

from gb16 import docs


def register(sub) -> None:
    p = sub.add_parser("docs", help="the installed documents: a ruling by id, the contract, where the examples are",
                       description="Print a section of docs/rulings.md by id (R-011, mcr2006), a whole document "
                                   "(rulings.md, contract.md, api.md), or, with no argument, where the installed "
                                   "documents and the example implementations for gb16 certify are.")
    p.add_argument("what", nargs="?", metavar="ID|DOCUMENT", help="a ruling id such as R-011, or a document name")
    p.set_defaults(func=run_docs)


def run_docs(args) -> int:
    if not args.what:
        print("documents:")
        for name, what in docs.DOCUMENTS.items():
            print(f"  {docs.path(name)}  — {what}")
        print(f"example implementations for gb16 certify: {docs.examples_dir()}  (README.md there)")
        print("a ruling by id: gb16 docs R-011; in Python: gb16.docs.ruling('R-011') (docs/api.md)")
        return 0
    if args.what in docs.DOCUMENTS:
        sys.stdout.write(docs.text(args.what))
        return 0
    try:
        print(docs.ruling(args.what).text)
    except KeyError:
        print(f"no ruling or document {args.what!r}; rulings: {', '.join(docs.rulings())}; "
              f"documents: {', '.join(docs.DOCUMENTS)}", file=sys.stderr)
        return 2
    return 0
