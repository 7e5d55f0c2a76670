"""Judging one random hand: the implementation's outcome against the reference's result.

The verdict of a hand is one of the run log statuses of ``gb16 certify``:

* ``pass`` — the results agree: the same total, fan points and 起和 verdict, and a fan list
  (ids and counts) that is one of the reference's **admissible** fan lists at the best total —
  every reading × every big-combination choice (seed000 §二.5) × every largest chow-link set
  (§二.6), docs/rulings.md R-001 and R-011.  When the list is not the reference's own
  choice the hand is marked ``tie``; ``waits`` are compared as sets when the implementation
  reports them;
* ``fail`` — any other difference, including an error code where the reference scores, or
  a result where the reference rejects the hand;
* ``error`` / ``crash`` / ``timeout`` / ``skipped`` — what the implementation did instead of
  answering (exactly as in corpus runs);
* ``known`` — a ``fail`` whose class is listed in the implementation's known-differences file.

A disagreement's **class** is its signature, as a slug (the known-failures key format): one
token per fan counted differently — ``ref-<fan>`` when the reference counts it more often,
``impl-<fan>`` when the implementation does — joined by ``-plus-`` in table order;
``points-differ`` when the fans agree but the points do not; ``waits-differ`` when only the
waits differ; ``ref-error-<code>`` / ``impl-error-<code>`` when only one side rejects the
hand; ``impl-crash``, ``impl-timeout``, ``impl-invalid``, ``impl-errored`` for faults.
"""

from __future__ import annotations

from gb16.reference import table
from gb16.reference.rules import DEFAULT
from gb16.tools.harness.evidence import ReferenceAnswers

FAULT_STATUS = {"errored": "error", "invalid": "error", "crash": "crash", "timeout": "timeout",
                "skipped": "skipped"}


def fan_counts(result: dict) -> dict[str, int]:
    """id → count of a result (or of a brief result, whose ``fans`` is that map already)."""
    if isinstance(result.get("fans"), dict):
        return dict(result["fans"])
    return {f["id"]: f["count"] for f in result.get("fans", []) if isinstance(f, dict) and "id" in f}


def admissible_fan_lists(case: dict, rules=None, reference: ReferenceAnswers | None = None) -> list[dict[str, int]]:
    """The fan lists (id → count) a scorer may report for ``case`` at the best total (under
    ``rules``, default the project's reading): the admissible answers of
    :mod:`gb16.tools.harness.evidence`, which attribution weighs too (from ``reference``, the
    run's, else scored for this call)."""
    reference = reference if reference is not None else ReferenceAnswers()
    return [{f: count for f, (count, _) in fans.items()} for fans in reference.answers(case, rules or DEFAULT).lists]


def fan_differences(ref: dict, impl: dict) -> list[tuple[str, int, int]]:
    a, b = fan_counts(ref), fan_counts(impl)
    ids = sorted(set(a) | set(b), key=lambda f: (table.ORDER.get(f, len(table.ORDER)), f))
    return [(f, a.get(f, 0), b.get(f, 0)) for f in ids if a.get(f, 0) != b.get(f, 0)]


def slug(text: str) -> str:
    out = "".join(ch if ch.isalnum() else "-" for ch in str(text).lower())
    while "--" in out:
        out = out.replace("--", "-")
    return out.strip("-") or "x"


def _same_points(ref: dict, impl: dict) -> bool:
    return all(ref.get(k) == impl.get(k) for k in ("total", "fan_points", "meets_minimum"))


def _waits_differ(ref: dict, impl: dict) -> bool:
    return "waits" in impl and isinstance(impl["waits"], list) and set(impl["waits"]) != set(ref.get("waits", []))


def judge(case: dict, ref: dict, outcome, rules=None, reference: ReferenceAnswers | None = None) -> dict:
    """``{"status", "class", "tie"}`` for one hand (see the module docstring).

    ``ref`` is the reference's result (under ``rules``, the rule set the implementation
    declares), ``outcome`` the implementation's :class:`~gb16.tools.harness.protocol.Outcome`;
    ``reference``: the run's reference answers, for a tie (else scored for this call).
    """
    if outcome.kind != "result":
        status = FAULT_STATUS.get(outcome.kind, "error")
        return {"status": status, "class": None if status == "skipped" else f"impl-{slug(outcome.kind)}",
                "tie": False}
    impl = outcome.result
    if not ref["ok"] or not impl.get("ok", False):
        if not ref["ok"] and not impl.get("ok", False):
            r, i = ref["error"]["code"], (impl.get("error") or {}).get("code")
            same = r == i
            return {"status": "pass" if same else "fail", "tie": False,
                    "class": None if same else f"ref-error-{slug(r)}-plus-impl-error-{slug(i)}"}
        if not ref["ok"]:
            return {"status": "fail", "class": f"ref-error-{slug(ref['error']['code'])}", "tie": False}
        return {"status": "fail", "class": f"impl-error-{slug((impl.get('error') or {}).get('code'))}",
                "tie": False}
    mine, theirs = fan_counts(ref), fan_counts(impl)
    tie = False
    if mine != theirs and _same_points(ref, impl):
        tie = theirs in admissible_fan_lists(case, rules, reference)
    fans_ok = mine == theirs or tie
    if fans_ok and _same_points(ref, impl):
        if _waits_differ(ref, impl):
            return {"status": "fail", "class": "waits-differ", "tie": tie}
        return {"status": "pass", "class": None, "tie": tie}
    tokens = [f"{'ref' if r > p else 'impl'}-{slug(f)}" for f, r, p in fan_differences(ref, impl)]
    return {"status": "fail", "class": "-plus-".join(tokens) if tokens and not fans_ok else "points-differ",
            "tie": False}


def diff_lines(ref: dict, impl: dict | None) -> list[dict]:
    """The field-by-field differences, in the run log's ``diff`` form."""
    if impl is None:
        return []
    if not ref["ok"] or not impl.get("ok", False):
        return [{"field": "ok", "expected": ref.get("error", {}).get("code") if not ref["ok"] else "a result",
                 "actual": (impl.get("error") or {}).get("code") if not impl.get("ok", False) else "a result"}]
    out = [{"field": k, "expected": ref.get(k), "actual": impl.get(k)}
           for k in ("total", "fan_points", "meets_minimum") if ref.get(k) != impl.get(k)]
    for f, r, p in fan_differences(ref, impl):
        out.append({"field": f"fans.{f}", "expected": r, "actual": p})
    if _waits_differ(ref, impl):
        out.append({"field": "waits", "expected": sorted(ref.get("waits", [])), "actual": sorted(impl["waits"])})
    return out


def label(key: str, ref: dict | None, impl: dict | None, name: str) -> str:
    """A class in words, e.g. "the reference has 全求人; PyMahjongGB has 单钓将"."""
    if key.startswith("impl-") and impl is None:
        return f"{name}: {key[5:]}"
    if key == "waits-differ":
        return "the same score, different waits"
    if ref is not None and "error" in ref and "ok" not in ref:  # the expectation form
        ref = {"ok": False, "error": {"code": ref["error"]}}
    elif ref is not None and "ok" not in ref:
        ref = dict(ref, ok=True)
    if ref is not None and impl is not None and (not ref["ok"] or not impl.get("ok", False)):
        parts = []
        if not ref["ok"]:
            parts.append(f"the reference rejects the hand ({ref['error']['code']})")
        if not impl.get("ok", False):
            parts.append(f"{name} rejects the hand ({(impl.get('error') or {}).get('code')})")
        return "; ".join(parts)
    if ref is None or impl is None:
        return key
    more = {"the reference": [], name: []}
    for f, r, p in fan_differences(ref, impl):
        zh = table.fan(f).zh if f in table.ORDER else f
        more["the reference" if r > p else name].append(zh if min(r, p) == 0 else f"more {zh}")
    parts = [f"{who} has {', '.join(names)}" for who, names in more.items() if names]
    return "; ".join(parts) if parts else "same fans, different points"
