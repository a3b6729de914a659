"""The layers import inward only, and the Laws engine does no I/O.

``core`` (the Laws engine) imports only the standard library and itself, and none of the
modules that reach the outside world (sockets, files, processes, the clock); each outer layer
imports only the layers inside it. Read from the sources with ``ast``, so a lazy import inside
a function counts too.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[1] / "src" / "bridgetable"

#: Each package and the packages of bridgetable it may import.
ALLOWED: dict[str, set[str]] = {
    "core": {"core"},
    "solver": {"core", "solver"},
    "formats": {"core", "solver", "formats"},
    "adjudication": {"core", "solver", "formats", "adjudication"},
    "robots": {"core", "solver", "adjudication", "robots"},
    "server": {"core", "solver", "formats", "adjudication", "robots", "server"},
}

#: Standard-library modules the sans-I/O core never imports.
NO_IO = {
    "asyncio",
    "io",
    "os",
    "pathlib",
    "shutil",
    "socket",
    "subprocess",
    "sys",
    "tempfile",
    "threading",
    "time",
    "urllib",
}


def _imports(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.extend(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            out.append(node.module)
    return out


@pytest.mark.parametrize("package", sorted(ALLOWED))
def test_package_imports_only_inner_layers(package: str) -> None:
    wrong = []
    for path in sorted((SRC / package).rglob("*.py")):
        for name in _imports(path):
            parts = name.split(".")
            if parts[0] == "bridgetable" and len(parts) > 1:
                inner = parts[1]
                if (SRC / inner).is_dir() and inner not in ALLOWED[package]:
                    wrong.append(f"{path.relative_to(SRC)} imports {name}")
    assert not wrong


def test_the_laws_engine_does_no_io() -> None:
    wrong = [
        f"{path.relative_to(SRC)} imports {name}"
        for path in sorted((SRC / "core").rglob("*.py"))
        for name in _imports(path)
        if name.split(".")[0] in NO_IO
    ]
    assert not wrong
