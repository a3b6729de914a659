"""Every file of the test corpus: it loads, the PBN verifier's correct files load with no
diagnostic, each game of its error files is reported, and the counts in SOURCES.md hold."""

from __future__ import annotations

from pathlib import Path

import pytest

from bridgetable.core.board import Board
from bridgetable.core.errors import BridgeError
from bridgetable.core.events import CallMade, ClaimAgreed, ClaimMade, LeadFaced
from bridgetable.core.phase import Phase
from bridgetable.core.record import BoardRecord
from bridgetable.formats import lin, pbn
from bridgetable.formats.common import Loaded
from bridgetable.formats.errors import Diagnostic, FormatError
from formats.corpus import (
    CORPUS,
    CORRECT,
    ERRORS,
    LIN_FILES,
    NO_ERROR_OF_ITS_OWN,
    PBN_FILES,
    ids,
    load,
    marked_games,
)


def test_the_corpus_is_there() -> None:
    assert (CORPUS / "SOURCES.md").is_file()
    assert len(PBN_FILES) == 22
    assert len(LIN_FILES) == 54
    assert len(CORRECT) == 3
    assert len(ERRORS) == 3


@pytest.mark.parametrize("path", PBN_FILES, ids=ids(PBN_FILES))
def test_every_pbn_file_loads(path: Path) -> None:
    with path.open("rb") as fp:
        loaded = pbn.load(fp)
    assert list(loaded) == list(load(path))
    for rec in loaded:
        Board.replay(rec)  # every record is one the engine accepts


@pytest.mark.parametrize("path", LIN_FILES, ids=ids(LIN_FILES))
def test_every_lin_file_loads(path: Path) -> None:
    loaded = load(path)
    assert loaded.games
    assert len(loaded) == len(loaded.games)  # every LIN board of the corpus has a full deal
    for rec in loaded:
        Board.replay(rec)


@pytest.mark.parametrize("path", CORRECT, ids=ids(CORRECT))
def test_correct_verifier_files_have_no_diagnostic(path: Path) -> None:
    loaded = pbn.loads(path.read_bytes(), strict=True)
    assert loaded.diagnostics == ()


@pytest.mark.parametrize("path", ERRORS, ids=ids(ERRORS))
def test_every_game_of_the_error_files_is_reported(path: Path) -> None:
    loaded = load(path)
    lines = [d.line for d in loaded.diagnostics] + [i.line for i in loaded.irregularities]
    missing = []
    for num, start, end in marked_games(path):
        if (path.name, num) in NO_ERROR_OF_ITS_OWN:
            continue
        if not any(start <= line < end for line in lines):
            missing.append(num)
    assert missing == []
    if not loaded.errors:
        # errors_21 holds two malformed OptimumScore values: warnings, the records stand
        assert path.name == "pbnverifier__errors_21.pbn"
        pbn.loads(path.read_bytes(), strict=True)
        return
    with pytest.raises(FormatError) as info:
        pbn.loads(path.read_bytes(), strict=True)
    assert isinstance(info.value, BridgeError) and isinstance(info.value, ValueError)
    assert info.value.diagnostics == loaded.diagnostics


def _errors_10() -> Loaded[pbn.PbnGame]:
    return pbn.loads((CORPUS / "pbn" / "pbnverifier__errors_10.pbn").read_bytes())


def test_error_reports_name_board_trick_seat_and_law() -> None:
    by_game: dict[int | None, list[Diagnostic]] = {}
    for d in _errors_10().diagnostics:
        by_game.setdefault(d.game, []).append(d)
    revoke = next(d for d in by_game[44] if d.law)  # "Revoke: CA"
    assert (revoke.trick, revoke.seat, revoke.board) == (1, "South", 44)
    assert "revoke" in revoke.message and "61" in str(revoke.law)
    twice = next(d for d in by_game[47] if d.law)  # "Bad card": DA played again
    assert (twice.trick, twice.seat) == (2, "East")
    assert "played twice" in twice.message
    insufficient = next(d for d in by_game[32] if d.law)  # "Bad call: 1C"
    assert insufficient.seat == "East" and "27" in str(insufficient.law)
    bad_x = next(d for d in by_game[33] if d.law)
    assert bad_x.seat == "South" and "19A1" in str(bad_x.law)


def test_declared_irregularities_are_kept_apart_from_diagnostics() -> None:
    loaded = pbn.loads((CORPUS / "pbn" / "pbnverifier__correct_10.pbn").read_bytes())
    kinds = [(i.game, i.kind, i.seat) for i in loaded.irregularities]
    assert kinds == [(3, "call out of rotation", "North"), (3, "lead out of turn", "South")]
    game3 = loaded.games[2]
    assert game3.record is not None
    # the auction starts with a call out of rotation: the record starts at the opening lead
    # from the Contract tag and stops at the lead out of turn
    assert game3.record.setup.contract is not None
    assert len(Board.replay(game3.record).tricks) == 1


def test_realbridge_counts_match_sources() -> None:
    loaded = load(CORPUS / "pbn" / "endplay__example2_realbridge2021.pbn")
    assert loaded.diagnostics == ()
    boards = [Board.replay(r) for r in loaded]
    assert len(boards) == 299
    assert sum(any(isinstance(e, CallMade) for e in b.events) for b in boards) == 279
    assert sum(any(isinstance(e, LeadFaced) for e in b.events) for b in boards) == 278
    assert sum(len(b.tricks) == 13 for b in boards) == 64
    claims = [b for b in boards if any(isinstance(e, ClaimMade) for e in b.events)]
    assert len(claims) == 214
    for b in claims:  # a claim by declarer, agreed by both defenders
        made = next(e for e in b.events if isinstance(e, ClaimMade))
        declarer = b.declarer
        assert declarer is not None and made.seat is declarer
        agreed = [e.seat for e in b.events if isinstance(e, ClaimAgreed)]
        assert agreed == [declarer.lho, declarer.rho]
        assert b.phase is Phase.ENDED


@pytest.mark.parametrize(
    ("name", "boards", "played", "claims"),
    [
        ("vugraph_gp_poland__74800.lin", 16, 16, 16),
        ("vugraph_gp_poland__74801.lin", 32, 32, 31),
        ("vugraph_gp_poland__74803.lin", 24, 23, 20),
        ("vugraph_gp_poland__74805.lin", 40, 40, 38),
        ("bridgebots__usbf_sf_14502_vugraph.lin", 30, 30, 30),
        ("endplay__example1_multiline.lin", 8, 8, 2),
        ("dealconvert__deals_only_vugraph.lin", 32, 0, 0),
    ],
)
def test_lin_counts_match_sources(name: str, boards: int, played: int, claims: int) -> None:
    loaded = lin.loads((CORPUS / "lin" / name).read_bytes(), strict=True)
    assert loaded.diagnostics == ()
    assert len(loaded) == boards
    assert sum(any(isinstance(e, LeadFaced) for e in r.events) for r in loaded) == played
    assert sum(any(isinstance(e, ClaimMade) for e in r.events) for r in loaded) == claims


def test_skyclub_lin_and_its_pbn_conversion_agree() -> None:
    """pbntools converted the 44 LIN files to one PBN file: both give the same play."""
    from_pbn = pbn.loads((CORPUS / "pbn" / "pbntools__skyclub2196_from_lin.pbn").read_bytes())
    from_lin: list[BoardRecord] = []
    for path in sorted((CORPUS / "lin" / "pbntools_skyclub2196").glob("*.lin")):
        from_lin.extend(lin.loads(path.read_bytes()))
    assert len(from_pbn) == len(from_lin) == 44

    def key(b: Board) -> tuple[str, str, int, int | None]:
        cards = "".join(str(c) for t in b.tricks for _, c in t.cards)
        cards += "".join(str(c) for _, c in b.current_trick)
        return (b.setup.deal.to_pbn(), str(b.contract), len(cards), b.declarer_tricks)

    assert sorted(key(Board.replay(r)) for r in from_pbn) == sorted(
        key(Board.replay(r)) for r in from_lin
    )


def test_dialects() -> None:
    read = pbn.loads
    # a UTF-8 byte-order mark, "% PBN 1.0"
    bom = read((CORPUS / "dds" / "bcdd__test1_bcalc_tables.pbn").read_bytes())
    assert len(bom) == 396 and bom.diagnostics == ()
    # "!" after a call (an alert in files converted from BBO) and =n= notes
    bfc = read((CORPUS / "pbn" / "bridgebots__sample_bfc.pbn").read_bytes())
    calls = [e for e in bfc[0].events if isinstance(e, CallMade)]
    assert [(str(e.call), e.alert, e.explanation) for e in calls[2:5]] == [
        ("1S", True, "0-4 !ss"),
        ("Pass", False, None),
        ("2C", True, None),
    ]
    # passed-out boards with Contract "", Result "0", an empty Play tag, PASS in capitals
    cam = read((CORPUS / "pbn" / "ben__camrose2024_robot_play.pbn").read_bytes())
    assert not cam.errors
    assert sum(Board.replay(r).phase is Phase.PASSED_OUT for r in cam) == 3
    # claims written as rows of "- - - -" (pbntools), a play abandoned without a Result
    sky = read((CORPUS / "pbn" / "pbntools__skyclub2196_from_lin.pbn").read_bytes())
    assert sum(any(isinstance(e, ClaimMade) for e in r.events) for r in sky) == 15
    # later games leaving out the deal (rpbridge): the previous game's deal is used
    spin = read((CORPUS / "pbn" / "bridgebots__shared_deals_spingold.pbn").read_bytes())
    assert spin[1].setup.deal == spin[0].setup.deal
    assert any("previous game" in d.message for d in spin.diagnostics)


def test_rpbridge_omitted_opening_passes_and_a_bad_trick_are_reported() -> None:
    loaded = pbn.loads((CORPUS / "pbn" / "endplay__example4_wc2012_comments.pbn").read_bytes())
    (warning,) = [d for d in loaded.diagnostics if not d.is_error]
    assert "opening pass" in warning.message
    (error,) = loaded.errors
    # trick 3 as written gives East the club queen, which North holds
    assert (error.trick, error.seat, error.law) == (3, "East", "44")
    b = Board.replay(loaded[0])
    assert str(b.contract) == "5C E" and len(b.tricks) == 2
