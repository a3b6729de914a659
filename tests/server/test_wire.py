r"""The typed wire protocol (``bridgetable.server.wire``): every message type round-trips
through the one codec; what it encodes validates against the JSON Schemas; its types are
the schemas' ``oneOf`` titles, field for field (so the two cannot drift); a frame that is not
a message gets the documented ``bad_request`` and changes nothing (over a real hub and
SQLite store, in this process); and no server module but the codec writes JSON messages."""

from __future__ import annotations

import ast
import asyncio
import json
from dataclasses import MISSING, fields
from pathlib import Path
from typing import Any

import pytest
from json_schema import valid

from bridgetable.core.deal import Deal
from bridgetable.core.record import BoardSetup
from bridgetable.core.seats import Seat
from bridgetable.server import wire
from bridgetable.server.endpoints.sockets import RateLimiter, on_message
from bridgetable.server.hub import CommandError, Connection, Hub
from bridgetable.server.schemas import CLIENT_MESSAGES, SERVER_MESSAGES
from bridgetable.server.store import SQLiteStore
from bridgetable.server.wire import (
    ABSENT,
    BAD_TEXT,
    MAX_MESSAGE,
    NOT_AN_OBJECT,
    Ack,
    BadMessage,
    Command,
    Error,
    Fault,
    Hello,
    Ping,
    Pong,
    Resume,
    RulingProposal,
    Synced,
    View,
    Welcome,
    decode_client,
    decode_server,
    encode,
)

SERVER_SRC = Path(__file__).resolve().parents[2] / "src" / "bridgetable" / "server"


def test_the_validator_refuses_what_it_should() -> None:
    ack = next(o for o in SERVER_MESSAGES["oneOf"] if o["title"] == "ack")
    assert valid({"type": "ack", "id": 1, "version": 3}, ack)
    assert not valid({"type": "ack", "id": 1}, ack)
    assert not valid({"type": "ack", "version": -1}, ack)
    assert not valid({"type": "ack", "version": True}, ack)
    assert not valid({"type": "ack", "id": 1.5, "version": 1}, ack)
    command = next(o for o in CLIENT_MESSAGES["oneOf"] if o["title"] == "command")
    good = {"type": "command", "version": 0, "action": "play", "args": {"card": "SA"}}
    assert valid(good, command)
    assert not valid({**good, "args": {"card": 7}}, command)
    assert not valid({**good, "action": "fly"}, command)


# ---------------------------------------------------------------------------- samples

VIEW = {"role": "N", "phase": "auction", "hands": {"N": ["SA"]}, "legal_cards": [], "actions": []}
RULING = {"final": 9, "awarded": 9, "laws": ["70", "71"], "witness": ["SA", "HK"]}

CLIENT_SAMPLES: list[wire.ClientMessage] = [
    Hello(token="t0k3n"),
    Hello(token="t0k3n", version=17),
    Command(id=5, version=17, action="play", args={"card": "SA"}),
    Command(id="x", version=0, action="call", args={"call": "1NT", "alert": True}),
    Command(version=3, action="claim", args={"tricks": 4, "statement": "a \u2660 for each"}),
    Command(id=None, version=3, action="face_lead"),
    Resume(version=17),
    Ping(id="x"),
    Ping(id=7),
    Ping(),
]

SERVER_SAMPLES: list[wire.ServerMessage] = [
    Welcome(table="abc", role="E", server="0.1.0"),
    Welcome(table="abc", role="director", server="0.1.0"),
    View(table="abc", version=18, view=VIEW),
    Synced(version=17),
    Ack(id=5, version=18),
    Ack(id=None, version=18),
    Error(code="unauthorized", message="the first message is a hello with a valid token"),
    Error(id=None, code="rate_limited", message="too many messages"),
    Error(id=5, code="stale", message="made against version 3; the table is at 4", version=4),
    Error(
        id="p1",
        code="refused",
        message="play by West refused: not his turn (Law 44C)",
        action="play",
        reason="not his turn",
        law="44C",
        version=17,
    ),
    Error(id=2, code="bad_request", message=BAD_TEXT, version=3),
    Fault(table="abc", version=18, message="CardPlayed at version 18: ValueError"),
    RulingProposal(table="abc", version=40, ruling=RULING, text="Nine tricks (Law 70)"),
    RulingProposal(table="abc", version=40, error="no proposal: TimeoutError()"),
    Pong(id="x", version=18),
    Pong(id=None, version=0),
]


def _titles(schema: dict[str, Any]) -> set[str]:
    return {o["title"] for o in schema["oneOf"]}


def _option(schema: dict[str, Any], title: str) -> dict[str, Any]:
    return next(o for o in schema["oneOf"] if o["title"] == title)


# ---------------------------------------------------------------------------- the tests


def test_the_samples_cover_every_message_type() -> None:
    assert {type(m) for m in CLIENT_SAMPLES} == set(wire.CLIENT_TYPES.values())
    assert {type(m) for m in SERVER_SAMPLES} == set(wire.SERVER_TYPES.values())


@pytest.mark.parametrize("msg", CLIENT_SAMPLES, ids=repr)
def test_every_client_message_round_trips_and_validates(msg: wire.ClientMessage) -> None:
    text = encode(msg)
    assert decode_client(text) == msg
    data = json.loads(text)
    assert next(iter(data)) == "type" and data["type"] == msg.TYPE
    assert valid(data, CLIENT_MESSAGES), data
    assert valid(data, _option(CLIENT_MESSAGES, msg.TYPE)), data


@pytest.mark.parametrize("msg", SERVER_SAMPLES, ids=repr)
def test_every_server_message_round_trips_and_validates(msg: wire.ServerMessage) -> None:
    text = encode(msg)
    assert decode_server(text) == msg
    data = json.loads(text)
    assert next(iter(data)) == "type" and data["type"] == msg.TYPE
    assert valid(data, SERVER_MESSAGES), data
    assert valid(data, _option(SERVER_MESSAGES, msg.TYPE)), data


def test_the_wire_types_are_the_schemas_messages_field_for_field() -> None:
    for schema, types in (
        (CLIENT_MESSAGES, wire.CLIENT_TYPES),
        (SERVER_MESSAGES, wire.SERVER_TYPES),
    ):
        assert set(types) == _titles(schema)
        for option in schema["oneOf"]:
            cls = types[option["title"]]
            assert option["properties"]["type"] == {"const": cls.TYPE}
            names = {f.name for f in fields(cls)}
            assert names == set(option["properties"]) - {"type"}, cls
            needed = {
                f.name for f in fields(cls) if f.default is MISSING and f.default_factory is MISSING
            }
            assert needed == set(option["required"]) - {"type"}, cls


def test_the_wire_format_of_each_message_is_the_documented_one() -> None:
    """The keys and values docs/protocol.md shows (what the browser and the robots read)."""
    assert json.loads(encode(Error(code="not_found", message="no such table"))) == {
        "type": "error",
        "code": "not_found",
        "message": "no such table",
    }
    assert json.loads(encode(Error(id=None, code="bad_request", message="m"))) == {
        "type": "error",
        "id": None,
        "code": "bad_request",
        "message": "m",
    }
    assert json.loads(encode(Ack(id=None, version=2))) == {"type": "ack", "id": None, "version": 2}
    assert json.loads(encode(RulingProposal(table="t", version=1, error="e"))) == {
        "type": "ruling_proposal",
        "table": "t",
        "version": 1,
        "error": "e",
    }
    assert json.loads(encode(View(table="t", version=1, view=VIEW)))["view"] == VIEW
    assert repr(ABSENT) == "ABSENT"


def test_a_refusal_is_answered_with_the_engines_action_reason_and_law() -> None:
    exc = CommandError("refused", "m", action="play", reason="not his turn", law="44C", version=3)
    assert json.loads(encode(exc.answer(9))) == {
        "type": "error",
        "id": 9,
        "code": "refused",
        "message": "m",
        "action": "play",
        "reason": "not his turn",
        "law": "44C",
        "version": 3,
    }


#: (frame, its id in the answer, the answer's message, whether it tells the version)
BAD_FRAMES: list[tuple[str, Any, str, bool]] = [
    ("[]", None, NOT_AN_OBJECT, False),
    ('"ping"', None, NOT_AN_OBJECT, False),
    ("17", None, NOT_AN_OBJECT, False),
    ("{not json", None, NOT_AN_OBJECT, False),
    (json.dumps({"type": "ping", "id": 1, "pad": "x" * MAX_MESSAGE}), None, NOT_AN_OBJECT, False),
    ('{"type": "fly", "id": 4}', 4, "unknown message type 'fly'", False),
    ('{"id": 4}', 4, "unknown message type None", False),
    (
        '{"type": "command", "id": 5, "version": "7", "action": "call"}',
        5,
        "a command carries the version it was made against",
        False,
    ),
    (
        '{"type": "command", "id": 5, "version": true, "action": "call"}',
        5,
        "a command carries the version it was made against",
        False,
    ),
    (
        '{"type": "command", "id": 5, "action": "call"}',
        5,
        "a command carries the version it was made against",
        False,
    ),
    ('{"type": "command", "id": 5, "version": 0}', 5, "a command names its action", False),
    (
        '{"type": "command", "id": 5, "version": 0, "action": "call", "args": [1]}',
        5,
        "args must be a JSON object",
        True,
    ),
    (
        '{"type": "command", "id": 6, "version": 0, "action": "call",'
        ' "args": {"call": "1C", "explanation": "ok \\ud800"}}',
        6,
        BAD_TEXT,
        True,
    ),
    ('{"type": "ping", "id": "\\ud800"}', None, BAD_TEXT, True),
    ('{"type": "ping", "id": 8, "\\udfff": 1}', 8, BAD_TEXT, True),
    ('{"type": "ping", "id": "' + "x" * 65 + '", "k": "\\ud800"}', None, BAD_TEXT, True),
]


@pytest.mark.parametrize(("frame", "mid", "message", "tells"), BAD_FRAMES)
def test_a_bad_frame_is_a_bad_message_with_the_documented_answer(
    frame: str, mid: Any, message: str, tells: bool
) -> None:
    with pytest.raises(BadMessage) as info:
        decode_client(frame)
    answer = info.value.answer(12)
    assert answer == Error(
        id=mid, code="bad_request", message=message, version=12 if tells else None
    )
    assert valid(json.loads(encode(answer)), SERVER_MESSAGES)


def test_an_id_is_echoed_only_when_it_is_a_short_string_or_integer() -> None:
    assert decode_client('{"type": "ping", "id": "' + "x" * 64 + '"}') == Ping(id="x" * 64)
    assert decode_client('{"type": "ping", "id": "' + "x" * 65 + '"}') == Ping(id=None)
    assert decode_client('{"type": "ping", "id": 1.5}') == Ping(id=None)
    assert decode_client('{"type": "ping", "id": [1]}') == Ping(id=None)


def test_a_hello_or_resume_with_a_bad_version_holds_no_version() -> None:
    # the version a reconnecting client holds is optional: a bad one means "send the view"
    assert decode_client('{"type": "hello", "token": "t", "version": "3"}') == Hello(token="t")
    assert decode_client('{"type": "hello", "token": "t", "version": true}') == Hello(token="t")
    assert decode_client('{"type": "resume", "version": 1.0}') == Resume(version=None)
    with pytest.raises(BadMessage):
        decode_client('{"type": "hello", "token": 7}')


def test_a_server_message_of_an_unknown_shape_does_not_decode() -> None:
    for text in (
        "[]",
        "{",
        '{"type": "nope"}',
        '{"type": "ack"}',
        '{"type": "ack", "version": 1, "x": 2}',
    ):
        with pytest.raises(BadMessage):
            decode_server(text)


# ---------------------------------------------------------------------------- over a hub


DEAL = "N:AKQJ.T98.765.432 T987.AKQ.432.J65 6543.J76.AKQ.T98 2.5432.JT98.AKQ7"


def test_bad_frames_change_nothing_and_good_ones_are_answered(tmp_path: Path) -> None:
    async def run() -> None:
        store = SQLiteStore(tmp_path / "wire.db")
        await store.open()
        hub = Hub(store)
        try:
            setup = BoardSetup.for_board(1, deal=Deal.from_pbn(DEAL))
            table, _ = await hub.create(setup, [], seed=1)
            sent: list[str] = []

            async def send(text: str) -> None:
                sent.append(text)

            north = Connection(Seat.NORTH, send)
            limiter = RateLimiter(1000.0, 1000.0)

            async def frame(raw: str) -> list[wire.ServerMessage]:
                del sent[:]
                await on_message(hub, table, north, raw, limiter=limiter, reply=north.send_message)
                out = [decode_server(t) for t in sent]
                for t in sent:
                    assert valid(json.loads(t), SERVER_MESSAGES), t
                return out

            await hub.attach(table, north, None)
            for raw, mid, message, tells in BAD_FRAMES:
                answer = await frame(raw)
                expected = Error(
                    id=mid,
                    code="bad_request",
                    message=message,
                    version=table.version if tells else None,
                )
                assert answer == [expected], raw
                assert table.version == 0
                assert await store.events_since(table.id, 0) == []
            assert await frame('{"type": "hello", "token": "t", "id": 3}') == [
                Error(id=None, code="bad_request", message="unknown message type 'hello'")
            ]
            assert await frame('{"type": "ping", "id": "p"}') == [Pong(id="p", version=0)]
            assert await frame('{"type": "resume", "version": 0}') == [Synced(version=0)]
            [view] = await frame('{"type": "resume"}')
            assert isinstance(view, View) and view.version == 0 and view.view["role"] == "N"
            # a command refused by the engine: its action, reason and Law; nothing changes
            [refused] = await frame(
                encode(Command(id=1, version=0, action="call", args={"call": "8NT"}))
            )
            assert isinstance(refused, Error) and refused.code in ("bad_request", "refused")
            assert table.version == 0
            [stale] = await frame(encode(Command(id=2, version=5, action="call", args={})))
            assert stale == Error(
                id=2,
                code="stale",
                message="made against version 5; the table is at 0",
                version=0,
            )
            # a good command: the views to every connection, then the ack
            msgs = await frame(encode(Command(id=3, version=0, action="call", args={"call": "1C"})))
            assert isinstance(msgs[0], View) and msgs[0].version == 1
            assert msgs[-1] == Ack(id=3, version=1)
            assert len(await store.events_since(table.id, 0)) == 1
            # East's card out of turn (online policy): refused with the Law
            east = Connection(Seat.EAST, send)
            del sent[:]
            await on_message(
                hub,
                table,
                east,
                encode(Command(id=4, version=1, action="call", args={"call": "Pass"})),
                limiter=limiter,
                reply=east.send_message,
            )
            assert [decode_server(t) for t in sent][-1] == Ack(id=4, version=2)
            del sent[:]
            await on_message(
                hub,
                table,
                east,
                encode(Command(id=5, version=2, action="call", args={"call": "Pass"})),
                limiter=limiter,
                reply=east.send_message,
            )
            [out_of_turn] = [decode_server(t) for t in sent]
            assert isinstance(out_of_turn, Error) and out_of_turn.code == "refused"
            assert out_of_turn.law and out_of_turn.action == "call" and out_of_turn.version == 2
            # past the bucket: rate_limited, the id echoed
            slow = RateLimiter(0.0, 0.0)
            del sent[:]
            await on_message(
                hub,
                table,
                north,
                '{"type": "ping", "id": 9}',
                limiter=slow,
                reply=north.send_message,
            )
            assert [decode_server(t) for t in sent] == [
                Error(id=9, code="rate_limited", message="too many messages")
            ]
        finally:
            await hub.close()
            await store.close()

    asyncio.run(run())


# ---------------------------------------------------------------------------- one codec

#: The server modules that may write JSON: the codec, and the store (records, not messages);
#: ``schemas.py``'s dicts with a ``"type"`` are JSON Schemas.
JSON_WRITERS = {"wire.py", "store.py"}


def test_only_the_codec_writes_the_servers_json_messages() -> None:
    offenders = []
    for path in sorted(SERVER_SRC.rglob("*.py")):
        if path.name in JSON_WRITERS:
            continue
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr == "dumps"
                and isinstance(node.func.value, ast.Name)
                and node.func.value.id in ("json", "orjson")
            ):
                offenders.append(f"{path.relative_to(SERVER_SRC)}:{node.lineno}")
            if (
                path.name != "schemas.py"
                and isinstance(node, ast.Dict)
                and any(isinstance(k, ast.Constant) and k.value == "type" for k in node.keys)
            ):
                offenders.append(f"{path.relative_to(SERVER_SRC)}:{node.lineno} (a 'type' dict)")
    assert offenders == []
