"""Run the invariants of gb16.properties.invariants against a scorer (the command line,
``gb16 properties``, is gb16.tools.commands.properties).

For every property the runner reports its clause, how many examples were tried (and how
many of them could be checked in full), the result (``pass``, ``FAIL``, ``error`` when the
property's own code broke, ``not checkable``), and for a failure the counterexample as
Hypothesis shrank it, with the violation message.

``run_all(profile, scorer)`` is the entry point ``gb16 report`` uses.
"""

from __future__ import annotations

import functools
import json
import time
import traceback
from typing import Any

from hypothesis import Phase, given, seed as hypothesis_seed, settings
from hypothesis.errors import HypothesisException
from tabulate import tabulate

from gb16.properties.invariants import PROPERTIES, BY_NAME, Property, Violation
from gb16.properties.profiles import get_profile, hypothesis_settings
from gb16.properties.scorers import Scorer, as_scorer
from gb16.properties.exhaustive import run_exhaustive


def run_property(prop: Property, scorer: Scorer, profile: str = "ci", seed: int | None = None,
                 max_examples: int | None = None, observe=None, shrink: bool = True) -> dict:
    """Run one property; a dict with name, clause, examples tried, result and the shrunk
    counterexample (None when it passes).  ``max_examples`` overrides the profile's budget;
    ``observe(example)`` is called with every example before it is checked (how
    gb16.properties.replay records a stream: the same test function, so the same examples).
    ``shrink=False`` stops at the first failing example and reports it as found, unshrunk
    (for a caller that only needs to know that the property fails, and why)."""
    prof = get_profile(profile)
    state: dict[str, Any] = {"calls": 0, "checked": 0, "first_failure_at": None, "last": None}

    def test(example):
        if observe is not None:
            observe(example)
        state["calls"] += 1
        try:
            complete = prop.check(scorer, example)
        except Violation as v:
            if state["first_failure_at"] is None:
                state["first_failure_at"] = state["calls"]
            state["last"] = (example, str(v))
            raise
        except Exception:
            if state["first_failure_at"] is None:
                state["first_failure_at"] = state["calls"]
            state["last"] = (example, traceback.format_exc(limit=6))
            raise
        if complete and state["first_failure_at"] is None:
            state["checked"] += 1

    wrapped = given(prop.strategy())(test)
    chosen = hypothesis_settings(prof, prop.weight, seed_given=seed is not None)
    if max_examples is not None:
        chosen = settings(chosen, max_examples=max_examples)
    if not shrink:
        chosen = settings(chosen, phases=[p for p in chosen.phases if p not in (Phase.shrink, Phase.explain)])
    wrapped = chosen(wrapped)
    if seed is not None:
        wrapped = hypothesis_seed(seed)(wrapped)
    began = time.monotonic()
    outcome, message = "pass", None
    try:
        wrapped()
    except Violation:
        outcome = "FAIL"
    except HypothesisException as exc:
        outcome, message = "error", f"{type(exc).__name__}: {exc}"
    except Exception:
        outcome = "error"
    elapsed = time.monotonic() - began
    examples = state["first_failure_at"] or state["calls"]
    counterexample = None
    if outcome != "pass" and state["last"] is not None:
        example, text = state["last"]
        counterexample = {"example": prop.describe(example), "violation": text}
        message = message or text
    if outcome == "pass" and state["checked"] == 0:
        outcome = "not checkable"
        message = "no example could be checked in full (the scorer's results lack the fields this property reads)"
    elif outcome == "pass" and state["checked"] < examples:
        message = f"{examples - state['checked']} example(s) only partly checked (fields missing from the results)"
    return {
        "number": prop.number,
        "name": prop.name,
        "title": prop.title,
        "clause": prop.clause,
        "profile": profile,
        "examples": examples,
        "checked": state["checked"],
        "shrink_calls": state["calls"] - examples if outcome != "pass" else 0,
        "result": outcome,
        "message": message,
        "counterexample": counterexample,
        "seconds": round(elapsed, 2),
    }


def run_all(profile: str = "thorough", scorer: Any = None, only: list[str] | None = None,
            seed: int | None = None, progress=None, exhaustive: bool | None = None,
            observe=None) -> list[dict]:
    """Run every property (or those named in ``only``) against ``scorer`` (the reference when
    None; also a spec string or a callable).  One dict per property, and — with the thorough
    profile, unless ``exhaustive`` is False — one more per exhaustive check
    (gb16.properties.exhaustive).  ``observe(prop, example)`` is called with every example
    before it is checked (gb16.properties.replay.Keeper keeps them as the recorded streams)."""
    scorer = as_scorer(scorer)
    prof = get_profile(profile)
    selected = [BY_NAME[n] for n in only] if only else list(PROPERTIES)
    rows = []
    for prop in selected:
        if progress:
            progress(f"property {prop.number} {prop.name} …")
        rows.append(run_property(prop, scorer, profile, seed,
                                 observe=None if observe is None else functools.partial(observe, prop)))
        if progress:
            r = rows[-1]
            progress(f"property {prop.number} {prop.name}: {r['result']} ({r['examples']} examples, {r['seconds']} s)")
    if (prof.exhaustive if exhaustive is None else exhaustive) and not only:
        rows.extend(run_exhaustive(scorer, profile=profile, progress=progress))
    return rows


# --------------------------------------------------------------------------------------
# The command


def _clip(text: str | None, width: int) -> str:
    if not text:
        return ""
    text = " ".join(str(text).split())
    return text if len(text) <= width else text[: width - 1] + "…"


def format_table(rows: list[dict]) -> str:
    table = []
    for r in rows:
        ce = r.get("counterexample")
        shown = ""
        if ce:
            shown = _clip(json.dumps(ce["example"], ensure_ascii=False), 90) + " — " + _clip(ce["violation"], 160)
        elif r.get("message"):
            shown = _clip(r["message"], 120)
        table.append([f"{r['number']} {r['name']}", _clip(r["clause"], 48), r["examples"],
                      r.get("checked", ""), r["result"], shown])
    return tabulate(table, headers=["property", "clause", "examples", "checked", "result",
                                    "shrunk counterexample"], tablefmt="simple")
