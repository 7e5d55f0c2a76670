"""The fan table as the properties read it — transcribed again from the texts.

The reference scorer reads corpus/fans.json.  A property that judged a scorer with that
same file would pass any mistake made in it (a 不计 entry dropped, a scope or a variant
wrong, a repeatable flag flipped): the check would share the bug it is meant to find.  So
the properties read this module instead, which is written from the texts themselves and
never opens fans.json:

* :data:`TABLE` — the 82 fans of seed000 §三 in table order with the rule page's names,
  their points (§三 "分值维持底本", xinbian 第七章 headings) and where they apply
  (seed000 §二.1 and §三 "不适用固定十四张结构，本扩展不设此番").
* :data:`REPEATABLE` — xinbian 第七章 preamble and seed000 §二.8, quoted.
* :data:`NOT_COUNTED` — every 不计 / 减计 sentence of the texts, quoted, each with the fans
  it names: xinbian 第七章 definitions, xinbian 第六章 3 (门清原则) and 5 (组合原则), and the
  rule page's own additions (seed000 §二.4, §三 四杠 / 三杠).  Its scope is read off the
  sentence: "不计 X" → ``whole``, "这几副刻子不计 X" → ``sets``, "减计 1 个 X" → ``one`` —
  except where a ruling of docs/rulings.md reads it otherwise (:data:`RULINGS`, quoted:
  R-009 makes 大四喜's 不计幺九刻 per set).

:data:`FANS` gives the same shape as a fans.json record (``id``, ``zh``, ``points``,
``repeatable``, ``applies``, ``excludes``) so that the property code reads one kind of
record; tests/test_rulebook.py diffs this transcription against corpus/fans.json entry by
entry and fails on any difference, naming both sides and the clause.
"""

from __future__ import annotations

from dataclasses import dataclass

# --------------------------------------------------------------------------------------
# The 82 fans (seed000 §三, in its order; points from the same table)

#: number, id, 番种 (the rule page's name), points, whether gb16 has it (seed000 §二.1, §三)
_TABLE_TEXT = """
1 big_four_winds 大四喜 88 +
2 big_three_dragons 大三元 88 +
3 all_green 绿一色 88 +
4 nine_gates 九莲宝灯 88 -
5 four_kongs 四杠 88 +
6 seven_shifted_pairs 连七对 88 -
7 thirteen_orphans 十三幺 88 -
8 all_terminals 清幺九 64 +
9 little_four_winds 小四喜 64 +
10 little_three_dragons 小三元 64 +
11 all_honors 字一色 64 +
12 four_concealed_pungs 四暗刻 64 +
13 pure_terminal_chows 一色双龙会 64 -
14 quadruple_chow 一色四同顺 48 +
15 four_pure_shifted_pungs 一色四节高 48 +
16 four_pure_shifted_chows 一色四步高 32 +
17 three_kongs 三杠 32 +
18 all_terminals_and_honors 混幺九 32 +
19 seven_pairs 七对 24 -
20 greater_honors_and_knitted_tiles 七星不靠 24 -
21 all_even_pungs 全双刻 24 +
22 full_flush 清一色 24 +
23 pure_triple_chow 一色三同顺 24 +
24 pure_shifted_pungs 一色三节高 24 +
25 upper_tiles 全大 24 +
26 middle_tiles 全中 24 +
27 lower_tiles 全小 24 +
28 pure_straight 清龙 16 +
29 three_suited_terminal_chows 三色双龙会 16 -
30 pure_shifted_chows 一色三步高 16 +
31 all_fives 全带五 16 +
32 triple_pung 三同刻 16 +
33 three_concealed_pungs 三暗刻 16 +
34 lesser_honors_and_knitted_tiles 全不靠 12 -
35 knitted_straight 组合龙 12 +
36 upper_four 大于五 12 +
37 lower_four 小于五 12 +
38 big_three_winds 三风刻 12 +
39 mixed_straight 花龙 8 +
40 reversible_tiles 推不倒 8 +
41 mixed_triple_chow 三色三同顺 8 +
42 mixed_shifted_pungs 三色三节高 8 +
43 chicken_hand 无番和 8 +
44 last_tile_draw 妙手回春 8 +
45 last_tile_claim 海底捞月 8 +
46 out_with_replacement_tile 杠上开花 8 +
47 robbing_the_kong 抢杠和 8 +
48 all_pungs 碰碰和 6 +
49 half_flush 混一色 6 +
50 mixed_shifted_chows 三色三步高 6 +
51 all_types 五门齐 6 +
52 melded_hand 全求人 6 +
53 two_concealed_kongs 双暗杠 6 +
54 two_dragon_pungs 双箭刻 6 +
55 outside_hand 全带幺 4 +
56 fully_concealed_hand 不求人 4 +
57 two_melded_kongs 双明杠 4 +
58 last_of_kind 和绝张 4 +
59 dragon_pung 箭刻 2 +
60 prevalent_wind 圈风刻 2 +
61 seat_wind 门风刻 2 +
62 concealed_hand 门前清 2 +
63 all_chows 平和 2 +
64 tile_hog 四归一 2 +
65 double_pung 双同刻 2 +
66 two_concealed_pungs 双暗刻 2 +
67 concealed_kong 暗杠 2 +
68 all_simples 断幺 2 +
69 pure_double_chow 一般高 1 +
70 mixed_double_chow 喜相逢 1 +
71 short_straight 连六 1 +
72 two_terminal_chows 老少副 1 +
73 pung_of_terminals_or_honors 幺九刻 1 +
74 melded_kong 明杠 1 +
75 one_voided_suit 缺一门 1 +
76 no_honors 无字 1 +
77 edge_wait 边张 1 +
78 closed_wait 嵌张 1 +
79 single_wait 单钓将 1 +
80 self_drawn 自摸 1 +
81 flower_tiles 花牌 1 +
82 concealed_and_melded_kong 明暗杠 5 +
"""


@dataclass(frozen=True)
class Row:
    number: int
    id: str
    zh: str
    points: int
    gb16: bool


TABLE: tuple[Row, ...] = tuple(
    Row(int(n), fid, zh, int(pts), flag == "+")
    for n, fid, zh, pts, flag in (line.split() for line in _TABLE_TEXT.strip().splitlines()))
BY_ZH: dict[str, str] = {r.zh: r.id for r in TABLE}
BY_ZH["单吊将"] = "single_wait"          # xinbian writes 吊, the rule page 钓
ORDER: dict[str, int] = {r.id: r.number for r in TABLE}
ZH: dict[str, str] = {r.id: r.zh for r in TABLE}

# --------------------------------------------------------------------------------------
# Repetition

REPEATABLE_TEXT = ("xinbian 第七章 (preamble)",
                   "除四归一、双同刻、一般高、喜相逢、连六、幺九刻、花牌七个番种外，所有番种在成立时只能计一次。")
REPEATABLE_TEXT_GB16 = ("seed000 §二.8",
                        "依底本仅四归一、双同刻、一般高、喜相逢、连六、幺九刻、花牌可重复计，其余各计一次。")
REPEATABLE: frozenset[str] = frozenset(
    BY_ZH[name] for name in ("四归一", "双同刻", "一般高", "喜相逢", "连六", "幺九刻", "花牌"))

# --------------------------------------------------------------------------------------
# 不计: every sentence, quoted


@dataclass(frozen=True)
class NotCounted:
    """One 不计 sentence: ``by`` (the fans whose holding excludes) do not count ``names``."""

    clause: str
    by: tuple[str, ...]          # 番种 names of the excluding fans
    quote: str                   # the sentence, as the text has it
    names: tuple[str, ...]       # 番种 names it excludes (a group word expanded, see GROUPS)
    scope: str                   # "whole" | "sets" | "one"
    variants: tuple[str, ...] | None = None   # None: every variant that has the excluding fan


#: Group words the texts use in a 不计 sentence, and the fans they stand for.
GROUPS = {
    # seed000 §三 四杠 "不计三杠、单双杠": the single- and double-kong fans (暗杠, 明杠 — "恰好一副杠";
    # 双暗杠, 双明杠, 明暗杠 — "恰好两副杠").
    "单双杠": ("暗杠", "明杠", "双暗杠", "双明杠", "明暗杠"),
    # xinbian 第六章 5: "任何双顺子番种（一般高、喜相逢、连六、老少副）"
    "双顺子番种": ("一般高", "喜相逢", "连六", "老少副"),
}


def _c(clause, by, quote, names=None, scope=None, variants=None) -> NotCounted:
    """Read the scope and the names off a plain 不计 sentence when not given."""
    if scope is None:
        scope = "one" if quote.startswith("减计") else "sets" if "刻子不计" in quote else "whole"
    if names is None:
        tail = quote.split("不计", 1)[1] if "不计" in quote else quote.split("减计 1 个", 1)[1]
        names = tuple(n for n in tail.rstrip("。").split("、") if n)
    expanded: list[str] = []
    for n in names:
        expanded.extend(GROUPS.get(n, (n,)))
    return NotCounted(clause, tuple(by) if isinstance(by, tuple) else (by,), quote, tuple(expanded), scope,
                      variants)


_MENQING = ("九莲宝灯", "连七对", "十三幺", "七对", "七星不靠", "全不靠")
_FOUR_CHOW = ("一色双龙会", "一色四同顺", "一色四步高", "三色双龙会")

NOT_COUNTED: tuple[NotCounted, ...] = (
    # xinbian 第七章, the definitions (【定义】 … 不计 …)
    _c("xinbian 第七章 1", "大四喜", "不计碰碰和、圈风刻、门风刻、幺九刻。"),
    _c("xinbian 第七章 2", "大三元", "这三副刻子不计幺九刻。"),
    _c("xinbian 第七章 3", "绿一色", "不计混一色。"),
    _c("xinbian 第七章 4", "九莲宝灯", "不计清一色、无字"),
    _c("xinbian 第七章 4", "九莲宝灯", "减计 1 个幺九刻。"),
    _c("xinbian 第七章 5", "四杠", "不计碰碰和、单吊将。"),
    _c("xinbian 第七章 6", "连七对", "不计七对、清一色、无字。"),
    _c("xinbian 第七章 7", "十三幺", "不计混幺九、五门齐。"),
    _c("xinbian 第七章 8", "清幺九", "不计碰碰和、全带幺、双同刻、幺九刻、无字。"),
    _c("xinbian 第七章 9", "小四喜", "组成小四喜的三副刻子不计三风刻、幺九刻。"),
    _c("xinbian 第七章 10", "小三元", "组成小三元的两副刻子不计双箭刻、幺九刻。"),
    _c("xinbian 第七章 11", "字一色", "不计碰碰和、全带幺、幺九刻。"),
    _c("xinbian 第七章 12", "四暗刻", "不计碰碰和。"),
    _c("xinbian 第七章 13", "一色双龙会", "不计清一色、平和、无字。"),
    _c("xinbian 第七章 14", "一色四同顺", "不计四归一。"),
    _c("xinbian 第七章 15", "一色四节高", "不计碰碰和。"),
    _c("xinbian 第七章 18", "混幺九", "不计碰碰和、全带幺、幺九刻。"),
    _c("xinbian 第七章 20", "七星不靠", "不计全不靠、五门齐。"),
    _c("xinbian 第七章 21", "全双刻", "不计碰碰和、断幺、无字。"),
    _c("xinbian 第七章 22", "清一色", "不计无字。"),
    _c("xinbian 第七章 25", "全大", "不计大于五、无字。"),
    _c("xinbian 第七章 26", "全中", "不计断幺、无字。"),
    _c("xinbian 第七章 27", "全小", "不计小于五、无字。"),
    _c("xinbian 第七章 29", "三色双龙会", "不计平和、无字。"),
    _c("xinbian 第七章 31", "全带五", "不计断幺、无字。"),
    _c("xinbian 第七章 34", "全不靠", "不计五门齐。"),
    _c("xinbian 第七章 36", "大于五", "不计无字。"),
    _c("xinbian 第七章 37", "小于五", "不计无字。"),
    _c("xinbian 第七章 38", "三风刻", "这三副刻子不计幺九刻。"),
    _c("xinbian 第七章 40", "推不倒", "不计缺一门。"),
    _c("xinbian 第七章 44", "妙手回春", "不计自摸。"),
    _c("xinbian 第七章 46", "杠上开花", "不计自摸。"),
    _c("xinbian 第七章 47", "抢杠和", "不计和绝张。"),
    _c("xinbian 第七章 52", "全求人", "不计单吊将。"),
    _c("xinbian 第七章 53", "双暗杠", "不计双暗刻。"),
    _c("xinbian 第七章 54", "双箭刻", "这两副刻子不计幺九刻。"),
    _c("xinbian 第七章 56", "不求人", "不计自摸。"),
    _c("xinbian 第七章 59", "箭刻", "这副刻子不计幺九刻。"),
    _c("xinbian 第七章 60", "圈风刻", "这副刻子不计幺九刻。"),
    _c("xinbian 第七章 61", "门风刻", "这副刻子不计幺九刻。"),
    _c("xinbian 第七章 63", "平和", "不计无字。"),
    _c("xinbian 第七章 68", "断幺", "不计无字。"),
    # xinbian 第六章 3 门清原则 (the fans that are concealed by their shape)
    *(_c("xinbian 第六章 3", fan,
         "成立时手牌必然处于门清状态的番种（九莲宝灯、连七对、十三幺、四暗刻、七对、七星不靠、全不靠）"
         "在点和成立时门前清不成立，自摸成立时不求人不成立。", names=("门前清", "不求人"))
      for fan in _MENQING),
    # … and 四暗刻, which seed000 §二.4 takes out of it for gb16
    _c("xinbian 第六章 3; seed000 §二.4", "四暗刻",
       "门清原则: 点和成立时门前清不成立，自摸成立时不求人不成立 — seed000 §二.4: 四暗刻在五面子制下不必门清"
       "……本扩展按实际状态另计门前清或不求人。", names=("门前清", "不求人"), variants=("gb13",)),
    # xinbian 第六章 5 组合原则
    *(_c("xinbian 第六章 5", fan, "四顺子番种成立时，任何双顺子番种（一般高、喜相逢、连六、老少副）均不成立",
         names=("双顺子番种",))
      for fan in _FOUR_CHOW),
    _c("xinbian 第六章 5", "三同刻", "三同刻成立时，双同刻不成立", names=("双同刻",)),
    # the rule page's own 不计 (seed000 §三)
    _c("seed000 §三 四杠", "四杠", "至少四副杠；五杠仍只计一次四杠。不计三杠、单双杠、碰碰和、单钓将。",
       names=("三杠", "单双杠")),
    _c("seed000 §三 三杠", "三杠", "恰好三副杠，不另计单双杠。", names=("单双杠",)),
)


@dataclass(frozen=True)
class Ruling:
    """A decision of docs/rulings.md that changes how a 不计 sentence is read."""

    ruling: str
    by: str                      # 番种 name of the excluding fan
    name: str                    # 番种 name of the excluded fan
    scope: str                   # the scope the ruling gives it
    quote: str


#: docs/rulings.md, the project's decisions where the texts leave the reading of a 不计 open.
RULINGS: tuple[Ruling, ...] = (
    Ruling("R-009", "大四喜", "幺九刻", "sets",
           "R-009 — 大四喜 and a fifth 幺九 pung: the exclusion of 幺九刻 is per set. Decision: B "
           "(Per set — the project's reading): only the pungs that make the 大四喜 lose 幺九刻; a fifth 幺九 "
           "pung scores 幺九刻 ×1 (seed000 §二.8, §三 幺九刻; mil 附件1 (八))."),
)


def _excludes(fan_id: str) -> list[dict]:
    out: list[dict] = []
    for nc in NOT_COUNTED:
        if fan_id not in (BY_ZH[b] for b in nc.by):
            continue
        for name in nc.names:
            entry = {"fan": BY_ZH[name], "scope": nc.scope, "source": nc.clause}
            if nc.variants is not None:
                entry["variants"] = list(nc.variants)
            if any(e["fan"] == entry["fan"] and e.get("variants") == entry.get("variants") for e in out):
                continue   # 四杠's 碰碰和 is in xinbian 第七章 5 and again in seed000 §三
            for r in RULINGS:
                if BY_ZH[r.by] == fan_id and BY_ZH[r.name] == entry["fan"]:
                    entry["scope"] = r.scope
                    entry["source"] += f"; docs/rulings.md {r.ruling}"
            out.append(entry)
    return out


#: One record per fan, in the shape of a fans.json record (the fields the properties read).
FANS: tuple[dict, ...] = tuple(
    {"number": r.number, "id": r.id, "zh": r.zh, "points": r.points,
     "repeatable": r.id in REPEATABLE, "applies": {"gb16": r.gb16, "gb13": True},
     "excludes": _excludes(r.id)}
    for r in TABLE)
FAN: dict[str, dict] = {f["id"]: f for f in FANS}


def exclusions_of(fan_id: str, variant: str = "gb16") -> list[dict]:
    """The 不计 entries of ``fan_id`` that act in ``variant``."""
    return [e for e in FAN[fan_id]["excludes"] if variant in e.get("variants", (variant,))]


def whole_exclusions(fan_id: str, variant: str = "gb16") -> set[str]:
    """Fans that ``fan_id`` excludes for the whole hand in ``variant`` (xinbian 第六章 4 规定原则)."""
    return {e["fan"] for e in exclusions_of(fan_id, variant) if e["scope"] == "whole"}
