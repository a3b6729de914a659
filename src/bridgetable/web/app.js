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
const NUMBER_WORD = ["zero", "one", "two", "three", "four", "five", "six", "seven"];
const SUIT_ONE = { S: "spade", H: "heart", D: "diamond", C: "club" };
// one line on each phase, under the turn
const PHASE_HELP = {
  auction: "Auction: each player calls in turn; three passes after a bid end it, four passes end the board.",
  clarification: "Clarification period: questions may be asked before the opening lead is faced (Law 41); the lead lies face down until then.",
  play: "Play: follow suit if you can; the winner of each trick leads to the next (Law 44).",
  claim: "Claim: play stops while the other players agree with the claim or dispute it (Law 68).",
  ended: "The board is over: the result, the record and the analysis are below.",
  passed_out: "Passed out: all four players passed, so there is no play and no score (Law 22B).",
};
// the one command registry (bridgetable.core.commands, GET /api/commands): each command's
// label, Law and widget; the plain buttons below are drawn from it
const COMMANDS = { player: new Map(), director: new Map() };
async function loadCommands() {
  try {
    const d = await api("/api/commands");
    for (const c of d.commands) COMMANDS[c.who].set(c.name, c);
  } catch (e) { /* a button then reads its command's name */ }
}
const commandOf = (act, who = "player") => COMMANDS[who].get(act);
const labelOf = (act, who = "player") => commandOf(act, who)?.label || act.replaceAll("_", " ");
// a plain button: a command with no argument to ask for (the others have their own forms)
const isButton = (act, who = "player") => commandOf(act, who)?.widget === "button";
// what a command does, in a sentence for a player (the registry's help; shown on hover)
const helpOf = (act, who = "player") => commandOf(act, who)?.help || undefined;
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

const state = {
  table: null, token: null, role: null, view: null, version: null, summary: null,
  ws: null, closing: false, retry: 0, nextId: 0, sent: new Map(), proposal: null,
  witnessStep: 0, result: null, resultFor: null, log: [], formats: null, analysis: null,
  anyCard: false, replacing: false, picked: null, replacedSeen: null, claimSent: null,
  confirm: (() => { try { return localStorage.getItem("bt.confirm") === "1"; } catch (e) { return false; } })(),
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
  // "one heart", "two no trump", "three spades", "pass", "double", "redouble"
  const m = /^([1-7])(NT|[CDHS])$/.exec(call);
  if (!m) return { X: "double", XX: "redouble" }[call] || call.toLowerCase();
  const n = Number(m[1]);
  const strain = m[2] === "NT" ? "no trump" : n === 1 ? SUIT_ONE[m[2]] : SUIT_NAME[m[2]];
  return `${NUMBER_WORD[n]} ${strain}`;
}

// suit symbols in text for people: "S SK, W C3" -> "S ♠K, W ♣3"; "2C" -> "2♣"
function sym(text) {
  if (text === null || text === undefined) return "";
  return String(text)
    .replace(/\b([1-7])([CDHS])(X{0,2})\b/g, (_m, l, s, x) => `${l}${SUIT_SYMBOL[s]}${x}`)
    .replace(/\b([SHDC])(10|[AKQJT2-9])\b/g, (_m, s, r) => `${SUIT_SYMBOL[s]}${r === "T" ? "10" : r}`);
}

function parseCall(text) {
  // what a person types for a call: 1h, 2n, 3nt, 4♠, p, pass, x, d, dbl, xx, r, rdbl
  const t = text.trim().toUpperCase().replace(/\s+/g, "")
    .replace("♠", "S").replace("♥", "H").replace("♦", "D").replace("♣", "C");
  if (["P", "PASS", "PA"].includes(t)) return "Pass";
  if (["X", "D", "DBL", "DOUBLE"].includes(t)) return "X";
  if (["XX", "R", "RDBL", "REDOUBLE"].includes(t)) return "XX";
  const m = /^([1-7])(NT|N|C|D|H|S)$/.exec(t);
  if (!m) return null;
  return m[1] + (m[2] === "N" ? "NT" : m[2]);
}

function setConfirm(on) {
  state.confirm = on;
  try { localStorage.setItem("bt.confirm", on ? "1" : "0"); } catch (e) { /* private mode */ }
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
  text = sym(text);
  const t = $("#toast");
  t.textContent = text;
  t.className = `toast ${kind}`;
  t.hidden = false;
  clearTimeout(announce.timer);
  announce.timer = setTimeout(() => { t.hidden = true; }, kind === "error" ? 12000 : 5000);
  // the table's messages, board by board (an earlier board's are not shown on the next);
  // a message repeated at once is kept once
  const board = state.view?.board ?? null;
  const last = state.log[0];
  if (last && last.text === text && last.table === state.table && last.board === board) return;
  state.log.unshift({ text, kind, table: state.table, board });
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
    if (!myTables().some((t) => t.id === table && t.token === token)) rememberTable({ id: table, token });
    $("#lobby").hidden = true;
    $("#table").hidden = false;
    if (state.table !== table || state.token !== token) openTable(table, token);
  } else {
    closeSocket();
    state.table = null;
    $("#table").hidden = true;
    $("#lobby").hidden = false;
    showMyTables();
    showOpenTables();
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

// a GET of this table's own pages with the page's token: a team match's room shows its seats
// a board the other room has not finished yet, and nobody else (server/matches.py)
async function apiAuthed(path) {
  const r = await fetch(path, { headers: state.token ? { Authorization: `Bearer ${state.token}` } : {} });
  const data = await r.json().catch(() => ({}));
  if (!r.ok) throw new Error(data.error || `HTTP ${r.status}`);
  return data;
}

function setupLobby() {
  const form = $("#create-form");
  const sync = () => {
    const session = form.session.value;
    // a session deals its own boards: no board number, practice contract or deal
    form.querySelector(".boards-field").hidden = session !== "set" || Boolean(form.pbn.value.trim());
    form.querySelector(".set-fields").hidden = session !== "set";
    form.querySelector(".board-field").hidden = Boolean(session);
    form.querySelector("fieldset:has(input[name=start])").hidden = Boolean(session);
    form.deal.closest("label").hidden = Boolean(session);
    // a rubber and a Chicago are rubber bridge
    if (session === "rubber" || session === "chicago") form.rules.value = "rubber";
    const practice = form.start.value === "contract" && !session;
    form.querySelector(".contract-fields").hidden = !practice;
  };
  form.addEventListener("change", sync);
  form.pbn.addEventListener("input", sync);
  // a hand record chosen as a file is read into the text box (sent as the session's pbn)
  form.pbnfile.addEventListener("change", async () => {
    const file = form.pbnfile.files[0];
    if (file) form.pbn.value = await file.text();
    sync();
  });
  sync();
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const body = {
      robots: [...form.querySelectorAll("input[name=robot]:checked")].map((i) => i.value),
      rules: form.rules.value,
      board: Number(form.board.value) || 1,
    };
    if (form.policy.value === "table") body.policy = "table";
    // the people's seats left free: listed under Open tables, taken by whoever joins
    if (form.free.checked) body.free = SEATS.filter((s) => !body.robots.includes(s));
    const session = form.session.value;
    if (session) {
      delete body.board;
      body.session = session === "set" ? { kind: "set", boards: Number(form.boards.value) || 1 } : { kind: session };
      if (session === "set") {
        const pbn = form.pbn.value.trim();
        if (pbn) { delete body.session.boards; body.session.pbn = pbn; }
        if (form.scoring.value !== "total") body.session.scoring = form.scoring.value;
      }
    } else {
      if (form.start.value === "contract") {
        body.contract = form.contract.value.trim();
        body.declarer = form.declarer.value;
      }
      if (form.deal.value.trim()) body.deal = form.deal.value.trim();
    }
    if (form.seed.value) body.seed = Number(form.seed.value);
    try {
      const t = await api("/api/tables", body);
      showCreated(t, session || null);
      showOpenTables();
    } catch (e) {
      // the links of a table made before are not this form's result: clear them
      const box = $("#created");
      box.replaceChildren();
      box.hidden = true;
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
      // the list shown before belongs to the secret given then: not this answer's
      $("#calls-list").replaceChildren();
      announce(`The calls could not be read: ${e.message}`, "error");
    }
  });
  $("#join-form").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const f = ev.target;
    const table = f.table.value.trim();
    await joinTable(table, f.role.value, f.role.value === "director" ? f.secret.value : undefined);
  });
  $("#open-tables-refresh").addEventListener("click", () => showOpenTables());
  setupMatchForm();
  showMyTables();
}

/** Join ``table`` as ``role`` (a seat, spectator or director), remember its link in this
 * browser and open it; false (and a message) when the server refuses. */
async function joinTable(table, role, secret) {
  const body = { role };
  if (secret !== undefined) body.secret = secret;
  try {
    const j = await api(`/api/tables/${encodeURIComponent(table)}/join`, body);
    rememberTable({ id: table, token: j.token, role: role === "spectator" ? "spectator" : role === "director" ? "Director" : role });
    location.hash = `t=${encodeURIComponent(table)}&k=${encodeURIComponent(j.token)}`;
    return true;
  } catch (e) {
    announce(`Could not join: ${e.message}`, "error");
    return false;
  }
}

// ------------------------------------------------------------------ open tables
// GET /api/tables: the tables of this server in play, newest first, as public summaries
// (no card, no token); a free seat has a Join button, every table a Watch button.

const PHASE_NAME = {
  auction: "auction", clarification: "before the opening lead", play: "play", claim: "claim",
  ended: "board over", passed_out: "passed out",
};
const ROOM_NAME = { open: "open room", closed: "closed room" };
const SEAT_STATE = { free: "free", taken: "taken", robot: "robot" };

function openTableKind(t) {
  if (t.match) return `team match, ${ROOM_NAME[t.match.room] || t.match.room}`;
  const ss = t.session;
  if (ss.kind === "set") return ss.boards === 1 ? "one board" : `a set of ${ss.boards} boards`;
  return KIND_NAME[ss.kind] || ss.kind;
}

function openTableState(t) {
  const phase = PHASE_NAME[t.phase] || t.phase;
  if (!t.contract) return phase;
  const [contract, declarer] = t.contract.split(" ");
  return `${phase}, ${sym(contract)} by ${SEAT_NAME[declarer] || declarer}`;
}

let openTablesAsked = 0;

async function showOpenTables() {
  const box = $("#open-tables");
  const note = box.querySelector(".open-tables-note");
  const asked = ++openTablesAsked;
  let tables;
  try {
    tables = (await api("/api/tables")).tables;
  } catch (e) {
    if (asked !== openTablesAsked) return;
    box.querySelector("ul").replaceChildren();
    note.textContent = `The tables could not be read: ${e.message}`;
    return;
  }
  if (asked !== openTablesAsked) return; // a newer answer is on its way
  note.textContent = tables.length ? "" : "No table is in play on this server.";
  box.querySelector("ul").replaceChildren(...tables.map((t) => h("li", { dataset: { table: t.id } },
    h("span", { class: "open-table-what" },
      `Table ${t.id} · board ${t.board} · ${openTableKind(t)} · ${openTableState(t)}`),
    h("span", { class: "open-table-seats" },
      SEATS.map((s) => `${SEAT_NAME[s]} ${SEAT_STATE[t.seats[s]] || t.seats[s]}`).join(", ")),
    h("span", { class: "row" },
      ...SEATS.filter((s) => t.seats[s] === "free").map((s) => h("button", {
        type: "button", class: "join-seat", dataset: { seat: s },
        "aria-label": `Join as ${SEAT_NAME[s]} at table ${t.id}`,
        onclick: async () => { if (!await joinTable(t.id, s)) showOpenTables(); },
        text: `Join as ${SEAT_NAME[s]}`,
      })),
      h("button", {
        type: "button", class: "watch", "aria-label": `Watch table ${t.id}`,
        onclick: () => joinTable(t.id, "spectator"), text: "Watch",
      })))));
}

// ------------------------------------------------------------------ team matches
// POST /api/matches (server/matches.py): two tables, the open and the closed room, the same
// boards; the links of each room's people's seats, as a new table's.

function setupMatchForm() {
  const form = $("#match-form");
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const robots = (room) => [...form.querySelectorAll(`input[name=${room}-robot]:checked`)].map((i) => i.value);
    const body = { boards: Number(form.boards.value), robots: { open: robots("open"), closed: robots("closed") } };
    const box = $("#match-created");
    if (form.seed.value) {
      const seed = Number(form.seed.value);
      if (!Number.isSafeInteger(seed)) {
        announce("The match was not created: the seed is a whole number (at most 16 digits here).", "error");
        return;
      }
      body.seed = seed;
    }
    try {
      showMatchCreated(await api("/api/matches", body));
      showOpenTables();
    } catch (e) {
      box.replaceChildren();
      box.hidden = true;
      announce(`The match was not created: ${e.message}`, "error");
    }
  });
}

function showMatchCreated(m) {
  const rooms = ["open", "closed"];
  for (const room of rooms) {
    for (const [seat, token] of Object.entries(m[room].tokens).reverse()) {
      rememberTable({ id: m[room].id, token, role: seat, kind: "match" });
    }
  }
  showMyTables();
  const box = $("#match-created");
  const roomName = (room) => (room === "open" ? "Open room" : "Closed room");
  box.replaceChildren(
    h("h3", { text: `Team match ${m.id}` }),
    h("p", { text: `${m.boards} ${m.boards === 1 ? "board" : "boards"}. Team A sits North-South in the open room and East-West in the closed room. Each link seats its holder; send them to the players.` }),
    ...rooms.map((room) => {
      const r = m[room];
      const seats = Object.entries(r.tokens);
      return h("section", { class: "match-room", "aria-label": `${roomName(room)}, table ${r.id}` },
        h("h4", { text: `${roomName(room)}: table ${r.id}` }),
        h("p", {}, "Robots: ", r.robots.length ? r.robots.map((s) => SEAT_NAME[s]).join(", ") : "none", "."),
        seats.length ? h("ul", { class: "links" }, ...seats.map(([seat, token]) => h("li", {},
          h("a", { href: tableLink(r.id, token), class: "match-link", dataset: { room, seat } },
            `${roomName(room)}: ${SEAT_NAME[seat]}`),
          " ",
          h("input", { readonly: true, value: tableLink(r.id, token), "aria-label": `Link for ${SEAT_NAME[seat]} in the ${ROOM_NAME[room]}`, size: 30 }))))
          : h("p", { text: "Robots play every seat; watch it from Open tables." }));
    }));
  box.hidden = false;
  box.querySelector("a")?.focus();
}

function showCalls(calls, secret) {
  const list = $("#calls-list");
  if (!calls.length) {
    list.replaceChildren(h("p", { text: "No table is waiting for a Director." }));
    return;
  }
  const what = (c) => {
    if (c.quarantined) return `Table ${c.id} could not be loaded and is kept out of play: ${c.reason}. `;
    if (c.fault) return `Table ${c.id}, board ${c.board}: a command was refused because a view could not be built (${c.fault}). `;
    return `Table ${c.id}, board ${c.board}: ${SEAT_NAME[c.caller]} called${c.claim ? " about the disputed claim" : ""}${c.reason ? ` (${c.reason})` : ""}. `;
  };
  list.replaceChildren(h("ul", { class: "calls" }, ...calls.map((c) => h("li", { dataset: { table: c.id } },
    what(c),
    c.quarantined ? null : h("button", { type: "button", onclick: async () => {
      try {
        const j = await api(`/api/tables/${encodeURIComponent(c.id)}/join`, { role: "director", secret });
        location.hash = `t=${encodeURIComponent(c.id)}&k=${encodeURIComponent(j.token)}`;
      } catch (e) {
        announce(`Could not join: ${e.message}`, "error");
      }
    } }, "Go to the table")))));
}

// ------------------------------------------------------------------ your tables
// The tables this browser created or joined, with their links, in localStorage only: the
// server keeps no list of a person's tables (a link is its holder's seat).

const MY_TABLES = "bt.tables";
const MY_TABLES_MAX = 30;

function myTables() {
  try {
    const list = JSON.parse(localStorage.getItem(MY_TABLES) || "[]");
    return Array.isArray(list) ? list.filter((t) => t && typeof t.id === "string" && typeof t.token === "string") : [];
  } catch (e) { return []; }
}

function saveMyTables(list) {
  try { localStorage.setItem(MY_TABLES, JSON.stringify(list.slice(0, MY_TABLES_MAX))); } catch (e) { /* private mode */ }
}

/** Remember a table's link (newest first; one entry per table and token). */
function rememberTable(entry) {
  const rest = myTables().filter((t) => !(t.id === entry.id && t.token === entry.token));
  saveMyTables([{ ...entry, at: entry.at || new Date().toISOString() }, ...rest]);
}

function forgetTable(id, token) {
  saveMyTables(myTables().filter((t) => !(t.id === id && t.token === token)));
  showMyTables();
}

const KIND_NAME = { set: "a set of boards", rubber: "a rubber", chicago: "Chicago", match: "a team match" };

function showMyTables() {
  const box = $("#my-tables");
  const list = myTables();
  box.hidden = list.length === 0;
  box.querySelector("ul").replaceChildren(...list.map((t) => h("li", { dataset: { table: t.id } },
    h("a", { href: tableLink(t.id, t.token), class: "my-table-link" },
      `Table ${t.id}${t.role ? ` as ${SEAT_NAME[t.role] || t.role}` : ""}`),
    t.kind ? ` (${KIND_NAME[t.kind] || t.kind})` : "",
    t.at ? ` · ${new Date(t.at).toLocaleString()}` : "",
    " ",
    h("button", { type: "button", class: "forget", "aria-label": `Forget table ${t.id}${t.role ? ` as ${SEAT_NAME[t.role] || t.role}` : ""}`,
      onclick: () => forgetTable(t.id, t.token), text: "Forget" }))));
}

function showCreated(t, kind = null) {
  for (const [seat, token] of Object.entries(t.tokens).reverse()) {
    rememberTable({ id: t.id, token, role: seat, kind });
  }
  showMyTables();
  const box = $("#created");
  box.replaceChildren(...[
    h("h3", { text: `Table ${t.id}` }),
    h("p", {}, Object.keys(t.tokens).length ? "Each link seats its holder; send them to the players. Robots: " : "Robots at every seat: ",
      t.robots.length ? t.robots.map((s) => SEAT_NAME[s]).join(", ") : "none", "."),
    t.policy === "table" ? h("p", { class: "table-mode-note", text: "Table mode: irregularities are accepted and the Laws' rectifications offered." }) : null,
    t.free?.length ? h("p", { class: "free-note", text: `Free seats, listed under Open tables for anyone to take: ${t.free.map((s) => SEAT_NAME[s]).join(", ")}.` }) : null,
    h("ul", { class: "links" }, ...Object.entries(t.tokens).map(([seat, token]) => h("li", {},
      h("a", { href: tableLink(t.id, token), class: "seat-link", dataset: { seat } },
        `Play as ${SEAT_NAME[seat]}`),
      " ",
      h("input", { readonly: true, value: tableLink(t.id, token), "aria-label": `Link for ${SEAT_NAME[seat]}`, size: 30 })))),
    h("p", {}, "Table id for spectators and the Director: ", h("code", { text: t.id })),
  ].filter(Boolean));
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
    log: [], replacing: false, picked: null, replacedSeen: null, claimSent: null, past: null,
  });
  state.sent.clear();
  $("#toast").hidden = true;
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
      const why = ev.code === 4401 ? "This link's token is not valid for the table."
        : ev.code === 4404 ? "There is no such table." : null;
      if (why) {
        setStatus(why);
        $("#felt").replaceChildren(h("p", { class: "prompt", text: why }),
          h("p", {}, h("a", { href: "#", text: "Back to the lobby" })));
      }
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
      state.session = msg.session || null;
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
      if (sent && (sent.action === "claim" || sent.action === "concede")) claimAccepted();
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
  if (sent && (sent.action === "claim" || sent.action === "concede") && $("#claim-dialog").open) {
    claimRefused(msg, text); // the dialog stays open with the player's text
    return;
  }
  announce(text, "error");
  render();
}

function retryStale() {
  for (const [id, s] of state.sent) {
    if (s.after !== undefined && state.version >= s.after) {
      state.sent.delete(id);
      const offered = state.view.actions.includes(s.action) || (state.session?.actions || []).includes(s.action);
      if (state.role === "director" || offered) send(s.action, s.args);
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
  return id;
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
  noteReplacements(v);
  if (!v.actions.includes("replace_call")) state.replacing = false;
  if (state.picked && !pickStillGood(v, state.picked)) state.picked = null;
  // one result and one analysis per board of the table's session: an earlier board's are
  // dropped before anything is drawn, so they never show beside this board's end
  const boardKey = `${state.table}/${v.board}`;
  const load = (v.phase === "ended" || v.phase === "passed_out") && state.resultFor !== boardKey;
  if (load) {
    state.resultFor = boardKey;
    state.result = null;
    state.analysis = null;
    state.formats = null;
  }
  renderInfo(v);
  renderFelt(v);
  renderSide(v);
  restoreInputs(inputs);
  if (key) document.querySelector(`[data-key="${CSS.escape(key)}"]`)?.focus();
  followFocus(v);
  if (load) loadResult();
}

// focus follows the action: when the focused control went away with a re-render (a card
// played, a call made), focus goes to the next control this player needs, never the page
function followFocus(v) {
  if ($("#claim-dialog").open || $("#table").hidden) return;
  const a = document.activeElement;
  const passive = !a || a === document.body || a === $("#main") || a.id === "turn" || !a.isConnected;
  if (!passive) return;
  const target = focusTarget(v);
  if (target && target !== a) target.focus();
}

function focusTarget(v) {
  const side = $("#side");
  const first = (sel) => document.querySelector(sel);
  if (state.picked) return first("#confirm-yes");
  if (state.replacing) return first(".callbox.replacing .bid:not([disabled])");
  if (v.actions.includes("call")) return first("#call-text");
  if (v.actions.includes("choose")) return first(".pending button.option");
  if (v.actions.includes("play") || v.actions.includes("choose_for_dummy")) {
    const hand = v.hand_to_play ? `.seat[data-seat="${v.hand_to_play}"] ` : "";
    return first(`${hand}button.card.legal`) || first(".seat button.card.legal") || first("#play-text") || first("#designate-text");
  }
  if (v.actions.includes("face_lead")) return first("[data-action='face_lead']");
  if (v.claim && v.claim.status !== "ruled") {
    const b = side.querySelector("#claim-panel button, .actions button.action");
    if (b) return b;
  }
  if (v.actions.includes("replace_call")) return first("#replace-call");
  return first("#turn");
}

// what the person typed or chose, kept across a re-render; a field marked data-prefill that
// nobody has typed in is not kept, so a newer default (the Director's form pre-filled from a
// proposal that came later) replaces it, never a figure typed
function touch(ev) { ev.target.dataset.touched = ""; }

function saveInputs() {
  const out = {};
  for (const el of document.querySelectorAll("#side [data-key]")) {
    if (el.dataset.prefill !== undefined && el.dataset.touched === undefined) continue;
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
    if (el.dataset.prefill !== undefined) el.dataset.touched = "";  // (still the person's)
  }
}

function viewerSeat(v) { return SEATS.includes(v.role) ? v.role : "S"; }

function positions(v) {
  const me = viewerSeat(v);
  return { [me]: "bottom", [nextSeat(me, 1)]: "left", [nextSeat(me, 2)]: "top", [nextSeat(me, 3)]: "right" };
}

function tricksText(v) {
  // tricks won so far, with a claim's award once it is settled (the engine's count of
  // quitted tricks does not hold the claimed ones)
  const won = { ...v.tricks_won };
  const c = v.claim;
  if (c && c.awarded !== null && c.awarded !== undefined) {
    const mine = sideOf(c.claimer);
    won[mine] += c.awarded;
    won[mine === "NS" ? "EW" : "NS"] += c.remaining - c.awarded;
  }
  return `N-S ${won.NS} \u00b7 E-W ${won.EW}`;
}

function renderInfo(v) {
  const fromDummy = v.phase === "play" && v.to_act === v.declarer && v.hand_to_play === v.dummy;
  const verb = v.phase === "auction" ? "call" : fromDummy ? "play from dummy"
    : v.phase === "play" && v.to_act === v.hand_to_play ? "play" : "act";
  const turn = v.to_act ? `${SEAT_NAME[v.to_act]} to ${verb}` : "";
  const items = [
    ["Board", v.board],
    ["Dealer", SEAT_NAME[v.dealer]],
    ["Vulnerable", { None: "None", NS: "N-S", EW: "E-W", Both: "Both", All: "Both" }[v.vulnerability] ?? v.vulnerability],
    ["Contract", v.contract ? contractText(v.contract) : "\u2014"],
    ["Tricks", tricksText(v)],
    ["You", roleName(v.role)],
  ];
  $("#board-info").replaceChildren(
    h("dl", {}, ...items.map(([k, val]) => h("div", {}, h("dt", { text: k }), h("dd", { text: String(val) })))),
    h("p", { class: "turn", id: "turn", "aria-live": "polite", tabindex: -1 },
      phaseText(v), turn ? ` \u2014 ${turn}` : "", isMyTurn(v) ? " (your turn)" : ""),
    h("p", { class: "phase-help", id: "phase-help", text: PHASE_HELP[v.phase] || "" }),
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

function cardEl(card, { playable = false, legal = false, owner = null, small = false, faceDown = false, label = null, focusable = true } = {}) {
  const suit = card[0];
  const attrs = {
    class: `card ${isRed(suit) ? "red" : "black"}${legal ? " legal" : ""}${small ? " small" : ""}${faceDown ? " facedown-up" : ""}`,
    "aria-label": label || cardName(card) + (legal ? ", playable" : ""),
    dataset: { card, key: `card-${owner || ""}-${card}` },
  };
  if (state.picked?.kind === "card" && state.picked.card === card && playable) attrs.class += " picked";
  const face = [h("span", { class: "rank", "aria-hidden": "true", text: rankText(card[1]) }),
    h("span", { class: "suit", "aria-hidden": "true", text: SUIT_SYMBOL[suit] })];
  if (!playable) return h("span", { ...attrs, role: "img" }, ...face);
  // a card that may not be played now stays clickable (the server says why) but takes no
  // Tab stop: only the playable cards do. Its name ("ace of spades") is its text, hidden
  // from sight, as the face is from screen readers
  const name = attrs["aria-label"];
  delete attrs["aria-label"];
  return h("button", { ...attrs, type: "button", tabindex: focusable ? null : -1, onclick: () => pickCard(card, owner) },
    ...face, h("span", { class: "sr-only", text: name }));
}

function pickCard(card, owner) {
  if (state.confirm) {
    const whose = owner && owner !== state.view.role ? `${SEAT_NAME[owner]}'s ` : "the ";
    state.picked = { kind: "card", card, owner, text: `Play ${whose}${SUIT_SYMBOL[card[0]]}${rankText(card[1])}?`, label: `Play ${whose}${cardName(card)}` };
    render();
    $("#confirm-yes")?.focus();
    return;
  }
  playCard(card, owner);
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

function turnWord(v) {
  if (v.phase === "auction") return "to call";
  if (v.phase === "clarification" && v.face_down_leader) return "to face the lead";
  if (v.phase === "clarification") return "to lead";
  return "to play";
}

function seatEl(v, seat, where) {
  const turn = v.to_act === seat || (v.hand_to_play === seat && v.phase === "play");
  const label = seatLabel(v, seat);
  const word = turn ? (v.phase === "play" && v.hand_to_play === seat ? "to play" : turnWord(v)) : "";
  const box = h("section", {
    class: `seat ${where}${turn ? " to-act" : ""}${seat === v.role ? " mine" : ""}`,
    "aria-label": `${label.join(", ")}${turn ? `, ${word}` : ""}`,
    dataset: { seat },
  });
  box.append(h("h3", { class: "seat-name" }, SEAT_NAME[seat],
    ...label.slice(1).map((t) => h("span", { class: `tag tag-${t}`, text: t })),
    turn ? h("span", { class: "tag tag-turn", text: word }) : null));
  const myPlay = v.actions.includes("play") || v.actions.includes("choose_for_dummy");
  const legal = new Set(v.legal_cards);
  const controls = seat === v.role || (seat === v.dummy && v.role === v.declarer && v.hand_to_play === seat)
    || (seat === v.dummy && v.actions.includes("choose_for_dummy"));
  const playable = (c) => (myPlay && controls && (seat === v.hand_to_play || v.phase !== "play" || legal.has(c)))
    || anyCardFrom(v, seat);
  const focusable = (c) => legal.has(c) || anyCardFrom(v, seat);
  if (v.deal && v.deal[seat] !== undefined) {
    // after the board the four hands as dealt are shown to everyone (Law 66D)
    const cards = handCards(v.deal[seat]);
    box.append(h("div", { class: "hand rows dealt", role: "group", "aria-label": `${SEAT_NAME[seat]}'s hand as dealt` },
      ...[..."SHDC"].map((s) => h("div", { class: "suit-row" },
        h("span", { class: `suit-label ${isRed(s) ? "red" : ""}`, "aria-hidden": "true", text: SUIT_SYMBOL[s] }),
        ...cards.filter((c) => c[0] === s).map((c) => cardEl(c, { small: true, owner: seat }))))));
  } else if (v.hands[seat] !== undefined) {
    if (seat === v.dummy && v.dummy_columns.length && seat !== v.role) {
      box.append(dummyEl(v, seat, where, legal, playable, focusable));
    } else {
      const cards = handCards(v.hands[seat]);
      const bySuit = h("div", { class: `hand ${where === "bottom" || where === "top" ? "fan" : "rows"}`, role: "group", "aria-label": `${SEAT_NAME[seat]}'s hand` });
      if (where === "bottom" || where === "top") {
        for (const c of cards) bySuit.append(cardEl(c, { playable: playable(c), legal: legal.has(c) && playable(c), owner: seat, focusable: focusable(c) }));
      } else {
        for (const s of "SHDC") {
          const row = cards.filter((c) => c[0] === s);
          bySuit.append(h("div", { class: "suit-row" }, h("span", { class: `suit-label ${isRed(s) ? "red" : ""}`, "aria-hidden": "true", text: SUIT_SYMBOL[s] }),
            ...row.map((c) => cardEl(c, { playable: playable(c), legal: legal.has(c) && playable(c), owner: seat, small: true, focusable: focusable(c) }))));
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
    box.append(h("div", { class: "penalty", role: "group", "aria-label": "penalty cards" }, "Penalty cards: ",
      ...v.penalty_cards[seat].map((c) => cardEl(c, { small: true, playable: playable(c), owner: seat, focusable: focusable(c) }))));
  }
  return box;
}

function dummyEl(v, seat, where, legal, playable, focusable) {
  // Law 41D: one column per suit, trumps on dummy's right, cards from the one nearest declarer
  const vertical = where === "top" || where === "bottom";
  const cols = v.dummy_columns.slice();
  if (where === "left") cols.reverse();
  const wrap = h("div", { class: `dummy ${vertical ? "columns" : "rows"}`, role: "group", "aria-label": `Dummy's cards (${SEAT_NAME[seat]})` });
  for (const col of cols) {
    let cards = col.cards.slice(); // nearest declarer first
    if (where === "top" || where === "left") cards = cards.reverse();
    wrap.append(h("div", { class: `dummy-col${col.trumps ? " trumps" : ""}`, role: "group", "aria-label": `${SUIT_NAME[col.suit]}${col.trumps ? " (trumps)" : ""}` },
      ...cards.map((c) => cardEl(c, { playable: playable(c), legal: legal.has(c) && playable(c), owner: seat, small: !vertical, focusable: focusable(c) }))));
  }
  return wrap;
}

function marksEl(marks) {
  // Law 65B: each quitted card lies face down, lengthwise towards partner when won by his
  // side, crosswise when won by the opponents; the words say the same beside them
  const us = marks.filter(Boolean).length;
  return h("div", { class: "marks-box" },
    h("div", { class: "marks", role: "list", "aria-label": "My quitted cards (Law 65)" },
      ...marks.map((won, i) => h("span", {
        class: `mark ${won ? "won" : "lost"}`, role: "listitem",
        "aria-label": `trick ${i + 1}: won by ${won ? "us" : "them"}`, title: `Trick ${i + 1}: won by ${won ? "us" : "them"}`,
      }))),
    h("p", { class: "marks-text" }, `Won by us: ${us} \u00b7 by them: ${marks.length - us}`));
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
  // during the auction the calls so far stand above the bidding box (on a phone too)
  const auctionFirst = v.phase === "auction";
  if (auctionFirst) side.push(auctionEl(v));
  side.push(actionsEl(v));
  if (v.claim) side.push(claimEl(v));
  if (v.role === "director") side.push(directorEl(v));
  if (v.phase === "ended" || v.phase === "passed_out") side.push(resultEl(v));
  if (state.session && (v.phase === "ended" || v.phase === "passed_out" || state.session.results.length)) {
    side.push(sessionEl(state.session));
  }
  if (state.session?.match) side.push(matchEl(state.session.match));
  if (v.phase === "ended") side.push(analysisEl(v));
  if (!auctionFirst && v.auction.length) side.push(auctionEl(v));
  if (v.answers.length || v.explanations.length) side.push(answersEl(v));
  const log = state.log.filter((m) => m.table === state.table && m.board === v.board);
  if (log.length) {
    side.push(h("section", { class: "panel log", "aria-label": "Messages" }, h("h3", { text: "Messages" }),
      h("ul", {}, ...log.map((m) => h("li", { class: m.kind, text: m.text })))));
  }
  $("#side").replaceChildren(...side.filter(Boolean));
}

function actionsEl(v) {
  const box = h("section", { class: "panel actions", "aria-label": "Your actions" }, h("h3", { text: "Your actions" }));
  const a = new Set(v.actions);
  if (v.role === "spectator") box.append(h("p", { text: "You are watching; spectators see no concealed hand." }));
  if (state.picked) box.append(confirmEl(state.picked));
  if (a.has("play")) {
    const fromDummy = v.hand_to_play === v.dummy && v.role === v.declarer && v.phase === "play";
    box.append(h("p", { class: "hint", text: fromDummy
      ? "Play from dummy: click a highlighted card or name it."
      : "Play a card: the highlighted cards are legal. Or type one: sa, h10, low, high, h (the lowest heart)." }));
    if (!fromDummy) box.append(playTextEl(v));
  }
  if (a.has("designate")) {
    const input = h("input", { id: "designate-text", "aria-label": "Name dummy's card", placeholder: "low, high, a suit, a rank", size: 18, dataset: { key: "designate" }, autocomplete: "off" });
    box.append(h("form", { class: "row", onsubmit: (e) => { e.preventDefault(); if (input.value.trim()) { send("designate", { text: input.value.trim() }); input.value = ""; } } },
      h("label", { for: "designate-text", text: "Dummy plays" }), input, h("button", { type: "submit", text: "Play" })));
  }
  if (a.has("replace_call")) box.append(replaceEl(v));
  if (state.replacing && a.has("replace_call")) {
    box.append(callBoxEl(v, { calls: v.replace_calls, action: "replace_call", replacing: true }));
  } else if (a.has("call")) {
    box.append(callBoxEl(v, { calls: v.legal_calls, action: "call" }));
  }
  for (const act of v.actions) {
    if (!isButton(act)) continue;
    box.append(h("button", { type: "button", class: "action", title: helpOf(act), dataset: { action: act, key: `act-${act}` }, onclick: () => send(act) },
      labelOf(act)));
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
      h("span", { text: `Trick ${last + 1}: your card lies as won by ${won ? "us" : "them"} (Law 65B).` }),
      h("button", { type: "button", dataset: { action: "mark_trick", key: "act-mark-trick" },
        onclick: () => send("mark_trick", { trick: last, won: !won }) },
      `Turn it: won by ${won ? "them" : "us"}`)));
  }
  if (v.pending) box.append(pendingEl(v));
  box.append(...tableModeEls(v));
  if (box.childElementCount === 1) {
    const c = v.claim;
    const waiting = c && c.status === "disputed"
      ? (v.role === "director" ? "The claim is disputed: rule on it in the Director's console below."
        : c.director_called ? "The Director has been called and will rule." : "Waiting for the others' answer to the dispute.")
      : v.to_act ? `Waiting for ${SEAT_NAME[v.to_act]}.` : "Nothing to do now.";
    box.append(h("p", { class: "hint", text: waiting }));
  }
  // a Director call is made aloud (Law 9B): the whole table sees who called and why
  const dc = v.director_call;
  if (dc) {
    const who = dc.caller === v.role ? "You have" : `${SEAT_NAME[dc.caller]} has`;
    const about = dc.reason ? `: \u201c${dc.reason}\u201d` : dc.claim ? " about the disputed claim" : "";
    box.append(h("p", { class: "hint director-call", dataset: { key: "director-call" }, text: `${who} called the Director${about} (Law 9B).` }));
  }
  if (SEATS.includes(v.role) && ["auction", "clarification", "play"].includes(v.phase)) {
    const box2 = h("input", { type: "checkbox", id: "confirm-setting", checked: state.confirm, dataset: { key: "confirm-setting" },
      onchange: (ev) => { setConfirm(ev.target.checked); state.picked = null; render(); } });
    box.append(h("div", { class: "row setting" }, h("label", { for: "confirm-setting" }, box2, " Confirm each call and card")));
  }
  if (a.has("call_director")) {
    // Law 9B: any player may summon the Director (dummy during play only after attention
    // is drawn to an irregularity, 43A1a)
    const input = h("input", { "aria-label": "Reason for calling the Director", placeholder: "reason (the table sees it)", dataset: { key: "td-reason" }, size: 24 });
    // (opened for a disputed claim until the Director has been called about it; he may still
    // be called again, about anything else)
    const open = v.claim && v.claim.status === "disputed" && !v.claim.director_called;
    box.append(h("details", { class: "call-director", open: open || null },
      h("summary", { text: "Call the Director" }),
      h("form", { class: "row", onsubmit: (ev) => { ev.preventDefault(); send("call_director", { reason: input.value }); } },
        input, h("button", { type: "submit", dataset: { action: "call_director" }, text: "Send the call" }))));
  }
  return box;
}

function pendingEl(v) {
  // table mode: a rectification awaits its chooser (the options go to him and the Director).
  // The engine names what happened (p.text) and each option's label, Law and id
  // (bridgetable.core.rectifications); nothing here knows a Law.
  const p = v.pending;
  const who = (p.choosers || []).map((s) => SEAT_NAME[s]).join(" or ") || "the Director";
  const mine = v.options.length > 0 && v.actions.includes("choose");
  const about = p.card ? `, about ${p.offender ? `${SEAT_NAME[p.offender]}'s ` : "the "}${cardName(p.card)}` : p.offender ? ` (${SEAT_NAME[p.offender]})` : "";
  const box = h("div", { class: "prompt pending", role: "group", "aria-label": "Rectification", dataset: { kind: p.kind } },
    h("p", { text: mine
      ? `${p.text || "Choose the rectification"}${about} (Law ${p.law}):`
      : `${who} to choose (Law ${p.law})${about}.` }));
  const law = (o) => h("span", { class: "law", text: `(Law ${o.law})` });
  if (mine) {
    box.append(h("div", { class: "options", role: "group", "aria-label": "Options" },
      ...v.options.map((o) => h("button", { type: "button", class: "option", dataset: { option: o.id, key: `opt-${p.kind}-${o.id}` },
        onclick: () => send("choose", { option: o.id }) }, o.label, " ", law(o)))));
  } else {
    const options = p.options || [];
    if (options.length) box.append(h("ul", { class: "options", "aria-label": "Options" }, ...options.map((o) => h("li", { text: `${o.label} (Law ${o.law})` }))));
  }
  return box;
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

const CALL_ORDER = ["Pass", "X", "XX"];
for (let level = 1; level <= 7; level++) for (const st of ["C", "D", "H", "S", "NT"]) CALL_ORDER.push(`${level}${st}`);

function sendCall(action, call, extra = {}) {
  const args = { call, ...extra };
  if (state.confirm) {
    state.picked = { kind: "call", action, args, text: `${action === "replace_call" ? "Replace it by" : "Call"} ${callText(call)}?`, label: `${action === "replace_call" ? "Replace it by" : "Call"} ${callName(call)}` };
    render();
    $("#confirm-yes")?.focus();
    return;
  }
  send(action, args);
  state.replacing = false;
}

function callBoxEl(v, { calls, action, replacing = false }) {
  // the bidding box: Pass, X and XX first, then the bids; only the calls the engine allows
  // now are enabled (view.legal_calls, or view.replace_calls under Law 25A). One Tab stop:
  // the arrow keys move within it; a call can also be typed (1h, 2n, p, x, xx)
  const legal = new Set(calls || []);
  const alert = h("input", { type: "checkbox", id: "call-alert", dataset: { key: "call-alert" } });
  const expl = h("input", { id: "call-expl", "aria-label": "Explanation of the alerted call", placeholder: "explanation", dataset: { key: "call-expl" }, size: 14 });
  const extra = () => {
    const out = {};
    if (alert.checked) out.alert = true;
    if (expl.value.trim()) out.explanation = expl.value.trim();
    return out;
  };
  const choose = (call) => {
    const args = extra();
    alert.checked = false; expl.value = "";
    sendCall(action, call, args);
  };
  const enabled = CALL_ORDER.filter((c) => legal.has(c));
  const stop = enabled.includes("Pass") ? "Pass" : enabled[0];
  // the name is the spoken call ("one heart"): the symbol is hidden from screen readers
  const make = (call) => h("button", {
    type: "button", class: `bid ${/[HD]$/.test(call) ? "red" : ""}${state.picked?.args?.call === call ? " picked" : ""}`, disabled: !legal.has(call),
    tabindex: call === stop ? 0 : -1, dataset: { call, key: `${replacing ? "rcall" : "call"}-${call}` },
    title: legal.has(call) ? callName(call) : `${callName(call)}: not allowed now`,
    onclick: () => choose(call),
  }, h("span", { "aria-hidden": "true", text: callText(call) }), h("span", { class: "sr-only", text: callName(call) }));
  const grid = h("div", { class: "bidbox", role: "group", "aria-label": "Bids" });
  for (const c of CALL_ORDER.slice(3)) grid.append(make(c));
  const others = h("div", { class: "row calls-other", role: "group", "aria-label": "Pass, double, redouble" }, make("Pass"), make("X"), make("XX"));
  const box = h("div", { class: `callbox${replacing ? " replacing" : ""}`, role: "group", "aria-label": replacing ? "Replace the call" : "Bidding box", onkeydown: (ev) => callKeys(ev, box, typed) });
  const typed = h("input", { id: replacing ? "replace-text" : "call-text", "aria-label": replacing ? "Type the intended call" : "Type a call", placeholder: "1h, 2n, p, x, xx", size: 10, autocomplete: "off", dataset: { key: replacing ? "replace-text" : "call-text" }, "aria-describedby": "call-typed-msg" });
  const msg = h("span", { class: "typed-msg", id: "call-typed-msg", "aria-live": "polite" });
  const form = h("form", { class: "row call-typed", onsubmit: (ev) => {
    ev.preventDefault();
    const call = parseCall(typed.value);
    if (!call) { msg.textContent = `"${typed.value}" is not a call: type 1h, 2n, p, x or xx.`; return; }
    if (!legal.has(call)) { msg.textContent = `${callText(call)} is not allowed now.`; return; }
    typed.value = "";
    choose(call);
  } }, h("label", { for: typed.id, text: replacing ? "Intended call" : "Call" }), typed, h("button", { type: "submit", text: replacing ? "Replace" : "Make the call" }), msg);
  box.append(form, others, grid, h("div", { class: "row" }, h("label", {}, alert, " Alert"), expl));
  if (replacing) {
    box.append(h("div", { class: "row" }, h("button", { type: "button", dataset: { key: "replace-cancel" }, onclick: () => { state.replacing = false; render(); } }, "Keep my call")));
  }
  return box;
}

function callKeys(ev, box, typed) {
  // arrows move between the enabled calls (up and down by a level); a letter or digit starts
  // a typed call
  const t = ev.target;
  if (t === typed) {
    if (ev.key === "ArrowDown") { box.querySelector(".bid[tabindex='0']")?.focus(); ev.preventDefault(); }
    return;
  }
  if (!t.classList?.contains("bid")) return;
  const calls = [...box.querySelectorAll(".bid")];
  const i = calls.indexOf(t);
  const step = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -5, ArrowDown: 5 }[ev.key];
  let j = null;
  if (step !== undefined) {
    // Pass, X, XX sit above the bids: up from the first level reaches them
    j = i + step;
    if (i < 3 && step === 5) j = 3 + i;
    if (i >= 3 && i < 8 && step === -5) j = Math.min(i - 3, 2);
    while (j >= 0 && j < calls.length && calls[j].disabled) j += Math.sign(step);
  } else if (ev.key === "Home") j = calls.findIndex((b) => !b.disabled);
  else if (ev.key === "End") j = calls.length - 1 - [...calls].reverse().findIndex((b) => !b.disabled);
  else if (/^[0-9a-zA-Z]$/.test(ev.key) && !ev.ctrlKey && !ev.metaKey && !ev.altKey) {
    typed.focus();
    typed.value += ev.key;
    ev.preventDefault();
    return;
  }
  if (j === null) return;
  ev.preventDefault();
  const target = calls[j];
  if (!target || target.disabled) return;
  for (const b of calls) b.tabIndex = -1;
  target.tabIndex = 0;
  target.focus();
}

function replaceEl(v) {
  // Law 25A: a call that was not the one intended may be replaced at once, until partner calls
  const mine = v.auction[v.replace_index];
  const text = mine ? callText(mine.call) : "call";
  return h("div", { class: "row replace" },
    h("button", { type: "button", id: "replace-call", dataset: { action: "replace_call", key: "act-replace" }, "aria-expanded": state.replacing ? "true" : "false",
      onclick: () => { state.replacing = !state.replacing; render(); } },
    `My ${text} was not the call I meant: replace it`),
    h("span", { class: "law", text: "(Law 25A: at once, before partner calls; the opponents are told)" }));
}

function confirmEl(p) {
  const yes = () => {
    state.picked = null;
    if (p.kind === "card") playCard(p.card, p.owner); else { send(p.action, p.args); state.replacing = false; }
    render();
  };
  const no = () => { state.picked = null; render(); };
  return h("div", { class: "prompt confirm", role: "group", "aria-label": "Confirm", onkeydown: (ev) => { if (ev.key === "Escape") { ev.preventDefault(); no(); } } },
    h("span", { class: "confirm-text", text: `${p.text} ` }),
    h("button", { type: "button", id: "confirm-yes", "aria-label": p.label, dataset: { key: "confirm-yes" }, onclick: yes }, "Confirm"),
    h("button", { type: "button", id: "confirm-no", dataset: { key: "confirm-no" }, onclick: no }, "Cancel"));
}

function pickStillGood(v, p) {
  if (p.kind === "card") return v.actions.includes("play") || v.actions.includes("choose_for_dummy") || state.anyCard;
  return v.actions.includes(p.action);
}

function noteReplacements(v) {
  // Law 25A: tell everyone at the table when a call is replaced
  const n = v.auction.filter((e) => e.replaced).length;
  if (state.replacedSeen !== null && n > state.replacedSeen) {
    const said = v.answers.filter((t) => t.includes("(Law 25A)"));
    if (said.length) announce(said[said.length - 1]);
  }
  state.replacedSeen = n;
}

const RANK_WORD = { ACE: "A", KING: "K", QUEEN: "Q", JACK: "J", TEN: "T", 10: "T" };

function resolveOwnCard(text, v) {
  // what a player types for a card of his own hand: sa, as, h10, low, high, h (lowest heart),
  // "low h"; Law 46B's reading of a designation, here for one's own cards
  const legal = v.legal_cards.slice();
  let words = text.trim().toUpperCase().replace(/[♠]/g, " S ").replace(/[♥]/g, " H ")
    .replace(/[♦]/g, " D ").replace(/[♣]/g, " C ").split(/[\s,]+/).filter(Boolean);
  if (words.length === 1 && /^[SHDC](10|[AKQJT2-9])$/.test(words[0])) words = [words[0][0], words[0].slice(1)];
  else if (words.length === 1 && /^(10|[AKQJT2-9])[SHDC]$/.test(words[0])) words = [words[0].slice(-1), words[0].slice(0, -1)];
  let suit = null; let rank = null; let how = null;
  for (const w of words) {
    if (["S", "H", "D", "C"].includes(w) || ["SPADES", "HEARTS", "DIAMONDS", "CLUBS", "SPADE", "HEART", "DIAMOND", "CLUB"].includes(w)) suit = w[0];
    else if (["LOW", "SMALL", "LOWEST", "L"].includes(w)) how = "low";
    else if (["HIGH", "TOP", "HIGHEST"].includes(w)) how = "high";
    else if (/^(10|[AKQJT2-9])$/.test(w)) rank = w === "10" ? "T" : w;
    else if (RANK_WORD[w]) rank = RANK_WORD[w];
    else return { error: `"${w.toLowerCase()}" is not a card, a suit, high or low.` };
  }
  if (!suit && !rank && !how) return { error: "Type a card: sa, h10, low, high or a suit." };
  let cands = legal.slice();
  if (suit) cands = cands.filter((c) => c[0] === suit);
  if (rank) cands = cands.filter((c) => c[1] === rank);
  if (!cands.length) return { error: `${text.trim()}: no card you may play now.` };
  const suits = new Set(cands.map((c) => c[0]));
  if (suits.size > 1) {
    const led = v.trick.length ? v.trick[0][1][0] : null;
    const inLed = led ? cands.filter((c) => c[0] === led) : [];
    if (inLed.length) cands = inLed; else return { error: `${text.trim()}: name the suit too.` };
  }
  cands.sort((a, b) => RANKS.indexOf(a[1]) - RANKS.indexOf(b[1])); // high to low
  if (rank) return { card: cands[0] };
  return { card: how === "high" ? cands[0] : cands[cands.length - 1] };
}

function playTextEl(v) {
  const input = h("input", { id: "play-text", "aria-label": "Name your card", placeholder: "sa, low, h", size: 12, autocomplete: "off", dataset: { key: "play-text" }, "aria-describedby": "play-text-msg" });
  const msg = h("span", { class: "typed-msg", id: "play-text-msg", "aria-live": "polite" });
  return h("form", { class: "row play-typed", onsubmit: (ev) => {
    ev.preventDefault();
    const got = resolveOwnCard(input.value, state.view);
    if (got.error) { msg.textContent = got.error; return; }
    input.value = "";
    pickCard(got.card, state.view.role);
  } }, h("label", { for: "play-text", text: "I play" }), input, h("button", { type: "submit", text: "Play it" }), msg);
}

function auctionEl(v) {
  const order = ["W", "N", "E", "S"];
  const table = h("table", { class: "auction" }, h("caption", { text: "Auction" }),
    h("thead", {}, h("tr", {}, ...order.map((s) => h("th", { scope: "col", text: SEAT_NAME[s] })))));
  const body = h("tbody");
  let row = h("tr");
  for (let i = 0; i < order.indexOf(v.dealer); i++) row.append(h("td"));
  const notes = [];
  const replaced = [];
  v.auction.forEach((e, i) => {
    if (row.childElementCount === 4) { body.append(row); row = h("tr"); }
    const alerted = e.alert || e.explanation;
    if (alerted) notes.push([i, e]);
    if (e.replaced) replaced.push(e);
    const label = `${SEAT_NAME[e.seat]}: ${callName(e.call)}${e.replaced ? `, in place of an unintended ${callName(e.replaced)} (Law 25A)` : ""}${e.alert ? ", alerted" : ""}${e.explanation ? `: ${e.explanation}` : ""}`;
    row.append(h("td", { class: `${alerted ? "alerted" : ""} ${e.replaced ? "replaced" : ""} ${/[HD]$/.test(e.call) ? "red" : ""}`, "aria-label": label, title: e.explanation || (e.replaced ? `replaces ${callText(e.replaced)} (Law 25A)` : "") },
      e.replaced ? h("s", { class: "unintended", "aria-hidden": "true", text: callText(e.replaced) }) : null,
      e.replaced ? " " : null,
      callText(e.call), e.alert ? h("sup", { class: "alert-mark", text: "!" }) : null));
  });
  if (v.phase === "auction" && v.to_act) {
    if (row.childElementCount === 4) { body.append(row); row = h("tr"); }
    row.append(h("td", { class: "next", text: "?" }));
  }
  if (row.childElementCount) body.append(row);
  table.append(body);
  return h("section", { class: `panel auction-panel${v.phase === "auction" ? " live" : ""}`, "aria-label": "Auction so far" }, table,
    notes.length ? h("ul", { class: "alerts" }, ...notes.map(([i, e]) => h("li", {}, `${callText(e.call)} (${SEAT_NAME[e.seat]}): `, e.explanation || "alerted"))) : null,
    replaced.length ? h("ul", { class: "alerts replacements", "aria-label": "Calls replaced" }, ...replaced.map((e) => h("li", { text: `${SEAT_NAME[e.seat]}'s ${callText(e.call)} replaces an unintended ${callText(e.replaced)} (Law 25A).` }))) : null);
}

function answersEl(v) {
  return h("section", { class: "panel", "aria-label": "Answers" }, h("h3", { text: "Answers and explanations" }),
    h("ul", {}, ...v.answers.map((t) => h("li", { text: sym(t) })),
      ...v.explanations.map(([i, t]) => h("li", { text: `${v.auction[i] ? `${SEAT_NAME[v.auction[i].seat]}'s ${callText(v.auction[i].call)}` : `call ${i + 1}`}: ${t}` }))));
}

function splitLine(text) {
  // a ruling's text (suit symbols in) and its line ("Line: S SA, W S3, ...; N ..."), as
  // [the text before the line, its tricks]; no tricks where it has no line
  const t = sym(text);
  const k = t.indexOf(" Line: ");
  return k < 0 ? [t, []] : [t.slice(0, k), t.slice(k + 7).replace(/\.$/, "").split("; ")];
}

function rulingEl(cls, head, text, remaining) {
  // a ruling's text with its line as a list of tricks, numbered as the slips name them
  // (the first is the trick in progress at the claim)
  const [t, tricks] = splitLine(text);
  if (!tricks.length) return h("p", { class: cls, text: `${head}${t}` });
  return h("div", { class: cls },
    h("p", { text: `${head}${t}` }),
    h("p", { class: "line-head", text: "Line, trick by trick:" }),
    h("ol", { class: "ruling-line", start: String(14 - remaining) }, ...tricks.map((x) => h("li", { text: x }))));
}

function claimEl(v) {
  const c = v.claim;
  return h("section", { class: "panel claim", id: "claim-panel", "aria-label": "Claim" },
    h("h3", { text: c.concession ? "Concession" : "Claim" }),
    h("p", {}, c.concession
      ? `${SEAT_NAME[c.claimer]} concedes ${c.conceded} of the ${c.remaining} remaining tricks (his side keeps ${c.tricks}).`
      : `${SEAT_NAME[c.claimer]} claims ${c.tricks} of the ${c.remaining} remaining tricks.`),
    h("p", { dataset: { key: "claim-statement" } }, "Statement: ", c.statement ? h("q", { text: sym(c.statement) }) : h("em", { text: "none" }),
      // the engine's reading of it, in words (the notation alone is terse)
      c.statement_words ? ` \u2014 ${SEAT_NAME[c.claimer]}'s side ${c.statement_words}.` : null),
    h("p", { class: "claim-status" }, `Status: ${c.status}`,
      c.agreed.length ? ` \u00b7 agreed: ${c.agreed.join(", ")}` : "",
      c.disputed.length ? ` \u00b7 disputed: ${c.disputed.join(", ")}` : "",
      c.play_on.length ? ` \u00b7 play on: ${c.play_on.join(", ")}` : ""),
    c.awarded !== null && c.awarded !== undefined ? h("p", { class: "awarded", text: `Awarded to ${SEAT_NAME[c.claimer]}'s side: ${c.awarded} of the ${c.remaining} remaining tricks` }) : null,
    c.ruling ? rulingEl("ruling", `${c.ruled_by === "players" ? "Ruling accepted by all four" : "Director's ruling"}${c.ruling_laws ? ` (Law ${c.ruling_laws})` : ""}: `, c.ruling, c.remaining) : null,
    c.status === "disputed" && v.role !== "director" ? disputeEl(v) : null);
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
    rulingEl("proposal-text", "", p.text, c.remaining),
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
      // (its line is shown below as the witness line, trick by trick)
      h("p", { text: r.witness?.length ? splitLine(p.text || r.ruling || p.error)[0] : sym(p.text || r.ruling || p.error || "") }),
      r.undetermined ? h("p", { class: "prompt", text: "The adjudicator could not decide in time: the award is the Director's judgement (double dummy shown)." }) : null,
      h("dl", { class: "facts" },
        ...[["Result", r.final], ["Claimed", r.claimed], ["Law 70 award", r.awarded], ["Law 71 given back", r.law71], ["Double dummy", r.dd], ["Floor", r.floor], ["Laws", (r.laws || []).join(", ")], ["Profile", r.profile], ["Class of player", r.player_class]]
          .filter(([, val]) => val !== undefined && val !== null && val !== "")
          .map(([k, val]) => h("div", {}, h("dt", { text: k }), h("dd", { text: String(val) })))),
      r.slips?.length ? h("ul", { class: "slips", "aria-label": "Slips on the line" }, ...r.slips.map((s) => h("li", { text: sym(s.text) }))) : null));
  } else if (v.claim && v.claim.status === "disputed") {
    box.append(h("p", { text: "Waiting for the adjudicator's proposal..." }));
  }
  if (v.actions.includes("rule") && v.claim && v.claim.status !== "agreed") {
    const r = p?.ruling || {};
    const tricks = h("input", { type: "number", min: 0, max: 13, value: r.awarded ?? r.dd ?? v.claim.tricks, id: "rule-tricks", dataset: { key: "rule-tricks", prefill: "" }, oninput: touch });
    const laws = h("input", { value: (r.laws || ["70"]).join(" "), id: "rule-laws", size: 10, dataset: { key: "rule-laws", prefill: "" }, oninput: touch });
    const text = h("input", { value: "", id: "rule-text", size: 24, dataset: { key: "rule-text", prefill: "" }, oninput: touch });
    box.append(h("form", { class: "rule-form", onsubmit: (ev) => { ev.preventDefault(); const n = Number(tricks.value);
      send("rule", { tricks: n, laws: laws.value, text: text.value || `${SEAT_NAME[v.claim.claimer]}'s side takes ${n} of the ${v.claim.remaining} remaining tricks.` }); } },
      h("h4", { text: "Rule" }),
      h("label", {}, `Tricks to the claimer's side, of the ${v.claim.remaining} remaining `, tricks),
      h("label", {}, "Laws ", laws),
      h("label", {}, "Ruling text ", text),
      h("button", { type: "submit", id: "rule-submit" }, "Give the ruling")));
  }
  // the witness line under the form: the form stays within reach of the proposal's figures
  const r0 = p?.ruling;
  if (v.claim && p && r0?.witness?.length) box.append(witnessEl(v, r0));
  // the Director's plain commands the engine would take now (face_all, publish_score, ...)
  const buttons = v.actions.filter((act) => isButton(act, "director"));
  if (buttons.length) {
    box.append(h("div", { class: "row" }, ...buttons.map((act) => h("button", { type: "button", class: "action",
      dataset: { action: act, key: `td-${act}` }, onclick: () => send(act) }, labelOf(act, "director")))));
  }
  if (v.flags?.length) box.append(h("ul", { class: "flags" }, ...v.flags.map(([law, t]) => h("li", { text: `Law ${law}: ${sym(t)}` }))));
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
  // numbered as the slips name the tricks (the first is the trick in progress at the claim)
  const line = h("ol", { class: "witness-line", "aria-label": "Witness line", start: v.claim ? String(14 - v.claim.remaining) : null });
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
  const key = state.resultFor; // the board the answers are for: a later board's drop them
  const current = () => state.table === t && state.resultFor === key;
  const base = `/api/tables/${encodeURIComponent(t)}`;
  let result;
  try {
    result = await apiAuthed(`${base}/result`);
  } catch (e) {
    result = { error: e.message };
  }
  const formats = [];
  for (const f of ["pbn", "lin", "json"]) {
    try {
      const r = await fetch(`${base}/record?format=${f}`, { method: "GET" });
      if (r.ok) formats.push(f);
    } catch (e) { /* not offered */ }
  }
  if (!current()) return;
  state.result = result;
  state.formats = formats;
  render();
  // the card-by-card analysis takes the solver a moment: it follows the result
  let analysis;
  try {
    analysis = await apiAuthed(`${base}/analysis`);
  } catch (e) {
    analysis = { available: false, reason: e.message, tricks: [] };
  }
  if (!current()) return;
  state.analysis = analysis;
  render();
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
  box.append(...analysisBody(a));
  return box;
}

// the analysis's summary line and its tricks, card by card
function analysisBody(a) {
  const lost = { NS: 0, EW: 0 };
  for (const t of a.tricks) for (const c of t.cards) if (c.cost) lost[c.side] += c.cost;
  const hint = h("p", { class: "hint" }, a.costly
    ? `Double dummy, N-S gave away ${lost.NS} and E-W ${lost.EW} trick${lost.EW === 1 ? "" : "s"}; the marked cards cost a trick.`
    : "Double dummy, no card cost a trick.",
  a.claimed ? " The play is analysed up to the claim." : "");
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
  return [hint, list];
}

function resultEl(v) {
  const box = h("section", { class: "panel result", id: "result", "aria-label": "Result" }, h("h3", { text: "Result" }));
  const r = state.result;
  if (v.phase === "passed_out") {
    box.append(h("p", { class: "result-line", text: "Passed out: no play and no score (Law 22B)." }));
  } else if (r && !r.error && r.contract) {
    const made = r.tricks - (Number(r.contract[0]) + 6);
    box.append(h("p", { class: "result-line" },
      `${contractText(r.contract)}: ${r.tricks} tricks (${made >= 0 ? (made ? `made, +${made}` : "made") : `down ${-made}`}).`),
    // a rubber's or a Chicago's deal is scored on its sheet (above and below the line), not
    // as a duplicate board
    ["rubber", "chicago"].includes(state.session?.kind)
      ? h("p", { class: "score", text: "Scored on the sheet of the session below." })
      : h("p", { class: "score", text: `Score: N-S ${r.score_ns > 0 ? "+" : ""}${r.score_ns}, E-W ${-r.score_ns > 0 ? "+" : ""}${-r.score_ns}` }));
  } else if (r?.error) {
    box.append(h("p", { text: `Tricks: ${tricksText(v)}` }));
  } else {
    box.append(h("p", { text: "Loading the result..." }));
  }
  if (state.formats) {
    const base = `/api/tables/${encodeURIComponent(state.table)}/record?format=`;
    box.append(h("p", { class: "downloads" }, "Record: ",
      ...state.formats.map((f) => h("a", { href: `${base}${f}`, download: `board-${v.board}.${f}`, class: "download", "aria-label": `Download the record as ${f.toUpperCase()}` }, f.toUpperCase()))));
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

// a team match (server/matches.py): the boards this room has finished, each with the other
// room's result once it is in, the IMPs (team A: North-South in the open room) and the totals
function matchEl(m) {
  const sign = (n) => (n > 0 ? `+${n}` : String(n));
  const res = (r) => (r ? `${r.contract ? contractText(r.contract) : "Passed out"} ${sign(r.score)}` : "not yet");
  const box = h("section", { class: "panel match", id: "match", "aria-label": "Team match" },
    h("h3", { text: `Team match, ${m.room} room` }),
    h("p", { class: "match-teams", text: `Here team A sits ${m.room === "open" ? "North-South" : "East-West"}.` }));
  if (m.boards.length) {
    box.append(h("table", { class: "match-boards" }, h("caption", { text: "Boards (North-South's score in each room)" }),
      h("thead", {}, h("tr", {}, ...["Board", "Open room", "Closed room", "IMPs A", "IMPs B"].map((t) => h("th", { scope: "col", text: t })))),
      h("tbody", {}, ...m.boards.map((b) => h("tr", {},
        h("th", { scope: "row", text: String(b.board) }),
        h("td", { text: res(b.open) }),
        h("td", { text: res(b.closed) }),
        h("td", { class: "imps-a", text: b.imps !== null && b.imps > 0 ? String(b.imps) : "" }),
        h("td", { class: "imps-b", text: b.imps !== null && b.imps < 0 ? String(-b.imps) : "" }))))));
  }
  box.append(h("p", { class: "match-total", text: `IMPs: team A ${m.totals.A}, team B ${m.totals.B}` }));
  return box;
}

// a board the session played before, one click from its row of results: its result, its
// double-dummy table and its card-by-card analysis (GET .../result and .../analysis?board=n)
async function showPastBoard(index, number) {
  if (state.past?.index === index) { // a second click closes it
    state.past = null;
    render();
    return;
  }
  const t = state.table;
  const base = `/api/tables/${encodeURIComponent(t)}`;
  state.past = { index, number, result: null, analysis: null };
  render();
  const current = () => state.table === t && state.past?.index === index;
  let result;
  try { result = await apiAuthed(`${base}/result?board=${index}`); } catch (e) { result = { error: e.message }; }
  if (!current()) return;
  state.past.result = result;
  render();
  let analysis;
  try { analysis = await apiAuthed(`${base}/analysis?board=${index}`); } catch (e) { analysis = { available: false, reason: e.message, tricks: [] }; }
  if (!current()) return;
  state.past.analysis = analysis;
  render();
}

function pastBoardEl(p) {
  const box = h("section", { class: "past-analysis", "aria-label": `Board ${p.number}: analysis` },
    h("h4", { text: `Board ${p.number}` }));
  const r = p.result;
  if (!r) {
    box.append(h("p", { text: "Loading the board..." }));
    return box;
  }
  if (r.error) {
    box.append(h("p", { text: `No result: ${r.error}` }));
    return box;
  }
  if (r.contract) {
    box.append(h("p", { class: "result-line", text: `${contractText(r.contract)}: ${r.tricks} tricks, N-S ${signed(r.score_ns)}` }));
  } else {
    box.append(h("p", { class: "result-line", text: "Passed out." }));
  }
  if (r.par) box.append(parEl(r.par));
  const a = p.analysis;
  if (!a) box.append(h("p", { text: "Analysing the play double dummy..." }));
  else if (!a.available) box.append(h("p", { text: `No analysis: ${a.reason || "the solver is not installed"}.` }));
  else box.append(...analysisBody(a));
  return box;
}

// the table's session over boards: the boards' results, the running score, "Next board"
function sessionEl(ss) {
  const sign = (n) => (n > 0 ? `+${n}` : String(n));
  const title = ss.kind === "rubber" ? "Rubber" : ss.kind === "chicago" ? "Chicago (four deals)"
    : `Set of ${ss.boards} board${ss.boards === 1 ? "" : "s"}`;
  const box = h("section", { class: "panel session", id: "session", "aria-label": "Session score" }, h("h3", { text: title }));
  // a set scored against par (IMPs) or across the field (a percentage, cross-IMPs)
  const scoring = ss.scoring || "total";
  const field = ss.field || null;
  const fieldRow = (i) => field?.boards[i] || null;
  const extra = scoring === "par" ? ["Par", "IMPs"] : scoring === "mp" ? ["%"] : scoring === "imps" ? ["IMPs"] : [];
  const extraCells = (r, i) => scoring === "par" ? [h("td", { text: sign(r.par) }), h("td", { class: "imps", text: sign(r.imps) })]
    : scoring === "mp" ? [h("td", { class: "percentage", text: fieldRow(i) ? fieldRow(i).percentage.toFixed(2) : "" })]
    : scoring === "imps" ? [h("td", { class: "imps", text: fieldRow(i) ? sign(fieldRow(i).imps) : "" })] : [];
  if (ss.results.length) {
    box.append(h("table", { class: extra.length ? "session-results wide" : "session-results" }, h("caption", { text: "Results (North-South's score)" }),
      h("thead", {}, h("tr", {}, ...["Board", "Contract", "Tricks", "N-S", ...extra, "Record"].map((t) => h("th", { scope: "col", text: t })))),
      h("tbody", {}, ...ss.results.map((r, i) => h("tr", {},
        h("th", { scope: "row", text: String(r.board) }),
        h("td", { text: r.contract ? contractText(r.contract) : "Passed out" }),
        h("td", { text: r.tricks === null ? "" : String(r.tricks) }),
        h("td", { class: "score", text: sign(r.score) }),
        ...extraCells(r, i),
        h("td", { class: "downloads" }, ...["pbn", "lin"].map((f) => h("a", {
          href: `/api/tables/${encodeURIComponent(state.table)}/record?format=${f}&board=${i + 1}`,
          download: `board-${r.board}.${f}`, class: "download",
          "aria-label": `Download board ${r.board}'s record as ${f.toUpperCase()}`,
        }, f.toUpperCase())), h("button", {
          type: "button", class: "past-board", "aria-label": `DD analysis of board ${r.board}`,
          "aria-pressed": String(state.past?.index === i + 1), dataset: { key: `past-${i + 1}` },
          onclick: () => showPastBoard(i + 1, r.board),
        }, "DD")))))));
  }
  if (state.past) box.append(pastBoardEl(state.past));
  const totalText = scoring === "par" ? `Running total: N-S ${sign(ss.total)} IMPs against par`
    : scoring === "mp" ? `Running total: N-S ${field && field.percentage !== null ? `${field.percentage.toFixed(2)}%` : "no board yet"} (matchpoints against the field)`
    : scoring === "imps" ? `Running total: N-S ${sign(field ? field.imps : 0)} IMPs against the field`
    : `Running total: N-S ${sign(ss.total)}`;
  box.append(h("p", { class: "session-total", text: totalText }));
  if (ss.rubber) {
    const rb = ss.rubber;
    box.append(h("table", { class: "rubber-sheet" }, h("caption", { text: "Rubber sheet" }),
      h("thead", {}, h("tr", {}, h("th", { scope: "col", text: "" }), h("th", { scope: "col", text: "N-S" }), h("th", { scope: "col", text: "E-W" }))),
      h("tbody", {}, ...["above", "below"].map((k) => h("tr", {}, h("th", { scope: "row", text: k === "above" ? "Above the line" : "Below the line" }),
        h("td", { text: String(rb[k].NS) }), h("td", { text: String(rb[k].EW) }))),
        h("tr", {}, h("th", { scope: "row", text: "Total" }), h("td", { text: String(rb.totals.NS) }), h("td", { text: String(rb.totals.EW) })))));
    if (rb.winner) box.append(h("p", { text: `The rubber is won by ${rb.winner === "NS" ? "North-South" : "East-West"}.` }));
  }
  if (ss.chicago) {
    const c = ss.chicago;
    box.append(h("p", { class: "chicago", text: `Deals counted: ${c.deals} of 4. Points: N-S ${c.totals.NS}, E-W ${c.totals.EW}.` }));
  }
  if (ss.over) {
    box.append(h("p", { class: "session-over", text: "The session is over." }));
  } else if (ss.asked.length) {
    box.append(h("p", { class: "asked", text: `Ready for the next board: ${ss.asked.map((s) => SEAT_NAME[s]).join(", ")}.` }));
  }
  if (ss.actions.includes("next")) {
    box.append(h("button", { type: "button", class: "action next-board", title: helpOf("next"), dataset: { action: "next", key: "act-next" }, onclick: () => send("next") }, labelOf("next")));
  }
  return box;
}

// ------------------------------------------------------------------ claim dialog

function openClaim(mode) {
  $("#claim-error").hidden = true;
  $("#claim-error").replaceChildren();
  $("#claim-form").statement.removeAttribute("aria-invalid");
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
  // the dialog stays open until the server takes the claim: a refusal is shown in it, the
  // player's text kept and the word the server could not read selected
  const dlg = $("#claim-dialog");
  const form = $("#claim-form");
  $("#claim-cancel").addEventListener("click", () => dlg.close("cancel"));
  form.addEventListener("submit", (ev) => {
    // Enter in a field submits with the Claim button (Cancel is not a submit button)
    ev.preventDefault();
    if (!form.reportValidity()) return;
    const args = { tricks: Number(form.tricks.value) };
    if (form.statement.value.trim()) args.statement = form.statement.value.trim();
    const err = $("#claim-error");
    err.hidden = false;
    err.className = "claim-error pending";
    err.replaceChildren("Sending the claim...");
    form.statement.removeAttribute("aria-invalid");
    state.claimSent = send(dlg.dataset.mode === "concede" ? "concede" : "claim", args) ?? null;
  });
  form.statement.addEventListener("input", () => form.statement.removeAttribute("aria-invalid"));
}

function claimAccepted() {
  const dlg = $("#claim-dialog");
  state.claimSent = null;
  if (dlg.open) dlg.close("done");
  render();
}

function claimRefused(msg, text) {
  // show the refusal in the dialog; point at the word the statement parser names ('xyz')
  const form = $("#claim-form");
  const input = form.statement;
  const err = $("#claim-error");
  const statement = input.value;
  const quoted = /'([^']+)'/.exec(msg.message || "");
  let word = quoted ? quoted[1] : null;
  let at = word ? statement.indexOf(word) : -1;
  if (at < 0 && word) {
    at = statement.toLowerCase().indexOf(word.toLowerCase());
  }
  if (at < 0) word = null;
  err.hidden = false;
  err.className = "claim-error";
  if (word) {
    err.replaceChildren("The statement could not be read at ",
      h("mark", { class: "bad-word", text: word }), `: ${sym(text)}`);
    input.setAttribute("aria-invalid", "true");
    input.focus();
    input.setSelectionRange(at, at + word.length);
  } else {
    err.replaceChildren(sym(text));
    (msg.code === "refused" ? form.tricks : input).focus();
  }
}

// ------------------------------------------------------------------ keyboard

function setupKeys() {
  document.addEventListener("keydown", (ev) => {
    const t = ev.target;
    if (!t.classList?.contains("card")) return;
    // typing on a card names one (sa, low, h): the "I play" box takes the keys
    const typed = $("#play-text");
    if (typed && /^[0-9a-zA-Z]$/.test(ev.key) && !ev.ctrlKey && !ev.metaKey && !ev.altKey) {
      typed.focus();
      typed.value += ev.key;
      ev.preventDefault();
      return;
    }
    if (!["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown"].includes(ev.key)) return;
    const group = t.closest(".seat");
    const cards = [...group.querySelectorAll("button.card:not([tabindex='-1'])")];
    const i = cards.indexOf(t);
    const j = ev.key === "ArrowLeft" || ev.key === "ArrowUp" ? i - 1 : i + 1;
    if (cards[j]) { cards[j].focus(); ev.preventDefault(); }
  });
}

// ------------------------------------------------------------------ start

window.bt = { state, send, sym, parseCall };
setupLobby();
setupClaimDialog();
setupKeys();
window.addEventListener("hashchange", route);
loadCommands().finally(route);
