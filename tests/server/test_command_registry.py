"""The one command registry (issue 13): every declared command appears, with the same name
and arguments, in the views' action lists, the JSON Schemas, the OpenAPI document and the
browser's labels; and what the views offer is what the engine takes.

The views' half walks random boards (online, table mode, rubber) through the registry's own
dispatcher, taking offered commands and, at a table, the irregular plays a real table allows;
every declared command must be offered somewhere on the walk, and for every command without
arguments "offered" must agree with the engine's dry run (:func:`check_command`); every
command the walk takes from a view's action list has arguments the wire's schema accepts.

:func:`registry_gaps` holds the documents together: over a real server, the served OpenAPI
document, ``GET /api/commands`` (the browser's labels) and ``/web/app.js``, with the wire's
JSON Schema and the walk's action lists, must each carry every declaration with its name and
arguments; a test removes or alters one declaration in each document in turn and adds one
to the registry alone, and the check must find each.
"""

from __future__ import annotations

import copy
import dataclasses
import functools
import random
import re
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from json_schema import valid
from server_harness import ServerProcess

from bridgetable.core.board import Board
from bridgetable.core.commands import (
    COMMANDS,
    DIRECTOR,
    PLAYER,
    BadCommand,
    Command,
    actions_for,
    args_schema,
    can_command,
    check_command,
    commands_of,
    describe,
    run_command,
)
from bridgetable.core.errors import ActionRefused
from bridgetable.core.events import EVENT_TYPES
from bridgetable.core.phase import Phase
from bridgetable.core.record import BoardSetup
from bridgetable.core.rules import RuleSet
from bridgetable.core.seats import SEATS, Seat
from bridgetable.core.session import SESSION_EVENT_TYPES, Session, SessionSetup
from bridgetable.core.views import DIRECTOR as DIRECTOR_ROLE
from bridgetable.selfplay import random_auction, random_play
from bridgetable.server.schemas import CLIENT_MESSAGES, COMMAND_ARGS, openapi_schema

APP_JS = Path(__file__).parents[2] / "src" / "bridgetable" / "web" / "app.js"


def _all() -> list[Command]:
    return list(COMMANDS.values())


# ------------------------------------------------------------------ the wire and the docs


@pytest.mark.parametrize("cmd", _all(), ids=lambda c: f"{c.who}:{c.name}")
def test_every_command_is_in_the_json_schema_with_its_arguments(cmd: Command) -> None:
    schema = COMMAND_ARGS[cmd.name]
    assert set(schema["properties"]) == {a.name for a in cmd.args}
    assert set(schema.get("required", [])) == {a.name for a in cmd.args if a.required}
    command = next(m for m in CLIENT_MESSAGES["oneOf"] if m["title"] == "command")
    assert cmd.name in command["properties"]["action"]["enum"]
    branch = [
        b["then"]["properties"]["args"]
        for b in command["allOf"]
        if b["if"]["properties"]["action"]["const"] == cmd.name
    ]
    assert len(branch) == 1
    assert set(branch[0]["properties"]) == {a.name for a in cmd.args}


@pytest.mark.parametrize("cmd", _all(), ids=lambda c: f"{c.who}:{c.name}")
def test_every_command_is_in_the_openapi_document(cmd: Command) -> None:
    doc = openapi_schema()
    assert "/api/commands" in doc["paths"]
    schemas = doc["components"]["schemas"]
    names = schemas["Commands"]["properties"]["commands"]["items"]["properties"]["name"]["enum"]
    assert cmd.name in names
    command = next(m for m in schemas["ClientMessage"]["oneOf"] if m["title"] == "command")
    assert cmd.name in command["properties"]["action"]["enum"]


@pytest.mark.parametrize("cmd", _all(), ids=lambda c: f"{c.who}:{c.name}")
def test_every_command_has_a_label_and_a_law_for_the_browser(cmd: Command) -> None:
    entry = [d for d in describe() if d["name"] == cmd.name and d["who"] == cmd.who]
    assert len(entry) == 1
    d = entry[0]
    assert d["label"] and d["law"] and d["widget"] in ("button", "form")
    assert [a["name"] for a in d["args"]] == [a.name for a in cmd.args]
    for event in cmd.event_names:  # a board's events, or the session's (core/session.py)
        assert event in (EVENT_TYPES if cmd.scope == "board" else SESSION_EVENT_TYPES), event


def test_every_players_button_says_what_it_does() -> None:
    # a player's plain button carries one sentence for a player who does not know the Law
    # (the browser shows it on hover): "Announce: this trick is mine" alone left a new user
    # guessing whether it was a claim
    helps = {d["name"]: d["help"] for d in describe() if d["who"] == PLAYER}
    for cmd in _all():
        if cmd.who == PLAYER and cmd.widget == "button":
            text = helps[cmd.name]
            assert text.endswith(".") and len(text) >= 30, cmd.name
    assert "no claim" in helps["announce_current_trick"]


def test_a_command_without_required_arguments_may_be_a_plain_button() -> None:
    for cmd in _all():
        if cmd.widget == "button":
            assert not any(a.required for a in cmd.args), cmd.name


def test_the_browser_holds_no_labels_and_names_only_registered_commands() -> None:
    js = APP_JS.read_text(encoding="utf-8")
    assert "ACTION_LABEL" not in js and "SPECIAL" not in js
    assert 'api("/api/commands")' in js
    used = set(re.findall(r'send\("([a-z_]+)"', js))
    used |= set(re.findall(r'a\.has\("([a-z_]+)"\)', js))
    used |= set(re.findall(r'actions\.includes\("([a-z_]+)"\)', js))
    registered = {c.name for c in _all()}
    assert used, "the pattern finds the browser's commands"
    assert used <= registered, sorted(used - registered)


def test_the_registry_refuses_what_is_not_declared_or_not_well_formed() -> None:
    b = Board(BoardSetup.for_board(1, rng=random.Random(1)))
    with pytest.raises(BadCommand, match="unknown command"):
        run_command(b, Seat.NORTH, "rule", {"tricks": 1})  # the Director's, not a player's
    with pytest.raises(BadCommand, match="not a Director's command"):
        run_command(b, DIRECTOR_ROLE, "call", {"call": "1NT"})
    with pytest.raises(BadCommand, match="'call' is required"):
        run_command(b, Seat.NORTH, "call", {})
    with pytest.raises(BadCommand, match="must be true or false"):
        run_command(b, Seat.NORTH, "call", {"call": "1NT", "alert": "yes"})
    assert b.events == ()
    assert args_schema(COMMANDS["call"])["required"] == ["call"]


def test_a_dry_run_changes_nothing_and_says_what_the_command_would_say() -> None:
    b = Board(BoardSetup.for_board(1, rng=random.Random(1)))
    check_command(b, Seat.NORTH, "call", {"call": "1NT"})
    with pytest.raises(ActionRefused) as exc:
        check_command(b, Seat.EAST, "call", {"call": "1NT"})
    assert exc.value.law and exc.value.action == "call"
    assert b.events == () and not b.dry_run
    assert "call" in actions_for(b, Seat.NORTH) and "call" not in actions_for(b, Seat.EAST)


# ------------------------------------------------------------------ every derived document


def _args_branches(client_messages: dict[str, Any], name: str) -> list[dict[str, Any]]:
    command = [m for m in client_messages.get("oneOf", []) if m.get("title") == "command"]
    if len(command) != 1:
        return []
    return [
        b["then"]["properties"]["args"]
        for b in command[0].get("allOf", [])
        if b["if"]["properties"]["action"].get("const") == name
    ]


def _schema_gaps(cmd: Command, client_messages: dict[str, Any], where: str) -> list[str]:
    """What ``client_messages`` (the wire's JSON Schema) lacks of ``cmd``."""
    command = [m for m in client_messages.get("oneOf", []) if m.get("title") == "command"]
    actions = command[0]["properties"]["action"]["enum"] if len(command) == 1 else []
    if cmd.name not in actions:
        return [f"{where}: {cmd.name} is not an action"]
    branches = _args_branches(client_messages, cmd.name)
    if len(branches) != 1:
        return [f"{where}: {cmd.name} has {len(branches)} args schemas"]
    want = args_schema(cmd)
    got = branches[0]
    if got.get("properties") != want["properties"] or got.get("required") != want.get("required"):
        return [f"{where}: {cmd.name}'s args are {got} not {want}"]
    return []


def registry_gaps(
    commands: Iterable[Command],
    *,
    client_messages: dict[str, Any],
    openapi: dict[str, Any],
    described: list[dict[str, Any]],
    browser_js: str,
    offered: set[tuple[str, str]] | None = None,
) -> list[str]:
    """Every way a declared command is missing, or not the same (name, arguments), in the
    documents derived from the registry: the wire's JSON Schema, the OpenAPI document (its
    client messages and its ``/api/commands`` document), the commands document the browser
    reads its labels from (``GET /api/commands``), the browser's script and, when given,
    the views' action lists (``offered``: the (who, name) pairs some view listed)."""
    gaps: list[str] = []
    schemas = openapi.get("components", {}).get("schemas", {})
    listed = schemas.get("Commands", {}).get("properties", {}).get("commands", {})
    listed_names = listed.get("items", {}).get("properties", {}).get("name", {}).get("enum", [])
    if "/api/commands" not in openapi.get("paths", {}):
        gaps.append("openapi: no /api/commands")
    if 'api("/api/commands")' not in browser_js:
        gaps.append("app.js: the labels are not read from /api/commands")
    for cmd in commands:
        gaps += _schema_gaps(cmd, client_messages, "schema")
        gaps += _schema_gaps(cmd, schemas.get("ClientMessage", {}), "openapi")
        if cmd.name not in listed_names:
            gaps.append(f"openapi: {cmd.name} is not in the Commands document")
        entry = [d for d in described if d.get("name") == cmd.name and d.get("who") == cmd.who]
        want = {
            "label": cmd.label,
            "law": cmd.law,
            "widget": cmd.widget,
            "table_only": cmd.table_only,
            "events": list(cmd.event_names),
            "args": [
                {"name": a.name, "kind": str(a.kind), "required": a.required} for a in cmd.args
            ],
        }
        if len(entry) != 1:
            gaps.append(f"/api/commands: {cmd.who} {cmd.name} listed {len(entry)} times")
        elif {k: entry[0].get(k) for k in want} != want:
            gaps.append(f"/api/commands: {cmd.who} {cmd.name} is {entry[0]} not {want}")
        elif not entry[0]["label"]:
            gaps.append(f"/api/commands: {cmd.who} {cmd.name} has no label")
        if offered is not None and (cmd.who, cmd.name) not in offered:
            gaps.append(f"views: {cmd.who} {cmd.name} is never offered")
    return gaps


@functools.cache
def _offered_somewhere(seed: int) -> frozenset[tuple[str, str]]:
    """The (who, name) of every command some view listed on the walk of ``seed`` and in the
    scenarios a walk rarely reaches."""
    rng = random.Random(seed)
    seen: set[tuple[str, str]] = set()
    for _, board in _boards():
        _walk(rng, board, seen, 400)
    for scenario in _scenarios():
        for seat in [*SEATS, None]:
            who = PLAYER if seat is not None else DIRECTOR
            seen.update((who, a) for a in actions_for(scenario, seat))
    # the session's commands, offered by the session once a board is over (core/session.py)
    session = Session(SessionSetup("set", seed=seed, boards=2))
    random_auction(session.board, rng)
    random_play(session.board, rng)
    for seat in SEATS:
        seen.update((PLAYER, a) for a in session.actions(seat))
    return frozenset(seen)


@pytest.fixture(scope="module")
def served(server: ServerProcess) -> dict[str, Any]:
    """The documents a real server serves: OpenAPI, the commands and the browser's script."""
    out: dict[str, Any] = {}
    for key, path in [("openapi", "/api/openapi.json"), ("commands", "/api/commands")]:
        r = httpx.get(server.http + path, timeout=10)
        r.raise_for_status()
        out[key] = r.json()
    r = httpx.get(server.http + "/web/app.js", timeout=10)
    r.raise_for_status()
    out["app.js"] = r.text
    return out


def _gaps_in(served: dict[str, Any], commands: Iterable[Command], **changes: Any) -> list[str]:
    docs: dict[str, Any] = {
        "client_messages": CLIENT_MESSAGES,
        "openapi": served["openapi"],
        "described": served["commands"]["commands"],
        "browser_js": served["app.js"],
        "offered": set(_offered_somewhere(2026)),
    }
    return registry_gaps(commands, **{**docs, **changes})


def test_every_command_is_in_every_document_the_server_serves(served: dict[str, Any]) -> None:
    assert served["app.js"] == APP_JS.read_text(encoding="utf-8")
    assert _gaps_in(served, _all()) == []
    # and nothing is in them that is not declared
    names = {c.name for c in _all()}
    assert {d["name"] for d in served["commands"]["commands"]} == names
    command = next(m for m in CLIENT_MESSAGES["oneOf"] if m["title"] == "command")
    assert set(command["properties"]["action"]["enum"]) == names
    assert len(served["commands"]["commands"]) == len(_all())


def test_the_coverage_check_finds_a_declaration_missing_from_any_document(
    served: dict[str, Any],
) -> None:
    """The check above fails when one declaration is missing from any one document, or has
    other arguments there, or when a new declaration reaches none of them."""
    explain = COMMANDS["explain"]
    oneof = "oneOf"

    def without(doc: dict[str, Any], action: str, *, args_only: bool = False) -> dict[str, Any]:
        doc = copy.deepcopy(doc)
        msgs = doc[oneof] if oneof in doc else doc["components"]["schemas"]["ClientMessage"][oneof]
        command = next(m for m in msgs if m["title"] == "command")
        branch = next(
            b for b in command["allOf"] if b["if"]["properties"]["action"]["const"] == action
        )
        if args_only:
            del branch["then"]["properties"]["args"]["properties"]["text"]
        else:
            command["allOf"].remove(branch)
            command["properties"]["action"]["enum"].remove(action)
        return doc

    def gaps(**changes: Any) -> list[str]:
        return [g for g in _gaps_in(served, [explain], **changes) if "explain" in g]

    assert gaps() == []
    assert gaps(client_messages=without(CLIENT_MESSAGES, "explain"))
    assert gaps(client_messages=without(CLIENT_MESSAGES, "explain", args_only=True))
    assert gaps(openapi=without(served["openapi"], "explain"))
    assert gaps(openapi=without(served["openapi"], "explain", args_only=True))
    listed = copy.deepcopy(served["openapi"])
    names = listed["components"]["schemas"]["Commands"]["properties"]["commands"]["items"]
    names["properties"]["name"]["enum"].remove("explain")
    assert gaps(openapi=listed)
    described = [d for d in served["commands"]["commands"] if d["name"] != "explain"]
    assert gaps(described=described)
    relabelled = copy.deepcopy(served["commands"]["commands"])
    for d in relabelled:
        if d["name"] == "explain":
            d["args"] = d["args"][:1]
    assert gaps(described=relabelled)
    assert gaps(offered=set(_offered_somewhere(2026)) - {(PLAYER, "explain")})
    assert _gaps_in(served, [], browser_js="const COMMANDS = {};")
    # a declaration added to the registry and to nothing derived from it
    new = dataclasses.replace(explain, name="explain_again")
    found = _gaps_in(served, [new])
    for where in ("schema:", "openapi:", "/api/commands:", "views:"):
        assert any(g.startswith(where) for g in found), (where, found)


# ------------------------------------------------------------------ the views: a random walk


def _args_for(b: Board, cmd: Command, seat: Seat | None, rng: random.Random) -> dict[str, Any]:
    """Plausible arguments for ``cmd`` now (the engine may still refuse them)."""
    name = cmd.name
    own = [str(c) for c in b.hand(seat)] if seat is not None else []
    if name == "call":
        call = rng.choice(b.legal_calls())
        return {"call": str(call), "alert": rng.random() < 0.1}
    if name == "replace_call" and seat is not None:
        return {"call": str(rng.choice(b.replacement_calls(seat)))}
    if name in ("play", "choose_for_dummy"):
        hand = b.dummy if name == "choose_for_dummy" else seat
        cards = b.legal_cards(hand) if hand is not None else []
        return {"card": str(rng.choice(cards))} if cards else {"card": "SA"}
    if name == "designate":
        cards = b.legal_cards(b.dummy)
        options = ["low", "high", "anything", *(str(c) for c in cards)]
        return {"text": rng.choice(options)}
    if name in ("ask_explanation", "correct_explanation", "explain"):
        if name == "explain":
            mine = [i for _, i in b.pending_questions if b.auction.caller_of(i).partner is seat]
            return {"call_index": mine[0] if mine else 0, "text": "natural"}
        n = len(b.auction)
        return {"call_index": rng.randrange(n) if n else 0, "text": "natural"}
    if name == "mark_trick":
        return {"trick": max(0, len(b.tricks) - 1), "won": rng.random() < 0.5}
    if name in ("claim", "concede"):
        return {"tricks": rng.randint(0, 13 - len(b.tricks))}
    if name == "choose" and seat is not None:
        return {"option": rng.choice(b.options_for(seat)).id}
    if name in ("proper_lead", "expose_card", "fifth_card", "misplay", "indicate"):
        return {"card": rng.choice(own) if own else "SA"}
    if name == "draw_attention" and seat is not None:
        others = [s for s in SEATS if s is not seat]
        return {"offender": rng.choice(others).letter, "question": rng.random() < 0.3}
    if name == "ask_revoke" and seat is not None:
        asked = b.revoke_questions(seat)
        return {"asked": asked[0].letter if asked else "N"}
    if name == "report_irregularity":
        return {"text": "a card was played out of turn"}
    if name == "rule":
        claim = b.claim
        return {"tricks": rng.randint(0, claim.remaining) if claim else 0}
    if name == "inspect_quitted":
        return {"trick": rng.randrange(len(b.tricks)) if b.tricks else 0}
    if name == "return_lead":
        return {"law": rng.choice(["54", "47E"])}
    if name == "restore_tricks":
        return {"side_of": rng.choice(SEATS).letter, "tricks": 1, "law": rng.choice(["69B", "71"])}
    if name == "defective_trick":
        return {"hand": rng.choice(SEATS).letter, "trick": rng.randrange(max(1, len(b.tricks)))}
    return {}


def _boards() -> Iterator[tuple[str, Board]]:
    rules = {
        "online": RuleSet(),
        "table": RuleSet(policy="table"),
        "rubber": RuleSet.rubber(),
        "rubber-table": RuleSet.rubber(policy="table"),
    }
    for n in range(80):
        name = list(rules)[n % len(rules)]
        setup = BoardSetup.for_board(n % 16 + 1, rng=random.Random(1000 + n), rules=rules[name])
        yield name, Board(setup)


def _no_arg_agreement(b: Board, seat: Seat | None) -> None:
    """For every command without required arguments, offered <=> the engine takes it now."""
    who = PLAYER if seat is not None else DIRECTOR
    offered = set(actions_for(b, seat))
    role: Any = seat if seat is not None else DIRECTOR_ROLE
    for cmd in commands_of(who).values():
        if any(a.required for a in cmd.args) or cmd.offered is None:
            continue  # the probe-offered commands agree by construction
        takes = can_command(b, role, cmd.name, {})
        if cmd.hidden_refusal:
            assert not takes or cmd.name in offered, (cmd.who, cmd.name, seat, b.phase)
        else:
            assert (cmd.name in offered) == takes, (cmd.who, cmd.name, seat, b.phase)


_ASKS = {"draw_attention": "ask_revoke"}

#: the walk mostly plays on (questions and claims now and then, as at a table)
_WEIGHT = {
    "call": 20.0,
    "play": 30.0,
    "play!": 30.0,
    "face_lead": 20.0,
    "designate": 10.0,
    "choose": 20.0,
    "proper_lead": 10.0,
    "choose_for_dummy": 10.0,
    "claim": 0.1,
    "concede": 0.1,
    "agree_play_on": 10.0,
    "dispute_claim": 3.0,
}


def _walk(rng: random.Random, b: Board, seen: set[tuple[str, str]], steps: int) -> None:
    table = b.rules.policy == "table"
    for _ in range(steps):
        offered: list[tuple[Seat | str, str]] = []
        claim = b.claim
        if claim is not None and claim.ruling_asked and claim.proposal is None:
            b.propose_ruling(rng.randint(0, claim.remaining), laws="70", text="walk")
        for s in SEATS:
            acts = actions_for(b, s)
            seen.update((PLAYER, a) for a in acts)
            offered.extend((s, a) for a in acts)
        director = actions_for(b, None)
        seen.update((DIRECTOR, a) for a in director)
        if rng.random() < 0.15:
            offered.extend((DIRECTOR, a) for a in director)
        if rng.random() < 0.05:
            _no_arg_agreement(b, rng.choice([*SEATS, None]))
        if table and b.phase in (Phase.PLAY, Phase.CLARIFICATION) and rng.random() < 0.08:
            # at a real table anyone may put a card on it (out of turn, a revoke...)
            anyone = rng.choice(SEATS)
            if b.hand(anyone).mask:
                offered.append((anyone, "play!"))
        if not offered:
            return
        weights = [_WEIGHT.get(a, 1.0) for _, a in offered]
        who, act = rng.choices(offered, weights)[0]
        before = len(b.events)
        seat = who if isinstance(who, Seat) else None
        if act == "play!" and seat is not None:
            act = "play"
            cmd = COMMANDS[act]
            args = {"card": str(rng.choice(list(b.hand(seat))))}
        else:
            cmd = commands_of(PLAYER if seat is not None else DIRECTOR)[act]
            args = _args_for(b, cmd, seat, rng)
        role: Any = seat if seat is not None else DIRECTOR_ROLE
        try:
            event = run_command(b, role, act, args)
        except ActionRefused as exc:
            assert len(b.events) == before  # a refusal changes nothing
            # and names the command given (draw_attention's question is ask_revoke, 61B)
            assert exc.action in (act, _ASKS.get(act)), (act, exc.action)
            continue
        assert len(b.events) > before
        assert valid(args, COMMAND_ARGS[act]), (act, args)  # the view's act, the wire's args
        if event is not None:
            assert type(event).__name__ in cmd.event_names, (act, type(event).__name__)


# seed 2 once found a crash: a defender chose dummy's card over a pending Law 67B1 choice
@pytest.mark.parametrize("seed", [2026, 2])
def test_every_command_is_offered_by_the_views_somewhere(seed: int) -> None:
    seen = _offered_somewhere(seed)
    declared = {(c.who, c.name) for c in _all()}
    assert declared - seen == set()
    assert seen <= declared


def _scenarios() -> list[Board]:
    """Positions a random walk rarely reaches, built as a player would reach them."""
    out = []
    # declarer says "anything": either defender chooses dummy's card (46B5)
    b = Board(BoardSetup.for_board(1, rng=random.Random(7)))
    for call in ("1NT", "Pass", "Pass", "Pass"):
        run_command(b, b.to_act, "call", {"call": call})
    leader = b.opening_leader
    assert leader is not None
    run_command(b, leader, "play", {"card": str(b.legal_cards(leader)[0])})
    run_command(b, leader, "face_lead", {})
    declarer = b.declarer
    assert declarer is not None
    run_command(b, declarer, "designate", {"text": "anything"})
    out.append(b)
    # at a real table, a lead out of turn at trick two: the proper hand may lead (53B)
    t = Board(BoardSetup.for_board(2, rng=random.Random(8), rules=RuleSet(policy="table")))
    for call in ("1NT", "Pass", "Pass", "Pass"):
        run_command(t, t.to_act, "call", {"call": call})
    run_command(t, t.opening_leader, "play", {"card": str(t.legal_cards()[0])})
    run_command(t, t.opening_leader, "face_lead", {})
    while t.current_trick:
        run_command(t, t.to_act, "play", {"card": str(t.legal_cards()[0])})
    for offender in SEATS:
        if offender in (t.to_act, t.dummy):
            continue
        b = Board.replay(t.record)
        run_command(b, offender, "play", {"card": str(next(iter(b.hand(offender))))})
        out.append(b)
    return out
