"""The Solutions Hub library on PostgreSQL: seeding with fixed ids moves the id sequence on,
and two workers seeding at once leave one library (P-HUB-1)."""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor

import pytest
from sqlalchemy.engine import Engine
from sqlmodel import Session, func, select

from startup_toolkit.domain.resources_library import SEED_RESOURCES
from startup_toolkit.models.resources import Resource
from startup_toolkit.services import resources as library

pytestmark = pytest.mark.postgres


def test_p_hub_1_a_resource_added_after_seeding_gets_a_fresh_id(pg_engine: Engine) -> None:
    with Session(pg_engine) as session:
        assert library.ensure_seeded(session) == len(SEED_RESOURCES)
        extra = Resource(title="Added later", type="Article", category="Growth")
        session.add(extra)
        session.commit()
        assert extra.id is not None
        assert extra.id > max(seed.id for seed in SEED_RESOURCES)


def test_p_hub_1_two_workers_seeding_at_once_leave_one_library(pg_engine: Engine) -> None:
    start = threading.Barrier(2)

    def seed() -> int:
        with Session(pg_engine) as session:
            start.wait(timeout=10)
            return library.ensure_seeded(session)

    with ThreadPoolExecutor(2) as pool:
        added = sorted(pool.map(lambda _: seed(), range(2)))
    assert added == [0, len(SEED_RESOURCES)]  # one worker seeds, the other finds it
    with Session(pg_engine) as session:
        total = session.exec(select(func.count()).select_from(Resource)).one()
    assert total == len(SEED_RESOURCES)
