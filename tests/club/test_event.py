"""A tournament run round by round: registration, pairing, results, standings, replay."""

from __future__ import annotations

import random

import pytest

from trapoula.club.event import Event, load_event
from trapoula.club.pairing import met
from trapoula.club.scales import fibur_vp
from trapoula.errors import ConfigError, IllegalActionError, RecordError

PAIRS = ["Rossi", "Bianchi", "Verdi", "Neri", "Gallo", "Greco", "Conti", "Costa"]


def _night(system: str, rounds: int, seed: int = 1) -> Event:
    rng = random.Random(seed)
    ev = Event("burraco", system=system, scoring="fibur3")
    for p in PAIRS:
        ev = ev.register(p)
    for _ in range(rounds):
        ev = ev.pair()
        assert ev.current is not None
        for a, b in ev.current.pairs:
            ev = ev.report(b, a, rng.randrange(0, 3000, 5), rng.randrange(0, 3000, 5))
    return ev


def test_a_swiss_club_night_of_eight_pairs_never_repeats_a_match() -> None:
    ev = _night("swiss", 4)
    games = [frozenset(p) for r in ev.rounds for p in r.pairs]
    assert len(games) == len(set(games)) == 16
    table = ev.standings()
    assert [s.rank for s in table] == sorted(s.rank for s in table)
    total = sum(s.vp for s in table)
    assert total == 16 * 20  # every match shares 20 victory points
    # each entrant's VP are the FIBUR scale of its differences
    rossi = sum(fibur_vp(r.points_a - r.points_b)[0] if r.a == "Rossi" else
                fibur_vp(r.points_a - r.points_b)[1]
                for r in ev.results() if "Rossi" in (r.a, r.b))
    assert next(s.vp for s in table if s.entrant == "Rossi") == rossi


def test_rounds_wait_for_every_result_and_registration_closes() -> None:
    ev = Event("bourloto", scoring="wdl")
    for p in PAIRS[:4]:
        ev = ev.register(p)
    with pytest.raises(IllegalActionError, match="already"):
        ev.register("Rossi")
    ev = ev.pair()
    with pytest.raises(IllegalActionError, match="closed"):
        ev.register("Late")
    with pytest.raises(IllegalActionError, match="not over"):
        ev.pair()
    with pytest.raises(IllegalActionError, match="no unreported match"):
        ev.report("Rossi", "Neri", 1000, 800)
    ev = ev.report("Rossi", "Bianchi", 1000, 800)
    with pytest.raises(IllegalActionError, match="no unreported match"):
        ev.report("Rossi", "Bianchi", 1000, 800)
    assert ev.missing() == [("Verdi", "Neri")]


def test_danish_round_two_pairs_the_leaders_even_again() -> None:
    ev = Event("burraco", system="danish")
    for p in PAIRS[:4]:
        ev = ev.register(p)
    ev = ev.pair().report("Rossi", "Bianchi", 2000, 0).report("Verdi", "Neri", 1000, 900)
    ev = ev.pair()
    assert ev.current is not None
    assert ev.current.pairs == (("Rossi", "Verdi"), ("Neri", "Bianchi"))


def test_a_round_robin_ends() -> None:
    ev = Event("burraco", system="round_robin", scoring="wdl")
    for p in PAIRS[:3]:
        ev = ev.register(p)
    for _ in range(3):
        ev = ev.pair()
        assert ev.current is not None
        for a, b in ev.current.pairs:
            ev = ev.report(a, b, 1, 0)
    assert len(met(p for r in ev.rounds for p in r.pairs)) == 3
    with pytest.raises(IllegalActionError, match="over"):
        ev.pair()


def test_the_event_log_replays_and_a_tampered_round_is_refused() -> None:
    ev = _night("swiss", 3)
    again = load_event(ev.to_json())
    assert again.standings() == ev.standings() and again.log == ev.log
    data = ev.to_dict()
    rounds = [e for e in data["events"] if e["type"] == "round"]
    rounds[1]["pairs"][0], rounds[1]["pairs"][1] = rounds[1]["pairs"][1], rounds[1]["pairs"][0]
    with pytest.raises(RecordError, match="differs"):
        load_event(data)
    with pytest.raises(RecordError):
        load_event('{"format": "trapoula-club-event", "game": "burraco"}')


def test_unknown_systems_and_scorings_are_refused() -> None:
    with pytest.raises(ConfigError):
        Event("burraco", system="knockout")
    with pytest.raises(ConfigError):
        Event("burraco", scoring="imps")
