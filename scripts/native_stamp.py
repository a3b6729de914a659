"""The stamp of a compiled build (scripts/build-native): a hash of every file of the package's
sources and of the mypy (mypyc) version. ``python scripts/native_stamp.py`` prints it."""

from __future__ import annotations

import hashlib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def stamp() -> str:
    """The hash the compiled build in build/native must carry to be current."""
    import mypy.version

    h = hashlib.sha256(mypy.version.__version__.encode())
    src = ROOT / "src"
    for p in sorted((src / "bridgetable").rglob("*")):
        if p.is_file() and "__pycache__" not in p.parts:
            h.update(str(p.relative_to(src)).encode() + b"\0" + p.read_bytes())
    return h.hexdigest()


if __name__ == "__main__":
    print(stamp())
