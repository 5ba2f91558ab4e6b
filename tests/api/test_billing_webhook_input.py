"""The Stripe webhook's answer to signed bodies it should not take (issue 27, item 8; P-AUTH-2):
a timestamp more than 5 minutes ahead, and bodies that verify but are no Stripe event (nested
thousands deep, not an object, missing fields, out-of-range numbers). Over real HTTP against
FakeStripeServer, as tests/api/test_billing_api.py.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import logging
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
import stripe
from sqlalchemy.engine import Engine

from startup_toolkit.domain.json_limits import nesting_within
from startup_toolkit.models.billing import StripeEvent, Subscription
from tests.api import test_billing_api as billing_api
from tests.api.test_billing_api import (
    SECRET,
    WEBHOOK,
    Founder,
    may_use_tools,
    next_whole_second,
    paid_subscription,
    rows,
    send,
)
from tests.support.stripe_server import FakeStripeServer

DEEP = 5_000

# The billing API tests' fixtures: the API served over HTTP, FakeStripeServer, a founder.
api_url = billing_api.api_url
fake = billing_api.fake
stripe_mode = billing_api.stripe_mode
ada = billing_api.ada


@pytest.fixture
def server_log(caplog: pytest.LogCaptureFixture) -> Iterator[pytest.LogCaptureFixture]:
    """Every record of the app and of uvicorn (which does not propagate to the root logger)."""
    caplog.set_level(logging.INFO)
    loggers = [logging.getLogger(name) for name in ("uvicorn", "uvicorn.error")]
    for logger in loggers:
        logger.addHandler(caplog.handler)
    yield caplog
    for logger in loggers:
        logger.removeHandler(caplog.handler)


def send_signed(http: httpx.Client, body: str | bytes, timestamp: int | None = None) -> Any:
    """POST `body` exactly as given, with a valid signature for it (computed as Stripe does,
    over the raw bytes, so a body that is not UTF-8 can be signed too)."""
    raw = body.encode() if isinstance(body, str) else body
    stamp = int(time.time()) if timestamp is None else timestamp
    mac = hmac.new(SECRET.encode(), f"{stamp}.".encode() + raw, hashlib.sha256).hexdigest()
    signature = f"t={stamp},v1={mac}"
    if isinstance(body, str):  # the SDK's own signer agrees
        assert signature == stripe.WebhookSignature.generate_signature_header(body, SECRET, stamp)
    return http.post(
        WEBHOOK,
        content=raw,
        headers={"Content-Type": "application/json", "Stripe-Signature": signature},
    )


def test_signatures_more_than_300_seconds_ahead_are_refused(
    stripe_mode: FakeStripeServer, engine: Engine, ada: Founder
) -> None:
    """issue 27, item 8 / P-AUTH-2: a timestamp 400 s (or 302 s) in the future is refused like a
    stale one; 200 s ahead (a clock a little off) is still accepted."""
    sub = paid_subscription(stripe_mode, ada)
    event = stripe_mode.event("customer.subscription.created", sub)

    for ahead in (400, 302):
        next_whole_second()
        early = send(ada.http, event, timestamp=int(time.time()) + ahead)
        assert early.status_code == 400, ahead
        assert early.json() == {"error": "Invalid signature."}
    assert rows(engine, StripeEvent) == [] and may_use_tools(ada.user_id) is False

    next_whole_second()
    near = send(ada.http, event, timestamp=int(time.time()) + 200)
    assert near.status_code == 200
    assert near.json()["result"] == "processed"
    assert may_use_tools(ada.user_id) is True


def _event(**fields: Any) -> str:
    base: dict[str, Any] = {
        "id": "evt_malformed_1",
        "type": "customer.subscription.created",
        "created": int(time.time()),
        "data": {"object": {"id": "sub_x"}},
    }
    return json.dumps({**base, **fields})


MALFORMED: dict[str, str | bytes] = {
    "arrays 5,000 deep": "[" * DEEP + "]" * DEEP,
    "objects 5,000 deep": '{"a":' * DEEP + "1" + "}" * DEEP,
    "an event with a field 5,000 deep": _event(extra=None).replace("null", "[" * DEEP + "]" * DEEP),
    "an array": "[]",
    "a string": '"evt_1"',
    "a number": "42",
    "null": "null",
    "not JSON": "{",
    "not UTF-8": b'{"id": "evt_\xff"}',
    "NaN": _event(created=0).replace('"created": 0', '"created": NaN'),
    "no id": _event(id=None),
    "an id of 300 characters": _event(id="evt_" + "x" * 296),
    "no type": _event(type=7),
    "no data": _event(data=None),
    "no data object": _event(data={"object": [1]}),
    "a creation time past 2038": _event(created=2**31),
    "a negative creation time": _event(created=-1),
    "a boolean creation time": _event(created=True),
}


@pytest.mark.parametrize("body", MALFORMED.values(), ids=MALFORMED.keys())
def test_a_signed_body_that_is_no_event_is_a_400_without_a_traceback(
    stripe_mode: FakeStripeServer,
    engine: Engine,
    ada: Founder,
    server_log: pytest.LogCaptureFixture,
    body: str | bytes,
) -> None:
    """issue 27, item 8: a correctly signed body that is nested 5,000 deep, not an object or
    not a Stripe event gets a 400 (it was a 500 with a RecursionError traceback), stores
    nothing and leaves no traceback in the log."""
    reply = send_signed(ada.http, body)

    assert reply.status_code == 400
    assert reply.json()["error"] in ("Malformed event.", "Invalid signature.")
    assert rows(engine, StripeEvent) == []
    assert not [r for r in server_log.records if r.exc_info], server_log.text
    assert "Traceback" not in server_log.text and "RecursionError" not in server_log.text


def test_odd_times_inside_a_signed_event_are_read_as_missing(
    stripe_mode: FakeStripeServer,
    engine: Engine,
    ada: Founder,
    server_log: pytest.LogCaptureFixture,
) -> None:
    """issue 27, item 8: a subscription whose period ends in the year 3 billion is applied
    without that date (no OverflowError, no 500, no traceback)."""
    sub = paid_subscription(stripe_mode, ada)
    far = {**sub, "current_period_end": 10**17, "start_date": 10**17}
    far["items"] = {"data": [{**sub["items"]["data"][0], "current_period_end": 10**17}]}

    reply = send(ada.http, stripe_mode.event("customer.subscription.created", far))

    assert reply.status_code == 200, reply.text
    (row,) = rows(engine, Subscription)
    assert row.current_period_end is None
    assert not [r for r in server_log.records if r.exc_info], server_log.text


def test_a_malformed_event_the_checks_miss_is_still_a_400(
    stripe_mode: FakeStripeServer,
    engine: Engine,
    ada: Founder,
    server_log: pytest.LogCaptureFixture,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """issue 27, item 8: should reading a signed event's fields raise (a case the shape checks
    do not foresee), the answer is a 400 and one log line without a traceback."""
    from startup_toolkit.services import billing

    def unreadable(*_args: object) -> None:
        raise TypeError("an odd field")

    monkeypatch.setattr(billing, "handle_event", unreadable)
    reply = send_signed(ada.http, _event())

    assert reply.status_code == 400 and reply.json() == {"error": "Malformed event."}
    lines = [r for r in server_log.records if "malformed" in r.getMessage()]
    assert len(lines) == 1 and lines[0].exc_info is None
    assert "TypeError" in lines[0].getMessage() and "an odd field" not in server_log.text


def test_nesting_is_measured_outside_strings() -> None:
    """The depth check counts brackets of arrays and objects, not those inside strings."""
    assert nesting_within('{"a": [[1]]}', 3)
    assert not nesting_within('{"a": [[1]]}', 2)
    assert nesting_within('{"a": "[[[[[[\\"[[[["}', 1)
    assert not nesting_within("[" * DEEP + "]" * DEEP, 64)
    assert nesting_within(json.dumps({"data": {"object": {"items": {"data": [{}]}}}}), 64)
