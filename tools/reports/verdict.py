"""The verdict of a run: the one line a referee can cite, and its badge colour.

A pass says on how much it was judged: ``conforms to seed000 on 7 of 879 cases (872 skipped:
872 the tiny scorer only validates inputs)`` — never a bare "conforms" when cases were skipped;
``--min-judged N|P%`` makes a run that judged too little a failure.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from typing import Iterable

from gb16.tools.harness.runlog import FAILING


@dataclass
class Verdict:
    key: str        # "conforms" | "known" | "fails" | "too-little-judged" | "incomplete" | "empty"
    text: str
    color: str      # shields.io colour name


#: Skip reasons named in the verdict line (the rest are counted as "other").
REASONS_SHOWN = 3


def skip_reasons(cases: Iterable[dict]) -> Counter:
    """Why cases were skipped, counted: each skipped case's message up to its first bracket or
    semicolon (``variant gb13 is not among the implementation's variants``), bounded."""
    reasons: Counter = Counter()
    for case in cases:
        if case.get("status") == "skipped":
            message = re.split(r"[(;]", str(case.get("message") or "not sent"))[0].strip() or "not sent"
            reasons[message if len(message) <= 80 else message[:79] + "…"] += 1
    return reasons


def coverage_text(skipped: int, reasons: Counter | None) -> str:
    """``872 skipped: 860 the tiny scorer only validates inputs, 12 variant gb13 …``."""
    if not skipped:
        return ""
    shown = [f"{n} {reason}" for reason, n in (reasons or Counter()).most_common(REASONS_SHOWN)]
    rest = skipped - sum(n for _, n in (reasons or Counter()).most_common(REASONS_SHOWN))
    if rest > 0 and shown:
        shown.append(f"{rest} other")
    return f"{skipped} skipped" + (": " + ", ".join(shown) if shown else "")


def below_minimum(judged: int, total: int, min_judged: tuple[float, bool] | None) -> str | None:
    """Why *judged* of *total* is too little for ``--min-judged`` (``(50.0, True)`` is 50%), or None."""
    if min_judged is None:
        return None
    value, percent = min_judged
    if percent:
        if total and 100 * judged / total >= value:
            return None
        share = f"{100 * judged / total:.1f}%" if total else "none"
        return f"only {judged} of {total} cases judged ({share}), fewer than --min-judged {value:g}%"
    if judged >= value:
        return None
    return f"only {judged} of {total} cases judged, fewer than --min-judged {value:g}"


def verdict(counts: dict[str, int], complete: bool = True, selected: int | None = None,
            violations: int = 0, stopped: dict | None = None, attribution=None,
            reasons: Counter | None = None, min_judged: tuple[float, bool] | None = None,
            repeated: int = 0) -> Verdict:
    """The one-line answer a referee can cite.

    A run that did not reach its footer is ``incomplete: N of M`` whatever its cases say — an
    interrupted run is never a pass; protocol violations make a run fail even when every
    case passed.  With an *attribution* (tools/harness/attribution.py) the line says what
    the implementation conforms to — seed000, seed000 with an option, an edition — and what
    explains its failures.  Skipped cases are counted with their *reasons* in the line; a run
    that judged less than *min_judged* (``--min-judged``) fails, the line saying why.  A log
    that repeats case ids (*repeated*: edited, or runs joined) is no one run's record: never a pass."""
    failing = sum(counts.get(s, 0) for s in FAILING)
    total = counts.get("total", 0)
    judged = total - counts.get("skipped", 0)
    coverage = coverage_text(counts.get("skipped", 0), reasons)
    skipped = f"; {coverage}" if coverage else ""
    broken = f"; {violations} protocol violation{'s' if violations != 1 else ''}" if violations else ""
    if not complete:
        of = f" of {selected}" if isinstance(selected, int) else ""
        so_far = f"; {failing} failed so far" if failing else ""
        return Verdict("incomplete", f"incomplete: {counts.get('total', 0)}{of} cases recorded (the run was "
                                     f"interrupted){so_far}{broken}", "lightgrey")
    if repeated:
        return Verdict("fails", f"not one run's record: {repeated} case ids appear more than once in the run log "
                                f"(edited, or runs joined); of the last line of each, {failing} of {judged} judged "
                                f"cases failed{broken}", "red")
    too_little = below_minimum(judged, total, min_judged)
    if too_little and not failing and not violations:
        return Verdict("too-little-judged", f"does not conform: {too_little}"
                                            f"{f' ({coverage})' if coverage else ''}; every judged case passed", "red")
    most_skipped = counts.get("skipped", 0) > judged
    if attribution is not None and judged and not violations and not counts.get("known") and not stopped:
        text = attribution.verdict_text(judged, failing, f" ({coverage})" if coverage and not failing else skipped,
                                        of=total)
        if too_little:
            text += f"; {too_little}"
        return Verdict("fails" if failing else "conforms", text,
                       "red" if failing else "yellow" if most_skipped else "brightgreen")
    if failing or violations:
        what = f"{failing} of {judged} judged cases failed" if failing else f"all {judged} judged cases passed"
        stop = f"; stopped early, {stopped['not_run']} cases not run ({stopped['reason']})" if stopped else ""
        low = f"; {too_little}" if too_little else ""
        return Verdict("fails", f"does not conform: {what}{broken}{skipped}{stop}{low}", "red")
    if judged == 0:
        return Verdict("empty", f"nothing was judged{skipped}", "lightgrey")
    if counts.get("known"):
        return Verdict("known", f"conforms except {counts['known']} known failures "
                                f"({counts['pass']} of {judged} judged cases passed){skipped}", "yellow")
    if coverage:
        return Verdict("conforms", f"conforms on {judged} of {total} cases ({coverage})",
                       "yellow" if most_skipped else "brightgreen")
    return Verdict("conforms", f"conforms: all {judged} judged cases passed", "brightgreen")
