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
  if (seat.bids.length) box.append(el("div", { class: "cl-seat-bids", text: `${words["table.bids"]}${words.colon}${seat.bids.join(" · ")}` }));
  if (seat.face_up) {
    box.append(cardRow(seat.cards, {
      onClick: onCard && seat.you ? onCard : null,
      extraClass: onCard && seat.you ? "" : "cl-shown",
    }));
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
 *
 * @typedef {Object} LastTrick
 * @property {string} title
 * @property {PlayedCard[]} cards
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
