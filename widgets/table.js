// Table: the table picture (table_picture.js) with a replay slider, stepping through a recorded hand.
import { el, messageBox, rootOf } from "./common.js";
import { drawTable, moveCards, placesOf } from "./table_picture.js";
/** @typedef {import("./payloads").TablePicture} TablePicture */

// The nearest mark before / after the step: the ◀ ▶ trick buttons jump there.
function markBefore(marks, step) { return Math.max(0, ...marks.filter((m) => m < step)); }
function markAfter(marks, step, steps) { return Math.min(steps, ...marks.filter((m) => m > step)); }

function render({ model, el: root }) {
  rootOf(root, model, "table");
  const picture = el("div");
  const slider = el("input", { type: "range", min: "0", class: "cl-slider" });
  const stepText = el("span", { class: "cl-step", "aria-live": "polite" });
  const lastText = el("span", { class: "cl-last-action" });
  const go = (n) => { model.set("step", n); model.save_changes(); };
  const button = (cls, text, onclick) => el("button", { type: "button", class: `cl-step-button ${cls}`, onclick }, text);
  const prevTrick = button("cl-prev-trick", "◀◀", () => go(markBefore(model.get("marks"), model.get("step"))));
  const prevAction = button("cl-prev-action", "◀", () => go(Math.max(0, model.get("step") - 1)));
  const nextAction = button("cl-next-action", "▶", () => go(Math.min(model.get("steps"), model.get("step") + 1)));
  const nextTrick = button("cl-next-trick", "▶▶", () => go(markAfter(model.get("marks"), model.get("step"), model.get("steps"))));
  slider.addEventListener("input", () => go(Number(slider.value)));
  // The notebook's own shortcuts would take the arrow keys (and prevent the slider's default): keep them here.
  slider.addEventListener("keydown", (event) => event.stopPropagation());
  const controls = el("div", { class: "cl-replay", role: "group" }, prevTrick, prevAction, slider, nextAction, nextTrick, stepText, lastText);
  const draw = () => {
    const before = placesOf(picture);
    /** @type {TablePicture} */
    const drawn = model.get("picture");
    picture.replaceChildren(drawTable(drawn));
    moveCards(before, picture, drawn);
    const words = model.get("words");
    const step = model.get("step");
    const steps = model.get("steps");
    slider.max = String(steps);
    slider.value = String(step);
    slider.setAttribute("aria-label", words.replay);
    slider.setAttribute("aria-valuetext", words.step);
    stepText.textContent = words.step;
    lastText.textContent = words.last;
    for (const [b, key] of [[prevTrick, "previous trick"], [prevAction, "previous action"], [nextAction, "next action"], [nextTrick, "next trick"]]) {
      b.setAttribute("aria-label", words[key]);
      b.title = words[key];
    }
    prevTrick.disabled = prevAction.disabled = step <= 0;
    nextTrick.disabled = nextAction.disabled = step >= steps;
    controls.hidden = steps === 0;
  };
  for (const name of ["picture", "words", "step", "steps"]) model.on(`change:${name}`, draw);
  draw();
  root.append(picture, controls, messageBox(model));
}

export default { render };
