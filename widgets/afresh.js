// Afresh: in the browser-only site, the lessons the learner changed, each with a button that brings the lesson
// back as the site ships it (Python deletes the browser's copy). Every word comes from Python.
import { el, messageBox, rootOf } from "./common.js";
/** @typedef {import("./payloads").AfreshLesson} AfreshLesson */
/** @typedef {import("./payloads").AfreshWords} AfreshWords */

function render({ model, el: root }) {
  rootOf(root, model, "afresh");
  const heading = el("p", { class: "cl-afresh-title" });
  const list = el("ul", { class: "cl-afresh-list" });
  const status = el("p", { class: "cl-caption", role: "status", "aria-live": "polite" });
  const draw = () => {
    /** @type {Partial<AfreshWords>} */
    const words = model.get("words") || {};
    heading.textContent = words.title || "";
    status.textContent = words.status || "";
    /** @type {AfreshLesson[]} */
    const lessons = model.get("lessons") || [];
    list.replaceChildren(...lessons.map((item) => {
      const button = el("button", {
        type: "button", class: "cl-afresh-button", "data-lesson": item.lesson,
        "aria-label": `${words.button}: ${item.title}`,
        onclick: () => model.send({ type: "afresh", lesson: item.lesson }),
      }, words.button || "");
      return el("li", {}, el("span", { class: "cl-afresh-lesson" }, item.title), button);
    }));
    list.hidden = lessons.length === 0;
  };
  model.on("change:words", draw);
  model.on("change:lessons", draw);
  draw();
  root.append(heading, list, status, messageBox(model));
}

export default { render };
