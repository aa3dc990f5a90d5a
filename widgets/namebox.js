// NameBox: a learner in a class writes their name once; Python saves it (course.set_student) and says where the
// answers go. Every word comes from Python, in the widget's language.
import { el, messageBox, rootOf } from "./common.js";
/** @typedef {import("./payloads").NameBoxWords} NameBoxWords */

function render({ model, el: root }) {
  rootOf(root, model, "namebox");
  /** @returns {Partial<NameBoxWords>} */
  const w = () => model.get("words") || {};
  const input = el("input", { type: "text", class: "cl-namebox-input", maxlength: "80", autocomplete: "name" });
  const word = el("span");
  const label = el("label", { class: "cl-namebox-label" }, word, input);
  const send = () => model.send({ type: "save", name: input.value });
  input.addEventListener("keydown", (event) => { if (event.key === "Enter") send(); });
  const save = el("button", { type: "button", class: "cl-namebox-save", onclick: send });
  const status = el("p", { class: "cl-caption", role: "status", "aria-live": "polite" });
  const draw = () => {
    const words = w();
    word.textContent = words.label;
    // named on the control itself too (a name only from the wrapping label is missed by some assistive tech)
    input.setAttribute("aria-label", words.label || "");
    save.textContent = words.save;
    status.textContent = words.status;
    if (document.activeElement !== input) input.value = model.get("name");
  };
  model.on("change:words", draw);
  model.on("change:name", draw);
  draw();
  root.append(el("div", { class: "cl-namebox-row" }, label, save), status, messageBox(model));
}

export default { render };
