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
  ofTable(table) { return Object.values(this.all()).filter((s) => s.table === table); },
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
    seats.put(parts[1], parts[2], parts[3], "");
    location.replace(`#/t/${parts[1]}/${parts[2]}`);
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
const BOT_NAMES = ["random", "greedy", "ismcts"];

function renderLobby() {
  const root = app();
  root.replaceChildren();
  root.className = "lobby";
  const form = h("form", { class: "panel create", id: "create-form" });
  const gameSelect = h("select", { id: "game", name: "game" },
    GAME_CHOICES.map((g) => h("option", { value: g.id }, g.label)));
  const players = h("input", { id: "players", type: "number", min: 3, max: 7, value: 3 });
  const sides = h("select", { id: "sides" });
  const seatsBox = h("div", { class: "seat-rows", id: "seat-rows" });

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
        { game: g.game, players: Number(players.value), options, bots });
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
  const list = Object.values(seats.all()).sort((a, b) => b.added - a.added);
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

// ------------------------------------------------------------------ the table page

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
  }

  close() {
    this.closed = true;
    if (this.socket) this.socket.close();
    clearTimeout(this.timer);
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
      this.show(data);
    };
    socket.onclose = () => {
      if (this.closed) return;
      setConn("off");
      this.timer = setTimeout(() => this.resync(), this.retry);
      this.retry = Math.min(this.retry * 2, 10000);
    };
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
    if (this.payload && payload.step < this.payload.step) return;  // an older push
    if (payload.step !== this.lastStep) {
      if (payload.events.length) {
        this.log.push({ step: payload.step, lines: payload.events.map((e) => e.text) });
        this.log = this.log.slice(-60);
      }
      this.lastStep = payload.step;
      if (this.info) this.refreshInfo();
    }
    this.payload = payload;
    this.render();
  }

  refreshInfo() {
    api("GET", `/api/tables/${this.table}`).then((info) => { this.info = info; }, () => {});
  }

  waiting(seat) {
    const p = this.payload;
    return p && !p.over && p.waiting_for.includes(seat) && seat !== this.seat
      ? h("span", { class: "thinking", title: "still to move" }, "…") : null;
  }

  seatName(seat) {
    if (seat === this.seat) return "You";
    const s = this.info && this.info.seats[seat];
    return s && s.bot ? `Seat ${seat} · ${s.bot} bot` : `Seat ${seat}`;
  }

  render() {
    const p = this.payload;
    if (p.over) setStatus("Game over", "done");
    else if (p.to_move) setStatus("Your move", "go");
    else setStatus(`Waiting for ${p.waiting_for.map((s) => this.seatName(s).toLowerCase()).join(", ") || "the table"}`, "wait");
    const renderer = { base: renderBase, architects: renderArchitects, dice: renderDice }[p.game] || renderGeneric;
    const board = h("div", { class: "board" }, renderer(this, p));
    const side = h("aside", { class: "sidebar" }, this.renderLog(), this.renderInvites());
    const root = app();
    root.replaceChildren(h("div", { class: "table-grid" }, board, side));
    if (p.over && p.scores && !this.hideScores) root.append(renderScores(this, p));
  }

  renderLog() {
    const items = [];
    for (const entry of this.log.slice().reverse()) {
      items.push(h("li", { class: "log-step" }, `step ${entry.step}`));
      for (const line of entry.lines) items.push(h("li", {}, line));
    }
    return h("section", { class: "panel log" }, h("h3", {}, "Events"),
      items.length ? h("ul", { id: "log" }, items) : h("p", { class: "muted" }, "Nothing yet."));
  }

  renderInvites() {
    const others = seats.ofTable(this.table).filter((s) => s.seat !== this.seat);
    if (!others.length) return null;
    return h("section", { class: "panel invites" }, h("h3", {}, "Invite links"),
      h("p", { class: "muted" }, "Send each person their seat's link; it carries the seat's secret token."),
      others.map((s) => h("div", { class: "invite" },
        h("a", { href: `#/t/${s.table}/${s.seat}` }, `seat ${s.seat}`),
        h("input", { readonly: true, value: inviteLink(s.table, s.seat, s.token),
                     onfocus: (e) => e.target.select() }))));
  }

  moveButton(label, move, extra) {
    return h("button", { class: "move " + (extra || ""), dataset: { move },
                         onclick: () => this.send(move), title: move }, label);
  }
}

// ------------------------------------------------------------------ base game (and Edifice)

const COLOURS = ["brown", "grey", "yellow", "blue", "green", "red", "purple", "black", "white"];
const HOW = {
  free_chain: ["free", "free (chain)"], free_power: ["free", "free (wonder power)"],
  free_discard: ["free", "free (from the discard pile)"], own_resources: ["ok", "buildable"],
  trading: ["trade", "by trading"], cannot_pay: ["no", "cannot pay"],
  duplicate: ["no", "already built"], wonder_complete: ["no", "wonder complete"],
};


function costMark(c) {
  const [kind, text] = HOW[c.how] || ["no", words(c.how)];
  let cost = "";
  if (c.buildable && c.how !== "free_chain" && c.how !== "free_power" && c.how !== "free_discard") {
    cost = c.cheapest_cost ? `${c.cheapest_cost} coin${c.cheapest_cost > 1 ? "s" : ""}` : "no cost";
  }
  return h("span", { class: `mark ${kind}` }, text + (cost ? ` · ${cost}` : ""));
}

function cardChip(page, name, extraClass) {
  const card = (page.catalog.cards || {})[name];
  const colour = card ? card.colour : "unknown";
  return h("span", { class: `chip c-${colour} ${extraClass || ""}`, title: card ? card.text : name }, name);
}

function ringOrder(me, n) {
  // left neighbour, you, right neighbour, then the others (seat + 1 is to the left)
  const left = (me + 1) % n, right = (me - 1 + n) % n;
  const order = [left, me, right];
  for (let s = 0; s < n; s++) if (!order.includes(s)) order.push(s);
  return [...new Set(order)];
}

function renderBase(page, p) {
  const v = p.view;
  const n = v.cities.length;
  const direction = v.age === 2 ? "right" : "left";
  const head = h("section", { class: "panel headline" },
    h("h2", {}, `Age ${roman(v.age)} · turn ${v.turn}`),
    h("span", { class: "muted" }, `hands pass to the ${direction} · discard pile ${v.discard_size} · hands ${v.hand_sizes.join("/")}`));
  const cities = h("section", { class: "cities" },
    ringOrder(v.seat, n).map((seat) => baseCity(page, v, seat)));
  const parts = [head, cities];
  for (const expansion of v.expansions) {
    if (expansion.expansion === "edifice") parts.push(renderEdifice(page, v, expansion));
  }
  parts.push(renderHand(page, p));
  return parts;
}

function baseCity(page, v, seat) {
  const city = v.cities[seat];
  const n = v.cities.length;
  const wonder = ((page.catalog.wonders || {})[city.wonder] || {})[city.side] || [];
  const where = seat === v.seat ? "you" : seat === (v.seat + 1) % n ? "left neighbour"
    : seat === (v.seat - 1 + n) % n ? "right neighbour" : "";
  const military = city.tokens.reduce((a, b) => a + b, 0);
  const byColour = {};
  for (const name of city.cards) {
    const card = (page.catalog.cards || {})[name];
    (byColour[card ? card.colour : "unknown"] ||= []).push(name);
  }
  const stages = [];
  const total = wonder.length || Math.max(city.stages, 3);
  for (let i = 0; i < total; i++) {
    const stage = wonder[i];
    stages.push(h("span", { class: "stage " + (i < city.stages ? "built" : ""),
                            title: stage ? `stage ${i + 1}: ${stage.text} (cost ${stage.cost || "-"})` : `stage ${i + 1}` },
      String(i + 1)));
  }
  return h("article", { class: "panel city" + (seat === v.seat ? " me" : ""), dataset: { seat } },
    h("header", {},
      h("strong", {}, `${city.wonder}`), h("span", { class: "side" }, city.side),
      h("span", { class: "who" }, `${page.seatName(seat)}${where && seat !== v.seat ? " · " + where : ""}`), page.waiting(seat)),
    h("div", { class: "stats" },
      h("span", { class: "coins", title: "coins" }, `${city.coins}`),
      h("span", { class: "military", title: `military tokens: ${city.tokens.join(", ") || "none"}` }, `${military >= 0 ? "+" : ""}${military}`),
      h("span", { class: "stages", title: "wonder stages" }, stages)),
    h("div", { class: "cards" },
      COLOURS.concat(["unknown"]).filter((c) => byColour[c]).map((c) =>
        h("div", { class: "colour-row" }, byColour[c].map((name) => cardChip(page, name)))),
      city.cards.length ? null : h("span", { class: "muted" }, "no buildings yet")));
}

function renderEdifice(page, v, ed) {
  const projects = page.catalog.projects || {};
  return h("section", { class: "panel edifice" }, h("h3", {}, "Edifice projects"),
    h("div", { class: "projects" }, ed.projects.map((name, i) => {
      const info = projects[name] || {};
      return h("div", { class: "project" + (i + 1 === v.age ? " current" : "") },
        h("strong", {}, `Age ${roman(i + 1)}: ${name}`),
        h("div", { class: "muted small" }, info.text || ""),
        h("div", {}, `${words(ed.outcomes[i])} · ${ed.pawns_left[i]} pawn(s) left · cost ${info.cost ?? "?"}`),
        h("div", { class: "small" }, ed.participants[i].length
          ? `joined: ${ed.participants[i].map((s) => page.seatName(s)).join(", ")}` : "nobody joined yet"));
    })));
}

function movesOf(p, verb, card) {
  return p.moves.filter((m) => m === `${verb} ${card}` || m.startsWith(`${verb} ${card} `));
}

function renderHand(page, p) {
  const v = p.view;
  const c = p.choices;
  const panel = h("section", { class: "panel hand", id: "hand" });
  if (p.over) return null;
  if (!p.to_move || !c) {
    panel.append(h("h3", {}, "Your hand"), h("div", { class: "hand-cards" },
      v.hand.map((name) => handCard(page, name, null, false))));
    return panel;
  }
  const title = { draft: "Choose a card", play_last_card: "Play your last card (Babylon)",
    build_from_discard: "Build a card from the discard pile (Halikarnassos)",
    expansion: "A decision" }[c.decision] || words(c.decision);
  panel.append(h("h3", {}, title, h("span", { class: "muted" }, ` · you may spend ${c.coins} coins`)));
  if (c.detail) panel.append(h("p", { class: "muted" }, words(c.detail)));
  const cards = c.cards || [];
  panel.append(h("div", { class: "hand-cards" },
    cards.map((choice) => handCard(page, choice.card, choice, page.selected === choice.card))));
  if (c.stage) panel.append(stageLine(c.stage));
  const chosen = cards.find((choice) => choice.card === page.selected);
  if (chosen) panel.append(renderActions(page, p, chosen));
  else if (cards.length) panel.append(h("p", { class: "muted hint" }, "Pick a card to build it, build a wonder stage with it, or sell it."));
  const other = (c.other || []).concat(c.cards && c.cards.length ? [] :
    p.moves.filter((m) => !(c.other || []).includes(m)));
  if (other.length) {
    panel.append(h("div", { class: "actions" }, other.map((m) => page.moveButton(m, m))));
  }
  return panel;
}

function stageLine(stage) {
  if (!stage.stage) return h("p", { class: "stage-line muted" }, "Your wonder is complete.");
  const [kind, text] = HOW[stage.how] || ["no", words(stage.how)];
  const cost = stage.buildable && stage.cheapest_cost ? ` · ${stage.cheapest_cost} coins` : "";
  const options = stage.options && stage.options.length ? ` · options: ${stage.options.join(" | ")}` : "";
  return h("p", { class: "stage-line" }, `Wonder stage ${stage.stage}/${stage.stages}: `,
    h("span", { class: `mark ${kind}` }, text + cost), options);
}

function handCard(page, name, choice, selected) {
  const card = (page.catalog.cards || {})[name] || {};
  return h("button", {
    class: `hand-card c-${card.colour || "unknown"}` + (selected ? " selected" : "") +
      (choice && choice.buildable ? " buildable" : ""),
    dataset: { card: name },
    onclick: choice ? () => { page.selected = selected ? null : name; page.render(); } : null,
    disabled: !choice,
  },
    h("span", { class: "card-name" }, name),
    h("span", { class: "card-text" }, card.text || ""),
    choice ? costMark(choice) : null,
    choice && choice.free_build ? h("span", { class: "mark free" }, "free build of the Age") : null);
}

function buildHow(move, choice) {  // "paying 2 to the left and 1 to the right", from the notation
  const rest = move.slice(`build ${choice.card}`.length).trim();
  if (rest === "free") return "with the free build of the Age";
  if (choice.how.startsWith("free")) return "for free";
  const left = /left (\d+)/.exec(rest), right = /right (\d+)/.exec(rest);
  const parts = [];
  if (left) parts.push(`${left[1]} to the left`);
  if (right) parts.push(`${right[1]} to the right`);
  if (choice.bank_coins) parts.push(`${choice.bank_coins} to the bank`);
  return parts.length ? `paying ${parts.join(", ")}` : rest;
}

function renderActions(page, p, choice) {
  const box = h("div", { class: "actions", id: "actions" });
  const builds = choice.moves.length ? choice.moves : movesOf(p, "build", choice.card);
  for (const move of builds) {
    box.append(page.moveButton(`Build ${choice.card} ${buildHow(move, choice)}`.trim(), move, "build"));
  }
  const stage = p.choices.stage;
  for (const move of movesOf(p, "stage", choice.card)) {
    const rest = move.slice(`stage ${choice.card}`.length).trim();
    const label = `Wonder stage ${stage && stage.stage ? stage.stage : ""}` + (rest ? ` (${rest})` : "");
    box.append(page.moveButton(label, move, "stage-move"));
  }
  for (const move of movesOf(p, "sell", choice.card)) {
    box.append(page.moveButton(`Sell for ${choice.sell_coins || 3} coins`, move, "sell"));
  }
  for (const move of p.moves.filter((m) => m.includes(choice.card) && !builds.includes(m) &&
      !m.startsWith("stage ") && !m.startsWith("sell "))) {
    box.append(page.moveButton(move, move));
  }
  if (!choice.buildable) box.prepend(h("span", { class: "muted why" }, `Cannot build: ${words(choice.how)}`));
  return box;
}

// ------------------------------------------------------------------ Architects

function archCard(page, kind) {
  const info = (page.catalog.kinds || {})[kind];
  return h("span", { class: `chip c-${info ? info.colour : "unknown"}`, title: info ? info.text : kind }, words(kind));
}

function archToken(page, id) {
  const info = (page.catalog.tokens || {})[id];
  return h("span", { class: "chip token", title: info ? words(info.power) : id }, info ? info.name : words(id));
}

function archStages(page, city) {
  const wonder = (page.catalog.wonders || {})[city.wonder];
  if (!wonder) return h("span", { class: "stages" }, `stages: ${city.built.join(", ") || "none"}`);
  return h("span", { class: "stages" }, wonder.stages.map((stage) =>
    h("span", { class: "stage wide" + (city.built.includes(stage.key) ? " built" : ""),
                title: `stage ${stage.key}: ${stage.vp} VP` }, stage.key)));
}

function renderArchitects(page, p) {
  const v = p.view;
  const head = h("section", { class: "panel headline" },
    h("h2", {}, `Turn ${v.turn} · ${v.current === v.seat ? "you decide" : page.seatName(v.current) + " decides"}: ${words(v.decision)}`),
    h("span", { class: "muted" }, `conflict ${v.conflict_flipped}/${v.conflict_total} · progress pile ${v.token_pile_size} · central deck ${v.central_size}` +
      (v.central_top ? ` (top: ${v.central_top})` : "")));
  const tokens = h("section", { class: "panel tokens" }, h("h3", {}, "Progress tokens"),
    v.face_up.length ? v.face_up.map((t) => archToken(page, t)) : h("span", { class: "muted" }, "none face up"),
    v.cat !== null ? h("span", { class: "chip cat" }, `the cat is with ${page.seatName(v.cat).toLowerCase()}`) : null);
  const decks = h("section", { class: "panel decks" }, h("h3", {}, "Decks"),
    h("div", { class: "deck-row" }, v.decks.map((d) => h("div", { class: "deck" },
      h("strong", {}, words(d.wonder)), h("span", {}, `${d.size} cards`),
      d.top ? archCard(page, d.top) : h("span", { class: "chip" }, "empty")))));
  const cities = h("section", { class: "cities" }, v.cities.map((city, seat) =>
    h("article", { class: "panel city" + (seat === v.seat ? " me" : ""), dataset: { seat } },
      h("header", {}, h("strong", {}, ((page.catalog.wonders || {})[city.wonder] || {}).name || words(city.wonder)),
        h("span", { class: "who" }, page.seatName(seat)),
        v.cat === seat ? h("span", { class: "chip cat" }, "cat") : null),
      h("div", { class: "stats" }, h("span", { class: "military", title: "shields / military victories" }, `${city.shields} shields · ${city.military} victories`),
        archStages(page, city)),
      h("div", { class: "cards arch-cards" }, city.cards.map((c) => archCard(page, c)),
        city.tokens.map((t) => archToken(page, t))))));
  const parts = [head, tokens, decks, cities];
  if (v.revealed && v.revealed.length) {
    parts.push(h("section", { class: "panel" }, h("h3", {}, "Revealed to you"),
      v.revealed.map((c) => archCard(page, c))));
  }
  parts.push(renderMoves(page, p));
  return parts;
}

// ------------------------------------------------------------------ Dice

function diceTarget(move) {  // the sheet box a move acts on, if any
  const parts = move.split(" ");
  if (parts[0] === "build" && parts.length >= 3) return parts[2];
  if (parts[0] === "wonder" && parts.length >= 2) return `wonder.${parts[1]}`;
  if (parts[0] === "tick" && parts.length >= 2) return parts[1];
  return null;
}

function renderDice(page, p) {
  const v = p.view;
  const targets = {};
  for (const move of p.moves) {
    const ref = diceTarget(move);
    if (ref) (targets[ref] ||= []).push(move);
  }
  const sheets = page.catalog.sheets || {};
  const head = h("section", { class: "panel headline" },
    h("h2", {}, `Turn ${v.turn} · ${words(v.phase)}`),
    h("span", { class: "muted" }, (v.final_turn ? `the game ends after turn ${v.final_turn} · ` : "") +
      (v.provisional ? "provisional sheet numbers" : v.sheet_set)));
  const forum = h("section", { class: "panel forum" }, h("h3", {}, "Forum"),
    h("div", { class: "dice" }, v.forum.map((d) => h("div", { class: `die d-${d.die.split("_")[0]}` },
      h("strong", {}, words(d.face)), h("span", { class: "small" }, `${words(d.die)} · area ${d.area}`)))));
  const seatsBox = h("section", { class: "cities" }, v.seats.map((s, seat) => {
    const sheet = sheets[s.sheet] || { boxes: [], bonuses: [] };
    const buildings = [];
    for (const box of sheet.boxes) {
      let row = buildings.find((b) => b.name === box.building);
      if (!row) { row = { name: box.building, boxes: [] }; buildings.push(row); }
      row.boxes.push(box);
    }
    return h("article", { class: "panel city sheet" + (seat === v.seat ? " me" : ""), dataset: { seat } },
      h("header", {}, h("strong", {}, sheet.wonder || s.sheet), h("span", { class: "who" }, page.seatName(seat))),
      h("div", { class: "stats" }, h("span", { class: "coins" }, `${s.coins}`),
        h("span", {}, `bonuses ${s.bonuses.filter((b) => b).length}/${s.bonuses.length}`)),
      h("div", { class: "buildings" }, buildings.map((b) => h("div", { class: "building" },
        h("span", { class: "bname" }, words(b.name)),
        b.boxes.map((box) => {
          const ref = `${box.building}.${box.id}`;
          const can = seat === v.seat && (targets[ref] || []).length > 0;
          return h(can ? "button" : "span", {
            class: "box" + (s.ticks[box.index] ? " ticked" : "") + (can ? " can" : "") +
              (can && page.selected === ref ? " selected" : ""),
            dataset: { ref },
            title: `${ref}: cost ${box.cost}${box.vp ? `, ${box.vp} VP` : ""}${box.kind ? `, ${box.kind}` : ""}`,
            onclick: can ? () => { page.selected = page.selected === ref ? null : ref; page.render(); } : null,
          }, box.vp ? String(box.vp) : "");
        })))));
  }));
  const chosen = page.selected && targets[page.selected];
  const pick = chosen ? h("section", { class: "panel hand" }, h("h3", {}, `Box ${page.selected}`),
    h("div", { class: "actions", id: "actions" }, chosen.map((m) => {
      const cost = moveCosts(p)[m];
      return page.moveButton(cost ? `${m} · ${cost}` : m, m, "build");
    }))) : null;
  return [head, forum, seatsBox, pick, renderMoves(page, p)];
}

// ------------------------------------------------------------------ any game

function renderMoves(page, p) {
  const panel = h("section", { class: "panel hand", id: "hand" });
  if (p.over) return null;
  if (!p.to_move) {
    panel.append(h("p", { class: "muted" }, "Waiting for the other seats…"));
    return panel;
  }
  let groups = p.choices && p.choices.groups;
  if (!groups) {  // group the moves by their first word
    groups = [];
    for (const m of p.moves) {
      const kind = m.split(" ")[0];
      let group = groups.find((g) => g.kind === kind);
      if (!group) { group = { kind, moves: [] }; groups.push(group); }
      group.moves.push(m);
    }
  }
  const costs = moveCosts(p);
  panel.append(h("h3", {}, "Your move"));
  for (const group of groups) {
    panel.append(h("div", { class: "move-group" }, h("span", { class: "kind" }, words(group.kind)),
      group.moves.map((m) => page.moveButton(costs[m] ? `${m} · ${costs[m]}` : m, m))));
  }
  return panel;
}

function moveCosts(p) {  // Dice: what each move costs and gives (the choices' MoveCost list)
  const out = {};
  const list = p.choices && Array.isArray(p.choices.moves) ? p.choices.moves : [];
  for (const cost of list) {
    const parts = [];
    const pay = (cost.die_coins || 0) + (cost.build_coins || 0);
    if (pay) parts.push(`pay ${pay}`);
    if (cost.gain) parts.push(`+${cost.gain} coins`);
    if (cost.effect) parts.push(cost.effect);
    if (parts.length) out[cost.move] = parts.join(", ");
  }
  return out;
}

function renderGeneric(page, p) {
  return [h("section", { class: "panel" }, h("h2", {}, p.game),
    h("pre", { class: "raw" }, JSON.stringify(p.view, null, 1))), renderMoves(page, p)];
}

function renderScores(page, p) {
  const lines = [];
  for (const sheet of p.scores) for (const line of Object.keys(sheet.lines)) if (!lines.includes(line)) lines.push(line);
  const seatsN = p.scores.length;
  const winner = p.ranking.indexOf(1);
  const table = h("table", { class: "scores", id: "scores" },
    h("thead", {}, h("tr", {}, h("th", {}, ""), p.scores.map((_, seat) => h("th", { class: seat === page.seat ? "me" : "" }, page.seatName(seat))))),
    h("tbody", {},
      lines.map((line) => h("tr", {}, h("th", {}, words(line)),
        p.scores.map((s) => h("td", {}, String(s.lines[line] ?? 0))))),
      h("tr", { class: "total" }, h("th", {}, "total"), p.scores.map((s) => h("td", {}, String(s.total)))),
      h("tr", { class: "place" }, h("th", {}, "place"), p.ranking.map((r) => h("td", {}, String(r))))));
  const place = p.ranking[page.seat];
  return h("div", { class: "overlay" }, h("div", { class: "panel score-sheet" },
    h("h2", {}, place === 1 ? "You win!" : `Game over · you finish in place ${place} of ${seatsN}`),
    h("p", { class: "muted" }, winner === page.seat ? "Well played." : `${page.seatName(winner)} wins.`),
    table,
    h("div", { class: "actions" },
      h("a", { class: "button", href: `/api/tables/${page.table}/record`, download: `${page.table}.json` }, "Download the record"),
      h("button", { onclick: () => { page.hideScores = true; page.render(); } }, "Look at the table"),
      h("a", { class: "button primary", href: "#/" }, "Lobby"))));
}
