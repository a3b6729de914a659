"""Claim adjudication (Laws 70 and 71): rulings the way a Director makes them.

:func:`bridgetable.adjudication.ruling.adjudicate` rules on a claim from a position;
:class:`bridgetable.adjudication.normal.NormalPlay` is the claimer's normal play;
:mod:`bridgetable.adjudication.profiles` holds the jurisdiction options.
"""
