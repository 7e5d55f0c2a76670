"""The mutant machinery: a :class:`Mutation` (patches over the reference's module globals,
the fan registry or the fan table; an input or result rewrite; a replaced scoring call),
the :func:`mutant` decorator that registers one in :data:`MUTANTS` and makes it a scorer,
and the patch helpers the catalogue's areas build mutants from.  See
gb16.tools.mutants.catalogue for how a mutant is scored and why in process."""

from __future__ import annotations

import contextlib
import copy
import threading
from dataclasses import dataclass, replace
from typing import Any, Callable
from unittest import mock

import gb16.reference as reference
from gb16.reference import combination, notation, readings as readings_module
from gb16.reference import scoring, table, tiles as T
from gb16.reference.fans import REGISTRY, Predicate
from gb16.reference.hand import Hand
from gb16.tools.harness import provenance

#: The reference functions the mutants wrap, taken before any patch can be active.
_REF = {
    "readings": readings_module.readings,
    "is_winning": readings_module.is_winning,
    "knitted_waits": readings_module.knitted_waits,
    "wait_set": readings_module.wait_set,
    "formal_waits": readings_module.formal_waits,
    "score_interp": scoring.score_interpretation,
    "chow_links": combination.chow_links,
    "choices": combination.big_combination_choices,
    "numbered": notation._numbered,
    "name": T.name,
}

FLOWERS, CHICKEN = scoring.FLOWERS, scoring.CHICKEN
TWO_TERMINAL_CHOWS = combination.ONCE_ONLY_LINK
THREE_CHOW_FANS = ("pure_triple_chow", "pure_straight", "pure_shifted_chows",
                   "mixed_straight", "mixed_triple_chow", "mixed_shifted_chows")
FOUR_CHOW_FANS = ("quadruple_chow", "four_pure_shifted_chows")


# --------------------------------------------------------------------------- the machinery

@dataclass(frozen=True)
class Mutation:
    """What a mutant changes.  ``patches`` are context managers entered around the call;
    ``before`` rewrites the input, ``after(result, input)`` the result; ``score`` replaces
    the top-level ``gb16.reference.score`` call (it runs inside the patches)."""

    patches: tuple = ()
    before: Callable[[Any], Any] | None = None
    after: Callable[[dict, Any], dict] | None = None
    score: Callable[[Any], dict] | None = None

    @property
    def reading_api(self) -> bool:
        """Whether the reference's explain/score_interpretation, patched, describe this mutant."""
        return self.before is None and self.after is None and self.score is None


@dataclass(frozen=True)
class Mutant:
    name: str
    clause: str
    mistake: str           # first line of the defining function's docstring
    doc: str               # the whole docstring
    define: Callable[[], Mutation]
    scorer: Callable[[Any], dict]


#: Every mutant, in definition order.
MUTANTS: dict[str, Mutant] = {}
_LOCK = threading.RLock()


def clear_caches() -> None:
    """Empty the reference's memo caches whose contents a patch can change."""
    readings_module.clear_memos()
    scoring.applicable_predicates.cache_clear()
    table.fans_of.cache_clear()


@contextlib.contextmanager
def active(mutation: Mutation):
    """The mutation's patches, entered with clean caches and left with clean caches."""
    with _LOCK, contextlib.ExitStack() as stack:
        clear_caches()
        stack.callback(clear_caches)
        for patch in mutation.patches:
            stack.enter_context(patch)
        yield


def _metadata(name: str, mistake: str) -> dict:
    return {"name": f"gb16.tools.mutants.catalogue:{name}", "version": provenance.gb16_version(), "language": "python",
            "variants": ["gb16", "gb13"], "rulings": {}, "comment": f"mutant of the reference: {mistake}"}


def mutant(clause: str):
    """Register the decorated definition as a mutant; the module attribute becomes its scorer."""
    def register(define: Callable[[], Mutation]):
        name = define.__name__
        doc = (define.__doc__ or "").strip()
        mistake = doc.splitlines()[0] if doc else name

        def score(case_input):
            mutation = define()
            with active(mutation):
                given = mutation.before(copy.deepcopy(case_input)) if mutation.before else case_input
                result = (mutation.score or reference.score)(given)
            return mutation.after(result, case_input) if mutation.after else result

        def explain(case_input):
            with active(define()):
                return reference.explain(case_input)

        def score_interpretation(case_input, interpretation):
            with active(define()):
                return reference.score_interpretation(case_input, interpretation)

        score.__name__ = score.__qualname__ = name
        score.__doc__ = doc
        score.__module__ = "gb16.tools.mutants.catalogue"
        score.clause = clause
        score.mistake = mistake
        score.gb16_metadata = _metadata(name, mistake)
        reading_api = define().reading_api
        score.explain = explain if reading_api else None
        score.score_interpretation = score_interpretation if reading_api else None
        MUTANTS[name] = Mutant(name, clause, mistake, doc, define, score)
        return score
    return register


# --------------------------------------------------------------------------- patch helpers

def predicate(fan_id: str, func: Callable) -> Any:
    """Replace the definition (predicate) of ``fan_id``."""
    return mock.patch.dict(REGISTRY, {fan_id: Predicate(fan_id, func, REGISTRY[fan_id].scope)})


def fan_record(fan_id: str, **changes) -> Any:
    """Replace fields of the fan table's record of ``fan_id`` (points, repeatable, excludes)."""
    return mock.patch.dict(table.BY_ID, {fan_id: replace(table.BY_ID[fan_id], **changes)})


def unexclude(fan_id: str, *excluded: str) -> Any:
    """``fan_id`` no longer excludes the fans ``excluded`` (a 不计 dropped)."""
    kept = tuple(e for e in table.BY_ID[fan_id].excludes if e.fan not in excluded)
    return fan_record(fan_id, excludes=kept)


def exclusion_everywhere(fan_id: str, *excluded: str) -> Any:
    """``fan_id``'s exclusions of ``excluded`` apply in every variant (gb13 rules in gb16)."""
    changed = tuple(replace(e, variants=None) if e.fan in excluded else e for e in table.BY_ID[fan_id].excludes)
    return fan_record(fan_id, excludes=changed)


def attribute(target: str, new: Any) -> Any:
    """Replace a module global such as ``gb16.reference.scoring.chow_links``."""
    return mock.patch(target, new)


def hand_facts(derive: Callable[[Hand], dict]) -> Any:
    """Override facts a :class:`Hand` derives once at construction (``is_concealed``,
    ``tile_set``, ``suits`` …) with ``derive(hand)``, a dict of new values."""
    original = Hand.__post_init__

    def post_init(self):
        original(self)
        for name, value in derive(self).items():
            object.__setattr__(self, name, value)
    return mock.patch.object(Hand, "__post_init__", post_init)


def rebuilt(interp: scoring.Interpretation, fans: dict) -> scoring.Interpretation:
    """An interpretation with another fan map, its points summed again."""
    fans = {f: list(o) for f, o in fans.items() if o}
    fans = dict(sorted(fans.items(), key=lambda kv: table.ORDER[kv[0]]))
    points = sum(table.fan(f).points * len(o) for f, o in fans.items() if f != FLOWERS)
    return scoring.Interpretation(interp.reading, interp.big, fans, list(interp.links), points,
                                  len(fans.get(FLOWERS, ())))


def _error_code(result: dict) -> str | None:
    return (result.get("error") or {}).get("code") if isinstance(result, dict) and not result.get("ok") else None


def names() -> list[str]:
    return list(MUTANTS)


def get(name: str) -> Mutant:
    try:
        return MUTANTS[name]
    except KeyError:
        raise KeyError(f"no mutant {name!r}; `python -m gb16.tools.mutants.catalogue --list` lists them") from None

