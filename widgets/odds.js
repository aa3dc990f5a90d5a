// BidOddsExplorer: a hand (dealt or typed), the settings, a progress bar and one bar per bid with its 95%
// interval as a whisker. Every number is computed in Python; this file only draws them and reports clicks.
import { cardRow, el, messageBox, rootOf } from "./common.js";
/** @typedef {import("./payloads").CardView} CardView */
/** @typedef {import("./payloads").OddsRow} OddsRow */

function render({ model, el: root }) {
  rootOf(root, model, "odds");
  const w = () => model.get("words") || {};
  const send = (message) => model.send(message);

  const hand = el("div", { class: "cl-odds-hand" });
  const input = el("input", { type: "text", class: "cl-odds-input", spellcheck: "false", size: "34" });
  const inputWord = el("span");
  const inputLabel = el("label", { class: "cl-odds-label" }, inputWord, input);
  const typed = () => input.value.trim();
  input.addEventListener("keydown", (event) => {
    if (event.key === "Enter") send({ type: "compute", text: typed() });
  });
  const dealButton = el("button", { type: "button", class: "cl-odds-deal", onclick: () => send({ type: "deal" }) });
  const computeButton = el("button", {
    type: "button", class: "cl-odds-compute", onclick: () => send({ type: "compute", text: typed() }),
  });
  const samples = el("select", { class: "cl-odds-samples" });
  samples.addEventListener("change", () => { model.set("samples", Number(samples.value)); model.save_changes(); });
  const samplesWord = el("span");
  const samplesLabel = el("label", { class: "cl-odds-label" }, samplesWord, samples);
  const methods = el("div", { class: "cl-odds-methods", role: "radiogroup" });
  const methodButtons = {};
  for (const method of ["double_dummy", "bots"]) {
    methodButtons[method] = el("button", {
      type: "button", class: "cl-odds-method", "data-method": method, role: "radio",
      onclick: () => { model.set("method", method); model.save_changes(); },
    });
    methods.append(methodButtons[method]);
  }
  const bar = el("progress", { class: "cl-odds-progress", max: "1", value: "0" });
  const barText = el("span", { class: "cl-odds-progress-text", role: "status", "aria-live": "polite" });
  const caption = el("p", { class: "cl-caption" });
  const chart = el("div", { class: "cl-odds-chart" });

  const drawSettings = () => {
    const words = w();
    inputWord.textContent = words["type hand"];
    // named on the control itself too: a name only from the wrapping label was not found by assistive tech (axe)
    input.setAttribute("aria-label", words["type hand"] || "");
    dealButton.textContent = words.deal;
    computeButton.textContent = words.compute;
    samplesWord.textContent = words.samples;
    samples.setAttribute("aria-label", words.samples || "");
    const choices = [...new Set([...model.get("sample_choices"), model.get("samples")])].sort((a, b) => a - b);
    samples.replaceChildren(...choices.map((n) => el("option", { value: String(n), text: String(n) })));
    samples.value = String(model.get("samples"));
    for (const [method, button] of Object.entries(methodButtons)) {
      button.textContent = words[method === "double_dummy" ? "perfect" : "realistic"];
      const on = model.get("method") === method;
      button.setAttribute("aria-checked", on ? "true" : "false");
      button.classList.toggle("cl-odds-on", on);
    }
  };
  const drawHand = () => {
    /** @type {CardView[]} */
    const held = model.get("hand_cards");
    hand.replaceChildren(cardRow(held, { disabled: true }));
    if (document.activeElement !== input) input.value = model.get("hand_text");
  };
  const drawProgress = () => {
    bar.value = model.get("progress");
    bar.hidden = !model.get("progress_text");
    barText.textContent = model.get("progress_text");
    computeButton.disabled = model.get("computing");
    root.classList.toggle("cl-odds-busy", model.get("computing"));
  };
  const pct = (x) => `${(x * 100).toFixed(1)}%`;
  const drawChart = () => {
    const words = w();
    caption.textContent = model.get("caption");
    /** @type {OddsRow[]} */
    const rows = model.get("rows");
    if (!rows.length) { chart.replaceChildren(); return; }
    const table = el("table", { class: "cl-odds-table" });
    table.append(el("caption", { text: words["odds of"] }));
    table.append(el("tr", {},
      el("th", { scope: "col", text: "" }), el("th", { scope: "col", text: words["makes it"] }),
      el("th", { scope: "col", text: words.interval }), el("th", { scope: "col", text: words["points per hand"] }),
      el("th", { scope: "col", text: words["played as"] })));
    for (const row of rows) {
      const track = el("div", { class: "cl-odds-track", "aria-hidden": "true" },
        el("div", { class: "cl-odds-fill", style: `width:${pct(row.probability)}` }),
        el("div", { class: "cl-odds-whisker", style: `left:${pct(row.low)};width:${pct(row.high - row.low)}` }));
      table.append(el("tr", { class: "cl-odds-row", "data-bid": row.bid },
        el("th", { scope: "row", class: "cl-odds-bid", text: row.label }),
        el("td", { class: "cl-odds-bar" }, track, el("span", { class: "cl-odds-value", text: row.text })),
        el("td", { class: "cl-odds-ci", text: row.interval }),
        el("td", { class: "cl-odds-points", text: row.expected }),
        el("td", { class: "cl-odds-how", text: row.how })));
    }
    chart.replaceChildren(table);
  };
  model.on("change:words", () => { drawSettings(); drawChart(); });
  for (const name of ["samples", "sample_choices", "method"]) model.on(`change:${name}`, drawSettings);
  for (const name of ["hand_cards", "hand_text"]) model.on(`change:${name}`, drawHand);
  for (const name of ["progress", "progress_text", "computing"]) model.on(`change:${name}`, drawProgress);
  for (const name of ["rows", "caption"]) model.on(`change:${name}`, drawChart);
  drawSettings(); drawHand(); drawProgress(); drawChart();

  root.append(
    hand,
    el("div", { class: "cl-odds-typing" }, inputLabel, input, dealButton),
    el("div", { class: "cl-odds-settings" }, samplesLabel, samples, methods, computeButton),
    el("div", { class: "cl-odds-progress-row" }, bar, barText),
    messageBox(model), caption, chart,
  );
}

export default { render };
