"""JSON Schemas of the wire messages and the OpenAPI description of the HTTP API.

``docs/protocol.md`` documents the same messages in prose; a test checks that every message
the server sends validates against :data:`SERVER_MESSAGES`. :data:`COMMAND_ARGS` gives the
``args`` of every command (player's and Director's), table mode's included.
"""

from __future__ import annotations

from typing import Any

from bridgetable.core.commands import Kind, args_schema
from bridgetable.core.phase import Phase
from bridgetable.server.commands import DIRECTOR_COMMANDS, PLAYER_COMMANDS

_VERSION = {"type": "integer", "minimum": 0}
_ID = {"type": ["string", "integer", "null"]}
_SEAT = {"enum": ["N", "E", "S", "W"]}


#: The ``args`` of each command, by action (players' and the Director's), derived from the
#: one registry :data:`bridgetable.core.commands.COMMANDS` (the engine checks the Laws, the
#: server the types: a mistyped argument is answered ``bad_request``).
COMMAND_ARGS: dict[str, dict[str, Any]] = {
    **{n: args_schema(c) for n, c in DIRECTOR_COMMANDS.items()},
    **{n: args_schema(c) for n, c in PLAYER_COMMANDS.items()},
}

_ARG_DOC = {
    "type": "object",
    "required": ["name", "kind", "required"],
    "properties": {
        "name": {"type": "string"},
        "kind": {"enum": [str(k) for k in Kind]},
        "required": {"type": "boolean"},
    },
}

#: ``GET /api/commands``: the registry as the browser reads it (labels, widgets, arguments).
COMMANDS_DOCUMENT: dict[str, Any] = {
    "type": "object",
    "required": ["commands"],
    "properties": {
        "commands": {
            "type": "array",
            "items": {
                "type": "object",
                "required": ["name", "who", "label", "law", "widget", "args"],
                "properties": {
                    "name": {"enum": sorted({*PLAYER_COMMANDS, *DIRECTOR_COMMANDS})},
                    "who": {"enum": ["player", "director"]},
                    "label": {"type": "string"},
                    "law": {"type": "string"},
                    "widget": {"enum": ["button", "form"]},
                    "help": {
                        "type": "string",
                        "description": "what the command does, for a player (may be empty)",
                    },
                    "table_only": {"type": "boolean"},
                    "scope": {"enum": ["board", "session"]},
                    "events": {"type": "array", "items": {"type": "string"}},
                    "args": {"type": "array", "items": _ARG_DOC},
                },
            },
        }
    },
}

#: Client -> server messages.
CLIENT_MESSAGES: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "title": "client message",
    "oneOf": [
        {
            "title": "hello",
            "type": "object",
            "required": ["type", "token"],
            "properties": {
                "type": {"const": "hello"},
                "token": {"type": "string", "maxLength": 100},
                "version": _VERSION,
            },
        },
        {
            "title": "command",
            "type": "object",
            "required": ["type", "version", "action"],
            "properties": {
                "type": {"const": "command"},
                "id": _ID,
                "version": _VERSION,
                "action": {"enum": sorted({*PLAYER_COMMANDS, *DIRECTOR_COMMANDS})},
                "args": {"type": "object"},
            },
            "allOf": [
                {
                    "if": {"properties": {"action": {"const": action}}},
                    "then": {"properties": {"args": schema}},
                }
                for action, schema in sorted(COMMAND_ARGS.items())
            ],
        },
        {
            "title": "resume",
            "type": "object",
            "required": ["type", "version"],
            "properties": {"type": {"const": "resume"}, "version": _VERSION},
        },
        {
            "title": "ping",
            "type": "object",
            "required": ["type"],
            "properties": {"type": {"const": "ping"}, "id": _ID},
        },
    ],
}

#: Server -> client messages.
SERVER_MESSAGES: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "title": "server message",
    "oneOf": [
        {
            "title": "welcome",
            "type": "object",
            "required": ["type", "table", "role", "server"],
            "properties": {
                "type": {"const": "welcome"},
                "table": {"type": "string"},
                "role": {"enum": ["N", "E", "S", "W", "spectator", "director"]},
                "server": {"type": "string"},
            },
        },
        {
            "title": "view",
            "type": "object",
            "required": ["type", "table", "version", "view"],
            "properties": {
                "type": {"const": "view"},
                "table": {"type": "string"},
                "version": _VERSION,
                "view": {
                    "type": "object",
                    "required": ["role", "phase", "hands", "legal_cards", "actions"],
                    "description": "bridgetable.core.views.View.to_dict() for this role",
                },
                "session": {
                    "type": "object",
                    "required": ["kind", "board", "results", "total", "asked", "over", "actions"],
                    "description": "bridgetable.core.session.Session.summary() for this role",
                    "properties": {
                        "kind": {"enum": ["set", "rubber", "chicago"]},
                        "scoring": {"enum": ["total", "par", "mp", "imps"]},
                        "boards": {"type": ["integer", "null"]},
                        "board": {"type": "integer", "minimum": 1},
                        "results": {"type": "array", "items": {"type": "object"}},
                        "total": {"type": "integer"},
                        "asked": {"type": "array", "items": _SEAT},
                        "over": {"type": "boolean"},
                        "actions": {"type": "array", "items": {"type": "string"}},
                        "rubber": {"type": "object"},
                        "chicago": {"type": "object"},
                        "field": {
                            "type": "object",
                            "description": "a set scored across the field (mp, imps): "
                            "bridgetable.server.field.FieldResults.summary()",
                        },
                    },
                },
            },
        },
        {
            "title": "synced",
            "type": "object",
            "required": ["type", "version"],
            "properties": {"type": {"const": "synced"}, "version": _VERSION},
        },
        {
            "title": "ack",
            "type": "object",
            "required": ["type", "version"],
            "properties": {"type": {"const": "ack"}, "id": _ID, "version": _VERSION},
        },
        {
            "title": "error",
            "type": "object",
            "required": ["type", "code", "message"],
            "properties": {
                "type": {"const": "error"},
                "id": _ID,
                "code": {
                    "enum": [
                        "stale",
                        "refused",
                        "bad_request",
                        "forbidden",
                        "rate_limited",
                        "too_many_sockets",
                        "storage_error",
                        "unauthorized",
                        "not_found",
                        "table_fault",
                        "quarantined",
                    ]
                },
                "message": {"type": "string"},
                "version": _VERSION,
                "action": {"type": "string"},
                "reason": {"type": "string"},
                "law": {"type": "string"},
            },
        },
        {
            "title": "fault",
            "type": "object",
            "required": ["type", "table", "version", "message"],
            "properties": {
                "type": {"const": "fault"},
                "table": {"type": "string"},
                "version": _VERSION,
                "message": {"type": "string"},
            },
        },
        {
            "title": "ruling_proposal",
            "type": "object",
            "required": ["type", "table", "version"],
            "properties": {
                "type": {"const": "ruling_proposal"},
                "table": {"type": "string"},
                "version": _VERSION,
                "ruling": {"type": "object"},
                "text": {"type": "string"},
                "error": {"type": "string"},
            },
        },
        {
            "title": "pong",
            "type": "object",
            "required": ["type", "version"],
            "properties": {"type": {"const": "pong"}, "id": _ID, "version": _VERSION},
        },
    ],
}

_CREATE = {
    "type": "object",
    "properties": {
        "robots": {"type": "array", "items": _SEAT, "maxItems": 4},
        "free": {
            "type": "array",
            "items": _SEAT,
            "maxItems": 4,
            "description": "human seats left free for the lobby (no token at creation: the "
            "first to join takes each); not a robot's seat",
        },
        "rules": {"enum": ["duplicate", "rubber"]},
        "policy": {
            "enum": ["online", "table"],
            "description": "online (default) refuses irregular acts; table accepts them and "
            "offers the Laws' rectifications (docs/protocol.md, table mode)",
        },
        "board": {"type": "integer", "minimum": 1, "maximum": 10000},
        "deal": {"type": "string", "description": "PBN deal, e.g. N:AKQ.. ..."},
        "contract": {"type": "string", "description": "e.g. 4S, 3NTX, or 'par'"},
        "declarer": _SEAT,
        "seed": {
            "type": "integer",
            "description": "deal and robots' seed (absent: 256 bits of OS entropy)",
        },
        "session": {
            "type": "object",
            "description": "a table that plays on, board after board, dealt from the seed: "
            "a set of duplicate boards 1..boards (Law 2), a rubber or four deals of chicago "
            "(both with rules 'rubber'); "
            "not with board, deal, contract or declarer",
            "required": ["kind"],
            "properties": {
                "kind": {"enum": ["set", "rubber", "chicago"]},
                "boards": {"type": "integer", "minimum": 1, "maximum": 1000},
                "pbn": {
                    "type": "string",
                    "maxLength": 60000,
                    "description": "a set only: a PBN hand record (at most 64 boards) whose "
                    "deals are the set's boards, in order, with its Board, Dealer and "
                    "Vulnerable tags (Law 2 from the number where one is missing); boards, "
                    "if given, is the number of its boards",
                },
                "scoring": {
                    "enum": ["total", "par", "mp", "imps"],
                    "description": "a set only: total (the default: the boards' scores "
                    "added), par (each score against the board's double-dummy par, in IMPs; "
                    "at most 36 boards; 501 without the solver), mp or imps (against the "
                    "other results of the same deal on this server)",
                },
            },
        },
    },
}


def _json(schema: dict[str, Any], description: str) -> dict[str, Any]:
    return {"description": description, "content": {"application/json": {"schema": schema}}}


def _err(description: str) -> dict[str, Any]:
    return _json(
        {
            "type": "object",
            "required": ["error"],
            "properties": {"error": {"type": "string"}, "code": {"type": "string"}},
        },
        description,
    )


#: The answers any request on a table may get besides its own (docs/protocol.md, HTTP).
_TABLE_ERRORS = {
    "404": _err("no such table"),
    "500": _err('a quarantined table ({"code": "quarantined"}): its record cannot be replayed'),
}
#: The answers any request with a body may get besides its own.
_BODY_ERRORS = {
    "400": _err("not a JSON object, nested too deep, or text that is not Unicode"),
    "413": _err("body too large"),
    "415": _err("a body that is not application/json"),
}


_TABLE_ID = {"name": "table_id", "in": "path", "required": True, "schema": {"type": "string"}}

#: A table's public summary (``Table.summary()``: no card, no token, no seed), as
#: ``GET /api/tables/{id}`` answers it and ``GET /api/tables`` lists it.
_SUMMARY = {
    "type": "object",
    "required": ["id", "board", "rules", "phase", "version", "seats", "over", "session"],
    "properties": {
        "id": {"type": "string"},
        "board": {"type": "integer", "minimum": 1},
        "rules": {"type": "string"},
        "phase": {"enum": [p.value for p in Phase]},
        "version": _VERSION,
        "seats": {
            "type": "object",
            "required": ["N", "E", "S", "W"],
            "additionalProperties": False,
            "properties": {s: {"enum": ["free", "taken", "robot"]} for s in "NESW"},
        },
        "contract": {
            "type": ["string", "null"],
            "description": "e.g. 4S S, 3NTX N; always null for a team match's room",
        },
        "to_act": {"enum": ["N", "E", "S", "W", None]},
        "over": {"type": "boolean", "description": "the board in play is over"},
        "session": {
            "type": "object",
            "required": ["kind", "boards", "over"],
            "properties": {
                "kind": {"enum": ["set", "rubber", "chicago"]},
                "scoring": {"enum": ["total", "par", "mp", "imps"]},
                "boards": {"type": ["integer", "null"]},
                "over": {"type": "boolean"},
            },
        },
        "match": {
            "description": "a team match's table: its match and room (server/matches.py)",
            "oneOf": [
                {"type": "null"},
                {
                    "type": "object",
                    "required": ["id", "room"],
                    "properties": {
                        "id": {"type": ["string", "null"]},
                        "room": {"enum": ["open", "closed"]},
                    },
                },
            ],
        },
    },
}


def _lobby_get() -> dict[str, Any]:
    """``GET /api/tables`` (server/endpoints/lobby.py; docs/protocol.md, HTTP)."""
    return {
        "summary": "The lobby's list: the tables held whose session is not over, newest "
        "first, as public summaries (no card, token or seed)",
        "parameters": [
            {
                "name": "limit",
                "in": "query",
                "description": "at most this many tables (default 50)",
                "schema": {"type": "integer", "minimum": 1, "maximum": 200},
            },
            {
                "name": "open",
                "in": "query",
                "description": "1: only the tables with a free seat; 0 (default): all",
                "schema": {"enum": ["0", "1"]},
            },
        ],
        "responses": {
            "200": _json(
                {
                    "type": "object",
                    "required": ["tables"],
                    "properties": {"tables": {"type": "array", "items": _SUMMARY}},
                },
                "the tables",
            ),
            "400": _err("a bad limit or open, or another parameter"),
        },
    }


#: ``POST /api/matches``' body (server/matches.py).
_CREATE_MATCH = {
    "type": "object",
    "additionalProperties": False,
    "required": ["boards"],
    "properties": {
        "boards": {"type": "integer", "minimum": 1, "maximum": 1000},
        "seed": {
            "type": "integer",
            "description": "both rooms' deals (absent: 256 bits of OS entropy)",
        },
        "robots": {
            "type": "object",
            "additionalProperties": False,
            "description": "the seats the server's robots play in each room",
            "properties": {
                "open": {"type": "array", "items": _SEAT, "maxItems": 4},
                "closed": {"type": "array", "items": _SEAT, "maxItems": 4},
            },
        },
    },
}


def _match_paths() -> dict[str, Any]:
    """The team matches' paths (server/matches.py; docs/protocol.md, "Team matches")."""
    room = {
        "type": "object",
        "required": ["id", "tokens", "robots"],
        "properties": {
            "id": {"type": "string"},
            "tokens": {"type": "object", "description": "seat letter -> secret token"},
            "robots": {"type": "array", "items": _SEAT},
        },
    }
    return {
        "/api/matches": {
            "post": {
                "summary": "Create a team match: the open and the closed room's tables, "
                "the same boards (Law 2), scored in IMPs (Law 78B)",
                "requestBody": {
                    "required": True,
                    "content": {"application/json": {"schema": _CREATE_MATCH}},
                },
                "responses": {
                    "201": _json(
                        {
                            "type": "object",
                            "required": ["id", "boards", "open", "closed"],
                            "properties": {
                                "id": {"type": "string"},
                                "boards": {"type": "integer"},
                                "open": room,
                                "closed": room,
                            },
                        },
                        "the new match",
                    ),
                    **_BODY_ERRORS,
                    "429": _err("too many matches from this address this minute"),
                    "503": _err('every table held is in use ({"code": "full"})'),
                },
            }
        },
        "/api/matches/{match_id}": {
            "get": {
                "summary": "The match for a reader at neither table: the boards over in "
                "both rooms, their IMPs and the totals",
                "parameters": [
                    {
                        "name": "match_id",
                        "in": "path",
                        "required": True,
                        "schema": {"type": "string"},
                    }
                ],
                "responses": {
                    "200": _json({"type": "object"}, "the match"),
                    "404": _err("no such match"),
                    "500": _TABLE_ERRORS["500"],
                },
            }
        },
    }


def openapi_schema() -> dict[str, Any]:
    """The OpenAPI 3.1 document of the HTTP API (WebSocket messages under
    ``components.schemas``)."""
    return {
        "openapi": "3.1.0",
        "info": {"title": "bridgetable table server", "version": "1"},
        "paths": {
            **_match_paths(),
            "/api/commands": {
                "get": {
                    "summary": "Every command a player or the Director may give: name, who "
                    "gives it, label, Law, widget and arguments (the browser's labels)",
                    "responses": {
                        "200": _json(
                            {"$ref": "#/components/schemas/Commands"}, "the command registry"
                        )
                    },
                }
            },
            "/api/health": {
                "get": {
                    "summary": "Liveness",
                    "responses": {"200": _json({"type": "object"}, "the server is up")},
                }
            },
            "/api/tables": {
                "get": _lobby_get(),
                "post": {
                    "summary": "Create a table",
                    "requestBody": {"content": {"application/json": {"schema": _CREATE}}},
                    "responses": {
                        "201": _json(
                            {
                                "type": "object",
                                "required": ["id", "tokens"],
                                "properties": {
                                    "id": {"type": "string"},
                                    "tokens": {
                                        "type": "object",
                                        "description": "seat letter -> secret token, one per "
                                        "human seat",
                                    },
                                    "robots": {"type": "array", "items": _SEAT},
                                    "free": {"type": "array", "items": _SEAT},
                                    "policy": {"enum": ["online", "table"]},
                                    "version": {"type": "integer"},
                                },
                            },
                            "the new table",
                        ),
                        **_BODY_ERRORS,
                        "400": _err("a bad request (a field the schema cannot check: the deal)"),
                        "429": _err("too many tables from this address this minute"),
                        "501": _err("a par contract or par scoring without the solver"),
                        "503": _err('every table held is in use ({"code": "full"})'),
                    },
                },
            },
            "/api/tables/{table_id}": {
                "get": {
                    "summary": "Public summary (seats taken, phase, version)",
                    "parameters": [_TABLE_ID],
                    "responses": {"200": _json(_SUMMARY, "summary"), **_TABLE_ERRORS},
                }
            },
            "/api/tables/{table_id}/record": {
                "get": {
                    "summary": "The record as the Director sees it (public once the board is "
                    "over; during play a director token or secret as Bearer)",
                    "parameters": [
                        _TABLE_ID,
                        {
                            "name": "format",
                            "in": "query",
                            "schema": {"enum": ["json", "pbn", "lin"]},
                        },
                        {
                            "name": "board",
                            "in": "query",
                            "description": "the number of a board of the session already "
                            "played (default: the board in play); public",
                            "schema": {"type": "integer", "minimum": 1},
                        },
                    ],
                    "responses": {
                        "200": {
                            "description": "record (JSON; PBN and LIN as text)",
                            "content": {
                                "application/json": {"schema": {"type": "object"}},
                                "text/plain": {"schema": {"type": "string"}},
                            },
                        },
                        **_TABLE_ERRORS,
                        "400": _err("an unknown format or board"),
                        "403": _err("board in play"),
                        "501": _err("format not installed"),
                    },
                }
            },
            "/api/tables/{table_id}/join": {
                "post": {
                    "summary": "Take a free seat, or join as spectator or Director",
                    "parameters": [_TABLE_ID],
                    "requestBody": {
                        "content": {
                            "application/json": {
                                "schema": {
                                    "type": "object",
                                    "required": ["role"],
                                    "properties": {
                                        "role": {
                                            "enum": ["N", "E", "S", "W", "spectator", "director"]
                                        },
                                        "secret": {"type": "string"},
                                    },
                                }
                            }
                        }
                    },
                    "responses": {
                        "200": _json({"type": "object"}, "token"),
                        **_TABLE_ERRORS,
                        **_BODY_ERRORS,
                        "403": _err("wrong director secret"),
                        "409": _err("seat taken, or the board's tokens expired"),
                    },
                }
            },
            "/api/director/calls": {
                "get": {
                    "summary": "The open calls for a Director on this server's tables (the "
                    "director secret as Bearer): disputed claims sent to the Director and "
                    "Director calls not yet answered",
                    "responses": {
                        "200": _json(
                            {
                                "type": "object",
                                "properties": {
                                    "calls": {
                                        "type": "array",
                                        "items": {
                                            "type": "object",
                                            "description": "the table's summary with "
                                            "caller, reason, event, claim",
                                        },
                                    }
                                },
                            },
                            "calls",
                        ),
                        "403": _err("no director secret"),
                    },
                }
            },
        },
        "components": {
            "schemas": {
                "ClientMessage": CLIENT_MESSAGES,
                "ServerMessage": SERVER_MESSAGES,
                "Commands": COMMANDS_DOCUMENT,
            }
        },
    }
