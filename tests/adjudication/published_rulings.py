"""Claim rulings given at real tables and published with the whole deal (see each ``source``).

Unlike some of the positions in ``worked_examples.py``, none of these was built to
illustrate a rule: each deal is transcribed as published and the position at the claim is
worked out from the deal and the play the source records, so every remaining card is the
source's (where a stored copy prints a card twice or drops the suit symbols, the case's
``source`` says how it was read and whether the ruling turns on the reading). ``awarded`` is
the final published ruling (an appeal committee's where there was one; the summary gives the
table director's ruling where it differed). The cases follow the format of
``worked_examples.py`` (see its "How to read a case") and the test rules them together with
``CASES`` (``test_worked_examples.py``). They are tagged ``"published"``, and ``"upheld"``
where the claimer got every trick he claimed.

A case tagged ``"td-only"`` records the table director's ruling because that is the last one
the source gives: an appeal was lodged, but its decision is not in the stored copy (the page
was cut off before it, or the appeal was still pending when the account was written). Check
those figures against the full source before relying on them.
"""

from __future__ import annotations

from adjudication.worked_examples import Case

_BW_TRIAL = "https://bridgewinners.com/article/view/how-would-you-rule-2-ffrns7m8xv/"
_BW_4NT = "http://bridgewinners.com/article/view/faulty-claim-ruling/"
_USBF_2019 = "https://www.usbf.org/appeals/2019-mixed-usbc-appeal-1"
_WBF_2000 = "https://www.ptt.cc/man/BridgeClub/DD69/DA99/M.970294276.A.html"
_BBO_NP_2014 = (
    "https://www3.dal12.sl.bridgebase.com/forums/topic/65919-a-defensive-claim/"
    "page__view__findpost__p__787938"
)
_DELFT = "https://nbbdelft.nl/arbitrages.htm"
_DELFT_5C = "https://nbbdelft.nl/Arbitrages/geen_geweldig_goede_claim.htm"
_DELFT_4H = "https://nbbdelft.nl/Arbitrages/onzorgvuldige_claim.htm"
_DELFT_4H_TRUMP = "https://nbbdelft.nl/Arbitrages/verkeerde_claim_of_niet.htm"
_DBF_15_MAK_6 = "https://bridge.dk/lov/ak/mak/15/mak-6.htm"
_DELFT_4S_TRUMP = "https://nbbdelft.nl/Arbitrage/claim%20met%20troef%20buitenboord.htm"
_BBO_PULA = "https://forumstest.bridgebase.com/forums/topic/55456-calamitous-claim/"

PUBLISHED_CASES: list[Case] = [
    Case(
        id="bw-trial-4s-forgotten-trump-committee-allows",
        source=(
            "Bridge Winners, 'How would you rule?' (a teams trial, 4S by South; the director's "
            f"ruling and the appeal committee's decision), {_BW_TRIAL}. Published deal and "
            "record of the first five tricks (the stored copy drops the suit symbols, but each "
            "card follows from the holdings): H10 to South's HA; SK, all following; SQ won by "
            "West's SA; West's CA; C9 to North's CQ and East's CK. East is on lead with eight "
            "tricks left."
        ),
        summary=(
            "South claims the last eight saying no trumps are out, but West still has the S6. "
            "The director ruled that a trick could be lost to the trump by normal play "
            "(seven tricks); the appeal committee restored the claim of all eight, on the "
            "ground that it would not have called the director."
        ),
        deal="N:.KQJ.AQJ82. .52.T74.T65 J732.43.9.J 6.97.K653.3",
        trump="S",
        leader="E",
        trick=(),
        claimer="S",
        claimed=8,
        statement=None,
        awarded=8,
        tags=("published", "upheld", "70C", "C4c"),
    ),
    Case(
        id="bw-sectional-4nt-claim-on-the-lead",
        source=(
            "Bridge Winners, 'Faulty Claim Ruling' (4NT by North, ACBL sectional Open Swiss; "
            f"the director's ruling, down two, with no appeal reported), {_BW_4NT}. Published "
            "deal; declarer claimed as soon as East led, dummy to play. The stored copy gives "
            "the lead as 'the 4' without its suit: East's only fours are the H4 and the C4, and "
            "only the H4 (fourth best from KQ74) fits the claim's HA and the director's eight "
            "tricks (after a club lead the CK would be a ninth)."
        ),
        summary=(
            "On the H4 lead North claims twelve: the HA, six spades and five diamonds unless "
            "East holds four or five diamonds to the jack. West's ST-8-7-6-5 wins the fifth "
            "spade and East's J8732 the fourth diamond; the director gave the HA, four spades "
            "and three diamonds, eight tricks. (The statement is read as a count of tricks, a "
            "list in our notation; its alternative for a diamond break is dropped.)"
        ),
        deal="N:2.T3.AQ964.KJT95 3.KQ7.J8732.742 AKQJ94.AJ6.KT5.6 T8765.9852..AQ83",
        trump="NT",
        leader="E",
        trick=("H4",),
        claimer="N",
        claimed=12,
        statement="HA, cash S, cash D",
        awarded=8,
        tags=("published", "C1", "C2", "70D1"),
    ),
    Case(
        id="usbf-2019-mixed-5d-stated-line-loser-on-loser",
        source=(
            "USBF appeals, 2019 Mixed USBC, Appeal 1 (board 21, 5D by West, lead D10; the "
            f"director's ruling), {_USBF_2019}. Published deal and record of the first five "
            "tricks (DA; HA and HQ, East discarding two clubs; D3 to East's DQ; SJ to North's "
            "SQ, South's S9 falling). North is on lead with eight tricks left. The stored copy "
            "stops at the heading of the committee's decision, so the figure here is the "
            "director's."
        ),
        summary=(
            "With trumps drawn West claims the rest, saying that if spades are 4-1 he will take "
            "the heart ruffing finesse again; he had not seen that the S9 fell, so his spades "
            "are good once the SA goes. The director followed the stated line: the second "
            "ruffing finesse fails to South's HK, and a careless loser on loser is normal, so "
            "the defence gets the SA and the HK (six of eight). The conditional statement has "
            "no form in our notation and is dropped."
        ),
        deal="N:A52...AT763 863..J87.KJ .K987..Q952 KT7.JT3.K4.",
        trump="D",
        leader="N",
        trick=(),
        claimer="W",
        claimed=8,
        statement=None,
        awarded=6,
        tags=("published", "td-only", "70D1", "C3"),
    ),
    Case(
        id="wbf-2000-maastricht-16-stated-double-squeeze",
        source=(
            "WBF, Maastricht 2000, Appeal No. 16, Belgium v England (Open Teams round of 16, "
            "board 30, 4H by North, lead CQ; the director's ruling), as posted at "
            f"{_WBF_2000}. The eight-card ending at the claim is published; the record does not "
            "say who was on lead (North here; the adjudicator gives the same with South on "
            "lead). The stored copy stops during the players' statements, before the "
            "committee's decision, so the figure here is the director's."
        ),
        summary=(
            "Needing the last eight, North claims on a double squeeze, provided that East's "
            "opening bid (five spades and four or more of a minor) was truly described; East-"
            "West asked him to play on and he went wrong at the end. The director voided the "
            "play after the claim and let the stated squeeze stand: all eight, 4H made. A "
            "squeeze has no form in our notation, so the statement is dropped."
        ),
        deal="N:3.Q9.A5.KJ5 QJ98..762.T AKT762..9.2 4..KQ8.9763",
        trump="H",
        leader="N",
        trick=(),
        claimer="N",
        claimed=8,
        statement=None,
        awarded=8,
        tags=("published", "upheld", "td-only", "C6", "70D1"),
    ),
    Case(
        id="ebu-2014-national-pairs-defender-claims-throw-in-not-normal",
        source=(
            "BBO Forums, 'A defensive claim' (P. Lamford, 6 April 2014; an EBU National Pairs "
            f"final, 3NT by West; the director's ruling, with East-West appealing), {_BBO_NP_2014}."
            " Published deal and play, and the four-card ending the poster gives (the "
            "forumstest.bridgebase.com copy of the same post carries both diagrams), dummy "
            "(East) on lead. South has shown out of both red suits. The appeal's outcome is not "
            "in the thread's opening post."
        ),
        summary=(
            "Defender North, with HJ and D9-7-5 against dummy's H5 and DJ-T-8, claims the last "
            "two; dummy objects that North can be thrown in with the heart and forced to lead "
            "into the diamonds. The director held the throw-in not a normal play for declarer, "
            "who had not seen it, and gave North-South their two tricks."
        ),
        deal="N:.J.975. .5.JT8. K98...3 Q74...2",
        trump="NT",
        leader="E",
        trick=(),
        claimer="N",
        claimed=2,
        statement=None,
        awarded=2,
        tags=("published", "upheld", "td-only", "70A", "P5"),
        dummy="E",
    ),
    Case(
        id="nbb-delft-5c-overtake-dj-normal",
        source=(
            "NBB District Delft, 'Arbitragehoek' (players' questions answered by E. Angad-Gaur, "
            "international tournament director and chair of the district's appeals committee, "
            f"{_DELFT}): 'geen geweldig goede claim' (5C by South, dealer East, East-West "
            f"vulnerable; his ruling, after polling four strong players), {_DELFT_5C}. "
            "Published deal and record of the first five tricks (DA, 3, 6, 2 to West; ST, SA, "
            "S4, S6; CQ, C2, C4, C3; CJ, C5, C6, S2; C7, C9, CK, S3). The stored copy drops the "
            "heart and diamond symbols; each card follows from the four hands, which hold 13 "
            "cards each only one way. It also says trick 4 went 'to South', which the cards "
            "cannot give (North's CJ wins it and North leads the C7 to trick 5); the page's own "
            "count (four tricks to North-South) agrees. South is on lead with eight left."
        ),
        summary=(
            "Trumps drawn, South claims all but one: the HA and HK, throwing dummy's S5, then "
            "the DJ, losing a trick to the DK. East objected that South had not said he would "
            "overtake the jack with dummy's DQ; if he did not, East would duck and dummy's "
            "diamonds could not be reached. The district's director polled four strong "
            "players, who all overtake as a matter of course, and let the claim stand: 5C made. "
            "(The discard has no form in our notation; the statement reads 'HA HK DJ'.)"
        ),
        deal="N:5.J.QT987.A KQ.QT75.K4. J.AK84.J.T8 987.9632.5.",
        trump="C",
        leader="S",
        trick=(),
        claimer="S",
        claimed=7,
        statement="HA HK DJ",
        awarded=7,
        tags=("published", "upheld", "70D1", "N2"),
    ),
    Case(
        id="nbb-delft-4h-ruff-the-covered-jack",
        source=(
            f"NBB District Delft, 'Arbitragehoek' ({_DELFT}, as for the 5C case): 'Onzorgvuldige "
            f"claim' (a club in the district, 4H by South; the published ruling), {_DELFT_4H}. "
            "The three-card ending is published, dummy (North) on lead after winning trick 10. "
            "The stored copy drops "
            "the heart and diamond symbols: South's 10 and 9 sit on the heart and diamond lines, "
            "East's 8 on the diamond line, and the ruling has South ruff with the ten, so hearts "
            "are trumps (the contract's '4' lost its symbol too)."
        ),
        summary=(
            "Dummy holds CK-J-7 and South HT, D9 and C4; South faces his cards and says the "
            "rest are his, and East, with CQ-8 and D8, objects that the queen may score. The "
            "director held that declarer plays the king and then the jack; East covers, South "
            "ruffs with the ten, and the D9 takes the last trick: all three, the claim being "
            "careless but lucky."
        ),
        deal="N:...KJ7 ..8.Q8 .T.9.4 J8...6",
        trump="H",
        leader="N",
        trick=(),
        claimer="S",
        claimed=3,
        statement=None,
        awarded=3,
        tags=("published", "upheld", "C1", "70D1"),
    ),
    Case(
        id="nbb-delft-4h-unmentioned-trump-club-first",
        source=(
            f"NBB District Delft, 'Arbitragehoek' ({_DELFT}, as for the 5C case): 'Verkeerde "
            f"claim of niet' (club evening, 4H by South; the published ruling), {_DELFT_4H_TRUMP}. "
            "The four-card ending is published with South on lead at trick 10; South led the "
            "CJ to East's CQ, every player's only club but South's (West's C7 and North's C4 "
            "follow), and claimed. The "
            "stored copy drops the heart and diamond symbols: East's 'trump (8)' fixes hearts as "
            "trumps and the line his 8 sits on, and North's 8-5 and West's 4-3 are diamonds. "
            "East is on lead with three left."
        ),
        summary=(
            "South claims the rest with HK-Q and the CT, saying nothing of East's H8. East will "
            "return a spade, which South ruffs; unaware of the trump, South may then cash the "
            "CT before his last heart and East ruffs it: one of the last three to East-West. "
            "(The statement is read as a list, 'HK, HQ, CT'.)"
        ),
        deal="N:5..85. 62.8.. .KQ..T 7..43.",
        trump="H",
        leader="E",
        trick=(),
        claimer="S",
        claimed=3,
        statement="HK, HQ, CT",
        awarded=2,
        tags=("published", "70C", "C4c", "C2"),
    ),
    Case(
        id="nbb-delft-4s-unmentioned-trump-clubs-first",
        source=(
            f"NBB District Delft, 'Arbitragehoek' ({_DELFT}, as for the 5C case): 'Claim met "
            "troef buitenboord' (a pairs event at club level in the region, dealer North, all "
            f"vulnerable, 4S by South; the published ruling), {_DELFT_4S_TRUMP}. The four-card "
            "ending is published, dummy (North) on lead. The stored copy drops the heart and "
            "diamond symbols (the lines are spades, hearts, diamonds, clubs as in the other "
            "Delft diagrams), and it prints the D8 both in dummy's diamonds (8-7) and in "
            "West's (J-8): West's second diamond is taken here as the D6. The ruling does not "
            "turn on it: every reading of the two lines (the D6 or the D9 for West, or the "
            "duplicated line read as hearts in either hand) gives the same figure in the "
            "engine, and the page's reasoning needs only East's S4 and South's clubs."
        ),
        summary=(
            "With dummy on lead South claims the last four, holding SK, HA and CK-J; East "
            "objects that he still has the S4. South says he would of course have drawn it "
            "first, but said nothing of it when he claimed. The director ruled under Law 70C "
            "that cashing the CK and CJ first is a normal line on which East ruffs: one of "
            "the last four to East-West."
        ),
        deal="N:.5.87.5 4.43..8 K.A..KJ ..J6.76",
        trump="S",
        leader="N",
        trick=(),
        claimer="S",
        claimed=4,
        statement=None,
        awarded=3,
        tags=("published", "70C", "C4c"),
    ),
    Case(
        id="dbf-2015-mak-6-4s-forgotten-trump-two-to-the-defence",
        source=(
            "Danish Bridge Federation (DBf) Appeals Committee, appeal 15-MAK-6 (DM mixed pairs, "
            "A final, 5 July 2015, board 20, dealer West, all vulnerable, no screens, 4S by "
            "East; the director's ruling, the appeal committee's decision and the federation "
            f"committee's comment), {_DBF_15_MAK_6}. The deal and the five-card ending are "
            "published, dummy (West) having just led the CQ. The stored copy drops every suit "
            "symbol: the deal follows from the four hands, which make a whole pack only one "
            "way; the ending follows from it except whether dummy's ace is the CA or the DA "
            "(its other four cards are Q-J-7-6 of clubs). It is read with the CA, the only "
            "reading on which the page's own account holds: with the DA kept, cashing it "
            "before the clubs (the line the committee describes) loses only one trick, East "
            "overruffing North's S6 and then losing a diamond, and double dummy none; with the "
            "CA every line loses two, so on this reading the ruling is also the double-dummy "
            "result. The choice rests on the published figure, not on the cards: check it "
            "against the page's symbols before relying on it. South is known to be void in "
            "spades ('if a trump is out, North has it')."
        ),
        summary=(
            "East plays dummy's CQ and says there is nothing more to play for, without "
            "mentioning North's S6. The director held, under the trump law, that a declarer "
            "who believes he has the rest may cash his winners in any order, and gave the "
            "defence two of the last five; the appeal committee, having found that East had "
            "forgotten the trump, agreed (careless but normal), and the federation's "
            "committee endorsed it: North ruffs the third club and East's diamonds are left "
            "to lose."
        ),
        deal="N:6..QT.93 J..9862. .8.KJ74. ...AJ76",
        trump="S",
        leader="W",
        trick=("CQ",),
        claimer="E",
        claimed=5,
        statement=None,
        awarded=3,
        voids=("S:S",),
        tags=("published", "70C", "C4c"),
    ),
    Case(
        id="pula-bam-6nt-withdrawn-claim-clubs-3-3",
        source=(
            "BBO Forums, 'Calamitous Claim' (P. Lamford, opening post; a genuine appeal from the "
            "Pula International Tournament, BAM teams, 6NT by South, lead DJ; the director's "
            f"ruling, with East-West appealing to a committee of J. Jansma, J. Vage and M. "
            f"Schuller), {_BBO_PULA} (the forumstest.bridgebase.com copy carries the deal as a "
            "hand-viewer string). Published deal and play: the DJ won in dummy, the SA and SK "
            "(West's SQ falling, then a diamond discarded), and a third spade won by East's SJ "
            "(West discarding a club); East is on lead with nine tricks left. The spots are not "
            "given: South is read as keeping the S9 (had he kept a lower spade East could cash "
            "one and the director's 6NT= would be impossible), East as keeping S8-5, West as "
            "discarding the D2 and the C3; no other spot changes a trick. The first trick is "
            "read as the poster gives it (dummy's DK winning, South playing the D3); on the "
            "director's record (South's DA winning, dummy's D4 falling) the engine gives 6, so "
            "the case is a known gap either way. The committee's decision is not in the stored "
            "copy, so the figure is the director's."
        ),
        summary=(
            "South spreads his hand while East is thinking and withdraws the claim at once, "
            "having taken the CJ for the CK. Asked later how he would make twelve, he said "
            "West's club discard leaves clubs 3-3, which he would find out in due course. The "
            "director ruled the claim good, all nine, 6NT made; East-West appealed that no line "
            "had been stated and that West had been squeezed on the third spade without South "
            "knowing it. (No statement was made at the claim.)"
        ),
        deal="N:.AT82.Q74.Q5 85.9653..K76 9.K7.A5.AJT2 .QJ4.T96.984",
        trump="NT",
        leader="E",
        trick=(),
        claimer="S",
        claimed=9,
        statement=None,
        awarded=9,
        voids=("W:S",),
        tags=("published", "upheld", "td-only", "70E1", "C6"),
    ),
]
