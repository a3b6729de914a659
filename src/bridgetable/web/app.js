// bridgetable's browser table. It holds no rules: it renders the views the server sends
// (bridgetable.core.views.View.to_dict) and sends commands; refusals name the Law.

const SEATS = ["N", "E", "S", "W"];
const SEAT_NAME = { N: "North", E: "East", S: "South", W: "West" };
const SUIT_SYMBOL = { S: "\u2660", H: "\u2665", D: "\u2666", C: "\u2663", N: "NT" };
const SUIT_NAME = { S: "spades", H: "hearts", D: "diamonds", C: "clubs" };
const RANKS = "AKQJT98765432";
const RANK_NAME = {
  A: "ace", K: "king", Q: "queen", J: "jack", T: "ten", 9: "nine", 8: "eight",
  7: "seven", 6: "six", 5: "five", 4: "four", 3: "three", 2: "two",
};
const ACTION_LABEL = {
  face_lead: "Face the opening lead",
  request_review: "Ask for a review of the auction",
  ask_contract: "Ask what the contract is",
  inspect_trick: "Look at the last trick",
  look_at_own_card: "Look at my last card",
  agree_claim: "Agree with the claim",
  dispute_claim: "Dispute the claim",
  object: "Object to partner's claim",
  request_play_on: "Ask to play on",
  agree_play_on: "Agree to play on",
  ask_ruling: "Ask for the adjudicator's ruling",
  accept_ruling: "Accept the proposed ruling",
  show_hand: "Show my hand to partner",
  announce_current_trick: "Announce: this trick is mine",
  warn_wrong_hand: "Warn declarer: the lead is in the other hand (Law 42B2)",
  flag_misplay: "Dummy's card was not named: draw attention to it (Law 45D)",
};
// what to tell the user when the server accepts these (the view shows the rest)
const ACK_TEXT = {
  request_review: "Review granted: the auction is restated in full (the auction table).",
  ask_explanation: "Your question is asked; the answer will show under Answers.",
  call_director: "The Director has been called.",
  ask_ruling: "The adjudicator's ruling is asked for; it will show in the claim panel.",
  ask_contract: "Your question about the contract is recorded.",
  draw_attention: "Attention is drawn; the Laws' rectification follows.",
  expose_card: "The card lies face up.",
};
// actions drawn elsewhere than the row of plain buttons
const SPECIAL = new Set([
  "call", "play", "designate", "choose_for_dummy", "claim", "concede", "ask_explanation",
  "explain", "correct_explanation", "call_director", "ask_revoke", "mark_trick",
  "report_irregularity", "choose", "proper_lead", "expose_card", "draw_attention", "fifth_card",
  "misplay", "indicate",
]);

const state = {
  table: null, token: null, role: null, view: null, version: null, summary: null,
  ws: null, closing: false, retry: 0, nextId: 0, sent: new Map(), proposal: null,
  witnessStep: 0, result: null, resultFor: null, log: [], formats: null, analysis: null,
  anyCard: false,
};

// ------------------------------------------------------------------ helpers

function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") el.className = v;
    else if (k === "text") el.textContent = v;
    else if (k.startsWith("on")) el.addEventListener(k.slice(2), v);
    else if (k === "dataset") Object.assign(el.dataset, v);
    else el.setAttribute(k, v === true ? "" : String(v));
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return el;
}

const $ = (sel) => document.querySelector(sel);
const seatIndex = (s) => SEATS.indexOf(s);
const nextSeat = (s, n = 1) => SEATS[(seatIndex(s) + n) % 4];
const rankText = (r) => (r === "T" ? "10" : r);
const cardName = (c) => `${RANK_NAME[c[1]]} of ${SUIT_NAME[c[0]]}`;
const isRed = (suit) => suit === "H" || suit === "D";

function callText(call) {
  const m = /^([1-7])(NT|[CDHS])$/.exec(call);
  if (!m) return call;
  return m[1] + (m[2] === "NT" ? "NT" : SUIT_SYMBOL[m[2]]);
}

function callName(call) {
  const m = /^([1-7])(NT|[CDHS])$/.exec(call);
  if (!m) return { X: "double", XX: "redouble" }[call] || call.toLowerCase();
  return `${m[1]} ${m[2] === "NT" ? "no trump" : SUIT_NAME[m[2]]}`;
}

function handCards(pbn) {
  // "AKQ2.KQ2.AJ3.Q32" -> ["SA", ...]: spades, hearts, diamonds, clubs; high to low
  const out = [];
  pbn.split(".").forEach((ranks, i) => {
    const suit = "SHDC"[i];
    [...ranks].sort((a, b) => RANKS.indexOf(a) - RANKS.indexOf(b))
      .forEach((r) => out.push(suit + r));
  });
  return out;
}

function announce(text, kind = "info") {
  const t = $("#toast");
  t.textContent = text;
  t.className = `toast ${kind}`;
  t.hidden = false;
  clearTimeout(announce.timer);
  announce.timer = setTimeout(() => { t.hidden = true; }, kind === "error" ? 12000 : 5000);
  state.log.unshift({ text, kind });
  state.log.length = Math.min(state.log.length, 8);
}

function setStatus(text) { $("#status").textContent = text; }

// ------------------------------------------------------------------ routing

function params() {
  const p = new URLSearchParams(location.hash.slice(1));
  return { table: p.get("t"), token: p.get("k") };
}

function route() {
  const { table, token } = params();
  if (table && token) {
    $("#lobby").hidden = true;
    $("#table").hidden = false;
    if (state.table !== table || state.token !== token) openTable(table, token);
  } else {
    closeSocket();
    state.table = null;
    $("#table").hidden = true;
    $("#lobby").hidden = false;
    setStatus("");
  }
}

const tableLink = (table, token) => `${location.origin}/#t=${encodeURIComponent(table)}&k=${encodeURIComponent(token)}`;

// ------------------------------------------------------------------ lobby

async function api(path, body) {
  const r = await fetch(path, body === undefined ? {} : {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
  });
  const data = await r.json().catch(() => ({}));
  if (!r.ok) throw new Error(data.error || `HTTP ${r.status}`);
  return data;
}

function setupLobby() {
  const form = $("#create-form");
  const sync = () => {
    const practice = form.start.value === "contract";
    form.querySelector(".contract-fields").hidden = !practice;
  };
  form.addEventListener("change", sync);
  sync();
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const body = {
      robots: [...form.querySelectorAll("input[name=robot]:checked")].map((i) => i.value),
      rules: form.rules.value,
      board: Number(form.board.value) || 1,
    };
    if (form.policy.value === "table") body.policy = "table";
    if (form.start.value === "contract") {
      body.contract = form.contract.value.trim();
      body.declarer = form.declarer.value;
    }
    if (form.deal.value.trim()) body.deal = form.deal.value.trim();
    if (form.seed.value) body.seed = Number(form.seed.value);
    try {
      const t = await api("/api/tables", body);
      showCreated(t);
    } catch (e) {
      announce(`The table was not created: ${e.message}`, "error");
    }
  });
  $("#calls-form").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const secret = ev.target.secret.value;
    try {
      const r = await fetch("/api/director/calls", { headers: { Authorization: `Bearer ${secret}` } });
      const data = await r.json().catch(() => ({}));
      if (!r.ok) throw new Error(data.error || `HTTP ${r.status}`);
      showCalls(data.calls, secret);
    } catch (e) {
      announce(`The calls could not be read: ${e.message}`, "error");
    }
  });
  $("#join-form").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const f = ev.target;
    const table = f.table.value.trim();
    const body = { role: f.role.value };
    if (f.role.value === "director") body.secret = f.secret.value;
    try {
      const j = await api(`/api/tables/${encodeURIComponent(table)}/join`, body);
      location.hash = `t=${encodeURIComponent(table)}&k=${encodeURIComponent(j.token)}`;
    } catch (e) {
      announce(`Could not join: ${e.message}`, "error");
    }
  });
}

function showCalls(calls, secret) {
  const list = $("#calls-list");
  if (!calls.length) {
    list.replaceChildren(h("p", { text: "No table is waiting for a Director." }));
    return;
  }
  list.replaceChildren(h("ul", { class: "calls" }, ...calls.map((c) => h("li", { dataset: { table: c.id } },
    `Table ${c.id}, board ${c.board}: ${SEAT_NAME[c.caller]} called${c.claim ? " about the disputed claim" : ""}${c.reason ? ` (${c.reason})` : ""}. `,
    h("button", { type: "button", onclick: async () => {
      try {
        const j = await api(`/api/tables/${encodeURIComponent(c.id)}/join`, { role: "director", secret });
        location.hash = `t=${encodeURIComponent(c.id)}&k=${encodeURIComponent(j.token)}`;
      } catch (e) {
        announce(`Could not join: ${e.message}`, "error");
      }
    } }, "Go to the table")))));
}

function showCreated(t) {
  const box = $("#created");
  box.replaceChildren(
    h("h3", { text: `Table ${t.id}` }),
    h("p", {}, "Each link seats its holder; send them to the players. Robots: ",
      t.robots.length ? t.robots.map((s) => SEAT_NAME[s]).join(", ") : "none", "."),
    t.policy === "table" ? h("p", { class: "table-mode-note", text: "Table mode: irregularities are accepted and the Laws' rectifications offered." }) : null,
    h("ul", { class: "links" }, ...Object.entries(t.tokens).map(([seat, token]) => h("li", {},
      h("a", { href: tableLink(t.id, token), class: "seat-link", dataset: { seat } },
        `Play as ${SEAT_NAME[seat]}`),
      " ",
      h("input", { readonly: true, value: tableLink(t.id, token), "aria-label": `Link for ${SEAT_NAME[seat]}`, size: 30 })))),
    h("p", {}, "Table id for spectators and the Director: ", h("code", { text: t.id })),
  );
  box.hidden = false;
  $("#join-form").table.value = t.id;
  box.querySelector("a")?.focus();
}

// ------------------------------------------------------------------ socket

function closeSocket() {
  if (state.ws) {
    state.closing = true;
    state.ws.close();
    state.ws = null;
  }
}

function openTable(table, token) {
  closeSocket();
  Object.assign(state, {
    table, token, view: null, version: null, role: null, proposal: null, result: null, anyCard: false,
    analysis: null, resultFor: null, witnessStep: 0, summary: null, retry: 0, formats: null,
  });
  $("#felt").replaceChildren(h("p", { class: "loading", text: "Connecting to the table..." }));
  $("#side").replaceChildren();
  $("#board-info").replaceChildren();
  connect();
  refreshSummary();
}

async function refreshSummary() {
  try {
    state.summary = await api(`/api/tables/${encodeURIComponent(state.table)}`);
    if (state.view) render();
  } catch (e) { /* the socket reports a missing table */ }
}

function connect() {
  const { table, token } = state;
  const proto = location.protocol === "https:" ? "wss" : "ws";
  const ws = new WebSocket(`${proto}://${location.host}/ws/tables/${encodeURIComponent(table)}`);
  state.ws = ws;
  state.closing = false;
  setStatus(state.retry ? "Reconnecting..." : "Connecting...");
  ws.onopen = () => {
    const hello = { type: "hello", token };
    if (state.version !== null) hello.version = state.version;
    ws.send(JSON.stringify(hello));
  };
  ws.onmessage = (ev) => onMessage(JSON.parse(ev.data));
  ws.onclose = (ev) => {
    if (state.ws !== ws) return;
    state.ws = null;
    if (state.closing || ev.code === 4401 || ev.code === 4404) {
      if (ev.code === 4401) setStatus("This link's token is not valid for the table.");
      if (ev.code === 4404) setStatus("There is no such table.");
      return;
    }
    state.retry += 1;
    const wait = Math.min(8000, 300 * 2 ** Math.min(state.retry, 5));
    setStatus(`Connection lost; reconnecting in ${Math.round(wait / 1000)} s...`);
    setTimeout(() => { if (state.table === table && state.token === token) connect(); }, wait);
  };
}

function onMessage(msg) {
  switch (msg.type) {
    case "welcome":
      state.role = msg.role;
      state.retry = 0;
      setStatus(`Connected as ${roleName(msg.role)}`);
      break;
    case "view":
      state.view = msg.view;
      state.version = msg.version;
      render();
      retryStale();
      break;
    case "synced":
      state.version = msg.version;
      if (state.view) render();
      break;
    case "ack": {
      const sent = state.sent.get(msg.id);
      state.sent.delete(msg.id);
      if (sent && ACK_TEXT[sent.action]) announce(ACK_TEXT[sent.action]);
      break;
    }
    case "error": onError(msg); break;
    case "ruling_proposal":
      state.proposal = msg;
      state.witnessStep = 0;
      render();
      break;
    default: break;
  }
}

function onError(msg) {
  const sent = state.sent.get(msg.id);
  if (msg.code === "stale" && sent && !sent.retried) {
    sent.retried = true;
    sent.after = msg.version;
    return;
  }
  state.sent.delete(msg.id);
  let text = msg.message || msg.code;
  if (msg.code === "refused") {
    text = `Refused: ${msg.reason || msg.message}${msg.law ? ` (Law ${msg.law})` : ""}`;
  }
  announce(text, "error");
  render();
}

function retryStale() {
  for (const [id, s] of state.sent) {
    if (s.after !== undefined && state.version >= s.after) {
      state.sent.delete(id);
      if (state.role === "director" || state.view.actions.includes(s.action)) send(s.action, s.args);
    }
  }
}

function send(action, args = {}) {
  if (!state.ws || state.ws.readyState !== WebSocket.OPEN) {
    announce("Not connected; the command was not sent.", "error");
    return;
  }
  const id = ++state.nextId;
  state.sent.set(id, { action, args });
  state.ws.send(JSON.stringify({ type: "command", id, version: state.version, action, args }));
}

// ------------------------------------------------------------------ rendering

function roleName(role) {
  if (SEAT_NAME[role]) return SEAT_NAME[role];
  return role === "director" ? "the Director" : "a spectator";
}

function render() {
  const v = state.view;
  if (!v) return;
  const active = document.activeElement;
  const key = active?.dataset?.key;
  const inputs = saveInputs();
  renderInfo(v);
  renderFelt(v);
  renderSide(v);
  restoreInputs(inputs);
  if (key) document.querySelector(`[data-key="${CSS.escape(key)}"]`)?.focus();
  if ((v.phase === "ended" || v.phase === "passed_out") && state.resultFor !== state.table) {
    state.resultFor = state.table;
    loadResult();
  }
}

function saveInputs() {
  const out = {};
  for (const el of document.querySelectorAll("#side [data-key]")) {
    if (el.matches("input[type=text], input:not([type]), input[type=number], select, textarea")) {
      out[el.dataset.key] = el.value;
    } else if (el.matches("input[type=checkbox]")) out[el.dataset.key] = el.checked;
  }
  return out;
}

function restoreInputs(saved) {
  for (const [k, val] of Object.entries(saved)) {
    const el = document.querySelector(`#side [data-key="${CSS.escape(k)}"]`);
    if (!el) continue;
    if (typeof val === "boolean") el.checked = val; else el.value = val;
  }
}

function viewerSeat(v) { return SEATS.includes(v.role) ? v.role : "S"; }

function positions(v) {
  const me = viewerSeat(v);
  return { [me]: "bottom", [nextSeat(me, 1)]: "left", [nextSeat(me, 2)]: "top", [nextSeat(me, 3)]: "right" };
}

function renderInfo(v) {
  const turn = v.to_act ? `${SEAT_NAME[v.to_act]} to ${v.phase === "auction" ? "call" : "act"}` : "";
  const items = [
    ["Board", v.board],
    ["Dealer", SEAT_NAME[v.dealer]],
    ["Vulnerable", { None: "None", NS: "N-S", EW: "E-W", Both: "Both", All: "Both" }[v.vulnerability] ?? v.vulnerability],
    ["Contract", v.contract ? contractText(v.contract) : "\u2014"],
    ["Tricks", `N-S ${v.tricks_won.NS} \u00b7 E-W ${v.tricks_won.EW}`],
    ["You", roleName(v.role)],
  ];
  $("#board-info").replaceChildren(
    h("dl", {}, ...items.map(([k, val]) => h("div", {}, h("dt", { text: k }), h("dd", { text: String(val) })))),
    h("p", { class: "turn", id: "turn", "aria-live": "polite" },
      phaseText(v), turn ? ` \u2014 ${turn}` : "", isMyTurn(v) ? " (your turn)" : ""),
  );
}

function contractText(c) {
  // "3NT S", "4SX E": level, strain, doubling, declarer
  const m = /^([1-7])(NT|[CDHS])(X{0,2})\s*([NESW])?$/.exec(c);
  if (!m) return c;
  return `${m[1]}${m[2] === "NT" ? "NT" : SUIT_SYMBOL[m[2]]}${m[3]}${m[4] ? ` by ${SEAT_NAME[m[4]]}` : ""}`;
}

function phaseText(v) {
  return {
    auction: "Auction", clarification: "Clarification period", play: "Play", claim: "Claim",
    ended: "Board over", passed_out: "Passed out",
  }[v.phase] || v.phase;
}

function isMyTurn(v) { return SEATS.includes(v.role) && v.actions.length > 0 && v.to_act === v.role; }

function seatLabel(v, seat) {
  const parts = [SEAT_NAME[seat]];
  if (seat === v.role) parts.push("you");
  if (state.summary?.seats?.[seat] === "robot") parts.push("robot");
  if (seat === v.declarer) parts.push("declarer");
  if (seat === v.dummy) parts.push("dummy");
  return parts;
}

function cardEl(card, { playable = false, legal = false, owner = null, small = false, faceDown = false, label = null } = {}) {
  const suit = card[0];
  const attrs = {
    class: `card ${isRed(suit) ? "red" : "black"}${legal ? " legal" : ""}${small ? " small" : ""}${faceDown ? " facedown-up" : ""}`,
    "aria-label": label || cardName(card) + (legal ? ", playable" : ""),
    dataset: { card, key: `card-${owner || ""}-${card}` },
  };
  const face = [h("span", { class: "rank", "aria-hidden": "true", text: rankText(card[1]) }),
    h("span", { class: "suit", "aria-hidden": "true", text: SUIT_SYMBOL[suit] })];
  if (!playable) return h("span", { ...attrs, role: "img" }, ...face);
  return h("button", { ...attrs, type: "button", onclick: () => playCard(card, owner) }, ...face);
}

function backEl(label = "a card face down", small = false) {
  return h("span", { class: `card back${small ? " small" : ""}`, role: "img", "aria-label": label });
}

function playCard(card, owner) {
  const v = state.view;
  if (v.actions.includes("choose_for_dummy") && owner === v.dummy) send("choose_for_dummy", { card });
  else send("play", { card });
  if (state.anyCard) {
    // one card at a time out of turn: the choice lapses with the play
    state.anyCard = false;
    const box = document.getElementById("any-card");
    if (box) box.checked = false;
  }
}

// table mode (policy "table"): the engine takes irregular acts; "expose_card" is offered to
// every player but dummy during the play period, and only in table mode
function tableMode(v) {
  return v.actions.includes("expose_card") || v.actions.includes("choose") || v.actions.includes("draw_attention");
}

// may this role put any card of ``seat``'s on the table now, as at a real table?
function anyCardFrom(v, seat) {
  if (!state.anyCard || !tableMode(v) || !["clarification", "play"].includes(v.phase)) return false;
  if (seat === v.role) return v.role !== v.dummy || v.phase !== "play";
  return seat === v.dummy && v.role === v.declarer && v.phase === "play";
}

function renderFelt(v) {
  const pos = positions(v);
  const felt = h("div", { class: "felt-grid" });
  for (const seat of SEATS) felt.append(seatEl(v, seat, pos[seat]));
  felt.append(centerEl(v, pos));
  $("#felt").replaceChildren(felt);
}

function seatEl(v, seat, where) {
  const turn = v.to_act === seat || (v.hand_to_play === seat && v.phase === "play");
  const label = seatLabel(v, seat);
  const box = h("section", {
    class: `seat ${where}${turn ? " to-act" : ""}${seat === v.role ? " mine" : ""}`,
    "aria-label": `${label.join(", ")}${turn ? ", to play" : ""}`,
    dataset: { seat },
  });
  box.append(h("h3", { class: "seat-name" }, SEAT_NAME[seat],
    ...label.slice(1).map((t) => h("span", { class: `tag tag-${t}`, text: t })),
    turn ? h("span", { class: "tag tag-turn", text: "to play" }) : null));
  const myPlay = v.actions.includes("play") || v.actions.includes("choose_for_dummy");
  const legal = new Set(v.legal_cards);
  const controls = seat === v.role || (seat === v.dummy && v.role === v.declarer && v.hand_to_play === seat)
    || (seat === v.dummy && v.actions.includes("choose_for_dummy"));
  const playable = (c) => (myPlay && controls && (seat === v.hand_to_play || v.phase !== "play" || legal.has(c)))
    || anyCardFrom(v, seat);
  if (v.hands[seat] !== undefined) {
    if (seat === v.dummy && v.dummy_columns.length && seat !== v.role) {
      box.append(dummyEl(v, seat, where, legal, playable));
    } else {
      const cards = handCards(v.hands[seat]);
      const bySuit = h("div", { class: `hand ${where === "bottom" || where === "top" ? "fan" : "rows"}`, role: "group", "aria-label": `${SEAT_NAME[seat]}'s hand` });
      if (where === "bottom" || where === "top") {
        for (const c of cards) bySuit.append(cardEl(c, { playable: playable(c), legal: legal.has(c) && playable(c), owner: seat }));
      } else {
        for (const s of "SHDC") {
          const row = cards.filter((c) => c[0] === s);
          bySuit.append(h("div", { class: "suit-row" }, h("span", { class: `suit-label ${isRed(s) ? "red" : ""}`, "aria-hidden": "true", text: SUIT_SYMBOL[s] }),
            ...row.map((c) => cardEl(c, { playable: playable(c), legal: legal.has(c) && playable(c), owner: seat, small: true }))));
        }
      }
      box.append(bySuit);
    }
  } else {
    const n = v.hand_sizes[seat] ?? 0;
    box.append(h("div", { class: "hand backs", role: "img", "aria-label": `${n} cards, face down` },
      ...Array.from({ length: n }, () => h("span", { class: "card back mini", "aria-hidden": "true" }))));
  }
  if (seat === v.role && v.quitted_marks.length) box.append(marksEl(v.quitted_marks));
  if (v.penalty_cards?.[seat]?.length) {
    box.append(h("div", { class: "penalty", "aria-label": "penalty cards" }, "Penalty cards: ",
      ...v.penalty_cards[seat].map((c) => cardEl(c, { small: true, playable: playable(c), owner: seat }))));
  }
  return box;
}

function dummyEl(v, seat, where, legal, playable) {
  // Law 41D: one column per suit, trumps on dummy's right, cards from the one nearest declarer
  const vertical = where === "top" || where === "bottom";
  const cols = v.dummy_columns.slice();
  if (where === "left") cols.reverse();
  const wrap = h("div", { class: `dummy ${vertical ? "columns" : "rows"}`, role: "group", "aria-label": `Dummy's cards (${SEAT_NAME[seat]})` });
  for (const col of cols) {
    let cards = col.cards.slice(); // nearest declarer first
    if (where === "top" || where === "left") cards = cards.reverse();
    wrap.append(h("div", { class: `dummy-col${col.trumps ? " trumps" : ""}`, role: "group", "aria-label": `${SUIT_NAME[col.suit]}${col.trumps ? " (trumps)" : ""}` },
      ...cards.map((c) => cardEl(c, { playable: playable(c), legal: legal.has(c) && playable(c), owner: seat, small: !vertical }))));
  }
  return wrap;
}

function marksEl(marks) {
  // Law 65B: each quitted card lies face down, lengthwise towards partner when won
  return h("div", { class: "marks", role: "list", "aria-label": "My quitted tricks" },
    ...marks.map((won, i) => h("span", {
      class: `mark ${won ? "won" : "lost"}`, role: "listitem",
      "aria-label": `trick ${i + 1} ${won ? "won" : "lost"}`, title: `trick ${i + 1}: ${won ? "won" : "lost"}`,
    })));
}

function centerEl(v, pos) {
  const center = h("div", { class: "center", role: "region", "aria-label": "Current trick" });
  const slots = {};
  for (const where of ["top", "left", "right", "bottom"]) {
    slots[where] = h("div", { class: `slot ${where}` });
    center.append(slots[where]);
  }
  for (const [seat, card] of v.trick) {
    slots[pos[seat]].append(cardEl(card, { label: `${SEAT_NAME[seat]} played the ${cardName(card)}` }));
  }
  if (v.face_down_leader && v.phase === "clarification") {
    const leader = v.face_down_leader;
    const el = v.face_down_lead
      ? cardEl(v.face_down_lead, { faceDown: true, label: `your opening lead, the ${cardName(v.face_down_lead)}, lying face down` })
      : backEl(`${SEAT_NAME[leader]}'s opening lead, face down`);
    slots[pos[leader]].append(el, h("span", { class: "fd-label", text: "face down" }));
  }
  const mid = h("div", { class: "mid" });
  if (v.contract) mid.append(h("div", { class: "mid-contract", text: contractText(v.contract) }));
  if (v.phase === "auction") mid.append(h("div", { class: "mid-note", text: "Auction" }));
  if (v.last_trick) {
    mid.append(h("div", { class: "last-trick", role: "group", "aria-label": "The last trick" }, "Last trick: ",
      ...v.last_trick.map(([s, c]) => h("span", { class: "lt" }, `${s} `, cardEl(c, { small: true, label: `${SEAT_NAME[s]}: ${cardName(c)}` })))));
  }
  center.append(mid);
  return center;
}

// ------------------------------------------------------------------ side panels

function renderSide(v) {
  const side = [];
  side.push(actionsEl(v));
  if (v.claim) side.push(claimEl(v));
  if (v.role === "director") side.push(directorEl(v));
  if (v.phase === "ended" || v.phase === "passed_out") side.push(resultEl(v));
  if (v.phase === "ended") side.push(analysisEl(v));
  if (v.auction.length || v.phase === "auction") side.push(auctionEl(v));
  if (v.answers.length || v.explanations.length) side.push(answersEl(v));
  if (state.log.length) {
    side.push(h("section", { class: "panel log", "aria-label": "Messages" }, h("h3", { text: "Messages" }),
      h("ul", {}, ...state.log.map((m) => h("li", { class: m.kind, text: m.text })))));
  }
  $("#side").replaceChildren(...side.filter(Boolean));
}

function actionsEl(v) {
  const box = h("section", { class: "panel actions", "aria-label": "Your actions" }, h("h3", { text: "Your actions" }));
  const a = new Set(v.actions);
  if (v.role === "spectator") box.append(h("p", { text: "You are watching; spectators see no concealed hand." }));
  if (a.has("play")) {
    box.append(h("p", { class: "hint", text: v.hand_to_play === v.dummy && v.role === v.declarer
      ? "Play from dummy: click a highlighted card or name it." : "Play a card: the highlighted cards are legal." }));
  }
  if (a.has("designate")) {
    const input = h("input", { id: "designate-text", "aria-label": "Name dummy's card", placeholder: "low, high, a suit, a rank", size: 18, dataset: { key: "designate" }, autocomplete: "off" });
    box.append(h("form", { class: "row", onsubmit: (e) => { e.preventDefault(); if (input.value.trim()) { send("designate", { text: input.value.trim() }); input.value = ""; } } },
      h("label", { for: "designate-text", text: "Dummy plays" }), input, h("button", { type: "submit", text: "Play" })));
  }
  if (a.has("call")) box.append(callBoxEl());
  for (const act of v.actions) {
    if (SPECIAL.has(act)) continue;
    box.append(h("button", { type: "button", class: "action", dataset: { action: act, key: `act-${act}` }, onclick: () => send(act) },
      ACTION_LABEL[act] || act.replaceAll("_", " ")));
  }
  if (a.has("claim") || a.has("concede")) {
    box.append(h("div", { class: "row" },
      a.has("claim") ? h("button", { type: "button", dataset: { action: "claim", key: "act-claim" }, onclick: () => openClaim("claim") }, "Claim\u2026") : null,
      a.has("concede") ? h("button", { type: "button", dataset: { action: "concede", key: "act-concede" }, onclick: () => openClaim("concede") }, "Concede\u2026") : null));
  }
  if (a.has("ask_explanation")) {
    const opts = v.auction.map((e, i) => [e, i]).filter(([e]) => sideOf(e.seat) !== sideOf(v.role));
    const sel = h("select", { "aria-label": "Which call", dataset: { key: "ask-call" } },
      ...opts.map(([e, i]) => h("option", { value: i, text: `${SEAT_NAME[e.seat]}: ${callText(e.call)}` })));
    box.append(h("div", { class: "row" }, sel, h("button", { type: "button", dataset: { action: "ask_explanation" }, onclick: () => send("ask_explanation", { call_index: Number(sel.value) }) }, "Ask for an explanation")));
  }
  if (a.has("explain")) {
    for (const [asker, idx] of v.pending_questions) {
      const e = v.auction[idx];
      if (!e || sideOf(e.seat) !== sideOf(v.role)) continue;
      const input = h("input", { "aria-label": `Explain ${callText(e.call)} for ${SEAT_NAME[asker]}`, dataset: { key: `explain-${idx}` }, size: 20 });
      box.append(h("form", { class: "row", onsubmit: (ev) => { ev.preventDefault(); send("explain", { call_index: idx, text: input.value }); } },
        h("span", { text: `${SEAT_NAME[asker]} asks about ${callText(e.call)}:` }), input, h("button", { type: "submit", text: "Explain" })));
    }
  }
  if (a.has("correct_explanation") || v.prompts.includes("disclose_misexplanation")) {
    if (v.prompts.includes("disclose_misexplanation")) {
      box.append(h("p", { class: "prompt", role: "alert", text: "Your partner's explanation was wrong: correct it now (Laws 20F5, 75B)." }));
    }
    const own = v.auction.map((e, i) => [e, i]).filter(([e]) => sideOf(e.seat) === sideOf(v.role));
    const sel = h("select", { "aria-label": "Which call", dataset: { key: "corr-call" } }, ...own.map(([e, i]) => h("option", { value: i, text: `${SEAT_NAME[e.seat]}: ${callText(e.call)}` })));
    const input = h("input", { "aria-label": "Correct explanation", dataset: { key: "corr-text" }, size: 18 });
    box.append(h("form", { class: "row", onsubmit: (ev) => { ev.preventDefault(); send("correct_explanation", { call_index: Number(sel.value), text: input.value }); } },
      sel, input, h("button", { type: "submit", text: "Correct the explanation" })));
  }
  if (a.has("ask_revoke") && v.role !== v.dummy) {
    const sel = h("select", { "aria-label": "Ask which player", dataset: { key: "revoke-seat" } }, ...SEATS.filter((s) => s !== v.role).map((s) => h("option", { value: s, text: SEAT_NAME[s] })));
    box.append(h("div", { class: "row" }, sel, h("button", { type: "button", onclick: () => send("ask_revoke", { asked: sel.value }) }, "Ask about a revoke")));
  }
  if (a.has("report_irregularity")) {
    const input = h("input", { "aria-label": "Irregularity", dataset: { key: "irreg" } });
    box.append(h("form", { class: "row", onsubmit: (ev) => { ev.preventDefault(); send("report_irregularity", { text: input.value }); } }, input, h("button", { type: "submit", text: "Report" })));
  }
  if (a.has("mark_trick") && v.quitted_marks.length) {
    // Law 65B3: the last quitted card may be turned until one's side plays to the next trick
    const last = v.quitted_marks.length - 1;
    const won = v.quitted_marks[last];
    box.append(h("div", { class: "row mark-trick" },
      h("span", { text: `Trick ${last + 1} lies pointed ${won ? "won" : "lost"}.` }),
      h("button", { type: "button", dataset: { action: "mark_trick", key: "act-mark-trick" },
        onclick: () => send("mark_trick", { trick: last, won: !won }) },
      `Point it ${won ? "lost" : "won"}`)));
  }
  if (v.pending) box.append(pendingEl(v));
  box.append(...tableModeEls(v));
  if (box.childElementCount === 1) {
    const c = v.claim;
    const waiting = c && c.status === "disputed"
      ? (c.director_called ? "The Director has been called and will rule." : "Waiting for the others' answer to the dispute.")
      : v.to_act ? `Waiting for ${SEAT_NAME[v.to_act]}.` : "Nothing to do now.";
    box.append(h("p", { class: "hint", text: waiting }));
  }
  if (a.has("call_director")) {
    // Law 9B: any player may summon the Director (dummy during play only after attention
    // is drawn to an irregularity, 43A1a)
    const input = h("input", { "aria-label": "Reason for calling the Director", placeholder: "reason", dataset: { key: "td-reason" }, size: 14 });
    const open = v.claim && v.claim.status === "disputed";
    box.append(h("details", { class: "call-director", open: open || null },
      h("summary", { text: "Call the Director" }),
      h("form", { class: "row", onsubmit: (ev) => { ev.preventDefault(); send("call_director", { reason: input.value }); } },
        input, h("button", { type: "submit", dataset: { action: "call_director" }, text: "Send the call" }))));
  }
  return box;
}

function pendingEl(v) {
  // table mode: a rectification awaits its chooser (the options go to him and the Director)
  const p = v.pending;
  const who = (p.choosers || []).map((s) => SEAT_NAME[s]).join(" or ") || "the Director";
  const mine = v.options.length > 0 && v.actions.includes("choose");
  const about = p.card ? `, about ${p.offender ? `${SEAT_NAME[p.offender]}'s ` : "the "}${cardName(p.card)}` : p.offender ? ` (${SEAT_NAME[p.offender]})` : "";
  const box = h("div", { class: "prompt pending", role: "group", "aria-label": "Rectification", dataset: { kind: p.kind } },
    h("p", { text: mine
      ? `${PENDING_TEXT[p.kind] || "Choose the rectification"}${about} (Law ${p.law}):`
      : `${who} to choose (Law ${p.law})${about}.` }));
  if (mine) {
    box.append(h("div", { class: "options", role: "group", "aria-label": "Options" },
      ...v.options.map((o) => {
        const [label, law] = optionText(p, o);
        return h("button", { type: "button", class: "option", dataset: { option: o, key: `opt-${p.kind}-${o}` },
          onclick: () => send("choose", { option: o }) }, label, " ", h("span", { class: "law", text: `(Law ${law})` }));
      })));
  } else {
    const options = p.options || [];
    if (options.length) box.append(h("ul", { class: "options", "aria-label": "Options" }, ...options.map((o) => h("li", { text: `${optionText(p, o)[0]} (Law ${optionText(p, o)[1]})` }))));
  }
  return box;
}

// what the Law asks of the chooser, by pending kind (bridgetable.core.table.Pending)
const PENDING_TEXT = {
  54: "An opening lead out of turn was faced",
  55: "Declarer led out of turn",
  56: "A defender led out of turn",
  "53B": "Your card led out of turn: the proper lead has been made",
  52: "A penalty card was not played",
  "57A": "A defender played before his partner",
  "50D": "Partner of a major penalty card's owner is to lead",
  "51A": "Designate which penalty card is played",
  "62C": "A revoke was corrected: you played after it",
  "45D": "Dummy's card was withdrawn: you played after it",
  "43B2a": "Dummy warned declarer: choose the hand he leads from",
  "67B1": "A card is missing from a quitted trick: place one",
};

const suitName1 = (l) => ({ S: "spade", H: "heart", D: "diamond", C: "club" })[l] || l;

function optionText(p, o) {
  // a player's words for an option and the Law it comes from
  const [word, ...rest] = o.split(" ");
  const suits = rest.map(suitName1);
  const or = (xs) => xs.length < 2 ? xs.join("") : `${xs.slice(0, -1).join(", ")} or ${xs[xs.length - 1]}`;
  switch (p.kind) {
    case "54":
      return {
        spread: ["Spread my hand: partner declares", "54A"],
        accept: ["Accept the lead: I play second", "54B"],
        refuse: ["Refuse the lead: it becomes a penalty card", "54D"],
      }[o] || [o, p.law];
    case "55":
      return o === "accept" ? ["Accept the lead", "55A"] : ["Declarer leads from the right hand", "55A"];
    case "56":
      return o === "accept" ? ["Accept the lead", "56"] : ["The right hand leads; the card becomes a penalty card", "56, 50"];
    case "53B":
      return o === "withdraw" ? ["Take my card back", "53B, 47F1"] : ["Leave it played as my card to this trick", "53B"];
    case "52":
      return o === "accept" ? ["Accept the card played", "52B"] : ["The penalty card is played instead", "52A"];
    case "57A":
      if (o === "highest") return ["Partner plays his highest card of the suit led", "57A1"];
      if (o === "lowest") return ["Partner plays his lowest card of the suit led", "57A1"];
      if (word === "play") return [`Partner, void in the suit led, plays a ${suits[0]}`, "57A2"];
      if (word === "not") return [`Partner, void in the suit led, may not play a ${suits[0]}`, "57A2"];
      break;
    case "50D":
      if (word === "require") return [`Require a ${suits[0]} lead; the penalty card is picked up`, "50D2a"];
      if (word === "forbid") return [`Forbid a ${or(suits)} lead while he keeps the lead`, "50D2b"];
      if (word === "free") return ["No restriction: the penalty card stays", "50D2"];
      break;
    case "51A":
      if (word === "designate") return [`He plays the ${cardName(rest[0])}`, "51A"];
      break;
    case "67B1":
      if (word === "place") return [`Place the ${cardName(rest[0])} in that trick`, "67B1"];
      break;
    case "43B2a":
      if (o.startsWith("lead from ")) return [`Declarer leads from ${SEAT_NAME[o.slice(-1)]}'s hand`, "43B2a"];
      break;
    case "62C":
    case "45D":
      return o === "retract" ? ["Take my card back", p.law] : ["Leave my card played", p.law];
    default: break;
  }
  return [o, p.law];
}

function ownCardsSelect(v, key, label, exclude = []) {
  const skip = new Set(exclude);
  const cards = v.hands[v.role] !== undefined ? handCards(v.hands[v.role]).filter((c) => !skip.has(c)) : [];
  return h("select", { "aria-label": label, dataset: { key } },
    ...cards.map((c) => h("option", { value: c, text: `${SUIT_SYMBOL[c[0]]}${rankText(c[1])}`, "aria-label": cardName(c) })));
}

function dummyQuestion(v) {
  // Law 42B1: dummy may ask declarer who fails to follow suit whether he has none
  // (shown when declarer's card to the trick in view does not follow suit, or when the view
  // offers "ask_revoke" to dummy)
  if (v.role !== v.dummy || v.phase !== "play") return null;
  const led = v.trick.length ? v.trick[0][1][0] : null;
  const shown = led && v.trick.some(([s, c]) => s === v.declarer && c[0] !== led);
  if (!shown && !v.actions.includes("ask_revoke")) return null;
  return h("div", { class: "row dummy-question" },
    h("button", { type: "button", id: "dummy-question", dataset: { action: "draw_attention", key: "dummy-question" },
      onclick: () => send("draw_attention", { offender: v.declarer, question: true }) },
    shown ? `No ${SUIT_NAME[led]}, partner?` : "Having none, partner?"),
    h("span", { class: "law", text: "(Law 42B1)" }));
}

function tableModeEls(v) {
  // the acts of a real table (table mode): play out of turn, expose a card, draw attention
  const out = [];
  const a = new Set(v.actions);
  const q = dummyQuestion(v);
  if (q) out.push(q);
  if (a.has("proper_lead")) {
    const sel = ownCardsSelect(v, "proper-lead", "Card to lead");
    out.push(h("div", { class: "row proper-lead" },
      h("span", { text: "It was your lead:" }), sel,
      h("button", { type: "button", dataset: { action: "proper_lead" }, onclick: () => send("proper_lead", { card: sel.value }) },
        "Lead it properly (Law 53B)")));
  }
  if (tableMode(v) && ["clarification", "play"].includes(v.phase) && SEATS.includes(v.role) && (v.role !== v.dummy || v.phase !== "play")) {
    const box = h("input", { type: "checkbox", id: "any-card", checked: state.anyCard, dataset: { key: "any-card" },
      onchange: (ev) => { state.anyCard = ev.target.checked; render(); } });
    out.push(h("div", { class: "row any-card" }, h("label", { for: "any-card" }, box,
      " Let me play any card, as at a real table (out of turn, not following suit: Laws 53-64)")));
  }
  if (a.has("expose_card")) {
    const sel = ownCardsSelect(v, "expose-card", "Card exposed", v.penalty_cards?.[v.role] || []);
    const deliberate = h("input", { type: "checkbox", id: "expose-deliberate", dataset: { key: "expose-deliberate" } });
    if (sel.options.length) {
      out.push(h("form", { class: "row expose", onsubmit: (ev) => { ev.preventDefault(); send("expose_card", { card: sel.value, deliberate: deliberate.checked }); } },
        h("span", { text: "A card of mine is face up:" }), sel,
        h("label", { for: "expose-deliberate" }, deliberate, " on purpose"),
        h("button", { type: "submit", dataset: { action: "expose_card" } }, "Expose it (Laws 48-50)")));
    }
  }
  if (a.has("draw_attention")) {
    const others = SEATS.filter((s) => s !== v.role && s !== v.dummy);
    const sel = h("select", { "aria-label": "Possible revoke by", dataset: { key: "attention-seat" } },
      ...others.map((s) => h("option", { value: s, text: SEAT_NAME[s] })));
    out.push(h("div", { class: "row attention" }, h("span", { text: "A revoke by" }), sel,
      h("button", { type: "button", dataset: { action: "draw_attention" }, onclick: () => send("draw_attention", { offender: sel.value }) },
        "Draw attention (Law 62A)"),
      h("button", { type: "button", dataset: { action: "ask_none" }, onclick: () => send("draw_attention", { offender: sel.value, question: true }) },
        "Ask: having none? (Law 61B)")));
  }
  return out;
}

const sideOf = (s) => (s === "N" || s === "S" ? "NS" : s === "E" || s === "W" ? "EW" : null);

function callBoxEl() {
  const alert = h("input", { type: "checkbox", id: "call-alert", dataset: { key: "call-alert" } });
  const expl = h("input", { id: "call-expl", "aria-label": "Explanation of the alerted call", placeholder: "explanation", dataset: { key: "call-expl" }, size: 14 });
  const make = (call) => h("button", { type: "button", class: `bid ${/[HD]$/.test(call) ? "red" : ""}`, dataset: { call, key: `call-${call}` }, "aria-label": callName(call),
    onclick: () => {
      const args = { call };
      if (alert.checked) args.alert = true;
      if (expl.value.trim()) args.explanation = expl.value.trim();
      send("call", args);
      alert.checked = false; expl.value = "";
    } }, callText(call));
  const grid = h("div", { class: "bidbox", role: "group", "aria-label": "Bids" });
  for (let level = 1; level <= 7; level++) for (const s of ["C", "D", "H", "S", "NT"]) grid.append(make(`${level}${s}`));
  return h("div", { class: "callbox" }, grid,
    h("div", { class: "row" }, make("Pass"), make("X"), make("XX")),
    h("div", { class: "row" }, h("label", {}, alert, " Alert"), expl));
}

function auctionEl(v) {
  const order = ["W", "N", "E", "S"];
  const table = h("table", { class: "auction" }, h("caption", { text: "Auction" }),
    h("thead", {}, h("tr", {}, ...order.map((s) => h("th", { scope: "col", text: SEAT_NAME[s] })))));
  const body = h("tbody");
  let row = h("tr");
  for (let i = 0; i < order.indexOf(v.dealer); i++) row.append(h("td"));
  const notes = [];
  v.auction.forEach((e, i) => {
    if (row.childElementCount === 4) { body.append(row); row = h("tr"); }
    const alerted = e.alert || e.explanation;
    if (alerted) notes.push([i, e]);
    row.append(h("td", { class: `${alerted ? "alerted" : ""} ${/[HD]$/.test(e.call) ? "red" : ""}`, "aria-label": `${SEAT_NAME[e.seat]}: ${callName(e.call)}${e.alert ? ", alerted" : ""}${e.explanation ? `: ${e.explanation}` : ""}`, title: e.explanation || "" },
      callText(e.call), e.alert ? h("sup", { class: "alert-mark", text: "!" }) : null));
  });
  if (v.phase === "auction" && v.to_act) {
    if (row.childElementCount === 4) { body.append(row); row = h("tr"); }
    row.append(h("td", { class: "next", text: "?" }));
  }
  if (row.childElementCount) body.append(row);
  table.append(body);
  return h("section", { class: "panel" }, table,
    notes.length ? h("ul", { class: "alerts" }, ...notes.map(([i, e]) => h("li", {}, `${callText(e.call)} (${SEAT_NAME[e.seat]}): `, e.explanation || "alerted"))) : null);
}

function answersEl(v) {
  return h("section", { class: "panel", "aria-label": "Answers" }, h("h3", { text: "Answers and explanations" }),
    h("ul", {}, ...v.answers.map((t) => h("li", { text: t })),
      ...v.explanations.map(([i, t]) => h("li", { text: `${v.auction[i] ? callText(v.auction[i].call) : `call ${i + 1}`}: ${t}` }))));
}

function claimEl(v) {
  const c = v.claim;
  const what = c.concession ? "concedes" : "claims";
  return h("section", { class: "panel claim", id: "claim-panel", "aria-label": "Claim" },
    h("h3", { text: c.concession ? "Concession" : "Claim" }),
    h("p", {}, `${SEAT_NAME[c.claimer]} ${what} ${c.tricks} of the ${c.remaining} remaining tricks.`),
    h("p", {}, "Statement: ", c.statement ? h("q", { text: c.statement }) : h("em", { text: "none" })),
    h("p", { class: "claim-status" }, `Status: ${c.status}`,
      c.agreed.length ? ` \u00b7 agreed: ${c.agreed.join(", ")}` : "",
      c.disputed.length ? ` \u00b7 disputed: ${c.disputed.join(", ")}` : "",
      c.play_on.length ? ` \u00b7 play on: ${c.play_on.join(", ")}` : ""),
    c.awarded !== null && c.awarded !== undefined ? h("p", { class: "awarded", text: `Awarded to ${SEAT_NAME[c.claimer]}'s side: ${c.awarded}` }) : null,
    c.ruling ? h("p", { class: "ruling", text: `${c.ruled_by === "players" ? "Ruling accepted by all four" : "Director's ruling"}: ${c.ruling}` }) : null,
    c.status === "disputed" ? disputeEl(v) : null);
}

function disputeEl(v) {
  // a disputed claim with no Director at the table: play on (68D2b), the adjudicator's
  // proposal (all four accept it), or the Director
  const c = v.claim;
  const p = c.proposal;
  if (!p) {
    if (c.director_called) return h("p", { class: "prompt", text: "The Director has been called and will rule." });
    return h("p", { class: "hint", text: c.ruling_asked
      ? "The adjudicator's ruling has been asked for; it will show here."
      : "The claim is disputed. The defenders may ask to play on (all four must agree), anyone may ask for the adjudicator's ruling, or call the Director." });
  }
  const side = SEAT_NAME[c.claimer];
  const waiting = SEATS.filter((s) => !p.accepted.includes(s)).map((s) => SEAT_NAME[s]);
  return h("div", { class: "proposal", id: "players-proposal", role: "group", "aria-label": "Proposed ruling" },
    h("h4", { text: "Proposed ruling" }),
    h("p", { class: "proposal-tricks", text: `${side}'s side: ${p.tricks} of the ${c.remaining} remaining tricks (Law ${p.laws}).` }),
    h("p", { class: "proposal-text", text: p.text }),
    h("p", { class: "hint", text: c.director_called
      ? "The Director has been called and will rule; the proposal no longer stands on its own."
      : `All the hands are faced. The proposal is the result when all four accept it; anyone may call the Director instead.${waiting.length ? ` Waiting for: ${waiting.join(", ")}.` : ""}` }));
}

// ------------------------------------------------------------------ Director's console

function directorEl(v) {
  const box = h("section", { class: "panel director", "aria-label": "Director's console" }, h("h3", { text: "Director's console" }));
  const p = state.proposal;
  if (v.claim && p) {
    const r = p.ruling || {};
    box.append(h("div", { class: "proposal", id: "proposal" },
      h("h4", { text: "Proposed ruling" }),
      h("p", { text: p.text || r.ruling || p.error || "" }),
      r.undetermined ? h("p", { class: "prompt", text: "The adjudicator could not decide in time: the award is the Director's judgement (double dummy shown)." }) : null,
      h("dl", { class: "facts" },
        ...[["Result", r.final], ["Claimed", r.claimed], ["Law 70 award", r.awarded], ["Law 71 given back", r.law71], ["Double dummy", r.dd], ["Floor", r.floor], ["Laws", (r.laws || []).join(", ")], ["Profile", r.profile], ["Class of player", r.player_class]]
          .filter(([, val]) => val !== undefined && val !== null && val !== "")
          .map(([k, val]) => h("div", {}, h("dt", { text: k }), h("dd", { text: String(val) })))),
      r.slips?.length ? h("ul", { class: "slips", "aria-label": "Slips on the line" }, ...r.slips.map((s) => h("li", { text: s.text }))) : null));
    if (r.witness?.length) box.append(witnessEl(v, r));
  } else if (v.claim && v.claim.status === "disputed") {
    box.append(h("p", { text: "Waiting for the adjudicator's proposal..." }));
  }
  if (v.claim && v.claim.status !== "ruled" && v.claim.status !== "agreed") {
    const r = p?.ruling || {};
    const tricks = h("input", { type: "number", min: 0, max: 13, value: r.awarded ?? r.dd ?? v.claim.tricks, id: "rule-tricks", dataset: { key: `rule-tricks-${p ? p.version : "none"}` } });
    const laws = h("input", { value: (r.laws || ["70"]).join(" "), id: "rule-laws", size: 10, dataset: { key: `rule-laws-${p ? p.version : "none"}` } });
    const text = h("input", { value: "", id: "rule-text", size: 24, dataset: { key: `rule-text-${p ? p.version : "none"}` } });
    box.append(h("form", { class: "rule-form", onsubmit: (ev) => { ev.preventDefault(); send("rule", { tricks: Number(tricks.value), laws: laws.value, text: text.value || p?.text || "" }); } },
      h("h4", { text: "Rule" }),
      h("label", {}, "Tricks to the claimer's side ", tricks),
      h("label", {}, "Laws ", laws),
      h("label", {}, "Ruling text ", text),
      h("button", { type: "submit", id: "rule-submit" }, "Give the ruling")));
  }
  box.append(h("div", { class: "row" },
    h("button", { type: "button", onclick: () => send("face_all") }, "Face all hands"),
    h("button", { type: "button", onclick: () => send("publish_score") }, "Publish the score"),
    h("button", { type: "button", onclick: () => send("establish_agreement") }, "Establish agreement")));
  if (v.pending?.kind === "54") {
    box.append(h("div", { class: "row" }, h("button", { type: "button", dataset: { action: "dummy_seen" }, onclick: () => send("dummy_seen") },
      "Declarer could have seen dummy's cards: he must accept (Law 54C)")));
  }
  if (v.phase === "ended" && v.revokes?.length) {
    box.append(h("div", { class: "row" }, h("button", { type: "button", dataset: { action: "return_hands" }, onclick: () => send("return_hands") },
      "The hands are back in the board (Law 62D)")));
  }
  if (v.flags?.length) box.append(h("ul", { class: "flags" }, ...v.flags.map(([law, t]) => h("li", { text: `Law ${law}: ${t}` }))));
  if (v.revokes?.length) box.append(h("ul", { class: "flags" }, ...v.revokes.map((r) => h("li", { text: JSON.stringify(r) }))));
  return box;
}

function witnessEl(v, r) {
  const cards = r.witness;
  const seats = r.witness_seats || [];
  const step = Math.min(state.witnessStep, cards.length);
  const played = new Set(cards.slice(0, step));
  const hands = h("div", { class: "witness-hands" });
  for (const s of SEATS) {
    if (v.hands[s] === undefined) continue;
    const left = handCards(v.hands[s]).filter((c) => !played.has(c));
    hands.append(h("div", { class: "wh" }, h("strong", { text: `${s} ` }),
      ..."SHDC".split("").map((suit) => h("span", { class: `wsuit ${isRed(suit) ? "red" : ""}` },
        `${SUIT_SYMBOL[suit]}${left.filter((c) => c[0] === suit).map((c) => rankText(c[1])).join("") || "\u2014"} `))));
  }
  const offset = v.trick.length;
  const line = h("ol", { class: "witness-line", "aria-label": "Witness line" });
  let trick = null;
  cards.forEach((c, i) => {
    if (trick === null || (i + offset) % 4 === 0) { trick = h("li", {}); line.append(trick); }
    trick.append(h("span", { class: `wcard ${i < step ? "done" : ""} ${i === step - 1 ? "now" : ""} ${isRed(c[0]) ? "red" : ""}`, "aria-label": `${SEAT_NAME[seats[i]] || ""} ${cardName(c)}` },
      `${seats[i] || ""}:${SUIT_SYMBOL[c[0]]}${rankText(c[1])} `));
  });
  const go = (n) => { state.witnessStep = Math.max(0, Math.min(cards.length, n)); render(); };
  return h("div", { class: "witness" }, h("h4", { text: `Witness line (card ${step} of ${cards.length})` }),
    h("div", { class: "row" },
      h("button", { type: "button", dataset: { key: "w-start" }, onclick: () => go(0) }, "Start"),
      h("button", { type: "button", dataset: { key: "w-prev" }, onclick: () => go(step - 1) }, "Previous card"),
      h("button", { type: "button", id: "witness-next", dataset: { key: "w-next" }, onclick: () => go(step + 1) }, "Next card"),
      h("button", { type: "button", dataset: { key: "w-end" }, onclick: () => go(cards.length) }, "End")),
    hands, line);
}

// ------------------------------------------------------------------ result

async function loadResult() {
  const t = state.table;
  const base = `/api/tables/${encodeURIComponent(t)}`;
  try {
    state.result = await api(`${base}/result`);
  } catch (e) {
    state.result = { error: e.message };
  }
  const formats = [];
  for (const f of ["pbn", "lin", "json"]) {
    try {
      const r = await fetch(`${base}/record?format=${f}`, { method: "GET" });
      if (r.ok) formats.push(f);
    } catch (e) { /* not offered */ }
  }
  state.formats = formats;
  if (state.table !== t) return;
  render();
  // the card-by-card analysis takes the solver a moment: it follows the result
  try {
    state.analysis = await api(`${base}/analysis`);
  } catch (e) {
    state.analysis = { available: false, reason: e.message, tricks: [] };
  }
  if (state.table === t) render();
}

function signed(n) { return `${n > 0 ? "+" : ""}${n}`; }

function parEl(par) {
  const text = par.contracts.length
    ? par.contracts.map((c) => `${contractText(c.contract)} by ${SEAT_NAME[c.declarer]} ${c.result === 0 ? "=" : signed(c.result)}`).join(", ")
    : "passed out";
  return h("p", { class: "par" }, h("strong", { text: "Par: " }),
    `${text}; N-S ${signed(par.score_ns)}, E-W ${signed(-par.score_ns)}`);
}

function costText(c) {
  if (c.cost === null) return "not scored by the solver";
  if (!c.cost) return `keeps ${c.after} tricks for ${c.side === "NS" ? "N-S" : "E-W"}`;
  return `cost ${c.cost} trick${c.cost > 1 ? "s" : ""}: ${c.side === "NS" ? "N-S" : "E-W"} ${c.before} \u2192 ${c.after}`;
}

function analysisEl(v) {
  const box = h("section", { class: "panel analysis", id: "analysis", "aria-label": "Card-by-card analysis" },
    h("h3", { text: "Card-by-card analysis" }));
  const a = state.analysis;
  if (!a) {
    box.append(h("p", { text: state.result ? "Analysing the play double dummy..." : "" }));
    return box;
  }
  if (!a.available) {
    box.append(h("p", { text: `No analysis: ${a.reason || "the solver is not installed"}.` }));
    return box;
  }
  const lost = { NS: 0, EW: 0 };
  for (const t of a.tricks) for (const c of t.cards) if (c.cost) lost[c.side] += c.cost;
  box.append(h("p", { class: "hint" }, a.costly
    ? `Double dummy, N-S gave away ${lost.NS} and E-W ${lost.EW} trick${lost.EW === 1 ? "" : "s"}; the marked cards cost a trick.`
    : "Double dummy, no card cost a trick.",
  a.claimed ? " The play is analysed up to the claim." : ""));
  const list = h("ol", { class: "analysis-tricks" });
  for (const t of a.tricks) {
    const cards = t.cards.map((c) => {
      const label = `${SEAT_NAME[c.seat]}: ${cardName(c.card)}, ${costText(c)}`;
      return h("li", { class: `acard${c.cost ? " costly" : ""}`, title: costText(c), "aria-label": label, dataset: { card: c.card, seat: c.seat } },
        h("span", { class: "aseat", text: c.seat }),
        h("span", { class: isRed(c.card[0]) ? "red" : "", text: `${SUIT_SYMBOL[c.card[0]]}${rankText(c.card[1])}` }),
        c.cost ? h("span", { class: "acost", text: `\u2212${c.cost}` }) : null);
    });
    list.append(h("li", { class: "atrick" },
      h("span", { class: "anum", text: `Trick ${t.number}${t.winner ? ` (${SEAT_NAME[t.winner]})` : ""}` }),
      h("ul", { class: "acards" }, ...cards)));
  }
  box.append(list);
  return box;
}

function resultEl(v) {
  const box = h("section", { class: "panel result", id: "result", "aria-label": "Result" }, h("h3", { text: "Result" }));
  const r = state.result;
  if (v.phase === "passed_out") box.append(h("p", { text: "Passed out: no score." }));
  if (r && !r.error && r.contract) {
    const made = r.tricks - (Number(r.contract[0]) + 6);
    box.append(h("p", { class: "result-line" },
      `${contractText(r.contract)}: ${r.tricks} tricks (${made >= 0 ? (made ? `made, +${made}` : "made") : `down ${-made}`}).`),
    h("p", { class: "score", text: `Score: N-S ${r.score_ns > 0 ? "+" : ""}${r.score_ns}, E-W ${-r.score_ns > 0 ? "+" : ""}${-r.score_ns}` }));
  } else if (r?.error) {
    box.append(h("p", { text: `Tricks: N-S ${v.tricks_won.NS}, E-W ${v.tricks_won.EW}` }));
  } else {
    box.append(h("p", { text: "Loading the result..." }));
  }
  if (state.formats) {
    const base = `/api/tables/${encodeURIComponent(state.table)}/record?format=`;
    box.append(h("p", { class: "downloads" }, "Record: ",
      ...state.formats.map((f) => h("a", { href: base + f, download: `board-${v.board}.${f}`, class: "download" }, f.toUpperCase(), " "))));
  }
  if (r?.dd) {
    const strains = ["N", "S", "H", "D", "C"];
    box.append(h("table", { class: "dd" }, h("caption", { text: "Double-dummy tricks" }),
      h("thead", {}, h("tr", {}, h("th", { scope: "col", text: "" }), ...strains.map((s) => h("th", { scope: "col", class: isRed(s) ? "red" : "", text: SUIT_SYMBOL[s] })))),
      h("tbody", {}, ...SEATS.map((seat) => h("tr", {}, h("th", { scope: "row", text: SEAT_NAME[seat] }),
        ...strains.map((s) => h("td", { text: String(r.dd[seat]?.[s] ?? (s === "N" ? r.dd[seat]?.NT : "") ?? "") })))))));
  }
  if (r?.par) box.append(parEl(r.par));
  return box;
}

// ------------------------------------------------------------------ claim dialog

function openClaim(mode) {
  const v = state.view;
  const dlg = $("#claim-dialog");
  const form = $("#claim-form");
  const remaining = v.hand_sizes[v.role] ?? 13;
  $("#claim-title").textContent = mode === "claim" ? "Claim" : "Concede";
  $("#claim-submit").textContent = mode === "claim" ? "Claim" : "Concede";
  $("#claim-remaining").textContent = String(remaining);
  form.tricks.max = remaining;
  form.tricks.value = mode === "claim" ? remaining : 0;
  form.statement.value = "";
  dlg.dataset.mode = mode;
  dlg.showModal();
  form.tricks.focus();
}

function setupClaimDialog() {
  const dlg = $("#claim-dialog");
  dlg.addEventListener("close", () => {
    if (dlg.returnValue !== "ok") return;
    const form = $("#claim-form");
    const args = { tricks: Number(form.tricks.value) };
    if (form.statement.value.trim()) args.statement = form.statement.value.trim();
    send(dlg.dataset.mode === "concede" ? "concede" : "claim", args);
  });
}

// ------------------------------------------------------------------ keyboard

function setupKeys() {
  document.addEventListener("keydown", (ev) => {
    const t = ev.target;
    if (!t.classList?.contains("card") || !["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown"].includes(ev.key)) return;
    const group = t.closest(".seat");
    const cards = [...group.querySelectorAll("button.card")];
    const i = cards.indexOf(t);
    const j = ev.key === "ArrowLeft" || ev.key === "ArrowUp" ? i - 1 : i + 1;
    if (cards[j]) { cards[j].focus(); ev.preventDefault(); }
  });
}

// ------------------------------------------------------------------ start

window.bt = { state, send };
setupLobby();
setupClaimDialog();
setupKeys();
window.addEventListener("hashchange", route);
route();
