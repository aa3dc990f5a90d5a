// Hand: a row of card buttons. A click is reported to Python, which decides (legal or not).
import { cardRow, el, messageBox, rootOf } from "./common.js";
/** @typedef {import("./payloads").CardView} CardView */

function render({ model, el: root }) {
  rootOf(root, model, "hand");
  const caption = el("p", { class: "cl-caption" });
  const row = el("div");
  const draw = () => {
    caption.textContent = model.get("caption");
    caption.hidden = !model.get("caption");
    const selected = model.get("selected");
    /** @type {CardView[]} */
    const cards = model.get("cards");
    row.replaceChildren(cardRow(cards, (card) => ({
      selected: card.id === selected,
      onClick: (c) => model.send({ type: "click", card: c.id }),
    })));
  };
  model.on("change:cards", draw);
  model.on("change:selected", draw);
  model.on("change:caption", draw);
  draw();
  root.append(caption, row, messageBox(model));
}

export default { render };
