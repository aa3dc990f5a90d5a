// The table picture: four seats around the trick, with the kitty, contract, scores and bidding. Python sends
// the picture (only what the viewer may see) and decides everything; these functions only draw it.
// Table (the replay) and PlayTable both draw it: their files import it.
import { cardButton, cardRow, el } from "./common.js";
/** @typedef {import("./payloads").TablePicture} TablePicture */

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

// The whole table. onCard(card): clicks on the viewer's own cards (PlayTable); none for a plain Table.
/** @param {TablePicture} picture */
export function drawTable(picture, { onCard = null } = {}) {
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

export function placesOf(root) {
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
export function moveCards(before, root, picture) {
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
