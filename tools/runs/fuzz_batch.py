"""A seeded fuzz of ``gb16 score --batch``: grammar-aware mutations and every hostile kind of line.

    python -m gb16.tools.runs.fuzz_batch --lines 1000000 --seed 11 --jobs 2
    python -m gb16.tools.runs.fuzz_batch --lines 5000 --kind deep --write deep.jsonl   # just the lines

The lines start from valid case inputs (the corpus's own inputs and a few hands written
here) and are changed by one mutation of a chosen *kind* (:data:`KINDS`): the hand string
edited in its own grammar (tiles, brackets, suffix), fields given wrong types or values,
and each hostile kind of docs/contract.md "Input limits" — empty lines, invalid UTF-8,
nesting past the depth limit, huge integers, lone surrogates, NUL and control characters,
separators alone on a line, duplicate keys, NaN/Infinity, over-long hands and lines.
No generated line holds a newline byte, so line *k* of the input is line *k* of the output.

:func:`check` judges a batch's output against its input: one line per input line, each
valid UTF-8 and a result of docs/contract.md (``ok`` true, or an error whose code is one of
:data:`gb16.reference.ERROR_CODES`), nothing on stderr, exit status 0.  The command runs the
batch as a separate ``gb16 score --batch`` process (what a user runs), times every line
again in this process with the batch's own per-line function, re-times the slowest line
alone, and prints the codes with their counts, the slowest line and every violation.
"""

from __future__ import annotations

import argparse
import collections
import io
import json
import random
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterable, Iterator

from gb16 import corpus
from gb16.reference import ERROR_CODES
from gb16.reference import jsonlines
from gb16.reference.hand import FLAGS
from gb16.reference.notation import MAX_HAND_CHARS
from gb16.tools.common.batch_line import batch_result

#: Valid case inputs written here, beside the corpus's (one of each shape and flag).
SEEDS = [
    {"hand": "111222333444z 123m 55z", "win_tile": "5z", "win_by": "discard"},
    {"hand": "111222333444z 123m 55z，点和5z"},
    {"hand": "[123m] 222m 444p 666s 111z 55z", "win_tile": "5z", "win_by": "self_draw", "flowers": 2},
    {"hand": "{1111m} [789s] 23455p EEE 666p", "win_tile": "5p", "win_by": "discard",
     "prevalent_wind": "S", "seat_wind": "W"},
    {"hand": "147m 258p 369s 111z 555z 66z，自摸6z", "prevalent_wind": "S", "seat_wind": "W"},
    {"hand": "11223344556677m", "variant": "gb13", "win_tile": "7m", "win_by": "self_draw"},
    {"hand": "19m19p19s1234567z 1m", "variant": "gb13", "win_tile": "1m", "win_by": "discard"},
    {"hand": "[1111s] [2222s] [3333s] [4444s] [5555s] 66s", "win_tile": "6s", "win_by": "self_draw",
     "kong_replacement": True},
    {"hand": "123m 456m 789m 123p 456p 77s", "win_tile": "7s", "win_by": "discard", "last_of_kind": True,
     "last_tile": True},
]

#: Pieces of the notation's grammar, for edits of a hand string.
NOTATION_PIECES = (list("0123456789") + list("mpsz") + list("ESWNCPF") + list("[]{}") + [" ", "  ", "，", ","]
                   + ["点和", "自摸", "点合", "，点和5z", "，自摸1m", "[123m]", "[555p]", "{7777m}", "[1111s]",
                      "11z", "8z", "0m", "99999m", "东", "５", "ｍ"])
#: Characters that are not notation: controls, separators, format characters, odd Unicode.
STRANGE_CHARS = (["\x00", "\t", "\x0b", "\x0c", "\r", "\x1c", "\x1d", "\x1e", "\x1f", "\x7f", "\x85", "\xa0",
                  "\u2028", "\u2029", "\u200b", "\u200d", "\u202e", "\u3000", "\ufeff", "\ufffd", "\uffff",
                  "\U0001F600", "\U000E0001", "\U0010FFFF", "\u0301", "\"", "\\", "/"])
FIELDS = ["variant", "hand", "win_tile", "win_by", "prevalent_wind", "seat_wind", "flowers", *FLAGS]
#: Odd values for a field: every JSON type, out of range, near misses.
ODD_VALUES = [None, True, False, 0, -1, 9, 8, 1.5, -0.0, 1e308, "", " ", "E ", "e", "东", "gb15", "GB16",
              "discard ", "selfdraw", [], {}, [1], {"a": 1}, "5z5z", "0z", 2 ** 63, -(2 ** 63), "１"]


def _hand(case: dict) -> str:
    hand = case.get("hand")
    return hand if isinstance(hand, str) else ""


def _dumps(value) -> bytes:
    return json.dumps(value, ensure_ascii=False).encode("utf-8", "surrogatepass")


# -- the kinds of line ---------------------------------------------------------------------------

def mutate_hand(rng: random.Random, case: dict) -> bytes:
    """One to four grammar-aware edits of the hand string: insert, delete, replace, duplicate,
    swap or bracket a piece; sometimes a strange character."""
    hand = list(_hand(case))
    for _ in range(rng.randint(1, 4)):
        op = rng.randrange(7)
        k = rng.randint(0, len(hand))
        piece = rng.choice(STRANGE_CHARS if rng.random() < 0.15 else NOTATION_PIECES)
        if op == 0:
            hand[k:k] = list(piece)
        elif op == 1 and hand:
            del hand[min(k, len(hand) - 1)]
        elif op == 2 and hand:
            hand[min(k, len(hand) - 1)] = piece
        elif op == 3 and hand:
            j = rng.randint(k, min(len(hand), k + 6))
            hand[k:k] = hand[k:j]
        elif op == 4 and len(hand) > 1:
            a, b = rng.randrange(len(hand)), rng.randrange(len(hand))
            hand[a], hand[b] = hand[b], hand[a]
        elif op == 5:
            j = rng.randint(k, min(len(hand), k + 5))
            hand[k:j] = ["[" if rng.random() < 0.7 else "{"] + hand[k:j] + ["]" if rng.random() < 0.7 else "}"]
        else:
            hand = hand[::-1] if rng.random() < 0.1 else hand
    return _dumps({**case, "hand": "".join(hand)})


def mutate_field(rng: random.Random, case: dict) -> bytes:
    """A field dropped, added, renamed or given an odd value of any JSON type."""
    out = dict(case)
    op = rng.randrange(4)
    name = rng.choice(FIELDS)
    if op == 0 and out:
        out.pop(rng.choice(sorted(out)))
    elif op == 1:
        out[name] = rng.choice(ODD_VALUES)
    elif op == 2:
        out[rng.choice(["Hand", "win", "flower", "", "hand ", "\u0068and", "extra"])] = rng.choice(ODD_VALUES)
    else:
        value = rng.choice(ODD_VALUES)
        return rng.choice([_dumps(value), _dumps([out]), _dumps({"case": out})])
    return _dumps(out)


def empty(rng: random.Random, case: dict) -> bytes:
    return rng.choice([b"", b" ", b"\t", b"\r", b" \t \r", b"    " * rng.randint(1, 50)])


def invalid_utf8(rng: random.Random, case: dict) -> bytes:
    """A valid line with bad bytes put in: stray continuation bytes, 0xff, overlong forms,
    encoded surrogates, truncated sequences — inside a string or between tokens."""
    line = bytearray(_dumps(case))
    bad = rng.choice([b"\xff", b"\xfe", b"\x80", b"\xbf", b"\xc0\x80", b"\xc1\xbf", b"\xe0\x80\x80",
                      b"\xed\xa0\x80", b"\xed\xbf\xbf", b"\xf4\x90\x80\x80", b"\xf8\x88\x80\x80\x80",
                      b"\xe4\xb8", b"\xf0\x9f\x98", b"\xc3"])
    k = rng.randint(0, len(line))
    line[k:k] = bad
    return bytes(line)


def deep(rng: random.Random, case: dict) -> bytes:
    """Arrays or objects nested past the limit (up to 100,000 deep), at the top or in a field."""
    depth = rng.choice([jsonlines.MAX_DEPTH + 1, 100, 990, 1000, 1001, 5000, rng.randint(65, 100_000)])
    if rng.random() < 0.5:
        inner = b"[" * depth + b"]" * depth
    else:
        inner = b'{"a":' * depth + b"1" + b"}" * depth
    if rng.random() < 0.2:
        inner = inner[: rng.randint(1, len(inner))]  # unclosed
    if rng.random() < 0.5:
        return inner
    name = rng.choice(FIELDS).encode()
    return b'{"hand": "x", "' + name + b'": ' + inner + b"}"


def huge_number(rng: random.Random, case: dict) -> bytes:
    """Integers of 33 to 100,000 digits, exponents past the float range, in any field."""
    digits = rng.choice([jsonlines.MAX_INT_DIGITS + 1, 4300, 4301, 5000, rng.randint(33, 100_000)])
    number = rng.choice(["", "-"]) + rng.choice("123456789") + "".join(rng.choices("0123456789", k=digits - 1))
    number = rng.choice([number, number, "1e999", "-1e999", "1" + "0" * 400 + ".0", "0." + "0" * 5000 + "1",
                         "1e" + "9" * 50])
    name = rng.choice(FIELDS)
    line = _dumps({**case, name: 0}).decode()
    return line.replace(f'"{name}": 0', f'"{name}": {number}', 1).encode()


def surrogate(rng: random.Random, case: dict) -> bytes:
    """A lone surrogate escape (or a reversed pair) in any field's value or in a key."""
    esc = rng.choice(["\\ud800", "\\udfff", "\\udbff", "\\udc00", "\\ude00\\ud83d", "\\ud83dx", "\\uD800"])
    name = rng.choice(FIELDS)
    where = rng.randrange(3)
    if where == 0:
        return ('{"hand": "x", "' + name + '": "' + esc + '"}').encode()
    if where == 1:
        line = _dumps(case).decode()
        k = line.find('"', line.find('"hand"') + 7) + 1
        return (line[:k] + esc + line[k:]).encode()
    return ('{"' + esc + '": 1, "hand": "x"}').encode()


def nul(rng: random.Random, case: dict) -> bytes:
    """A NUL byte, raw or escaped, in a string, a key or between tokens."""
    line = _dumps(case)
    k = rng.randint(0, len(line))
    return line[:k] + rng.choice([b"\x00", b"\\u0000", b"\x00" * 10]) + line[k:]


def control(rng: random.Random, case: dict) -> bytes:
    """A control or separator character in the hand: escaped (valid JSON, so the notation must
    refuse it) or raw (invalid JSON inside a string)."""
    ch = rng.choice([c for c in STRANGE_CHARS if not c.isprintable() or c.isspace()])
    hand = _hand(case)
    k = rng.randint(0, len(hand))
    if rng.random() < 0.6 and ord(ch) <= 0xFFFF:
        return _dumps({**case, "hand": hand[:k] + ch + hand[k:]}).replace(ch.encode("utf-8", "surrogatepass"),
                                                                          f"\\u{ord(ch):04x}".encode())
    raw = rng.choice([bytes([b]) for b in range(1, 32) if b != 10] + [b"\x7f"])
    line = _dumps({**case, "hand": hand[:k] + "\ue000" + hand[k:]})
    return line.replace("\ue000".encode(), raw)


def separator(rng: random.Random, case: dict) -> bytes:
    """A line of nothing but separators or other characters Python's str.splitlines splits on."""
    pieces = [b"\x1c", b"\x1d", b"\x1e", b"\x1f", b"\x0b", b"\x0c", b"\r", "\u2028".encode(), "\u2029".encode(),
              "\x85".encode()]
    return b"".join(rng.choices(pieces, k=rng.randint(1, 5)))


def duplicate_key(rng: random.Random, case: dict) -> bytes:
    name = rng.choice(sorted(case))
    body = _dumps(case)[:-1]
    return body + b", " + _dumps(name) + b": " + _dumps(case[name] if rng.random() < 0.5 else "x") + b"}"


def non_finite(rng: random.Random, case: dict) -> bytes:
    name = rng.choice(FIELDS)
    value = rng.choice(["NaN", "Infinity", "-Infinity", "nan", "inf"])
    line = _dumps({**case, name: 0}).decode()
    return line.replace(f'"{name}": 0', f'"{name}": {value}', 1).encode()


def long_hand(rng: random.Random, case: dict) -> bytes:
    """A hand just over the limit, tens of thousands of characters, or megabytes of melds."""
    n = rng.choice([MAX_HAND_CHARS + 1, 1000, 64_000, rng.randint(257, 200_000)])
    unit = rng.choice(["1", "[111m]", "1m", "，点和", " ", "[", "{1111m}", "5z", "东"])
    hand = (unit * (n // len(unit) + 1))[:n]
    return _dumps({**case, "hand": hand})


def long_line(rng: random.Random, case: dict) -> bytes:
    """A line over the line limit (1 MiB): a huge string, or the 2.4 MB of ``[111m]`` melds."""
    n = jsonlines.MAX_LINE_BYTES + rng.choice([1, 1000, 1_400_000])
    return _dumps({**case, "hand": ("[111m]" * (n // 6 + 1))[:n]})


def garbage(rng: random.Random, case: dict) -> bytes:
    """Truncated JSON, text that is not JSON, random bytes."""
    line = _dumps(case)
    op = rng.randrange(4)
    if op == 0:
        return line[: rng.randrange(len(line))]
    if op == 1:
        return rng.choice([b"hand", b"{hand: 1}", b"{'hand': '1'}", b"null", b"1", b'"x"', b"[]", b"{}",
                           b"}{", b'{"hand":"x"} {"hand":"y"}', b'{"hand":"x",}', b"true false"])
    if op == 2:
        return bytes(rng.randrange(256) for _ in range(rng.randint(1, 40))).replace(b"\n", b" ")
    k = rng.randrange(len(line))
    return line[:k] + line[k + 1:]


def valid(rng: random.Random, case: dict) -> bytes:
    return _dumps(case)


#: kind -> (generator, weight in a mixed stream).  The expensive kinds are rare.
KINDS: dict[str, tuple[Callable[[random.Random, dict], bytes], float]] = {
    "valid": (valid, 4), "mutate_hand": (mutate_hand, 40), "mutate_field": (mutate_field, 15),
    "empty": (empty, 2), "invalid_utf8": (invalid_utf8, 5), "deep": (deep, 3), "huge_number": (huge_number, 3),
    "surrogate": (surrogate, 4), "nul": (nul, 3), "control": (control, 6), "separator": (separator, 2),
    "duplicate_key": (duplicate_key, 3), "non_finite": (non_finite, 3), "long_hand": (long_hand, 1),
    "long_line": (long_line, 0.002), "garbage": (garbage, 6),
}

#: The inputs named in the issue that asked for a total batch mode, exactly.
ISSUE_INPUTS = [
    b"", b"[" * 1000 + b"]" * 1000, b"[" * 990 + b"]" * 990,
    b'{"hand":"x","flowers":' + b"1" * 4301 + b"}", b'{"hand":"x","flowers":"\\ud800"}',
    b'{"hand":"x","flowers":"\xff"}', b'{"hand":"x","hand":"y"}', b'{"hand":"x","flowers":NaN}',
    b'{"hand":"111222333444z 123m 55z\\u001f","win_tile":"5z","win_by":"discard"}',
    b'{"hand":"111222333444z 123m 55z\\u2028","win_tile":"5z","win_by":"discard"}',
    b"\x1c", b'{"hand":"' + b"1" * 64_000 + b'm"}', b'{"hand":"' + b"[111m]" * 400_000 + b'"}',
]


def corpus_inputs() -> list[dict]:
    """The case inputs of the installed corpus that are JSON objects."""
    out = []
    for path in sorted(corpus.CASES_DIR.glob("*.json")):
        for case in jsonlines.load_file(path).get("cases", []):
            if isinstance(case.get("input"), dict):
                out.append(case["input"])
    return out


def generate(seed: int, lines: int, kinds: list[str] | None = None) -> Iterator[tuple[str, bytes]]:
    """``(kind, line)`` pairs, ``lines`` of them, the same for the same seed and kinds."""
    rng = random.Random(seed)
    bases = SEEDS + corpus_inputs()
    names = kinds or list(KINDS)
    weights = [KINDS[k][1] for k in names]
    for _ in range(lines):
        kind = rng.choices(names, weights)[0]
        line = KINDS[kind][0](rng, rng.choice(bases))
        yield kind, line.replace(b"\n", b"\\n")


# -- judging a batch ------------------------------------------------------------------------------

@dataclass
class Verdict:
    """What a batch's output came to: lines judged, codes with counts, violations (the first 100)."""

    lines: int = 0
    codes: collections.Counter = field(default_factory=collections.Counter)
    violations: list[str] = field(default_factory=list)
    violation_count: int = 0

    def add(self, number: int, problem: str) -> None:
        self.violation_count += 1
        if len(self.violations) < 100:
            self.violations.append(f"line {number}: {problem}" if number else problem)


def check_line(number: int, out: bytes, verdict: Verdict) -> None:
    """One output line: valid UTF-8, one JSON result of docs/contract.md, a documented code."""
    verdict.lines += 1
    try:
        result = jsonlines.parse_line(out)
    except jsonlines.JSONInputError as e:
        verdict.add(number, f"the output is not a JSON line ({e})")
        return
    if not isinstance(result, dict) or not isinstance(result.get("ok"), bool):
        verdict.add(number, "the output is not a result object")
        return
    if result["ok"]:
        verdict.codes["ok"] += 1
        return
    error = result.get("error")
    code = error.get("code") if isinstance(error, dict) else None
    verdict.codes[str(code)] += 1
    if code not in ERROR_CODES:
        verdict.add(number, f"undocumented error code {code!r}: {str(error)[:200]}")
    elif not isinstance(error.get("message"), str) or not error["message"]:
        verdict.add(number, "an error without a message")


def check(inputs: int, outputs: Iterable[bytes], stderr: bytes = b"", status: int = 0) -> Verdict:
    """The output lines (newlines kept) of a batch run on ``inputs`` lines, judged line by line."""
    verdict = Verdict()
    number = 0
    for number, out in enumerate(outputs, 1):
        if not out.endswith(b"\n"):
            verdict.add(number, "the output does not end with a newline")
        check_line(number, out.rstrip(b"\n"), verdict)
    if number != inputs:
        verdict.add(0, f"{inputs} input lines but {number} output lines")
    if stderr.strip():
        verdict.add(0, f"stderr: {stderr[-300:].decode('utf-8', 'replace')}")
    if status != 0:
        verdict.add(0, f"exit status {status}")
    return verdict


def run_batch_process(stdin: Path, stdout: Path, jobs: int = 1) -> tuple[bytes, int]:
    """``gb16 score --batch --jobs J < stdin > stdout`` as a new process: (stderr, exit status)."""
    argv = [sys.executable, "-m", "gb16.tools.commands.cli", "score", "--batch", "--jobs", str(jobs)]
    with open(stdin, "rb") as i, open(stdout, "wb") as o:
        proc = subprocess.run(argv, stdin=i, stdout=o, stderr=subprocess.PIPE)
    return proc.stderr, proc.returncode


def as_read(raw: bytes) -> bytes:
    """The line as the batch reader yields it (a too-long line as :class:`jsonlines.LineTooLong`)."""
    return next(jsonlines.read_lines(io.BytesIO(raw + b"\n")))


def time_line(raw: bytes) -> float:
    """Seconds to answer one line through the batch's own per-line function, in this process."""
    line = as_read(raw)
    t0 = time.perf_counter()
    batch_result(line)
    return time.perf_counter() - t0


def retime(raw: bytes, repeat: int = 3) -> float:
    """The best of ``repeat`` timings of one line alone."""
    return min(time_line(raw) for _ in range(repeat))


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m gb16.tools.runs.fuzz_batch", description=__doc__.split("\n\n")[0])
    p.add_argument("--lines", type=int, default=10_000)
    p.add_argument("--seed", type=int, default=11)
    p.add_argument("--kind", action="append", choices=sorted(KINDS), help="only these kinds (repeatable)")
    p.add_argument("--jobs", type=int, default=1, help="--jobs of the gb16 score --batch process")
    p.add_argument("--write", metavar="FILE", help="only write the lines to FILE")
    p.add_argument("--no-timing", action="store_true", help="skip timing the lines in this process")
    p.add_argument("--json", metavar="FILE", help="also write the figures as JSON")
    args = p.parse_args(argv)
    started = time.time()
    names = list(KINDS)
    with tempfile.TemporaryDirectory() as tmp:
        inputs = Path(args.write or Path(tmp) / "fuzz.jsonl")
        kind_of = bytearray()  # the kind of each line, as an index into names
        with open(inputs, "wb") as f:
            for kind, line in generate(args.seed, args.lines, args.kind):
                kind_of.append(names.index(kind))
                f.write(line + b"\n")
        if args.write:
            return 0
        outputs = Path(tmp) / "results.jsonl"
        print(f"{args.lines} lines written; running gb16 score --batch --jobs {args.jobs}", file=sys.stderr)
        t0 = time.time()
        err, status = run_batch_process(inputs, outputs, args.jobs)
        batch_seconds = time.time() - t0
        with open(outputs, "rb") as f:
            verdict = check(args.lines, f, err, status)
        kinds = collections.Counter(names[k] for k in kind_of)
        figures = {"lines": args.lines, "seed": args.seed, "jobs": args.jobs, "kinds": dict(kinds.most_common()),
                   "codes": dict(verdict.codes.most_common()), "batch_seconds": round(batch_seconds, 1),
                   "violation_count": verdict.violation_count, "violations": verdict.violations}
        if not args.no_timing:
            print("timing every line in this process", file=sys.stderr)
            figures.update(timings(inputs, [names[k] for k in kind_of]))
    figures["seconds"] = round(time.time() - started, 1)
    text = json.dumps(figures, ensure_ascii=False, indent=2)
    print(text)
    if args.json:
        Path(args.json).write_text(text + "\n", encoding="utf-8")
    return 1 if verdict.violation_count else 0


def timings(inputs: Path, kinds: list[str]) -> dict:
    """Every line of ``inputs`` timed in this process; the slowest re-timed alone."""
    worst, worst_time, worst_line, total, over = 0, -1.0, b"", 0.0, 0
    with open(inputs, "rb") as f:
        for number, raw in enumerate(f, 1):
            line = raw.rstrip(b"\n")
            t = time_line(line)
            total += t
            over += t > 0.05
            if t > worst_time:
                worst, worst_time, worst_line = number, t, line
    return {"mean_ms": round(1000 * total / max(1, len(kinds)), 4), "over_50ms_in_run": over,
            "slowest": {"line": worst, "kind": kinds[worst - 1], "bytes": len(worst_line),
                        "seconds_in_run": round(worst_time, 4), "seconds_alone": round(retime(worst_line), 4),
                        "head": worst_line[:80].decode("utf-8", "backslashreplace")}}


if __name__ == "__main__":
    sys.exit(main())
