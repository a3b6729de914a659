"""Double-dummy questions behind a port (:mod:`bridgetable.solver.port`).

* :mod:`~bridgetable.solver.dds` -- the DDS adapter (through endplay, imported lazily): DD
  tables, :class:`~bridgetable.solver.dds.DDSSolver`;
* :mod:`~bridgetable.solver.reference` -- exhaustive pure-Python references for small
  endings, used as test oracles;
* :mod:`~bridgetable.solver.search` -- the cooperative ("min-min") searches DDS cannot do:
  :func:`~bridgetable.solver.search.min_tricks` under a play policy and
  :func:`~bridgetable.solver.search.floor`.

The solver imports :mod:`bridgetable.core`; the core never imports the solver.
"""
