"""Issue 14, fuzzing: a Hypothesis stateful test that drives a real ``bridgetable serve``
process over real WebSockets from every role -- the four seats, a spectator and the
Director -- with random commands: the actions each role's view offers (with arguments drawn
from its legal cards, calls and seats), any command of the registry with arguments of any
kind, texts of any Unicode (lone surrogates, controls, astral characters, long ones) in
explanations, Director calls and rulings, and frames that are not messages at all.

After every step, every message each socket got is valid JSON of the documented shape
(``SERVER_MESSAGES``), no socket was dropped, and the server answers ``/api/health``; in a
seat's view no other seat's hand appears except the dummy's. At the end of each run every
view each role got equals the engine's own view for that role at that version, rebuilt
from the Director's record (so no view carries a card its role may not see: the engine's
views are themselves checked by ``test_leak.py``).

Bounded and deterministic: ``derandomize`` (fixed seeds), no example database, a fixed
number of runs and steps.
"""

from __future__ import annotations

import itertools
import json
import time
from collections.abc import Iterator
from typing import Any, ClassVar

import httpx
import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule
from json_schema import valid
from server_harness import SECRET, ServerProcess
from websockets.sync.client import ClientConnection, connect

from bridgetable.core.board import Board
from bridgetable.core.commands import describe
from bridgetable.core.events import event_from_dict
from bridgetable.core.record import BoardSetup
from bridgetable.core.views import parse_role
from bridgetable.server.schemas import SERVER_MESSAGES

ROLES = ["N", "E", "S", "W", "spectator", "director"]
COMMANDS = describe()
CARDS = [s + r for s in "SHDC" for r in "AKQJT98765432"]
CALLS = ["Pass", "X", "XX", *(f"{n}{s}" for n in range(1, 8) for s in ("C", "D", "H", "S", "NT"))]

#: texts of every kind: any code point (lone surrogates, controls, astral), long ones
TEXTS = st.one_of(
    st.text(st.characters(codec=None), max_size=40),
    st.sampled_from(["ok \ud800", "\udfff", "\x00\x1b[31m", "\U0001f0a1" * 60, "x" * 600]),
)


def _arg(kind: str) -> st.SearchStrategy[Any]:
    """Values for an argument of ``kind``: mostly of the kind, sometimes of none."""
    good: dict[str, st.SearchStrategy[Any]] = {
        "bool": st.booleans(),
        "call": st.sampled_from(CALLS),
        "card": st.sampled_from(CARDS),
        "int": st.integers(-2, 60),
        "seat": st.sampled_from("NESW"),
        "suit": st.sampled_from("SHDC"),
        "text": TEXTS,
    }
    junk = st.one_of(st.none(), st.integers(), TEXTS, st.lists(st.integers(), max_size=3))
    return st.one_of(good.get(kind, junk), junk) if kind in good else junk


@st.composite
def any_command(draw: st.DrawFn) -> tuple[str, dict[str, Any]]:
    """A command of the registry with arguments of its kinds (or not)."""
    c = draw(st.sampled_from(COMMANDS))
    args = {}
    for a in c["args"]:
        if a["required"] or draw(st.booleans()):
            args[a["name"]] = draw(_arg(a["kind"]))
    return c["name"], args


class Socket:
    """One role's socket: every message kept, each checked as it comes."""

    def __init__(self, url: str, role: str, token: str) -> None:
        self.role = role
        self._opened = connect(url, max_size=2**20, compression=None)
        self.ws: ClientConnection = self._opened.__enter__()
        self.ws.send(json.dumps({"type": "hello", "token": token}))
        self.messages: list[dict[str, Any]] = []
        self.ids = itertools.count(1)

    def recv(self, timeout: float = 20.0) -> dict[str, Any]:
        raw = self.ws.recv(timeout)
        assert isinstance(raw, str), raw
        msg: dict[str, Any] = json.loads(raw)  # valid JSON
        options = [o for o in SERVER_MESSAGES["oneOf"] if o["title"] == msg.get("type")]
        assert len(options) == 1 and valid(msg, options[0]), msg  # of the documented shape
        self.messages.append(msg)
        return msg

    def until(self, pred: Any, timeout: float = 20.0) -> dict[str, Any]:
        deadline = time.monotonic() + timeout
        while True:
            msg = self.recv(max(0.1, deadline - time.monotonic()))
            if pred(msg):
                return msg

    def sync(self) -> None:
        """Read every message sent before now (a ping's pong comes after them)."""
        while True:
            mid = f"p{next(self.ids)}"
            self.ws.send(json.dumps({"type": "ping", "id": mid}))
            got = self.until(lambda m, mid=mid: m.get("id") == mid and m["type"] != "ack")
            if got["type"] == "pong":
                return
            # past 20 frames a second (bursts of 40) a frame is answered rate_limited
            assert got["type"] == "error" and got["code"] == "rate_limited", got
            time.sleep(0.2)

    @property
    def view(self) -> dict[str, Any] | None:
        views = [m for m in self.messages if m["type"] == "view"]
        return views[-1]["view"] if views else None

    @property
    def version(self) -> int:
        versions = [m["version"] for m in self.messages if m["type"] in ("view", "synced")]
        return max(versions, default=-1)


class TableMachine(RuleBasedStateMachine):
    """Six roles at one table of a real server (see the module docstring)."""

    server: ClassVar[ServerProcess]
    #: over every run: the commands acknowledged, refused by the engine, answered otherwise,
    #: and the phases reached (the fuzz must reach the play, and not only be refused)
    seen: ClassVar[dict[str, int]] = {}
    phases: ClassVar[set[str]] = set()

    def __init__(self) -> None:
        super().__init__()
        self.http = httpx.Client(base_url=self.server.http, timeout=30)
        self.sockets: dict[str, Socket] = {}
        self.table = ""
        self.steps = 0

    @initialize(
        policy=st.sampled_from(["online", "table"]),
        start=st.sampled_from(["auction", "contract"]),
        seed=st.integers(0, 2**16),
    )
    def open_table(self, policy: str, start: str, seed: int) -> None:
        body: dict[str, Any] = {"policy": policy, "seed": seed}
        if start == "contract":
            body.update(contract="3NT", declarer="S")
        r = self.http.post("/api/tables", json=body)
        assert r.status_code == 201, r.text
        t = r.json()
        self.table = t["id"]
        tokens = dict(t["tokens"])
        for role in ("spectator", "director"):
            j = self.http.post(
                f"/api/tables/{self.table}/join", json={"role": role, "secret": SECRET}
            )
            assert j.status_code == 200, j.text
            tokens[role] = j.json()["token"]
        url = f"{self.server.ws}/ws/tables/{self.table}"
        for role in ROLES:
            s = self.sockets[role] = Socket(url, role, tokens[role])
            assert s.recv()["type"] == "welcome"
            s.until(lambda m: m["type"] == "view")

    def send_command(self, role: str, action: str, args: Any) -> None:
        """Send one command as ``role`` against its latest version; its answer is an ack or
        an error; after an ack every socket gets the new version."""
        s = self.sockets[role]
        mid = next(s.ids)
        s.ws.send(
            json.dumps(
                {"type": "command", "id": mid, "version": s.version, "action": action, "args": args}
            )
        )
        reply = s.until(lambda m: m["type"] in ("ack", "error") and m.get("id") == mid)
        kind = "ack" if reply["type"] == "ack" else reply["code"]
        self.seen[kind] = self.seen.get(kind, 0) + 1
        if reply["type"] == "ack":
            for other in self.sockets.values():
                if other.version < reply["version"]:
                    other.until(lambda m, n=reply["version"]: m.get("version", -1) >= n)
        else:
            assert reply["code"] not in ("internal", "table_fault", "storage_error"), reply
            if reply["code"] == "rate_limited":
                time.sleep(0.2)
        self.steps += 1

    @rule(role=st.sampled_from(ROLES), pick=st.integers(0, 10**6), data=st.data())
    def offered_action(self, role: str, pick: int, data: st.DataObject) -> None:
        """An action the role's view offers, with arguments from its view."""
        view = self.sockets[role].view
        assert view is not None
        actions = view["actions"]
        if not actions:
            return
        action = actions[pick % len(actions)]
        kinds = {c["name"]: c["args"] for c in COMMANDS}.get(action, [])
        args: dict[str, Any] = {}
        for a in kinds:
            if not a["required"] and data.draw(st.booleans()):
                continue
            if a["kind"] == "card" and view["legal_cards"]:
                args[a["name"]] = data.draw(st.sampled_from(view["legal_cards"]))
            elif a["kind"] == "int" and view["pending_questions"]:
                args[a["name"]] = view["pending_questions"][0][1]
            elif a["kind"] == "call":
                args[a["name"]] = data.draw(st.sampled_from(["Pass", "Pass", "1NT", "2S", "X"]))
            else:
                args[a["name"]] = data.draw(_arg(a["kind"]))
        if "option" in kinds and view["options"]:
            args["option"] = view["options"][0].get("id")
        self.send_command(role, action, args)

    @rule(moves=st.integers(1, 8), pick=st.integers(0, 10**6))
    def progress(self, moves: int, pick: int) -> None:
        """Move the board on: a bid then passes, faced leads, legal cards (else the fuzz
        seldom leaves the auction)."""
        for n in range(moves):
            for role in ROLES[:4]:
                view = self.sockets[role].view
                assert view is not None
                a = view["actions"]
                if "face_lead" in a:
                    self.send_command(role, "face_lead", {})
                elif "play" in a and view["legal_cards"]:
                    cards = view["legal_cards"]
                    self.send_command(role, "play", {"card": cards[(pick + n) % len(cards)]})
                elif "call" in a:
                    bid = any(x["call"] not in ("Pass", "X", "XX") for x in view["auction"])
                    self.send_command(role, "call", {"call": "Pass" if bid else "1NT"})
                else:
                    continue
                break

    @rule(role=st.sampled_from(ROLES), command=any_command())
    def random_command(self, role: str, command: tuple[str, dict[str, Any]]) -> None:
        """Any command of the registry, any arguments, any text."""
        self.send_command(role, *command)

    @rule(
        role=st.sampled_from(ROLES),
        frame=st.one_of(
            TEXTS,
            st.sampled_from(
                [
                    "{",
                    "[]",
                    "null",
                    '{"type": "command"}',
                    '{"type": "command", "id": 1, "version": "x", "action": 5}',
                    '{"type": "hello", "token": "x"}',
                    '{"type": "resume", "version": -1}',
                    '{"type": "command", "id": {}, "version": 0, "action": "call"}',
                    "[" * 100 + "]" * 100,
                ]
            ),
            st.recursive(
                st.none() | st.booleans() | st.integers() | TEXTS,
                lambda kids: st.lists(kids, max_size=3) | st.dictionaries(TEXTS, kids, max_size=3),
                max_leaves=8,
            ).map(json.dumps),
        ),
    )
    def junk_frame(self, role: str, frame: str) -> None:
        """A frame that is no message, or not one of this point (answered, never dropped)."""
        s = self.sockets[role]
        s.ws.send(frame.encode("utf-8", "surrogatepass").decode("utf-8", "replace"))
        s.sync()

    @invariant()
    def server_up_and_sockets_open(self) -> None:
        if not self.sockets:
            return
        for s in self.sockets.values():
            s.sync()  # every message so far read (and checked); the socket is open
            view = s.view
            if view is not None:
                self.phases.add(view["phase"])
            if s.role in "NESW" and view is not None:
                # no other seat's hand in a seat's view but the dummy's
                shown = {k for k, v in view["hands"].items() if v and k != s.role}
                assert shown <= {view["dummy"]} or view["claim"] is not None, (s.role, shown)
        r = self.http.get("/api/health")
        assert r.status_code == 200 and r.json()["status"] == "ok"

    def teardown(self) -> None:
        try:
            if not self.table:
                return
            r = self.http.get(
                f"/api/tables/{self.table}/record", headers={"authorization": f"Bearer {SECRET}"}
            )
            assert r.status_code == 200, r.text
            record = r.json()["boards"][0]
            board = Board(BoardSetup.from_dict(record["setup"]))
            events = [event_from_dict(e) for e in record["events"]]
            views: dict[tuple[int, str], dict[str, Any]] = {}
            for i in range(len(events) + 1):
                if i:
                    board.apply(events[i - 1])
                for role in ROLES:
                    views[i, role] = board.view_for(parse_role(role)).to_dict()
            for s in self.sockets.values():
                for m in s.messages:
                    if m["type"] == "view":
                        assert m["view"] == views[m["version"], s.role], (s.role, m["version"])
        finally:
            for s in self.sockets.values():
                s._opened.__exit__(None, None, None)
            self.http.close()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    extra = ["--robot-workers", "0", "--tables-per-minute", "100000", "--talk-per-minute", "1000"]
    s = ServerProcess(tmp_path_factory.mktemp("stateful") / "data", extra=extra)
    try:
        yield s.start()
    finally:
        s.stop()


def test_random_commands_from_every_role(server: ServerProcess) -> None:
    TableMachine.server = server
    run = TableMachine.TestCase
    run.settings = settings(
        max_examples=12,
        stateful_step_count=40,
        derandomize=True,
        database=None,
        deadline=None,
        suppress_health_check=list(HealthCheck),
    )
    run().runTest()
    seen, phases = TableMachine.seen, TableMachine.phases
    # the run met acts that were made and each kind of refusal (the counts vary with the
    # Hypothesis version, which decides the derandomized examples)
    assert seen.get("ack", 0) > 50, seen
    assert {"refused", "bad_request", "forbidden"} <= set(seen), seen
    assert {"auction", "play"} <= phases, phases
