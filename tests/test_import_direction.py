"""The import direction of docs/architecture.md, read from the sources with ``ast``.

* ``core`` (the Laws engine) imports only itself and the standard library, and none of the
  standard modules that reach the outside world (files, sockets, processes, the clock);
* each outer layer imports only the layers inside it (:data:`ALLOWED`): ``solver``, then
  ``formats``, ``adjudication``, ``robots`` and ``server``; the entry-point modules
  (``bridgetable/cli.py``, ``selfplay.py``...) sit outside them all, and no layer imports
  them;
* no lazy sideways imports: an import inside a function of another layer than the module's
  own is refused too, even an inward one, so that every dependency between layers is
  declared at the top of a module (or injected); an import the reader cannot resolve
  (``importlib.import_module`` of a computed name) is refused;
* the DDS adapter ``solver/dds.py`` is imported only inside ``solver``: the rest asks the
  port (``solver/port.py``).

Every import counts: module level, inside functions and classes, under ``if TYPE_CHECKING``,
relative ones, and ``importlib.import_module`` / ``__import__`` calls. The checker runs on
any source tree, so the last tests give it one with violations of each kind to find.
"""

from __future__ import annotations

import ast
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[1] / "src" / "bridgetable"

#: The entry-point modules at the top of the package (``bridgetable/cli.py``...) form this
#: layer; ``bridgetable/__init__.py`` is ``ROOT``.
APP = "app"
ROOT = "bridgetable"

#: Each layer and the layers it may import, innermost first (docs/architecture.md).
ALLOWED: dict[str, frozenset[str]] = {
    "core": frozenset({"core"}),
    "solver": frozenset({"core", "solver"}),
    "formats": frozenset({"core", "solver", "formats"}),
    "adjudication": frozenset({"core", "solver", "formats", "adjudication"}),
    "robots": frozenset({"core", "solver", "adjudication", "robots"}),
    "server": frozenset({"core", "solver", "formats", "adjudication", "robots", "server"}),
    APP: frozenset({"core", "solver", "formats", "adjudication", "robots", "server", APP}),
    ROOT: frozenset(),
}

#: Standard-library modules the sans-I/O core never imports.
NO_IO = frozenset(
    {
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
)

#: The DDS adapter: only the solver package imports it.
DDS = "bridgetable.solver.dds"


@dataclass(frozen=True)
class Import:
    """One import in a module: the module imported (``None``: a name the reader cannot
    resolve), where, and whether it runs only when a function is called."""

    module: str | None
    line: int
    lazy: bool
    text: str


def module_name(root: Path, path: Path) -> str:
    """The dotted name of ``path`` under the package directory ``root``."""
    parts = [root.name, *path.relative_to(root).with_suffix("").parts]
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def layer_of(root: Path, module: str) -> str | None:
    """The layer of a module of the package at ``root`` (``None``: not of the package)."""
    parts = module.split(".")
    if parts[0] != root.name:
        return None
    if len(parts) == 1:
        return ROOT
    if parts[1] in ALLOWED or (root / parts[1]).is_dir():
        return parts[1]
    return APP


def imports(root: Path, path: Path) -> list[Import]:
    """Every import of the module at ``path`` (see the module docstring)."""
    name = module_name(root, path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out: list[Import] = []

    def resolve(node: ast.ImportFrom) -> str:
        if not node.level:
            return node.module or ""
        base = package.split(".")
        base = base[: len(base) - node.level + 1]
        return ".".join([*base, *([node.module] if node.module else [])])

    def visit(node: ast.AST, lazy: bool) -> None:
        for child in ast.iter_child_nodes(node):
            inner = lazy or isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda)
            text = ast.unparse(child).splitlines()[0] if isinstance(child, ast.stmt) else ""
            if isinstance(child, ast.Import):
                out.extend(Import(a.name, child.lineno, lazy, text) for a in child.names)
            elif isinstance(child, ast.ImportFrom):
                target = resolve(child)
                out.append(Import(target, child.lineno, lazy, text))
                # ``from bridgetable import formats``, ``from bridgetable.solver import dds``:
                # the names may be modules of their own
                if target.split(".")[0] == root.name:
                    folder = root.joinpath(*target.split(".")[1:])
                    for a in child.names:
                        sub = folder / a.name
                        if sub.is_dir() or sub.with_suffix(".py").is_file():
                            out.append(Import(f"{target}.{a.name}", child.lineno, lazy, text))
            elif isinstance(child, ast.Call) and _is_dynamic_import(child.func):
                arg = child.args[0] if child.args else None
                call = ast.unparse(child)
                if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                    out.append(Import(arg.value, child.lineno, lazy, call))
                elif not (isinstance(arg, ast.Attribute) and arg.attr == "__module__"):
                    # (``X.__module__`` names the module an object came from: already
                    # imported, no new dependency)
                    out.append(Import(None, child.lineno, lazy, call))
            visit(child, inner)

    visit(ast.parse(path.read_text(encoding="utf-8"), str(path)), False)
    return out


def _is_dynamic_import(func: ast.expr) -> bool:
    name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
    return name in ("import_module", "__import__")


def violations(root: Path) -> list[str]:
    """Every import of the package at ``root`` that breaks a rule, one line each."""
    out = []
    for path in sorted(root.rglob("*.py")):
        source = module_name(root, path)
        here = layer_of(root, source)
        assert here is not None
        rel = path.relative_to(root.parent)
        for imp in imports(root, path):
            where = f"{rel}:{imp.line}: {imp.text}"
            if imp.module is None:
                out.append(f"{where}: an import of a computed name (name the module)")
                continue
            top = imp.module.split(".")[0]
            there = layer_of(root, imp.module)
            if there is None:
                if here == "core" and top not in sys.stdlib_module_names:
                    out.append(f"{where}: core imports the standard library only")
                elif here == "core" and top in NO_IO:
                    out.append(f"{where}: core does no I/O")
                continue
            if there == ROOT:
                continue  # the package itself (``__version__``): every import runs it
            if there not in ALLOWED[here]:
                out.append(f"{where}: {here} imports {there} (outward or sideways)")
            elif imp.lazy and there != here:
                out.append(
                    f"{where}: a lazy import of {there} in {here} (import it at the top "
                    "of the module, or inject it)"
                )
            dds = imp.module == DDS or imp.module.startswith(DDS + ".")
            if dds and here != "solver":
                out.append(f"{where}: solver.dds outside the solver (use solver.port)")
    return list(dict.fromkeys(out))  # (``from a import b``: both name the statement)


# ----------------------------------------------------------------------------- the package


def test_every_package_is_a_layer() -> None:
    packages = {p.name for p in SRC.iterdir() if (p / "__init__.py").is_file()}
    assert packages <= set(ALLOWED), packages - set(ALLOWED)


def test_the_package_imports_inward_only() -> None:
    assert violations(SRC) == []


# ----------------------------------------------------------------------------- the checker


def _tree(tmp: Path, files: dict[str, str]) -> Path:
    root = tmp / "bridgetable"
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        for parent in path.relative_to(root).parents:
            (root / parent / "__init__.py").touch()
        path.write_text(text, encoding="utf-8")
    return root


CLEAN = {
    "__init__.py": '__version__ = "0"\n',
    "cli.py": "from bridgetable.server import app\nfrom bridgetable import __version__\n",
    "core/board.py": "import dataclasses\n\ndef f():\n    from bridgetable.core import views\n",
    "core/views.py": "from bridgetable.core import board\n",
    "solver/port.py": "from bridgetable.core.board import f\n\ndef g():\n"
    "    from bridgetable.solver import dds\n",
    "solver/dds.py": "from . import port\n",
    "server/app.py": "import starlette\nfrom bridgetable.solver.port import g\n"
    "from ..formats import pbn\nimport importlib\nimportlib.import_module('bridgetable.robots')\n"
    "def h(cls):\n    return __import__(cls.__module__)\n",
    "formats/pbn.py": "from bridgetable.core import board\n",
    "robots/player.py": "",
}


def test_a_clean_tree_passes(tmp_path: Path) -> None:
    assert violations(_tree(tmp_path, CLEAN)) == []


@pytest.mark.parametrize(
    ("name", "text", "found"),
    [
        # outward, at module level and in a function
        ("core/claims.py", "from bridgetable.server import hub\n", "core imports server"),
        ("core/claims.py", "def f():\n    import bridgetable.robots.player\n", "core imports"),
        # sideways (robots and formats are not each other's inner layers), relative too
        ("robots/x.py", "from bridgetable.formats import pbn\n", "robots imports formats"),
        ("formats/x.py", "from ..robots import player\n", "formats imports robots"),
        ("formats/x.py", "from .. import robots\n", "formats imports robots"),
        # under TYPE_CHECKING: a dependency all the same
        (
            "solver/x.py",
            "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
            "    from bridgetable.adjudication import ruling\n",
            "solver imports adjudication",
        ),
        # by importlib, with a name it can read, or one it cannot
        (
            "core/x.py",
            "import importlib\nimportlib.import_module('bridgetable.server.hub')\n",
            "core imports server",
        ),
        (
            "server/x.py",
            "from importlib import import_module\ndef f(n):\n"
            "    return import_module(f'bridgetable.formats.{n}')\n",
            "computed name",
        ),
        # an entry point is no one's inner layer
        ("server/x.py", "from bridgetable import cli\n", "server imports app"),
        # inward, but lazily, across layers
        ("server/x.py", "def f():\n    from bridgetable.core import board\n", "a lazy import"),
        # the DDS adapter outside the solver
        ("robots/x.py", "from bridgetable.solver.dds import DDSSolver\n", "solver.dds outside"),
        ("server/x.py", "from bridgetable.solver import dds\n", "solver.dds outside"),
        # the Laws engine: the standard library only, and no I/O
        ("core/x.py", "import endplay\n", "standard library only"),
        ("core/x.py", "def now():\n    import time\n", "no I/O"),
    ],
)
def test_the_checker_finds(tmp_path: Path, name: str, text: str, found: str) -> None:
    got = violations(_tree(tmp_path, {**CLEAN, name: text}))
    assert len(got) == 1 and found in got[0], got
