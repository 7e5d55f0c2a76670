"""Sections of a run's own report that every format shows (Markdown, HTML, JSON, the terminal;
JUnit where it has room): the results per case feature and capability, and — for a
differential run — its classes of disagreement.

Each is a :class:`~gb16.tools.reports.section.Section` given as data, computed from the run
log alone, so that every renderer lays out the same rows.
"""

from __future__ import annotations

import json
from typing import Any

from gb16.tools.harness.causes import failure_causes
from gb16.tools.harness.features import CAPABILITIES, case_features, declared_capabilities
from gb16.tools.differential.families import hand_text
from gb16.tools.harness.runlog import FAILING
from gb16.tools.reports.section import Section


# --------------------------------------------------------------------------- features × results

def record_features(case: dict) -> list[str]:
    """A run log case's feature tags: the ones recorded with it (a corpus run), else derived
    from its input (a differential hand, whose line keeps an expectation only when it
    disagreed: that would count waits on disagreements alone)."""
    if isinstance(case.get("features"), list):
        return [str(f) for f in case["features"]]
    return case_features({"input": case.get("input"), "expect": {}})


def feature_differs(feature: str, blamed: set[str] | None, families: dict[str, str]) -> bool:
    """Whether a failure with what its answer got wrong (*blamed*: fan ids and fields, None when
    there was no score) is a failure of *feature*: ``waits`` only when the waits differ,
    ``flowers`` when 花牌 or the total does, ``kongs`` and ``flags`` when a fan of their family
    (corpus/fans.json ``family``: kongs, win_conditions) does; the other tags (invalid input, the
    variant) are the whole case."""
    if blamed is None:
        return True
    if feature == "waits":
        return "waits" in blamed
    if feature == "flowers":
        return bool(blamed & {"flower_tiles", "total", "meets_minimum"})
    family = {"kongs": "kongs", "flags": "win_conditions"}.get(feature)
    if family:
        return any(families.get(x) == family for x in blamed)
    return True


def features_section(log, blamed=None) -> Any:
    """Cases per feature (waits, invalid input, flags, flowers, kongs, variant) and status,
    with the capability the feature needs and whether the implementation declared it; a failure
    counts against a feature only where it differs (:func:`feature_differs`; *blamed*: a failing
    case → what its answer got wrong, tools/reports/summary.Summary.blamed), else as a pass of it."""
    have = declared_capabilities(log.header.get("implementation") or {})
    capability_of = {feature: name for name, feature in CAPABILITIES.items()}
    families = {str(f.get("id")): str(f.get("family")) for f in log.header.get("fans") or [] if isinstance(f, dict)}
    rows: dict[str, dict] = {}
    for case in log.cases:
        status = case.get("status")
        wrong = (blamed(case) if blamed else None) if status in FAILING else set()
        for feature in record_features(case):
            row = rows.setdefault(feature, {"cases": 0, "pass": 0, "failed": 0, "known": 0, "skipped": 0,
                                            "not_compared": 0, "not_sent": 0})
            row["cases"] += 1
            if status in FAILING:
                row["failed" if feature_differs(feature, wrong, families) else "pass"] += 1
            elif status in row:
                row[status] += 1
            capability = capability_of.get(feature)
            if capability and any(e.get("capability") == capability for e in case.get("uncompared") or []):
                row["not_compared"] += 1
            if capability and capability in (case.get("needs") or []):
                row["not_sent"] += 1
    order = ["waits", "invalid-input", "invalid-notation", "invalid-tiles", "invalid-flags", "invalid-fields", "flags", "flowers", "kongs", "gb16", "gb13"]
    ordered = sorted(rows, key=lambda f: (order.index(f) if f in order else len(order), f))
    table = []
    for feature in ordered:
        row = rows[feature]
        capability = capability_of.get(feature)
        declared = ("—" if capability is None else f"{capability}: yes" if have[capability]
                    else f"{capability}: declared absent")
        judged = row["cases"] - row["skipped"]
        absent = capability is not None and not have[capability]
        rate = "not compared" if absent else (f"{100 * row['pass'] / judged:.0f}%" if judged else "—")
        table.append([feature, declared, row["cases"], row["pass"], row["failed"], row["known"], row["skipped"],
                      row["not_compared"] + row["not_sent"], rate])
    section = Section("by-feature", "By feature and capability",
                      data={f: dict(rows[f], capability=capability_of.get(f),
                                    declared=have.get(capability_of.get(f), None) if capability_of.get(f) else None)
                            for f in ordered})
    section.p("Cases per feature tag (derived from the input and expectation, corpus/schema `features`) and the "
              "capability the feature needs. Where the implementation declared a capability absent, its field was "
              "not compared or the case not sent ('not compared'): a pass there is a pass of the rest of the case, "
              "never of that capability. A failing case counts as failed only under the features where its answer differs "
              "(waits: the waits; flowers: 花牌 or the total; kongs, flags: a fan of theirs) and as a pass of the others.")
    return section.table(["feature", "capability", "cases", "pass", "failed", "known", "skipped", "not compared",
                          "pass rate"], table)


# --------------------------------------------------------------------------- attribution

def attribution_section(log, found) -> Any:
    """The evidence behind the verdict (tools/harness/attribution.py): every candidate that
    explains a failure, with its support and contradictions and an example of each; each
    declared option or delta the answers contradict; the declaration the evidence supports,
    as a ``start`` answer to paste.  None when nothing failed and the declaration holds."""
    if found is None or (not found.evidence and not found.contradicted_declaration):
        return None
    section = Section("attribution", "Attribution: what explains the failures",
                      status="fail" if found.bugs or found.contested or found.contradicted_declaration else "pass",
                      data=found.as_json())
    section.p("A candidate (another option of an open ruling, an edition delta added, a declared one taken away) "
              "is supported by the failures under which the implementation's answer is one the reference admits "
              "with it (ties included), and contradicted by the cases, passing or failing, whose answer where it "
              "acts is the one without it. Only a candidate nobody contradicts is taken; what none explains is a bug.")
    items = []
    for label, ev in found.evidence.items():
        if label not in found.chosen and label not in found.contested:
            continue   # explains only failures a taken candidate explains
        items.append(_evidence_line(label, "taken" if label in found.chosen else "contested", ev))
    for piece, ev in found.declared_evidence.items():
        if ev.contradicted_by:
            items.append(_evidence_line(f"{piece} (declared)", "contradicted", ev, explains="follows it on"))
    if items:
        section.items(items)
    section.p(f"Bugs: {len(found.bugs)} failures that no taken candidate explains; "
              f"{len(found.attributed)} failures attributed.")
    suggested = found.suggested_declaration()
    if suggested is not None:
        metadata = {k: v for k, v in (log.header.get("implementation") or {}).items()
                    if k not in ("rulings", "edition", "deltas")}
        section.p("The declaration the evidence supports, as a start answer:")
        section.pre(json.dumps(dict(metadata, **{"rulings": {}}, **suggested), ensure_ascii=False, sort_keys=True, indent=1))
    return section


def _evidence_line(label: str, state: str, ev, explains: str = "explains") -> str:
    """``exhausted-tile-no-wait — taken: explains 12, contradicted by 0 of 879 cases weighed
    (e.g. explained: a, b)``: one candidate, in words that wrap on a phone."""
    line = f"{label} — {state}: {explains} {ev.support}, contradicted by {ev.contradicted_by} " \
           f"of {ev.checked} cases weighed"
    examples = [f"e.g. {what}: {', '.join(ids[:2])}" for what, ids in (("explained", ev.support_examples),
                                                                        ("contradicting", ev.contradiction_examples))
                if ids]
    return line + (f" ({'; '.join(examples)})" if examples else "")


# --------------------------------------------------------------------------- differential classes

def differential_section(log) -> Any:
    """The classes of a differential run (its footer): count, families, what explains them,
    the shrunk example; and the families' shares.  None for a corpus run or an unfinished one."""
    summary = (log.footer or {}).get("differential")
    if not isinstance(summary, dict):
        return None
    n = summary.get("hands", 0)
    impl = summary.get("implementation") or {}
    section = Section("differential", "Differential classes",
                      status="pass" if not summary.get("unexplained") else "fail", data=summary)
    section.p(f"{summary.get('variant')} differential: gb16.reference vs {impl.get('name')} {impl.get('version')} — "
              f"{n} random hands, seed {summary.get('seed')}: agree {summary.get('agree')} "
              f"(ties {summary.get('ties')}), disagree {summary.get('disagree')} (known {summary.get('known')}, "
              f"unexplained {summary.get('unexplained')} in {len(summary.get('unexplained_classes') or [])} "
              f"classes); {summary.get('hands_per_second')} hands/s.")
    attribution = summary.get("attribution") or {}
    if attribution.get("verdict"):
        section.p(f"Attribution: {attribution['verdict']}.")
    rows = []
    fans = {fan.get("id"): fan for fan in log.header.get("fans") or [] if isinstance(fan, dict)}
    for c in summary.get("classes") or []:
        shrunk = (c.get("shrunk") or {}).get("input") or (c.get("example") or {}).get("input")
        explains = ", ".join(f"{label} ×{k}" for label, k in (c.get("attributed") or {}).items())
        rows.append(["known" if c.get("explained") else "NEW", c.get("count"), c.get("first_hand"),
                     _class_difference(c, fans),
                     ", ".join(c.get("families") or {}), explains or "—",
                     _hand(hand_text, shrunk), c.get("key")])
    if rows:
        section.table(["status", "hands", "first", "difference", "families", "explained by", "shrunk example",
                       "class"], rows)
    else:
        section.p("No disagreement: every hand agreed or tied.")
    families = summary.get("families") or {}
    if families:
        section.table(["family", "hands", "share", "disagree", "ties"],
                      [[f, t.get("hands"), f"{100 * (t.get('share') or 0):.1f}%", t.get("disagree"), t.get("ties")]
                       for f, t in families.items()])
    if summary.get("drafts"):
        section.p(f"Corpus-case drafts of the shrunk examples (expectations to be worked by hand from the texts): "
                  f"{summary['drafts']}")
    if summary.get("known_not_seen"):
        section.p("Known differences not seen in this run: " + ", ".join(map(str, summary["known_not_seen"])))
    return section


def _class_difference(c: dict, fans: dict) -> str:
    """A class's label with what is wrong in its example, per fan (tools/harness/causes.py):
    ``same fans, different points: 缺一门 One Voided Suit: 2 points, expected 1``."""
    example = c.get("example") or {}
    reference, answer = example.get("reference"), example.get("implementation")
    skip = () if isinstance(answer, dict) and "waits" in answer else ("waits",)
    causes = [cause.text for cause in failure_causes(reference, answer, fans, skip=skip)] \
        if isinstance(reference, dict) and isinstance(answer, dict) else []
    label = str(c.get("label") or c.get("key"))
    return f"{label}: {'; '.join(causes)}" if causes else label


def _hand(hand_text, case) -> str:
    try:
        return hand_text(case)
    except Exception:   # a hand-edited footer: show what is there
        return str(case)
