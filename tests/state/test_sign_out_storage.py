"""Sign-out forgets everything the app keeps in the browser (issue 27, item 7; T-ORA-1,
P-PRICE-4): the next founder on that browser finds no Oracle idea (`startupOracleData`) and no
subscribed hint (`isSubscribed`) of the last one.

The names live in one list, `AuthState`'s module's `BROWSER_STORAGE_KEYS`; the sources are
scanned for every write to browser storage so a key added later without the list fails here.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
import reflex as rx
from reflex.istate.storage import ClientStorageBase
from reflex_base.event import Event

from startup_toolkit.domain.oracle import STORAGE_KEY as ORACLE_KEY
from startup_toolkit.state.auth import (
    BROWSER_STORAGE_KEYS,
    SUBSCRIBED_FLAG_KEY,
    AuthState,
    clear_browser_storage_script,
)
from tests.support.tool_states import substate

ROOT = Path(__file__).resolve().parents[2]
SOURCES = (ROOT / "startup_toolkit", ROOT / "assets")
SOURCE_SUFFIXES = {".py", ".js", ".jsx", ".mjs", ".ts", ".tsx"}

# localStorage.setItem('k', ...) / sessionStorage["k"] = ... (any quote; a key that is no
# literal is caught too, to be written as one so this test can check it).
_SET_ITEM = re.compile(
    r"""(?:local|session)Storage\s*(?:\.\s*setItem\s*\(|\[)\s*(?P<key>['"`][^'"`]*['"`]|[^\s,)\]]+)"""
)
_PROPERTY_WRITE = re.compile(
    r"(?:local|session)Storage\s*\.\s*(?!setItem|getItem|removeItem|clear|key|length)\w+\s*=(?!=)"
)
_COOKIE_WRITE = re.compile(r"document\s*\.\s*cookie\s*=(?!=)\s*(?P<value>[^\n]*)")
_REFLEX_STORAGE = re.compile(r"\brx\s*\.\s*(?:LocalStorage|SessionStorage|Cookie)\s*\(")


def _source_files() -> Iterator[Path]:
    for base in SOURCES:
        for path in sorted(base.rglob("*")):
            if path.suffix in SOURCE_SUFFIXES and path.is_file():
                yield path


def _literal(text: str) -> str | None:
    text = text.strip()
    if len(text) >= 2 and text[0] == text[-1] and text[0] in "'\"`":
        return text[1:-1]
    return None


def _written_in_sources() -> tuple[set[str], list[str], int]:
    """(literal keys written by scripts, writes whose key is no literal, Reflex storage vars)."""
    keys: set[str] = set()
    unreadable: list[str] = []
    reflex_vars = 0
    for path in _source_files():
        text = path.read_text(encoding="utf-8", errors="replace")
        where = path.relative_to(ROOT)
        for match in _SET_ITEM.finditer(text):
            key = _literal(match["key"])
            if key is None:
                unreadable.append(f"{where}: {match.group(0)}")
            else:
                keys.add(key)
        unreadable += [f"{where}: {m.group(0)}" for m in _PROPERTY_WRITE.finditer(text)]
        for match in _COOKIE_WRITE.finditer(text):
            if "Max-Age=0" in match["value"]:
                continue  # a deletion (the sign-out script's own)
            name = re.match(r"""\s*['"`]([^=;'"`]+)=""", match["value"])
            if name is None:
                unreadable.append(f"{where}: {match.group(0)}")
            else:
                keys.add(name[1])
        reflex_vars += len(_REFLEX_STORAGE.findall(text))
    return keys, unreadable, reflex_vars


def _state_classes() -> Iterator[type[rx.State]]:
    import startup_toolkit.startup_toolkit  # noqa: F401  (every page's state, as the app has)

    todo: list[type[rx.State]] = [rx.State]
    while todo:
        cls = todo.pop()
        yield cls
        todo.extend(cls.get_substates())


def _reflex_storage_names() -> dict[str, str | None]:
    """{state.var: the browser name} of every rx.LocalStorage/SessionStorage/Cookie var."""
    names: dict[str, str | None] = {}
    for cls in _state_classes():
        for var, field in cls.get_fields().items():
            if isinstance(field.default, ClientStorageBase):
                names[f"{cls.get_full_name()}.{var}"] = field.default.name
    return names


def test_every_key_the_app_writes_in_the_browser_is_in_the_sign_out_list() -> None:
    """issue 27, item 7: scripts' writes (setItem, cookies) and Reflex's storage vars all name
    a key of `BROWSER_STORAGE_KEYS`, and the list holds nothing the app no longer writes."""
    keys, unreadable, reflex_vars = _written_in_sources()
    assert not unreadable, f"write these keys as literals and list them: {unreadable}"
    storage_vars = _reflex_storage_names()
    assert len(storage_vars) >= reflex_vars > 0  # the scan sees what the app declares
    unnamed = [var for var, name in storage_vars.items() if not name]
    assert not unnamed, f"give these browser-storage vars a name and list it: {unnamed}"
    written = keys | {name for name in storage_vars.values() if name}
    assert {SUBSCRIBED_FLAG_KEY, ORACLE_KEY} <= written  # the scan finds the known writers
    assert written - set(BROWSER_STORAGE_KEYS) == set(), "add these to BROWSER_STORAGE_KEYS"
    assert set(BROWSER_STORAGE_KEYS) - written == set(), "no longer written: drop from the list"


def test_the_scan_catches_a_write_it_cannot_check(tmp_path: Path) -> None:
    """The patterns catch every form of write (so the test above cannot pass by missing one)."""
    samples = {
        "localStorage.setItem('a', 1)": "a",
        'window.sessionStorage.setItem( "b", x)': "b",
        "localStorage['c'] = 1": "c",
        "document.cookie = 'd=1; path=/'": "d",
    }
    for sample, key in samples.items():
        match = _SET_ITEM.search(sample)
        found = _literal(match["key"]) if match else None
        if found is None:
            cookie = _COOKIE_WRITE.search(sample)
            assert cookie is not None
            found = re.match(r"""\s*['"`]([^=;'"`]+)=""", cookie["value"])[1]  # type: ignore[index]
        assert found == key, sample
    assert _literal(_SET_ITEM.search("localStorage.setItem(name, 1)")["key"]) is None  # type: ignore[index]
    assert _PROPERTY_WRITE.search("localStorage.token = 'x'")
    assert not _PROPERTY_WRITE.search("localStorage.getItem('x') === y")


def _sign_out_script() -> str:
    spec = asyncio.run(substate(AuthState, "/dashboard", "").sign_out())
    (event,) = Event.from_event_type(spec)  # type: ignore[arg-type]
    return str(event.payload["javascript_code"])


@pytest.mark.usefixtures("engine")
def test_the_sign_out_event_removes_every_listed_key() -> None:
    """issue 27, item 7 (T-ORA-1, P-PRICE-4): the script sign-out sends removes the Oracle's
    saved idea and the subscribed hint, and every other listed key, from localStorage,
    sessionStorage and script-visible cookies, clears sessionStorage, and only then leaves
    for the home page."""
    script = _sign_out_script()
    assert clear_browser_storage_script() in script
    assert ORACLE_KEY in script and SUBSCRIBED_FLAG_KEY in script
    for key in BROWSER_STORAGE_KEYS:
        assert f'"{key}"' in script
    for call in ("localStorage.removeItem(k)", "sessionStorage.removeItem(k)", "Max-Age=0"):
        assert call in script
    assert script.index("sessionStorage.clear()") < script.index("window.location.assign('/')")
    assert script.index("/api/auth/signout") < script.index("localStorage.removeItem(k)")


def test_one_refused_store_does_not_keep_the_others() -> None:
    """Each store is cleared in its own try, so a browser that refuses one still forgets the
    rest (issue 27, item 7)."""
    script = clear_browser_storage_script(("x",))
    assert script.count("try {") == 3
    assert '["x"]' in script
