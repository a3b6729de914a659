"""bridgetable: contract bridge's play period exactly as the Laws describe it.

The Laws engine lives in :mod:`bridgetable.core` (no I/O); formats, solver, robots and the
server are outer layers.
"""

__version__ = "0.1.0"
