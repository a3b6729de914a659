"""The class of player (Law 70's footnote) of each event the corpus's claims come from.

Law 70 counts careless or inferior play as normal "for the class of player involved"
(footnote to Laws 68-71), so a Director ruling on a claim at a national final or an
international qualifier rules for experts, and at an online club tournament for club
players. The corpus records carry the event they come from (PBN ``Event``, LIN ``vg``
header); this table gives each source file of ``tests/data/corpus`` that holds claims the
class of its players, from that event (``tests/data/corpus/SOURCES.md`` has the files'
origins). A file not listed is ruled for the default class, ``club``.

    >>> class_of("vugraph_gp_poland__74801.lin"), class_of("20784113.lin")
    ('expert', 'club')
"""

from __future__ import annotations

#: file name -> (class, the event as the file names it (a gloss in brackets), why that class)
EVENTS: dict[str, tuple[str, str, str]] = {
    "endplay__example2_realbridge2021.pbn": (
        "expert",
        "2021 Online Qual: Open R2 (RealBridge, 2021-08-23), IMPs",
        "an international open qualifier: the players carry their federations' "
        "international (EBL/WBF) numbers",
    ),
    "vugraph_gp_poland__74800.lin": (
        "expert",
        "GP of Poland, A. Zurek memorial (BBO vugraph)",
        "an international invitational teams on vugraph",
    ),
    "vugraph_gp_poland__74801.lin": (
        "expert",
        "Romanian Superleague, final (BBO vugraph)",
        "a national first division final on vugraph",
    ),
    "vugraph_gp_poland__74803.lin": (
        "expert",
        "2022 Swedish Open Teams, final round (BBO vugraph)",
        "a national championship's final on vugraph",
    ),
    "vugraph_gp_poland__74805.lin": (
        "expert",
        "Marit Sveaas T1, segment 5 (BBO vugraph, 2022-05-29)",
        "an invitational pairs event of international players (Helgemo, Bertheau among "
        "them) on vugraph",
    ),
    "bridgebots__usbf_sf_14502_vugraph.lin": (
        "expert",
        "2010 USBF SF A (the US open team trials, semi-final, Nickell v Fleisher, BBO vugraph)",
        "the US open trials",
    ),
    "bridgebots__shared_deals_spingold.pbn": (
        "expert",
        "Spingold (ACBL NABC)",
        "a North American championship knockout",
    ),
    "bridgebots__sample_bfc.pbn": (
        "expert",
        "Cavendish Pairs, Cap Gemini World Top Pairs 2001, Bermuda Bowl 2015",
        "invitational events of world-class pairs",
    ),
    "endplay__example1_eytc1998.pbn": (
        "expert",
        "16th European Youth Team Championships (1998)",
        "national youth teams at a European championship",
    ),
}


def class_of(file_name: str) -> str:
    """The class of player for the claims of the corpus file ``file_name`` (``club`` when
    the file is not listed in :data:`EVENTS`)."""
    entry = EVENTS.get(file_name)
    return entry[0] if entry is not None else "club"
