// TrumpLadder: the trumps from the highest down, the plain suits beside them. Python computes every card's
// place and name; this file draws them and reports a chosen trump suit or variant.
import { cardButton, el, inkStyle, messageBox, rootOf, SUIT_CLASS } from "./common.js";
/** @typedef {import("./payloads").LadderStep} LadderStep */
/** @typedef {import("./payloads").PlainSuit} PlainSuit */
/** @typedef {import("./payloads").TrumpChoice} TrumpChoice */
/** @typedef {import("./payloads").VariantChoice} VariantChoice */

function render({ model, el: root }) {
  rootOf(root, model, "ladder");
  const controls = el("div", { class: "cl-ladder-controls" });
  const caption = el("p", { class: "cl-caption cl-ladder-caption" });
  const body = el("div", { class: "cl-ladder-body" });

  const drawControls = () => {
    const words = model.get("words");
    const select = el("select", {
      class: "cl-ladder-variant", "aria-label": words["variant"],
      onchange: (event) => model.send({ type: "variant", variant: event.target.value }),
    });
    /** @type {VariantChoice[]} */
    const variants = model.get("variants");
    for (const v of variants) {
      select.append(el("option", { value: v.id, text: v.title, selected: v.id === model.get("variant") }));
    }
    const trump = model.get("trump") ?? "none";
    const suits = el("div", { class: "cl-ladder-suits", role: "group", "aria-label": words["trump suit"] });
    /** @type {TrumpChoice[]} */
    const choices = model.get("suits");
    for (const s of choices) {
      const ink = inkStyle(s);
      suits.append(el("button", {
        type: "button", class: `cl-ladder-suit ${SUIT_CLASS[s.suit] || "cl-ladder-nt"}${ink ? " cl-inked" : ""}`, style: ink,
        "data-suit": s.id, "aria-label": s.label, title: s.label, "aria-pressed": s.id === trump ? "true" : "false",
        text: s.text, onclick: () => model.send({ type: "trump", suit: s.id }),
      }));
    }
    controls.replaceChildren(
      el("label", { class: "cl-ladder-label" }, el("span", { text: `${words["variant"]} ` }), select),
      el("span", { class: "cl-ladder-label", text: words["trump suit"] }), suits);
  };

  const drawBody = () => {
    const words = model.get("words");
    caption.textContent = model.get("caption");
    const ladder = el("ol", { class: "cl-ladder-trumps", "aria-label": words["trumps high to low"] });
    /** @type {LadderStep[]} */
    const trumps = model.get("trumps");
    for (const card of trumps) {
      ladder.append(el("li", { class: "cl-ladder-step" },
        el("span", { class: "cl-ladder-rank", text: String(card.place) }),
        cardButton(card, { extraClass: "cl-ladder-card" }),
        el("span", { class: "cl-ladder-role", text: card.role_text })));
    }
    const trumpColumn = el("section", { class: "cl-ladder-column cl-ladder-trump-column" },
      el("h4", { text: words["trumps high to low"] }), ladder);
    const plain = el("div", { class: "cl-ladder-plain", role: "group", "aria-label": words["plain high to low"] });
    /** @type {PlainSuit[]} */
    const suits = model.get("plain");
    for (const suit of suits) {
      const list = el("ul", { class: "cl-ladder-suit-cards" });
      for (const card of suit.cards) {
        list.append(el("li", {}, card.gap
          ? el("span", { class: "cl-ladder-gap", "data-gap": card.id, text: card.text })
          : cardButton(card, { extraClass: "cl-ladder-card" })));
      }
      const ink = inkStyle(suit);
      plain.append(el("section", {
        class: `cl-ladder-column ${SUIT_CLASS[suit.suit]}${ink ? " cl-inked" : ""}`, style: ink, "data-suit": suit.suit },
        el("h4", { text: suit.title }), el("p", { class: "cl-ladder-count", text: suit.count }), list));
    }
    body.replaceChildren(trumpColumn, plain);
  };

  for (const name of ["variants", "suits", "trump", "variant", "words"]) model.on(`change:${name}`, drawControls);
  for (const name of ["trumps", "plain", "caption", "words"]) model.on(`change:${name}`, drawBody);
  drawControls();
  drawBody();
  root.append(controls, caption, body, messageBox(model));
}

export default { render };
