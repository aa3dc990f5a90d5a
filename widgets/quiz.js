// TrickQuiz: draws the question Python sends and reports clicks. Python keeps the answer until the learner
// has answered, then sends the verdict, the answer and the engine's explanation.
import { cardButton, cardRow, downloadBar, el, messageBox, rootOf } from "./common.js";
/** @typedef {import("./payloads").CardView} CardView */
/** @typedef {import("./payloads").QuizPlay} QuizPlay */
/** @typedef {import("./payloads").QuizSeat} QuizSeat */

function render({ model, el: root }) {
  rootOf(root, model, "quiz");
  const header = el("div", { class: "cl-quiz-header" });
  const title = el("h3", { class: "cl-quiz-title" });
  const prompt = el("p", { class: "cl-quiz-prompt" });
  const board = el("div", { class: "cl-quiz-board" });
  const controls = el("div", { class: "cl-quiz-controls" });
  const status = el("p", { class: "cl-quiz-status", role: "status", "aria-live": "polite" });
  const feedback = el("div", { class: "cl-quiz-feedback", role: "status", "aria-live": "polite" });

  const words = () => model.get("words") || {};
  const send = (message) => model.send(message);

  const draw = () => {
    const w = words();
    const phase = model.get("phase");
    const asking = phase === "asking";
    const right = model.get("right");
    const picked = model.get("picked");
    const kind = model.get("kind");
    header.replaceChildren(
      el("span", { class: "cl-quiz-number", text: `${w.question} ${model.get("number")} ${w.of} ${model.get("count")}` }),
      el("span", { class: "cl-quiz-score", text: `${w["score of"]}${w.colon}${model.get("score")} ${w.of} ${model.get("answered")}` }),
    );
    if (phase === "finished") {
      title.textContent = w.finished;
      prompt.textContent = "";
      board.replaceChildren();
      controls.replaceChildren();
      status.textContent = model.get("summary");
      feedback.replaceChildren();
      feedback.hidden = true;
      return;
    }
    title.textContent = model.get("title");
    prompt.textContent = model.get("prompt");
    const parts = [];
    /** @type {QuizPlay[]} */
    const trick = model.get("trick");
    if (trick.length) {
      const row = el("div", { class: "cl-quiz-trick", role: "group", "aria-label": words().trick || "" });
      for (const play of trick) {
        row.append(el("div", { class: "cl-quiz-play" },
          el("span", { class: "cl-quiz-seat-name", text: play.seat_label }),
          cardButton(play.card, { disabled: true })));
      }
      parts.push(row);
    }
    /** @type {CardView[]} */
    const cards = model.get("cards");
    if (cards.length) {
      const order = kind === "order";
      parts.push(cardRow(cards, (card) => {
        const at = picked.indexOf(card.id);
        let extraClass = "";
        if (!asking) extraClass = right.includes(card.id) ? "cl-quiz-right" : "cl-quiz-not";
        return {
          selected: at >= 0, disabled: !asking, extraClass,
          onClick: (c) => send({ type: "card", card: c.id }),
        };
      }));
      if (order && picked.length) {
        const byId = Object.fromEntries(cards.map((c) => [c.id, c.text]));
        parts.push(el("p", { class: "cl-quiz-sequence", text: picked.map((id, i) => `${i + 1}. ${byId[id]}`).join("  ") }));
      }
    }
    /** @type {QuizSeat[]} */
    const seats = model.get("seats");
    if (seats.length) {
      const row = el("div", { class: "cl-quiz-seats", role: "group" });
      for (const seat of seats) {
        const classes = ["cl-quiz-seat"];
        if (!asking && right.includes(seat.id)) classes.push("cl-quiz-right");
        if (!asking && picked.includes(seat.id) && !right.includes(seat.id)) classes.push("cl-quiz-wrong-pick");
        row.append(el("button", {
          type: "button", class: classes.join(" "), "data-seat": seat.id, disabled: !asking,
          onclick: () => send({ type: "seat", seat: seat.id }), text: seat.label,
        }));
      }
      parts.push(row);
    }
    const choices = model.get("choices");
    if (choices.length) {
      const row = el("div", { class: "cl-quiz-choices", role: "group" });
      choices.forEach((choice, i) => {
        const classes = ["cl-quiz-choice"];
        if (!asking && right.includes(choice)) classes.push("cl-quiz-right");
        if (!asking && picked.includes(choice) && !right.includes(choice)) classes.push("cl-quiz-wrong-pick");
        row.append(el("button", {
          type: "button", class: classes.join(" "), "data-choice": String(i), disabled: !asking,
          onclick: () => send({ type: "choice", choice }), text: choice,
        }));
      });
      parts.push(row);
    }
    board.replaceChildren(...parts);

    const buttons = [];
    if (asking && (kind === "legal" || kind === "order")) {
      buttons.push(el("button", { type: "button", class: "cl-quiz-check", onclick: () => send({ type: "check" }), text: w.check }));
      buttons.push(el("button", { type: "button", class: "cl-quiz-clear", onclick: () => send({ type: "clear" }), text: w["start again"] }));
    }
    if (phase === "answered") {
      buttons.push(el("button", { type: "button", class: "cl-quiz-next", onclick: () => send({ type: "next" }), text: w.next }));
    }
    controls.replaceChildren(...buttons);
    status.textContent = model.get("summary");

    const verdict = model.get("verdict");
    feedback.hidden = !verdict;
    feedback.className = `cl-quiz-feedback ${verdict ? "cl-quiz-" + verdict : ""}`;
    feedback.replaceChildren(...(verdict ? [
      el("strong", { class: "cl-quiz-verdict", text: (verdict === "correct" ? "✔ " : "✘ ") + w[verdict] }),
      el("p", { class: "cl-quiz-given", text: `${w["your answer"]} ${model.get("given_text")}` }),
      el("p", { class: "cl-quiz-answer", text: `${w["answer was"]} ${model.get("answer_text")}` }),
      el("p", { class: "cl-quiz-explanation", text: model.get("feedback") }),
    ] : []));
  };
  for (const name of ["phase", "kind", "number", "count", "score", "answered", "title", "prompt", "trick", "cards",
                      "seats", "choices", "picked", "verdict", "feedback", "given_text", "answer_text", "right",
                      "summary", "words"]) {
    model.on(`change:${name}`, draw);
  }
  draw();
  root.append(header, title, prompt, board, controls, status, feedback, messageBox(model), downloadBar(model));
  // After "Next question" keep the keyboard where it was: focus the first control of the new question
  model.on("change:number", () => {
    const first = root.querySelector(".cl-quiz-board button:not([disabled])");
    if (first && root.contains(document.activeElement)) first.focus();
  });
}

export default { render };
