// The boards of each game: what a seat sees of the table, drawn from its payload (view,
// choices, the numbers it decides by in `insight`, moves in words) and the box's catalogue.
// Loaded after app.js, whose helpers (h, words, roman) it uses.
"use strict";

// ------------------------------------------------------------------ shared pieces

const RESOURCE_ORDER = ["wood", "stone", "ore", "clay", "glass", "papyrus", "loom"];

function resIcon(name) {  // a resource as a small coloured icon with its name spelled out
  return h("span", { class: `res r-${name}` }, h("span", { class: "res-mark", "aria-hidden": "true" }), name);
}

function costView(text) {  // "2 wood, 1 ore" -> icons with counts; "free" stays a word
  if (!text || text === "free") return h("span", { class: "cost free-cost" }, "free");
  return h("span", { class: "cost" }, text.split(", ").map((part) => {
    const [count, ...rest] = part.split(" ");
    const name = rest.join(" ");
    return RESOURCE_ORDER.includes(name)
      ? h("span", { class: "cost-part" }, `${count}×`, resIcon(name))
      : h("span", { class: "cost-part" }, part);
  }));
}

function productionView(prod) {
  const parts = Object.entries(prod.fixed || {}).map(([name, n]) =>
    h("span", { class: "cost-part" }, `${n}×`, resIcon(name)));
  for (const either of prod.either || []) {
    parts.push(h("span", { class: "cost-part either" }, either.split("/").map((n, i) =>
      [i ? h("span", { class: "or" }, "or") : null, resIcon(n)])));
  }
  return parts.length ? parts : [h("span", { class: "muted" }, "nothing")];
}

function stat(label, value, cls) {
  return h("span", { class: "stat " + (cls || "") }, h("span", { class: "stat-label" }, label), " ",
    h("strong", {}, String(value)));
}

function lastBuilt(p) {  // seat -> names built or taken in the last step (highlighted)
  const out = {};
  for (const e of p.events || []) {
    const name = e.card || e.box;
    if (name && typeof e.seat === "number" && ["card_built", "card_taken", "box_ticked"].includes(e.kind)) {
      (out[e.seat] ||= []).push(name);
    }
  }
  return out;
}

function sayMove(p, m) { return (p.move_words && p.move_words[m]) || m; }

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
  if (c.buildable && !c.how.startsWith("free")) {
    cost = c.cheapest_cost ? `${c.cheapest_cost} coin${c.cheapest_cost > 1 ? "s" : ""}` : "no cost";
  }
  return h("span", { class: `mark ${kind}` }, text + (cost ? ` · ${cost}` : ""));
}

function cardChip(page, name, fresh) {
  const card = (page.catalog.cards || {})[name];
  const colour = card ? card.colour : "unknown";
  return h("span", { class: `chip c-${colour}` + (fresh ? " fresh" : ""),
                     title: card ? `${card.effect_text || card.text} · cost ${card.cost_text || "free"}` : name },
    name, fresh ? h("span", { class: "sr-only" }, " (new this turn)") : null);
}

function ringOrder(me, n) {  // you, your left neighbour, your right neighbour, then the others
  const order = [me, (me + 1) % n, (me - 1 + n) % n];
  for (let s = 0; s < n; s++) if (!order.includes(s)) order.push(s);
  return [...new Set(order)];
}

function renderBase(page, p) {
  const v = p.view;
  const n = v.cities.length;
  const direction = v.age === 2 ? "right" : "left";
  const head = h("section", { class: "panel headline" },
    h("h2", {}, `Age ${roman(v.age)} · turn ${v.turn}`),
    h("span", { class: "muted" }, `hands pass to the ${direction} · discard pile ${v.discard_size} · cards in hands ${v.hand_sizes.join("/")}`),
    page.readiness());
  const fresh = lastBuilt(p);
  const cities = h("section", { class: "cities", "aria-label": "Cities" },
    ringOrder(v.seat, n).map((seat) => baseCity(page, p, seat, fresh[seat] || [])));
  const parts = [head, renderHand(page, p), renderTrade(page, p), cities];
  for (const expansion of v.expansions) {
    if (expansion.expansion === "edifice") parts.push(renderEdifice(page, v, expansion));
  }
  return parts;
}

function baseCity(page, p, seat, fresh) {
  const v = p.view;
  const city = v.cities[seat];
  const n = v.cities.length;
  const info = ((p.insight || {}).cities || [])[seat] || null;
  const wonder = ((page.catalog.wonders || {})[city.wonder] || {})[city.side] || [];
  const where = seat === v.seat ? "" : seat === (v.seat + 1) % n ? "your left neighbour"
    : seat === (v.seat - 1 + n) % n ? "your right neighbour" : "";
  const byColour = {};
  for (const name of city.cards) {
    const card = (page.catalog.cards || {})[name];
    (byColour[card ? card.colour : "unknown"] ||= []).push(name);
  }
  const resource = (page.catalog.resources || {})[city.wonder];
  const stages = h("ol", { class: "stage-list", "aria-label": "wonder stages" }, wonder.map((stage, i) =>
    h("li", { class: "stage-item" + (i < city.stages ? " built" : "") },
      h("span", { class: "stage-no" }, i < city.stages ? "✓" : String(i + 1)),
      i < city.stages ? h("span", { class: "sr-only" }, `stage ${i + 1} built: `) : null,
      costView(stage.cost_text), h("span", { class: "arrow", "aria-hidden": "true" }, "→"),
      h("span", { class: "stage-effect" }, stage.text))));
  const science = info ? Object.entries(info.science).filter(([, c]) => c)
    .map(([k, c]) => `${c} ${k === "any" ? "of your choice" : k}`).join(", ") : "";
  return h("article", { class: "panel city" + (seat === v.seat ? " me" : ""), dataset: { seat },
                        "aria-label": `${page.seatName(seat)}: ${city.wonder}` },
    h("header", {},
      h("h3", { class: "city-name" }, city.wonder), h("span", { class: "side" }, `${city.side} side`),
      h("span", { class: "who" }, page.seatName(seat) + (where ? ` · ${where}` : "")), page.waiting(seat)),
    h("div", { class: "stats" },
      stat("coins", city.coins, "coins"),
      info ? stat("shields", info.shields, "military") : null,
      stat("military tokens", (info ? info.tokens : 0) >= 0 ? `+${info ? info.tokens : 0}` : info.tokens),
      info ? stat("points so far", info.points, "points") : null),
    resource ? h("div", { class: "row" }, h("span", { class: "row-label" }, "board makes"), costView(resource)) : null,
    info ? h("div", { class: "row" }, h("span", { class: "row-label" }, "production"), productionView(info.production)) : null,
    info && science ? h("div", { class: "row" }, h("span", { class: "row-label" }, "science"), science) : null,
    stages,
    h("div", { class: "cards" },
      COLOURS.concat(["unknown"]).filter((c) => byColour[c]).map((c) =>
        h("div", { class: "colour-row" }, byColour[c].map((name) => cardChip(page, name, fresh.includes(name))))),
      city.cards.length ? null : h("span", { class: "muted" }, "no buildings yet")));
}

function renderTrade(page, p) {
  const trade = (p.insight || {}).trade;
  if (!trade || p.over) return null;
  return h("section", { class: "panel trade-panel", "aria-label": "Trade with your neighbours" },
    h("h3", {}, "Trade with your neighbours"),
    h("div", { class: "trade-grid" }, trade.map((t) => {
      const cheap = Object.entries(t.prices).filter(([, price]) => price < 2).map(([r]) => r);
      return h("div", { class: "trade-side" },
        h("strong", {}, `${t.side === "left" ? "Left" : "Right"}: ${page.seatName(t.seat)}`),
        h("div", { class: "row" }, h("span", { class: "row-label" }, "sells you"), productionView(t.sells)),
        h("div", { class: "small" }, cheap.length ? `1 coin each for ${cheap.join(", ")}, else 2` : "2 coins per resource"));
    })));
}

function renderEdifice(page, v, ed) {
  const projects = page.catalog.projects || {};
  return h("section", { class: "panel edifice" }, h("h3", {}, "Edifice projects"),
    h("div", { class: "projects" }, ed.projects.map((name, i) => {
      const info = projects[name] || {};
      return h("div", { class: "project" + (i + 1 === v.age ? " current" : "") },
        h("strong", {}, `Age ${roman(i + 1)}: ${name}`),
        h("div", { class: "small" }, info.text || ""),
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
  const panel = h("section", { class: "panel hand", id: "hand", "aria-label": "Your hand" });
  if (p.over) return null;
  if (!p.to_move || !c) {
    panel.append(h("h3", { tabindex: "-1", id: "hand-title" }, "Your hand"), h("div", { class: "hand-cards" },
      v.hand.map((name) => handCard(page, name, null, false))),
      h("p", { class: "muted" }, p.to_move ? "" : "You have chosen; waiting for the other seats."));
    return panel;
  }
  const title = { draft: "Choose a card", play_last_card: "Play your last card (Babylon)",
    build_from_discard: "Build a card from the discard pile (Halikarnassos)",
    expansion: "A decision" }[c.decision] || words(c.decision);
  panel.append(h("h3", { tabindex: "-1", id: "hand-title" }, title, h("span", { class: "muted" }, ` · you may spend ${c.coins} coins`)));
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
    panel.append(h("div", { class: "actions" }, other.map((m) => page.moveButton(sayMove(p, m), m))));
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
    dataset: { card: name }, "aria-pressed": choice ? String(Boolean(selected)) : null,
    onclick: choice ? () => { page.selected = selected ? null : name; page.render(); } : null,
    disabled: !choice,
  },
    h("span", { class: "card-name" }, name, h("span", { class: "sr-only" }, ` (${card.colour || "card"})`)),
    h("span", { class: "card-cost" }, "cost: ", costView(card.cost_text)),
    h("span", { class: "card-text" }, card.effect_text || card.text || ""),
    choice ? costMark(choice) : null,
    choice && choice.free_build ? h("span", { class: "mark free" }, "free build of the Age") : null);
}

function payWords(p, move, choice) {  // "buy 1 wood from the left (2 coins) and ..."
  const pay = ((p.insight || {}).payments || {})[move];
  if (/ free$/.test(move)) return { text: "with the free build of the Age" };
  if (!pay) {
    if (choice && choice.how && choice.how.startsWith("free")) return { text: "for free" };
    return { text: choice && choice.bank_coins ? `paying ${choice.bank_coins} to the bank` : "with your own resources" };
  }
  const left = /left (\d+)/.exec(move), right = /right (\d+)/.exec(move);
  const parts = [];
  if (pay.left) parts.push(`buying ${pay.left} from the left for ${left ? left[1] : "?"}`);
  if (pay.right) parts.push(`buying ${pay.right} from the right for ${right ? right[1] : "?"}`);
  return { text: parts.join(" and "), cheapest: pay.cheapest };
}

function renderActions(page, p, choice) {
  const box = h("div", { class: "actions", id: "actions", role: "group", "aria-label": `Actions for ${choice.card}` });
  const builds = choice.moves.length ? choice.moves : movesOf(p, "build", choice.card);
  for (const move of builds) {
    const pay = payWords(p, move, choice);
    box.append(page.moveButton([`Build ${choice.card} ${pay.text}`.trim(),
      pay.cheapest ? h("span", { class: "mark cheapest" }, "cheapest") : null], move, "build"));
  }
  const stage = p.choices.stage;
  for (const move of movesOf(p, "stage", choice.card)) {
    const pay = payWords(p, move, null);
    const option = /option (\d+)/.exec(move);
    const label = `Wonder stage ${stage && stage.stage ? stage.stage : ""}` + (option ? ` (option ${option[1]})` : "") +
      (pay.text && pay.text !== "with your own resources" ? ` ${pay.text}` : "") +
      (/ project/.test(move) ? " and join the project" : "");
    box.append(page.moveButton([label, pay.cheapest ? h("span", { class: "mark cheapest" }, "cheapest") : null], move, "stage-move"));
  }
  for (const move of movesOf(p, "sell", choice.card)) {
    box.append(page.moveButton(`Sell for ${choice.sell_coins || 3} coins`, move, "sell"));
  }
  for (const move of p.moves.filter((m) => m.includes(choice.card) && !builds.includes(m) &&
      !m.startsWith("stage ") && !m.startsWith("sell "))) {
    box.append(page.moveButton(sayMove(p, move), move));
  }
  if (!choice.buildable) box.prepend(h("span", { class: "why" }, `Cannot build: ${words(choice.how)}`));
  return box;
}

// ------------------------------------------------------------------ Architects

function archName(page, kind) {
  const info = (page.catalog.kinds || {})[kind];
  return info ? info.name || words(kind) : words(kind);
}

function archCard(page, kind, count, fresh) {
  const info = (page.catalog.kinds || {})[kind];
  return h("span", { class: `chip c-${info ? info.colour : "unknown"}` + (fresh ? " fresh" : "") },
    (count && count > 1 ? `${count}× ` : "") + archName(page, kind));
}

function archToken(token) {
  return h("div", { class: "token-card" }, h("strong", {}, token.name), h("span", { class: "small" }, token.effect));
}

const ARCH_DECISIONS = {
  take: "take a card", actions: "build, trade in science or end the turn", token: "choose a progress token",
  alexandria: "choose a deck (Alexandria)", halicarnassus: "choose a deck to look through (Halicarnassus)",
  pick: "pick a revealed card", effect: "use the wonder's effect?", over: "game over",
};

function renderArchitects(page, p) {
  const v = p.view;
  const ins = p.insight || { cities: [], face_up: [], conflict: null };
  const who = v.current === v.seat ? "you decide" : `${page.seatName(v.current)} decides`;
  const head = h("section", { class: "panel headline" },
    h("h2", {}, v.decision === "over" ? `Turn ${v.turn} · game over`
      : `Turn ${v.turn} · ${who}: ${ARCH_DECISIONS[v.decision] || words(v.decision)}`),
    h("span", { class: "muted" }, `central deck ${v.central_size} cards` +
      (v.central_top ? ` · its top card (seen thanks to the cat): ${archName(page, v.central_top)}` : "")));
  const conflict = h("section", { class: "panel conflict", "aria-label": "Conflict and the cat" },
    h("h3", {}, "Conflict"),
    h("div", { class: "conflict-tokens", role: "img",
               "aria-label": `${v.conflict_flipped} of ${v.conflict_total} conflict tokens show battle` },
      Array.from({ length: v.conflict_total }, (_, i) =>
        h("span", { class: "ctoken" + (i < v.conflict_flipped ? " battle" : "") }, i < v.conflict_flipped ? "⚔" : "☮"))),
    h("p", {}, `${v.conflict_flipped} of ${v.conflict_total} tokens show battle; ` +
      `${v.conflict_total - v.conflict_flipped} more horn(s) bring the battle.`),
    h("p", { class: "cat-line" }, h("strong", {}, "Cat: "),
      v.cat === null ? "Nobody has the cat yet." : `The cat is with ${page.seatName(v.cat).toLowerCase()} (2 VP, sees the central deck's top card).`));
  const tokens = h("section", { class: "panel tokens" }, h("h3", {}, "Progress tokens face up"),
    h("div", { class: "token-row" }, ins.face_up.length ? ins.face_up.map(archToken) : h("span", { class: "muted" }, "none")),
    h("p", { class: "small" }, `${v.token_pile_size} tokens in the pile`));
  const decks = h("section", { class: "panel decks" }, h("h3", {}, "Decks (their top cards lie face up)"),
    h("div", { class: "deck-row" }, v.decks.map((d, seat) => h("div", { class: "deck" },
      h("strong", {}, ((page.catalog.wonders || {})[d.wonder] || {}).name || words(d.wonder)),
      h("span", { class: "small" }, `${d.size} cards` + (seat === v.seat ? " · your own deck (left)" :
        seat === (v.seat - 1 + v.players) % v.players ? " · your right neighbour's" : "")),
      d.top ? archCard(page, d.top) : h("span", { class: "chip" }, "empty")))));
  const fresh = lastBuilt(p);
  const cities = h("section", { class: "cities", "aria-label": "Cities" }, v.cities.map((city, seat) =>
    archCity(page, v, city, seat, ins.cities[seat], fresh[seat] || [])));
  const parts = [head, renderMoves(page, p)];
  if (v.revealed && v.revealed.length) {
    parts.push(h("section", { class: "panel" }, h("h3", {}, "Revealed to you"),
      v.revealed.map((c) => archCard(page, c))));
  }
  parts.push(conflict, tokens, decks, cities);
  return parts;
}

function archCity(page, v, city, seat, info, fresh) {
  const wonder = (page.catalog.wonders || {})[city.wonder] || { stages: [] };
  const built = new Set(city.built);
  const counts = {};
  for (const c of city.cards) counts[c] = (counts[c] || 0) + 1;
  return h("article", { class: "panel city" + (seat === v.seat ? " me" : ""), dataset: { seat } },
    h("header", {}, h("h3", { class: "city-name" }, wonder.name || words(city.wonder)),
      h("span", { class: "who" }, page.seatName(seat)),
      v.cat === seat ? h("span", { class: "chip cat" }, "has the cat") : null),
    h("div", { class: "stats" }, stat("shields", city.shields, "military"), stat("military tokens", city.military),
      info ? stat("points so far", info.points, "points") : null),
    h("ol", { class: "stage-list arch" }, wonder.stages.map((stage) =>
      h("li", { class: "stage-item" + (built.has(stage.key) ? " built" : "") },
        h("span", { class: "stage-no" }, built.has(stage.key) ? "✓" : "·"),
        built.has(stage.key) ? h("span", { class: "sr-only" }, "built: ") : null,
        h("span", {}, stage.cost || stage.key), h("span", { class: "arrow", "aria-hidden": "true" }, "→"),
        h("span", {}, `${stage.vp} VP` + (stage.effect && wonder.effect ? ` + ${wonder.effect}` : ""))))),
    h("div", { class: "cards arch-cards" }, Object.entries(counts).map(([kind, count]) =>
      archCard(page, kind, count, fresh.includes(kind)))),
    city.tokens.length ? h("div", { class: "token-row" }, (info ? info.tokens : city.tokens.map((t) => ({ name: t, effect: "" }))).map(archToken)) : null);
}

// ------------------------------------------------------------------ Dice

const BUILDING_ROWS = ["wonder", "warehouse", "agora", "market", "university", "guild_court", "gallery"];

function diceTarget(move) {  // the sheet box a move acts on, if any
  const parts = move.split(" ");
  if (parts[0] === "build" && parts.length >= 3) return parts[2];
  if (parts[0] === "wonder" && parts.length >= 2) return `wonder.${parts[1]}`;
  if (parts[0] === "tick" && parts.length >= 2) return parts[1];
  return null;
}

function dieView(d) {
  const colour = d.die.split("_")[0];
  return h("div", { class: `die d-${colour}` },
    h("span", { class: "die-colour" }, `${colour} die`), h("strong", {}, words(d.face)),
    h("span", { class: "small" }, `area ${d.area}`));
}

function renderDice(page, p) {
  const v = p.view;
  const ins = p.insight || { sheets: [], left: (v.seat + 1) % v.seats.length, right: (v.seat - 1 + v.seats.length) % v.seats.length };
  const targets = {};
  for (const move of p.moves) {
    const ref = diceTarget(move);
    if (ref) (targets[ref] ||= []).push(move);
  }
  const buildings = page.catalog.buildings || {};
  const head = h("section", { class: "panel headline" },
    h("h2", {}, `Turn ${v.turn} · ${v.phase === "action" ? "choose an action" : words(v.phase)}`),
    h("span", { class: "muted" }, (v.final_turn ? `the game ends after turn ${v.final_turn} · ` : "") +
      (v.provisional ? "provisional sheet numbers" : v.sheet_set)), page.readiness());
  const forum = h("section", { class: "panel forum", "aria-label": "The Forum" }, h("h3", {}, "Forum"),
    h("div", { class: "dice" }, v.forum.map(dieView)));
  const sheets = ins.sheets || [];
  const mine = sheets[v.seat];
  const fresh = lastBuilt(p);
  const box = (sheet, b, seat) => {
    const can = seat === v.seat && (targets[b.ref] || []).length > 0;
    const label = `${b.ref.split(".")[1]}: ${b.ticked ? "ticked" : `cost ${b.cost}`}` +
      (b.laurel !== null && b.laurel !== undefined ? `, laurel ${b.laurel}` : b.vp ? `, ${b.vp} VP` : "") +
      (b.effect ? `, ${b.effect}` : "") + (b.accepts && b.accepts.length ? `, takes ${b.accepts.map(words).join("/")}` : "");
    return h(can ? "button" : "span", {
      class: "box" + (b.ticked ? " ticked" : "") + (b.next ? " next" : "") + (can ? " can" : "") +
        ((fresh[seat] || []).includes(b.ref) ? " fresh" : "") + (can && page.selected === b.ref ? " selected" : ""),
      dataset: { ref: b.ref }, title: label,
      onclick: can ? () => { page.selected = page.selected === b.ref ? null : b.ref; page.render(); } : null,
    }, h("span", { "aria-hidden": "true", class: "box-face" }, b.ticked ? (b.laurel ? `✓${b.laurel}` : "✓") : [
      h("span", { class: "box-cost" }, String(b.cost)), b.vp ? h("span", { class: "box-vp" }, `${b.vp}★`) : null]),
    h("span", { class: "sr-only" }, label));
  };
  const row = (sheet, seat, name) => {
    const line = sheet && sheet.buildings.find((b) => b.building === name);
    if (!line) return null;
    return h("div", { class: "building" }, h("span", { class: "bname" }, buildings[name] || words(name),
      h("span", { class: "small" }, ` ${line.ticked}/${line.boxes.length}`)),
      h("span", { class: "boxes" }, line.boxes.map((b) => box(sheet, b, seat))));
  };
  const sheetPanel = mine ? h("section", { class: "panel city sheet me", dataset: { seat: v.seat }, "aria-label": "Your sheet" },
    h("header", {}, h("h3", { class: "city-name" }, mine.wonder_name), h("span", { class: "who" }, "You")),
    h("div", { class: "stats" }, stat("coins", `${mine.coins}/${mine.reserve_size}`, "coins"),
      stat("resources", mine.resources), stat("laurels", mine.laurels), stat("score so far", mine.total, "points"),
      stat("bonuses", mine.bonuses.length)),
    h("p", { class: "small" }, "Each box shows its cost in resources (coins for those the Warehouse lacks) and ★ its victory points; ✓ is ticked."),
    h("div", { class: "buildings" }, BUILDING_ROWS.map((name) => row(mine, v.seat, name))),
    h("div", { class: "barracks-row", "aria-label": "Barracks beside your neighbours' Barracks" },
      h("div", { class: "facing neighbour" }, h("span", { class: "small" }, `${page.seatName(ins.left)} (left)`),
        row(sheets[ins.left], ins.left, "barracks_east")),
      h("div", { class: "facing" }, row(mine, v.seat, "barracks_west")),
      h("div", { class: "facing" }, row(mine, v.seat, "barracks_east")),
      h("div", { class: "facing neighbour" }, h("span", { class: "small" }, `${page.seatName(ins.right)} (right)`),
        row(sheets[ins.right], ins.right, "barracks_west")))) : null;
  const others = h("section", { class: "cities", "aria-label": "Other sheets" }, v.seats.map((s, seat) => {
    if (seat === v.seat) return null;
    const sheet = sheets[seat];
    return h("article", { class: "panel city sheet", dataset: { seat } },
      h("header", {}, h("h3", { class: "city-name" }, sheet ? sheet.wonder_name : s.sheet), h("span", { class: "who" }, page.seatName(seat)), page.waiting(seat)),
      h("div", { class: "stats" }, stat("coins", s.coins, "coins"), sheet ? stat("score so far", sheet.total, "points") : null,
        stat("bonuses", s.bonuses.filter((b) => b).length)),
      h("div", { class: "buildings" }, BUILDING_ROWS.concat(["barracks_west", "barracks_east"]).map((name) => row(sheet, seat, name))));
  }));
  const chosen = page.selected && targets[page.selected];
  const pick = chosen ? h("section", { class: "panel hand pick" }, h("h3", {}, `Box ${page.selected.replace(".", " ")}`),
    h("div", { class: "actions", id: "actions" }, chosen.map((m) => {
      const cost = moveCosts(p)[m];
      return page.moveButton(cost ? `${sayMove(p, m)} · ${cost}` : sayMove(p, m), m, "build");
    }))) : null;
  return [head, pick, renderMoves(page, p), forum, sheetPanel, others];
}

// ------------------------------------------------------------------ any game

function renderMoves(page, p) {
  const panel = h("section", { class: "panel hand", id: "hand", "aria-label": "Your move" });
  if (p.over) return null;
  if (!p.to_move) {
    panel.append(h("p", { class: "muted", tabindex: "-1", id: "hand-title" }, "Waiting for the other seats…"));
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
  panel.append(h("h3", { tabindex: "-1", id: "hand-title" }, "Your move"));
  for (const group of groups) {
    panel.append(h("div", { class: "move-group", role: "group", "aria-label": words(group.kind) },
      h("span", { class: "kind" }, words(group.kind)),
      group.moves.map((m) => page.moveButton(costs[m] ? `${sayMove(p, m)} · ${costs[m]}` : sayMove(p, m), m))));
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
    h("caption", { class: "sr-only" }, "Final scores"),
    h("thead", {}, h("tr", {}, h("th", { scope: "col" }, h("span", { class: "sr-only" }, "line")),
      p.scores.map((_, seat) => h("th", { scope: "col", class: seat === page.seat ? "me" : "" }, page.seatName(seat))))),
    h("tbody", {},
      lines.map((line) => h("tr", {}, h("th", { scope: "row" }, words(line)),
        p.scores.map((s) => h("td", {}, String(s.lines[line] ?? 0))))),
      h("tr", { class: "total" }, h("th", { scope: "row" }, "total"), p.scores.map((s) => h("td", {}, String(s.total)))),
      h("tr", { class: "place" }, h("th", { scope: "row" }, "place"), p.ranking.map((r) => h("td", {}, String(r))))));
  const place = p.ranking[page.seat];
  const mine = page.seat !== null && page.seat !== undefined && place !== undefined;
  return h("div", { class: "overlay" }, h("div", { class: "panel score-sheet", role: "dialog", "aria-modal": "true", "aria-labelledby": "score-title" },
    h("h2", { id: "score-title", tabindex: "-1" }, !mine ? "Final scores" : place === 1 ? "You win!" : `Game over · you finish in place ${place} of ${seatsN}`),
    h("p", {}, winner === page.seat ? "Well played." : `${page.seatName(winner)} wins.`),
    table,
    h("div", { class: "actions" },
      h("a", { class: "button", href: `#/replay/${page.table}` }, "Replay the game"),
      h("a", { class: "button", href: `/api/tables/${page.table}/record`, download: `${page.table}.json` }, "Download the record"),
      h("button", { onclick: () => { page.hideScores = true; page.render(); } }, "Look at the table"),
      h("a", { class: "button primary", href: "#/" }, "Lobby"))));
}
