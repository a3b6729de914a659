"""The stamp of a compiled build (scripts/build-native): a hash of every file of the package's
sources, of the build script (which lists the modules it compiles), of the mypy (mypyc)
version and of the Python that runs it (its extension modules' suffix). ``python scripts/native_stamp.py`` prints it."""

from __future__ import annotations

import hashlib
import sysconfig
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def stamp() -> str:
    """The hash the compiled build in build/native must carry to be current."""
    import mypy.version

    suffix = sysconfig.get_config_var("EXT_SUFFIX") or ""
    h = hashlib.sha256(f"{mypy.version.__version__}\0{suffix}".encode())
    h.update((ROOT / "scripts" / "build-native").read_bytes())
    src = ROOT / "src"
    for p in sorted((src / "bridgetable").rglob("*")):
        if p.is_file() and "__pycache__" not in p.parts:
            h.update(str(p.relative_to(src)).encode() + b"\0" + p.read_bytes())
    return h.hexdigest()


if __name__ == "__main__":
    print(stamp())
