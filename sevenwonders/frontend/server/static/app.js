// The sevenwonders browser client: plain JavaScript, no build step, no outside files.
// Everything shown comes from the server's seat payloads (the seat's own view, its choices and
// its visible events); tokens stay in this browser's localStorage.
"use strict";

// ------------------------------------------------------------------ small helpers

function h(tag, props, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(props || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") el.className = value;
    else if (key.startsWith("on")) el.addEventListener(key.slice(2), value);
    else if (key === "dataset") Object.assign(el.dataset, value);
    else el.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

const app = () => document.getElementById("app");
const words = (text) => String(text).replaceAll("_", " ");
const roman = (n) => ["", "I", "II", "III"][n] || String(n);
const seatList = (seats) => seats.map((s) => `seat ${s}`).join(", ");

function toast(text, kind) {
  const el = document.getElementById("toast");
  el.textContent = text;
  el.className = "toast " + (kind || "");
  el.hidden = false;
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => { el.hidden = true; }, 5000);
}

function setStatus(text, kind) {
  const el = document.getElementById("status");
  el.textContent = text || "";
  el.className = "status " + (kind || "");
}

function setConn(state) {
  const el = document.getElementById("conn");
  el.className = "conn " + state;
  el.title = { live: "live: updates are pushed", off: "reconnecting…", "": "" }[state] || "";
}

class ApiError extends Error {
  constructor(status, reason, message) {
    super(message);
    this.status = status;
    this.reason = reason;
  }
}

async function api(method, path, body, token) {
  const headers = {};
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers["Authorization"] = "Bearer " + token;
  const response = await fetch(path, {
    method, headers, body: body === undefined ? undefined : JSON.stringify(body),
  });
  let data = null;
  try { data = await response.json(); } catch (e) { data = null; }
  if (!response.ok) {
    const error = (data && data.error) || {};
    throw new ApiError(response.status, error.reason || "error",
                       error.message || response.statusText);
  }
  return data;
}

// ------------------------------------------------------------------ seats kept in this browser

const SEATS_KEY = "sevenwonders.seats";

const seats = {
  all() {
    try { return JSON.parse(localStorage.getItem(SEATS_KEY)) || {}; } catch (e) { return {}; }
  },
  save(all) { localStorage.setItem(SEATS_KEY, JSON.stringify(all)); },
  get(table, seat) { const s = this.all()[`${table}/${seat}`]; return s ? s.token : null; },
  put(table, seat, token, game, invite) {
    const all = this.all();
    all[`${table}/${seat}`] = { table, seat: Number(seat), token, game, added: Date.now(),
                                invite: Boolean(invite) };
    this.save(all);
  },
  forget(table, seat) { const all = this.all(); delete all[`${table}/${seat}`]; this.save(all); },
  ofTable(table) { return Object.values(this.all()).filter((s) => s.table === table && !s.replaced); },
};

function inviteLink(table, seat, token) {
  return `${location.origin}${location.pathname}#/join/${table}/${seat}/${token}`;
}

// ------------------------------------------------------------------ routing

let current = null;  // the open table page, closed on navigation

function route() {
  if (current) { current.close(); current = null; }
  setStatus("");
  setConn("");
  const parts = location.hash.replace(/^#\/?/, "").split("/").map(decodeURIComponent);
  if (parts[0] === "join" && parts.length === 4) {
    joinLink(parts[1], parts[2], parts[3]);
    return;
  }
  if (parts[0] === "replay" && parts.length === 2) {
    current = new ReplayPage(parts[1]);
    current.open();
    return;
  }
  if (parts[0] === "t" && parts.length === 3) {
    current = new TablePage(parts[1], Number(parts[2]));
    current.open();
    return;
  }
  renderLobby();
}

window.addEventListener("hashchange", route);
window.addEventListener("DOMContentLoaded", route);

// ------------------------------------------------------------------ lobby

const GAME_CHOICES = [
  { id: "base", label: "7 Wonders (2nd edition)", game: "base", min: 3, max: 7,
    options: {}, sides: ["day", "night", "random"] },
  { id: "edifice", label: "7 Wonders + Edifice", game: "base", min: 3, max: 7,
    options: { expansions: ["edifice"] }, sides: ["day", "night", "random"] },
  { id: "first", label: "7 Wonders (1st edition)", game: "base", min: 3, max: 7,
    options: { edition: "1st" }, sides: ["a", "b", "ab"] },
  { id: "architects", label: "7 Wonders Architects", game: "architects", min: 2, max: 7,
    options: {} },
  { id: "dice", label: "7 Wonders Dice", game: "dice", min: 2, max: 7, options: {} },
];
const BOT_NAMES = ["random", "greedy", "ismcts", "learned"];

function renderLobby() {
  const root = app();
  root.replaceChildren();
  root.className = "lobby";
  delete root.dataset.step;
  const form = h("form", { class: "panel create", id: "create-form" });
  const gameSelect = h("select", { id: "game", name: "game" },
    GAME_CHOICES.map((g) => h("option", { value: g.id }, g.label)));
  const players = h("input", { id: "players", type: "number", min: 3, max: 7, value: 3 });
  const sides = h("select", { id: "sides" });
  const seatsBox = h("div", { class: "seat-rows", id: "seat-rows" });
  const clock = h("select", { id: "clock-seconds" },
    [["", "off (wait for everyone)"], ["30", "30 s per decision"], ["60", "1 min per decision"],
     ["120", "2 min per decision"], ["300", "5 min per decision"]].map(([v, t]) => h("option", { value: v }, t)));

  function choice() { return GAME_CHOICES.find((g) => g.id === gameSelect.value); }
  function drawSeats() {
    const g = choice();
    players.min = g.min; players.max = g.max;
    let n = Math.max(g.min, Math.min(g.max, Number(players.value) || g.min));
    players.value = n;
    sides.replaceChildren(...(g.sides || []).map((s) => h("option", { value: s }, s)));
    sides.parentElement.hidden = !g.sides;
    const previous = [...seatsBox.querySelectorAll("select")].map((s) => s.value);
    seatsBox.replaceChildren();
    for (let seat = 0; seat < n; seat++) {
      const select = h("select", { id: `seat-${seat}`, "aria-label": `seat ${seat}` },
        seat === 0 ? h("option", { value: "me" }, "You") : null,
        h("option", { value: "person" }, "A person (invite link)"),
        BOT_NAMES.map((b) => h("option", { value: b }, `Bot: ${b}`)));
      select.value = previous[seat] || (seat === 0 ? "me" : "random");
      seatsBox.append(h("label", { class: "seat-row" }, h("span", {}, `Seat ${seat}`), select));
    }
  }
  gameSelect.addEventListener("change", drawSeats);
  players.addEventListener("change", drawSeats);

  form.append(
    h("h2", {}, "New table"),
    h("label", { class: "field" }, h("span", {}, "Game"), gameSelect),
    h("label", { class: "field" }, h("span", {}, "Players"), players),
    h("label", { class: "field" }, h("span", {}, "Wonder sides"), sides),
    h("div", { class: "field" }, h("span", {}, "Seats"), seatsBox),
    h("label", { class: "field" }, h("span", {}, "Turn clock"), clock),
    h("button", { type: "submit", class: "primary", id: "create" }, "Create table"),
  );
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const g = choice();
    const options = JSON.parse(JSON.stringify(g.options));
    if (g.sides) options.sides = sides.value;
    const bots = {};
    const people = [];
    seatsBox.querySelectorAll("select").forEach((select, seat) => {
      if (BOT_NAMES.includes(select.value)) bots[String(seat)] = select.value;
      else people.push([seat, select.value]);
    });
    try {
      const created = await api("POST", "/api/tables",
        { game: g.game, players: Number(players.value), options, bots,
          clock: clock.value ? { seconds: Number(clock.value), bot: "greedy" } : null });
      const mine = people.find(([, kind]) => kind === "me") || people[0];
      for (const [seat, token] of Object.entries(created.seats)) {
        seats.put(created.id, seat, token, g.label, !mine || Number(seat) !== mine[0]);
      }
      location.hash = mine ? `#/t/${created.id}/${mine[0]}` : "#/";
      if (!mine) toast(`Table ${created.id} created; bots play every seat.`);
    } catch (error) {
      toast(error.message, "bad");
    }
  });

  const mine = h("section", { class: "panel mine" }, h("h2", {}, "Your seats"));
  const list = Object.values(seats.all()).filter((s) => !s.replaced).sort((a, b) => b.added - a.added);
  if (!list.length) mine.append(h("p", { class: "muted" }, "No seats yet: create a table or open an invite link."));
  const ul = h("ul", { class: "seat-list" });
  for (const s of list.slice(0, 30)) {
    const state = h("span", { class: "muted" }, "…");
    ul.append(h("li", {},
      h("a", { href: `#/t/${s.table}/${s.seat}` }, `${s.game || "table"} · ${s.table} · seat ${s.seat}`),
      s.invite ? h("span", { class: "muted" }, " (to hand out)") : null,
      " ", state,
      h("button", { class: "link", onclick: () => { seats.forget(s.table, s.seat); renderLobby(); } }, "forget")));
    api("GET", `/api/tables/${s.table}`).then(
      (info) => { state.textContent = info.over ? "finished" : `step ${info.step}`; },
      () => { state.textContent = "gone"; });
  }
  mine.append(ul);

  const join = h("form", { class: "panel join" },
    h("h2", {}, "Join with an invite link"),
    h("input", { id: "invite", placeholder: "paste an invite link", autocomplete: "off" }),
    h("button", { type: "submit" }, "Join"));
  join.addEventListener("submit", (event) => {
    event.preventDefault();
    const text = join.querySelector("input").value.trim();
    const at = text.indexOf("#/join/");
    if (at < 0) { toast("That is not an invite link.", "bad"); return; }
    location.hash = text.slice(at);
  });

  root.append(h("div", { class: "lobby-grid" }, form, h("div", { class: "side" }, mine, join)));
  drawSeats();
}


// ------------------------------------------------------------------ join links

function joinLink(table, seat, token) {
  // A link never silently replaces a seat token this browser already holds: ask, and keep the
  // old one among the replaced tokens either way.
  const held = seats.get(table, seat);
  if (!held || held === token) {
    seats.put(table, seat, token, "");
    location.replace(`#/t/${table}/${seat}`);
    return;
  }
  const root = app();
  root.className = "lobby";
  const keep = h("button", { class: "primary", id: "keep-token", onclick: () => location.replace(`#/t/${table}/${seat}`) },
    "Keep my current seat");
  root.replaceChildren(h("section", { class: "panel", role: "alertdialog", "aria-labelledby": "join-title" },
    h("h2", { id: "join-title" }, `You already hold seat ${seat} of table ${table}`),
    h("p", {}, "This link carries a different token for the same seat. Replacing yours loses the seat if the link is forged; your current token is kept in this browser either way."),
    h("div", { class: "actions" }, keep,
      h("button", { id: "replace-token", onclick: () => {
        const all = seats.all();
        const old = all[`${table}/${seat}`];
        all[`replaced/${table}/${seat}/${Date.now()}`] = { ...old, replaced: true };
        seats.save(all);
        seats.put(table, seat, token, old.game || "");
        location.replace(`#/t/${table}/${seat}`);
      } }, "Use the link's token"))));
  keep.focus();
}

// ------------------------------------------------------------------ focus, title, announcements

function focusKey(el) {  // how to find "the same" control after the page is drawn again
  if (!el || el === document.body) return null;
  if (el.dataset && el.dataset.move) return `[data-move="${CSS.escape(el.dataset.move)}"]`;
  if (el.dataset && el.dataset.card) return `[data-card="${CSS.escape(el.dataset.card)}"]`;
  if (el.dataset && el.dataset.ref) return `[data-ref="${CSS.escape(el.dataset.ref)}"]`;
  if (el.id) return `#${CSS.escape(el.id)}`;
  return null;
}

function announce(text) {
  const el = document.getElementById("live");
  if (!el || !text) return;
  el.textContent = "";
  setTimeout(() => { el.textContent = text; }, 30);
}

// ------------------------------------------------------------------ the table page

let pointerDown = false;  // a press in progress: the page is drawn again after the click
document.addEventListener("pointerdown", () => { pointerDown = true; }, true);
for (const type of ["pointerup", "pointercancel"]) {
  document.addEventListener(type, () => {
    pointerDown = false;
    setTimeout(() => { if (current && current.deferred) current.render(); }, 0);
  }, true);
}

class TablePage {
  constructor(table, seat) {
    this.table = table;
    this.seat = seat;
    this.token = seats.get(table, seat);
    this.payload = null;
    this.catalog = {};
    this.info = null;
    this.log = [];
    this.lastStep = -1;
    this.selected = null;
    this.closed = false;
    this.socket = null;
    this.retry = 500;
    this.sending = false;
    this.chosen = [];  // seats that have chosen in this step (readiness)
  }

  async open() {
    const root = app();
    root.className = "table-page";
    root.replaceChildren(h("p", { class: "loading" }, "Joining the table…"));
    if (!this.token) {
      root.replaceChildren(h("div", { class: "panel" },
        h("h2", {}, "No token for this seat"),
        h("p", {}, "Open the invite link you were given, or go back to the lobby."),
        h("a", { href: "#/" }, "Lobby")));
      return;
    }
    try {
      [this.info, this.catalog] = await Promise.all([
        api("GET", `/api/tables/${this.table}`),
        api("GET", `/api/tables/${this.table}/catalog`)]);
      this.show(await api("GET", `/api/tables/${this.table}/seats/${this.seat}`, undefined, this.token));
    } catch (error) {
      root.replaceChildren(h("div", { class: "panel" }, h("h2", {}, "Cannot join"),
        h("p", {}, error.message), h("a", { href: "#/" }, "Back to the lobby")));
      return;
    }
    this.connect();
    this.tick = setInterval(() => this.drawClock(), 1000);
  }

  close() {
    this.closed = true;
    if (this.socket) this.socket.close();
    clearTimeout(this.timer);
    clearInterval(this.tick);
    document.title = BASE_TITLE;
  }

  connect() {
    if (this.closed) return;
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const socket = new WebSocket(
      `${scheme}://${location.host}/api/tables/${this.table}/seats/${this.seat}/ws`);
    this.socket = socket;
    socket.onopen = () => { socket.send(JSON.stringify({ token: this.token })); };
    socket.onmessage = (message) => {
      const data = JSON.parse(message.data);
      if (data.error) { toast(data.error.message, "bad"); return; }
      setConn("live");
      this.retry = 500;
      if (data.view) this.show(data);
      else this.ready(data);
    };
    socket.onclose = () => {
      if (this.closed) return;
      setConn("off");
      this.timer = setTimeout(() => this.resync(), this.retry);
      this.retry = Math.min(this.retry * 2, 10000);
    };
  }

  ready(data) {  // a readiness push: who has chosen in this step, and the turn clock
    if (!this.payload || (data.step !== undefined && data.step !== this.payload.step)) return;
    if (Array.isArray(data.waiting_for)) this.payload.waiting_for = data.waiting_for;
    if (data.clock !== undefined) this.payload.clock = data.clock;
    this.noteReadiness();
    this.render();
  }

  noteReadiness() {  // announce every seat that has chosen since the last payload of this step
    const p = this.payload;
    const waiting = new Set(p.waiting_for || []);
    const owed = p.owed || this.owed || [];
    for (const seat of owed) {
      if (!waiting.has(seat) && !this.chosen.includes(seat)) {
        this.chosen.push(seat);
        const bot = this.info && this.info.seats[seat] && this.info.seats[seat].bot;
        if (seat !== this.seat && !bot) announce(`${this.seatName(seat)} has chosen.`);
      }
    }
  }

  async resync() {  // after a lost connection: fetch the state, then listen again
    if (this.closed) return;
    try {
      this.show(await api("GET", `/api/tables/${this.table}/seats/${this.seat}`, undefined, this.token));
    } catch (error) { /* the next attempt will tell */ }
    this.connect();
  }

  async send(move) {
    if (this.sending) return;
    this.sending = true;
    try {
      const payload = await api("POST", `/api/tables/${this.table}/seats/${this.seat}/moves`,
        { move }, this.token);
      this.selected = null;
      this.show(payload);
    } catch (error) {
      toast(`Refused (${error.reason}): ${error.message}`, "bad");
    } finally {
      this.sending = false;
    }
  }

  show(payload) {
    const older = this.payload && (payload.version !== undefined && this.payload.version !== undefined
      ? payload.version < this.payload.version : payload.step < this.payload.step);
    if (older) return;  // a push queued before a newer answer
    const wasToMove = this.payload && this.payload.to_move && this.payload.step === payload.step;
    if (payload.step !== this.lastStep) {
      this.chosen = [];
      const asked = payload.view && Array.isArray(payload.view.to_move) ? payload.view.to_move : [];
      this.owed = [...new Set(asked.concat(payload.waiting_for || []))].sort();
      if (Array.isArray(payload.log)) this.log = payload.log.map(logEntry);
      else if (payload.events.length) {
        this.log.push({ step: payload.step, lines: payload.events.map((e) => e.text) });
      }
      const lines = payload.events.map((e) => e.text);
      if (this.lastStep >= 0 && lines.length) announce(lines.slice(0, 4).join(" "));
      this.lastStep = payload.step;
      if (this.info) this.refreshInfo();
    }
    this.payload = payload;
    this.noteReadiness();
    if (payload.to_move && !wasToMove && !payload.over) announce("Your move.");
    this.render();
  }

  refreshInfo() {
    api("GET", `/api/tables/${this.table}`).then((info) => { this.info = info; }, () => {});
  }

  waiting(seat) {
    const p = this.payload;
    if (!p || p.over || seat === this.seat) return null;
    if (p.waiting_for.includes(seat)) return h("span", { class: "thinking" }, "choosing…");
    if (this.chosen.includes(seat)) return h("span", { class: "chosen" }, "has chosen ✓");
    return null;
  }

  readiness() {  // "seat 2 has chosen" for every seat owing a move in this step
    const p = this.payload;
    const owed = this.owed || [];
    if (!p || p.over || owed.length < 2) return null;
    return h("div", { class: "readiness", id: "readiness" }, owed.map((seat) =>
      h("span", { class: "chip " + (p.waiting_for.includes(seat) ? "pending" : "done") },
        `${this.seatName(seat)}: ${p.waiting_for.includes(seat) ? "choosing…" : "has chosen"}`)));
  }

  seatName(seat) {
    if (seat === this.seat) return "You";
    const s = this.info && this.info.seats[seat];
    return s && s.bot ? `Seat ${seat} (${s.bot} bot)` : `Seat ${seat}`;
  }

  render() {
    if (pointerDown) { this.deferred = true; return; }  // never swap a button under a click
    this.deferred = false;
    const p = this.payload;
    if (p.over) setStatus("Game over", "done");
    else if (p.to_move) setStatus("Your move", "go");
    else setStatus(`Waiting for ${p.waiting_for.map((s) => this.seatName(s).toLowerCase()).join(", ") || "the table"}`, "wait");
    document.title = p.over ? `Game over · ${BASE_TITLE}` : p.to_move ? `▶ Your move · ${BASE_TITLE}` : BASE_TITLE;
    const active = document.activeElement;
    const key = focusKey(active);
    const hadFocus = active && active !== document.body && app().contains(active);
    const renderer = { base: renderBase, architects: renderArchitects, dice: renderDice }[p.game] || renderGeneric;
    const board = h("div", { class: "board" }, renderer(this, p));
    const side = h("aside", { class: "sidebar", "aria-label": "Clock, events and invitations" },
      this.renderClock(), this.renderLog(), this.renderInvites());
    const root = app();
    root.replaceChildren(h("div", { class: "table-grid" }, board, side));
    root.dataset.step = String(p.step);
    if (p.over && p.scores && !this.hideScores) {
      root.append(renderScores(this, p));
      if (!this.scoresShown) { this.scoresShown = true; document.getElementById("score-title").focus(); return; }
    }
    if (hadFocus) {  // keep the keyboard where it was, or on the panel it was in
      const again = key && root.querySelector(key);
      const fallback = document.getElementById("actions") ? document.querySelector("#actions button") : document.getElementById("hand-title");
      (again || fallback || root).focus({ preventScroll: true });
    }
  }

  renderClock() {
    const clock = this.payload.clock;
    if (!clock || !clock.seconds || this.payload.over) return null;
    const away = (clock.away || []).includes(this.seat);
    return h("section", { class: "panel clock", "aria-label": "Turn clock" }, h("h3", {}, "Turn clock"),
      h("p", { id: "clock", class: "clock-text" }, clockText(clock, this.seatName.bind(this))),
      away ? h("p", {}, "Your time ran out: a bot plays for you. ",
        h("button", { id: "take-back", class: "primary", onclick: () => this.back() }, "Take my seat back")) : null);
  }

  async back() {
    try {
      this.show(await api("POST", `/api/tables/${this.table}/seats/${this.seat}/back`, undefined, this.token));
      announce("You play for yourself again.");
    } catch (error) {
      toast(error.message, "bad");
    }
  }

  drawClock() {
    const el = document.getElementById("clock");
    if (el && this.payload && this.payload.clock) el.textContent = clockText(this.payload.clock, this.seatName.bind(this));
  }

  renderLog() {
    const items = [];
    for (const entry of this.log.slice().reverse()) {
      items.push(h("li", { class: "log-step" }, `step ${entry.step}`));
      for (const line of entry.lines) items.push(h("li", {}, line));
    }
    return h("section", { class: "panel log", "aria-label": "Events" }, h("h3", {}, "Events"),
      items.length ? h("ul", { id: "log", tabindex: "0", "aria-label": "Events, newest first" }, items)
        : h("p", { class: "muted" }, "Nothing yet."));
  }

  renderInvites() {
    const others = seats.ofTable(this.table).filter((s) => s.seat !== this.seat);
    if (!others.length) return null;
    return h("section", { class: "panel invites" }, h("h3", {}, "Invite links"),
      h("p", { class: "muted" }, "Send each person their seat's link; it carries the seat's secret token."),
      others.map((s) => h("div", { class: "invite" },
        h("a", { href: `#/t/${s.table}/${s.seat}` }, `seat ${s.seat}`),
        h("input", { readonly: true, value: inviteLink(s.table, s.seat, s.token), "aria-label": `invite link for seat ${s.seat}`,
                     onfocus: (e) => e.target.select() }))));
  }

  moveButton(label, move, extra) {
    return h("button", { class: "move " + (extra || ""), dataset: { move },
                         onclick: () => this.send(move), title: move }, label);
  }
}

const BASE_TITLE = "7 Wonders · sevenwonders";

function logEntry(entry) {  // one step of the server's whole-game log
  const lines = entry.lines || (entry.events || []).map((e) => (typeof e === "string" ? e : e.text));
  return { step: entry.step, lines: lines.length ? lines : entry.text ? [entry.text] : [] };
}

function clockText(clock, seatName) {
  const deadline = clock.deadline !== undefined && clock.deadline !== null ? clock.deadline * 1000 : null;
  const left = deadline !== null ? Math.max(0, Math.round((deadline - Date.now()) / 1000))
    : clock.seconds_left !== undefined ? clock.seconds_left : null;
  const bots = (clock.away || []).map((s) => seatName(s)).join(", ");
  const parts = [];
  if (left !== null) parts.push(`${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")} left to choose`);
  else parts.push("nobody is on the clock");
  if (clock.seconds) parts.push(`${clock.seconds} s per decision`);
  if (bots) parts.push(`the ${clock.bot || ""} bot plays for ${bots}`.replace("  ", " "));
  return parts.join(" · ");
}

// ------------------------------------------------------------------ replay of a finished table

class ReplayPage {
  constructor(table) {
    this.table = table;
    this.at = 0;
    this.steps = 0;
    this.catalog = {};
    this.info = null;
    this.seat = 0;
  }

  async open() {
    const root = app();
    root.className = "table-page replay";
    root.replaceChildren(h("p", { class: "loading" }, "Loading the record…"));
    try {
      [this.info, this.catalog] = await Promise.all([
        api("GET", `/api/tables/${this.table}`), api("GET", `/api/tables/${this.table}/catalog`)]);
      await this.go(0);
    } catch (error) {
      root.replaceChildren(h("div", { class: "panel" }, h("h2", {}, "No replay"),
        h("p", {}, error.message), h("a", { href: "#/" }, "Back to the lobby")));
    }
  }

  close() {}

  async go(at) {
    const frame = await api("GET", `/api/tables/${this.table}/replay/${Math.max(0, at)}`);
    this.at = frame.step;
    this.steps = frame.positions - 1;
    this.frame = frame;
    this.render();
  }

  seatName(seat) { return `Seat ${seat}`; }
  waiting() { return null; }
  readiness() { return null; }
  moveButton(label) { return h("span", { class: "chip" }, label); }

  render() {
    const f = this.frame;
    const p = { game: this.info.game, step: f.step, view: f.views[this.seat], events: f.events,
                moves: [], to_move: false, over: true, move_words: {}, waiting_for: [] };
    this.payload = p;
    const active = focusKey(document.activeElement);
    const renderer = { base: renderBase, architects: renderArchitects, dice: renderDice }[p.game] || renderGeneric;
    const bar = h("section", { class: "panel replay-bar", "aria-label": "Replay controls" },
      h("h2", {}, `Replay of table ${this.table}: step ${this.at} of ${this.steps}`),
      h("div", { class: "actions" },
        h("button", { id: "replay-first", onclick: () => this.go(0), disabled: this.at === 0 }, "« start"),
        h("button", { id: "replay-back", onclick: () => this.go(this.at - 1), disabled: this.at === 0 }, "◀ back"),
        h("button", { id: "replay-next", class: "primary", onclick: () => this.go(this.at + 1), disabled: this.at >= this.steps }, "next ▶"),
        h("button", { id: "replay-last", onclick: () => this.go(this.steps), disabled: this.at >= this.steps }, "end »"),
        h("label", {}, "seen by ", h("select", { id: "replay-seat", onchange: (e) => { this.seat = Number(e.target.value); this.render(); } },
          Array.from({ length: this.info.players }, (_, s) => h("option", { value: s, selected: s === this.seat }, `seat ${s}`))))),
      h("p", { class: "small" }, Object.entries(f.moves || {}).map(([seat, move]) => `seat ${seat}: ${move}`).join(" · ") || "the start"),
      h("ul", { class: "replay-events", id: "replay-events" }, (p.events || []).map((e) => h("li", {}, e.text))));
    app().replaceChildren(h("div", { class: "board" }, bar, renderer(this, p)));
    setStatus(`Replay · step ${this.at}/${this.steps}`, "done");
    const again = active && app().querySelector(active);
    if (again) again.focus({ preventScroll: true });
  }
}
