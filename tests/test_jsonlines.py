"""The strict JSON reader every tool shares (gb16.reference.jsonlines; docs/contract.md "Input limits")."""

import io

import pytest

from gb16.reference import jsonlines as J


@pytest.mark.parametrize("raw, fragment", [
    (b"", "empty line"),
    (b"  \t", "empty line"),
    (b"[" * 1000 + b"]" * 1000, "nest more than 64"),
    (b"[" * 65 + b"]" * 65, "nest more than 64"),
    (b'{"flowers": ' + b"1" * 4301 + b"}", "4301 digits"),
    (b'{"hand":"x","flowers":"\\ud800"}', "lone surrogate"),
    (b'{"\\udfff": 1}', "lone surrogate"),
    (b'{"hand":"x","flowers":"\xff"}', "not valid UTF-8: byte 0xff"),
    (b'{"a": 1, "a": 2}', 'duplicate key "a"'),
    (b"NaN", "NaN"),
    (b'{"flowers": -Infinity}', "-Infinity"),
    (b"[1e999]", "out of range"),
    (b"\x1c", "not JSON"),
    (b"\xef\xbb\xbf{}", "byte-order mark"),
    (b'{"a": "\x01"}', "not JSON"),
])
def test_every_hostile_line_is_an_invalid_json_error(raw, fragment):
    with pytest.raises(J.JSONInputError) as e:
        J.parse_line(raw)
    assert e.value.code == "invalid_json" and fragment in str(e.value)
    assert e.value.as_result()["error"]["code"] == "invalid_json"


def test_nesting_up_to_the_limit_and_real_surrogate_pairs_are_fine():
    assert J.parse_line(b"[" * 64 + b"]" * 64) is not None
    assert J.parse_line(b'["[[[[", "\\ud83d\\ude00"]\r\n') == ["[[[[", "\U0001F600"]
    assert J.parse_line(b'{"a": "x' + b"[" * 100 + b'"}') == {"a": "x" + "[" * 100}
    assert J.parse_line(b'{"n": 12345678901234567890123456789012}')["n"] == 12345678901234567890123456789012


def test_the_depth_scan_is_linear_on_hostile_quotes():
    # unterminated strings full of escaped quotes used to make a naive scan quadratic
    raw = b"[" * 65 + b'"\\"' * 300_000
    with pytest.raises(J.JSONInputError):
        J.parse_line(raw)


def test_read_lines_splits_on_newline_only_and_bounds_long_lines():
    data = b'{"a": 1}\n' + "\x1c\u2028\n".encode() + b"x" * (J.MAX_LINE_BYTES + 5) + b'\n{}\r\n\nlast'
    got = []
    for raw in J.read_lines(io.BytesIO(data)):
        try:
            got.append(J.parse_stream_line(raw))
        except J.JSONInputError as e:
            got.append(e.message.split(":")[0])
    assert got == [{"a": 1}, "not JSON", f"the line is {J.MAX_LINE_BYTES + 6} bytes long (at most {J.MAX_LINE_BYTES})",
                   {}, "empty line", "not JSON"]


def test_load_file_and_load_lines_name_the_file_and_line(tmp_path):
    f = tmp_path / "cases.json"
    f.write_bytes(b'{"a": [1, 2,]}')
    with pytest.raises(J.JSONInputError) as e:
        J.load_file(f)
    assert str(e.value).startswith(str(f) + ": not JSON") and "line 1 column" in str(e.value)
    log = tmp_path / "run.jsonl"
    log.write_bytes(b'{"a": 1}\n\n{"a": NaN}\n\xff\n')
    out = list(J.load_lines(log))
    assert out[0] == (1, {"a": 1})
    assert [n for n, _ in out] == [1, 3, 4]
    assert all(isinstance(v, J.JSONInputError) and v.where == f"{log} line {n}" for n, v in out[1:])
    with pytest.raises(J.JSONInputError) as e:
        J.load_file(tmp_path / "missing.json")
    assert "cannot be read" in str(e.value)


def test_dumps_line_is_always_utf8():
    assert J.dumps_line({"x": "中"}) == '{"x": "中"}'
    line = J.encode_line({"x": "\ud800"})
    line.decode("utf-8")
    assert line == b'{"x": "\\ud800"}\n'


def test_errors_found_after_parsing_name_the_line_and_column():
    text = '{\n  "a": [1,\n    "\\ud800"],\n  "b": ' + "1" * 40 + "\n}"
    with pytest.raises(J.JSONInputError) as e:
        J.parse_text(text.replace("1" * 40, "1"))
    assert "lone surrogate" in str(e.value) and "(line 3 column 5)" in str(e.value)
    with pytest.raises(J.JSONInputError) as e:
        J.parse_text(text.replace('"\\ud800"', '"\\\\ud800"'))  # an escaped backslash: no surrogate
    assert "40 digits" in str(e.value) and "(line 4 column 8)" in str(e.value)
    with pytest.raises(J.JSONInputError) as e:
        J.parse_text("\n\n" + "[" * 70 + "]" * 70)
    assert "(line 3 column 65)" in str(e.value)
