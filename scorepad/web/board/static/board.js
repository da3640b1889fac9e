// The board's page: one update stream (Server-Sent Events) carries the whole state at each change; this draws
// it. Every word and figure is set as text (never as HTML), so a screen reader and zoom work and nothing a game
// file holds can become markup. No request leaves this page's own address. Its words come in the server's
// language: the fixed ones in the page (the data block #words), those a game decides with the state.
"use strict";

const HIGHLIGHT_MS = 5000; // the last change stands out this long
const SVG = "http://www.w3.org/2000/svg";
const WORDS = readWords();
let shown = null; // the state drawn last

function readWords() {
  try {
    return JSON.parse(document.getElementById("words").textContent);
  } catch (unreadable) {
    return {};
  }
}

// a word of the page's language, its {names} filled in
function say(name, values) {
  const text = WORDS[name] || "";
  return text.replace(/\{(\w+)\}/g, (whole, key) => (values && key in values ? String(values[key]) : whole));
}

function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined && text !== null) node.textContent = String(text);
  return node;
}

function svg(tag, attributes) {
  const node = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes || {})) node.setAttribute(name, String(value));
  return node;
}

function signed(points) {
  return points > 0 ? `+${points}` : points < 0 ? String(points) : "·";
}

function number(points) {
  return String(points);
}

function flash(node) {
  node.classList.remove("changed");
  void node.offsetWidth; // start the animation again
  node.classList.add("changed");
  setTimeout(() => node.classList.remove("changed"), HIGHLIGHT_MS);
}

// ------------------------------------------------------------ the totals

function drawSides(state, before) {
  const scores = document.getElementById("scores");
  const sides = state.sides || [];
  document.documentElement.style.setProperty("--n", String(Math.max(1, sides.length)));
  scores.classList.toggle("many", sides.length > 2);
  scores.replaceChildren(
    ...sides.map((side, index) => {
      const box = el("div", "side");
      box.classList.toggle("winner", side.winner);
      box.classList.toggle("out", side.out);
      box.append(el("div", "name", side.name), el("span", "total", number(side.total)), el("div", "need", side.need));
      box.setAttribute("aria-label", `${side.name}: ${number(side.total)}${side.need ? ", " + side.need : ""}`);
      const old = before && before.sides && before.sides[index];
      if (old && old.name === side.name && old.total !== side.total) flash(box);
      return box;
    }),
  );
}

function drawWinner(state) {
  // the rules' sentence says who won and by which law ("Ann wins: the contractor reaches 500")
  const banner = document.getElementById("winner");
  banner.hidden = !state.over;
  if (!state.over) return;
  banner.textContent = state.banner || state.result || "";
}

function drawState(state, before) {
  const box = document.getElementById("state");
  // once it is over the banner says the result: a line that only repeats it is left out
  const said = (line) => state.over && state.result && line.includes(state.result);
  const lines = (state.state || []).filter((line) => !said(line)).map((line) => el("p", "", line));
  if (state.outlook) lines.push(el("p", "outlook", state.outlook));
  if (state.report) lines.push(el("p", "report", state.report));
  box.replaceChildren(...lines);
  if (before && (before.state || []).join("\n") !== (state.state || []).join("\n")) flash(box);
}

// ------------------------------------------------------------ the last deals

function drawRows(state, before) {
  const section = document.getElementById("recent");
  const table = document.getElementById("rows");
  const rows = state.rows || [];
  section.hidden = false;
  document.getElementById("rows-title").textContent = state.rows_title || "";
  const wide = table.clientWidth > 260 + 150 * state.sides.length;
  table.style.setProperty("--with-totals", wide ? "1" : "0");
  const columns = el("colgroup");
  columns.append(el("col", "seq"), el("col", "what"), ...state.sides.map(() => el("col", "side")));
  const head = el("tr");
  head.append(el("th", "", "#"), el("th", "", state.rows_column || ""));
  for (const side of state.sides) head.append(el("th", "", side.name));
  table.querySelector("thead").replaceChildren(head);
  table.querySelector("colgroup")?.remove();
  table.prepend(columns);
  const known = new Set(((before && before.rows) || []).map((row) => `${row.seq}:${row.delta.join()}`));
  const body = [];
  if (!rows.length) {
    const empty = el("td", "", state.rows_none || "");
    empty.colSpan = 2 + state.sides.length;
    const row = el("tr");
    row.append(empty);
    body.push(row);
  }
  for (const row of rows.slice().reverse()) {
    const line = el("tr");
    line.append(el("td", "seq", row.number || ""), el("td", "", row.text));
    row.delta.forEach((delta, index) => {
      const cell = el("td", delta > 0 ? "up" : delta < 0 ? "down" : "nil", signed(delta));
      if (wide) cell.append(el("span", "sum", number(row.totals[index])));
      line.append(cell);
    });
    if (before && !known.has(`${row.seq}:${row.delta.join()}`)) flash(line);
    body.push(line);
  }
  table.querySelector("tbody").replaceChildren(...body);
}

// ------------------------------------------------------------ the Jass-Tafel

function strokes(group, count, x0, y, slant, step) {
  // strokes across a bar, grouped by five: four, then the fifth across them
  let x = x0;
  for (let i = 0; i < count; i++) {
    if (i % 5 === 4) {
      group.append(svg("line", { x1: x - 4 * step - 3, y1: y + 10, x2: x + 3 - step, y2: y - 10, class: "mark" }));
      x += step;
      continue;
    }
    group.append(svg("line", { x1: x + slant, y1: y - 13, x2: x - slant, y2: y + 13, class: "mark" }));
    x += step;
  }
  return x;
}

function tafelHalf(side, marks, target, bergpreis) {
  const half = el("figure", "half");
  half.classList.toggle("winner", side.winner);
  const title = el("h3", "", `${side.name}  ${number(side.total)}`);
  if (side.need) title.append(" ", el("span", "to-go", `· ${side.need}`));
  if (bergpreis) title.append(" ", el("span", "berg", say("bergpreis")));
  half.append(title);
  const width = 320, height = 170, left = 16, right = 250, top = 28, bottom = 142;
  const picture = svg("svg", { viewBox: `0 0 ${width} ${height}`, role: "img" });
  const words = [
    marks.fives ? say("fives", { count: marks.fives }) : "",
    marks.hundreds ? say("hundreds", { count: marks.hundreds }) : "",
    marks.fifties ? say("fifties", { count: marks.fifties }) : "",
    marks.twenties ? say("twenties", { count: marks.twenties }) : "",
    say("written", { points: `${marks.negative ? "-" : ""}${marks.rest}` }),
  ].filter(Boolean);
  picture.setAttribute("aria-label", say("tafel_half", { name: side.name, marks: words.join(", ") }));
  const title2 = svg("title");
  title2.textContent = picture.getAttribute("aria-label");
  picture.append(title2);
  // the Z: its top bar, its diagonal, its bottom bar
  picture.append(
    svg("path", { d: `M${left} ${top} H${right} L${left} ${bottom} H${right}`, class: "chalk" }),
  );
  let x = left + 14;
  if (marks.fives > 8) {
    const count = svg("text", { x, y: top - 4 });
    count.textContent = `V×${marks.fives}`;
    picture.append(count);
    x += 80;
  } else {
    for (let i = 0; i < marks.fives; i++) {
      picture.append(svg("path", { d: `M${x - 8} ${top - 16} L${x} ${top + 12} L${x + 8} ${top - 16}`, class: "mark" }));
      x += 24;
    }
  }
  strokes(picture, marks.hundreds, x + 4, top, 2, 13);
  // the 50 crosses the diagonal in its middle
  const midX = (left + right) / 2, midY = (top + bottom) / 2;
  for (let i = 0; i < marks.fifties; i++) {
    const dx = (i - (marks.fifties - 1) / 2) * 18;
    picture.append(svg("line", { x1: midX + dx - 10, y1: midY - 16, x2: midX + dx + 10, y2: midY + 16, class: "mark" }));
  }
  strokes(picture, marks.twenties, left + 18, bottom, 2, 13);
  const rest = svg("text", { x: right + 12, y: bottom + 10 });
  rest.textContent = `${marks.negative ? "-" : ""}${marks.rest}`;
  picture.append(rest);
  half.append(picture);
  return half;
}

function drawTafel(state, picture) {
  const box = el("div", "tafel");
  state.sides.forEach((side, index) => {
    box.append(tafelHalf(side, state.tafel[index], state.target, state.bergpreis === side.name));
  });
  const heading = el("h2", "", say("tafel"));
  picture.replaceChildren(heading, box);
}

// ------------------------------------------------------------ the bridge pad

function entry(what, points, className) {
  const line = el("div", `entry ${className || ""}`);
  line.append(el("span", "what", what), el("span", "points", number(points)));
  return line;
}

function drawPad(state, picture) {
  const pad = state.pad;
  const grid = el("div", "pad");
  grid.setAttribute("aria-label", say("pad_label"));
  const cells = (make) => state.sides.forEach((side, index) => grid.append(make(side, index)));
  cells((side) => el("div", "head", side.name));
  cells((side, index) => {
    const above = el("div", "above line");
    for (const [what, points] of pad.above[index]) above.append(entry(what, points));
    return above;
  });
  for (const game of pad.games) {
    cells((side, index) => {
      const below = el("div", game.winner !== null ? "below game-won" : "below");
      for (const [what, points] of game.below[index]) below.append(entry(what, points));
      if (!game.below[index].length) below.append(el("div", "entry", "\u00a0"));
      return below;
    });
  }
  cells((side, index) => {
    const sums = el("div", "sums");
    sums.append(
      entry(say("below_line"), pad.trick[index]),
      entry(say("above_line"), pad.honour[index]),
    );
    if (pad.bonus[index]) sums.append(entry(say("rubber"), pad.bonus[index]));
    sums.append(entry(say("total"), pad.total[index], "total"));
    return sums;
  });
  picture.replaceChildren(el("h2", "", say("pad")), grid);
}

// ------------------------------------------------------------ the whole board

function applyTheme(theme) {
  const root = document.documentElement.style;
  for (const [scheme, prefix] of [["dark", "--d-"], ["light", "--l-"]]) {
    for (const [name, colour] of Object.entries((theme && theme[scheme]) || {})) {
      if (/^#[0-9a-fA-F]{6}$/.test(colour)) root.setProperty(prefix + name, colour);
    }
  }
}

function draw(state) {
  const before = shown && shown.game === state.game && shown.title === state.title ? shown : null;
  applyTheme(state.theme);
  document.getElementById("title").textContent = state.title || say("title");
  document.title = state.title ? say("title_of", { title: state.title }) : say("title");
  const waiting = document.getElementById("waiting");
  const picture = document.getElementById("picture");
  const detail = document.getElementById("detail");
  if (!state.game) {
    waiting.hidden = false;
    waiting.textContent = state.waiting || say("no_game");
    for (const id of ["scores", "state"]) document.getElementById(id).replaceChildren();
    document.getElementById("winner").hidden = true;
    picture.hidden = true;
    document.getElementById("recent").hidden = true;
    shown = state;
    return;
  }
  waiting.hidden = true;
  drawSides(state, before);
  drawWinner(state);
  drawState(state, before);
  picture.hidden = !(state.tafel || state.pad);
  detail.classList.toggle("no-picture", picture.hidden);
  if (state.tafel) drawTafel(state, picture);
  else if (state.pad) drawPad(state, picture);
  drawRows(state, before);
  shown = state;
}

// ------------------------------------------------------------ the stream, the screen, the contrast

function follow() {
  const status = document.getElementById("connection");
  const stream = new EventSource("events");
  stream.addEventListener("board", (event) => {
    status.textContent = "";
    draw(JSON.parse(event.data));
  });
  stream.addEventListener("open", () => { status.textContent = ""; });
  stream.addEventListener("error", () => {
    // a dropped connection is tried again by the browser; a refusal (serve started anew, with a new key) is final
    status.textContent = say(stream.readyState === EventSource.CLOSED ? "gone" : "lost");
  });
}

let wakeLock = null;

async function keepScreenOn() {
  const line = document.getElementById("awake");
  if ("wakeLock" in navigator && window.isSecureContext) {
    try {
      wakeLock = await navigator.wakeLock.request("screen");
      line.textContent = "";
      return;
    } catch (refused) {
      // refused (battery saver, a browser's rule): say how to keep it on by hand
    }
  }
  line.textContent = say("awake");
}

function contrastChoice() {
  const button = document.getElementById("contrast");
  const saved = localStorage.getItem("scorepad-board-contrast");
  let on = saved === null ? window.matchMedia("(prefers-contrast: more)").matches : saved === "on";
  const apply = () => {
    document.documentElement.classList.toggle("contrast", on);
    button.setAttribute("aria-pressed", on ? "true" : "false");
  };
  button.addEventListener("click", () => {
    on = !on;
    try { localStorage.setItem("scorepad-board-contrast", on ? "on" : "off"); } catch (full) { /* kept for this visit */ }
    apply();
  });
  apply();
}

document.addEventListener("visibilitychange", () => {
  if (document.visibilityState === "visible" && (wakeLock === null || wakeLock.released)) keepScreenOn();
});
window.addEventListener("resize", () => { if (shown && shown.game) drawRows(shown, null); });

try { contrastChoice(); } catch (noStorage) { /* the button still works without a memory */ }
follow();
keepScreenOn();
