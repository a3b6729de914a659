r"""The WebSocket protocol's messages as frozen types, and the one codec that reads and writes
them (``docs/protocol.md``; the JSON Schemas are :mod:`bridgetable.server.schemas`).

Client to server: :class:`Hello`, :class:`Command`, :class:`Resume`, :class:`Ping`. Server
to client: :class:`Welcome`, :class:`View`, :class:`Synced`, :class:`Ack`, :class:`Error`,
:class:`Fault`, :class:`RulingProposal`, :class:`Pong`. Each class's ``TYPE`` is its
``"type"`` on the wire and the ``title`` of its entry in ``CLIENT_MESSAGES`` /
``SERVER_MESSAGES`` (a test holds the two together).

* :func:`decode_client` reads a client's text frame and raises :class:`BadMessage` (answered
  ``bad_request``) for anything else than one JSON object of at most :data:`MAX_MESSAGE`
  characters, every string of it Unicode scalar values, of a known ``type`` with fields of
  the right types;
* :func:`encode` writes any message (a field left at its "absent" value is not written);
  :func:`decode_server` reads a server's message back (for clients and tests).

>>> decode_client('{"type": "ping", "id": "x"}')
Ping(id='x')
>>> encode(Ack(id=5, version=18))
'{"type":"ack","id":5,"version":18}'
>>> decode_client('{"type": "command", "version": "7", "action": "play"}')
Traceback (most recent call last):
...
bridgetable.server.wire.BadMessage: a command carries the version it was made against
"""

from __future__ import annotations

import enum
import json
from dataclasses import MISSING, dataclass, field, fields
from typing import Any, ClassVar, Final, TypeAlias, TypeGuard

import orjson

from bridgetable.server.commands import bad_text

__all__ = [
    "ABSENT",
    "BAD_TEXT",
    "CLIENT_TYPES",
    "MAX_DEPTH",
    "MAX_MESSAGE",
    "SERVER_TYPES",
    "Ack",
    "BadMessage",
    "ClientMessage",
    "Command",
    "Error",
    "Fault",
    "Hello",
    "MessageId",
    "Ping",
    "Pong",
    "Resume",
    "RulingProposal",
    "ServerMessage",
    "Synced",
    "View",
    "Welcome",
    "decode_client",
    "decode_server",
    "encode",
    "too_deep",
]

#: The largest text frame read from a client (characters).
MAX_MESSAGE: Final = 8 * 1024

#: The longest ``id`` echoed back (as text); a longer one, or one of another JSON type than a
#: string or an integer, is taken as no ``id``.
MAX_ID: Final = 64

#: The message for a text that is not Unicode scalar values.
BAD_TEXT: Final = "text must be valid Unicode (no lone surrogate such as \\ud800)"

#: The message for a frame that is not one JSON object short enough.
NOT_AN_OBJECT: Final = f"a message is a JSON object of at most {MAX_MESSAGE} characters"


class Absent(enum.Enum):
    """The marker of a field that is not written at all (where ``None`` is written
    ``null``): the ``id`` of an :class:`Error` sent before any message was read."""

    ABSENT = "absent"

    def __repr__(self) -> str:
        return "ABSENT"


ABSENT: Final = Absent.ABSENT

#: A message's ``id``, echoed in the answer to it.
MessageId: TypeAlias = str | int

#: Field metadata of an optional field: the value for which it is left out of the message.
_OMIT_NONE: Final = {"omit": None}
_OMIT_ABSENT: Final = {"omit": ABSENT}


# ---------------------------------------------------------------------------- client


@dataclass(frozen=True, slots=True, kw_only=True)
class Hello:
    """The first message: the seat token, and the version a reconnecting client holds."""

    TYPE: ClassVar[str] = "hello"
    token: str
    version: int | None = field(default=None, metadata=_OMIT_NONE)


@dataclass(frozen=True, slots=True, kw_only=True)
class Command:
    """A command (``action`` and its ``args``) made against table version ``version``."""

    TYPE: ClassVar[str] = "command"
    id: MessageId | None = field(default=None, metadata=_OMIT_NONE)
    version: int
    action: str
    args: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True, kw_only=True)
class Resume:
    """Ask for the view again unless the client is at ``version``."""

    TYPE: ClassVar[str] = "resume"
    #: ``None`` (not written) when the frame's is not a version: the view is sent
    version: int | None = field(metadata=_OMIT_NONE)


@dataclass(frozen=True, slots=True, kw_only=True)
class Ping:
    """Answered :class:`Pong`."""

    TYPE: ClassVar[str] = "ping"
    id: MessageId | None = field(default=None, metadata=_OMIT_NONE)


ClientMessage: TypeAlias = Hello | Command | Resume | Ping


# ---------------------------------------------------------------------------- server


@dataclass(frozen=True, slots=True, kw_only=True)
class Welcome:
    """The answer to a good ``hello``: the table, the connection's role, the server's
    version."""

    TYPE: ClassVar[str] = "welcome"
    table: str
    role: str
    server: str


@dataclass(frozen=True, slots=True, kw_only=True)
class View:
    """The connection's role's view (``View.to_dict()``) at ``version``."""

    TYPE: ClassVar[str] = "view"
    table: str
    version: int
    view: dict[str, Any]
    #: the table's session over boards (``Session.summary`` for this role): the results,
    #: the running score and the ``next`` command when it is offered
    session: dict[str, Any] | None = field(default=None, metadata=_OMIT_NONE)


@dataclass(frozen=True, slots=True, kw_only=True)
class Synced:
    """A reconnecting client is at the table's version: nothing to send."""

    TYPE: ClassVar[str] = "synced"
    version: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Ack:
    """A command stored and broadcast; ``version`` is the new version."""

    TYPE: ClassVar[str] = "ack"
    id: MessageId | None = None
    version: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Error:
    """An error, to the client whose message caused it only (nothing changed). ``id`` is
    :data:`ABSENT` (not written) before a message was read; ``action``, ``reason`` and
    ``law`` are the engine's refusal's; ``version`` the table's when it is told."""

    TYPE: ClassVar[str] = "error"
    id: MessageId | Absent | None = field(default=ABSENT, metadata=_OMIT_ABSENT)
    code: str
    message: str
    action: str | None = field(default=None, metadata=_OMIT_NONE)
    reason: str | None = field(default=None, metadata=_OMIT_NONE)
    law: str | None = field(default=None, metadata=_OMIT_NONE)
    version: int | None = field(default=None, metadata=_OMIT_NONE)


@dataclass(frozen=True, slots=True, kw_only=True)
class Fault:
    """To the Directors: a command not recorded because a view could not be built after
    it."""

    TYPE: ClassVar[str] = "fault"
    table: str
    version: int
    message: str


@dataclass(frozen=True, slots=True, kw_only=True)
class RulingProposal:
    """To the Directors: the adjudicator's proposed ruling on a disputed claim (``ruling``
    and ``text``), or why there is none (``error``)."""

    TYPE: ClassVar[str] = "ruling_proposal"
    table: str
    version: int
    ruling: dict[str, Any] | None = field(default=None, metadata=_OMIT_NONE)
    text: str | None = field(default=None, metadata=_OMIT_NONE)
    error: str | None = field(default=None, metadata=_OMIT_NONE)


@dataclass(frozen=True, slots=True, kw_only=True)
class Pong:
    """The answer to a :class:`Ping`."""

    TYPE: ClassVar[str] = "pong"
    id: MessageId | None = None
    version: int


ServerMessage: TypeAlias = Welcome | View | Synced | Ack | Error | Fault | RulingProposal | Pong
Message: TypeAlias = ClientMessage | ServerMessage

#: Every message type, by its ``"type"``.
CLIENT_TYPES: Final[dict[str, type[ClientMessage]]] = {
    c.TYPE: c for c in (Hello, Command, Resume, Ping)
}
SERVER_TYPES: Final[dict[str, type[ServerMessage]]] = {
    c.TYPE: c for c in (Welcome, View, Synced, Ack, Error, Fault, RulingProposal, Pong)
}

#: Each type's fields in wire order: name, whether it may be left out, the value that is.
_FIELDS: Final[dict[type[Any], tuple[tuple[str, bool, Any], ...]]] = {
    cls: tuple((f.name, "omit" in f.metadata, f.metadata.get("omit")) for f in fields(cls))
    for cls in (*CLIENT_TYPES.values(), *SERVER_TYPES.values())
}


# ---------------------------------------------------------------------------- the codec


class BadMessage(ValueError):
    """A client's frame that is not a message: answered ``bad_request`` (see :meth:`answer`)
    and nothing changes. ``id`` is the frame's ``id`` when one could be read."""

    code: Final = "bad_request"

    def __init__(
        self, message: str, *, id: MessageId | None = None, tell_version: bool = False
    ) -> None:
        super().__init__(message)
        self.message = message
        self.id = id
        #: whether the answer tells the table's version (a text that is not Unicode, a
        #: command's ``args`` that are not an object)
        self.tell_version = tell_version

    def answer(self, version: int) -> Error:
        """The error message that answers this frame at a table at ``version``."""
        return Error(
            id=self.id,
            code=self.code,
            message=self.message,
            version=version if self.tell_version else None,
        )


def encode(msg: Message) -> str:
    """The JSON text of ``msg`` (one object: ``"type"`` first, then its fields in order; a
    field at its absent value left out). Raises :class:`TypeError` for content JSON in UTF-8
    cannot carry (a lone surrogate): a view that cannot be sent is a view that cannot be
    built."""
    out: dict[str, Any] = {"type": msg.TYPE}
    for name, may_omit, omitted in _FIELDS[type(msg)]:
        value = getattr(msg, name)
        if may_omit and value is omitted:
            continue
        out[name] = value
    return orjson.dumps(out).decode()


def _message_id(data: dict[str, Any]) -> MessageId | None:
    """The ``id`` to echo: a string or an integer of at most :data:`MAX_ID` characters."""
    mid = data.get("id")
    if mid is None or not isinstance(mid, str | int) or len(str(mid)) > MAX_ID:
        return None
    return mid


def _int(value: Any) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


#: The deepest nesting of arrays and objects read from a client (a frame or an HTTP body):
#: every message of the protocol nests at most four deep.
MAX_DEPTH: Final = 32


def too_deep(raw: str | bytes, limit: int = MAX_DEPTH) -> bool:
    """Whether the JSON text ``raw`` nests arrays and objects deeper than ``limit``, read in
    one pass without parsing (a parser recurses, and deep nesting would exhaust its stack).

    >>> too_deep("[" * 40 + "]" * 40), too_deep('{"a": "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[["}')
    (True, False)
    """
    text = raw.decode("utf-8", "replace") if isinstance(raw, bytes) else raw
    depth = 0
    in_string = escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            if depth > limit:
                return True
        elif ch in "]}":
            depth -= 1
    return False


def decode_client(text: str) -> ClientMessage:
    """Read one client frame (see the module docstring); raises :class:`BadMessage`."""
    if len(text) > MAX_MESSAGE or too_deep(text):
        raise BadMessage(NOT_AN_OBJECT)
    try:
        data = json.loads(text)
    except ValueError:
        raise BadMessage(NOT_AN_OBJECT) from None
    if not isinstance(data, dict):
        raise BadMessage(NOT_AN_OBJECT)
    mid = _message_id(data)
    if bad_text(data):  # nothing is stored or sent back that UTF-8 cannot carry
        clean = mid if isinstance(mid, int) or not bad_text(mid) else None
        raise BadMessage(BAD_TEXT, id=clean, tell_version=True)
    kind = data.get("type")
    version = data.get("version")
    if kind == "hello":
        token = data.get("token")
        if not isinstance(token, str):
            raise BadMessage("a hello carries its token")
        return Hello(token=token, version=version if _int(version) else None)
    if kind == "command":
        if not _int(version):
            raise BadMessage("a command carries the version it was made against", id=mid)
        action = data.get("action")
        if not isinstance(action, str):
            raise BadMessage("a command names its action", id=mid)
        args = data.get("args")
        if args is None:
            args = {}
        if not isinstance(args, dict):
            raise BadMessage("args must be a JSON object", id=mid, tell_version=True)
        return Command(id=mid, version=version, action=action, args=args)
    if kind == "resume":
        return Resume(version=version if _int(version) else None)
    if kind == "ping":
        return Ping(id=mid)
    raise BadMessage(f"unknown message type {kind!r}", id=mid)


def decode_server(text: str) -> ServerMessage:
    """Read one server message back (for clients and tests): its ``type`` known, its
    required fields present and no other; raises :class:`BadMessage`."""
    try:
        data = json.loads(text)
    except ValueError:
        raise BadMessage("not JSON") from None
    if not isinstance(data, dict):
        raise BadMessage("not a JSON object")
    cls = SERVER_TYPES.get(data.pop("type", None))
    if cls is None:
        raise BadMessage("unknown message type")
    known = {f.name: f for f in fields(cls)}
    extra = set(data) - set(known)
    missing = {
        n
        for n, f in known.items()
        if f.default is MISSING and f.default_factory is MISSING and n not in data
    }
    if extra or missing:
        raise BadMessage(f"{cls.TYPE}: unexpected {sorted(extra)}, missing {sorted(missing)}")
    msg: ServerMessage = cls(**data)
    return msg
