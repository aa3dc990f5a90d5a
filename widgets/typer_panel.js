// HandTyper's own panel, drawn by playtable.js above the table when the widget is a hand typer: the board menu (or
// the cards dealt by clicks into the four seats, the kitty what is left), Undo and the record written so far. The
// table, the bids' buttons, the review and the replay are the play table's own. Every word and rule is Python's.
import { cardRow, el, saveText } from "./common.js";
/** @typedef {import("./payloads").TyperPanel} TyperPanel */
/** @typedef {import("./payloads").TyperSeat} TyperSeat */

function menu(label, className, choices, value, onChange) {
  const select = el("select", { class: className, "aria-label": label, onchange: (event) => onChange(event.target.value) });
  for (const c of choices) select.append(el("option", { value: c.id, text: c.text, selected: c.id === value }));
  return el("label", { class: "cl-typer-menu" }, el("span", { text: `${label} ` }), select);
}

/** @param {TyperSeat} seat */
function dealtSeat(seat, send) {
  const head = el("button", { type: "button", class: "cl-typer-seat-name", "aria-pressed": seat.current ? "true" : "false",
    onclick: () => send("deal_to", seat.seat) }, `${seat.name} · ${seat.count_text}`);
  return el("section", { class: seat.current ? "cl-typer-seat cl-typer-current" : "cl-typer-seat", "data-seat": seat.seat,
    "aria-label": seat.name }, head, cardRow(seat.cards, { onClick: (card) => send("deal_card", card.id) }));
}

/** @param {TyperPanel} typer */
export function typerPanel(typer, send) {
  const box = el("section", { class: "cl-typer", "aria-label": typer.title, "data-stage": typer.stage },
    el("h4", { text: typer.title }));
  const bar = el("div", { class: "cl-typer-bar", role: "group" },
    menu(typer.board_label, "cl-typer-board", typer.boards, typer.board, (value) => send("board", value)));
  if (typer.stage !== "deal") {
    bar.append(el("button", { type: "button", class: "cl-typer-deal", onclick: () => send("board", "") }, typer.deal_yourself));
  }
  if (typer.undo) bar.append(el("button", { type: "button", class: "cl-typer-undo", onclick: () => send("undo") }, typer.undo));
  box.append(bar);
  if (typer.stage === "deal") {
    box.append(menu(typer.dealer_label, "cl-typer-dealer", typer.dealers, typer.dealer, (value) => send("dealer", value)),
      el("p", { class: "cl-typer-prompt", "aria-live": "polite", text: typer.deal_prompt }),
      el("div", { class: "cl-typer-seats" }, ...typer.seats.map((seat) => dealtSeat(seat, send))),
      el("div", { class: "cl-typer-deck" }, cardRow(typer.deck, { onClick: (card) => send("deal_card", card.id) })));
    if (typer.finish) box.append(el("button", { type: "button", class: "cl-typer-finish", onclick: () => send("finish_deal") }, typer.finish));
  }
  if (typer.record) {
    box.append(el("details", { class: "cl-typer-record" },
      el("summary", { text: typer.record_title }),
      el("pre", {}, el("code", { text: typer.record })),
      el("button", { type: "button", class: "cl-typer-save", onclick: () => saveText("hand.txt", typer.record, "text/plain;charset=utf-8") },
        "⤓ ", el("code", { text: "hand.txt" }))));  // a file's name, as any language writes it
  }
  return box;
}
