"""The PBN lexer (PBN 2.1 sections 2 and 3.2): lines, escapes, comments, strings, words.

It turns the text into tokens, each with its line and columns, and reports what cannot be
a token. Semi-empty lines (spaces and tabs only) separate games, except inside a brace
comment; a ``%`` in the first column starts an escape line, except inside a brace comment.

Example:
    >>> toks, diags = lex('[Event "A \\\\"B\\\\""] ; c\\n\\n{x\\n\\ny} 1S =1=\\n')
    >>> [(t.kind, t.text) for t in toks]  # doctest: +NORMALIZE_WHITESPACE
    [('[', '['), ('word', 'Event'), ('str', 'A "B"'), (']', ']'), ('semi', '; c'),
     ('blank', ''), ('brace', '{x\\n\\ny}'), ('word', '1S'), ('word', '=1=')]
    >>> diags
    []
"""

from __future__ import annotations

import re
from typing import NamedTuple

from bridgetable.formats.errors import Diagnostic

#: PBN 2.3: a line holds at most 255 characters, the end-of-line indicator included.
MAX_LINE = 255

_LINE_SPLIT = re.compile(r"(\r\n|\r|\n)")
_WORD_STOP = frozenset(' \t\v\f[]{};"')
_BAD = re.compile(r"[\x00-\x08\x0e-\x1f\x7f-\x9f]")
_BLANK = re.compile(r"[ \t\v\f]*")


class Tok(NamedTuple):
    """A token: ``kind`` is ``[``, ``]``, ``str`` (``text`` unescaped), ``word``, ``brace``
    and ``semi`` (comments, ``text`` with their delimiters), ``escape`` (``text`` after
    the ``%``), ``blank`` (a semi-empty line) or ``bad`` (a stray character)."""

    kind: str
    text: str
    line: int
    col: int
    end: int


def split_lines(text: str) -> tuple[list[str], list[int]]:
    """The lines of ``text`` and the length of each line's end-of-line indicator."""
    parts = _LINE_SPLIT.split(text)
    lines = parts[0::2]
    eols = [len(p) for p in parts[1::2]] + [0]
    if lines and lines[-1] == "" and len(lines) > 1:
        lines.pop()
        eols.pop()
    return lines, eols


_TOKEN = re.compile(
    r"(?P<ws>[ \t\v\f]+)"
    r"|(?P<br>[\[\]])"
    r'|(?P<str>"(?:[^"\\]|\\.|\\$)*(?:"|$))'
    r"|(?P<brace>\{)"
    r"|(?P<semi>;.*)"
    r"|(?P<close>\})"
    r'|(?P<word>[^ \t\v\f\[\]{};"]+)'
)
_UNESCAPE = re.compile(r'\\(["\\])')


def lex(text: str) -> tuple[list[Tok], list[Diagnostic]]:
    """Tokens and lexical diagnostics of a PBN text (see the module docstring)."""
    lines, eols = split_lines(text)
    toks: list[Tok] = []
    diags: list[Diagnostic] = []
    add = toks.append

    def warn(line: int, message: str, severity: str = "warning") -> None:
        diags.append(Diagnostic(line, message, "error" if severity == "error" else "warning"))

    brace: tuple[int, int] | None = None  # (line, col) of an open brace comment
    parts: list[str] = []
    match = _TOKEN.match
    for ln, s in enumerate(lines, 1):
        n = len(s)
        if n + eols[ln - 1] > MAX_LINE:
            warn(ln, f"line of {n + eols[ln - 1]} characters; PBN allows {MAX_LINE} (2.3)")
        if brace is None:
            if s.startswith("%"):
                add(Tok("escape", s[1:], ln, 0, n))
                continue
            if _BLANK.fullmatch(s):
                add(Tok("blank", "", ln, 0, n))
                continue
        bad_line = _BAD.search(s) is not None
        bad_reported = False
        i = 0
        while i < n:
            if brace is not None:
                j = s.find("}", i)
                if j < 0:
                    parts.append(s[i:])
                    break
                parts.append(s[i : j + 1])
                body = "".join(parts)
                add(Tok("brace", body, brace[0], brace[1], j + 1))
                m = _BAD.search(body) if bad_line or len(parts) > 1 else None
                if m:
                    warn(brace[0], f"character {_show(m.group())} in a comment (2.2)")
                brace = None
                parts = []
                i = j + 1
                continue
            m = match(s, i)
            if m is None:  # pragma: no cover - every character starts some token
                i += 1
                continue
            kind = m.lastgroup
            j = m.end()
            if kind == "ws":
                pass
            elif kind == "word":
                word = m.group()
                add(Tok("word", word, ln, i, j))
                if bad_line and not bad_reported:
                    b = _BAD.search(word)
                    if b:
                        warn(ln, f"character {_show(b.group())} is not allowed (2.2)", "error")
                        bad_reported = True
            elif kind == "str":
                raw = m.group()
                closed = len(raw) > 1 and raw.endswith('"') and not _odd_escape(raw)
                body = raw[1:-1] if closed else raw[1:]
                value = _UNESCAPE.sub(r"\1", body) if "\\" in body else body
                add(Tok("str", value, ln, i, j))
                if not closed:
                    warn(ln, "a string is not closed by '\"' on its line (3.2)", "error")
                if "\t" in value:
                    warn(ln, "a tab inside a string (2.3)")
                if bad_line:
                    b = _BAD.search(value)
                    if b:
                        warn(ln, f"character {_show(b.group())} in a string (2.2)")
            elif kind == "br":
                add(Tok(s[i], s[i], ln, i, j))
            elif kind == "semi":
                add(Tok("semi", m.group(), ln, i, j))
                if bad_line:
                    b = _BAD.search(m.group())
                    if b:
                        warn(ln, f"character {_show(b.group())} in a comment (2.2)")
            elif kind == "brace":
                k = s.find("}", j)
                if k >= 0:
                    add(Tok("brace", s[i : k + 1], ln, i, k + 1))
                    if bad_line:
                        b = _BAD.search(s, i, k)
                        if b:
                            warn(ln, f"character {_show(b.group())} in a comment (2.2)")
                    j = k + 1
                else:
                    brace = (ln, i)
                    parts = [s[i:]]
                    break
            else:  # a '}' outside a comment
                add(Tok("bad", "}", ln, i, j))
            i = j
        if brace is not None:
            parts.append("\n")
    if brace is not None:
        text_ = "".join(parts).rstrip("\n")
        add(Tok("brace", text_ + "}", brace[0], brace[1], len(text_)))
        diags.append(Diagnostic(brace[0], "a '{' comment is never closed by '}' (3.8)"))
    return toks, diags


def _odd_escape(raw: str) -> bool:
    """Whether the final quote of ``raw`` is escaped (an odd run of backslashes before it)."""
    k = len(raw) - 2
    run = 0
    while k >= 1 and raw[k] == "\\":
        run += 1
        k -= 1
    return run % 2 == 1


def _show(ch: str) -> str:
    return f"U+{ord(ch):04X}"


__all__ = ["MAX_LINE", "Tok", "lex", "split_lines"]
