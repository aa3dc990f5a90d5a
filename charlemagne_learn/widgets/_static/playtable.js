// Built by scripts/build_widgets.py from widgets/common, widgets/table_picture, widgets/playtable (.js/.css): edit those, then run it.
// Shared drawing for every charlemagne_learn widget. A widget's ES module is this file, any shared parts it
// names, then its own file, and the one default export, joined by scripts/build_widgets.py (no file is ever
// edited on the way): so no file here may import or export, and each widget's own file defines
// render(). ESLint checks the files as plain scripts, which turns an export in any of them into an error.
// Nothing here knows a rule of the game: Python sends cards with their labels and legality.

const SUIT_CLASS = { C: "cl-clubs", D: "cl-diamonds", H: "cl-hearts", S: "cl-spades", J: "cl-joker" };
const PALETTE_NAME = /^[a-z0-9-]+$/;

/**
 * A suit's inks as Python sends them on a bid, a trump button or a plain suit (payloads.py: SuitInks); none where
 * there is no suit. A CardView has them too.
 * @typedef {Object} SuitInks
 * @property {string} [ink] - its colour (a palette variable)
 * @property {string} [ink4] - its colour in the four-colour deck
 */

// A card's or a suit's ink, as Python decided it (palette.card_colour, the same for the static HTML): `ink` for the
// red-and-black deck and `ink4` for the four-colour one. The widget's cl-four-colour class picks one (common.css).
/** @param {SuitInks} thing */
function inkStyle(thing) {
  const names = [thing.ink, thing.ink4];
  if (!names.every((n) => typeof n === "string" && PALETTE_NAME.test(n))) return null;
  return `--cl-face-ink: var(--cl-${names[0]}); --cl-face-ink-4: var(--cl-${names[1]});`;
}

function el(tag, attrs = {}, ...children) {
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

/**
 * One card as Python sends it (charlemagne_learn/widgets/payloads.py: CardView; tests/test_payloads.py keeps the
 * two alike).
 * @typedef {Object} CardView
 * @property {string} id - as Card.parse reads it: "JD", "RJ"
 * @property {string} text - its face: "J♦"
 * @property {string} suit - "C", "D", "H", "S", or "J" for a joker
 * @property {string} rank - the face's corner: "10", "J"; "JOKER" for a joker
 * @property {string} pip - the suit's symbol, "★" for a joker
 * @property {boolean} high - the high joker of the contract shown
 * @property {string} label - what a screen reader says
 * @property {string} role - its role in the contract, in words, or ""
 * @property {string} ink - its colour (a palette variable)
 * @property {string} ink4 - its colour in the four-colour deck
 * @property {boolean} [legal] - may it be played now
 * @property {string} [illegal_word] - the word for a card that may not be played
 * @property {boolean} [selected] - chosen (to put aside), not yet confirmed
 */

// A card is a real <button>: keyboard focus, Enter/Space, and a spoken label.
/** @param {CardView} card */
function cardButton(card, { onClick = null, selected = false, disabled = false, extraClass = "" } = {}) {
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

function cardRow(cards, options = {}) {
  const kind = cards.length > ONE_ROW ? "cl-cards cl-cards-wrap" : cards.length >= FANNED ? "cl-cards cl-cards-fanned" : "cl-cards";
  const row = el("div", { class: kind, role: "group" });
  for (const card of cards) row.append(cardButton(card, typeof options === "function" ? options(card) : options));
  return row;
}

// The reason a click was refused, read out by screen readers as it appears.
function messageBox(model) {
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

function rootOf(el_, model, name) {
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
function saveText(name, text, type) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = el("a", { href: url, download: name, hidden: true });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * What a quiz's Download buttons save (payloads.py: Download); {} until a question is answered.
 * @typedef {Object} Download
 * @property {string} csv - the results, safe to open in a spreadsheet (the byte-order mark is added here)
 * @property {string} json
 * @property {string} file - the file's name, without its extension
 * @property {Object<string, string>} words - the buttons' words: csv, json
 */

function downloadBar(model) {
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

// The table picture: four seats around the trick, with the kitty, contract, scores and bidding. Python sends
// the picture (only what the viewer may see) and decides everything; these functions only draw it.
// Table (the replay) and PlayTable both draw it: each widget's module holds this file after common.js.

function cardBacks(count, text) {
  const backs = el("div", { class: "cl-backs", role: "img", "aria-label": text, title: text });
  for (let i = 0; i < count; i++) backs.append(el("span", { class: "cl-back", "aria-hidden": "true" }));
  backs.append(el("span", { class: "cl-count", text }));
  return backs;
}

function badge(text, kind) {
  return el("span", { class: `cl-badge cl-badge-${kind}`, text });
}

// One seat: its name and badges, its bids, tricks won, and its cards (face up, or backs with a count).
function seatBox(seat, words, onCard) {
  const classes = ["cl-seat", `cl-seat-${seat.place}`];
  if (seat.to_move) classes.push("cl-to-move");
  if (seat.sits_out) classes.push("cl-sits-out");
  const head = el("div", { class: "cl-seat-head" }, el("strong", { class: "cl-seat-name", text: seat.name }));
  if (seat.dealer) head.append(badge(words.dealer, "dealer"));
  if (seat.to_move) head.append(badge(words["to move"], "to-move"));
  if (seat.sits_out) head.append(badge(words["sits out"], "sits-out"));
  if (seat.exposed) head.append(badge(words["shown to all"], "exposed"));
  const box = el("section", { class: classes.join(" "), "data-seat": seat.seat, "aria-label": seat.name }, head);
  if (seat.player) box.append(el("div", { class: "cl-seat-player", text: seat.player }));
  if (seat.bids.length) box.append(el("div", { class: "cl-seat-bids", text: `${words["table.bids"]}${words.colon}${seat.bids.join(" · ")}` }));
  if (seat.face_up) {
    box.append(cardRow(seat.cards, (card) => ({
      onClick: onCard && seat.you ? onCard : null,
      extraClass: onCard && seat.you ? "" : "cl-shown",
      selected: Boolean(card.selected),
    })));
  } else {
    box.append(cardBacks(seat.count, seat.count ? `${seat.count_text}, ${words["table.face down"]}` : seat.count_text));
  }
  return box;
}

function playedCards(plays, extraClass) {
  const row = el("div", { class: `cl-played ${extraClass}` });
  for (const play of plays) {
    row.append(el("figure", { class: "cl-play", "data-seat": play.seat },
      cardButton(play.card, { extraClass: "cl-shown" }), el("figcaption", { text: play.name })));
  }
  return row;
}

function kittyBox(kitty, words) {
  if (!kitty) return null;
  const box = el("section", { class: "cl-kitty", "aria-label": words.kitty },
    el("strong", { text: `${words.kitty[0].toUpperCase()}${words.kitty.slice(1)}` }));
  if (kitty.taken) box.append(el("span", { class: "cl-kitty-taken", text: ` — ${kitty.taken}` }));
  if (kitty.cards.length) box.append(cardRow(kitty.cards, { extraClass: "cl-shown" }));
  else box.append(cardBacks(kitty.count, `${kitty.count_text}, ${words["table.face down"]}`));
  if (kitty.discards.length) {
    box.append(el("div", { class: "cl-caption", text: words["table.discarded"] }),
      cardRow(kitty.discards, { extraClass: "cl-shown" }));
  }
  return box;
}

function scoreBox(picture) {
  const box = el("section", { class: "cl-scores" });
  box.append(el("div", { text: picture.tricks_line }));
  if (picture.points_line) box.append(el("div", { class: "cl-points", text: picture.points_line }));
  if (picture.result) box.append(el("p", { class: "cl-result", text: picture.result }));
  return box;
}

function biddingBox(picture) {
  const box = el("section", { class: "cl-bidding", "aria-label": picture.bidding_title },
    el("strong", { text: picture.bidding_title }));
  if (!picture.bidding.length) box.append(el("div", { class: "cl-caption", text: picture.no_bids }));
  const list = el("ol", { class: "cl-bid-list" });
  for (const bid of picture.bidding) list.append(el("li", { "data-seat": bid.seat }, el("span", { class: "cl-bid-seat", text: bid.name }), ` ${bid.text}`));
  box.append(list);
  return box;
}

/**
 * The table as Python sends it (charlemagne_learn/widgets/payloads.py; tests/test_payloads.py keeps them alike).
 * @typedef {Object} PlayedCard
 * @property {string} seat - "N", "E", "S", "W"
 * @property {string} name - the seat in words
 * @property {CardView} card
 *
 * @typedef {Object} TableSeat
 * @property {string} seat
 * @property {string} name
 * @property {string} place - where it is drawn: "bottom", "left", "top", "right"
 * @property {CardView[]} cards - the cards the viewer may see
 * @property {boolean} face_up
 * @property {number} count
 * @property {string} count_text
 * @property {boolean} exposed - shown to all (Gros Mulot)
 * @property {boolean} to_move
 * @property {boolean} sits_out
 * @property {boolean} dealer
 * @property {boolean} you
 * @property {number} tricks
 * @property {string[]} bids
 * @property {string} player - who plays the seat, in words, or ""
 *
 * @typedef {Object} LastTrick
 * @property {string} title
 * @property {PlayedCard[]} cards
 * @property {string} winner - the seat that won it
 * @property {string[]} side - the winner and its partner, where the partner plays
 *
 * @typedef {Object} KittyView
 * @property {number} count
 * @property {string} count_text
 * @property {CardView[]} cards
 * @property {string} taken - who took it, in words
 * @property {CardView[]} discards
 *
 * @typedef {Object} SeatBid
 * @property {string} seat
 * @property {string} name
 * @property {string} text
 *
 * @typedef {Object} TablePicture
 * @property {string} title
 * @property {string} viewer
 * @property {string} phase
 * @property {string} contract
 * @property {TableSeat[]} seats
 * @property {PlayedCard[]} trick
 * @property {string} trick_title
 * @property {?LastTrick} last_trick - null before the first trick is done
 * @property {?KittyView} kitty - null at a table without a kitty
 * @property {string} bidding_title
 * @property {SeatBid[]} bidding
 * @property {string} no_bids
 * @property {string} tricks_line
 * @property {string} points_line
 * @property {string} result
 * @property {Object<string, string>} words
 */

// The whole table. onCard(card): clicks on the viewer's own cards (PlayTable); none for a plain Table.
/** @param {TablePicture} picture */
function drawTable(picture, { onCard = null } = {}) {
  const words = picture.words;
  const head = el("header", { class: "cl-table-head" },
    el("strong", { text: picture.title }), ` · ${picture.viewer} · ${picture.phase} · `,
    el("span", { class: "cl-contract", text: `${words.contract}${words.colon}${picture.contract}` }));
  const grid = el("div", { class: "cl-table-grid" });
  for (const seat of picture.seats) grid.append(seatBox(seat, words, onCard));
  const middle = el("section", { class: "cl-middle", "aria-label": picture.trick_title },
    el("div", { class: "cl-caption", text: picture.trick_title }), playedCards(picture.trick, "cl-trick-now"));
  if (picture.last_trick) {
    middle.append(el("div", { class: "cl-caption cl-last-title", text: picture.last_trick.title }),
      playedCards(picture.last_trick.cards, "cl-last-trick"));
  }
  grid.append(middle);
  const side = el("aside", { class: "cl-side" }, scoreBox(picture), kittyBox(picture.kitty, words), biddingBox(picture));
  return el("div", { class: "cl-table-picture" }, head, el("div", { class: "cl-table-body" }, grid, side));
}

// Motion with meaning. Before a new picture replaces the old one, placesOf(old) notes where each card and seat was;
// moveCards(places, new) then sends each card new to the table from where it was (the learner's own card from the
// hand, a bot's from its seat) to its place in the trick, one after another in the order played, and marks the
// side that won a trick just finished. Nothing moves for a learner who asks for reduced motion: the picture is the
// same, only drawn at once.
const MOTION_MS = 360;
const MOTION_STEP_MS = 200;
const WON_MS = 1600;

function placesOf(root) {
  const cards = new Map();
  const seats = new Map();
  for (const c of root.querySelectorAll(".cl-card[data-card]")) cards.set(c.dataset.card, c.getBoundingClientRect());
  for (const s of root.querySelectorAll(".cl-seat[data-seat]")) seats.set(s.dataset.seat, s.getBoundingClientRect());
  const played = new Set([...root.querySelectorAll(".cl-played .cl-card[data-card]")].map((c) => c.dataset.card));
  return { cards, seats, played, any: cards.size > 0 || seats.size > 0 };
}

function reducedMotion() {
  return typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/** @param {TablePicture} picture */
function moveCards(before, root, picture) {
  if (!before || !before.any) return;
  const still = reducedMotion();
  let order = 0;
  let arrived = false;
  // the trick just finished before the one begun after it, each in the order played
  const plays = [...root.querySelectorAll(".cl-last-trick .cl-play"), ...root.querySelectorAll(".cl-trick-now .cl-play")];
  for (const fig of plays) {
    const card = fig.querySelector(".cl-card");
    if (!card || before.played.has(card.dataset.card)) continue;
    arrived = true;
    const from = before.cards.get(card.dataset.card) || before.seats.get(fig.dataset.seat);
    if (still || !from || typeof card.animate !== "function") continue;
    const to = card.getBoundingClientRect();
    const dx = from.left + from.width / 2 - (to.left + to.width / 2);
    const dy = from.top + from.height / 2 - (to.top + to.height / 2);
    card.animate([{ transform: `translate(${dx}px, ${dy}px) scale(0.9)`, opacity: 0.4 }, { transform: "none", opacity: 1 }],
      { duration: MOTION_MS, delay: order * MOTION_STEP_MS, easing: "cubic-bezier(0.2, 0.7, 0.3, 1)", fill: "backwards" });
    order += 1;
  }
  // a trick finished in this step: its winner's side lights up for a moment (said in words by the trick's title)
  const last = picture.last_trick;
  const finished = last && last.cards.some((p) => !before.played.has(p.card.id));
  if (!arrived || !finished) return;
  const seats = last.side.map((s) => root.querySelector(`.cl-seat[data-seat="${s}"]`)).filter(Boolean);
  for (const seat of seats) seat.classList.add("cl-won-trick");
  setTimeout(() => { for (const seat of seats) seat.classList.remove("cl-won-trick"); }, still ? WON_MS : WON_MS + order * MOTION_STEP_MS);
}

// PlayTable: the table from the learner's seat (drawTable from table_picture.js), the learner's choices as buttons,
// a Hint button, the grade of the last move and the review after each hand. Clicks go to Python, which
// asks the engine; the bots' moves come back as a new picture.

// details: the deals and the intervals behind the grade, shown when the learner points at it
function gradeChip(grade, text, details = "") {
  return el("span", { class: `cl-grade cl-grade-${grade}`, text, title: details || undefined });
}

/**
 * The hint and the grade as Python sends them (charlemagne_learn/widgets/payloads.py; tests/test_payloads.py keeps
 * them alike).
 * @typedef {Object} HintChoice
 * @property {string} id
 * @property {string} text
 * @property {string} grade
 * @property {string} grade_word
 * @property {string} points
 * @property {string} details
 * @property {string} reason
 *
 * @typedef {Object} HintPanel
 * @property {string} [note]
 * @property {string} [title]
 * @property {HintChoice[]} [choices]
 *
 * @typedef {Object} RefutationLine
 * @property {string} text
 * @property {boolean} trick
 *
 * @typedef {Object} GradeLine
 * @property {string} [text]
 * @property {string} [grade]
 * @property {string} [reason]
 * @property {string} [details]
 * @property {string} [why]
 * @property {string} [line]
 * @property {RefutationLine[]} [lines]
 */

/** @param {HintPanel} hint */
function hintPanel(hint) {
  const box = el("section", { class: "cl-hint-panel", "aria-live": "polite" });
  if (hint.note) box.append(el("p", { text: hint.note }));
  if (hint.choices) {
    box.append(el("p", { text: hint.title }));
    const list = el("ol", { class: "cl-hint-list" });
    for (const c of hint.choices) {
      list.append(el("li", { "data-action": c.id }, el("strong", { text: c.text }), " ", gradeChip(c.grade, c.grade_word, c.details),
        el("span", { class: "cl-hint-points", text: ` ${c.points} ` }), el("span", { class: "cl-caption", text: c.reason })));
    }
    box.append(list);
  }
  box.hidden = !hint.note && !hint.choices;
  return box;
}

/**
 * The review after a hand (or after a decision quiz's choice, with no log), the pass screen and the choices that
 * are not cards, as Python sends them (payloads.py: HandReview, ReviewRow, PassScreen, ActionButton).
 * @typedef {Object} ReviewRow
 * @property {number} move - the decision's place in the hand's actions, from 1 (the replay's step; never shown)
 * @property {string} when - where in the hand, as a player says it: "Trick 3, second card"
 * @property {string} phase - with several people at the screen, whose decision it is; "" otherwise
 * @property {string} action - the choice made, in words
 * @property {string} grade
 * @property {string} grade_word
 * @property {string} best - the best choice in words, "" when the choice was the best
 * @property {string} reason
 *
 * @typedef {Object} HandReview
 * @property {string} title
 * @property {Object<string, string>} heads - when, chose, grade, better, why, and the colon
 * @property {ReviewRow[]} lines
 * @property {string} empty - said where there is no decision to review
 * @property {string} result
 * @property {string} hand_points
 * @property {string} game_points
 * @property {string} winner - who won the game, or ""
 * @property {string} next - the Next button's words, or ""
 * @property {string} [log_title]
 * @property {string[]} [log] - each hand of the game so far, in a line
 *
 * @typedef {Object} PassScreen
 * @property {string} title
 * @property {string} text
 * @property {string} ready - the Ready button's words
 * @property {string} to - the seat it passes to
 *
 * @typedef {Object} ActionButton
 * @property {string} id - sent back on a click: the action as the engine reads it, or "confirm discards"
 * @property {string} text
 * @property {string} kind - "bid", "pass", "trump", "choose", or "confirm" / "undo"
 */

/** @param {HandReview} review */
function reviewPanel(review, onNext) {
  const box = el("section", { class: "cl-review-panel", "aria-label": review.title }, el("h4", { text: review.title }));
  if (review.lines.length) {
    // a decision a block: where it fell, the choice and its grade (and the better one) on a line, the reason under
    // them at the panel's whole width, so it reads at any notebook width
    const heads = review.heads;
    const list = el("ol", { class: "cl-review-list" });
    for (const line of review.lines) {
      const head = el("p", { class: "cl-review-head" },
        el("span", { class: "cl-review-when", text: line.when }), " ",
        el("span", { class: "cl-review-chose", "aria-label": heads.chose, text: line.phase ? `${line.phase}${heads.colon}${line.action}` : line.action }), " ",
        gradeChip(line.grade, line.grade_word));
      if (line.best) head.append(" ", el("span", { class: "cl-review-better", text: `${heads.better}${heads.colon}${line.best}` }));
      list.append(el("li", { class: "cl-review-item" }, head, el("p", { class: "cl-review-why", text: line.reason })));
    }
    box.append(list);
  } else {
    box.append(el("p", { text: review.empty }));
  }
  box.append(el("p", { class: "cl-result", text: review.result }),
    el("p", { class: "cl-points", text: review.hand_points }), el("p", { class: "cl-points", text: review.game_points }));
  if (review.log && review.log.length > 1) {  // the game so far, once there is more than this hand
    box.append(el("h4", { text: review.log_title }), el("ol", { class: "cl-log" },
      ...review.log.map((line) => el("li", { text: line }))));
  }
  if (review.winner) box.append(el("p", { class: "cl-winner", text: review.winner }));
  if (review.next) box.append(el("button", { type: "button", class: "cl-next-hand", onclick: onNext }, review.next));
  return box;
}

// Between two people's turns at one screen: every hand is hidden until the next person says they are ready.
// No grade here: the next person reads this screen, and each person's grades wait for the review after the hand.
/** @param {PassScreen} screen */
function passScreen(screen, onReady) {
  const box = el("section", { class: "cl-pass-screen", role: "region", "aria-label": screen.title, "data-to": screen.to },
    el("h4", { text: screen.title }), el("p", { text: screen.text }));
  box.append(el("button", { type: "button", class: "cl-ready", onclick: onReady }, screen.ready));
  return box;
}

// The bots' part of the hand, told a step at a time: where the story is, Continue and Skip, and the pace. At a pace
// other than "step" the page asks for the next step itself after a while; the words and the pictures are Python's,
// the wait decides only when the next one shows, and every line told stays in the list under the table.
const PACE_MS = { slow: 1600, normal: 800, fast: 350 };

/**
 * @typedef {Object} StoryStep
 * @property {string} line - the action on show, in words
 * @property {string} step - "Step 2 of 6"
 * @property {string} pace
 * @property {Object<string, string>} words - continue, skip, pace
 * @property {StoryPace[]} paces
 *
 * @typedef {Object} StoryPace
 * @property {string} id
 * @property {string} text
 */

/** @param {StoryStep} story */
function storyPanel(story, send, setPace) {
  const select = el("select", { class: "cl-pace", "aria-label": story.words.pace,
    onchange: (event) => setPace(event.target.value) });
  for (const p of story.paces) select.append(el("option", { value: p.id, text: p.text, selected: p.id === story.pace }));
  return el("div", { class: "cl-story", role: "group", "aria-label": story.step },
    el("span", { class: "cl-story-step", text: story.step }),
    el("button", { type: "button", class: "cl-continue", onclick: () => send("continue") }, story.words.continue),
    el("button", { type: "button", class: "cl-skip", onclick: () => send("skip") }, story.words.skip),
    el("label", { class: "cl-pace-label" }, el("span", { text: `${story.words.pace} ` }), select));
}

// Every line of the story so far, the newest last (and marked while the story runs): what the others did since the
// learner's own move, left to read at the learner's turn.
/** @param {string[]} lines */
function toldList(lines, telling) {
  const list = el("ol", { class: "cl-told" });
  lines.forEach((line, i) => {
    const current = telling && i === lines.length - 1;
    list.append(el("li", { class: current ? "cl-told-now" : "", "aria-current": current ? "step" : undefined, text: line }));
  });
  return list;
}

/**
 * The replay after a hand (charlemagne_learn/widgets/playtable.py: PlayTable.replay_info).
 * @typedef {Object} ReplayInfo
 * @property {number} steps - the hand's actions
 * @property {number} step - the action on show (0: the deal)
 * @property {string} where - where that action falls: "Trick 3, second card", "The bidding", "The deal"
 * @property {string} line - that action in words
 * @property {string} grade - the learner's grade on it, or ""
 * @property {string} grade_text
 * @property {Object<string, string>} words - title, back, forward
 */

// After a hand: step through it again, every hand face up, the learner's grades on their own moves.
/** @param {ReplayInfo} info */
function replayBar(info, setStep) {
  const at = info.step;
  const slider = el("input", { type: "range", min: "0", max: String(info.steps), value: String(at),
    class: "cl-replay-slider", "aria-label": info.words.title, "aria-valuetext": info.where,
    onchange: (event) => setStep(Number(event.target.value)),
    // the arrow keys, Home and End move the replay at once (a drag waits for its change)
    onkeyup: (event) => { if (Number(event.target.value) !== at) setStep(Number(event.target.value)); } });
  const line = el("p", { class: "cl-replay-line", "aria-live": "polite" }, info.line);
  if (info.grade) line.append(" ", gradeChip(info.grade, info.grade_text));
  return el("section", { class: "cl-replay", "aria-label": info.words.title },
    el("h4", { text: info.words.title }),
    el("div", { class: "cl-replay-controls" },
      el("button", { type: "button", class: "cl-replay-back", "aria-label": info.words.back, title: info.words.back,
        disabled: at <= 0, onclick: () => setStep(at - 1) }, "◀"),
      slider,
      el("button", { type: "button", class: "cl-replay-forward", "aria-label": info.words.forward,
        title: info.words.forward, disabled: at >= info.steps, onclick: () => setStep(at + 1) }, "▶"),
      el("span", { class: "cl-replay-where", text: info.where })),
    line);
}

function render({ model, el: root }) {
  rootOf(root, model, "playtable");
  const status = el("div", { class: "cl-status" });
  const picture = el("div");
  const prompt = el("p", { class: "cl-prompt", "aria-live": "polite" });
  const actions = el("div", { class: "cl-actions", role: "group" });
  const hintButton = el("button", { type: "button", class: "cl-hint-button", onclick: () => model.send({ type: "hint" }) });
  const hint = el("div");
  const grade = el("div", { class: "cl-last-grade", "aria-live": "polite" });
  const review = el("div");
  const passing = el("div");
  const storyBox = el("div");
  const toldBox = el("div");
  const replayBox = el("div");
  const setReplay = (step) => { model.set("replay", step); model.save_changes(); };
  let storyTimer = null;
  const onCard = (card) => model.send({ type: "card", card: card.id });
  const setPace = (pace) => { model.set("pace", pace); model.save_changes(); };
  // not on the first drawing: a widget appearing in a notebook must not take the keyboard from the cells
  let wasPassing = true;
  let shownOnce = false;
  const draw = () => {
    const screen = model.get("screen") || {};
    passing.replaceChildren(screen.title ? passScreen(screen, () => model.send({ type: "ready" })) : "");
    // the button takes the keyboard when the screen goes up, so the next player can press Enter
    if (screen.title && !wasPassing) queueMicrotask(() => passing.querySelector(".cl-ready")?.focus());
    wasPassing = Boolean(screen.title);
    status.textContent = model.get("status");
    const before = placesOf(picture);
    /** @type {TablePicture} */
    const drawn = model.get("picture");
    picture.replaceChildren(drawTable(drawn, { onCard }));
    moveCards(before, picture, drawn);
    prompt.textContent = model.get("prompt");
    /** @type {ActionButton[]} */
    const choices = model.get("actions");
    actions.replaceChildren(...choices.map((a) => el("button", {
      type: "button", class: `cl-action cl-action-${a.kind}`, "data-action": a.id,
      onclick: () => model.send({ type: "action", action: a.id }),
    }, a.text)));
    const story = model.get("story") || {};
    clearTimeout(storyTimer);
    const telling = Boolean(story.line);
    // the keyboard was on the table (on a card or button the story just replaced, or on Continue itself)
    const ours = root.contains(document.activeElement) || document.activeElement === document.body;
    storyBox.replaceChildren(telling ? storyPanel(story, (type) => model.send({ type }), setPace) : "");
    /** @type {string[]} */
    const told = model.get("told") || [];
    toldBox.replaceChildren(told.length ? toldList(told, telling) : "");
    if (telling && PACE_MS[story.pace]) storyTimer = setTimeout(() => model.send({ type: "continue" }), PACE_MS[story.pace]);
    // at a click a step, Continue takes the keyboard when the story starts and keeps it from one step to the next
    if (telling && story.pace === "step" && shownOnce && ours) queueMicrotask(() => storyBox.querySelector(".cl-continue")?.focus());
    hintButton.textContent = model.get("words").hint || "";
    hintButton.hidden = !model.get("hints") || Boolean(screen.title) || telling;
    hint.replaceChildren(hintPanel(model.get("hint")));
    /** @type {GradeLine} */
    const g = model.get("grade");
    grade.replaceChildren();
    if (g.text) grade.append(el("p", {}, gradeChip(g.grade, g.text, g.details), el("span", { class: "cl-caption", text: ` ${g.reason}` })));
    // after a worse card: the line that punishes it on one graded deal, folded until the learner asks why
    if (g.lines) {
      const lines = g.lines.map((l) => el("p", { class: l.trick ? "cl-why-trick" : "", text: l.text }));
      grade.append(el("details", { class: "cl-why" }, el("summary", { text: g.why }), el("div", { class: "cl-why-line" }, ...lines)));
    }
    grade.hidden = !g.text;
    const r = model.get("review");
    review.replaceChildren(r.title ? reviewPanel(r, () => model.send({ type: "next" })) : "");
    // the replay keeps the keyboard on the control that moved it
    const info = model.get("replay_info") || {};
    const focused = replayBox.contains(document.activeElement) ? document.activeElement.className : "";
    replayBox.replaceChildren(r.title && info.words ? replayBar(info, setReplay) : "");
    if (focused) replayBox.querySelector(`.${focused.split(" ")[0]}`)?.focus();
    shownOnce = true;
  };
  // One kernel answer changes several traits: draw once for all of them.
  let pending = false;
  const schedule = () => {
    if (pending) return;
    pending = true;
    queueMicrotask(() => { pending = false; draw(); });
  };
  for (const name of ["status", "picture", "prompt", "actions", "hint", "grade", "review", "hints", "words", "screen", "story", "told", "replay_info"]) {
    model.on(`change:${name}`, schedule);
  }
  draw();
  root.append(status, passing, picture, el("div", { class: "cl-controls" }, prompt, actions, hintButton), storyBox, toldBox,
    messageBox(model), grade, hint,
    review, replayBox, downloadBar(model));
  // the kernel may now work out the grade of the decision on show while the learner thinks about it
  model.send({ type: "shown" });
}

export default { render };
