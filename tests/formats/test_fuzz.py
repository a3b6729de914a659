"""Fuzzing: mutated corpus files and arbitrary text never raise anything but the documented
:class:`FormatError` (and that only in strict mode), and every read finishes quickly.

Inputs are bounded (a mutated file is cut to 12,000 characters; random texts are at most
3,000), and each example has a deadline, so a reader that hangs fails the test.
"""

from __future__ import annotations

from datetime import timedelta
from types import ModuleType

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bridgetable.core.board import Board
from bridgetable.formats import json as fjson
from bridgetable.formats import lin, pbn
from bridgetable.formats.errors import FormatError
from formats.corpus import CORPUS

SETTINGS = settings(
    max_examples=60,
    deadline=timedelta(seconds=5),
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
LIMIT = 12_000

SEEDS = {
    "pbn": [
        (CORPUS / "pbn" / name).read_bytes()[:LIMIT]
        for name in (
            "pbnverifier__correct_10.pbn",
            "pbnverifier__errors_10.pbn",
            "pbnverifier__correct_20.pbn",
            "endplay__example4_wc2012_comments.pbn",
            "bridgebots__sample_bfc.pbn",
            "ben__bbo_forums_sunday_daylong.pbn",
            "heilman__test_record_with_lots_of_curlies.pbn",
        )
    ],
    "lin": [
        (CORPUS / "lin" / name).read_bytes()[:LIMIT]
        for name in (
            "vugraph_gp_poland__74800.lin",
            "endplay__example1_multiline.lin",
            "bridgebots__sample_single.lin",
        )
    ],
}
SEEDS["json"] = [
    fjson.dumps(pbn.loads(SEEDS["pbn"][4])).encode(),
    fjson.dumps(lin.loads(SEEDS["lin"][1])).encode()[:LIMIT],
]
MODULES: dict[str, ModuleType] = {"pbn": pbn, "lin": lin, "json": fjson}

#: Characters that mean something to one of the formats.
SPECIAL = b'[]{}";%*+-=^$!?\\|,.:#\n\r\t 0123456789NESWnesw'


@st.composite
def mutated(draw: st.DrawFn, kind: str) -> bytes:
    data = bytearray(draw(st.sampled_from(SEEDS[kind])))
    for _ in range(draw(st.integers(1, 12))):
        if not data:
            break
        i = draw(st.integers(0, len(data) - 1))
        op = draw(st.integers(0, 5))
        if op == 0:
            del data[i : i + draw(st.integers(1, 40))]
        elif op == 1:
            data[i:i] = bytes([draw(st.sampled_from(SPECIAL))])
        elif op == 2:
            data[i] = draw(st.integers(0, 255))
        elif op == 3:
            j = draw(st.integers(0, len(data) - 1))
            data[i:i] = data[j : j + draw(st.integers(1, 200))]
        elif op == 4:
            data[i] = draw(st.sampled_from(SPECIAL))
        else:
            data[i:i] = draw(st.sampled_from([b"\xef\xbb\xbf", b"\r\n", b"\t", b"\x85", b"\x00"]))
    return bytes(data[: LIMIT + 400])


def check(kind: str, data: bytes | str) -> None:
    mod = MODULES[kind]
    loaded = mod.loads(data)
    for rec in loaded:
        Board.replay(rec)  # every record kept is one the engine accepts
    for d in loaded.diagnostics:
        assert d.severity in ("error", "warning") and d.line >= 0
    try:
        mod.loads(data, strict=True)
    except FormatError as exc:
        assert exc.diagnostics and loaded.errors
    else:
        assert not loaded.errors
    text = mod.dumps(loaded)  # what was read can be written, and read back as written
    again = mod.loads(text)
    assert list(again) == list(loaded)


@SETTINGS
@given(mutated("pbn"))
def test_mutated_pbn(data: bytes) -> None:
    check("pbn", data)


@SETTINGS
@given(mutated("lin"))
def test_mutated_lin(data: bytes) -> None:
    check("lin", data)


@SETTINGS
@given(mutated("json"))
def test_mutated_json(data: bytes) -> None:
    check("json", data)


PBN_ALPHABET = st.sampled_from(
    [
        *'[]{}";%*+-=^$!?\\ \n\t',
        *("[Deal ", '"N:', "AKQJT98765432", ".", "[Auction ", "[Play ", "Pass", "AP", "1NT"),
        *("[Note ", '"1:', "=1=", "$13", "^R", "^L", "^I", "^S", "S", "H", "D", "C", "W"),
        *("[Declarer ", "[Contract ", "[Result ", "[Dealer ", "#", "##", "4S", "X", "XX", "-"),
    ]
)


@SETTINGS
@given(st.lists(PBN_ALPHABET, max_size=300).map("".join))
def test_pbn_token_soup(text: str) -> None:
    check("pbn", text)


@SETTINGS
@given(st.text(max_size=3_000))
def test_arbitrary_text(text: str) -> None:
    for kind in MODULES:
        check(kind, text)


@SETTINGS
@given(st.binary(max_size=3_000))
def test_arbitrary_bytes(data: bytes) -> None:
    for kind in MODULES:
        check(kind, data)


def test_only_text_or_bytes() -> None:
    for mod in MODULES.values():
        try:
            mod.loads(123)
        except FormatError:
            pass
        else:  # pragma: no cover
            raise AssertionError("an int is not a file")
