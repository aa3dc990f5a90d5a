// PlayTable: the table from the learner's seat (drawTable from table_picture.js), the learner's choices as buttons,
// a Hint button, the grade of the last move and the review after each hand. Clicks go to Python, which
// asks the engine; the bots' moves come back as a new picture.
import { downloadBar, el, messageBox, rootOf } from "./common.js";
import { drawTable, moveCards, placesOf } from "./table_picture.js";
import { typerPanel } from "./typer_panel.js";
/** @typedef {import("./payloads").ActionButton} ActionButton */
/** @typedef {import("./payloads").GradeLine} GradeLine */
/** @typedef {import("./payloads").HandReview} HandReview */
/** @typedef {import("./payloads").HintPanel} HintPanel */
/** @typedef {import("./payloads").PassScreen} PassScreen */
/** @typedef {import("./payloads").ReplayInfo} ReplayInfo */
/** @typedef {import("./payloads").StoryStep} StoryStep */
/** @typedef {import("./payloads").TablePicture} TablePicture */

// details: the deals and the intervals behind the grade, shown when the learner points at it
function gradeChip(grade, text, details = "") {
  return el("span", { class: `cl-grade cl-grade-${grade}`, text, title: details || undefined });
}

/** @param {HintPanel} hint */
function hintPanel(hint) {
  const box = el("section", { class: "cl-hint-panel", "aria-live": "polite" });
  if (hint.note) box.append(el("p", { text: hint.note }));
  if (hint.choices) {
    box.append(el("p", { text: hint.title }));
    const list = el("ol", { class: "cl-hint-list" });
    for (const c of hint.choices) {
      list.append(el("li", { "data-action": c.id }, el("strong", { text: c.text }), " ", gradeChip(c.grade, c.grade_word, c.details),
        el("span", { class: "cl-hint-points", text: ` ${c.points} ` }), el("span", { class: "cl-caption", text: c.reason })));
    }
    box.append(list);
  }
  box.hidden = !hint.note && !hint.choices;
  return box;
}

/** @param {HandReview} review */
function reviewPanel(review, onNext) {
  const box = el("section", { class: "cl-review-panel", "aria-label": review.title }, el("h4", { text: review.title }));
  if (review.lines.length) {
    // a decision a block: where it fell, the choice and its grade (and the better one) on a line, the reason under
    // them at the panel's whole width, so it reads at any notebook width
    const heads = review.heads;
    const list = el("ol", { class: "cl-review-list" });
    for (const line of review.lines) {
      const head = el("p", { class: "cl-review-head" },
        el("span", { class: "cl-review-when", text: line.when }), " ",
        el("span", { class: "cl-review-chose", "aria-label": heads.chose, text: line.phase ? `${line.phase}${heads.colon}${line.action}` : line.action }), " ",
        gradeChip(line.grade, line.grade_word));
      if (line.best) head.append(" ", el("span", { class: "cl-review-better", text: `${heads.better}${heads.colon}${line.best}` }));
      list.append(el("li", { class: "cl-review-item" }, head, el("p", { class: "cl-review-why", text: line.reason })));
    }
    box.append(list);
  } else {
    box.append(el("p", { text: review.empty }));
  }
  box.append(el("p", { class: "cl-result", text: review.result }),
    el("p", { class: "cl-points", text: review.hand_points }), el("p", { class: "cl-points", text: review.game_points }));
  if (review.log && review.log.length > 1) {  // the game so far, once there is more than this hand
    box.append(el("h4", { text: review.log_title }), el("ol", { class: "cl-log" },
      ...review.log.map((line) => el("li", { text: line }))));
  }
  if (review.winner) box.append(el("p", { class: "cl-winner", text: review.winner }));
  if (review.next) box.append(el("button", { type: "button", class: "cl-next-hand", onclick: onNext }, review.next));
  return box;
}

// Between two people's turns at one screen: every hand is hidden until the next person says they are ready.
// No grade here: the next person reads this screen, and each person's grades wait for the review after the hand.
/** @param {PassScreen} screen */
function passScreen(screen, onReady) {
  const box = el("section", { class: "cl-pass-screen", role: "region", "aria-label": screen.title, "data-to": screen.to },
    el("h4", { text: screen.title }), el("p", { text: screen.text }));
  box.append(el("button", { type: "button", class: "cl-ready", onclick: onReady }, screen.ready));
  return box;
}

// The bots' part of the hand, told a step at a time: where the story is, Continue and Skip, and the pace. At a pace
// other than "step" the page asks for the next step itself after a while; the words and the pictures are Python's,
// the wait decides only when the next one shows, and every line told stays in the list under the table.
const PACE_MS = { slow: 1600, normal: 800, fast: 350 };

/** @param {StoryStep} story */
function storyPanel(story, send, setPace) {
  const select = el("select", { class: "cl-pace", "aria-label": story.words.pace,
    onchange: (event) => setPace(event.target.value) });
  for (const p of story.paces) select.append(el("option", { value: p.id, text: p.text, selected: p.id === story.pace }));
  return el("div", { class: "cl-story", role: "group", "aria-label": story.step },
    el("span", { class: "cl-story-step", text: story.step }),
    el("button", { type: "button", class: "cl-continue", onclick: () => send("continue") }, story.words.continue),
    el("button", { type: "button", class: "cl-skip", onclick: () => send("skip") }, story.words.skip),
    el("label", { class: "cl-pace-label" }, el("span", { text: `${story.words.pace} ` }), select));
}

// Every line of the story so far, the newest last (and marked while the story runs): what the others did since the
// learner's own move, left to read at the learner's turn.
/** @param {string[]} lines */
function toldList(lines, telling) {
  const list = el("ol", { class: "cl-told" });
  lines.forEach((line, i) => {
    const current = telling && i === lines.length - 1;
    list.append(el("li", { class: current ? "cl-told-now" : "", "aria-current": current ? "step" : undefined, text: line }));
  });
  return list;
}

// After a hand: step through it again, every hand face up, the learner's grades on their own moves.
/** @param {ReplayInfo} info */
function replayBar(info, setStep) {
  const at = info.step;
  const slider = el("input", { type: "range", min: "0", max: String(info.steps), value: String(at),
    class: "cl-replay-slider", "aria-label": info.words.title, "aria-valuetext": info.where,
    onchange: (event) => setStep(Number(event.target.value)),
    // the arrow keys, Home and End move the replay at once (a drag waits for its change)
    onkeyup: (event) => { if (Number(event.target.value) !== at) setStep(Number(event.target.value)); } });
  const line = el("p", { class: "cl-replay-line", "aria-live": "polite" }, info.line);
  if (info.grade) line.append(" ", gradeChip(info.grade, info.grade_text));
  return el("section", { class: "cl-replay", "aria-label": info.words.title },
    el("h4", { text: info.words.title }),
    el("div", { class: "cl-replay-controls" },
      el("button", { type: "button", class: "cl-replay-back", "aria-label": info.words.back, title: info.words.back,
        disabled: at <= 0, onclick: () => setStep(at - 1) }, "◀"),
      slider,
      el("button", { type: "button", class: "cl-replay-forward", "aria-label": info.words.forward,
        title: info.words.forward, disabled: at >= info.steps, onclick: () => setStep(at + 1) }, "▶"),
      el("span", { class: "cl-replay-where", text: info.where })),
    line);
}

function render({ model, el: root }) {
  rootOf(root, model, "playtable");
  const status = el("div", { class: "cl-status" });
  const picture = el("div");
  const prompt = el("p", { class: "cl-prompt", "aria-live": "polite" });
  const actions = el("div", { class: "cl-actions", role: "group" });
  const hintButton = el("button", { type: "button", class: "cl-hint-button", onclick: () => model.send({ type: "hint" }) });
  const hint = el("div");
  const grade = el("div", { class: "cl-last-grade", "aria-live": "polite" });
  const review = el("div");
  const passing = el("div");
  const storyBox = el("div");
  const toldBox = el("div");
  const replayBox = el("div");
  const typerBox = el("div");
  const setReplay = (step) => { model.set("replay", step); model.save_changes(); };
  let storyTimer = null;
  const onCard = (card) => model.send({ type: "card", card: card.id });
  const setPace = (pace) => { model.set("pace", pace); model.save_changes(); };
  // not on the first drawing: a widget appearing in a notebook must not take the keyboard from the cells
  let wasPassing = true;
  let shownOnce = false;
  const draw = () => {
    const screen = model.get("screen") || {};
    passing.replaceChildren(screen.title ? passScreen(screen, () => model.send({ type: "ready" })) : "");
    // the button takes the keyboard when the screen goes up, so the next player can press Enter
    if (screen.title && !wasPassing) queueMicrotask(() => passing.querySelector(".cl-ready")?.focus());
    wasPassing = Boolean(screen.title);
    status.textContent = model.get("status");
    // typing a hand in by keyboard: the card or button just pressed is about to be replaced
    const typing = picture.contains(document.activeElement) || actions.contains(document.activeElement);
    const before = placesOf(picture);
    /** @type {TablePicture} */
    const drawn = model.get("picture");
    picture.replaceChildren(drawTable(drawn, { onCard }));
    moveCards(before, picture, drawn);
    // a hand typer (HandTyper): its panel over the table, the table hidden while the cards are dealt by clicks, and
    // only the legal cards of the seat to move to click; the keyboard kept where it was in the panel
    const typer = model.get("typer") || {};
    const within = typerBox.contains(document.activeElement) ? document.activeElement : null;
    const deckAt = within ? [...typerBox.querySelectorAll(".cl-typer-deck .cl-card")].indexOf(within) : -1;
    const focusClass = within ? within.className.split(" ")[0] : "";
    typerBox.replaceChildren(typer.title ? typerPanel(typer, (type, value = "") => model.send({ type, value })) : "");
    if (deckAt >= 0) {
      const deck = typerBox.querySelectorAll(".cl-typer-deck .cl-card");
      deck[Math.min(deckAt, deck.length - 1)]?.focus();
    } else if (focusClass) typerBox.querySelector(`.${focusClass}`)?.focus();
    picture.hidden = typer.stage === "deal";
    root.classList.toggle("cl-typed", typer.stage === "play");
    if (typer.stage === "play") for (const card of picture.querySelectorAll(".cl-to-move .cl-illegal")) card.disabled = true;
    prompt.textContent = model.get("prompt");
    /** @type {ActionButton[]} */
    const choices = model.get("actions");
    actions.replaceChildren(...choices.map((a) => el("button", {
      type: "button", class: `cl-action cl-action-${a.kind}`, "data-action": a.id,
      onclick: () => model.send({ type: "action", action: a.id }),
    }, a.text)));
    // the keyboard goes on to the next seat's first card it may play (or its first button: a bid, a suit)
    if (typing && typer.stage === "play") {
      (picture.querySelector(".cl-to-move .cl-card:not(:disabled)") || actions.querySelector("button"))?.focus();
    }
    const story = model.get("story") || {};
    clearTimeout(storyTimer);
    const telling = Boolean(story.line);
    // the keyboard was on the table (on a card or button the story just replaced, or on Continue itself)
    const ours = root.contains(document.activeElement) || document.activeElement === document.body;
    storyBox.replaceChildren(telling ? storyPanel(story, (type) => model.send({ type }), setPace) : "");
    /** @type {string[]} */
    const told = model.get("told") || [];
    toldBox.replaceChildren(told.length ? toldList(told, telling) : "");
    if (telling && PACE_MS[story.pace]) storyTimer = setTimeout(() => model.send({ type: "continue" }), PACE_MS[story.pace]);
    // at a click a step, Continue takes the keyboard when the story starts and keeps it from one step to the next
    if (telling && story.pace === "step" && shownOnce && ours) queueMicrotask(() => storyBox.querySelector(".cl-continue")?.focus());
    hintButton.textContent = model.get("words").hint || "";
    hintButton.hidden = !model.get("hints") || Boolean(screen.title) || telling;
    hint.replaceChildren(hintPanel(model.get("hint")));
    /** @type {GradeLine} */
    const g = model.get("grade");
    grade.replaceChildren();
    if (g.text) grade.append(el("p", {}, gradeChip(g.grade, g.text, g.details), el("span", { class: "cl-caption", text: ` ${g.reason}` })));
    // after a worse card: the line that punishes it on one graded deal, folded until the learner asks why
    if (g.lines) {
      const lines = g.lines.map((l) => el("p", { class: l.trick ? "cl-why-trick" : "", text: l.text }));
      grade.append(el("details", { class: "cl-why" }, el("summary", { text: g.why }), el("div", { class: "cl-why-line" }, ...lines)));
    }
    grade.hidden = !g.text;
    const r = model.get("review");
    review.replaceChildren(r.title ? reviewPanel(r, () => model.send({ type: "next" })) : "");
    // the replay keeps the keyboard on the control that moved it
    const info = model.get("replay_info") || {};
    const focused = replayBox.contains(document.activeElement) ? document.activeElement.className : "";
    replayBox.replaceChildren(r.title && info.words ? replayBar(info, setReplay) : "");
    if (focused) replayBox.querySelector(`.${focused.split(" ")[0]}`)?.focus();
    shownOnce = true;
  };
  // One kernel answer changes several traits: draw once for all of them.
  let pending = false;
  const schedule = () => {
    if (pending) return;
    pending = true;
    queueMicrotask(() => { pending = false; draw(); });
  };
  for (const name of ["status", "picture", "prompt", "actions", "hint", "grade", "review", "hints", "words", "screen", "story", "told", "replay_info", "typer"]) {
    model.on(`change:${name}`, schedule);
  }
  draw();
  root.append(status, typerBox, passing, picture, el("div", { class: "cl-controls" }, prompt, actions, hintButton), storyBox, toldBox,
    messageBox(model), grade, hint,
    review, replayBox, downloadBar(model));
  // the kernel may now work out the grade of the decision on show while the learner thinks about it
  model.send({ type: "shown" });
}

export default { render };
