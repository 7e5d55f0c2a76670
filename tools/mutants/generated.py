"""Generated mutants of the scoring core: every mutation operator of Cosmic Ray applied, one
occurrence at a time, to the reference's scoring modules, and each mutant judged twice and
apart — by the corpus (as ``gb16 certify`` judges a case) and by the properties at the ci
profile (each property's recorded stream replayed, gb16.properties.replay).

    python -m gb16.tools.mutants.generated run --sample 500 --seed 1 --jobs 2 --results generated.jsonl
    python -m gb16.tools.mutants.generated table --results generated.jsonl     # the kill tables' section

and, for results judged before a check was added (each check alone, the survivors only):

    python -m gb16.tools.mutants.generated rejudge --results generated.jsonl --after after.jsonl \
        --property reading_contests --property gb13_special_near_misses    # properties added since
    python -m gb16.tools.mutants.generated rejudge --corpus --results generated.jsonl --after corpus.jsonl
    python -m gb16.tools.mutants.generated table --results generated.jsonl --after after.jsonl corpus.jsonl
    python -m gb16.tools.mutants.generated sites            # the mutation sites per module and operator

The catalogue (gb16.tools.mutants.catalogue) holds the mistakes its authors thought of; these
are the mistakes a mutation tool makes mechanically: an operator replaced (``+`` by ``-``,
``<`` by ``<=``), a constant moved by one, ``and`` for ``or``, ``not`` inserted, ``True``
for ``False``, ``break`` for ``continue``, a loop that never runs, a decorator removed, an
exception handler that no longer catches (docs/kill-tables.md "Generated mutants": why Cosmic
Ray, and the two operators left out).

**In process, by code object.**  A mutation site is a (module, operator, occurrence) of Cosmic
Ray's own walk of the module's parso tree (``cosmic_ray.mutating.mutate_code``).  The mutated
module source is compiled, never written to disk: the code object of the top-level function
or method that holds the site replaces that function's ``__code__`` for the duration of the
mutant (the function object stays, so every reference to it — the fan registry, imports by
name, an ``lru_cache`` wrapper — runs the mutated code).  A site outside every function body
(a module-level table, a decorator line, a default argument) changes no function's code and
is not a mutant of this kind: :func:`sites` leaves it out and says how many.  A mutation whose
compiled code equals the original (an annotation, which ``from __future__ import annotations``
never evaluates) is *equivalent by compilation* and recorded as such.

**Judged in a child process.**  Each mutant runs in a process forked from one that has loaded
the corpus and recorded the property streams; the parent keeps ``--jobs`` children running
and ends a child that overruns its time: that mutant is recorded as ``timeout`` — broken:
neither check finished.  A mutated loop that never ends is met first by the time limit of one
call (:data:`CASE_TIMEOUT`: the corpus's cases run under the harness's limit and the scan stops
at the first past it; the properties' calls under an alarm, :func:`time_limited`), so it is
judged — killed through a timeout, as ``gb16 certify`` counts one.  Each judgement stops at the first
answer that differs: the corpus at the first case the mutant fails (a valid answer that differs
from the expectation), under the project's reading and then under each option and delta the
corpus states expectations for (:func:`declarations`); a case where it raises is recorded as
``broken_case`` and the scan goes on for a differing answer.  The properties stop at the first
property whose stream it fails, under the project's reading and then, for those that need no
model of the rules (:data:`RULE_FREE`), under each non-default option, and for those whose model knows an
option or delta (:data:`MODEL_UNDER_RULES`), under it, the scorer declaring it; a violation that is the scorer raising is recorded as
``property`` of a ``broken`` verdict and the scan goes on.  A check that saw the mutant raise
and nothing else has still caught it (gb16.tools.mutants.generated_tables: a crash is a kill);
a property whose own check broke on it (``errors``) judged nothing.
The results file is JSON Lines, one record per mutant, appended as each ends: a run started
again with the same file skips the mutants it holds (same site, same module source).  A run
begun on a source since reformatted goes on with ``--drawn-at COMMIT``: the sample is drawn on
the reference as of that commit and each mutant still to judge is the same mutant of the
current source (:func:`relocate`); ``rejudge --drawn-at`` does the same for the records.
"""

from __future__ import annotations

import argparse
import ast
import contextlib
import functools
import hashlib
import importlib
import json
import os
import random
import signal
import sys
import threading
import time
import types
from collections import Counter, defaultdict
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any, Callable, Iterator
from unittest import mock

from gb16.tools.harness import parallel
from gb16.tools.mutants.machinery import Mutation

#: The scoring core (module names under gb16.reference): shapes, readings and waits,
#: combination, scoring, special shapes, the groups and every family of fans.
CORE = (
    "shapes", "readings", "combination", "scoring", "special_shapes", "groups",
    "fans", "fans.chows", "fans.concealment", "fans.honours", "fans.kongs", "fans.pungs",
    "fans.sets", "fans.special", "fans.tile_content", "fans.waits", "fans.win_conditions",
)

#: Cosmic Ray's operators that need arguments naming a variable of the code under test (its
#: causal-inference pair): not a generic operator, so not applied (docs/kill-tables.md).
NEEDS_ARGUMENTS = ("core/VariableReplacer", "core/VariableInserter")

#: Seconds a child may take over one mutant (both judgements) before it is ended.
MUTANT_TIMEOUT = 240.0
#: Seconds one corpus case may take.
CASE_TIMEOUT = 10.0
#: Address space of a child (bytes): a mutant that allocates without end fails inside it.
CHILD_MEMORY = 3 * 1024 ** 3


def operator_names() -> tuple[str, ...]:
    """Every operator of Cosmic Ray (``core/...``) but those that need arguments."""
    from cosmic_ray import plugins      # the [mutation] extra
    return tuple(n for n in plugins.operator_names() if n not in NEEDS_ARGUMENTS)


def _operator(name: str):
    from cosmic_ray import plugins
    return plugins.get_operator(name)()


def module_of(short: str) -> types.ModuleType:
    return importlib.import_module(f"gb16.reference.{short}")


def _source(short: str) -> str:
    return Path(module_of(short).__file__).read_text(encoding="utf-8")


def source_hash(short: str, source: str | None = None) -> str:
    return hashlib.sha256((_source(short) if source is None else source).encode("utf-8")).hexdigest()[:16]


def source_at(commit: str, short: str) -> str:
    """The module's source as of a git commit of the checkout (``git show``)."""
    import subprocess
    path = Path(module_of(short).__file__).resolve()
    root = Path(__file__).resolve().parents[2]
    try:
        return subprocess.run(["git", "-C", str(root), "show", f"{commit}:{path.relative_to(root).as_posix()}"],
                              capture_output=True, text=True, check=True, timeout=30).stdout
    except (subprocess.SubprocessError, OSError, ValueError) as exc:
        raise SystemExit(f"cannot read reference/{short} at {commit!r}: {exc}") from None


# --------------------------------------------------------------------------- sites

@dataclass(frozen=True)
class Site:
    """One generated mutant: the ``occurrence``-th position of ``operator`` in ``module``'s walk."""

    module: str
    operator: str
    occurrence: int
    line: int
    function: str | None        # the qualified name of the top-level function or method holding it

    @property
    def id(self) -> str:
        return f"{self.module}:{self.operator.removeprefix('core/')}:{self.occurrence}"


def _functions(source: str) -> list[tuple[str, int, int]]:
    """``(qualname, first body line, last line)`` of every top-level function and every
    method of a top-level class (the code objects a mutant replaces)."""
    out = []
    for node in ast.parse(source).body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            out.append((node.name, node.lineno, node.end_lineno))
        elif isinstance(node, ast.ClassDef):
            for item in node.body:
                if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    out.append((f"{node.name}.{item.name}", item.lineno, item.end_lineno))
    return out


def _holder(functions, line: int) -> str | None:
    for name, first, last in functions:
        if first <= line <= last:
            return name
    return None


def module_sites(short: str, operators: tuple[str, ...] | None = None,
                 source: str | None = None) -> tuple[list[Site], int]:
    """``(sites, outside)``: every site of every operator in the functions of ``module`` (of
    ``source``, by default the module's current one), in Cosmic Ray's walk order, and how many
    sites lie outside every function body."""
    from cosmic_ray.ast import ast_nodes, get_ast
    source = _source(short) if source is None else source
    functions = _functions(source)
    tree = get_ast(source)
    ops = [(name, _operator(name)) for name in (operators or operator_names())]
    counts: Counter = Counter()
    sites, outside = [], 0
    for node in ast_nodes(tree):
        for name, op in ops:
            for (start, _end) in op.mutation_positions(node):
                occurrence = counts[name]
                counts[name] += 1
                holder = _holder(functions, start[0])
                if holder is None:
                    outside += 1
                    continue
                sites.append(Site(short, name, occurrence, start[0], holder))
    return sites, outside


def all_sites(modules: tuple[str, ...] = CORE, at: str | None = None) -> tuple[list[Site], dict[str, int]]:
    """Every site of ``modules`` in the current source, or in the source as of commit ``at``."""
    sites, outside = [], {}
    for short in modules:
        found, out = module_sites(short, source=None if at is None else source_at(at, short))
        sites += found
        outside[short] = out
    return sites, outside


def stratified_sample(sites: list[Site], n: int, seed: int) -> list[Site]:
    """``n`` sites drawn round-robin over the strata (module, operator), each stratum shuffled
    and the strata visited in a shuffled order, all from ``seed``: every module and operator
    is represented as evenly as its sites allow."""
    rng = random.Random(seed)
    strata: dict[tuple[str, str], list[Site]] = defaultdict(list)
    for s in sites:
        strata[(s.module, s.operator)].append(s)
    order = sorted(strata)
    rng.shuffle(order)
    for key in order:
        rng.shuffle(strata[key])
    chosen: list[Site] = []
    depth = 0
    while len(chosen) < n and any(len(v) > depth for v in strata.values()):
        for key in order:
            if len(strata[key]) > depth and len(chosen) < n:
                chosen.append(strata[key][depth])
        depth += 1
    return chosen


# --------------------------------------------------------------------------- one mutant, in process

def _find_code(code: types.CodeType, qualname: str) -> types.CodeType | None:
    for const in code.co_consts:
        if isinstance(const, types.CodeType):
            if const.co_qualname == qualname:
                return const
            found = _find_code(const, qualname)
            if found is not None:
                return found
    return None


def _live_function(module: types.ModuleType, qualname: str) -> types.FunctionType:
    owner: Any = module
    parts = qualname.split(".")
    for part in parts[:-1]:
        owner = vars(owner)[part]
    value = vars(owner)[parts[-1]]
    if isinstance(value, (staticmethod, classmethod)):
        value = value.__func__
    elif isinstance(value, property):
        value = value.fget
    while not isinstance(value, types.FunctionType) and hasattr(value, "__wrapped__"):
        value = value.__wrapped__          # an lru_cache wrapper
    if not isinstance(value, types.FunctionType):
        raise TypeError(f"{module.__name__}.{qualname} is not a function")
    return value


class NotAMutant(Exception):
    """The site gives no mutant of this kind (no mutation, or one that does not compile)."""


def mutated_code(site: Site) -> tuple[types.CodeType, types.CodeType, str]:
    """``(original code, mutated code, the mutated line)`` of the site's function.

    Raises :class:`NotAMutant` when Cosmic Ray makes no mutation there or the result does not
    compile; the caller compares the two codes for equivalence by compilation."""
    from cosmic_ray.mutating import mutate_code
    module = module_of(site.module)
    source = _source(site.module)
    mutated = mutate_code(source, _operator(site.operator), site.occurrence)
    if mutated is None:
        raise NotAMutant("Cosmic Ray made no mutation at this occurrence")
    try:
        compiled = compile(mutated, module.__file__, "exec", dont_inherit=True)
    except SyntaxError as exc:
        raise NotAMutant(f"the mutated module does not compile: {exc}") from None
    new = _find_code(compiled, site.function)
    if new is None:
        raise NotAMutant(f"no function {site.function} in the mutated module")
    original = _live_function(module, site.function).__code__
    if len(new.co_freevars) != len(original.co_freevars):
        raise NotAMutant("the mutation changes the function's closure")
    lines = mutated.splitlines()
    shown = lines[site.line - 1].strip() if site.line - 1 < len(lines) else ""
    return original, new, shown


def _function_codes(source: str, site: Site) -> tuple[Any, Any] | None:
    """The site's function in ``source``, original and mutated, as comparable values (the code
    without its line numbers and file name), or None when the site gives no mutant there."""
    from cosmic_ray.mutating import mutate_code

    def plain(code: types.CodeType) -> tuple:
        consts = tuple(plain(c) if isinstance(c, types.CodeType) else c for c in code.co_consts)
        return (code.co_code, consts, code.co_names, code.co_varnames, code.co_freevars, code.co_cellvars,
                code.co_argcount, code.co_posonlyargcount, code.co_kwonlyargcount, code.co_flags)
    mutated = mutate_code(source, _operator(site.operator), site.occurrence)
    if mutated is None or site.function is None:
        return None
    try:
        with warnings_silenced():
            before, after = (compile(text, "<source>", "exec", dont_inherit=True) for text in (source, mutated))
    except SyntaxError:
        return None
    old, new = _find_code(before, site.function), _find_code(after, site.function)
    return None if old is None or new is None else (plain(old), plain(new))


@contextlib.contextmanager
def warnings_silenced() -> Iterator[None]:
    import warnings
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", SyntaxWarning)   # `is` with a literal: the mutants' own doing
        yield


@functools.lru_cache(maxsize=None)
def _current_sites(short: str, operator: str) -> tuple[Site, ...]:
    return tuple(module_sites(short, (operator,))[0])


def relocate(site: Site, source: str, line: str | None = None) -> Site | None:
    """The same mutant in the module's current source: the site of the same operator in the same
    function whose function code — original and mutated, line numbers aside — equals the one
    ``site`` gives in ``source`` (the module as it was).  Where the function's code changed
    (annotated, a local renamed) and ``line`` is the mutated line as it was, the one site of the
    same operator in that function whose mutated line reads the same: the same mutation of the
    reworded function.  None when neither is found (the mutation is gone, or its line changed
    too).  A site of a source since reformatted keeps its mutant, while its occurrence number
    may move."""
    if source == _source(site.module):
        return site
    wanted = _function_codes(source, site)
    if wanted is None:
        return None
    current = _source(site.module)
    same_function = [c for c in _current_sites(site.module, site.operator) if c.function == site.function]
    for candidate in same_function:
        if _function_codes(current, candidate) == wanted:
            return candidate
    if line is None:
        return None
    same_line = [c for c in same_function if _mutated_line(current, c) == line]
    return same_line[0] if len(same_line) == 1 else None


def _mutated_line(source: str, site: Site) -> str | None:
    from cosmic_ray.mutating import mutate_code
    mutated = mutate_code(source, _operator(site.operator), site.occurrence)
    lines = mutated.splitlines() if mutated is not None else []
    return lines[site.line - 1].strip()[:200] if 0 < site.line <= len(lines) else None


def _clear_every_cache() -> None:
    from gb16.tools.mutants.machinery import clear_caches
    clear_caches()
    for short in CORE:
        for value in vars(module_of(short)).values():
            if callable(getattr(value, "cache_clear", None)):
                value.cache_clear()


@contextlib.contextmanager
def code_swapped(site: Site, new: types.CodeType) -> Iterator[None]:
    """The site's function runs ``new`` inside the block (caches emptied on the way in and out)."""
    from cosmic_ray.exceptions import CosmicRayTestingException
    module = module_of(site.module)
    function = _live_function(module, site.function)
    original = function.__code__
    with mock.patch.dict(vars(module), {"CosmicRayTestingException": CosmicRayTestingException}):
        _clear_every_cache()
        function.__code__ = new
        try:
            yield
        finally:
            function.__code__ = original
            _clear_every_cache()


class CallTimedOut(TimeoutError):
    """A call of a mutant ran past :data:`CASE_TIMEOUT`: a mutated loop that never ends."""


def time_limited(function: Callable) -> Callable:
    """``function`` under :data:`CASE_TIMEOUT` per call where it is called on the main thread (the
    properties' calls; the corpus's run on the harness's threads, under its own time limit):
    an alarm interrupts a call that runs past it with :class:`CallTimedOut`, which the property
    sees as the scorer raising — as ``gb16 certify`` records a case past its time limit."""
    def call(*args, **kwargs):
        if threading.current_thread() is not threading.main_thread():
            return function(*args, **kwargs)

        def expire(signum, frame):
            raise CallTimedOut(f"a call ran past {CASE_TIMEOUT:g} s")
        previous = signal.signal(signal.SIGALRM, expire)
        signal.setitimer(signal.ITIMER_REAL, CASE_TIMEOUT)
        try:
            return function(*args, **kwargs)
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, previous)
    return call


def generated_mutant(site: Site, shown: str = "", rules=None):
    """The site as a mutant of gb16.tools.mutants.machinery whose scorer is the reference's own
    functions (under ``rules``, a :class:`~gb16.reference.rules.Rules`; None: the project's
    reading): the caller runs it inside :func:`code_swapped`, entered once for every case and
    property (a per-call patch would empty the reference's caches on every call)."""
    import gb16.reference as reference
    from gb16.tools.mutants.machinery import Mutant, _metadata
    name = f"generated:{site.id}"
    mistake = f"{site.operator.removeprefix('core/')} in {site.function}: {shown}"

    @time_limited
    def score(case_input):
        return reference.score(case_input, rules)
    score.__name__ = score.__qualname__ = name
    score.gb16_metadata = _metadata(name, mistake)
    score.explain = time_limited(lambda case_input, **how: reference.explain(case_input, rules, **how))
    score.score_interpretation = time_limited(
        lambda case_input, interp: reference.score_interpretation(case_input, interp, rules))
    return Mutant(name, f"reference/{site.module.replace('.', '/')}.py:{site.line}", mistake, mistake,
                  lambda: Mutation(), score)


# --------------------------------------------------------------------------- judging

def declarations(cases: list[dict]) -> list[tuple[str, Any, dict, list[dict]]]:
    """``(label, rules, metadata, cases)``: every rule set besides the project's reading that the
    corpus states hand-worked expectations for, and the cases judged under it.

    * an option of an open ruling (``R-002:B``; docs/rulings.md) that some case's alternatives
      name: the mutant's scorer runs under it and declares it (``"rulings"`` in its metadata), and
      every case that names the ruling is judged as ``gb16 certify`` judges an implementation
      declaring it (the case's expectation for that option, gb16.tools.harness.compare);
    * an edition delta (corpus/editions.json) that some case's alternatives name: the scorer
      runs under that one delta, and each such case is judged against the expectation it
      states under it (its ``alternatives`` entry, worked out by hand).  The delta is not
      declared in the metadata: certify would then ask the reference whether the delta acts
      on the hand (gb16.tools.harness.declaration.select), and in process the reference is the
      mutant — the expectation would come from the code under test.
    """
    from gb16.reference import rules as R
    from gb16.tools.harness.compare import delta_alternatives, ruling_alternatives, ruling_ids
    from gb16.tools.mutants.machinery import _metadata
    base = _metadata("declared", "")
    out: list[tuple[str, Any, dict, list[dict]]] = []
    named = sorted({key for c in cases for key in ruling_alternatives(c)})
    for key in named:
        rid, _, option = key.partition(":")
        if rid not in R.RULINGS or option not in R.RULINGS[rid]["options"] or key in R.WITHDRAWN_OPTIONS \
                or option == R.DEFAULT_OPTIONS.get(rid):
            continue
        judged = [c for c in cases if rid in ruling_ids(c)]
        out.append((key, R.Rules.parse({rid: option}), {**base, "rulings": {rid: option}}, judged))
    for delta in sorted({d for c in cases for d in delta_alternatives(c)}):
        if delta not in R.DELTAS:
            continue
        judged = [{**c, "expect": delta_alternatives(c)[delta],
                   "alternatives": [a for a in c.get("alternatives", []) if "ruling" in a]}
                  for c in cases if delta in delta_alternatives(c)]
        out.append((delta, R.Rules.parse((), None, [delta]), base, judged))
    return out


def _declared_outcome(site: Site, shown: str, label: str, rules, metadata: dict,
                      cases: list[dict]) -> tuple[str | None, str | None, bool]:
    """``(killed case, broken case, hung)`` of the mutant under one rule set of :func:`declarations`
    (``hung``: a case ran past its time; see gb16.tools.mutants.kill.corpus_outcomes)."""
    from gb16.tools.mutants.kill import corpus_outcomes
    m = generated_mutant(site, shown, rules)
    m.scorer.gb16_metadata = {**metadata, "name": f"{metadata['name']} {label}"}
    hung: list[str] = []
    killed, broken = corpus_outcomes(m, cases, timeout=CASE_TIMEOUT, stop_after=1, timed_out=hung)
    return (killed[0] if killed else None), (broken[0] if broken else None), bool(hung)


def judge_corpus(m, cases: list[dict], site: Site | None = None, shown: str = "") -> dict:
    """The corpus alone: killed at the first failing case — under the project's reading, then
    under each option and delta the corpus states expectations for (:func:`declarations`, the
    label in ``under``) — else broken (only cases where it errs: ``broken_case``) or survives."""
    from gb16.tools.mutants.kill import corpus_outcomes
    began = time.monotonic()
    hung: list[str] = []
    killed, broken = corpus_outcomes(m, cases, timeout=CASE_TIMEOUT, stop_after=1, timed_out=hung)
    under = None
    if not killed and site is not None and not hung:   # a call left running: no fair time for more
        for label, rules, metadata, judged in declarations(cases):
            case, broke, stuck = _declared_outcome(site, shown, label, rules, metadata, judged)
            if broke and not broken:
                broken = [broke]
            if case is not None:
                killed, under = [case], label
            if case is not None or stuck:
                break
    verdict = "killed" if killed else ("broken" if broken else "survived")
    return {"verdict": verdict, "case": killed[0] if killed else None, "under": under,
            "broken_case": broken[0] if broken else None, "seconds": round(time.monotonic() - began, 2)}


#: The properties that judge a scorer by its own answers alone — the same hand with the suits
#: permuted, the winds and dragons relabelled, the numbers reflected (gb16 and gb13), asked
#: twice, or broken (an answer, never a raise) — and no model of the rules: they hold under every
#: option of every open ruling, for no option of docs/rulings.md tells suits, numbers 1↔9 or the
#: relabelled honours apart (the reference under each passes their ci streams).  The properties
#: judge a mutant by them under each non-default option too (:func:`judge_properties`).
RULE_FREE = ("suit_permutation", "wind_dragon_relabelling", "number_reflection", "determinism", "robustness",
             "gb13_relabelling")


#: The properties whose model knows options of the open rulings and edition deltas
#: (gb16.properties.in_force.MODELLED, read from the texts, never from the scorer's tables): each
#: judges a mutant under every rule set its model knows as well, the scorer declaring it.
MODEL_UNDER_RULES = ("rulings_in_force",)


class UnderOptions(list):
    """A list of property names to judge only under the non-default options (``rejudge --options``)."""


def option_rules() -> list[tuple[str, Any]]:
    """``(label, rules)`` of every non-default option of every open ruling (docs/rulings.md,
    corpus/editions.json) — from the rulings themselves, not from the corpus."""
    from gb16.reference import rules as R
    return [(f"{rid}:{option}", R.Rules.parse({rid: option})) for rid, ruling in sorted(R.RULINGS.items())
            for option in sorted(ruling["options"]) if option != R.DEFAULT_OPTIONS.get(rid)
            and f"{rid}:{option}" not in R.WITHDRAWN_OPTIONS]


def rule_passes(free: list, modelled: list) -> list[tuple[str, Any, list]]:
    """``(label, rules, properties)``: each non-default option (:func:`option_rules`) with the
    properties of ``free`` (they need no model of the rules) and those of ``modelled`` whose
    model knows it, then each edition delta such a model knows, with those alone."""
    from gb16.properties.in_force import MODELLED
    from gb16.reference import rules as R
    out = [(label, rules, free + (modelled if label in MODELLED else [])) for label, rules in option_rules()]
    out += [(label, R.Rules.parse((), None, [label]), modelled) for label in MODELLED
            if ":" not in label and label in R.DELTAS]
    return out


def _declaring(m, label: str):
    """The mutant's scorer as the properties see it, declaring the rule set ``label``
    (docs/contract.md: what an implementation declares; gb16.properties.in_force reads it)."""
    from gb16.properties.in_force import declaration
    from gb16.tools.mutants.kill import mutant_scorer
    scorer = mutant_scorer(m)
    scorer.declared = declaration(label)
    return scorer


def judge_properties(m, only: list[str] | None = None, site: Site | None = None, shown: str = "") -> dict:
    """The properties alone at ci: killed at the first property whose stream the mutant
    fails — under the project's reading, then (with ``site``) the properties of :data:`RULE_FREE`
    under each non-default option (:func:`option_rules`; the label in ``under``), and those of
    :data:`MODEL_UNDER_RULES` under each option and delta their model knows (:func:`rule_passes`,
    the scorer declaring it); a violation
    that is the scorer raising is kept in ``property`` of a ``broken`` verdict and the scan goes
    on for a differing answer (a crash the check saw: generated_tables).  ``only`` an
    :class:`UnderOptions`: those properties under the options alone."""
    from gb16.properties import replay
    from gb16.properties.invariants import BY_NAME, PROPERTIES
    from gb16.tools.mutants.kill import mutant_scorer
    began = time.monotonic()
    passes: list[tuple[str | None, Any, list]] = []
    if not isinstance(only, UnderOptions):
        passes.append((None, mutant_scorer(m), [p for p in PROPERTIES if not only or p.name in only]))
    if site is not None:
        free = [BY_NAME[name] for name in RULE_FREE if not only or name in only]
        modelled = [] if isinstance(only, UnderOptions) else \
            [BY_NAME[name] for name in MODEL_UNDER_RULES if not only or name in only]
        passes += [(label, _declaring(generated_mutant(site, shown, rules), label), props)
                   for label, rules, props in rule_passes(free, modelled) if props]
    raised, errors = None, []
    for under, scorer, props in passes:
        found = _first_kill(props, scorer, replay, errors)
        if found is None:
            continue
        if found[0] == "raised":
            raised = raised or (found[1] if under is None else f"{found[1]} under {under}")
            if found[2]:   # a call that never ended: every pass would meet it again
                break
            continue
        _, name, index, violation = found
        return {"verdict": "killed", "property": name, "under": under, "example": index,
                "violation": violation[:300], "errors": errors, "seconds": round(time.monotonic() - began, 2)}
    return {"verdict": "broken" if (raised or errors) else "survived", "property": raised, "errors": errors,
            "seconds": round(time.monotonic() - began, 2)}


def _first_kill(props: list, scorer, replay, errors: list[str]) -> tuple | None:
    """``("killed", property, example, violation)`` at the first property whose stream the
    scorer fails with an answer, else ``("raised", property, hung)`` where one saw it raise
    (``hung``: a call ran past its time, :class:`CallTimedOut`, and the scan stopped there: a
    loop that never ends would cost each later property the same), else None."""
    raised = None
    for prop in props:
        try:
            hit = replay.first_violation(prop, scorer, replay.stream(prop.name, "ci"))
        except Exception:   # noqa: BLE001 — a check that breaks on the mutant is an error, not a kill
            errors.append(prop.name)
            continue
        if hit is None:
            continue
        if hit[1].startswith(f"the scorer raised {CallTimedOut.__name__}"):
            return "raised", raised or prop.name, True
        if hit[1].startswith("the scorer raised"):
            raised = raised or prop.name
            continue
        return "killed", prop.name, hit[0], hit[1]
    return ("raised", raised, False) if raised else None


def judge(site: Site, cases: list[dict] | None, properties: list[str] | None = None) -> dict:
    """One mutant's record: the site, the mutated line, and both judgements apart (``cases``
    None: the properties alone; ``properties`` ``[]``: the corpus alone — as ``rejudge`` asks)."""
    began = time.monotonic()
    record = {"id": site.id, "module": site.module, "operator": site.operator.removeprefix("core/"),
              "occurrence": site.occurrence, "line": site.line, "function": site.function,
              "source": source_hash(site.module)}
    try:
        original, new, shown = mutated_code(site)
    except NotAMutant as exc:
        return {**record, "outcome": "not a mutant", "why": str(exc)}
    record["mutated"] = shown[:200]
    if new == original:
        return {**record, "outcome": "equivalent", "why": "the compiled code is unchanged (equivalent by compilation)"}
    m = generated_mutant(site, shown)
    recorded_streams(properties)     # recorded on the reference, never under the mutant
    with code_swapped(site, new):
        if cases is not None:
            record["corpus"] = judge_corpus(m, cases, site, shown)
        if properties != []:
            record["properties"] = judge_properties(m, properties, site, shown)
    record["outcome"] = "judged"
    record["seconds"] = round(time.monotonic() - began, 2)
    return record


# --------------------------------------------------------------------------- the run

def _limit_memory() -> None:
    """First thing in each mutant's process: at most :data:`CHILD_MEMORY` of address space."""
    try:
        import resource
        resource.setrlimit(resource.RLIMIT_AS, (CHILD_MEMORY, CHILD_MEMORY))
    except (ImportError, ValueError, OSError):
        pass


def _judged(site: Site, cases: list[dict] | None, properties) -> dict:
    """:func:`judge` in the mutant's process: whatever happens, a record."""
    try:
        return judge(site, cases, properties)
    except BaseException as exc:   # noqa: BLE001 — whatever happens, the parent gets a record
        return {"id": site.id, "outcome": "error", "why": f"{type(exc).__name__}: {exc}"[:300]}


def done_ids(results: Path) -> set[str]:
    """The ids already judged in ``results`` against the current source of their module."""
    if not results.exists():
        return set()
    hashes = {short: source_hash(short) for short in CORE}
    out = set()
    for r in _records(results):
        if r.get("outcome") in ("judged", "equivalent", "not a mutant", "timeout") and \
                r.get("source") == hashes.get(r.get("module")):
            out.add(r["id"])
    return out


def recorded_streams(properties: list[str] | None = None) -> None:
    """Record (once per process) the ci streams of the properties (None: all; ``[]``: none), on
    the reference."""
    from gb16.properties import replay
    from gb16.properties.invariants import PROPERTIES
    for prop in PROPERTIES:
        if properties is None or prop.name in properties:
            replay.stream(prop.name, "ci")


def prepare(properties: list[str] | None = None, corpus: bool = True) -> list[dict] | None:
    """Load the corpus and record the property streams once, before any child is forked."""
    from gb16.tools.harness.corpus import load_corpus
    cases = load_corpus(None).cases if corpus else None
    recorded_streams(properties)
    operator_names()     # load Cosmic Ray's plugins in the parent
    return cases


def run(chosen: list[Site], results: Path, jobs: int, properties: list[str] | None = None,
        timeout: float = MUTANT_TIMEOUT, progress: Callable[[str], None] | None = None,
        corpus: bool = True) -> list[dict]:
    """Judge ``chosen`` on ``jobs`` processes, appending each record to ``results`` as it ends
    (``corpus`` False: the properties alone)."""
    skip = done_ids(results)
    todo = [s for s in chosen if s.id not in skip]
    if progress:
        progress(f"{len(chosen) - len(todo)} of {len(chosen)} mutants already in {results}; {len(todo)} to judge")
    if not todo:
        return []
    cases = prepare(properties, corpus)
    out: list[dict] = []
    results.parent.mkdir(parents=True, exist_ok=True)
    with results.open("a", encoding="utf-8") as sink:
        # each mutant in a forked process of its own (gb16.tools.harness.parallel), records as they end
        for outcome in parallel.run(partial(_judged, cases=cases, properties=properties), [(s,) for s in todo],
                                    max(1, jobs), ordered=False, fresh=True, timeout=timeout,
                                    initializer=_limit_memory):
            site = todo[outcome.index]
            lost = {"id": site.id, "module": site.module, "operator": site.operator.removeprefix("core/"),
                    "occurrence": site.occurrence, "line": site.line, "function": site.function,
                    "source": source_hash(site.module)}
            if outcome.status == "done":
                record = outcome.value
            elif outcome.status == "timed out":
                record = {**lost, "outcome": "timeout", "why": f"no record within {timeout:g} s (broken, not killed)"}
            else:
                record = {**lost, "outcome": "error", "why": f"the child ended without a record (exit {outcome.exitcode})"}
            out.append(record)
            sink.write(json.dumps(record, ensure_ascii=False) + "\n")
            sink.flush()
            if progress:
                c, p = record.get("corpus") or {}, record.get("properties") or {}
                progress(f"{len(out)}/{len(todo)} {record['id']}: {record.get('outcome')} corpus "
                         f"{c.get('verdict', '—')} properties {p.get('verdict', '—')} ({record.get('seconds', '—')} s)")
    return out


def survivors_of_properties(rows: list[dict]) -> list[Site]:
    """The judged mutants the properties did not kill, as sites (for ``rejudge``)."""
    return [Site(r["module"], "core/" + r["operator"], r["occurrence"], r["line"], r["function"]) for r in rows
            if r.get("outcome") == "judged" and (r.get("properties") or {}).get("verdict") != "killed"]


def timed_out(rows: list[dict]) -> list[Site]:
    """The mutants recorded as ``timeout`` — neither check finished — as sites (``rejudge
    --timed-out``)."""
    return [Site(r["module"], "core/" + r["operator"], r["occurrence"], r["line"], r["function"]) for r in rows
            if r.get("outcome") == "timeout" and all(k in r for k in ("module", "operator", "occurrence"))]


def survivors_of_corpus(rows: list[dict]) -> list[Site]:
    """The judged mutants the corpus did not kill — no case where it answered otherwise or
    raised — as sites (for ``rejudge --corpus``)."""
    return [Site(r["module"], "core/" + r["operator"], r["occurrence"], r["line"], r["function"]) for r in rows
            if r.get("outcome") == "judged" and (r.get("corpus") or {}).get("verdict") != "killed"
            and not (r.get("corpus") or {}).get("broken_case")]


#: Mutants of a line reworded since the source they were drawn on, beyond what :func:`relocate`
#: matches by itself, matched by hand to today's mutant: {id: its mutated line in the current
#: source}.  Each is the same operator at the same comparison of the same function, whose line
#: has since gained a conjunct: score_interpretation's line that writes R-002:C's 不计 trace,
#: ``if trace is not None and counted is not before:`` at 6cd7fa0, gained ``big is not None``
#: (tests/test_reading_expectations.py also plants each on 6cd7fa0's own line in today's
#: function: the traced cases see the same).
REWORDED = {
    "scoring:ReplaceComparisonOperator_IsNot_Gt:0": "if trace is not None and big is not None and counted > before:",
    "scoring:ReplaceComparisonOperator_IsNot_GtE:0": "if trace is not None and big is not None and counted >= before:",
    "scoring:ReplaceComparisonOperator_IsNot_Eq:0": "if trace is not None and big is not None and counted == before:",
}


def current_sites(sites: list[Site], rows: list[dict], at: str | None,
                  progress: Callable[[str], None] | None = None) -> list[Site]:
    """``sites`` (of the records ``rows``, or drawn) in the current source: a site recorded
    against the source as of commit ``at`` is relocated (:func:`relocate`, by its code, or by its
    recorded mutated line where the function changed, or by the line :data:`REWORDED` gives it
    today); one recorded against any other source, or
    whose mutant is gone, is left out and named."""
    hashes = {r["id"]: r.get("source") for r in rows}
    lines = {r["id"]: r.get("mutated") for r in rows}
    old = {short: source_at(at, short) for short in {s.module for s in sites}} if at else {}
    out = []
    for s in sites:
        recorded = hashes.get(s.id)
        if recorded == source_hash(s.module) or (recorded is None and not at):
            out.append(s)
            continue
        if at and recorded in (None, source_hash(s.module, old[s.module])):
            was = lines.get(s.id) or _mutated_line(old[s.module], s)   # a timeout's record has no line
            moved = relocate(s, old[s.module], REWORDED.get(s.id, was))
            if moved is not None:
                out.append(moved)
                continue
        if progress:
            progress(f"{s.id}: no longer a mutant of the current source (left out)")
    return out


def _records(results: Path) -> Iterator[dict]:
    """The records of a results file: JSON objects with an id (a line cut short by a stopped
    run, or anything else, is passed over)."""
    with results.open(encoding="utf-8", errors="replace") as lines:
        for line in lines:
            try:
                r = json.loads(line)
            except ValueError:
                continue
            if isinstance(r, dict) and isinstance(r.get("id"), str):
                yield r


def read_results(results: Path) -> list[dict]:
    """The last record of each mutant in ``results``."""
    latest: dict[str, dict] = {}
    for r in _records(results):
        latest[r["id"]] = r
    return list(latest.values())


def main(argv: list[str] | None = None) -> int:
    from gb16.tools.mutants import generated_tables
    parser = argparse.ArgumentParser(prog="python -m gb16.tools.mutants.generated", description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="action", required=True)
    r = sub.add_parser("run", help="judge a seeded, stratified sample of the generated mutants")
    r.add_argument("--sample", type=int, default=500, help="how many mutants (0: every site)")
    r.add_argument("--seed", type=int, default=1)
    r.add_argument("--jobs", type=int, default=0, help="processes (0: every core)")
    r.add_argument("--results", default="generated-mutants.jsonl", help="the JSON Lines results file (resumed)")
    r.add_argument("--module", action="append", choices=CORE, help="only these modules")
    r.add_argument("--property", action="append", dest="properties", help="only these properties")
    r.add_argument("--timeout", type=float, default=MUTANT_TIMEOUT, help="seconds per mutant")
    r.add_argument("--drawn-at", metavar="COMMIT", help="draw the sample on the reference as of this git commit "
                   "(a run begun there, to go on with after the source changed): every drawn mutant the results "
                   "file does not hold is judged as the same mutant of the current source")
    j = sub.add_parser("rejudge", help="judge the mutants the properties did not kill again, by the properties "
                       "named (those added since), into another results file")
    j.add_argument("--results", default="generated-mutants.jsonl", help="the results of a run")
    j.add_argument("--after", default="generated-mutants-after.jsonl", help="the results of the rejudging (resumed)")
    j.add_argument("--property", action="append", dest="properties", help="the properties added since")
    j.add_argument("--options", action="store_true", help="judge the mutants the properties did not kill again, by "
                   "the properties that need no model of the rules, under every non-default option alone")
    j.add_argument("--open", nargs="*", metavar="AFTER", help="only the mutants the tables count open (a check "
                   "missed them and no argument makes them equivalent) with these rejudged results counted")
    j.add_argument("--corpus", action="store_true", help="judge the mutants the corpus did not kill again, by the "
                   "corpus alone (under every option and delta it states expectations for)")
    j.add_argument("--timed-out", action="store_true", help="judge the mutants recorded as timeout (neither check "
                   "finished) again, by both checks: a call past its time now ends a judgement")
    j.add_argument("--drawn-at", metavar="COMMIT", help="the records are of the reference as of this git commit: "
                   "judge each as the same mutant of the current source")
    j.add_argument("--jobs", type=int, default=0)
    j.add_argument("--timeout", type=float, default=MUTANT_TIMEOUT)
    t = sub.add_parser("table", help="the generated-mutants section of the kill tables from a results file")
    t.add_argument("--results", nargs="+", default=["generated-mutants.jsonl"])
    t.add_argument("--after", nargs="*", default=[], help="the results of rejudge")
    t.add_argument("--out", default="docs/kill-tables.md")
    sub.add_parser("sites", help="the mutation sites per module and operator")
    args = parser.parse_args(argv)
    from gb16.tools.common.extras import EXIT_MISSING_EXTRA
    try:
        import cosmic_ray  # noqa: F401 — the [mutation] extra
        import hypothesis  # noqa: F401 — the [properties] extra, which [mutation] includes
    except ImportError:
        print("python -m gb16.tools.mutants.generated needs the [mutation] extra: pip install 'gb16[mutation]'",
              file=sys.stderr)
        return EXIT_MISSING_EXTRA
    given = {"table": lambda: [*args.results, *args.after], "rejudge": lambda: [args.results]}
    for name in given.get(args.action, list)():
        if not Path(name).is_file():
            print(f"no results file {name!r}", file=sys.stderr)
            return 2
    if args.action == "sites":
        sites, outside = all_sites()
        per = Counter(s.module for s in sites)
        for short in CORE:
            print(f"{short:22} {per[short]:6} sites in functions, {outside[short]:5} outside")
        print(f"{len(sites)} sites, {len(operator_names())} operators")
        return 0
    if args.action == "table":
        rows = [row for f in args.results for row in read_results(Path(f))]
        after = generated_tables.join_after(rows, [row for f in args.after for row in read_results(Path(f))])
        generated_tables.write_section(Path(args.out), rows, after)
        print(generated_tables.summary_text(rows, after))
        return 0
    began = time.monotonic()

    def progress(msg: str) -> None:
        print(f"[{time.monotonic() - began:6.0f} s] {msg}", file=sys.stderr, flush=True)
    if args.action == "rejudge":
        if [bool(args.corpus), bool(args.properties), bool(args.options), args.timed_out].count(True) != 1:
            print("rejudge: name the properties added since (--property), or --options, --corpus or --timed-out",
                  file=sys.stderr)
            return 2
        rows = read_results(Path(args.results))
        if args.open is not None:
            after = generated_tables.join_after(rows, [r for f in args.open if Path(f).is_file()
                                                        for r in read_results(Path(f))])
            rows = [r for r in rows if generated_tables.status(r, after) == "open"]
        if args.timed_out:
            again = current_sites(timed_out(rows), rows, args.drawn_at, progress)
            run(again, Path(args.after), args.jobs or os.cpu_count() or 1, None, args.timeout, progress)
            return 0
        again = current_sites((survivors_of_corpus if args.corpus else survivors_of_properties)(rows), rows,
                              args.drawn_at, progress)
        judged_by = [] if args.corpus else UnderOptions(RULE_FREE) if args.options else args.properties
        run(again, Path(args.after), args.jobs or os.cpu_count() or 1, judged_by, args.timeout, progress,
            corpus=args.corpus)
        return 0
    sites, _ = all_sites(tuple(args.module) if args.module else CORE, args.drawn_at)
    chosen = stratified_sample(sites, args.sample or len(sites), args.seed)
    if args.drawn_at:
        held = {r["id"] for r in read_results(Path(args.results))} if Path(args.results).exists() else set()
        chosen = current_sites([s for s in chosen if s.id not in held], [], args.drawn_at, progress)
    run(chosen, Path(args.results), args.jobs or os.cpu_count() or 1, args.properties, args.timeout, progress)
    rows = [r for r in read_results(Path(args.results)) if r["id"] in {s.id for s in chosen}]
    print(generated_tables.summary_text(rows, {}))
    return 0


if __name__ == "__main__":
    signal.signal(signal.SIGINT, signal.default_int_handler)
    sys.exit(main())
