"""Text from elsewhere — an implementation's answers, a run log, a corpus file, a command-line
argument — made safe where the kit puts it: on a terminal and in a file name.

* :func:`printable` — for a terminal (and before a report format's own escaping): control
  characters (ESC of an ANSI or OSC sequence, BEL, carriage return, backspace, C1 controls)
  and bidirectional formatting characters (U+202E and the like, which reorder what is shown)
  become visible escapes, ``\\x1b`` or ``\\u202e``; newlines are kept.
* :func:`json_text` — for a JSON file (a report's summary.json, a run log): the same characters,
  and the invisible ones that change how text reads (zero-width, line and paragraph separators,
  U+FEFF), written as ``\\uNNNN`` escapes — the same data to a JSON reader, nothing hidden or
  reordered for a person reading the file;
* :func:`file_name` — a name built from data, at most a number of *bytes* (a file system
  counts bytes: 82 CJK characters are 246), cut on a character boundary.

Standard library only, so that every layer of the kit can use it.
"""

from __future__ import annotations

import hashlib
import re

#: What :func:`printable` shows as an escape: C0 controls but the newline, DEL, C1 controls, and the
#: bidirectional marks, embeddings, overrides and isolates.
_UNPRINTABLE = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")
#: What a file name may not hold: a path separator, NUL and the other control characters,
#: bidirectional formatting characters.
_NOT_IN_NAMES = re.compile("[/\\\\\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")
#: The longest file name built from data, in bytes (255 is the usual file-system limit; room is left
#: for a suffix such as ``.json`` or ``.drafts``).
MAX_NAME_BYTES = 200


def _escape(match: re.Match) -> str:
    code = ord(match.group(0))
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def printable(text: str) -> str:
    """*text* with control and bidirectional formatting characters shown as ``\\xNN``/``\\uNNNN``
    instead of acting on the terminal (or the page); newlines are kept."""
    return _UNPRINTABLE.sub(_escape, str(text))


#: What :func:`json_text` writes as a ``\uNNNN`` escape (JSON escapes C0 controls itself).
_JSON_UNSAFE = re.compile("[\x7f-\x9f\u061c\u200b-\u200f\u2028\u2029\u202a-\u202e\u2060\u2066-\u2069\ufeff]")


def json_text(text: str) -> str:
    """JSON *text* (as json.dumps writes it) with :data:`_JSON_UNSAFE` characters as ``\\uNNNN``:
    they only occur inside strings (JSON's own syntax is ASCII), so the value read back is the same."""
    return _JSON_UNSAFE.sub(lambda m: f"\\u{ord(m.group(0)):04x}", text)


def file_name(text: str, max_bytes: int = MAX_NAME_BYTES) -> str:
    """*text* as (part of) a file name: separators and controls replaced by ``-``, at most
    *max_bytes* bytes of UTF-8.  A longer text is cut on a character boundary and ends with
    ``-`` and 8 hex digits of its hash, so that two long texts sharing a head stay apart."""
    name = _NOT_IN_NAMES.sub("-", str(text))
    data = name.encode("utf-8", "surrogatepass")
    if len(data) <= max_bytes:
        return name
    tag = "-" + hashlib.sha256(data).hexdigest()[:8]
    return data[:max_bytes - len(tag)].decode("utf-8", "ignore") + tag
