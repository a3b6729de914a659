"""The README's Python example runs as written and prints what it says."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

README = Path(__file__).resolve().parents[1] / "README.md"


def test_readme_quick_start_runs() -> None:
    text = README.read_text(encoding="utf-8")
    block = re.search(r"```python\n(.*?)```", text, re.S)
    assert block is not None
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(block.group(1), "README.md", "exec"), {})
    first = out.getvalue().splitlines()[0]
    assert first == (
        "request_review by South refused: presumed dummy may not ask for a review (Law 41B)"
    )


def test_readme_starts_with_the_two_commands() -> None:
    lines = README.read_text(encoding="utf-8").splitlines()
    assert lines[2] == "```bash"
    assert lines[3].startswith("bash scripts/run ")
    assert lines[4].startswith("bash scripts/test")


def _shell_commands() -> list[str]:
    """Every command of the README's ``bash`` blocks but the first block (the two commands
    at the top: the server, which the fresh-clone check runs, and this very suite)."""
    text = README.read_text(encoding="utf-8")
    blocks = re.findall(r"```bash\n(.*?)```", text, re.S)
    out = []
    for block in blocks[1:]:
        for raw in block.splitlines():
            line = raw.split("  #")[0].strip()
            if line and not line.startswith("#"):
                out.append(line)
    return out


def test_readme_top_block_is_only_the_two_commands() -> None:
    text = README.read_text(encoding="utf-8")
    first = re.findall(r"```bash\n(.*?)```", text, re.S)[0]
    assert [ln.split("#")[0].split()[:2] for ln in first.splitlines()] == [
        ["bash", "scripts/run"],
        ["bash", "scripts/test"],
    ]


def test_readme_shell_examples_run_as_written() -> None:
    """Each example runs from the repository's folder, in order, and exits 0 (the pure-Python
    sources, so the test needs no compiled build)."""
    import os
    import subprocess

    commands = _shell_commands()
    assert len(commands) >= 4
    root = README.parent
    env = {**os.environ, "BRIDGETABLE_NATIVE": "0"}
    env.pop("PYTHONPATH", None)
    for command in commands:
        assert command.startswith("bash scripts/run "), command
        done = subprocess.run(
            ["bash", "-c", command],
            cwd=root,
            env=env,
            capture_output=True,
            text=True,
            timeout=300,
            check=False,
        )
        assert done.returncode == 0, f"{command}\n{done.stdout}\n{done.stderr}"
        assert done.stdout.strip() or done.stderr.strip(), command
