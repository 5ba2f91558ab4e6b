"""The words a page shows for given values of the vars its branches depend on: enough of a
renderer to read a page's first paint (the built page's initial state) and its live text
without a browser (issue 28, item 6).

`painted_texts(component, known)` walks the component tree. A `rx.cond` or `rx.match` whose
condition reads a var named in `known` takes the branch those values choose; any other one
is walked on every branch (it could paint either). The condition forms understood are the ones
Reflex writes for a var or a field of it (as is, truthy or a non-empty list), `==` against a
literal, `is_none()` and `is_not_none()`; a condition on a known var in any other form fails
the walk (`strict`), so a new form is seen, not guessed, or else is walked on every branch.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Mapping
from typing import Any

import reflex as rx
from reflex_components_core.base.bare import Bare
from reflex_components_core.core.cond import Cond
from reflex_components_core.core.match import Match

_REF = r"(?P<ref>[A-Za-z0-9_]+\.[A-Za-z0-9_]+)(?P<fields>(?:\?\.\[\"[A-Za-z0-9_]+\"\])*)"
_VALUE_OF = r"\?\.valueOf\?\.\(\)"
_FORMS = {
    "value": re.compile(rf"^{_REF}$"),
    "equals": re.compile(rf'^\({_REF}{_VALUE_OF} === (?P<lit>"[^"]*"){_VALUE_OF}\)$'),
    "is_none": re.compile(rf"^!\(isNotNullOrUndefined\({_REF}\)\)$"),
    "is_not_none": re.compile(rf"^isNotNullOrUndefined\({_REF}\)$"),
    "truthy": re.compile(rf"^isTrue\({_REF}\)$"),
    "not_empty": re.compile(rf"^\({_REF}\.length > 0\)$"),
}
_UNKNOWN = object()


def known_values(values: Mapping[rx.Var, Any]) -> dict[str, Any]:
    """{the JavaScript name of a state var: its value} from {state var: value}."""
    return {str(var): value for var, value in values.items()}


def _read(match: re.Match[str], known: Mapping[str, Any]) -> Any:
    value = known[match["ref"]]
    for field in re.findall(r'\["([A-Za-z0-9_]+)"\]', match["fields"] or ""):
        value = None if value is None else getattr(value, field, None)
    return value


def evaluate(condition: str, known: Mapping[str, Any], strict: bool = True) -> Any:
    """The condition's value for the `known` vars, or _UNKNOWN when it reads none of them (or,
    unless `strict`, reads them in a form not understood)."""
    if not any(name in condition for name in known):
        return _UNKNOWN
    bare = condition.removeprefix("isTrue(").removesuffix(")") if "isTrue(" in condition else ""
    for whole in (condition, bare):
        if whole in known:  # a var as is (any name, e.g. a foreach row's field)
            return known[whole]
    for form, pattern in _FORMS.items():
        found = pattern.match(condition)
        if found is None or found["ref"] not in known:
            continue
        value = _read(found, known)
        if form == "equals":
            return value == json.loads(found["lit"])
        if form == "is_none":
            return value is None
        if form == "is_not_none":
            return value is not None
        if form in ("truthy", "not_empty"):
            return bool(value)
        return value
    if not strict:
        return _UNKNOWN
    raise AssertionError(f"a condition on a held var in a form the walk does not read: {condition}")


def _branches(component: Any, known: Mapping[str, Any], strict: bool) -> list[Any]:
    """The children of `component` that may paint for the `known` values."""
    if isinstance(component, Cond):
        value = evaluate(str(component.cond), known, strict)
        if value is _UNKNOWN:
            return list(component.children)
        return [component.children[0] if value else component.children[1]]
    if isinstance(component, Match):
        value = evaluate(str(component.cond), known, strict)
        cases = [(conds, child) for conds, child in component.match_cases]
        if value is _UNKNOWN:
            return [child for _, child in cases] + [component.default]
        for conds, child in cases:
            if any(getattr(c, "_var_value", _UNKNOWN) == value for c in conds):
                return [child]
        return [component.default]
    return list(getattr(component, "children", []))


def _texts(component: Any, known: Mapping[str, Any], strict: bool) -> Iterator[str]:
    if isinstance(component, Bare):
        value = getattr(component.contents, "_var_value", None)
        if isinstance(value, str) and value.strip():
            yield value
        return
    for child in _branches(component, known, strict):
        yield from _texts(child, known, strict)


def painted_texts(
    component: rx.Component, known: Mapping[rx.Var, Any], strict: bool = True
) -> set[str]:
    """Every literal text `component` may paint when the vars in `known` hold those values."""
    return set(_texts(component, known_values(known), strict))
