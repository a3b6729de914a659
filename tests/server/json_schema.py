"""A validator for the subset of JSON Schema 2020-12 that
:mod:`bridgetable.server.schemas` uses (no third-party validator is installed): an unknown
keyword is an error, never passed over."""

from __future__ import annotations

import re
from typing import Any

__all__ = ["valid"]

_ANNOTATIONS = frozenset({"$schema", "title", "description"})
_TYPES: dict[str, Any] = {
    "object": dict,
    "array": list,
    "string": str,
    "boolean": bool,
    "null": type(None),
}


def _is_type(value: Any, name: str) -> bool:
    if name == "integer":
        return isinstance(value, int) and not isinstance(value, bool)
    if name == "number":
        return isinstance(value, int | float) and not isinstance(value, bool)
    return isinstance(value, _TYPES[name])


def valid(value: Any, schema: dict[str, Any]) -> bool:
    """Whether ``value`` validates against ``schema``: the subset of JSON Schema 2020-12
    that :mod:`bridgetable.server.schemas` uses (an unknown keyword is an error, never
    passed over)."""
    for key, rule in schema.items():
        if key in _ANNOTATIONS or key == "then":
            continue
        if key == "type":
            names = rule if isinstance(rule, list) else [rule]
            if not any(_is_type(value, n) for n in names):
                return False
        elif key == "const":
            if value != rule or type(value) is not type(rule):
                return False
        elif key == "enum":
            if value not in rule:
                return False
        elif key == "minimum":
            if _is_type(value, "number") and value < rule:
                return False
        elif key == "maxLength":
            if isinstance(value, str) and len(value) > rule:
                return False
        elif key == "pattern":
            if isinstance(value, str) and re.search(rule, value) is None:
                return False
        elif key == "maxItems":
            if isinstance(value, list) and len(value) > rule:
                return False
        elif key == "required":
            if isinstance(value, dict) and not all(k in value for k in rule):
                return False
        elif key == "properties":
            if isinstance(value, dict) and not all(
                valid(value[k], s) for k, s in rule.items() if k in value
            ):
                return False
        elif key == "items":
            if isinstance(value, list) and not all(valid(v, rule) for v in value):
                return False
        elif key == "oneOf":
            if sum(valid(value, s) for s in rule) != 1:
                return False
        elif key == "allOf":
            if not all(valid(value, s) for s in rule):
                return False
        elif key == "if":
            if valid(value, rule) and not valid(value, schema.get("then", {})):
                return False
        else:
            raise AssertionError(f"the test's validator does not know {key!r}")
    return True
