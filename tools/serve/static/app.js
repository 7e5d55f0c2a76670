// The referee's page of `gb16 serve`: build a hand by tapping tiles (or typing the notation),
// ask the server, show what it answers.  Plain JavaScript, no framework, no build step.
//
// The server does all the reading and scoring (POST /api/parse, /api/explain, /api/waits;
// gb16/tools/serve/app.py); this file keeps the hand the user is building, writes it in the
// notation (docs/contract.md "Hand notation"), and draws the answers.  Every text that comes
// from the server or the user is put on the page with textContent, never as HTML.
"use strict";

// -- tiles ------------------------------------------------------------------------------------

const SUITS = ["m", "p", "s", "z"];
const SUIT_NAMES = { m: "万", p: "筒", s: "条" };
const HONOURS = ["东", "南", "西", "北", "中", "白", "发"];
const NUMERALS = ["一", "二", "三", "四", "五", "六", "七", "八", "九"];

function tileName(rank, suit) { return `${rank}${suit}`; }
function rankOf(tile) { return Number(tile[0]); }
function suitOf(tile) { return tile[1]; }

/** "5m 五万", "1z 东": what a tile is called, for labels. */
function tileLabel(tile) {
  const r = rankOf(tile), s = suitOf(tile);
  return s === "z" ? `${tile} ${HONOURS[r - 1]}` : `${tile} ${NUMERALS[r - 1]}${SUIT_NAMES[s]}`;
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
  const img = el("img", { src: `static/tiles/${tile}.svg`, alt: tile, title: tileLabel(tile), draggable: "false" });
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

const $ = id => document.getElementById(id);

// -- the hand being built ---------------------------------------------------------------------------

/** melds: {kind: "chow"|"pung"|"kong", exposed, tiles}; standing: the concealed tiles without the
 *  winning tile; win: the winning tile or null. */
let hand = { melds: [], standing: [], win: null };
const undoStack = [];

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

/** The tiles a tap adds in the current mode, or null when that group cannot start at `tile`. */
function tilesToAdd(tile, m) {
  const r = rankOf(tile), s = suitOf(tile);
  if (m === "chow") return s !== "z" && r <= 7 ? [tile, tileName(r + 1, s), tileName(r + 2, s)] : null;
  if (m === "pung") return [tile, tile, tile];
  if (m === "kong" || m === "concealed_kong") return [tile, tile, tile, tile];
  return [tile];
}

function canAdd(tile, m) {
  const adding = tilesToAdd(tile, m);
  if (!adding) return false;
  const replaced = m === "win" && hand.win ? [hand.win] : [];
  return adding.every(t => copies(t) - replaced.filter(x => x === t).length + adding.filter(x => x === t).length <= 4);
}

function remember() { undoStack.push(JSON.stringify(hand)); if (undoStack.length > 100) undoStack.shift(); }

function tap(tile) {
  const m = mode();
  if (!canAdd(tile, m)) return;
  remember();
  const adding = tilesToAdd(tile, m);
  if (m === "standing") hand.standing.push(tile);
  else if (m === "win") hand.win = tile;
  else hand.melds.push({ kind: m === "chow" ? "chow" : m === "pung" ? "pung" : "kong",
                         exposed: m !== "concealed_kong", tiles: adding });
  handChanged();
}

function removeStanding(i) { remember(); hand.standing.splice(i, 1); handChanged(); }
function removeMeld(i) { remember(); hand.melds.splice(i, 1); handChanged(); }
function removeWin() { remember(); hand.win = null; handChanged(); }

/** The user changed the tiles: write the notation from them, then ask the server. */
function handChanged() {
  $("notation").value = notationOf(hand, winBy());
  drawHand();
  update();
}

// -- drawing the hand and the palette ---------------------------------------------------------------

function drawPalette() {
  const palette = $("palette");
  palette.replaceChildren();
  for (const s of SUITS) {
    const row = el("div", { class: "palette-row" });
    for (let r = 1; r <= (s === "z" ? 7 : 9); r++) {
      const t = tileName(r, s);
      row.append(el("button", { type: "button", class: "tile", "data-tile": t, "aria-label": tileLabel(t),
                                onclick: () => tap(t) }, tileImage(t)));
    }
    palette.append(row);
  }
}

/** Grey out the tiles the current mode cannot add (a fifth copy, a chow from 8, an honour chow). */
function refreshPalette() {
  const m = mode();
  for (const b of document.querySelectorAll("#palette .tile")) b.disabled = !canAdd(b.dataset.tile, m);
}

function drawHand() {
  const box = $("hand");
  box.replaceChildren();
  hand.melds.forEach((m, i) => {
    const label = `${m.exposed ? (m.kind === "chow" ? "吃" : m.kind === "pung" ? "碰" : "明杠") : "暗杠"} ${compact(m.tiles)}`;
    box.append(el("button", { type: "button", class: `group meld ${m.exposed ? "exposed" : "concealed-kong"}`,
                              title: `${label} — tap to take it out`, "aria-label": `${label}, remove`,
                              onclick: () => removeMeld(i) },
                  el("span", { class: "meld-tiles" }, m.tiles.map(t => tileImage(t))),
                  el("span", { class: "meld-label" }, label.split(" ")[0])));
  });
  const standing = hand.standing.map((t, i) => ({ t, i })).sort((a, b) => tileOrder(a.t) - tileOrder(b.t));
  if (standing.length) {
    box.append(el("span", { class: "group standing" }, standing.map(({ t, i }) =>
      el("button", { type: "button", class: "in-hand", title: `${tileLabel(t)} — tap to take it out`,
                     "aria-label": `${tileLabel(t)}, remove`, onclick: () => removeStanding(i) }, tileImage(t)))));
  }
  if (hand.win) {
    box.append(el("span", { class: "group win" }, el("span", { class: "win-label" }, "和 win"),
      el("button", { type: "button", class: "in-hand", title: `${tileLabel(hand.win)} — the winning tile; tap to take it out`,
                     "aria-label": `winning tile ${tileLabel(hand.win)}, remove`, onclick: removeWin }, tileImage(hand.win))));
  }
  if (!box.childElementCount) box.append(el("p", { class: "muted" }, "No tiles yet · 尚无牌"));
  const n = tileCount();
  $("count").textContent = `${n} / ${needed()} tiles 张 (a kong counts 3 · 杠计三张)` +
    (hand.win ? "" : " · choose the winning tile · 请选和牌张");
  refreshPalette();
}

// -- talking to the server ------------------------------------------------------------------------------

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
  for (const w of ["prevalent_wind", "seat_wind"]) if ($(w).value) input[w] = $(w).value;
  const flowers = Number($("flowers").value);
  if (flowers) input.flowers = flowers;
  for (const f of FLAGS) if ($(f).checked) input[f] = true;
  return input;
}

const FLAGS = ["last_of_kind", "last_tile", "kong_replacement", "robbing_kong"];

/** The page's address for this hand: /?hand=<notation>&… — what a referee sends to the players. */
function shareQuery() {
  const input = caseInput();
  if (!input.hand) return "";
  const parts = Object.entries(input).map(([k, v]) => `${k}=${encodeURIComponent(v === true ? "1" : v)}`);
  return "?" + parts.join("&");
}

let asked = 0;  // the number of the latest question: an answer to an older one is dropped

async function update() {
  const query = shareQuery();
  window.history.replaceState(null, "", query || location.pathname);
  $("share").href = query || location.pathname;
  const question = ++asked;
  clearErrors();
  if (!$("notation").value.trim()) { showWelcome(); return; }
  let answer;
  try {
    if (!hand.win && tileCount() === needed() - 1 && !/[,，、;\s]*(点和|自摸)/.test($("notation").value)) {
      answer = await post("api/waits", { hand: $("notation").value, variant: variant() });
      if (question === asked) showWaiting(answer);
      return;
    }
    answer = await post("api/explain", caseInput());
  } catch (e) {
    if (question === asked) showError({ code: "no_answer", message: `the server did not answer (${e.message}); is gb16 serve still running?` });
    return;
  }
  if (question !== asked) return;
  if (answer.ok) showResult(answer); else showError(answer.error);
}

// -- errors, next to what to fix ----------------------------------------------------------------------

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

function showError(error) {
  const place = $(errorPlace(error));
  place.replaceChildren(el("strong", {}, error.code), " ", error.message);
  place.hidden = false;
  $("summary").replaceChildren(el("p", { class: "bad" }, "✗ Not scored · 未能计番: ",
    el("a", { href: `#${place.id}`, class: "to-fix" }, "see the message by the field to fix · 见出错处")));
  $("details").hidden = true;
}

function showWelcome() {
  $("summary").replaceChildren(el("p", { class: "muted" }, "Tap tiles or type a hand to score it. · 点牌或输入牌谱开始计番。"));
  $("details").hidden = true;
}

function showWaiting(answer) {
  if (!answer.ok) { showError(answer.error); return; }
  $("summary").replaceChildren(
    el("p", {}, "听牌 Waiting on: ", answer.waits.length ? answer.waits.map(t => tileImage(t, "small")) : "nothing (not one tile short of a win) · 未听牌"),
    el("p", { class: "muted" }, "Choose the winning tile to score the hand · 选和牌张后计番"));
  $("details").hidden = true;
}

// -- the result ----------------------------------------------------------------------------------

function fanName(f) { return [el("span", { class: "zh" }, f.name), " ", el("span", { class: "en" }, f.en)]; }

function quoteList(anchors, clauses) {
  return el("ul", { class: "quotes" }, anchors.map(a => el("li", {}, el("cite", {}, a),
    clauses[a] ? el("q", {}, clauses[a].quote) : null)));
}

function showResult(view) {
  const r = view.result;
  const disputed = view.disputes.rulings;
  $("summary").replaceChildren(...[
    el("p", { class: "total" }, el("span", { class: "total-number", id: "total" }, String(r.total)), " ",
       el("span", {}, "番 points"),
       r.flower_points ? el("span", { class: "muted" }, ` (fans ${r.fan_points} + flowers 花 ${r.flower_points})`) : null),
    el("p", { class: r.meets_minimum ? "good" : "bad", id: "minimum" },
       r.meets_minimum ? "✓ 起和 meets the 8-point minimum" : `✗ 未达起和 below the 8-point minimum (fans ${r.fan_points} < 8; flowers do not count)`),
    disputed.length ? el("p", { class: "disputed" }, "有争议 Disputed: ", disputed.map((d, i) =>
      [i ? "; " : "", `${d.id} — `, d.options.map(o => `${o.total ?? o.error} under ${o.option}`).join(", ")]),
      " (see below · 见下)") : null].filter(Boolean));
  $("total-bar").replaceChildren(el("a", { href: "#results" }, el("strong", {}, `${r.total} 番`), " ",
    r.meets_minimum ? "✓ 起和" : "✗ 未达起和", disputed.length ? " · 有争议 disputed" : ""));
  $("total-bar").hidden = false;
  drawFans(view);
  drawNotCounted(view.not_counted, view.clauses, $("not-counted"));
  drawWaits(view.waits);
  drawDisputes(view.disputes);
  drawReadings(view);
  $("details").hidden = false;
}

function drawFans(view) {
  $("fans").replaceChildren(...view.fans.map(f => el("details", { class: "fan", "data-fan": f.id },
    el("summary", {}, el("span", { class: "fan-name" }, fanName(f)),
       el("span", { class: "points" }, f.count > 1 ? `${f.points} × ${f.count} = ${f.points * f.count}` : String(f.points))),
    el("p", { class: "clause-line" }, el("cite", {}, "seed000 §三"), " ", f.gb16_rule),
    el("p", { class: "clause-line" }, el("cite", {}, "定义 definition"), " ", f.definition),
    quoteList(f.cites, view.clauses))));
}

function drawNotCounted(list, clauses, box) {
  if (!list.length) { box.replaceChildren(el("p", { class: "muted" }, "None · 无")); return; }
  box.replaceChildren(...list.map(n => el("details", { class: "fan not-counted", "data-fan": n.id },
    el("summary", {}, el("span", { class: "fan-name" }, fanName(n), n.count > 1 ? ` ×${n.count}` : ""),
       el("span", { class: "by" }, n.by ? ["不计 by ", el("span", { class: "zh" }, n.by.name), " ", el("span", { class: "en" }, n.by.en)]
                                        : ["by the principle of ", n.rule])),
    el("p", { class: "clause-line" }, el("cite", {}, n.rule)),
    quoteList(n.cites, clauses))));
}

function drawWaits(waits) {
  $("waits").replaceChildren(el("p", { class: "tiles-line" }, waits.map(t => tileImage(t, "small"))),
    el("p", { class: "muted" }, waits.length === 1 ? "one formal wait: 边张 / 嵌张 / 单钓将 can count (seed000 §二.7)"
                                                    : "several formal waits: no 边张 / 嵌张 / 单钓将 (seed000 §二.7)"));
}

function outcomeText(o) { return o.total === null ? `error ${o.error}` : `${o.total}`; }

function fansText(fans) {
  return (fans || []).map(f => `${f.name} ${f.en}` + (f.count > 1 ? ` ×${f.count}` : "")).join(" · ");
}

function drawDisputes(d) {
  const box = $("disputes");
  const parts = [];
  if (!d.rulings.length && !d.deltas.length && !d.editions.length) {
    parts.push(el("p", { class: "muted" }, "No open ruling and no other edition changes this hand · 此牌无争议"));
  }
  for (const ruling of d.rulings) {
    parts.push(el("div", { class: "ruling", "data-ruling": ruling.id },
      el("h3", {}, `${ruling.id} `, el("span", { class: "en" }, ruling.title)),
      el("ul", { class: "options" }, ruling.options.map(o => el("li", { "data-option": o.option },
        el("span", { class: "option-total" }, outcomeText(o)), " ",
        el("strong", {}, `option ${o.option}`), o.project ? el("span", { class: "tag" }, "this project's reading") : null,
        " — ", o.summary, el("div", { class: "muted small" }, fansText(o.fan_list))))),
      el("details", {}, el("summary", {}, "规则原文 The ruling's text"), el("pre", { class: "ruling-text" }, ruling.text))));
  }
  const editions = d.edition_totals || [];
  if (editions.length) {
    parts.push(el("h3", {}, "Each edition · 各版本"),
      el("ul", { class: "editions" }, editions.map(e => el("li", { "data-edition": e.id },
        el("span", { class: "option-total" }, outcomeText(e)), " ", el("strong", {}, e.id), " ",
        el("span", { class: "muted" }, e.title),
        e.in_force ? el("span", { class: "tag" }, "in force · 采用") : e.differs ? null : el("span", { class: "tag" }, "same · 相同")))));
  }
  for (const x of d.deltas) {
    parts.push(el("p", { class: "delta" }, el("span", { class: "option-total" }, outcomeText(x)), " ",
      el("strong", {}, x.id), x.editions.length ? ` [${x.editions.join(", ")}]` : "", " — ", x.summary,
      el("span", { class: "muted" }, ` (${x.source})`)));
  }
  if (d.notes.length) {
    parts.push(el("h3", {}, "Decided by · 依据"), ...d.notes.map(n => el("details", { class: "note" },
      el("summary", {}, `${n.id} `, el("span", { class: "en" }, n.title)),
      n.decision ? el("p", {}, el("q", {}, n.decision)) : null,
      el("pre", { class: "ruling-text" }, n.text))));
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
    el("h3", {}, r.chosen ? "✓ 采用 Chosen" : `#${k + 1}`, " — total ", el("span", { class: "reading-total" }, String(r.total)),
       r.same > 1 ? el("span", { class: "muted" }, ` (${r.same} readings alike by their tiles)`) : null),
    el("p", { class: "why" }, r.chosen ? r.why : `Loses · 不取: ${r.why}`),
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

/** Read the box through the server (/api/parse) into tiles, then score it. */
async function readNotation() {
  const text = $("notation").value;
  if (!text.trim()) { hand = { melds: [], standing: [], win: null }; drawHand(); update(); return; }
  let parsed;
  try { parsed = await post("api/parse", { hand: text }); } catch (e) { return; }
  if (text !== $("notation").value) return;  // typed on meanwhile
  if (!parsed.ok) { clearErrors(); showError(parsed.error); return; }
  const standing = [...parsed.standing];
  let win = null;
  if (parsed.win_tile && standing.includes(parsed.win_tile)) {
    win = parsed.win_tile;
    standing.splice(standing.indexOf(win), 1);
  }
  if (parsed.win_by) document.querySelector(`input[name=win_by][value=${parsed.win_by}]`).checked = true;
  hand = { melds: parsed.melds.map(m => ({ kind: m.kind, exposed: m.exposed, tiles: m.tiles })), standing, win };
  drawHand();
  lastTileName();
  update();
}

// -- the controls ---------------------------------------------------------------------------------------

function lastTileName() { $("last-tile-name").textContent = winBy() === "self_draw" ? "妙手回春" : "海底捞月"; }

function winByChanged() {
  lastTileName();
  if (hand.win) $("notation").value = notationOf(hand, winBy());
  update();
}

/** Open the page on the hand of its address: /?hand=…&variant=…&prevalent_wind=…&flowers=…&last_tile=1 */
function loadFromAddress() {
  const q = new URLSearchParams(window.location.search);
  const v = q.get("variant");
  if (v === "gb13" || v === "gb16") document.querySelector(`input[name=variant][value=${v}]`).checked = true;
  for (const w of ["prevalent_wind", "seat_wind"]) {
    const value = (q.get(w) || "").toUpperCase();
    if (["E", "S", "W", "N"].includes(value)) $(w).value = value;
  }
  const flowers = Number(q.get("flowers"));
  if (Number.isInteger(flowers) && flowers >= 0 && flowers <= 8) $("flowers").value = String(flowers);
  for (const f of FLAGS) $(f).checked = ["1", "true", "yes"].includes((q.get(f) || "").toLowerCase());
  const text = q.get("hand");
  if (text) { $("notation").value = text; readNotation(); }
}

function start() {
  drawPalette();
  drawHand();
  $("notation").addEventListener("input", notationTyped);
  $("notation").addEventListener("keydown", e => { if (e.key === "Enter") { clearTimeout(typingTimer); readNotation(); } });
  for (const r of document.querySelectorAll("input[name=mode]")) r.addEventListener("change", refreshPalette);
  for (const r of document.querySelectorAll("input[name=variant]")) r.addEventListener("change", () => { drawHand(); update(); });
  for (const r of document.querySelectorAll("input[name=win_by]")) r.addEventListener("change", winByChanged);
  for (const id of ["prevalent_wind", "seat_wind", "flowers", ...FLAGS]) $(id).addEventListener("change", update);
  $("undo").addEventListener("click", () => { if (undoStack.length) { hand = JSON.parse(undoStack.pop()); handChanged(); } });
  $("clear").addEventListener("click", () => { remember(); hand = { melds: [], standing: [], win: null }; handChanged(); });
  lastTileName();
  loadFromAddress();
}

document.addEventListener("DOMContentLoaded", start);
