"""The harness protocol: JSON Lines requests and responses, their JSON Schemas
(corpus/schema/protocol/), and the classification of one response line as an :class:`Outcome`.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from itertools import islice
from pathlib import Path
from typing import Any

import jsonschema
import referencing
import referencing.jsonschema

try:  # compiled validators (schemas → Python code): the fast acceptance check
    import fastjsonschema
except ImportError:  # pragma: no cover - a partial install: jsonschema alone decides
    fastjsonschema = None

from gb16 import corpus as corpus_package
from gb16.reference import jsonlines

PROTOCOL_VERSION = 1
SCHEMA_BASE = "https://gb16.invalid/schema/"
#: Longest offending line kept in the run log (characters).
MAX_LINE = 2000


class HarnessError(Exception):
    """Bad input to the harness (corpus, options, implementation spec); the message says what."""


class ImplementationError(HarnessError):
    """The implementation cannot be started or cannot be kept running."""


# --------------------------------------------------------------------------- schemas

def schema_dir() -> Path:
    return corpus_package.SCHEMA_DIR


DRAFT = "https://json-schema.org/draft/2020-12/schema"


def _registry() -> referencing.Registry:
    """Every schema of corpus/schema/, as Draft 2020-12 resources.  Their ``$schema`` (each
    names Draft 2020-12, which is checked) is dropped: jsonschema would otherwise check
    each referenced document with the stock Draft 2020-12 validator, not :data:`BoundedValidator`."""
    resources = []
    for path in sorted(schema_dir().glob("*.json")) + sorted((schema_dir() / "protocol").glob("*.json")):
        contents = json.loads(path.read_text(encoding="utf-8"))
        if contents.pop("$schema", DRAFT) != DRAFT:
            raise HarnessError(f"{path}: the kit's schemas are JSON Schema Draft 2020-12")
        resources.append((contents["$id"], referencing.Resource.from_contents(
            contents, default_specification=referencing.jsonschema.DRAFT202012)))
    return referencing.Registry().with_resources(resources)


#: The most errors a schema check collects: in all, and in each branch of a ``oneOf``/``anyOf``.
#: Enough to find the most relevant one; a hostile instance (300,000 ``{}`` where objects with
#: required keys belong) would otherwise cost one error object per fault — gigabytes.
MAX_ERRORS = 32
#: The longest schema problem told (characters); jsonschema's messages quote the instance.
MAX_PROBLEM = 300


def _bounded_branches(keyword: str):
    """``oneOf`` / ``anyOf`` as jsonschema checks them, except that a failing branch yields at
    most :data:`MAX_ERRORS` errors (jsonschema lists every error of every branch) and the
    message quotes only the head of the instance."""
    def check(validator, branches, instance, schema):
        all_errors, valid = [], None
        for index, branch in enumerate(branches):
            errors = list(islice(validator.descend(instance, branch, schema_path=index), MAX_ERRORS))
            if not errors:
                valid = index
                break
            all_errors.extend(errors)
        if valid is None:
            yield jsonschema.ValidationError(f"{_head(repr(instance))} is not valid under any of the given schemas",
                                             context=all_errors)
            return
        if keyword == "oneOf":
            also = [index for index, branch in enumerate(branches)
                    if index > valid and validator.evolve(schema=branch).is_valid(instance)]
            if also:
                yield jsonschema.ValidationError(f"{_head(repr(instance))} is valid under more than one of the "
                                                 f"given schemas (branches {valid}, {', '.join(map(str, also))})")
    return check


#: Draft 2020-12 with the bounded ``oneOf``/``anyOf``: every other keyword's errors are produced
#: one at a time, so taking the first :data:`MAX_ERRORS` of ``iter_errors`` bounds the whole check.
BoundedValidator = jsonschema.validators.extend(
    jsonschema.Draft202012Validator, {"oneOf": _bounded_branches("oneOf"), "anyOf": _bounded_branches("anyOf")})

_VALIDATORS: dict[str, jsonschema.protocols.Validator] = {}


def validator(ref: str) -> jsonschema.protocols.Validator:
    """A validator for a schema reference relative to corpus/schema/, e.g.
    ``protocol/response.schema.json#/$defs/start`` (:data:`BoundedValidator`)."""
    if ref not in _VALIDATORS:
        schema = {"$ref": SCHEMA_BASE + ref}   # no $schema: see _registry
        _VALIDATORS[ref] = BoundedValidator(schema, registry=_registry())
    return _VALIDATORS[ref]


def _head(text: str, limit: int = 80) -> str:
    return text if len(text) <= limit else text[:limit] + f"… ({len(text)} characters)"


def _schema_documents() -> dict[str, Any]:
    """Every schema document of corpus/schema/ by its ``$id``."""
    documents = {}
    for path in sorted(schema_dir().glob("*.json")) + sorted((schema_dir() / "protocol").glob("*.json")):
        contents = json.loads(path.read_text(encoding="utf-8"))
        documents[contents["$id"]] = contents
    return documents


_COMPILED: dict[str, Any] = {}


def compiled(ref: str):
    """The schema *ref* compiled to a Python function (fastjsonschema), once per process, or
    None where fastjsonschema is not installed.

    It is only ever trusted to *accept*: an instance it rejects goes to :func:`validator`
    (jsonschema), which decides and explains.  tests/test_harness.py checks on run log
    lines and their mutations that it accepts nothing jsonschema rejects."""
    if fastjsonschema is None:
        return None
    if ref not in _COMPILED:
        documents = _schema_documents()

        def local(uri: str) -> Any:   # every $ref is to a schema of corpus/schema/, never fetched
            return documents[uri.split("#", 1)[0]]

        try:
            _COMPILED[ref] = fastjsonschema.compile({"$ref": SCHEMA_BASE + ref}, handlers={"https": local},
                                                    use_default=False, use_formats=False)
        except Exception:  # pragma: no cover - a schema it cannot compile: jsonschema alone
            _COMPILED[ref] = None
    return _COMPILED[ref]


def schema_problem(ref: str, instance: Any) -> str | None:
    """None when *instance* is valid against *ref*, else the most relevant error, readably.

    The compiled check (:func:`compiled`) accepts most instances in a few microseconds;
    anything it does not accept is validated by jsonschema, whose verdict counts.

    For a ``oneOf``/``anyOf`` (a result is either ``ok: true`` with scores or ``ok: false``
    with an error) the error is looked for inside the branch the instance meant — the one
    whose discriminating ``const``/``enum`` it satisfies — so a result missing
    ``meets_minimum`` is told exactly that, not "ok: False was expected".

    The search is bounded: at most :data:`MAX_ERRORS` errors are collected (and as many per
    branch, :data:`BoundedValidator`), the most relevant of them told, clipped to
    :data:`MAX_PROBLEM` characters — whatever the instance, never the full list."""
    check = compiled(ref)
    if check is not None:
        try:
            check(instance)
            return None
        except Exception:  # rejected (or something it cannot handle): jsonschema decides
            pass
    errors = list(islice(validator(ref).iter_errors(instance), MAX_ERRORS))
    if not errors:
        return None
    top = max(errors, key=jsonschema.exceptions.by_relevance())
    error = _meant_branch(top)
    if error is top:
        error = jsonschema.exceptions.best_match(errors)
    where = "/".join(str(part) for part in error.absolute_path)
    return _head(f"{where or '(top level)'}: {_message(error)}", MAX_PROBLEM)


def _meant_branch(error: jsonschema.ValidationError) -> jsonschema.ValidationError:
    while error.validator in ("oneOf", "anyOf") and error.context:
        branches: dict[Any, list] = {}
        for sub in error.context:
            branches.setdefault(sub.relative_schema_path[0] if sub.relative_schema_path else None, []).append(sub)
        meant = [errors for errors in branches.values()
                 if not any(e.validator in ("const", "enum", "type") and len(e.relative_path) <= 1 and
                            len(e.relative_schema_path) <= 4 for e in errors)]
        if len(meant) != 1:
            break
        error = max(meant[0], key=jsonschema.exceptions.by_relevance())
    return error if error.validator in ("oneOf", "anyOf") and not error.context else (
        jsonschema.exceptions.best_match([error]) if error.context else error)


def _message(error: jsonschema.ValidationError) -> str:
    if error.validator == "required" and isinstance(error.instance, dict):
        missing = [name for name in error.validator_value if name not in error.instance]
        if missing:
            return "missing required propert" + ("y " if len(missing) == 1 else "ies ") + \
                ", ".join(repr(name) for name in missing)
    return error.message


# --------------------------------------------------------------------------- outcomes

@dataclass
class Outcome:
    """What happened when one case was sent to an implementation.

    ``kind`` is ``result`` (a valid result), ``skipped`` (the implementation declined),
    ``errored`` (it reported an internal failure), ``invalid`` (garbage or a response that
    breaks the protocol), ``crash`` or ``timeout``; ``unsolicited`` (an answer to another
    request) is handled by the implementation's transport and recorded as a violation.
    """

    kind: str
    result: dict | None = None
    message: str | None = None
    context: Any = None
    offending_line: str | None = None
    time: float = 0.0
    #: What the answer carried beyond the protocol's fields, left out (:func:`defined_fields`).
    dropped: dict | None = None


def _clip(text: str) -> str:
    return text if len(text) <= MAX_LINE else text[:MAX_LINE] + f"… ({len(text)} characters)"


def check_result(result: Any) -> str | None:
    """None when *result* satisfies the result contract the harness compares, else why not."""
    return schema_problem("protocol/result.schema.json", result)


#: What a run log keeps of a result: the fields result.schema.json defines, each bounded.
RESULT_FIELDS = ("ok", "variant", "fans", "fan_points", "flower_points", "total", "meets_minimum", "waits",
                 "interpretation")
ERROR_RESULT_FIELDS = ("ok", "error")
FAN_FIELDS = ("id", "count", "points", "name", "en")
ERROR_FIELDS = ("code", "message")
#: Characters kept of a fan's id or name, and of an error's code or message.
KEEP_TEXT = 200
#: Entries kept of ``fans`` and ``waits`` (a hand has at most some tens of each).
KEEP_ITEMS = 200
#: Characters of JSON kept of ``interpretation`` (informative only; a larger one is not kept).
KEEP_INTERPRETATION = 4096


def defined_fields(result: Any) -> tuple[Any, dict | None]:
    """*result* with only the fields the protocol defines (at its top, in each fan, in its error),
    and what was left out (``{"fields", "characters"}``, or None): done before the result is
    checked, so a megabyte beside a right answer costs neither the check nor the run log."""
    if not isinstance(result, dict):
        return result, None
    dropped: dict[str, int] = {}

    def only(value: dict, fields: tuple, where: str) -> dict:
        for name in value:
            if name not in fields:
                key = f"{where}{_clip_name(name)}"
                dropped[key] = dropped.get(key, 0) + len(json.dumps(value[name], ensure_ascii=False, default=str))
        return {name: value[name] for name in value if name in fields}

    kept = only(result, RESULT_FIELDS if result.get("ok") is True else ERROR_RESULT_FIELDS, "")
    if isinstance(kept.get("error"), dict):
        kept["error"] = only(kept["error"], ERROR_FIELDS, "error.")
    if isinstance(kept.get("fans"), list):
        kept["fans"] = [only(fan, FAN_FIELDS, "fans[].") if isinstance(fan, dict) else fan for fan in kept["fans"]]
    if not dropped:
        return result, None
    return kept, {"fields": list(dropped), "characters": sum(dropped.values())}


def merge_dropped(*parts: dict | None) -> dict | None:
    """One ``{"fields", "characters"}`` from several (None when all are None), at most 10 names and a count of the rest."""
    names = list(dict.fromkeys(name for part in parts if part for name in part["fields"]
                               if not name.startswith("… ")))
    if not names:
        return None
    shown = names[:10] + ([f"… {len(names) - 10} more"] if len(names) > 10 else [])
    return {"fields": shown, "characters": sum(part["characters"] for part in parts if part)}


def kept_result(result: dict) -> tuple[dict, dict | None]:
    """What a run log keeps of a valid *result* (:func:`check_result`): the protocol's fields,
    each bounded, and what was left out — ``{"fields": [names], "characters": N}`` (N the
    characters of JSON not kept) — or None when everything was kept.

    The schema lets a result carry fields it does not define; they are not compared, so they
    are not stored: a right answer with a megabyte of anything else beside it costs the run
    log nothing (docs/contract.md "What a run log keeps")."""
    dropped: list[str] = []
    lost = 0

    def text(value, where: str):
        nonlocal lost
        if isinstance(value, str) and len(value) > KEEP_TEXT:
            dropped.append(f"{where} (clipped)")
            lost += len(value) - KEEP_TEXT
            return value[:KEEP_TEXT] + "…"
        return value

    def only(value: dict, fields: tuple, where: str) -> dict:
        nonlocal lost
        for name in value:
            if name not in fields:
                dropped.append(f"{where}{_clip_name(name)}")
                lost += len(json.dumps(value[name], ensure_ascii=False, default=str)) + len(name) + 4
        return {name: text(value[name], f"{where}{name}") for name in fields if name in value}

    fields = RESULT_FIELDS if result.get("ok") else ERROR_RESULT_FIELDS
    kept = only(result, fields, "")
    if isinstance(kept.get("error"), dict):
        kept["error"] = only(kept["error"], ERROR_FIELDS, "error.")
    for name in ("fans", "waits"):
        items = kept.get(name)
        if isinstance(items, list) and len(items) > KEEP_ITEMS:
            dropped.append(f"{name} after the first {KEEP_ITEMS} (clipped)")
            lost += sum(len(json.dumps(item, ensure_ascii=False)) for item in items[KEEP_ITEMS:])
            kept[name] = items = items[:KEEP_ITEMS]
    if isinstance(kept.get("fans"), list):
        kept["fans"] = [only(fan, FAN_FIELDS, "fans[].") if isinstance(fan, dict) else fan for fan in kept["fans"]]
    if "interpretation" in kept:
        size = len(json.dumps(kept["interpretation"], ensure_ascii=False))
        if size > KEEP_INTERPRETATION:
            dropped.append(f"interpretation (over {KEEP_INTERPRETATION} characters)")
            lost += size
            kept["interpretation"] = None
    if not dropped:
        return kept, None
    names = list(dict.fromkeys(dropped))
    shown = names[:10] + ([f"… {len(names) - 10} more"] if len(names) > 10 else [])
    return kept, {"fields": shown, "characters": lost}


def _clip_name(name: str) -> str:
    return name if len(name) <= 40 else name[:40] + "…"


def check_metadata(metadata: Any) -> str | None:
    return schema_problem("protocol/response.schema.json#/$defs/start", metadata)


def strict_json(raw: bytes | str, max_bytes: int = jsonlines.MAX_LINE_BYTES) -> Any:
    """One JSON text, strictly (gb16.reference.jsonlines: UTF-8, no NaN/Infinity, no duplicate
    keys, bounded depth and integers); raises ValueError (JSONInputError) with the reason.

    An implementation's line, like a run log's, is data; a lenient parse would let
    ``{"seq": 1, "seq": 2}`` or ``NaN`` through as something nobody unambiguously said."""
    return jsonlines.parse_line(raw, max_bytes=max_bytes)


def parse_response(line: bytes | str, seq: int) -> Outcome:
    """Classify one response line to ``score`` request *seq*.

    ``seq`` must be a JSON integer equal to the request's (``9.0`` and ``true`` are not).  An
    integer ``seq`` of another request is ``unsolicited``: an answer out of step with the
    requests (a second answer, or one to a request not yet sent), never this case's answer."""
    text = line.decode("utf-8", "replace") if isinstance(line, (bytes, bytearray)) else line
    try:
        response = strict_json(line)
    except ValueError as exc:
        return Outcome("invalid", message=f"the response is not strict JSON ({exc})", offending_line=_clip(text))
    if not isinstance(response, dict):
        return Outcome("invalid", message="the response is not a JSON object", offending_line=_clip(text))
    got = response.get("seq")
    if type(got) is not int:
        return Outcome("invalid", message=f"the response's seq must be the integer {seq}, got {_clip(json.dumps(got))}",
                       offending_line=_clip(text))
    if got != seq:
        when = "an earlier request" if got < seq else "a request not yet sent"
        return Outcome("unsolicited", message=f"the response carries seq {got} ({when}) while request {seq} "
                                              f"awaits its answer", offending_line=_clip(text))
    if "result" in response:
        result, dropped = defined_fields(response["result"])
        problem = (schema_problem("protocol/response.schema.json#/$defs/scored", dict(response, result=result)))
        if problem:
            return Outcome("invalid", message=f"invalid result: {problem}", offending_line=_clip(text))
        return Outcome("result", result=result, dropped=dropped)
    if response.get("skipped") is True:
        problem = schema_problem("protocol/response.schema.json#/$defs/skipped", response)
        if problem:
            return Outcome("invalid", message=f"invalid skip response: {problem}", offending_line=_clip(text))
        return Outcome("skipped", message=_clip(response.get("message", "skipped by the implementation")))
    if response.get("errored") is True:
        problem = schema_problem("protocol/response.schema.json#/$defs/errored", response)
        if problem:
            return Outcome("invalid", message=f"invalid errored response: {problem}", offending_line=_clip(text))
        return Outcome("errored", message="the implementation reported an internal error",
                       context=response.get("context"))
    return Outcome("invalid", message="the response has none of result, skipped, errored",
                   offending_line=_clip(text))
