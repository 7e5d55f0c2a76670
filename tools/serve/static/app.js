// The referee's page of `gb16 serve` (and of the static folder of `gb16 serve --export`): build a
// hand by tapping tiles (or typing the notation), ask for the reference's answer, show it.
// Plain JavaScript, no framework, no build step.
//
// The reference does all the reading and scoring (api/parse, api/explain, api/waits: the server's
// gb16/tools/serve/app.py, or on the exported page the same Python functions in the browser,
// static/offline.js); this file keeps the hand being built, writes it in the notation
// (docs/contract.md "Hand notation") and draws the answers.  Every text that comes from the
// reference or the user is put on the page with textContent, never as HTML.
//
// Quick entry on a phone: the hand being built and its tile count stay above the palette; a tap
// past the hand's size or a fifth copy is refused (the tile greyed, still focusable); a meld
// mode goes back to concealed tiles after its meld, and the last tile is the winning tile; no
// error is shown before the hand could be complete; impossible circumstances are disabled with
// the reason; every edit is a step of the browser's history (Back) and of Undo.
"use strict";

// -- tiles ------------------------------------------------------------------------------------

const SUITS = ["m", "p", "s", "z"];
const SUIT_NAMES = { m: "万", p: "筒", s: "条" };
const HONOURS = ["东", "南", "西", "北", "中", "白", "发"];
const NUMERALS = ["一", "二", "三", "四", "五", "六", "七", "八", "九"];

function tileName(rank, suit) { return `${rank}${suit}`; }
function rankOf(tile) { return Number(tile[0]); }
function suitOf(tile) { return tile[1]; }

/** "五万", "东": a tile's Chinese name, what it is announced as. */
function tileChinese(tile) {
  const r = rankOf(tile), s = suitOf(tile);
  return s === "z" ? HONOURS[r - 1] : `${NUMERALS[r - 1]}${SUIT_NAMES[s]}`;
}

/** Sort key: suits in the order m p s z, then rank. */
function tileOrder(tile) { return SUITS.indexOf(suitOf(tile)) * 10 + rankOf(tile); }

/** Tiles in the compact notation, one run per suit: ["1m","2m","3m","5z","5z"] → "123m 55z". */
function compact(tiles) {
  const runs = [];
  for (const t of tiles) {
    const last = runs[runs.length - 1];
    if (last && last.suit === suitOf(t)) last.ranks += t[0];
    else runs.push({ suit: suitOf(t), ranks: t[0] });
  }
  return runs.map(r => r.ranks + r.suit).join(" ");
}

function tileImage(tile, extraClass) {
  const img = el("img", { src: `static/tiles/${tile}.svg`, alt: tileChinese(tile), title: `${tileChinese(tile)} ${tile}`,
                          draggable: "false", "data-tile": tile });
  if (extraClass) img.className = extraClass;
  return img;
}

// -- a tiny DOM helper ----------------------------------------------------------------------------

/** el("p", {class: "x"}, "text", child, …): an element; strings become text nodes (never HTML). */
function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") node.className = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat(Infinity)) {
    if (c === null || c === undefined || c === false) continue;
    node.append(typeof c === "string" || typeof c === "number" ? document.createTextNode(String(c)) : c);
  }
  return node;
}

/** Chinese first, the English beside it (hidden by the language switch's 只显示中文). */
function en(text) { return el("span", { class: "en", lang: "en" }, text); }

const $ = id => document.getElementById(id);

// -- the hand being built ---------------------------------------------------------------------------

/** melds: {kind: "chow"|"pung"|"kong", exposed, tiles}; standing: the concealed tiles without the
 *  winning tile; win: the winning tile or null. */
let hand = { melds: [], standing: [], win: null };
/** "taps": the hand was built by tapping (no error until it could be complete); "text": typed
 *  or opened from a link (the reference's answer whatever it is). */
let source = "taps";

function handTiles() {
  return [...hand.melds.flatMap(m => m.tiles), ...hand.standing, ...(hand.win ? [hand.win] : [])];
}

/** Tiles toward the hand size, a kong counting three (docs/contract.md). */
function tileCount() {
  return hand.melds.reduce((n, m) => n + Math.min(m.tiles.length, 3), 0) + hand.standing.length + (hand.win ? 1 : 0);
}

function copies(tile) { return handTiles().filter(t => t === tile).length; }

function variant() { return document.querySelector("input[name=variant]:checked").value; }
function winBy() { return document.querySelector("input[name=win_by]:checked").value; }
function mode() { return document.querySelector("input[name=mode]:checked").value; }
function setMode(m) { document.querySelector(`input[name=mode][value=${m}]`).checked = true; }
function needed() { return variant() === "gb13" ? 14 : 17; }

/** The hand in the notation: melds, the standing tiles with the winning tile, and the suffix. */
function notationOf(h, how) {
  const parts = h.melds.map(m => (m.exposed ? "[" : "{") + compact(m.tiles) + (m.exposed ? "]" : "}"));
  const standing = [...h.standing, ...(h.win ? [h.win] : [])].sort((a, b) => tileOrder(a) - tileOrder(b));
  if (standing.length) parts.push(compact(standing));
  let text = parts.join(" ");
  if (h.win) text += (how === "self_draw" ? "，自摸" : "，点和") + h.win;
  return text;
}

/** The tiles a tap adds in mode `m`, or null when that group cannot start at `tile`. */
function tilesToAdd(tile, m) {
  const r = rankOf(tile), s = suitOf(tile);
  if (m === "chow") return s !== "z" && r <= 7 ? [tile, tileName(r + 1, s), tileName(r + 2, s)] : null;
  if (m === "pung") return [tile, tile, tile];
  if (m === "kong" || m === "concealed_kong") return [tile, tile, tile, tile];
  return [tile];
}

/** Whether tapping `tile` in mode `m` adds it: no fifth copy, nothing past the hand's size (a kong
 *  counting three), and — with every tile in — the winning tile chosen among the concealed ones. */
function canAdd(tile, m) {
  const adding = tilesToAdd(tile, m);
  if (!adding) return false;
  if (m === "win" && !hand.win && tileCount() === needed()) return hand.standing.includes(tile);
  const replaced = m === "win" && hand.win ? [hand.win] : [];
  const grows = m === "win" && hand.win ? 0 : Math.min(adding.length, 3);
  if (tileCount() + grows > needed()) return false;
  return adding.every(t => copies(t) - replaced.filter(x => x === t).length + adding.filter(x => x === t).length <= 4);
}

function tap(tile) {
  const m = mode();
  if (!canAdd(tile, m)) return;
  edit(() => {
    const adding = tilesToAdd(tile, m);
    if (m === "standing") hand.standing.push(tile);
    else if (m === "win") {
      if (!hand.win && tileCount() === needed()) hand.standing.splice(hand.standing.indexOf(tile), 1);
      hand.win = tile;
    } else hand.melds.push({ kind: m === "chow" ? "chow" : m === "pung" ? "pung" : "kong",
                             exposed: m !== "concealed_kong", tiles: adding });
    // a meld is one tap: back to concealed tiles; the last tile in is the winning tile
    if (m !== "standing" && m !== "win") setMode("standing");
    if (!hand.win && tileCount() >= needed() - 1) setMode("win");
    source = "taps";
    $("notation").value = notationOf(hand, winBy());
  });
}

function removeStanding(i) { edit(() => { hand.standing.splice(i, 1); afterRemoval(); }); }
function removeMeld(i) { edit(() => { hand.melds.splice(i, 1); afterRemoval(); }); }
function removeWin() { edit(() => { hand.win = null; afterRemoval(); }); }
function afterRemoval() {
  source = "taps";
  if (mode() === "win" && (hand.win || tileCount() < needed() - 1)) setMode("standing");   // a tile to put back
  $("notation").value = notationOf(hand, winBy());
  $("hand").focus();   // the tapped tile is gone: focus stays in the hand, not lost to the page
}

// -- every edit: a step of Undo and of the browser's history ----------------------------------------

const FLAGS = ["last_of_kind", "last_tile", "kong_replacement", "robbing_kong"];
const CONTROLS = ["prevalent_wind", "seat_wind", "flowers"];

/** The value of a control: the winds are rows of buttons (one tap each), the flowers a list. */
function control(name) {
  return name === "flowers" ? $("flowers").value : document.querySelector(`input[name=${name}]:checked`).value;
}
function setControl(name, value) {
  if (name === "flowers") $("flowers").value = value;
  else document.querySelector(`input[name=${name}][value="${value}"]`).checked = true;
}

/** Everything the user set: the tiles, the notation as written and every control. */
function snapshot() {
  const s = { hand: JSON.parse(JSON.stringify(hand)), source, notation: $("notation").value,
              variant: variant(), win_by: winBy(), mode: mode() };
  for (const c of CONTROLS) s[c] = control(c);
  for (const f of FLAGS) s[f] = $(f).checked;
  return s;
}

function restore(s) {
  hand = JSON.parse(JSON.stringify(s.hand));
  source = s.source;
  $("notation").value = s.notation;
  document.querySelector(`input[name=variant][value=${s.variant}]`).checked = true;
  document.querySelector(`input[name=win_by][value=${s.win_by}]`).checked = true;
  setMode(s.mode);
  for (const c of CONTROLS) setControl(c, s[c]);
  for (const f of FLAGS) $(f).checked = s[f];
}

let current = null;        // the snapshot on screen
const undoStack = [];

/** Make a change (`change()` edits the hand or the controls), then record it: Undo goes back one
 *  step, and so does the browser's Back (the address carries the hand, for the share link). */
function edit(change) {
  const before = current;
  if (change) change();
  settle(before);
}

function settle(before) {
  lastTileName();
  refreshFlags();   // an edit may uncheck a circumstance it made impossible: part of the same step
  const after = snapshot();
  if (before && JSON.stringify(before) === JSON.stringify(after)) { redraw(); return; }
  if (before) { undoStack.push(before); if (undoStack.length > 200) undoStack.shift(); }
  current = after;
  window.history.pushState(after, "", shareQuery() || window.location.pathname);
  redraw();
}

function show(s) { restore(s); current = snapshot(); redraw(); }

function undo() {
  if (!undoStack.length) return;
  const s = undoStack.pop();
  restore(s);
  current = snapshot();
  window.history.pushState(current, "", shareQuery() || window.location.pathname);
  redraw();
}

function newHand() {
  edit(() => {
    hand = { melds: [], standing: [], win: null };
    source = "taps";
    $("notation").value = "";
    document.querySelector("input[name=win_by][value=discard]").checked = true;
    setMode("standing");
    for (const c of CONTROLS) setControl(c, c === "flowers" ? "0" : "");
    for (const f of FLAGS) $(f).checked = false;
  });
}

function redraw() { lastTileName(); drawHand(); refreshFlags(); update(); }

// -- drawing the hand and the palette ---------------------------------------------------------------

function drawPalette() {
  const palette = $("palette");
  palette.replaceChildren();
  for (const s of SUITS) {
    const row = el("div", { class: "palette-row" });
    for (let r = 1; r <= (s === "z" ? 7 : 9); r++) {
      const t = tileName(r, s);
      row.append(el("button", { type: "button", class: "tile", "data-tile": t, "aria-label": tileChinese(t),
                                onclick: () => tap(t) }, tileImage(t)));
    }
    palette.append(row);
  }
}

/** Grey out the tiles the current mode cannot add.  aria-disabled, not disabled: a greyed tile
 *  keeps the focus (a disabled button would drop it to the page). */
function refreshPalette() {
  const m = mode();
  for (const b of document.querySelectorAll("#palette .tile")) {
    b.setAttribute("aria-disabled", String(!canAdd(b.dataset.tile, m)));
  }
}

const MELD_NAMES = { chow: "吃", pung: "碰", kong: "明杠" };

function drawHand() {
  const box = $("hand");
  box.replaceChildren();
  hand.melds.forEach((m, i) => {
    const name = m.exposed ? MELD_NAMES[m.kind] : "暗杠";
    const label = `${name} ${m.tiles.map(tileChinese).join(" ")}`;
    box.append(el("button", { type: "button", class: `group meld ${m.exposed ? "exposed" : "concealed-kong"}`,
                              title: `${label} — 点按移除 tap to take it out`, "aria-label": `${label}，点按移除`,
                              onclick: () => removeMeld(i) },
                  el("span", { class: "meld-tiles" }, m.tiles.map(t => tileImage(t))),
                  el("span", { class: "meld-label" }, name)));
  });
  const standing = hand.standing.map((t, i) => ({ t, i })).sort((a, b) => tileOrder(a.t) - tileOrder(b.t));
  if (standing.length) {
    box.append(el("span", { class: "group standing" }, standing.map(({ t, i }) =>
      el("button", { type: "button", class: "in-hand", title: `${tileChinese(t)} — 点按移除 tap to take it out`,
                     "aria-label": `${tileChinese(t)}，点按移除`, onclick: () => removeStanding(i) }, tileImage(t)))));
  }
  if (hand.win) {
    box.append(el("span", { class: "group win" }, el("span", { class: "win-label" }, "和"),
      el("button", { type: "button", class: "in-hand", title: `和牌张 ${tileChinese(hand.win)} — 点按移除 tap to take it out`,
                     "aria-label": `和牌张 ${tileChinese(hand.win)}，点按移除`, onclick: removeWin }, tileImage(hand.win))));
  }
  if (!box.childElementCount) box.append(el("p", { class: "muted" }, "尚无牌 ", en("No tiles yet")));
  const n = tileCount(), need = needed();
  $("count-number").textContent = `${n}/${need}`;
  $("count-note").replaceChildren(...(n < need - 1 || (n < need && hand.win) ? ["还差 ", String(need - n), " 张 ", en(`${need - n} to go`)]
    : !hand.win ? ["请点和牌张 ", en("tap the winning tile")] : ["杠计三张 ", en("a kong counts 3")]));
  refreshPalette();
}

// -- circumstances that cannot hold together (reference/hand.py; docs/rulings.md) ---------

/** flag → why it cannot hold with what is already set (Chinese, English), or null. */
function flagConflicts() {
  const kongs = hand.melds.some(m => m.tiles.length === 4);
  const w = hand.win;
  const concealedCopies = w ? [...hand.standing, w].filter(t => t === w).length : 0;
  return {
    robbing_kong: winBy() === "self_draw" ? ["抢杠和是和别家加杠的牌，须点和", "a win on another player's kong tile: needs discard"]
      : $("last_tile").checked ? ["海底捞月之后不能再杠", "no kong may be added once the last tile is drawn"]
      : w && copies(w) !== 1 ? [`其余三张${tileChinese(w)}在被抢的杠中，手中只能有和牌这一张`, "the other three are in the robbed kong"]
      : null,
    kong_replacement: winBy() === "discard" ? ["杠上开花须自摸", "needs self-draw"]
      : !kongs && source === "taps" ? ["杠上开花须手中有杠", "needs a kong in the hand"] : null,
    last_of_kind: w && concealedCopies !== 1 ? [`和绝张须其余三张${tileChinese(w)}已亮明，手中不能另有一张`,
                                                 "three copies must already be visible, but the hand holds another"] : null,
    last_tile: $("robbing_kong").checked ? ["抢杠和不能同时是海底捞月", "cannot hold with robbing the kong"] : null,
  };
}

/** Disable each circumstance that cannot hold, with the reason beside it.  One the user had set
 *  is unchecked when an edit makes it impossible; one that came with a link stays, so the
 *  reference's error says what is wrong with the link. */
function refreshFlags() {
  const conflicts = flagConflicts();
  for (const f of FLAGS) {
    const why = conflicts[f];
    const box = $(f);
    if (why && box.checked && source === "taps") box.checked = false;
    box.disabled = Boolean(why) && !box.checked;
    $(`why-${f}`).replaceChildren(...(why ? ["（", why[0], "）", en(why[1])] : []));
  }
}

// -- asking the reference ------------------------------------------------------------------------------

/** The answer to api/<name>: from the server, or — on the exported page (gb16 serve --export) —
 *  from the same Python functions run in the browser (static/offline.js). */
async function post(path, body) {
  if (window.gb16Offline) return JSON.parse(await window.gb16Offline.ask(path.replace(/^api\//, ""), JSON.stringify(body)));
  const response = await fetch(path, { method: "POST", headers: { "Content-Type": "application/json" },
                                       body: JSON.stringify(body) });
  return response.json();
}

/** The case input of docs/contract.md: the notation as typed, and only the fields that are set. */
function caseInput() {
  const input = { hand: $("notation").value };
  if (variant() !== "gb16") input.variant = variant();
  for (const w of ["prevalent_wind", "seat_wind"]) if (control(w)) input[w] = control(w);
  const flowers = Number(control("flowers"));
  if (flowers) input.flowers = flowers;
  for (const f of FLAGS) if ($(f).checked) input[f] = true;
  return input;
}

/** The page's address for this hand, relative (so the page works under any path): ?hand=<notation>&… */
function shareQuery() {
  const input = caseInput();
  if (!input.hand) return "";
  const parts = Object.entries(input).map(([k, v]) => `${k}=${encodeURIComponent(v === true ? "1" : v)}`);
  return "?" + parts.join("&");
}

let asked = 0;  // the number of the latest question: an answer to an older one is dropped

async function update() {
  $("share").href = shareQuery() || window.location.pathname;
  $("copy-status").textContent = "";
  const question = ++asked;
  clearErrors();
  if (!$("notation").value.trim()) { showWelcome(); return; }
  const n = tileCount(), need = needed();
  let answer;
  try {
    if (!hand.win && n === need - 1 && !/[,，、;\s]*(点和|自摸)/.test($("notation").value)) {
      answer = await post("api/waits", { hand: $("notation").value, variant: variant() });
      if (question === asked) showWaiting(answer);
      return;
    }
    if (source === "taps" && (n < need || !hand.win)) { showProgress(n, need); return; }  // not complete yet: no error
    if (window.gb16Offline && !window.gb16Offline.started()) showLoading();
    answer = await post("api/explain", caseInput());
  } catch (e) {
    if (question === asked) showError({ code: "no_answer", message: window.gb16Offline ? `${e.message}` :
      `the server did not answer (${e.message}); is gb16 serve still running?` });
    return;
  }
  if (question !== asked) return;
  if (answer.ok) showResult(answer); else showError(answer.error);
}

// -- errors, in Chinese and next to what to fix ---------------------------------------------------------

/** The contract's closed set of error codes (reference/errors.py) in Chinese; the reference's own
 *  English message is shown beside. */
const ERROR_ZH = {
  invalid_json: "输入不是 JSON", invalid_input: "输入有误", unsupported_variant: "不支持的规则",
  invalid_notation: "牌谱无法读取", invalid_tile: "没有这张牌", too_many_copies: "同一张牌超过四张",
  wrong_tile_count: "张数不对（十六张 17 张、十三张 14 张，杠计三张）", invalid_meld: "副露不是吃、碰或杠",
  win_tile_not_in_hand: "和牌张不在手牌中", inconsistent_flags: "条件互相矛盾",
  not_winning_hand: "诈和：此牌不成和牌型", internal_error: "计番程序出错（请报告）", no_answer: "没有得到回答",
};

const ERROR_PLACES = {
  invalid_notation: "err-notation", invalid_tile: "err-notation", too_many_copies: "err-notation",
  wrong_tile_count: "err-notation", invalid_meld: "err-notation", not_winning_hand: "err-notation",
  unsupported_variant: "err-notation", win_tile_not_in_hand: "err-win", inconsistent_flags: "err-flags",
};

function errorPlace(error) {
  if (ERROR_PLACES[error.code]) return ERROR_PLACES[error.code];
  if (error.code === "invalid_input") {
    if (/win_tile|win_by|winning tile|suffix|点和|自摸/.test(error.message)) return "err-win";
    if (/wind|flower/.test(error.message)) return "err-winds";
    if (/last_of_kind|last_tile|kong_replacement|robbing_kong/.test(error.message)) return "err-flags";
    return "err-notation";
  }
  return "err-result";
}

function clearErrors() {
  for (const p of document.querySelectorAll(".error")) { p.hidden = true; p.textContent = ""; }
  $("total-bar").hidden = true;
}

function announce(text) { $("announce").textContent = text; }

function showError(error) {
  const place = $(errorPlace(error));
  const zh = ERROR_ZH[error.code] || "出错";
  place.replaceChildren(el("strong", { class: "error-zh" }, zh), " ",
    el("span", { class: "en", lang: "en" }, el("code", {}, error.code), " ", error.message));
  place.dataset.code = error.code;
  place.hidden = false;
  $("summary").replaceChildren(el("p", { class: "bad" }, error.code === "not_winning_hand" ? "✗ 诈和 " : "✗ 未能计番 ",
    en(error.code === "not_winning_hand" ? "not a winning hand " : "not scored "),
    el("a", { href: `#${place.id}`, class: "to-fix" }, "见出错处 ", en("see the message by the field to fix"))));
  $("details").hidden = true;
  announce(`${zh}。${error.message}`);
}

function showLoading() {
  $("summary").replaceChildren(el("p", { class: "muted" }, "正在载入计番程序…… ", en("starting the scorer in this browser (seconds, the first time)")));
  $("details").hidden = true;
}

function showWelcome() {
  $("summary").replaceChildren(el("p", { class: "muted" }, "点牌或输入牌谱开始计番。 ", en("Tap tiles or type a hand to score it.")));
  $("details").hidden = true;
  announce("");
}

function showProgress(n, need) {
  $("summary").replaceChildren(el("p", { class: "muted" }, n < need
    ? ["已有 ", `${n}/${need}`, " 张，还差 ", String(need - n), " 张 ", en(`${n} of ${need} tiles`)]
    : ["请点和牌张 ", en("tap the winning tile among the hand's tiles")]));
  $("details").hidden = true;
  announce("");
}

function showWaiting(answer) {
  if (!answer.ok) { showError(answer.error); return; }
  $("summary").replaceChildren(
    el("p", {}, "听牌 ", en("waiting on "), answer.waits.length ? answer.waits.map(t => tileImage(t, "small"))
      : ["未听牌 ", en("nothing: not one tile short of a win")]),
    el("p", { class: "muted" }, "点和牌张后计番 ", en("tap the winning tile to score the hand")));
  $("details").hidden = true;
  announce(answer.waits.length ? `听 ${answer.waits.map(tileChinese).join("、")}` : "未听牌");
}

// -- the result ----------------------------------------------------------------------------------

function fanName(f) { return [el("span", { class: "zh" }, f.name), " ", el("span", { class: "en", lang: "en" }, f.en)]; }

function quoteList(anchors, clauses) {
  return el("ul", { class: "quotes" }, anchors.map(a => el("li", {}, el("cite", {}, a),
    clauses[a] ? el("q", {}, clauses[a].quote) : null)));
}

/** Whether an outcome (a dispute option, an edition) is a win that meets the 8-point minimum
 *  (起和, xinbian 第三章 43): "✓ 起和", "✗ 未达起和", "✗ 诈和". */
function minimumTag(o) {
  if (o.total === null || o.total === undefined) {
    return o.error === "not_winning_hand" ? el("span", { class: "tag bad", "data-minimum": "no" }, "✗ 诈和 ", en("not a win"))
      : el("span", { class: "tag bad", "data-minimum": "no" }, `✗ ${ERROR_ZH[o.error] || o.error}`);
  }
  return o.meets_minimum ? el("span", { class: "tag good", "data-minimum": "yes" }, "✓ 起和 ", en("meets 8"))
    : el("span", { class: "tag bad", "data-minimum": "no" }, "✗ 未达起和 ", en("below 8: not a win"));
}

function outcomeWords(o) {
  return o.total === null || o.total === undefined ? (o.error === "not_winning_hand" ? "诈和" : (ERROR_ZH[o.error] || o.error))
    : `${o.total}${o.meets_minimum ? "" : "（未达起和）"}`;
}

function showResult(view) {
  const r = view.result;
  const disputed = view.disputes.rulings;
  $("summary").replaceChildren(...[
    el("p", { class: "total" }, el("span", { class: "total-number", id: "total" }, String(r.total)), " 番 ",
       en("points"),
       r.flower_points ? el("span", { class: "muted" }, ` （番 ${r.fan_points} ＋ 花 ${r.flower_points}） `, en(`fans ${r.fan_points} + flowers ${r.flower_points}`)) : null),
    el("p", { class: r.meets_minimum ? "good" : "bad", id: "minimum" },
       r.meets_minimum ? ["✓ 起和 ", en("meets the 8-point minimum")]
                       : [`✗ 未达起和（番 ${r.fan_points} < 8，花牌不计） `, en(`below the 8-point minimum (fans ${r.fan_points} < 8; flowers do not count)`)]),
    disputed.length ? el("p", { class: "disputed" }, "有争议 ", en("disputed: "), disputed.map((d, i) =>
      [i ? "；" : "", `${d.id}：`, d.options.map(o => `${o.option} ${outcomeWords(o)}`).join("，")]),
      " （见下 ", en("see below"), "）") : null].filter(Boolean));
  $("total-bar").replaceChildren(el("a", { href: "#results" }, el("strong", {}, `${r.total} 番`), " ",
    r.meets_minimum ? "✓ 起和" : "✗ 未达起和", disputed.length ? " · 有争议" : ""));
  $("total-bar").hidden = false;
  drawFans(view);
  drawNotCounted(view.not_counted, view.clauses, $("not-counted"));
  drawWaits(view.waits);
  drawDisputes(view.disputes);
  drawReadings(view);
  $("details").hidden = false;
  announce(`${r.total} 番，${r.meets_minimum ? "起和" : "未达起和"}${disputed.length ? "，有争议" : ""}`);
}

function drawFans(view) {
  $("fans").replaceChildren(...view.fans.map(f => el("details", { class: "fan", "data-fan": f.id },
    el("summary", {}, el("span", { class: "fan-name" }, fanName(f)),
       el("span", { class: "points" }, f.count > 1 ? `${f.points} × ${f.count} = ${f.points * f.count}` : String(f.points))),
    el("p", { class: "clause-line" }, el("cite", {}, "seed000 §三"), " ", f.gb16_rule),
    el("p", { class: "clause-line" }, el("cite", {}, "定义"), " ", f.definition),
    quoteList(f.cites, view.clauses))));
}

function drawNotCounted(list, clauses, box) {
  if (!list.length) { box.replaceChildren(el("p", { class: "muted" }, "无 ", en("none"))); return; }
  box.replaceChildren(...list.map(n => el("details", { class: "fan not-counted", "data-fan": n.id },
    el("summary", {}, el("span", { class: "fan-name" }, fanName(n), n.count > 1 ? ` ×${n.count}` : ""),
       el("span", { class: "by" }, n.by ? ["因 ", el("span", { class: "zh" }, n.by.name), " 不计 ", en(`by ${n.by.en}`)]
                                        : ["依原则不计 ", en(`by the principle of ${n.rule}`)])),
    el("p", { class: "clause-line" }, el("cite", {}, n.rule)),
    quoteList(n.cites, clauses))));
}

function drawWaits(waits) {
  $("waits").replaceChildren(el("p", { class: "tiles-line" }, waits.map(t => tileImage(t, "small"))),
    el("p", { class: "muted" }, waits.length === 1 ? ["只听一张：边张、嵌张、单钓将可计 ", en("one formal wait: 边张 / 嵌张 / 单钓将 can count"), " (seed000 §二.7)"]
                                                    : ["听多张：不计边张、嵌张、单钓将 ", en("several formal waits: no 边张 / 嵌张 / 单钓将"), " (seed000 §二.7)"]));
}

function outcomeText(o) { return o.total === null || o.total === undefined ? (o.error === "not_winning_hand" ? "诈和" : "—") : `${o.total}`; }

function fansText(fans) {
  return (fans || []).map(f => `${f.name} ${f.en}` + (f.count > 1 ? ` ×${f.count}` : "")).join(" · ");
}

/** A ruling's text (docs/rulings.md), drawn from its blocks (gb16/tools/referee/markdown_blocks.py): every
 *  run as text, the heading left out (the title is above it). */
function rulingText(blocks) {
  const runs = rs => rs.map(r => r.strong ? el("strong", {}, r.text) : r.code ? el("code", {}, r.text)
    : r.em ? el("em", {}, r.text) : r.text);
  const out = [];
  let list = null;
  for (const b of blocks || []) {
    if (b.kind === "h" && b.level <= 2) continue;
    if (b.kind === "li") { if (!list) { list = el("ul"); out.push(list); } list.append(el("li", {}, runs(b.runs))); continue; }
    list = null;
    out.push(b.kind === "h" ? el("h4", {}, runs(b.runs)) : b.kind === "pre" ? el("pre", {}, runs(b.runs)) : el("p", {}, runs(b.runs)));
  }
  return el("div", { class: "ruling-text", lang: "en" }, out);
}

function drawDisputes(d) {
  const box = $("disputes");
  const parts = [];
  if (!d.rulings.length && !d.deltas.length && !d.editions.length) {
    parts.push(el("p", { class: "muted" }, "此牌无争议 ", en("no open ruling and no other edition changes this hand")));
  }
  for (const ruling of d.rulings) {
    parts.push(el("div", { class: "ruling", "data-ruling": ruling.id },
      el("h3", {}, `${ruling.id} `, el("span", { class: "en", lang: "en" }, ruling.title)),
      el("ul", { class: "options" }, ruling.options.map(o => el("li", { "data-option": o.option },
        el("span", { class: "option-total" }, outcomeText(o)), " ",
        el("strong", {}, `选项 ${o.option}`), " ", minimumTag(o),
        o.project ? el("span", { class: "tag" }, "本项目采用 ", en("this project's reading")) : null,
        " — ", el("span", { lang: "en" }, o.summary), el("div", { class: "muted small" }, fansText(o.fan_list))))),
      el("details", {}, el("summary", {}, "规则原文 ", en("the ruling's text")), rulingText(ruling.blocks))));
  }
  const editions = d.edition_totals || [];
  if (editions.length) {
    parts.push(el("h3", {}, "各版本 ", en("each edition")),
      el("ul", { class: "editions" }, editions.map(e => el("li", { "data-edition": e.id },
        el("span", { class: "option-total" }, outcomeText(e)), " ", el("strong", {}, e.id), " ",
        el("span", { class: "muted", lang: "en" }, e.title),
        e.in_force ? el("span", { class: "tag" }, "采用 ", en("in force")) : e.differs ? null : el("span", { class: "tag" }, "相同 ", en("same"))))));
  }
  for (const x of d.deltas) {
    parts.push(el("p", { class: "delta" }, el("span", { class: "option-total" }, outcomeText(x)), " ",
      el("strong", {}, x.id), x.editions.length ? ` [${x.editions.join(", ")}]` : "", " — ", x.summary,
      el("span", { class: "muted" }, ` (${x.source})`)));
  }
  if (d.notes.length) {
    parts.push(el("h3", {}, "依据 ", en("decided by")), ...d.notes.map(n => el("details", { class: "note" },
      el("summary", {}, `${n.id} `, el("span", { class: "en", lang: "en" }, n.title)),
      n.decision ? el("p", {}, el("q", {}, n.decision)) : null,
      rulingText(n.blocks))));
  }
  box.replaceChildren(...parts);
}

function drawPieces(pieces) {
  return el("div", { class: "pieces" }, pieces.map(p => el("span", {
    class: `group ${p.bracket === "[]" ? "exposed" : p.bracket === "{}" ? "concealed-kong" : p.bracket === "<>" ? "knitted" : ""} ${p.win ? "holds-win" : ""}`,
  }, p.tiles.map(t => tileImage(t, "small")))));
}

function drawReadings(view) {
  $("readings").replaceChildren(...view.readings.map((r, k) => el("div", { class: `reading ${r.chosen ? "chosen" : ""}` },
    el("h3", {}, r.chosen ? ["✓ 采用 ", en("chosen")] : `#${k + 1}`, " — 共 ", el("span", { class: "reading-total" }, String(r.total)), " 番",
       r.same > 1 ? el("span", { class: "muted" }, ` （${r.same} 种拆法牌张相同） `, en(`${r.same} readings alike by their tiles`)) : null),
    el("p", { class: "why", lang: "en" }, r.chosen ? r.why : ["不取 ", en("loses: "), r.why]),
    r.shape ? el("p", {}, r.shape) : null,
    drawPieces(r.pieces),
    el("p", { class: "notation small" }, r.notation),
    r.combinations.map(c => el("p", { class: "small" }, c)),
    el("p", { class: "small" }, r.fans.map(f => `${f.name} ${f.points}${f.count > 1 ? "×" + f.count : ""}`).join(" · ")),
    r.not_counted.length ? el("p", { class: "small muted" }, "不计: ",
      r.not_counted.map(n => `${n.name}${n.count > 1 ? "×" + n.count : ""} (${n.by ? n.by.name : n.rule})`).join(" · ")) : null)));
}

// -- typing the notation ---------------------------------------------------------------------------

let typingTimer = null;

function notationTyped() {
  clearTimeout(typingTimer);
  typingTimer = setTimeout(readNotation, 350);
}

/** Read the box (api/parse) into tiles, then score it; each reading is one step of Undo and Back
 *  (a link opened is the first, replacing the page's address rather than adding to it). */
async function readNotation(opening) {
  const before = opening ? null : current;
  const text = $("notation").value;
  if (!text.trim()) { hand = { melds: [], standing: [], win: null }; source = "taps"; settleOrOpen(before, opening); return; }
  let parsed;
  try { parsed = await post("api/parse", { hand: text }); } catch (e) { return; }
  if (text !== $("notation").value) return;  // typed on meanwhile
  source = "text";
  if (!parsed.ok) { clearErrors(); showError(parsed.error); return; }
  const standing = [...parsed.standing];
  let win = null;
  if (parsed.win_tile && standing.includes(parsed.win_tile)) {
    win = parsed.win_tile;
    standing.splice(standing.indexOf(win), 1);
  }
  if (parsed.win_by) document.querySelector(`input[name=win_by][value=${parsed.win_by}]`).checked = true;
  hand = { melds: parsed.melds.map(m => ({ kind: m.kind, exposed: m.exposed, tiles: m.tiles })), standing, win };
  settleOrOpen(before, opening);
}

function settleOrOpen(before, opening) {
  if (!opening) { settle(before); return; }
  lastTileName();
  refreshFlags();
  current = snapshot();
  window.history.replaceState(current, "", window.location.href);
  redraw();
}

// -- the controls ---------------------------------------------------------------------------------------

/** 海底捞月 (xinbian 第七章 45) is winning on the last discard; 妙手回春 (第七章 44) is self-drawing the
 *  wall's last tile: the flag is one (last_tile), its name follows the way the hand was won. */
function lastTileName() {
  const self = winBy() === "self_draw";
  $("last-tile-name").textContent = self ? "妙手回春" : "海底捞月";
  $("last-tile-gloss").textContent = self ? "self-drew the last tile of the wall" : "won on the last discard";
}

/** Open the page on the hand of its address: ?hand=…&variant=…&prevalent_wind=…&flowers=…&last_tile=1 */
function loadFromAddress() {
  const q = new URLSearchParams(window.location.search);
  const v = q.get("variant");
  if (v === "gb13" || v === "gb16") document.querySelector(`input[name=variant][value=${v}]`).checked = true;
  for (const w of ["prevalent_wind", "seat_wind"]) {
    const value = (q.get(w) || "").toUpperCase();
    setControl(w, ["E", "S", "W", "N"].includes(value) ? value : "");
  }
  const flowers = Number(q.get("flowers"));
  $("flowers").value = Number.isInteger(flowers) && flowers >= 0 && flowers <= 8 ? String(flowers) : "0";
  for (const f of FLAGS) $(f).checked = ["1", "true", "yes"].includes((q.get(f) || "").toLowerCase());
  const text = q.get("hand");
  $("notation").value = text || "";
  if (text) readNotation(true);
  else settleOrOpen(null, true);
}

async function copyLink() {
  const link = new URL($("share").getAttribute("href"), window.location.href).href;
  let copied = false;
  try { await navigator.clipboard.writeText(link); copied = true; } catch (e) { copied = false; }
  $("copy-status").replaceChildren(...(copied ? ["已复制 ", en("copied")]
    : [el("input", { type: "text", readonly: true, value: link, class: "link-box", "aria-label": "此牌链接 the link" }),
       "长按复制 ", en("press to copy")]));
  const box = $("copy-status").querySelector("input");
  if (box) box.select();
}

function setLanguage(lang) {
  document.documentElement.classList.toggle("zh-only", lang === "zh");
  try { localStorage.setItem("gb16-lang", lang); } catch (e) { /* private mode: not remembered */ }
}

function start() {
  drawPalette();
  $("notation").addEventListener("input", notationTyped);
  $("notation").addEventListener("keydown", e => { if (e.key === "Enter") { clearTimeout(typingTimer); readNotation(); } });
  for (const r of document.querySelectorAll("input[name=mode]")) r.addEventListener("change", refreshPalette);
  for (const r of document.querySelectorAll("input[name=variant]")) r.addEventListener("change", () => edit(null));
  for (const r of document.querySelectorAll("input[name=win_by]")) r.addEventListener("change", () => edit(() => {
    if (hand.win) $("notation").value = notationOf(hand, winBy());
    if (source === "text" && hand.win) source = "taps";
  }));
  for (const id of ["flowers", ...FLAGS]) $(id).addEventListener("change", () => edit(null));
  for (const r of document.querySelectorAll("input[name=prevalent_wind], input[name=seat_wind]")) {
    r.addEventListener("change", () => edit(null));
  }
  $("undo").addEventListener("click", undo);
  $("new-hand").addEventListener("click", newHand);
  $("copy-link").addEventListener("click", copyLink);
  for (const r of document.querySelectorAll("input[name=lang]")) r.addEventListener("change", () => setLanguage(r.value));
  let lang = "zh-en";
  try { lang = localStorage.getItem("gb16-lang") || lang; } catch (e) { /* no storage */ }
  document.querySelector(`input[name=lang][value=${lang === "zh" ? "zh" : "zh-en"}]`).checked = true;
  setLanguage(lang);
  window.addEventListener("popstate", e => { if (e.state) show(e.state); else loadFromAddress(); });
  loadFromAddress();
}

document.addEventListener("DOMContentLoaded", start);
