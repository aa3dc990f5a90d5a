// Shared drawing for every charlemagne_learn widget, an ES module: a widget's own file imports what it draws with
// from here (and from any shared part, such as table_picture.js) and exports its render() as the default. The
// package's build follows those imports into one module per widget (charlemagne_learn/widgets/_bundle.py).
// Nothing here knows a rule of the game: Python sends cards with their labels and legality. The payloads' shapes are
// payloads.d.ts, written from Python's own (charlemagne_learn/widgets/payloads.py).
/** @typedef {import("./payloads").CardView} CardView */
/** @typedef {import("./payloads").Download} Download */
/** @typedef {import("./payloads").SuitInks} SuitInks */

export const SUIT_CLASS = { C: "cl-clubs", D: "cl-diamonds", H: "cl-hearts", S: "cl-spades", J: "cl-joker" };
const PALETTE_NAME = /^[a-z0-9-]+$/;

// A card's or a suit's ink, as Python decided it (palette.card_colour, the same for the static HTML): `ink` for the
// red-and-black deck and `ink4` for the four-colour one. The widget's cl-four-colour class picks one (common.css).
/** @param {SuitInks} thing */
export function inkStyle(thing) {
  const names = [thing.ink, thing.ink4];
  if (!names.every((n) => typeof n === "string" && PALETTE_NAME.test(n))) return null;
  return `--cl-face-ink: var(--cl-${names[0]}); --cl-face-ink-4: var(--cl-${names[1]});`;
}

export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (value !== false && value !== null && value !== undefined) node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children) if (child) node.append(child);
  return node;
}

// A card is a real <button>: keyboard focus, Enter/Space, and a spoken label.
/** @param {CardView} card */
export function cardButton(card, { onClick = null, selected = false, disabled = false, extraClass = "" } = {}) {
  const classes = ["cl-card", SUIT_CLASS[card.suit] || "", extraClass];
  const ink = inkStyle(card);
  if (ink) classes.push("cl-inked");
  if (card.legal === false) classes.push("cl-illegal");
  if (selected) classes.push("cl-selected");
  // every word comes from Python (illegal_word in the widget's language)
  const label = card.label + (card.legal === false && card.illegal_word ? ` (${card.illegal_word})` : "");
  if (card.high) classes.push("cl-joker-high");
  if (card.role) classes.push("cl-has-role");
  const button = el("button", {
    class: classes.join(" "), type: "button", "aria-label": label, title: label, style: ink,
    "aria-pressed": selected ? "true" : "false", "data-card": card.id, disabled: disabled,
    onclick: onClick ? () => onClick(card) : null,
  }, ...cardFace(card));
  if (card.role) button.append(el("span", { class: "cl-card-role", "aria-hidden": "true", text: card.role }));
  return button;
}

// A drawn face: the rank over the suit in two corners (the second upside down, as on a printed card) and the suit
// large in the middle; a joker's word down its corner and a star. The button's label is what a screen reader says,
// so the face itself is hidden from it.
/** @param {CardView} card */
function cardFace(card) {
  const rank = card.rank || card.text;
  const pip = card.pip || "";
  const corner = (end) => el("span", { class: end ? "cl-corner cl-corner-end" : "cl-corner", "aria-hidden": "true" },
    el("span", { class: "cl-rank", text: rank }), el("span", { class: "cl-corner-suit", text: pip }));
  return [corner(false), el("span", { class: "cl-pip", "aria-hidden": "true", text: pip || rank }), corner(true)];
}

// A hand on one row (up to a Charlemagne exchange's 11 cards: the cards narrow rather than wrap); a longer row
// (a whole suit, a deck) wraps.
const ONE_ROW = 12;

// From this many cards a row overlaps them as a hand is held, each card's corner in view.
const FANNED = 9;

export function cardRow(cards, options = {}) {
  const kind = cards.length > ONE_ROW ? "cl-cards cl-cards-wrap" : cards.length >= FANNED ? "cl-cards cl-cards-fanned" : "cl-cards";
  const row = el("div", { class: kind, role: "group" });
  for (const card of cards) row.append(cardButton(card, typeof options === "function" ? options(card) : options));
  return row;
}

// The reason a click was refused, read out by screen readers as it appears.
export function messageBox(model) {
  const box = el("div", { class: "cl-message", role: "status", "aria-live": "polite" });
  const update = () => { box.textContent = model.get("message"); box.hidden = !model.get("message"); };
  model.on("change:message", update);
  update();
  return box;
}

// While Python works on a click (a hint, a grade, the bots' moves) the widget says so, but only once the wait is
// long enough to notice: a quick answer never flashes "Thinking…". The wait decides when the answer shows, never
// what it says.
const THINKING_DELAY_MS = 250;

export function rootOf(el_, model, name) {
  el_.classList.add("cl-widget", `cl-${name}`);
  // JupyterLab's shortcuts stay out of the widget: the arrow keys move a slider, not the notebook's cells, and a
  // key pressed on a card never deletes or inserts a cell
  el_.setAttribute("data-lm-suppress-shortcuts", "true");
  // and the notebook's own keys too, inside a field, a menu or a slider: there the arrow keys are the control's
  el_.addEventListener("keydown", (event) => {
    if (event.target instanceof Element && event.target.matches("input, select, textarea")) event.stopPropagation();
  });
  const sync = () => {
    el_.classList.toggle("cl-four-colour", model.get("four_colour"));
    el_.setAttribute("lang", model.get("lang"));
  };
  model.on("change:four_colour", sync);
  model.on("change:lang", sync);
  sync();
  const note = el("p", { class: "cl-thinking-note", role: "status", "aria-live": "polite", hidden: true });
  let timer = null;
  const think = () => {
    const text = model.get("thinking") || "";
    clearTimeout(timer);
    if (!text) {
      note.hidden = true;
      note.textContent = "";
      el_.classList.remove("cl-thinking");
      el_.removeAttribute("aria-busy");
      return;
    }
    timer = setTimeout(() => {
      note.textContent = text;
      note.hidden = false;
      el_.classList.add("cl-thinking");
      el_.setAttribute("aria-busy", "true");
    }, THINKING_DELAY_MS);
  };
  model.on("change:thinking", think);
  think();
  el_.append(note);
}

// A quiz's results saved from the browser, with no server: Binder and JupyterLite alike. Python keeps the
// texts in the private _download trait (CSV already safe from spreadsheet formulas); the CSV gets a byte-order
// mark so that Excel reads ♣ and – as UTF-8.
export function saveText(name, text, type) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = el("a", { href: url, download: name, hidden: true });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function downloadBar(model) {
  const bar = el("div", { class: "cl-download", role: "group" });
  const draw = () => {
    /** @type {Partial<Download>} */
    const d = model.get("_download") || {};
    bar.hidden = !d.csv;
    bar.replaceChildren(...(d.csv ? [
      el("button", { type: "button", class: "cl-download-csv", text: d.words.csv,
        onclick: () => saveText(`${d.file}.csv`, "\uFEFF" + d.csv, "text/csv;charset=utf-8") }),
      el("button", { type: "button", class: "cl-download-json", text: d.words.json,
        onclick: () => saveText(`${d.file}.json`, d.json, "application/json") }),
    ] : []));
  };
  model.on("change:_download", draw);
  draw();
  return bar;
}
