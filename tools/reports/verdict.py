"""The verdict of a run: the one line a referee can cite, and its badge colour."""

from __future__ import annotations

from dataclasses import dataclass

from gb16.tools.harness.runlog import FAILING


@dataclass
class Verdict:
    key: str        # "conforms" | "known" | "fails" | "incomplete" | "empty"
    text: str
    color: str      # shields.io colour name


def verdict(counts: dict[str, int], complete: bool = True, selected: int | None = None,
            violations: int = 0, stopped: dict | None = None, attribution=None) -> Verdict:
    """The one-line answer a referee can cite.

    A run that did not reach its footer is ``incomplete: N of M`` whatever its cases say — an
    interrupted run is never a pass; protocol violations make a run fail even when every
    case passed.  With an *attribution* (tools/harness/attribution.py) the line says what
    the implementation conforms to — seed000, seed000 with an option, an edition — and what
    explains its failures."""
    failing = sum(counts.get(s, 0) for s in FAILING)
    judged = counts.get("total", 0) - counts.get("skipped", 0)
    skipped = f"; {counts['skipped']} skipped" if counts.get("skipped") else ""
    broken = f"; {violations} protocol violation{'s' if violations != 1 else ''}" if violations else ""
    if not complete:
        of = f" of {selected}" if isinstance(selected, int) else ""
        so_far = f"; {failing} failed so far" if failing else ""
        return Verdict("incomplete", f"incomplete: {counts.get('total', 0)}{of} cases recorded (the run was "
                                     f"interrupted){so_far}{broken}", "lightgrey")
    if attribution is not None and judged and not violations and not counts.get("known") and not stopped:
        return Verdict("fails" if failing else "conforms", attribution.verdict_text(judged, failing, skipped),
                       "red" if failing else "brightgreen")
    if failing or violations:
        what = f"{failing} of {judged} judged cases failed" if failing else f"all {judged} judged cases passed"
        stop = f"; stopped early, {stopped['not_run']} cases not run ({stopped['reason']})" if stopped else ""
        return Verdict("fails", f"does not conform: {what}{broken}{skipped}{stop}", "red")
    if judged == 0:
        return Verdict("empty", f"nothing was judged{skipped}", "lightgrey")
    if counts.get("known"):
        return Verdict("known", f"conforms except {counts['known']} known failures "
                                f"({counts['pass']} of {judged} judged cases passed){skipped}", "yellow")
    return Verdict("conforms", f"conforms: all {judged} judged cases passed{skipped}", "brightgreen")
