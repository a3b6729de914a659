"""File formats: PBN 2.1 (:mod:`.pbn`), BBO's LIN (:mod:`.lin`) and bridgetable's JSON
(:mod:`.json`), each with ``load``, ``loads``, ``dump`` and ``dumps``.

Readers replay every board through the Laws engine and collect diagnostics (or raise
:class:`~bridgetable.formats.errors.FormatError` with ``strict=True``); writers take games of
any format or plain board records. See ``docs/formats.md``.

Example:
    >>> from bridgetable.formats import lin, pbn
    >>> md = "md|3SAKQJHAKQJDAKQJCA,S2345H2345D2345C2,S6789H6789D6789C3,|"
    >>> games = lin.loads(md + "sv|o|mb|p|mb|p|mb|p|mb|p|")
    >>> len(games), games.diagnostics
    (1, ())
    >>> '[Contract "Pass"]' in pbn.dumps(games)
    True
"""
