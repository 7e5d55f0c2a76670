"""Strict, total JSON reading and writing for every gb16 tool (docs/contract.md "Input limits").

Every line a tool reads — a batch line of ``gb16 score --batch``, the case input of
``gb16 score -``, a line of a run log, a response of an implementation under test — and
every JSON file it loads (corpus cases, known failures) goes through :func:`parse_line` or
:func:`load_file`.  They turn raw bytes into either a JSON value or a :class:`JSONInputError`
with a message saying what is wrong and where; they never raise anything else, never
recurse without bound and never take more than linear time in the input:

* the input must be valid UTF-8 (no byte-order mark) — checked before parsing;
* a line may hold at most :data:`MAX_LINE_BYTES` bytes, a file :data:`MAX_FILE_BYTES` —
  checked before decoding;
* arrays and objects may nest at most :data:`MAX_DEPTH` deep — checked before parsing
  (Python's own parser would otherwise overflow its stack);
* an integer literal may have at most :data:`MAX_INT_DIGITS` digits (the I-JSON range of
  RFC 7493 §2.2 fits in 16), and a number must be finite: ``NaN``, ``Infinity`` and ``1e999``
  are refused;
* strings may not hold lone surrogates (``"\\ud800"``): they are not Unicode text (RFC 8259 §8.2);
* an object may not repeat a key (RFC 8259 §4 leaves that to the reader; we refuse it so
  that nothing a user wrote is silently dropped).

The code of every such error is ``invalid_json``.  :func:`dumps_line` writes a value as
one line that is always valid UTF-8.

This module uses only the standard library, so that the scorer and every part of the kit
can import it.
"""

from __future__ import annotations

import errno
import json
import math
import os
import re
import stat
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, BinaryIO, NoReturn

if TYPE_CHECKING:
    from _typeshed import StrPath

__all__ = ["MAX_LINE_BYTES", "MAX_FILE_BYTES", "MAX_DEPTH", "MAX_INT_DIGITS", "JSONInputError",
           "parse_line", "parse_text", "load_file", "read_lines", "dumps_line", "encode_line", "open_regular",
           "NotARegularFile"]

#: The longest line, in bytes (newline excluded), that a tool reads: 1 MiB.
MAX_LINE_BYTES = 1 << 20
#: The largest JSON file a tool loads: 64 MiB.
MAX_FILE_BYTES = 64 << 20
#: The deepest nesting of arrays and objects.
MAX_DEPTH = 64
#: The most digits in an integer literal.
MAX_INT_DIGITS = 32

CODE = "invalid_json"


class JSONInputError(ValueError):
    """A line or file that is not strict JSON within the limits; ``code`` is ``invalid_json``.

    ``where`` names the place (``"line 12"``, ``"cases.json line 3 column 7"``) when known.
    """

    code = CODE

    def __init__(self, message: str, where: str | None = None):
        super().__init__(f"{where}: {message}" if where else message)
        self.message = message
        self.where = where

    def as_result(self) -> dict[str, Any]:
        """The error result of docs/contract.md."""
        return {"ok": False, "error": {"code": self.code, "message": str(self)}}


# -- reading ------------------------------------------------------------------------------

# A string token always matches (to its closing quote or to the end of the text) and never
# backtracks, so one pass over the text is linear however the quotes fall.
_TOKEN = re.compile(r'"(?:[^"\\]|\\.)*+(?:"|\\?\Z)|[\[\]{}]', re.DOTALL)
_SURROGATE = re.compile("[\ud800-\udfff]")
#: A \\u escape of a surrogate: besides a surrogate in the text itself, the only way a decoded
#: string can hold one, so only a text containing either needs the walk of _check_strings.
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")
# Where an error found after parsing lies: a string token, or an integer literal outside strings.
_STRING_OR_INT = re.compile(r'"(?:[^"\\]|\\.)*+(?:"|\\?\Z)|-?\d++', re.DOTALL)


def _refuse_constant(name: str) -> NoReturn:
    raise JSONInputError(f"{name} is not JSON (numbers must be finite)")


def _parse_int(text: str) -> int:
    digits = len(text) - (text[0] == "-")
    if digits > MAX_INT_DIGITS:
        raise JSONInputError(f"an integer of {digits} digits is too large (at most {MAX_INT_DIGITS})")
    return int(text)


def _parse_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise JSONInputError(f"the number {_clip(text)} is out of range (numbers must be finite)")
    return value


def _pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise JSONInputError(f"duplicate key {_clip(json.dumps(key))} in an object")
        out[key] = value
    return out


_DECODER = json.JSONDecoder(object_pairs_hook=_pairs, parse_int=_parse_int, parse_float=_parse_float,
                            parse_constant=_refuse_constant, strict=True)


def _check_depth(text: str, max_depth: int) -> None:
    """Refuse nesting deeper than ``max_depth`` (strings skipped), in one linear pass."""
    if text.count("[") + text.count("{") <= max_depth:
        return
    depth = 0
    for m in _TOKEN.finditer(text):
        token = m.group()
        if token[0] == '"':
            continue
        if token in "[{":
            depth += 1
            if depth > max_depth:
                raise JSONInputError(f"arrays and objects nest more than {max_depth} deep "
                                     f"({_position(text, m.start())})")
        else:
            depth -= 1


def _check_strings(value: Any) -> None:
    """Refuse lone surrogates in any string, key or value (the value is at most MAX_DEPTH deep)."""
    if isinstance(value, str):
        if _SURROGATE.search(value):
            raise JSONInputError("a string holds a lone surrogate (\\ud800–\\udfff), which is not Unicode text")
    elif isinstance(value, dict):
        for k, v in value.items():
            _check_strings(k)
            _check_strings(v)
    elif isinstance(value, list):
        for v in value:
            _check_strings(v)


def _decode(raw: bytes | str, limit: int, what: str) -> str:
    if isinstance(raw, str):
        if len(raw) > limit:  # characters ≤ bytes: a cheap first check
            raise JSONInputError(f"{what} is longer than {limit} characters")
        if _SURROGATE.search(raw):
            raise JSONInputError(f"{what} holds a lone surrogate, which is not Unicode text")
        return raw
    if len(raw) > limit:
        raise JSONInputError(f"{what} is {len(raw)} bytes long (at most {limit})")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        raise JSONInputError(f"{what} is not valid UTF-8: byte 0x{raw[e.start]:02x} at offset {e.start}") from None
    return text


def parse_text(text: str, *, max_depth: int = MAX_DEPTH) -> Any:
    """Parse one JSON document already decoded; raise :class:`JSONInputError` on anything else."""
    if text.startswith("\ufeff"):
        raise JSONInputError("starts with a byte-order mark (U+FEFF); JSON text must not")
    if not text.strip(" \t\r\n"):
        raise JSONInputError("empty: expected a JSON value")
    _check_depth(text, max_depth)
    try:
        value = _DECODER.decode(text)
    except JSONInputError as e:
        raise JSONInputError(e.message + _where_in(text, e.message)) from None
    except json.JSONDecodeError as e:
        raise JSONInputError(f"not JSON: {e.msg} at line {e.lineno} column {e.colno}") from None
    except (ValueError, RecursionError, OverflowError) as e:  # defence in depth; the checks above come first
        raise JSONInputError(f"not JSON: {_clip(str(e))}") from None
    if _SURROGATE_ESCAPE.search(text) or _SURROGATE.search(text):
        try:
            _check_strings(value)
        except JSONInputError as e:
            raise JSONInputError(e.message + _where_in(text, e.message)) from None
    return value


def _position(text: str, pos: int) -> str:
    line = text.count("\n", 0, pos) + 1
    return f"line {line} column {pos - text.rfind(chr(10), 0, pos)}"


def _where_in(text: str, message: str) -> str:
    """`` (line L column C)`` of the first too-long integer or string with a lone surrogate, which
    the decoder's hooks cannot place; one linear pass, on the error path only."""
    for m in _STRING_OR_INT.finditer(text):
        token = m.group()
        if token[0] == '"':
            if "surrogate" in message and "\\u" in token and _SURROGATE.search(_DECODER.decode(token)):
                return f" ({_position(text, m.start())})"
        elif "digits" in message and len(token.lstrip("-")) > MAX_INT_DIGITS:
            return f" ({_position(text, m.start())})"
    return ""


def parse_line(raw: bytes | str, *, max_bytes: int = MAX_LINE_BYTES, max_depth: int = MAX_DEPTH) -> Any:
    """One JSON Lines line (trailing ``\\n`` / ``\\r\\n`` allowed) -> a value, or :class:`JSONInputError`.

    An empty or blank line is an error too ("empty line"); a caller that skips blank lines
    checks :func:`is_blank` first.
    """
    if isinstance(raw, bytes):
        raw = raw[:-1] if raw.endswith(b"\n") else raw
        raw = raw[:-1] if raw.endswith(b"\r") else raw
    else:
        raw = raw[:-1] if raw.endswith("\n") else raw
        raw = raw[:-1] if raw.endswith("\r") else raw
    text = _decode(raw, max_bytes, "the line")
    if not text.strip(" \t\r\n"):
        raise JSONInputError("empty line: expected a JSON value")
    return parse_text(text, max_depth=max_depth)


def is_blank(raw: bytes | str) -> bool:
    """True for a line holding only JSON whitespace (space, tab, CR, LF)."""
    return not (raw.strip(b" \t\r\n") if isinstance(raw, bytes) else raw.strip(" \t\r\n"))


class LineTooLong(bytes):
    """What :func:`read_lines` yields for a line over the limit: its first bytes only."""

    length: int = 0


def read_lines(stream: BinaryIO, *, max_bytes: int = MAX_LINE_BYTES) -> Iterator[bytes]:
    """The lines of a binary stream, split on ``\\n`` only, memory bounded by ``max_bytes``.

    A line longer than ``max_bytes`` is read to its end in chunks and yielded as a
    :class:`LineTooLong` holding its first bytes; :func:`parse_line` refuses it with its length.
    """
    while True:
        line = stream.readline(max_bytes + 3)  # room for "\r\n" and one byte too many
        if not line:
            return
        if line.endswith(b"\n") or len(line) < max_bytes + 3:
            yield line  # parse_line checks the length without the line ending
            continue
        length = len(line)
        while not line.endswith(b"\n"):
            line = stream.readline(1 << 16)
            if not line:
                break
            length += len(line)
        head = LineTooLong(b"")
        head.length = length
        yield head


def parse_stream_line(raw: bytes, *, max_bytes: int = MAX_LINE_BYTES, max_depth: int = MAX_DEPTH) -> Any:
    """:func:`parse_line` for what :func:`read_lines` yields (a too-long line is refused)."""
    if isinstance(raw, LineTooLong):
        raise JSONInputError(f"the line is {raw.length} bytes long (at most {max_bytes})")
    return parse_line(raw, max_bytes=max_bytes, max_depth=max_depth)


class NotARegularFile(OSError):
    """A path that names a FIFO, a device, a socket or a folder where a file is read."""


def _kind(mode: int) -> str:
    return ("a folder" if stat.S_ISDIR(mode) else "a FIFO (named pipe)" if stat.S_ISFIFO(mode)
            else "a device" if stat.S_ISCHR(mode) or stat.S_ISBLK(mode) else "a socket" if stat.S_ISSOCK(mode)
            else "not a file")


def open_regular(path: StrPath) -> BinaryIO:
    """*path* opened for binary reading if it is a regular file (after links); anything else — a
    FIFO, which would block the reader until someone writes, a device such as ``/dev/zero``,
    which never ends, a socket, a folder — is refused with :class:`NotARegularFile` (an
    OSError whose ``strerror`` says what it is), before a byte is read."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            raise NotARegularFile(errno.EINVAL, f"is {_kind(mode)}, not a regular file")
        os.set_blocking(fd, True)
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


def load_file(path: StrPath, *, max_bytes: int = MAX_FILE_BYTES, max_depth: int = MAX_DEPTH) -> Any:
    """A whole JSON file -> a value; every problem is a :class:`JSONInputError` naming the file
    (a path that is not a regular file too: :func:`open_regular`)."""
    name = str(path)
    try:
        with open_regular(path) as f:
            raw = f.read(max_bytes + 1)
    except OSError as e:
        raise JSONInputError(f"cannot be read: {e.strerror or e}", where=name) from None
    try:
        return parse_text(_decode(raw, max_bytes, "the file"), max_depth=max_depth)
    except JSONInputError as e:
        raise JSONInputError(e.message, where=name) from None


def load_lines(path: StrPath, *, max_bytes: int = MAX_LINE_BYTES, skip_blank: bool = True) -> Iterator[tuple[int, Any]]:
    """``(line number, value or JSONInputError)`` for each line of a JSON Lines file.

    Errors are yielded, not raised, so that one bad line never costs the others; each names
    the file and line.  Blank lines are skipped unless ``skip_blank`` is false.
    """
    name = str(path)
    with open_regular(path) as f:
        for number, raw in enumerate(read_lines(f, max_bytes=max_bytes), 1):
            if skip_blank and not isinstance(raw, LineTooLong) and is_blank(raw):
                continue
            try:
                yield number, parse_stream_line(raw, max_bytes=max_bytes)
            except JSONInputError as e:
                yield number, JSONInputError(e.message, where=f"{name} line {number}")


# -- writing ------------------------------------------------------------------------------

def _default(obj: Any) -> Any:
    return repr(obj)


#: The writers, made once (``json.dumps`` with these options would make one per call).
_WRITER = json.JSONEncoder(ensure_ascii=False, allow_nan=False, default=_default)
_ASCII_WRITER = json.JSONEncoder(ensure_ascii=True, allow_nan=False, default=_default)


def dumps_line(value: Any) -> str:
    """One JSON line (no newline), characters kept as written, always encodable as UTF-8.

    A string that cannot be encoded (a lone surrogate that came from elsewhere) makes the
    whole line fall back to ``\\u`` escapes, which are plain ASCII.
    """
    text = _WRITER.encode(value)
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        text = _ASCII_WRITER.encode(value)
    return text


def encode_line(value: Any) -> bytes:
    """:func:`dumps_line` plus a newline, as UTF-8 bytes (encoded once)."""
    try:
        return (_WRITER.encode(value) + "\n").encode("utf-8")
    except UnicodeEncodeError:
        return (_ASCII_WRITER.encode(value) + "\n").encode("utf-8")


def _clip(text: str, n: int = 60) -> str:
    return text if len(text) <= n else text[:n] + f"… ({len(text)} characters)"
