async def run_outbox_worker() -> None:
    return None
