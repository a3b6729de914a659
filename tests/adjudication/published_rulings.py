"""Claim rulings given at real tables and published with the whole deal (see each ``source``).

Unlike some of the positions in ``worked_examples.py``, none of these was built to
illustrate a rule: each deal is transcribed as published and the position at the claim is
worked out from the deal and the play the source records, so every remaining card is the
source's. ``awarded`` is the final published ruling (an appeal committee's where there was
one; the summary gives the table director's ruling where it differed). The cases follow the
format of ``worked_examples.py`` (see its "How to read a case") and the test rules them
together with ``CASES`` (``test_worked_examples.py``). They are tagged ``"published"``, and
``"upheld"`` where the claimer got every trick he claimed.
"""

from __future__ import annotations

from adjudication.worked_examples import Case

_BW_TRIAL = "https://bridgewinners.com/article/view/how-would-you-rule-2-ffrns7m8xv/"
_BW_4NT = "http://bridgewinners.com/article/view/faulty-claim-ruling/"

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
]
