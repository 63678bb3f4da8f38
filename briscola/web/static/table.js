// The briscola web table: a client of the server's WebSocket protocol
// (see the web guide). The page holds no game logic: it shows the seat's
// view the server sends and offers the legal actions it lists.
"use strict";

const SUITS = ["coins", "cups", "swords", "clubs"];
const FORMAT = 2;

function $(id) { return document.getElementById(id); }

function element(tag, text, className) {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  if (className) node.className = className;
  return node;
}

function fragment() {
  const found = {};
  for (const part of location.hash.replace(/^#/, "").split("&")) {
    const [key, value] = part.split("=");
    if (key) found[key] = decodeURIComponent(value || "");
  }
  return found;
}

// --- the lobby: a new table ------------------------------------------------

const LANGUAGE_OF = { split: "hr", spanish: "es", portuguese: "pt", english: "en" };
let options = null;

async function lobby() {
  $("lobby").hidden = false;
  $("where").textContent = "a new table";
  const response = await fetch("/api/options");
  options = await response.json();
  for (const preset of options.presets) {
    const option = element("option", preset.name);
    option.value = preset.name;
    $("preset").append(option);
  }
  for (const language of options.languages) {
    const option = element("option", language);
    option.value = language;
    $("language").append(option);
  }
  $("preset").addEventListener("change", presetChosen);
  $("new-table").addEventListener("submit", openTable);
  presetChosen();
}

function presetChosen() {
  const preset = options.presets.find((p) => p.name === $("preset").value);
  $("preset-summary").textContent = preset.summary;
  $("match-label").hidden = !preset.match;
  const family = preset.name.split("-")[0];
  $("language").value = LANGUAGE_OF[family] || "it";
  const seats = $("seats");
  for (const row of seats.querySelectorAll("label")) row.remove();
  for (let seat = 0; seat < preset.players; seat++) {
    const label = element("label", `Seat ${seat} `);
    const select = element("select");
    select.id = `seat-${seat}`;
    const kinds = [["me", "me"], ["person", "a person I invite"]];
    for (const bot of options.bots) kinds.push([bot, `bot: ${bot}`]);
    for (const [value, text] of kinds) {
      const option = element("option", text);
      option.value = value;
      select.append(option);
    }
    select.value = seat === 0 ? "me" : "heuristic";
    label.append(select);
    seats.append(label);
  }
}

async function openTable(event) {
  event.preventDefault();
  const preset = options.presets.find((p) => p.name === $("preset").value);
  const chosen = [];
  for (let seat = 0; seat < preset.players; seat++) chosen.push($(`seat-${seat}`).value);
  const mine = chosen.indexOf("me");
  if (mine < 0 || chosen.lastIndexOf("me") !== mine) {
    $("lobby-error").textContent = "Choose one seat for yourself.";
    return;
  }
  const response = await fetch("/api/tables", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      preset: preset.name,
      seats: chosen.map((kind) => (kind === "me" ? "person" : kind)),
      match: $("match").checked,
      language: $("language").value,
    }),
  });
  const made = await response.json();
  if (!response.ok) {
    $("lobby-error").textContent = made.message;
    return;
  }
  const invites = {};
  for (const [seat, token] of Object.entries(made.tokens)) {
    if (Number(seat) !== mine) invites[seat] = link(made.table, seat, token);
  }
  sessionStorage.setItem(`invites:${made.table}`, JSON.stringify(invites));
  // The seat's token goes in the fragment, which the browser never sends
  // to any server; the page reloads and takes the seat.
  location.hash = `table=${made.table}&seat=${mine}&token=${made.tokens[mine]}`;
}

function link(table, seat, token) {
  return `${location.origin}/#table=${table}&seat=${seat}&token=${token}`;
}

// --- the table -------------------------------------------------------------

let socket = null;
let welcome = null;
let current = null;
let retry = 500;
let finished = false;

function play() {
  const seat = fragment();
  $("table").hidden = false;
  showInvites(seat.table);
  connect(seat);
}

function showInvites(table) {
  const invites = JSON.parse(sessionStorage.getItem(`invites:${table}`) || "{}");
  const list = $("invite-list");
  list.replaceChildren();
  for (const [seat, address] of Object.entries(invites)) {
    const item = element("li", `Seat ${seat}: `);
    const input = element("input");
    input.readOnly = true;
    input.value = address;
    input.addEventListener("focus", () => input.select());
    item.append(input);
    list.append(item);
  }
  $("invites").hidden = list.children.length === 0;
}

function connect(seat) {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(`${scheme}://${location.host}/ws`);
  socket.addEventListener("open", () => {
    retry = 500;
    socket.send(JSON.stringify({
      type: "hello", table: seat.table, seat: Number(seat.seat), token: seat.token, picture: true,
    }));
  });
  socket.addEventListener("message", (event) => received(JSON.parse(event.data)));
  socket.addEventListener("close", () => {
    if (finished) return;
    $("status").textContent = "Connection lost: reconnecting...";
    setTimeout(() => connect(seat), retry);
    retry = Math.min(retry * 2, 8000);
  });
}

function received(message) {
  if (message.type === "welcome") {
    welcome = message;
    $("where").textContent = `${message.title}, seat ${message.seat}`;
  } else if (message.type === "state") {
    current = message;
    $("notice").textContent = "";
    render(message);
  } else if (message.type === "error") {
    $("notice").textContent = message.message;
    if (message.code === "no-seat") finished = true;
    if (current) render(current);
  }
}

function send(action) {
  socket.send(JSON.stringify({
    type: "act", deal: current.deal, turn: current.turn,
    action: { format: FORMAT, type: "action", action },
  }));
  for (const button of document.querySelectorAll("#table button")) button.disabled = true;
}

function same(a, b) { return JSON.stringify(a) === JSON.stringify(b); }

function cardName(index) { return welcome.names[index]; }

function cardButton(index, legal) {
  const button = element("button", cardName(index), `card suit-${SUITS[Math.floor(index / 10)]}`);
  button.dataset.card = String(index);
  const action = ["play", index];
  button.disabled = !legal.some((a) => same(a, action));
  button.addEventListener("click", () => send(action));
  return button;
}

function label(action) {
  const [kind, value, rank] = action;
  switch (kind) {
    case "swap": return `Exchange for the trump card: ${cardName(value)}`;
    case "call": return `Call: ${cardName(value)}`;
    case "cut": return "Cut";
    case "knock": return "Knock";
    case "pass": return "Pass";
    case "bid": return rank ? `Bid ${value}, ${welcome.ranks[rank]}` : `Bid ${value}`;
    case "say": return `Say "${welcome.words[value][0]}" (${welcome.words[value][1]})`;
    case "sign": return `Sign: ${welcome.signals[value]}`;
    default: return kind;
  }
}

function actionButton(action) {
  const button = element("button", label(action));
  button.dataset.action = JSON.stringify(action);
  button.addEventListener("click", () => send(action));
  return button;
}

function render(message) {
  const seen = message.observation;
  const legal = message.legal.actions;
  $("picture").innerHTML = message.picture || "";  // drawn by the server from this seat's view
  const deal = seen.match_totals ? `Deal ${message.deal + 1}. ` : "";
  $("status").textContent = deal + status(seen, legal);
  const hand = $("hand");
  hand.replaceChildren(...seen.hand.map((card) => cardButton(card, legal)));
  const actions = $("actions");
  actions.replaceChildren();
  const bids = legal.filter((a) => a[0] === "bid");
  for (const action of legal) {
    if (["play", "say", "sign", "bid"].includes(action[0])) continue;
    actions.append(actionButton(action));
  }
  if (bids.length) actions.append(bidChooser(bids));
  const words = legal.filter((a) => a[0] === "say");
  const signs = legal.filter((a) => a[0] === "sign");
  $("words").replaceChildren(...words.map(actionButton));
  $("signs").replaceChildren(...signs.map(actionButton));
  $("talk").hidden = words.length + signs.length === 0;
  heard(seen);
  scores(seen);
}

// The words said and the signs this seat saw in the deal, latest last.
function heard(seen) {
  const lines = [];
  seen.history.forEach((action, k) => {
    const who = `Seat ${seen.actors[k]}`;
    if (action[0] === "say") {
      const [word, meaning] = welcome.words[action[1]];
      lines.push(`${who} says "${word}" (${meaning})`);
    } else if (action[0] === "sign") {
      lines.push(`${who} signs: ${welcome.signals[action[1]]}`);
    }
  });
  $("heard").replaceChildren(...lines.slice(-6).map((line) => element("li", line)));
}

function bidChooser(bids) {
  const box = element("span");
  const select = element("select");
  select.id = "bid";
  bids.forEach((bid, k) => {
    const option = element("option", label(bid));
    option.value = String(k);
    select.append(option);
  });
  const button = element("button", "Bid");
  button.addEventListener("click", () => send(bids[Number(select.value)]));
  box.append(select, button);
  return box;
}

function status(seen, legal) {
  const totals = seen.match_totals;
  if (seen.to_move === null) {
    if (totals) return `The match is over: ${totals.join(" - ")}`;
    return "The deal is over.";
  }
  if (legal.length) return "Your move.";
  const who = welcome.seats[seen.to_move];
  return `Seat ${seen.to_move} (${who.kind === "bot" ? `bot: ${who.bot}` : "a person"}) to move.`;
}

function scores(seen) {
  const box = $("scores");
  box.replaceChildren();
  if (!seen.match_results || seen.match_results.length === 0) return;
  const table = element("table", undefined, "scores");
  const head = element("tr");
  head.append(element("th", "Deal"));
  for (let seat = 0; seat < seen.match_totals.length; seat++) head.append(element("th", `Seat ${seat}`));
  table.append(head);
  seen.match_results.forEach((result, k) => {
    const row = element("tr");
    row.append(element("td", String(k + 1)));
    for (const score of result.scores) row.append(element("td", String(score)));
    table.append(row);
  });
  const total = element("tr");
  total.append(element("th", "Total"));
  for (const score of seen.match_totals) total.append(element("th", String(score)));
  table.append(total);
  box.append(table);
}

window.addEventListener("DOMContentLoaded", () => {
  if (fragment().token) play(); else lobby();
});
window.addEventListener("hashchange", () => location.reload());
