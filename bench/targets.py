"""What each load row sends to each app: the state handlers, routes and reply predicates.

Unstuck's state names come from its classes (so a moved module still resolves); the
baseline's from its one module under bench/baseline/.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from bench.protocol import ROOT_STATE, Done, event, hydrate_event, hydrated, touches

BASELINE_STATE = f"{ROOT_STATE}.baseline___baseline____baseline_state"


@dataclass(frozen=True)
class Action:
    """One repeatable user action: the frame for the i-th send and its awaited reply."""

    route: str
    frame: Callable[[int], dict[str, Any]]
    done: Done


@dataclass(frozen=True)
class Targets:
    """The three load actions of one app, and whether its tabs sign in first."""

    cheap: Action
    load: Action
    toggle: Action
    signed_in: bool
    auth_state: str = ""
    hashes: list[str] = field(default_factory=list)  # the build's, sent as a page opens


def _hydrate(route: str, hashes: list[str]) -> Action:
    """Opening `route` as a browser does: the hydrate with the compiled state's hashes."""
    return Action(route, lambda _i: hydrate_event(route, hashes), hydrated)


def baseline(hashes: list[str]) -> Targets:
    """The blank app: bump a counter, hydrate `/`, flip a bool."""
    return Targets(
        cheap=Action("/", lambda _i: event(f"{BASELINE_STATE}.bump", "/"), touches(BASELINE_STATE)),
        load=_hydrate("/", hashes),
        toggle=Action(
            "/", lambda _i: event(f"{BASELINE_STATE}.toggle", "/"), touches(BASELINE_STATE)
        ),
        signed_in=False,
        hashes=hashes,
    )


def unstuck(hashes: list[str]) -> Targets:
    """Unstuck: type in the contact form (public, no database), load /dashboard signed in
    (hydrate + on_load), toggle a favourite tool on the dashboard."""
    from startup_toolkit.domain.catalog import ALL_TOOLS
    from startup_toolkit.pages.contact import ContactState
    from startup_toolkit.pages.dashboard.state import DashboardState
    from startup_toolkit.state.auth import AuthState

    contact = ContactState.get_full_name()
    dashboard = DashboardState.get_full_name()
    tool = ALL_TOOLS[0].path
    return Targets(
        cheap=Action(
            "/contact",
            lambda i: event(f"{contact}.set_name", "/contact", {"value": "ab"[i % 2]}),
            touches(contact),
        ),
        load=_hydrate("/dashboard", hashes),
        toggle=Action(
            "/dashboard",
            lambda _i: event(f"{dashboard}.toggle_favorite", "/dashboard", {"tool_path": tool}),
            touches(dashboard),
        ),
        signed_in=True,
        auth_state=AuthState.get_full_name(),
        hashes=hashes,
    )
