// SharedTable and Lobby: a class plays together on its own server. The page is the referee's client: it finds the
// referee at the server's own address (the same origin and login as JupyterLab), opens the table's websocket, and
// draws each frame the referee sends its seat (charlemagne_learn/referee/tables.py documents them). The kernel holds
// no card: Python gives only the room, the seat asked for, the language and the page's own words; the game's words
// (cards, actions, seats) come in each frame, in the page's language. A seat's table is the play table's own
// picture (table_picture.js), which the referee makes from the seat's view: a learner who practised at the play table
// finds the same four seats round the felt, the trick in the middle, the bids beside each seat, the cards moving.
import { el, rootOf } from "./common.js";
import { drawTable, moveCards, placesOf } from "./table_picture.js";

const SEATS = ["N", "E", "S", "W"];
const GRADES = ["best", "good", "inaccuracy", "mistake", "blunder"];

function pageConfig() {
  try {
    return JSON.parse(document.getElementById("jupyter-config-data")?.textContent || "{}");
  } catch {
    return {};  // a page with no JupyterLab config (a page of its own): the server's root
  }
}

// Where the referee is: the server's base URL from JupyterLab's page config; under JupyterHub, the hub's
// charlemagne service (its prefix is the hub's with hub/ replaced), which serves the same paths below it.
function refereeBase() {
  const config = pageConfig();
  // under JupyterHub the referee is the hub's service, whose prefix stands where the server's `charlemagne/` does
  if (config.hubPrefix) return config.hubPrefix.replace(/hub\/?$/, "services/charlemagne/");
  const base = config.baseUrl || "/";
  return `${base.endsWith("/") ? base : `${base}/`}charlemagne/`;
}

function cookie(text, name) {
  const found = text.split("; ").find((c) => c.startsWith(`${name}=`));
  return found ? decodeURIComponent(found.slice(name.length + 1)) : "";
}

// Under JupyterHub the service knows a person by a cookie of its own, which the hub's login gives only to a page
// the browser goes to (a fetch of the service's is refused it without the service's XSRF token, and that token's
// cookie is set on a page gone to, on the service's path). So the page goes once to the lobby in a hidden frame,
// through the hub's login: the table's socket then has the service's cookie, and the lobby's fetches send the token
// read in that frame (the same origin) as they go, the cookie's value then. One sign-in for the whole page, kept on
// the window: each widget's module may be loaded apart, and two logins at once would each set a token of their own.
const SIGN_IN = Symbol.for("charlemagne_learn.shared.sign_in");

// The service's XSRF token as its cookie holds it now ("" with no hub, or before a sign-in that failed: asked again
// the next time).
function signIn() {
  if (!pageConfig().hubPrefix) return Promise.resolve(() => "");
  globalThis[SIGN_IN] ??= { frame: null, done: null };
  const kept = globalThis[SIGN_IN];
  kept.done ??= new Promise((resolve) => {
    const frame = document.createElement("iframe");
    kept.frame = frame;
    frame.hidden = true;
    frame.setAttribute("aria-hidden", "true");
    frame.tabIndex = -1;
    const token = () => {
      try {
        return cookie(frame.contentDocument?.cookie || "", "_xsrf");
      } catch {
        return "";  // not the service's page (a login refused elsewhere)
      }
    };
    frame.onload = () => {
      if (!token()) signOut();
      resolve(token);
    };
    frame.src = `${refereeBase()}tables`;
    document.body.append(frame);
  });
  return kept.done;
}

// The sign-in forgotten (it failed, or the service refuses the page's socket again and again): the next signs in anew.
function signOut() {
  const kept = globalThis[SIGN_IN];
  if (!kept) return;
  kept.frame?.remove();
  kept.frame = kept.done = null;
}

// A catalog's sentence with its {fields} filled in (the words are Python's, the numbers the frame's).
function fill(template, fields) {
  return (template || "").replace(/\{(\w+)\}/g, (whole, name) => (name in fields ? String(fields[name]) : whole));
}

function xsrfToken() {
  return cookie(document.cookie, "_xsrf");
}

function gradeChip(words, grade) {
  return el("span", { class: `cl-grade cl-grade-${GRADES.includes(grade) ? grade : "good"}`, text: words[`grade_${grade}`] || grade });
}

// One table's socket and its drawing. `seat`: the seat to take ("" to choose on the page); `host`: the page of the
// lobby, which offers Start and Watch; `first`: a frame to send once joined (the lobby's Start or Watch).
function tableView(model, room, { seat = "", host = false, first = null } = {}) {
  const w = () => model.get("words") || {};
  const box = el("section", { class: "cl-shared-table", "data-room": room });
  const heading = el("h4", { class: "cl-shared-title" });
  const status = el("p", { class: "cl-status cl-shared-status", role: "status", "aria-live": "polite" });
  const players = el("ul", { class: "cl-shared-players" });
  const board = el("div", { class: "cl-shared-board" });
  const controls = el("div", { class: "cl-controls" });
  const gradeBox = el("div", { class: "cl-last-grade", "aria-live": "polite" });
  const panel = el("div", { class: "cl-shared-panel", "aria-live": "polite" });
  const error = el("p", { class: "cl-message", role: "alert", hidden: true });
  box.append(heading, status, players, board, controls, error, gradeBox, panel);
  let socket = null;
  let last = null;
  let retry = 0;
  let ended = false;
  let mine = seat;
  const send = (frame) => {
    if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(frame));
  };
  const connect = async () => {
    await signIn();
    if (ended) return;
    const url = new URL(`${refereeBase()}tables/${encodeURIComponent(room)}/ws`, window.location.href);
    url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
    url.searchParams.set("lang", model.get("lang"));
    socket = new WebSocket(url);
    socket.onopen = () => {
      retry = 0;
      if (mine) send({ type: "sit", seat: mine });
      if (first) {
        if (first.type === "watch") box.dataset.watching = "yes";
        send(first);
        first = null;
      } else if (box.dataset.watching) send({ type: "watch" });
    };
    socket.onmessage = (event) => onFrame(JSON.parse(event.data));
    // the socket dropped (a server restart, a network hiccup, the table not open yet): joined again, later and later
    socket.onclose = (event) => {
      if (ended || event.code === 4429) return;
      if (!event.wasClean && retry > 1) signOut();  // refused again and again: the hub's login may be gone
      status.textContent = w().reconnecting;
      setTimeout(connect, Math.min(8000, 400 * 2 ** retry++));
    };
  };
  const act = (action, move) => { error.hidden = true; send({ type: "act", action, move }); };
  const button = (cls, text, onclick) => el("button", { type: "button", class: cls, onclick }, text);

  // Who plays a seat, in words: a person's name or the bot, and whether they are away or at this page.
  const playerOf = (p, s, frame, wd) => {
    const marks = [p.bot && p.name ? wd.bot : "", p.away ? wd.away : "", frame.seat === s ? wd.you : ""].filter(Boolean);
    return (p.name || (p.bot ? wd.bot : wd.free)) + (marks.length ? ` (${marks.join(", ")})` : "");
  };

  // Before the game (or at no seat): the four seats as a list, who sits where.
  const playersOf = (frame, wd) => {
    players.setAttribute("aria-label", wd.seat_group);
    players.replaceChildren(...SEATS.map((s) => {
      const turn = frame.to_move === s;
      return el("li", { class: `cl-shared-player${turn ? " cl-to-move" : ""}`, "data-seat": s, "aria-current": turn ? "true" : undefined },
        el("strong", { text: `${wd[s] || s} ` }), playerOf(frame.players[s], s, frame, wd));
    }));
  };

  // The referee's picture as drawTable draws it (its labels with it, in the page's language): each seat's player
  // from the frame.
  const pictureOf = (frame, wd) => ({
    ...frame.picture,
    seats: frame.picture.seats.map((s) => ({ ...s, player: playerOf(frame.players[s.seat], s.seat, frame, wd) })),
  });

  // The picture drawn in place of the last, its new cards moving to the trick from where they were.
  const drawPicture = (frame, wd, onCard = null) => {
    players.hidden = true;
    const picture = pictureOf(frame, wd);
    const before = placesOf(board);
    board.replaceChildren(drawTable(picture, { onCard }));
    moveCards(before, board, picture);
  };

  const drawView = (frame) => {
    const words = frame.words;
    const wd = w();
    const turn = frame.to_act ? wd.your_turn : frame.to_move ? fill(wd.waiting, { seat: wd[frame.to_move] }) : "";
    status.textContent = [fill(wd.hand_number, { n: frame.number }), fill(wd.scores, { ns: frame.scores.NS, ew: frame.scores.EW }), turn]
      .filter(Boolean).join(" · ");
    const plays = frame.plays || {};
    const focused = box.contains(document.activeElement) && document.activeElement.matches(".cl-card, .cl-action");
    drawPicture(frame, wd, (card) => { if (plays[card.id]) act(plays[card.id], frame.move); });
    // only the cards this seat may put down now take a click (a card of another action is a button below)
    for (const card of board.querySelectorAll(`.cl-seat[data-seat="${frame.seat}"] .cl-card`)) card.disabled = !(card.dataset.card in plays);
    if (frame.game_over) board.append(el("p", { class: "cl-winner", text: wd.game_over }));
    const others = frame.legal.filter((a) => !Object.values(plays).includes(a));
    const choices = others.map((a) => button(`cl-action cl-action-${a.split(" ")[0]}`, words.actions[a] || a, () => act(a, frame.move)));
    for (const [i, b] of choices.entries()) b.dataset.action = others[i];
    const row = [];
    if (choices.length) row.push(el("div", { class: "cl-actions", role: "group", "aria-label": wd.actions }, ...choices));
    if (frame.to_act) row.push(button("cl-hint-button", wd.hint, () => send({ type: "hint" })));
    if (frame.reviewing) {
      row.push(button("cl-action cl-shared-review", wd.review, () => send({ type: "review" })));
      if (!frame.game_over) row.push(button("cl-next-hand", wd.next, () => send({ type: "next" })));
    }
    controls.replaceChildren(...row);
    // the keyboard stays at the table: on the next card this seat may play, or its first choice
    if (focused) (board.querySelector(`.cl-seat[data-seat="${frame.seat}"] .cl-card:not(:disabled)`) || controls.querySelector("button"))?.focus();
  };

  const drawWatch = (frame) => {
    const wd = w();
    status.textContent = [fill(wd.hand_number, { n: frame.number }), wd.watching, fill(wd.scores, { ns: frame.scores.NS, ew: frame.scores.EW })].join(" · ");
    drawPicture(frame, wd);
    controls.replaceChildren();
  };

  const drawSeats = (frame) => {
    const wd = w();
    players.hidden = false;
    playersOf(frame, wd);
    status.textContent = frame.scores ? fill(wd.scores, { ns: frame.scores.NS, ew: frame.scores.EW }) : "";
    const row = [];
    if (!mine && frame.free.length && !box.dataset.watching) {
      row.push(el("span", { text: wd.sit }), ...frame.free.map((s) => button("cl-action cl-shared-sit", wd[s], () => {
        mine = s;
        send({ type: "sit", seat: s });
      })));
    }
    if (host && !frame.started) row.push(button("cl-next-hand cl-shared-start", wd.start, () => send({ type: "start" })));
    if (host && frame.started) {
      row.push(button("cl-action cl-shared-watch", wd.watch, () => {
        box.dataset.watching = "yes";
        send({ type: "watch" });
      }));
    }
    board.replaceChildren();
    controls.replaceChildren(...row);
  };

  const onFrame = (frame) => {
    if (frame.type === "error") {
      error.textContent = frame.text;
      error.hidden = false;
      // a seat picked on the page and refused (taken meanwhile): the free seats are offered again
      if (last?.type === "table" && mine !== seat) {
        mine = seat;
        drawSeats(last);
      }
      return;
    }
    if (frame.type === "grade") {
      gradeBox.replaceChildren(el("p", {}, el("span", { text: `${frame.said || frame.action} ` }), gradeChip(w(), frame.grade),
        el("span", { class: "cl-caption", text: ` ${frame.reason}` })));
      return;
    }
    if (frame.type === "hint" || frame.type === "note") {
      panel.replaceChildren(frame.type === "note" ? el("p", { text: frame.text }) : el("ol", { class: "cl-hint-list" },
        ...frame.choices.map((c) => el("li", {}, el("strong", { text: c.said || (c.discards || []).join(" ") }), " ",
          gradeChip(w(), c.grade), el("span", { class: "cl-caption", text: ` ${c.reason}` })))));
      return;
    }
    if (frame.type === "review") {
      panel.replaceChildren(el("h5", { text: w().review_title }), el("ol", { class: "cl-review-list" },
        ...frame.lines.map((l) => el("li", {}, `${l.when} · ${l.action} `, gradeChip(w(), l.grade),
          l.grade === "best" ? "" : ` ${fill(w().best, { best: l.best })}`, el("p", { class: "cl-caption", text: l.reason })))));
      return;
    }
    if (!["view", "watch", "table"].includes(frame.type)) return;  // a move: its new view follows
    if (frame.type === "view" && (!last || last.number !== frame.number || last.move !== frame.move)) {
      panel.replaceChildren();  // a hint is for the move it was asked at
      error.hidden = true;
    }
    if (frame.type === "view" && last?.number !== frame.number) gradeBox.replaceChildren();
    last = frame;
    box.dataset.kind = frame.type;
    box.dataset.move = frame.move ?? "";
    box.dataset.number = frame.number ?? "";
    box.dataset.seat = frame.seat || "";
    box.dataset.toAct = frame.to_act ? "yes" : "";
    if (frame.type === "view") drawView(frame);
    else if (frame.type === "watch") drawWatch(frame);
    else drawSeats(frame);
  };
  const redraw = () => {
    heading.textContent = fill(w().title, { room });
    if (last) onFrame(last);
    else status.textContent = w().connecting;
  };
  model.on("change:words", redraw);
  redraw();
  connect();
  return { box, close: () => { ended = true; socket?.close(); } };
}

// The lobby: the tables open (GET), a table opened (POST, with the server's XSRF cookie as its header), each
// table's free seats, and for its host Start and Watch (the table drawn under the list).
function lobby(model, root) {
  const w = () => model.get("words") || {};
  const url = () => `${refereeBase()}tables`;
  // the hub's service's XSRF token: its cookie is set on the service's own path, out of this page's reach
  let served = "";
  const heading = el("h4");
  const list = el("ul", { class: "cl-shared-tables" });
  const input = el("input", { type: "text", class: "cl-shared-name", maxlength: "40", autocomplete: "off" });
  const label = el("label", { class: "cl-shared-name-label" }, el("span"), input);
  const error = el("p", { class: "cl-message", role: "alert", hidden: true });
  const shown = el("div", { class: "cl-shared-hosted" });
  let hosted = null;
  const host = (name, first = null) => {
    hosted?.close();
    hosted = tableView(model, name, { host: true, first });
    shown.replaceChildren(hosted.box);
  };
  const load = async () => {
    const token = (await signIn())() || served;
    const answer = await fetch(url(), { credentials: "same-origin", headers: token ? { "X-XSRFToken": token } : {} });
    served = answer.headers.get("X-XSRFToken") || served;
    const tables = answer.ok ? (await answer.json()).tables : [];
    const wd = w();
    list.replaceChildren(...(tables.length ? tables.map((t) => el("li", { "data-room": t.table },
      el("strong", { text: t.table }), " · ", t.started ? wd.lobby_started : fill(wd.lobby_free, { seats: t.free.map((s) => wd[s]).join(", ") || "-" }), " ",
      el("button", { type: "button", class: "cl-action cl-shared-host", onclick: () => host(t.table, { type: t.started ? "watch" : "start" }) },
        t.started ? wd.watch : wd.start))) : [el("li", { text: wd.lobby_none })]));
  };
  const open = async () => {
    error.hidden = true;
    const token = (await signIn())() || served || xsrfToken();
    const answer = await fetch(url(), {
      method: "POST", credentials: "same-origin",
      headers: { "Content-Type": "application/json", "X-XSRFToken": token },
      body: JSON.stringify({ name: input.value.trim() }),
    });
    const body = await answer.json().catch(() => ({}));
    if (!answer.ok) {
      error.textContent = body.error || String(answer.status);
      error.hidden = false;
      return;
    }
    await load();
    host(body.table);
  };
  input.addEventListener("keydown", (event) => { if (event.key === "Enter") open(); });
  const openButton = el("button", { type: "button", class: "cl-next-hand cl-shared-open", onclick: open });
  const refresh = el("button", { type: "button", class: "cl-action cl-shared-refresh", onclick: load });
  const draw = () => {
    const wd = w();
    heading.textContent = wd.lobby_title;
    label.firstChild.textContent = `${wd.lobby_name} `;
    input.setAttribute("aria-label", wd.lobby_name || "");
    openButton.textContent = wd.lobby_open;
    refresh.textContent = wd.lobby_refresh;
    load();
  };
  model.on("change:words", draw);
  draw();
  root.append(heading, list, el("div", { class: "cl-controls" }, label, openButton, refresh), error, shown);
  return () => hosted?.close();
}

function render({ model, el: root }) {
  rootOf(root, model, "shared");
  // the view removed (the cell cleared or run again): its socket closes, and no reconnection is tried
  if (model.get("lobby")) return lobby(model, root);
  const view = tableView(model, model.get("room"), { seat: model.get("seat") });
  root.append(view.box);
  return () => view.close();
}

export default { render };
