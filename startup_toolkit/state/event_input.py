"""No client input reaches a handler, or the log, in a shape the app did not declare (issue 27,
item 3).

- `bound_socket_nesting(sio)`: the JSON decoder of Engine.IO and Socket.IO (the one Reflex
  hands its server) refuses text nested deeper than `MAX_DEPTH` before decoding it, so a frame
  ~1,000 levels deep no longer raises a RecursionError (one traceback per frame). An `event`
  frame that deep decodes to a stand-in event (`TOO_DEEP_EVENT`) that still reaches the tab's
  queue, where `ArgumentCheck` answers it; any other frame that deep is refused by the
  decoder and its log record becomes one line (`providers/malformed_events.py`).
- `ArgumentCheck`, an app middleware, runs before every event's handler: the event's payload
  must fit the handler's signature and type hints (`domain/event_input.misfit`, after Reflex's
  own form-data step), so `sign_in` with `{"form": ["x"]}` never runs the handler.

Either way the tab gets the malformed-event answer (`state/malformed_events.answer`) and the
log one line per kind and minute (`refuse`).
"""

from __future__ import annotations

import inspect
from dataclasses import dataclass
from types import SimpleNamespace
from typing import TYPE_CHECKING, Any

import reflex as rx
from reflex.event import Event
from reflex.middleware import Middleware
from reflex.state import StateUpdate
from reflex_base.registry import RegistrationContext
from reflex_base.utils.form import transform_form_data

from startup_toolkit.domain.event_input import MAX_DEPTH, bounded, misfit, too_deep
from startup_toolkit.providers import malformed_events
from startup_toolkit.state.malformed_events import refuse

if TYPE_CHECKING:
    from engineio.packet import Packet as EnginePacket
    from reflex.app import App
    from reflex.state import BaseState
    from reflex_base.event import EventHandler
    from socketio import AsyncServer

# Stand-in for an `event` frame nested too deep: the marker argument is answered by
# `ArgumentCheck` before any handler runs (without it the handler would refuse the argument).
TOO_DEEP_MARKER = "__nested_too_deep__"
TOO_DEEP_EVENT = {
    "name": f"{rx.State.get_full_name()}.set_is_hydrated",
    "payload": {TOO_DEEP_MARKER: True},
}
_EVENT_FRAME = '["event",'


def _bounded_socket_loads(loads: Any) -> Any:
    refusing = bounded(loads, MAX_DEPTH)

    def loads_event(data: str | bytes, **kwargs: Any) -> Any:
        if isinstance(data, str) and data.startswith(_EVENT_FRAME) and too_deep(data):
            return ["event", {**TOO_DEEP_EVENT, "payload": dict(TOO_DEEP_EVENT["payload"])}]
        return refusing(data, **kwargs)

    loads_event.bounded_by = MAX_DEPTH  # type: ignore[attr-defined]
    return loads_event


def _bound(packet_class: type[EnginePacket] | Any, wrap: Any) -> None:
    current = packet_class.json
    if getattr(current.loads, "bounded_by", None) is None:
        packet_class.json = SimpleNamespace(dumps=current.dumps, loads=wrap(current.loads))


def bound_socket_nesting(sio: AsyncServer | None) -> None:
    """Bound nesting in both decoders `sio` uses (Engine.IO's and Socket.IO's packets; each
    keeps its encoder and the decoder Reflex gave it)."""
    if sio is None:
        return
    import engineio.packet

    _bound(engineio.packet.Packet, lambda loads: bounded(loads, MAX_DEPTH))
    _bound(sio.packet_class, _bounded_socket_loads)


_Signature = tuple[dict[str, inspect.Parameter], dict[str, Any]]
_signatures: dict[str, _Signature] = {}


def _signature(name: str, handler: EventHandler) -> _Signature:
    """The handler's parameters but `self`, and their resolved type hints (once per name)."""
    known = _signatures.get(name)
    if known is not None:
        return known
    parameters = dict(inspect.signature(handler.fn).parameters)
    parameters.pop(next(iter(parameters), ""), None)
    try:
        hints = dict(handler._get_type_hints())
    except Exception:  # an unresolvable annotation: check the names only
        hints = {}
    _signatures[name] = parameters, hints
    return parameters, hints


def _as_reflex_passes_it(payload: dict[str, Any], hints: dict[str, Any]) -> dict[str, Any]:
    """Form data as Reflex builds it for the handler (the rest is checked as sent)."""
    return {
        name: transform_form_data(value, hints.get(name, Any)) for name, value in payload.items()
    }


def verdict(event: Event) -> malformed_events.Verdict | None:
    """Why `event` must not reach its handler (None: it may)."""
    payload = event.payload
    if isinstance(payload, dict) and TOO_DEEP_MARKER in payload:
        return malformed_events.Verdict(malformed_events.TOO_DEEP)
    registered = RegistrationContext.get().event_handlers.get(event.name)
    if registered is None:
        return None  # Reflex reports an unknown handler itself
    handler = registered.handler
    parameters, hints = _signature(event.name, handler)
    if isinstance(payload, dict):
        try:
            payload = _as_reflex_passes_it(payload, hints)
        except Exception:
            return malformed_events.Verdict(
                malformed_events.PAYLOAD_MISFIT, malformed_events.short_name(event.name)
            )
    if misfit(payload, parameters, hints) is None:
        return None
    return malformed_events.Verdict(
        malformed_events.PAYLOAD_MISFIT, malformed_events.short_name(event.name)
    )


@dataclass
class ArgumentCheck(Middleware):
    """Before every event: its arguments fit its handler, or the tab gets the malformed-event
    answer and the handler never runs."""

    async def preprocess(self, app: App, state: BaseState, event: Event) -> StateUpdate | None:
        found = verdict(event)
        if found is None:
            return None
        return StateUpdate(events=Event.from_event_type(refuse(found)))
