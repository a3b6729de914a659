"""Worked claim rulings transcribed from published sources (see each case's `source`).

How to read a case
------------------
Each :class:`Case` is one contested claim (or a concession reviewed under Law 71), frozen at
the moment of the claim:

* ``deal`` holds the cards still unplayed, PBN deal notation from North. Most positions
  start at a trick boundary (``trick == ()``): the four hands are of one length and
  ``leader`` is the seat on lead. Where the claim came in the middle of a trick, ``trick``
  holds the cards already played to it, ``leader`` is the seat that led it, and the hands
  that played to it hold one card fewer. ``claimed`` and ``awarded`` count the remaining
  tricks only (the trick in progress included), for the claimer's side.
* ``statement`` is the claim statement in the notation of ``docs/claims.md`` (``None``: the
  claimer gave no line). Where the notation cannot carry the whole of what was said, the
  ``summary`` says what was dropped.
* ``awarded`` is the published ruling. For a contested claim it is what Law 70 gives the
  claimer (never more than ``claimed``). For a case tagged ``"71"`` the claim or concession
  had been agreed and only Law 71 was in question, so ``awarded`` is ``claimed`` plus the
  tricks given back (a ruling's ``law71``); it is never less than ``claimed``.
* ``voids`` lists show-outs the claimer had seen before the claim (``"E:D"``: East is known
  to be void in diamonds).
* ``tags`` name the rules of the spec (``tests/data/spec/laws.md`` section 4) and the Laws a case
  exercises. ``"C4b"`` marks a question of the claimer's awareness of an outstanding trump.
* ``trumps_seen`` records that the play before the claim showed that awareness beyond doubt
  (C4b: he drew a round of trumps, saw both opponents follow and claimed at once); a mere
  assertion of awareness does not count and leaves it ``False``.
* ``dummy`` names dummy's seat where a defender claims: dummy's cards are face up, so the
  defender knows where dummy's cards lie (``None`` for declarer's claims, where it does not
  matter).
* For a case tagged ``"71"`` the test compares ``claimed`` plus the ruling's ``law71`` with
  ``awarded``: the claim or concession was agreed, so only tricks given back count.

Where a source gives only the relevant suits (or, for the ACBL Laws Commission guidelines,
no cards at all), the rest of the position was filled in so that nothing else changes the
answer; ``source`` says whether a position is the published deal or was built to illustrate
the published ruling. Summaries are paraphrases; read the sources for their own words.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Case:
    id: str  # short slug, unique
    source: str  # document, section or case number, URL
    summary: str  # one or two sentences in your own words: situation and ruling
    # remaining cards, PBN deal notation "N:S.H.D.C E... S... W..." — all four hands the same
    # length (the hand(s) that already played to a trick in progress have one card fewer: see
    # `trick`)
    deal: str
    trump: str  # "S", "H", "D", "C" or "NT"
    leader: str  # seat that led (or is to lead) the trick in progress: "N"/"E"/"S"/"W"
    # cards already played to the trick in progress, in order from the leader, e.g. ("H2",);
    # () at a trick boundary
    trick: tuple[str, ...]
    claimer: str  # "N"/"E"/"S"/"W" (declarer or a defender; never dummy)
    # number of the REMAINING tricks (trick in progress included) claimed for the claimer's side
    claimed: int
    statement: str | None  # in our notation (docs/claims.md), None if no statement was made
    awarded: int  # published ruling: remaining tricks awarded to the claimer's side
    voids: tuple[str, ...] = ()  # show-outs known before the claim, as "W:S" (West void in spades)
    # which of our rules it exercises: "C1".."C12", "70C", "70E1", "70D1", "P5", "N3", etc.
    tags: tuple[str, ...] = ()
    # C4b: the play before the claim showed beyond doubt that the claimer knew of the
    # outstanding trump(s)
    trumps_seen: bool = False
    # dummy's seat ("N"/"E"/"S"/"W") where a defender claims; None otherwise
    dummy: str | None = None
    # the jurisdiction profile the source rules under, where it matters (None: "ebu")
    profile: str | None = None


_WB_FORUM = "https://forums.ebu.co.uk/discussion/731/declarer-claims"
_WB_8709 = (
    "https://www2.dal10.sl.bridgebase.com/forums/topic/81146-contested-claim-6nt-contract/"
    "page__view__findpost__p__982036"
)
_ACBL_2019 = "https://www.thesmolens.com/BridgeFiles/claims.html"
_BBO_REF = (
    "https://www1.dal09.sl.bridgebase.com/forums/topic/88640-reference-material-for-law-70-"
    "contested-claims/page__view__findpost__p__1054706"
)
_LAW70 = "https://www.pzbs.pl/sedziowie/mpb/2017/en/l70.html"

CASES: list[Case] = [
    # --- EBU White Book (2019 edition; the same text is in the 2021 edition), section 8.70 ---
    Case(
        id="wb-8.70.4a-unmentioned-small-trump",
        source=(
            "EBU White Book 2019, 8.70.4 'Missing trump', example (a); text as quoted on the "
            f"EBU TD forum, {_WB_FORUM}. Position built for the example (clubs trumps)."
        ),
        summary=(
            "South claims all four with the C9, SA, SK and HA and insists he knew West's small "
            "trump was out, but never said so; West, void in hearts, can ruff the HA. Having "
            "not mentioned it he may have forgotten it, so the defence gets one trick."
        ),
        deal="N:.32.43. T9.KQ.. AK.A..9 QJ..2.4",
        trump="C",
        leader="S",
        trick=(),
        claimer="S",
        claimed=4,
        statement=None,
        awarded=3,
        tags=("70C", "C4b", "C4c"),
    ),
    Case(
        id="wb-8.70.4b-trumps-seen-to-follow",
        source=(
            f"EBU White Book 2019, 8.70.4 example (b); text as quoted at {_WB_FORUM}. Position "
            "built for the example: a spade grand slam, declarer having just cashed the SA "
            "with both opponents following."
        ),
        summary=(
            "In seven spades declarer cashes one round of trumps, sees both opponents follow "
            "and claims at once; only West's three small trumps are out and drawing them "
            "leaves everything good. The play shows he had not forgotten them, so the claim "
            "stands, although West could ruff a diamond if trumps were left out."
        ),
        deal="N:65.2.2.32 .J.KQJT.Q KQJ.A.A.A 984.KQ..K",
        trump="S",
        leader="S",
        trick=(),
        claimer="S",
        claimed=6,
        statement=None,
        awarded=6,
        tags=("70C", "C4b"),
        trumps_seen=True,
    ),
    Case(
        id="wb-8.70.5-ak5-opposite-42",
        source=(
            "EBU White Book 2019, 8.70.5 'Top down?', first example; text as quoted at "
            f"{_WB_FORUM}. Position built for the example (no trumps)."
        ),
        summary=(
            "South claims three spade tricks with AK5 opposite 42, forgetting that West's "
            "jack is still out. Leading the five before the honours is not a normal play, so "
            "the suit goes from the top, the jack falls and all three tricks are his."
        ),
        deal="N:42..2. ..KQJ. AK5... J.KQ..",
        trump="NT",
        leader="S",
        trick=(),
        claimer="S",
        claimed=3,
        statement="cash S",
        awarded=3,
        tags=("C1",),
    ),
    Case(
        id="wb-8.70.5-754-opposite-void",
        source=(
            "EBU White Book 2019, 8.70.5 'Top down?', second example; text as quoted at "
            f"{_WB_FORUM}. Position built for the example (no trumps)."
        ),
        summary=(
            "South claims three spade tricks with 754 opposite a void while West still holds "
            "the singleton six. With only spot cards it is careless but normal to lead the "
            "five or the four first; the six wins a trick and South makes two."
        ),
        deal="N:.AKQ.. ..KQJ. 754... 6.32..",
        trump="NT",
        leader="S",
        trick=(),
        claimer="S",
        claimed=3,
        statement="cash S",
        awarded=2,
        tags=("C1", "N1"),
    ),
    Case(
        id="wb-8.70.9-keeps-running-broken-suit",
        source=(
            "EBU White Book 2019, 8.70.9 'Claim can be seen to break down - when can claimer "
            f"change line?'; text as quoted at {_WB_8709}. Position built for the rule."
        ),
        summary=(
            "South claims six in no trumps by running AKQ32 of clubs, but West holds JT98 and "
            "East shows out on the second round. EBU practice does not let the claimer notice: "
            "he leads a fourth club, West wins and cashes two diamonds, and South makes three "
            "(a claimer allowed to notice would cash the SA first and make four)."
        ),
        deal="N:.5432.54. KQJ.KQ..7 A...AKQ32 ..AK.JT98",
        trump="NT",
        leader="S",
        trick=(),
        claimer="S",
        claimed=6,
        statement="run clubs",
        awarded=3,
        tags=("C3",),
    ),
    Case(
        id="wb-8.70.9-dummy-suit-breaks",
        source=(
            f"EBU White Book 2019, 8.70.9; text as quoted at {_WB_8709}. Position built for the "
            "rule, the suit this time in dummy."
        ),
        summary=(
            "Declarer claims six, dummy to run AKQ32 of diamonds; West shows out on the second "
            "round and East's JT98 wins the fourth, after which East cashes the CA and CK. "
            "Carrying on with the stated suit is deemed normal, so dummy's SA never scores: "
            "three tricks."
        ),
        deal="N:A..AKQ32. ..JT98.AK .5432..32 KQJ.AK.7.",
        trump="NT",
        leader="N",
        trick=(),
        claimer="S",
        claimed=6,
        statement="run diamonds",
        awarded=3,
        tags=("C3",),
    ),
    # --- ACBL Laws Commission, "Guidelines for Adjudicating Claims", Spring 2019 minutes ---
    Case(
        id="acbl-g1-list-strands-a-winner",
        source=(
            f"ACBL Laws Commission claim guidelines (Spring 2019), guideline 1; {_ACBL_2019}. "
            f"Example of the kind raised at {_BBO_REF}; position built for the guideline."
        ),
        summary=(
            "With four cards left in no trumps declarer claims 'two spades, a heart and a "
            "diamond', one spade winner in each hand and the diamond in dummy. A list fixes no "
            "order; taking both spades first leaves him in dummy, cut off from the HA: three."
        ),
        deal="N:K4..A.4 ..KQ.AJ A2.A..3 .KQ..KQ",
        trump="NT",
        leader="S",
        trick=(),
        claimer="S",
        claimed=4,
        statement="cash S, cash H, cash D",
        awarded=3,
        tags=("C2",),
    ),
    Case(
        id="acbl-g1-then-fixes-the-order",
        source=(
            f"ACBL claim guidelines (Spring 2019), guideline 1, {_ACBL_2019}; with the EBU paper "
            "'Adjudicating claims' (G. Rainsford, 2018: 'then' indicates an order), quoted at "
            f"{_BBO_REF}. Same position as acbl-g1-list-strands-a-winner."
        ),
        summary=(
            "The same ending, but declarer says he will cash the HA, then the spades, then the "
            "diamond. The stated order is followed, every winner is reached and the claim "
            "stands."
        ),
        deal="N:K4..A.4 ..KQ.AJ A2.A..3 .KQ..KQ",
        trump="NT",
        leader="S",
        trick=(),
        claimer="S",
        claimed=4,
        statement="HA then cash S then cash D",
        awarded=4,
        tags=("C2",),
    ),
    Case(
        id="acbl-g1-trumps-top-down-no-finesse",
        source=(
            f"ACBL claim guidelines (Spring 2019), guideline 1 ('play within any suit is "
            f"normally from the top down'), {_ACBL_2019}; Law 70E1-E2 (2017), {_LAW70}; ACBL "
            "Duplicate Decisions ('trumps are presumed played from the top down'). Position "
            "built for the guideline."
        ),
        summary=(
            "Dummy is on lead with a small trump, declarer holds the SA-SQ and East the SK; "
            "declarer claims everything 'drawing trumps' and says nothing of a finesse. The "
            "finesse is not credited: the ace goes first and the queen loses to the king."
        ),
        deal="N:3..5432. K2.J32.. AQ.AKQ.. ..AKQJ.2",
        trump="S",
        leader="N",
        trick=(),
        claimer="S",
        claimed=5,
        statement="draw trumps then cash H",
        awarded=4,
        tags=("C1", "C5", "70E1"),
    ),
    Case(
        id="acbl-g1-top-down-drops-the-queen",
        source=(
            f"ACBL claim guidelines (Spring 2019), guideline 1, {_ACBL_2019}; EBU White Book "
            "2019 8.70.5 (top down where the suit has solidity). Position built for the rule."
        ),
        summary=(
            "South claims four spade tricks with AKJ2 and West holds the queen doubleton. "
            "Played from the top the queen falls under the king and all four tricks are his, "
            "although leading the jack early would have lost one."
        ),
        deal="N:.432.2. T9..AQ. AKJ2... Q5.K.K.",
        trump="NT",
        leader="S",
        trick=(),
        claimer="S",
        claimed=4,
        statement="cash S",
        awarded=4,
        tags=("C1",),
    ),
    Case(
        id="acbl-g2-east-ruffs-unmentioned-trump",
        source=(
            f"ACBL claim guidelines (Spring 2019), guideline 2, {_ACBL_2019}; Law 70C. "
            "Position built for the guideline."
        ),
        summary=(
            "South claims four with the C9 (trumps), SA, SK and HA without mentioning East's "
            "C4; East is void in hearts. Declarer is never credited with drawing a trump he "
            "may have forgotten, so he may cash the HA first and East ruffs it: three tricks."
        ),
        deal="N:.32.43. QJ..2.4 AK.A..9 T9.KQ..",
        trump="C",
        leader="S",
        trick=(),
        claimer="S",
        claimed=4,
        statement=None,
        awarded=3,
        tags=("70C", "C4c", "C4d"),
    ),
    Case(
        id="acbl-g3-no-safety-play-in-trumps",
        source=(
            f"ACBL claim guidelines (Spring 2019), guideline 3, {_ACBL_2019} (the 1992 version, "
            "guideline C, had counted such a check as normal: quoted at https://www3.dal12.sl."
            "bridgebase.com/forums/topic/73632-mis-claim-question/page__st__20__p__878180). "
            "Position built for the guideline."
        ),
        summary=(
            "South holds SA-S2 and the HA and claims three; West has the S9 and no hearts. A "
            "precautionary lead of the SA is not assumed: the HA may go first, West ruffs, and "
            "South makes two."
        ),
        deal="N:..432. .KQJ.. A2.A.. 9...KQ",
        trump="S",
        leader="S",
        trick=(),
        claimer="S",
        claimed=3,
        statement=None,
        awarded=2,
        tags=("70C", "C4d"),
    ),
    Case(
        id="acbl-g3-no-trump-squeeze",
        source=(
            "ACBL claim guidelines (Spring 2019), guideline 3, second clause (playing trumps to "
            f"put pressure on a defender is not a normal play), {_ACBL_2019}. Position built "
            "for the guideline, trumps drawn earlier with both opponents showing out."
        ),
        summary=(
            "Dummy leads with the last trump (S2), H2 and CQ; South holds HA-HQ and a small "
            "diamond; West guards both suits with HK-3 and the CK. South claims all three "
            "without a word. Cashing the trump would squeeze West, but that pressure play is "
            "not assumed, and without it a heart or a club must be lost: two tricks."
        ),
        deal="N:2.2..Q ..987. .AQ.2. .K3..K",
        trump="S",
        leader="N",
        trick=(),
        claimer="S",
        claimed=3,
        statement=None,
        awarded=2,
        voids=("W:S", "E:S"),
        tags=("C6", "C4d"),
    ),
    Case(
        id="acbl-g4-not-forced-to-cash-trumps",
        source=(
            f"ACBL claim guidelines (Spring 2019), guideline 4, {_ACBL_2019}. Position built for "
            "the guideline."
        ),
        summary=(
            "Both defenders have shown out of trumps; declarer has the S9 and a small diamond, "
            "dummy the S8 and a small heart, and he claims the last two without a statement. "
            "He is not made to lead trumps to his own cost: the cross-ruff gives him both."
        ),
        deal="N:8.2.. .A.K. 9..2. .K.A.",
        trump="S",
        leader="S",
        trick=(),
        claimer="S",
        claimed=2,
        statement=None,
        awarded=2,
        voids=("W:S", "E:S"),
        tags=("C4d",),
    ),
    Case(
        id="acbl-g5-ruff-low-is-overruffed",
        source=(
            f"ACBL claim guidelines (Spring 2019), guideline 5, {_ACBL_2019}. Position built "
            "for the guideline."
        ),
        summary=(
            "Dummy leads a diamond for declarer to ruff, declarer holding HK-H3 and West, void "
            "in diamonds, the HQ; declarer claims three without a word about the trump. He is "
            "presumed to ruff low, West over-ruffs, and he makes two."
        ),
        deal="N:.A.2.A 76..5. .K3..2 98.Q..",
        trump="H",
        leader="N",
        trick=(),
        claimer="S",
        claimed=3,
        statement=None,
        awarded=2,
        tags=("70C", "C4e"),
    ),
    Case(
        id="acbl-g5-ruff-low-costs-nothing",
        source=(
            f"ACBL claim guidelines (Spring 2019), guideline 5, {_ACBL_2019}; Law 70C3. Same "
            "ending as acbl-g5-ruff-low-is-overruffed with West's trump now the H2."
        ),
        summary=(
            "As before, but West's outstanding trump is the two and he follows to clubs. "
            "Ruffing low cannot be over-ruffed and no other normal order loses a trick to the "
            "two, so the claim stands."
        ),
        deal="N:.A.2.A 76..5. .K3..2 9.2..3",
        trump="H",
        leader="N",
        trick=(),
        claimer="S",
        claimed=3,
        statement=None,
        awarded=3,
        tags=("70C", "C4e"),
    ),
    Case(
        id="acbl-g5-dummy-ruffs-low",
        source=(
            f"ACBL claim guidelines (Spring 2019), guideline 5, {_ACBL_2019}. Position built "
            "for the guideline."
        ),
        summary=(
            "Declarer claims three, stating he will ruff his heart in dummy, which holds SA-S3; "
            "East, void in hearts, has the S9. Dummy is presumed to ruff with the three, East "
            "over-ruffs, and declarer makes two."
        ),
        deal="N:A3..2. 9..QJ. K.2.A. .KQ.K.",
        trump="S",
        leader="S",
        trick=(),
        claimer="S",
        claimed=3,
        statement="ruff H",
        awarded=2,
        tags=("70C", "C4e"),
    ),
    # --- Appeals casebooks ---
    Case(
        id="acbl-2008-fall-boston-defender-keeps-dq",
        source=(
            "ACBL appeals casebook, Fall 2008 NABC (Boston), non-NABC+ case Five, 'Claim or "
            "Played Card' (4C by West, two-card ending); reproduced at "
            "https://medicinemodern.com/b/bridgeinindia.homestead.com1.html. Defenders' "
            "spot cards filled in; the claim was made as dummy led the C6, shown here just "
            "before that lead."
        ),
        summary=(
            "With dummy about to lead its good trump and keep the D7, North claims the last "
            "trick with the DQ. Throwing the queen on the club instead of his small spade is "
            "not a normal alternative, so the defence gets the last trick, as the director "
            "ruled and the panel upheld."
        ),
        deal="N:3..Q. ..7.6 .42.. 54...",
        trump="C",
        leader="E",
        trick=(),
        claimer="N",
        claimed=1,
        statement=None,
        awarded=1,
        tags=("70D1", "P5"),
    ),
    Case(
        id="acbl-2006-dallas-trumps-drawn-claim-stands",
        source=(
            "ACBL appeals casebook, Spring 2006 NABC (Dallas), non-NABC+ case Three, 'Claim' "
            "(4S by West, Sunday-Monday KO Teams, board 36, 3 April 2006), as posted at "
            "https://pl.scribd.com/document/36154907/NonNABC-061-3. West's and dummy's cards "
            "are as published; North-South's six cards each were rebuilt from their original "
            "hands (trumps drawn; HA, HQ, H9, CA and three small cards gone) and West is "
            "assumed to be on lead."
        ),
        summary=(
            "In four spades, trumps drawn, West claims the last six with SQ-T-9, HJ and CQ-9 "
            "opposite dummy's S6, HK-T, DQ-4 and CK, showing her winners without saying that "
            "dummy's diamonds go on the trumps. The panel saw no doubtful point: she is not "
            "deemed to lead dummy's trump under her own, the diamonds are discarded and the "
            "claim stands."
        ),
        deal="N:..AJT.J86 6.KT.Q4.K ..K76.T74 QT9.J..Q9",
        trump="S",
        leader="W",
        trick=(),
        claimer="W",
        claimed=6,
        statement=None,
        awarded=6,
        voids=("N:S", "S:S"),
        tags=("C4d", "70D1"),
    ),
    Case(
        id="acbl-2006-dallas-defender-claims-over-dummy",
        source=(
            "ACBL appeals casebook, Spring 2006 NABC (Dallas), NABC+ case Fifteen, 'Claim or "
            "Played Card' (2S by South, Jacoby Swiss Teams, 8 April 2006), as posted at "
            "https://pl.scribd.com/document/36154890/NABC-061-15. The two-card ending is as "
            "published; which of his C4-C3 South played to trick 12 is not given (the C3 here)."
        ),
        summary=(
            "At trick 12 East leads the C2 and South follows; West, with CA-J sitting in "
            "front of dummy's CQ-DK, faces his cards for the last two. The committee ruled it a "
            "claim and gave the defence both tricks: the ace fells dummy's queen, and the jack "
            "first would be no finesse, the queen being in dummy and playing after him."
        ),
        deal="N:..K.Q ...7 ...4 ...AJ",
        trump="S",
        leader="E",
        trick=("C2", "C3"),
        claimer="W",
        claimed=2,
        statement=None,
        awarded=2,
        tags=("70E1", "C5"),
        dummy="N",
    ),
    Case(
        id="nswba-2010-appeal1-concession-stands",
        source=(
            "NSWBA appeals, Appeal 1 - 2010 (Open ITS Final, 24 April 2010, board 6, 3NT by "
            "South), reported by P. Gumby, http://www.nswba.com.au/tourn/appeals/10/"
            "app04241.html. Published deal; the claim came at trick 2, after West's small club "
            "lead (the C5 here; the record says only 'Cx') was won by South's ace."
        ),
        summary=(
            "South claims nine tricks on five spades; spades are 5-1, so he says he will take "
            "the heart finesse instead, which loses, and agrees to eight. He later finds that "
            "East's singleton H10 gives him nine anyway, but other normal lines (a double "
            "diamond finesse, say) lose the trick, so Law 71 restores nothing: the director "
            "and the committee let the agreed eight stand."
        ),
        deal="N:Q5.A53.AJ973.J4 T9643.T.T64.Q83 AKJ82.KJ92.85.9 7.Q8764.KQ2.K76",
        trump="NT",
        leader="S",
        trick=(),
        claimer="S",
        claimed=7,
        statement=None,
        awarded=7,
        tags=("71", "C8"),
    ),
    Case(
        id="ebu-appeal-focus-2011-6nt-count-is-not-order",
        source=(
            "EBU, 'Appeal Focus: Winter 2011' (J. Dhondy), the example 'from earlier this year' "
            "(6NT by West, dealer East, both vulnerable, lead S5), https://www.ebu.co.uk/"
            "newsletters/?id=14&page=6. Published deal: the stored copy drops the four "
            "one-card suit lines, restored from the card count and the lead (S5 and D4 to "
            "North, H4 and C8 to East). The report gives no time for the claim; a claim of all "
            "13 is taken to come as soon as the S5 was led, dummy to play."
        ),
        summary=(
            "Declarer claims all 13 as 'six diamonds, five spades and two clubs' (DQ-8 opposite "
            "AKJ976, spades 4-1 with South's J-T-7-4 behind his AK9, North with seven hearts "
            "to the ace). The director ruled the claim deficient and gave nine tricks (6NT-3); "
            "the committee agreed that a count of tricks is not an order of play."
        ),
        deal="N:.AQT7532.4.J652 Q8632.4.AKJ976.8 JT74.J98.T532.Q3 AK9.K6.Q8.AKT974",
        trump="NT",
        leader="N",
        trick=("S5",),
        claimer="W",
        claimed=13,
        statement="cash D, cash S, cash C",
        awarded=9,
        tags=("C2", "C1", "70D1"),
    ),
    # --- National federations' published examples ---
    Case(
        id="dbf-lku20-2.1-count-is-not-order",
        source=(
            "Danish Bridge Federation (DBf) Laws Commission, Udtalelse nr. 20 'Krav der "
            "bestrides - eksempler', 3rd edition, February 2021, example 2.1 "
            "('Optællingsrækkefølge er ikke spillerækkefølge'), http://www.bridge.dk/lov/ak/udg/"
            "lku-20.htm. Published four-card ending."
        ),
        summary=(
            "In no trumps South, on lead with SJ-3 and HQ-7 opposite SQ-5 and DJ-4, claims 'two "
            "spades, a diamond and a heart'; East-West object that taking the spades first "
            "strands the HQ. The Laws Commission reads the statement as a count, not an order, "
            "and holds an order that cuts the hands apart to be irrational: all four tricks."
        ),
        deal="N:Q5..J4. .JT92.. J3.Q7.. ..T92.8",
        trump="NT",
        leader="S",
        trick=(),
        claimer="S",
        claimed=4,
        statement="cash S, DJ, HQ",
        awarded=4,
        tags=("C2",),
        profile="dbf",
    ),
    # --- Other published rulings and the Laws themselves ---
    Case(
        id="wbu-2018-master-trump-out",
        source=(
            "Welsh Bridge Union directors' site, 'Disputed Claim' (P. Smith, 12 Dec 2018, and "
            "the reply endorsing it), https://directors.welshbridgeunion.org/2018/12/12/"
            "disputed-claim/. Trump suit and the cards of dummy and East filled in."
        ),
        summary=(
            "With three cards left declarer claims: no trumps out, two top diamonds and the "
            "last trump; in fact West holds the master trump and the CA-CK. No order was given, "
            "so he may lead his trump first, West wins and cashes two clubs: all three tricks "
            "to the defence."
        ),
        deal="N:432... ..QJT. .2.AK. .A..AK",
        trump="H",
        leader="S",
        trick=(),
        claimer="S",
        claimed=3,
        statement="cash D, H2",
        awarded=0,
        tags=("70C", "C2", "C4c"),
    ),
    Case(
        id="ebl-2016-prague-s1b-concession-stands",
        source=(
            "European Bridge League, 10th Main Tournament Directors Course, Prague 2016, "
            "'Simulations at the table', S1 (b) and its answer; https://docslib.org/doc/729751/"
            "simulations-at-the-table. Published deal; the first seven tricks rebuilt from the "
            "description (spade lead, two spade ruffs in hand, club to the queen and ace, club "
            "back to the king)."
        ),
        summary=(
            "In 5H, on lead in hand with six cards left, declarer concedes one down because the "
            "DK is wrong, and the defenders agree. Leading a club now is a normal play after "
            "which the defence can take two tricks, so Law 71 restores nothing: one down."
        ),
        deal="N:.J42.65.8 ..J82.J96 .T9.AQT.7 Q..K9743.",
        trump="H",
        leader="S",
        trick=(),
        claimer="S",
        claimed=4,
        statement=None,
        awarded=4,
        tags=("71", "C8", "70E1"),
    ),
    Case(
        id="ebu-forum-claim-from-wrong-hand",
        source=(
            "EBU TD forum, 'Claim from wrong hand' (the director's ruling and the replies), "
            "https://www.ebu.co.uk/forum/discussion/comment/932/; WBF Laws Committee minutes, "
            "Paris, 1 Nov 2001, item 3 (spec C7). Side cards filled in."
        ),
        summary=(
            "North claims the last three, saying he will lead a trump from hand, but dummy is on "
            "lead with the master trump and two small side cards while East keeps a middling "
            "trump. The stated line, drawing the trump, is followed from dummy instead, so the "
            "claim stands (the notation has no 'from hand': the statement reads 'draw trumps')."
        ),
        deal="N:QJ4... T...KQ A.2.2. .K.K.A",
        trump="S",
        leader="S",
        trick=(),
        claimer="N",
        claimed=3,
        statement="draw trumps",
        awarded=3,
        tags=("C7", "C4a"),
    ),
    Case(
        id="rotem-2013-7s-last-trump-unmentioned",
        source=(
            "B. Zietman, Israel Seniors championship semi-final, in Rotem bridge magazine "
            "(English section), August 2013, p. 54, http://magazine.rotemltd.co.il/august2013/"
            "54/ (spec C4c). Published deal; the spot cards played to the first five tricks "
            "(two rounds of trumps, HK, HA, a heart ruffed with dummy's ST) follow from the "
            "text, North being left with the S9."
        ),
        summary=(
            "In seven spades East ruffs a heart in dummy and claims, saying he will throw his "
            "losing club on dummy's top diamonds but not that he will draw North's S9 first. "
            "He may cash a heart before drawing it, so North ruffs: one trick to the defence, "
            "one down. (The notation cannot say 'discard the club': the statement reads "
            "'DA DK'.)"
        ),
        deal="N:9..Q93.Q953 QJ6.QT.6.A6 ..J842.KJ72 ..AKT75.T84",
        trump="S",
        leader="W",
        trick=(),
        claimer="E",
        claimed=8,
        statement="DA DK",
        awarded=7,
        tags=("70C", "C4b", "C4c"),
    ),
    Case(
        id="ebu-forum-2s-j6-small-card-first",
        source=(
            "EBU TD forum, 'disputed claim' (a club director's ruling in 2S by North and the "
            "replies agreeing with it under White Book 8.70.5), https://forums.ebu.co.uk/"
            "discussion/325/disputed-claim. Two-card ending from the post, which says the six "
            "loses to 'the H8'; the full deal gives the H8 to West and the H9 and CA to East, "
            "so East holds the H9 here. West's and dummy's last cards (no trumps, no hearts) "
            "filled in."
        ),
        summary=(
            "North, on lead with HJ-6 and thinking no heart is out, claims the last two; East "
            "has the H9 and the CA. Leading the six first is careless but normal, so it loses "
            "to the nine and East cashes the CA: both tricks to the defence."
        ),
        deal="N:.J6.. .9..A ..96. ...98",
        trump="S",
        leader="N",
        trick=(),
        claimer="N",
        claimed=2,
        statement=None,
        awarded=0,
        tags=("C1", "N1"),
    ),
    Case(
        id="ebu-forum-j32-top-trump-first",
        source=(
            f"EBU TD forum, 'Declarer claims', opening post (a player's report of the "
            f"director's ruling; the replies quote White Book 8.70.4-5), {_WB_FORUM}. Position "
            "built around the reported trumps: spades trumps, the defender's other cards and "
            "the other two hands filled in with small cards."
        ),
        summary=(
            "Declarer, on lead with SJ-3-2, claims saying he has the top three trumps; a "
            "defender still holds the ST. The director gave all three tricks: it is normal to "
            "lead the jack first, which fells the ten."
        ),
        deal="N:...432 .432.. J32... T..32.",
        trump="S",
        leader="S",
        trick=(),
        claimer="S",
        claimed=3,
        statement="cash S",
        awarded=3,
        tags=("C1", "70C"),
    ),
    Case(
        id="bbo-2012-claim-at-the-club-cross-ruff",
        source=(
            "BBO forums, 'Claim at the club (EBU)', 23 Feb 2012, opening post and replies #3 "
            "and #4 ('a diamond return ruffed by the HJ is a normal play. Two tricks to "
            "declarer (Law 70C)'), https://www1.dal10.sl.bridgebase.com/forums/topic/"
            "51427-claim-at-the-club-ebu. Published three-card ending."
        ),
        summary=(
            "In hearts, West on lead, South claims the last three saying 'cross-ruffing', "
            "having forgotten West's H10. Dummy may ruff West's diamond with the HJ, after "
            "which the H10 is promoted (or a trump lead leaves dummy no trump for the "
            "cross-ruff): two tricks to declarer."
        ),
        deal="N:83.J.. 4..8.5 .Q9..4 .T.32.",
        trump="H",
        leader="W",
        trick=(),
        claimer="S",
        claimed=3,
        statement="ruff S, ruff C",
        awarded=2,
        tags=("70C", "C4c"),
    ),
    Case(
        id="law70e1-unstated-finesse",
        source=f"Law 70E1 (2017), {_LAW70}. Position built for the Law.",
        summary=(
            "South leads towards dummy's DA-DQ with West holding DK-2 and claims both tricks, "
            "saying nothing of a finesse. Which card dummy plays depends on where the king is, "
            "so the losing choice is deemed: the ace, then the queen loses to the king."
        ),
        deal="N:..AQ. ...KQ ..43. ..K2.",
        trump="NT",
        leader="S",
        trick=(),
        claimer="S",
        claimed=2,
        statement=None,
        awarded=1,
        tags=("70E1", "C5"),
    ),
    Case(
        id="law70e1-finesse-after-show-out",
        source=(
            f"Law 70E1 (2017), exception for a suit an opponent has failed to follow, {_LAW70}. "
            "Same position as law70e1-unstated-finesse."
        ),
        summary=(
            "The same ending, but East had already shown out of diamonds before the claim. The "
            "king is known to be with West, the queen is played and the claim stands."
        ),
        deal="N:..AQ. ...KQ ..43. ..K2.",
        trump="NT",
        leader="S",
        trick=(),
        claimer="S",
        claimed=2,
        statement=None,
        awarded=2,
        voids=("E:D",),
        tags=("70E1", "C5"),
    ),
    Case(
        id="law70e1-show-out-on-every-normal-line",
        source=(
            "Law 70E1 (2017), exception for an opponent who 'would subsequently fail to follow "
            f"... on any normal line', {_LAW70}. Position built for the Law."
        ),
        summary=(
            "South has DK-4-3 opposite DA-J-5 and West DQ-9-8; East is void but has not shown "
            "it. Every normal line starts with the king, on which East shows out, so the "
            "queen's place is known before the second round and the jack wins: all three."
        ),
        deal="N:..AJ5. AKQ... ..K43. ..Q98.",
        trump="NT",
        leader="S",
        trick=(),
        claimer="S",
        claimed=3,
        statement=None,
        awarded=3,
        tags=("70E1", "C5", "C1"),
    ),
    Case(
        id="law70e1-trump-finesse-after-show-out",
        source=(
            f"Law 70E1 (2017), {_LAW70}. Same position as acbl-g1-trumps-top-down-no-finesse, "
            "West having shown out of trumps before the claim."
        ),
        summary=(
            "Dummy leads a small trump towards declarer's SA-SQ after West has already shown "
            "out of spades, so East must hold the king. Playing the queen is no longer a guess "
            "and the claim of all five stands."
        ),
        deal="N:3..5432. K2.J32.. AQ.AKQ.. ..AKQJ.2",
        trump="S",
        leader="N",
        trick=(),
        claimer="S",
        claimed=5,
        statement="draw trumps then cash H",
        awarded=5,
        voids=("W:S",),
        tags=("70E1", "C5", "C4a"),
    ),
    Case(
        id="law70d2-defender-relies-on-partner",
        source=f"Law 70D2 (2017), {_LAW70}. Position built for the Law.",
        summary=(
            "West, a defender, claims two: his HQ, then partner's DA. That needs East to "
            "overtake the queen with the king, only one of his normal plays, so it is not "
            "accepted: East follows low, West cannot reach the ace and the defence takes one."
        ),
        deal="N:QJ.2.. .K3.A. A...AK 2.Q..2",
        trump="NT",
        leader="W",
        trick=(),
        claimer="W",
        claimed=2,
        statement="HQ then DA",
        awarded=1,
        tags=("70D2", "P5", "C7"),
        dummy="N",
    ),
    Case(
        id="law70d2-partner-has-one-normal-play",
        source=f"Law 70D2 (2017), {_LAW70}. Position built for the Law, as a contrast.",
        summary=(
            "West claims his SA and a heart to partner's HK. On the ace East's only normal "
            "discard is his losing diamond, not the king, so the claim does not depend on a "
            "choice by partner and both tricks are the defence's."
        ),
        deal="N:K.4.. .K.2. Q..A. A.2..",
        trump="NT",
        leader="W",
        trick=(),
        claimer="W",
        claimed=2,
        statement=None,
        awarded=2,
        tags=("70D2", "P5"),
    ),
    Case(
        id="law70c1-trump-mentioned",
        source=(
            f"Law 70C1 (2017), {_LAW70}; the converse of EBU White Book 2019 8.70.4(a). Same "
            "position as wb-8.70.4a-unmentioned-small-trump."
        ),
        summary=(
            "The same ending as the White Book's careless-trump example, but South says he "
            "will draw the last trump before cashing his winners. Having mentioned it he draws "
            "it with the C9 and makes all four."
        ),
        deal="N:.32.43. T9.KQ.. AK.A..9 QJ..2.4",
        trump="C",
        leader="S",
        trick=(),
        claimer="S",
        claimed=4,
        statement="draw trumps then cash S, cash H",
        awarded=4,
        tags=("70C", "C4a"),
    ),
    Case(
        id="law70c3-trump-out-but-no-trick-to-lose",
        source=(
            f"Law 70C3 (2017), {_LAW70}; EBU White Book 2019 8.70.4 ('if a trick could be lost "
            "by playing other winners first'). Adapted from wb-8.70.4a-unmentioned-small-trump."
        ),
        summary=(
            "South claims four with the C9, SA, SK and HA without mentioning West's C4, but West "
            "must follow to both spades and hearts. No normal order lets the small trump score, "
            "so the claim stands."
        ),
        deal="N:.3.543. T9.KQ.. AK.A..9 QJ.2..4",
        trump="C",
        leader="S",
        trick=(),
        claimer="S",
        claimed=4,
        statement=None,
        awarded=4,
        tags=("70C",),
    ),
    Case(
        id="law71-conceded-trick-that-cannot-be-lost",
        source=(
            "Law 71B (2017), https://laws.hellasbridge.org/law_71; ACBL club directors' FAQ "
            "'Cancelled concessions', https://staging.acbl.org/club-corner/club-directors/"
            "rulings-faq/cancelled-concessions/. Position built for the Law."
        ),
        summary=(
            "South holds the AKQ of spades, no other spade is left, and he concedes one of the "
            "last three tricks; the opponents agree. No normal play can lose that trick, so the "
            "concession is cancelled and all three are his."
        ),
        deal="N:.432.. ..432. AKQ... ...432",
        trump="NT",
        leader="S",
        trick=(),
        claimer="S",
        claimed=2,
        statement=None,
        awarded=3,
        tags=("71", "C8"),
    ),
    Case(
        id="nhbridge-2011-heart-queen-still-out",
        source=(
            "Club director's notes on claims, http://www.nhbridge.club/2011/04/ (April 2011). "
            "Spot cards filled in."
        ),
        summary=(
            "In no trumps declarer shows four top clubs and the HJ and says the rest are his, "
            "but a defender still holds the HQ. In any order the jack loses to the queen, so "
            "the defence gets one trick."
        ),
        deal="N:5432.2.. .543.76. .J..AKQJ .Q.5432.",
        trump="NT",
        leader="S",
        trick=(),
        claimer="S",
        claimed=5,
        statement=None,
        awarded=4,
        tags=("C2",),
    ),
]
