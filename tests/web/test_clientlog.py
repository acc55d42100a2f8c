"""Issue #30 item 7: a client's expected mistakes are one short, rate-limited log line."""

from __future__ import annotations

import logging

import pytest

from trapoula.web.clientlog import ClientFaults, QuietClientErrors, client_fault


def test_s7_one_line_per_kind_and_client_per_interval_then_a_count_of_the_rest(
        caplog: pytest.LogCaptureFixture) -> None:
    now = [0.0]
    faults = ClientFaults(interval=60, per_kind=3, clock=lambda: now[0])
    caplog.set_level(logging.WARNING, logger="trapoula.web.clients")
    for i in range(1000):  # one client, then many (rotating addresses)
        client_fault("cut_short", "192.0.2.1", "a request body was cut short", faults)
        client_fault("cut_short", f"198.51.100.{i % 250}", "a request body was cut short",
                     faults)
    assert len(caplog.records) == 3  # the kind's share of the interval
    now[0] = 61.0
    client_fault("cut_short", "192.0.2.1", "a request body was cut short", faults)
    assert len(caplog.records) == 4
    said = [int(m.rsplit("(", 1)[1].split()[0]) for m in (r.getMessage() for r in
                                                          caplog.records) if "suppressed" in m]
    assert sum(said) == 2000 - 3  # every event held back is counted in a later line
    assert all(len(r.getMessage()) < 120 for r in caplog.records)


def test_s7_uvicorn_tracebacks_of_client_faults_become_one_short_line(
        caplog: pytest.LogCaptureFixture) -> None:
    logger = logging.getLogger("test.uvicorn.error")
    quiet = QuietClientErrors(ClientFaults(interval=60, per_kind=10))
    logger.addFilter(quiet)
    caplog.set_level(logging.INFO)
    try:
        for _ in range(50):
            try:
                b"\xff".decode()
            except UnicodeDecodeError as exc:
                logger.error("Exception in ASGI application\n", exc_info=exc)
            logger.warning("Invalid HTTP request received.")
        logger.error("a real failure", exc_info=ValueError("ours"))
    finally:
        logger.removeFilter(quiet)
    messages = [r.getMessage() for r in caplog.records]
    assert len(messages) == 3, messages
    assert sum("UnicodeDecodeError" in m for m in messages) == 1
    assert sum("parser refused" in m for m in messages) == 1
    assert any(r.exc_info for r in caplog.records if r.getMessage() == "a real failure")


@pytest.mark.anyio
async def test_s7_what_was_held_back_is_counted_at_the_end_of_the_interval(
        caplog: pytest.LogCaptureFixture) -> None:
    import asyncio

    from trapoula.web.clientlog import report_held

    faults = ClientFaults(interval=0.05, per_kind=1)
    caplog.set_level(logging.WARNING, logger="trapoula.web.clients")
    for i in range(500):
        client_fault("bad_frame", f"192.0.2.{i % 9}", "an invalid WebSocket frame", faults)
    task = asyncio.ensure_future(report_held(faults))
    await asyncio.sleep(0.12)
    task.cancel()
    messages = [r.getMessage() for r in caplog.records]
    assert messages[1:] == ["clients: 499 more bad_frame suppressed in the last 0.05 s"], messages
