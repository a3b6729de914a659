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
