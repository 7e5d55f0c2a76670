"""``gb16 table … --format text|md|csv|html|json``: every action read back in every format.

Each table of a document is parsed back out of what the command wrote — CSV with the csv
module, HTML with html.parser, Markdown rendered by markdown-it-py and then parsed as HTML,
JSON with json — and must hold the same cell texts as the document, ``|``, ``<``, ``&`` and
backticks included (an implementation named with all of them makes the run-log tables
hostile).  The text format must hold no Markdown escape, and no format a Python repr.
"""

from __future__ import annotations

import csv
import io
import json
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from markdown_it import MarkdownIt
from wcwidth import wcswidth

from gb16.tools.commands.cli import main
from gb16.tools.harness import judging
from gb16.tools.harness.certify import CertifyOptions, run_certification
from gb16.tools.reports import document as D
from gb16.tools.reports import table_documents as T
from gb16.tools.reports.tables import load_fans, runlog_columns

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "tests" / "fixtures" / "harness"
EXAMPLES = ROOT / "tools" / "examples"

#: An implementation name with everything a format must escape.
HOSTILE = "a|b <i>x</i> & `tick` ``two`` \\[y](javascript:1) =1+2"

PAGE = """三、82番逐项适用表

番种分计入次数十六张的适用方式
大四喜64一次沿用底本定义 | 和 <b>&amp;</b> `x`。
四归一2可复计每一种未作杠的牌在整手恰有四张，可分别计。

四、可复核牌例
"""


class Tables(HTMLParser):
    """Every <table> of an HTML text as rows of cell texts (th and td alike)."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.tables: list[list[list[str]]] = []
        self.cell: list[str] | None = None

    def handle_starttag(self, tag, attrs):
        if tag == "table":
            self.tables.append([])
        elif tag == "tr" and self.tables:
            self.tables[-1].append([])
        elif tag in ("td", "th"):
            self.cell = []

    def handle_endtag(self, tag):
        if tag in ("td", "th") and self.cell is not None:
            self.tables[-1][-1].append("".join(self.cell).strip())
            self.cell = None

    def handle_data(self, data):
        if self.cell is not None:
            self.cell.append(data)


def html_tables(text: str) -> list[list[list[str]]]:
    parser = Tables()
    parser.feed(text)
    return parser.tables


def expected_tables(document: D.Document, fmt: str) -> list[list[list[str]]]:
    """The document's tables shown in *fmt*, as cell texts (what a reader must see)."""
    out = []
    for section in document.sections:
        for block in D.blocks(section, fmt):
            if block[0] == "table" and block[2]:
                out.append([[D.plain(h) for h in block[1]]] + [[" ".join(D.plain(v).split()) for v in row]
                                                               for row in block[2]])
    return out


def read_back(document: D.Document, fmt: str, text: str):
    """(what the format holds, what it should hold)."""
    if fmt == "json":
        return json.loads(text), json.loads(json.dumps(document.data, ensure_ascii=False))
    if fmt == "csv":   # as a spreadsheet reads it: UTF-8 after its byte-order mark
        assert text.startswith(D.BOM)
        rows = list(csv.reader(io.StringIO(text.encode("utf-8").decode("utf-8-sig"))))
        flat = document.flat
        return rows, [[str(D.csv_cell(h)) for h in flat.headers]] + [[str(D.csv_cell(v)) for v in row]
                                                                      for row in flat.rows]
    if fmt == "md":
        rendered = MarkdownIt("commonmark").enable("table").render(text)
        return [[[" ".join(c.split()) for c in row] for row in t] for t in html_tables(rendered)], \
            expected_tables(document, fmt)
    if fmt == "html":
        return [[[" ".join(c.split()) for c in row] for row in t] for t in html_tables(text)], \
            expected_tables(document, fmt)
    raise ValueError(fmt)


def _holds(value, text: str) -> bool:
    """Whether some string inside *value* (lists, dicts, strings) contains *text*."""
    if isinstance(value, str):
        return text in value
    if isinstance(value, dict):
        return any(_holds(k, text) or _holds(v, text) for k, v in value.items())
    if isinstance(value, list):
        return any(_holds(v, text) for v in value)
    return False


@pytest.fixture(scope="module")
def runlogs(tmp_path_factory) -> list[str]:
    """Two runs of the fixture corpus, one relabelled with the hostile name."""
    tmp = tmp_path_factory.mktemp("table-formats")
    good = run_certification(CertifyOptions(impl=f"python:{FIXTURES / 'fake_scorer.py'}:score",
                                            corpus=str(FIXTURES / "corpus"), out=str(tmp / "good.jsonl"),
                                            progress=False, in_process=True))
    wrong = run_certification(CertifyOptions(
        impl=f"python:{EXAMPLES / 'wrong_impl.py'}:score", corpus=str(FIXTURES / "corpus"),
        out=str(tmp / "wrong.jsonl"), progress=False, in_process=True))
    lines = wrong.path.read_text(encoding="utf-8").splitlines()
    header = json.loads(lines[0])
    header["implementation"]["name"] = HOSTILE
    hostile = tmp / "hostile.jsonl"
    hostile.write_text("\n".join([json.dumps(header, ensure_ascii=False)] + lines[1:]) + "\n", encoding="utf-8")
    return [str(good.path), str(hostile)]


def documents(runlogs, tmp_path) -> dict[str, tuple[list[str], D.Document]]:
    """Every action: (its command line, its document)."""
    from gb16.tools.reports.tables import check_fan_table, fan_table_rows, load_fans, parse_rule_page_table
    page = tmp_path / "page.txt"
    page.write_text(PAGE, encoding="utf-8")
    page_rows = parse_rule_page_table(PAGE)
    loaded = runlog_columns([judging.read(path) for path in runlogs])
    return {
        "fans": (["fans"], T.fans_document(fan_table_rows(load_fans()))),
        "fans --check": (["fans", "--check", "--rule-page", str(page)],
                         T.fan_check_document(page, page_rows, check_fan_table(page_rows, load_fans()))),
        **{f"matrix --by {by}": (["matrix", *runlogs, "--by", by], T.matrix_document(*loaded, by))
           for by in ("fan", "clause", "area")},
        "interop": (["interop", *runlogs], T.interop_document(*loaded)),
        "editions": (["editions"], T.editions_document()),
        "rulings": (["rulings"], T.rulings_document()),
    }


@pytest.mark.slow
def test_every_action_reads_back_in_every_format(runlogs, tmp_path, capsys):
    """The command's output, parsed, holds the document's cells; the hostile name survives in
    each format (as the column header of the run-log tables)."""
    for action, (argv, document) in documents(runlogs, tmp_path).items():
        for fmt in ("md", "csv", "html", "json"):
            status = main(["table", *argv, "--format", fmt])
            assert status in (0, 1), (action, fmt)
            text = capsys.readouterr().out
            got, expected = read_back(document, fmt, text)
            assert got == expected, (action, fmt)
            assert got, (action, fmt)     # something was read back
            if action.startswith(("matrix", "interop")):
                assert _holds(got, HOSTILE), (action, fmt)
        plain_argv = [a for a in argv if a != runlogs[1]]   # the hostile name holds escapes of its own
        main(["table", *plain_argv])                         # the default: plain text
        text = capsys.readouterr().out
        assert not re.search(r"\\[`\[\]|<>&*_]", text), action                    # no Markdown escape
        assert not re.search(r"\{'|\['|None", text), action                          # no Python repr
    main(["table", "interop", *runlogs])
    assert "javascript:1" in capsys.readouterr().out.replace("\n", "").replace(" ", "")  # the name, as it is


def test_markdown_code_spans_and_cells_survive_rendering():
    """Hands shown as code keep their backticks, pipes and brackets once rendered."""
    hands = ["[123m] 456p", "a|b", "`x`", "``", "<b>&amp;</b>", "x ` y"]
    document = D.Document("t", [T._table(D.Section("s", ""), ["hand", "note"], [[D.Code(h), h] for h in hands])])
    got, expected = read_back(document, "md", D.render(document, "md"))
    assert got == expected


def test_the_round_trip_check_catches_an_unescaped_pipe(monkeypatch):
    """The check can fail: cells written into Markdown without escaping lose their ``|``."""
    document = D.Document("t", [T._table(D.Section("s", ""), ["a", "b"], [["x|y", "<i>z</i>"]])])
    got, expected = read_back(document, "md", D.render(document, "md"))
    assert got == expected
    monkeypatch.setattr(D, "_md_cell", lambda value, in_table=True: D.plain(value))
    got, expected = read_back(document, "md", D.render(document, "md"))
    assert got != expected


def test_csv_guards_formulas_and_keeps_everything_else():
    assert D.csv_cell("=1+2") == "'=1+2" and D.csv_cell("@x") == "'@x" and D.csv_cell("-x") == "'-x"
    assert D.csv_cell("-3") == "-3" and D.csv_cell(5) == 5 and D.csv_cell("a|b,\"c\"") == "a|b,\"c\""


def test_text_wraps_long_cells_and_keeps_ids_whole():
    long_id = "seed-examples-1-big-four-winds-four-concealed-pungs-165"
    text = D.text_table(["case", "note"], [[long_id, "word " * 40]], width=80, keep=(0,))
    assert long_id in text
    assert max(len(line) for line in text.splitlines()) <= 80


def test_editions_examples_name_their_hand(capsys):
    assert main(["table", "editions"]) == 0
    text = capsys.readouterr().out
    assert "→" not in text                                              # no bare "8 → 6"
    assert "# no-concealed-and-melded-kong: corpus/editions.json\ngb16 explain '{2222m}[8888p]234s678s55p，点和5p' " \
           "--variant gb13" in text
    assert "# exhausted-tile-no-wait: seed-examples-5-formal-second-wait-no-edge-wait\ngb16 explain " in text
    rows = list(csv.DictReader(io.StringIO(D.render(T.editions_document(), "csv", bom=False))))
    example = next(r for r in rows if r["delta"] == "two-concealed-kongs-8")
    assert example["example input"].startswith("'{") is False and "--variant gb13" in example["example input"]
    assert example["example total"] and example["example total under the delta"]


def test_rulings_rows_give_the_whole_input_in_every_format(capsys):
    assert main(["table", "rulings", "--format", "md"]) == 0
    md = capsys.readouterr().out
    assert "### R-009 — 大四喜 and a fifth 幺九 pung" in md and "\\`" not in md
    assert "| honours-big-four-winds-fifth-terminal-pung-r009" in md
    row = next(line for line in md.splitlines() if line.startswith("| honours-big-four-winds-fifth-terminal-pung-r009"))
    assert "`'[111z][222z][333z][444z]999m55m，点和9m'" in row
    assert main(["table", "rulings"]) == 0
    text = capsys.readouterr().out
    assert "R-009 — 大四喜 and a fifth 幺九 pung" in text and "`" not in text and "\\[" not in text


#: An id as the tables print it: a case id, a delta id, a fan id (letters and digits joined by
#: hyphens or underscores), or a path.
ID = re.compile(r"[A-Za-z0-9.]+(?:[-_/][A-Za-z0-9.]+)+")


def _whole(document: D.Document) -> set[str]:
    """What the text format must never break: every table cell that is one word (an id, a fan's
    name, a number — not a line of Chinese prose, which wraps), and every id inside a paragraph
    or a list item."""
    words: set[str] = set()
    for section in document.sections:
        for block in D.blocks(section, "text"):
            if block[0] == "table":
                words |= {D.plain(v) for row in block[2] for v in row if D.plain(v) and " " not in D.plain(v)
                          and (ID.fullmatch(D.plain(v)) or wcswidth(D.plain(v)) <= 16)}
            elif block[0] in ("p", "list"):
                for item in (block[1] if block[0] == "list" else [block[1]]):
                    words |= set(ID.findall(D.plain(item)))
    return words


def _check_width(text: str, width: int) -> list[str]:
    """The lines wider than *width* that are not a command to paste whole (or the ``# what`` line
    naming the command under it)."""
    lines = text.splitlines()
    return [line for line, after in zip(lines, lines[1:] + [""]) if wcswidth(line) > width
            and not line.startswith("gb16 ") and not (line.startswith("# ") and after.startswith("gb16 "))]


def test_text_tables_keep_ids_fan_names_and_hands_whole_at_80_columns(runlogs, tmp_path, capsys, monkeypatch):
    """Every action at 80 columns: no line wider (but a command, pasted whole), and every id, fan
    name and one-word cell of its tables is printed whole.  Planted: with a line allowed to break
    at a hyphen again, the editions' delta ids break."""
    plain = [runlogs[0], runlogs[0]]   # two columns, without the hostile name's escapes
    texts = {}
    for action, (argv, document) in documents(plain, tmp_path).items():
        argv = [a if a != plain[0] else runlogs[0] for a in argv]
        main(["table", *argv, "--width", "80"])
        text = texts[action] = capsys.readouterr().out
        assert _check_width(text, 80) == [], action
        words = _whole(document)
        assert words and [w for w in words if w not in text] == [], action
    fans = texts["fans"]
    for fan in load_fans():
        assert f"番种 {fan['zh']} · fan {fan['en']}" in fans and f"id {fan['id']}" in fans
    monkeypatch.setattr(D, "_BREAKS", re.compile(r"(?<=[ ，、；。,;/\-])|(?<=[\u2e80-\u9fff])(?=[\u2e80-\u9fff])"))
    editions = T.editions_document()
    text = D.render(editions, "text", 80)
    assert [w for w in _whole(editions) if w not in text]


def test_the_fan_table_reads_at_80_and_120_columns(capsys):
    """`table fans`: one fan a record of at most four lines at 80 columns and three at 120, its
    description on lines of its own (never 12 columns wide)."""
    for width, most in ((80, 4), (120, 3)):
        assert main(["table", "fans", "--width", str(width)]) == 0
        text = capsys.readouterr().out
        assert _check_width(text, width) == []
        records = text.split("\n\n")[1:]
        assert len(records) == 82 and max(len(r.strip("\n").splitlines()) for r in records) <= most
        first = records[0].strip("\n").splitlines()
        assert first[0].startswith("# 1 · 番种 大四喜 · fan Big Four Winds · id big_four_winds")
        assert any(line.startswith("  十六张的适用方式: 沿用底本定义、分值和排除") for line in first)


def test_csv_opens_in_a_spreadsheet_as_utf8(tmp_path):
    """The CSV file starts with a UTF-8 byte-order mark: read back as a spreadsheet reads it
    (utf-8-sig), the Chinese headers and names come out whole; --no-bom leaves it out."""
    out = tmp_path / "fans.csv"
    assert main(["table", "fans", "--format", "csv", "--out", str(out)]) == 0
    assert out.read_bytes().startswith(b"\xef\xbb\xbf")
    with out.open(encoding="utf-8-sig", newline="") as f:
        rows = list(csv.DictReader(f))
    assert list(rows[0])[:3] == ["#", "番种", "fan"] and rows[0]["番种"] == "大四喜" and len(rows) == 82
    assert main(["table", "fans", "--format", "csv", "--out", str(out), "--no-bom"]) == 0
    assert out.read_bytes().startswith("#,番种".encode("utf-8"))
