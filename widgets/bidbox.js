// BidBox: the bid ladder as buttons, each row saying what the bid means and scores. Python says which bids
// are legal; a bid that is not is still a focusable button (aria-disabled), so a click can ask Python why.
import { el, inkStyle, messageBox, rootOf, SUIT_CLASS } from "./common.js";
/** @typedef {import("./payloads").BidButton} BidButton */
/** @typedef {import("./payloads").BidRow} BidRow */

/** @param {BidButton} action */
function bidButton(model, action) {
  const ink = inkStyle(action);
  const classes = ["cl-bid", SUIT_CLASS[action.suit] || "", ink ? "cl-inked" : "", action.legal ? "" : "cl-bid-off"];
  const chosen = model.get("chosen") === action.id;
  return el("button", {
    type: "button", class: classes.join(" "), style: ink, "data-action": action.id, "aria-label": action.label,
    title: action.label, "aria-disabled": action.legal ? "false" : "true", "aria-pressed": chosen ? "true" : "false",
    text: action.text, onclick: () => model.send({ type: "bid", action: action.id }),
  });
}

function render({ model, el: root }) {
  rootOf(root, model, "bidbox");
  const caption = el("p", { class: "cl-caption" });
  const legend = el("p", { class: "cl-caption cl-bidbox-legend" });
  const passRow = el("div", { class: "cl-bidbox-pass" });
  const table = el("table", { class: "cl-bidbox-table" });
  const draw = () => {
    caption.textContent = model.get("caption");
    legend.textContent = model.get("legend");
    legend.hidden = !model.get("legend");
    passRow.replaceChildren(bidButton(model, model.get("pass_action")));
    const columns = model.get("columns");
    const head = el("tr", {}, ...columns.map((c) => el("th", { scope: "col", text: c })));
    /** @type {BidRow[]} */
    const rungs = model.get("rows");
    const rows = rungs.map((row) => {
      const legal = row.actions.some((a) => a.legal);
      const buttons = el("div", { class: "cl-bid-buttons", role: "group", "aria-label": row.bid },
        ...row.actions.map((a) => bidButton(model, a)));
      // Cells follow the column order Python sent; the first holds the buttons.
      const keys = ["who plays", "exchange", "trump", "first lead", "to make it", "made", "failed"];
      return el("tr", { class: legal ? "cl-bid-row" : "cl-bid-row cl-bid-row-off", "data-bid": row.name },
        el("th", { scope: "row" }, buttons), ...keys.map((k) => el("td", { text: row[k] })));
    });
    table.replaceChildren(el("thead", {}, head), el("tbody", {}, ...rows));
  };
  for (const name of ["rows", "pass_action", "columns", "caption", "legend", "chosen"]) model.on(`change:${name}`, draw);
  draw();
  root.append(caption, legend, passRow, el("div", { class: "cl-bidbox-scroll" }, table), messageBox(model));
}

export default { render };
