"""trapoula.vector against the adapters (issue 16, item 1): on random batches of every game,
preset and table size, every observation and mask equals the adapter's for the same
position, every finished deal's rewards equal the adapter's rewards of its replayed record,
and a seed gives the same batch (see trapoula.vector.check)."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

pytest.importorskip("numpy")

import trapoula.vector  # noqa: E402
from trapoula.errors import IllegalActionError  # noqa: E402
from trapoula.vector.check import check, configs  # noqa: E402

STEPS = {"bourloto": 160, "bourre": 120, "burraco": 50}


@pytest.mark.parametrize("name, preset, options", configs(),
                         ids=lambda c: str(c) if not isinstance(c, dict) else
                         ",".join(f"{k}={v}" for k, v in c.items()) or "-")
def test_batches_agree_with_the_adapter(name: str, preset: str, options: dict[str, Any]
                                        ) -> None:
    out = check(name, preset, num_envs=6, steps=STEPS[name], seed=3, **options)
    assert out["compared"] == 6 * STEPS[name]
    if name != "burraco":  # Burraco deals last hundreds of steps
        assert out["finished"] > 0


def test_sampled_positions_agree_after_many_batched_moves() -> None:
    """Deals asked for now and then: their engine states replay many batched moves."""
    for preset in ("gr", "ru"):
        out = check("bourloto", preset, num_envs=8, steps=200, seed=11, sample=0.1)
        assert 0 < out["compared"] < 8 * 200 and out["finished"] > 0


def test_the_reference_encoder_and_the_shared_layout_agree_too() -> None:
    check("bourloto", "gr", num_envs=4, steps=80, seed=1, fast=False)
    check("bourloto", "gr", num_envs=4, steps=120, seed=2, layout="shared")


def test_fast_and_reference_batches_are_identical() -> None:
    fast = trapoula.vector.make("bourloto", "ru", num_envs=5, seed=4)
    ref = trapoula.vector.make("bourloto", "ru", num_envs=5, seed=4, fast=False)
    a, b = fast.reset(), ref.reset()
    rng = np.random.default_rng(0)
    for _ in range(100):
        assert all(np.array_equal(x, y) for x, y in zip(a, b, strict=False))
        acts = (rng.random(a[1].shape) * a[1]).argmax(1)
        a, b = fast.step(acts), ref.step(acts)


@pytest.mark.parametrize("name, preset", [("bourloto", "gr"), ("bourre", "ru"),
                                          ("burraco", "seed")])
def test_an_illegal_action_raises_and_no_deal_moves(name: str, preset: str) -> None:
    env = trapoula.vector.make(name, preset, num_envs=3, seed=0)
    obs, mask, _ = env.reset()
    before = [env.state(i) for i in range(3)]
    acts = mask.argmax(1)
    acts[2] = int(np.flatnonzero(mask[2] == 0)[0])
    with pytest.raises(IllegalActionError, match="env 2"):
        env.step(acts)
    assert [env.state(i) for i in range(3)] == before
    obs, mask, to_act, _, _ = env.step(mask.argmax(1))  # and the batch goes on as before
    ad = env.adapter
    for i in range(3):
        st = env.state(i)
        assert np.array_equal(obs[i], ad.observe(st.view(ad.seats[to_act[i]]), env.pending(i)))


def test_records_replay_and_state_is_the_engine_state() -> None:
    env = trapoula.vector.make("bourre", num_envs=4, seed=9)
    _, mask, _ = env.reset()
    rng = np.random.default_rng(1)
    seen = 0
    while seen < 5:
        _, mask, _, rewards, done = env.step((rng.random(mask.shape) * mask).argmax(1))
        recs = env.records()
        assert sorted(recs) == np.flatnonzero(done).tolist()
        for i, rec in recs.items():
            assert trapoula.replay(rec).is_over
            assert env.finished(i) is not None and env.finished(i).record() == rec
            seen += 1
    assert env.state(0).game.name == "bourre" and not env.state(0).is_over


def test_the_incremental_encoder_alone_agrees() -> None:
    """The Bourloto encoder on the engine's path (used for options the batch does not
    play), compared cell for cell with the reference encoder on the same deals."""
    import trapoula.envs
    from trapoula.vector.bourloto import BourlotoEncoder
    from trapoula.vector.env import VectorEnv

    for preset in ("gr", "ru"):
        ad = trapoula.envs.adapter_for("bourloto", preset)
        inc = VectorEnv(ad, 5, seed=6, encoder=BourlotoEncoder(ad, 5))
        ref = VectorEnv(ad, 5, seed=6)
        a, b = inc.reset(), ref.reset()
        rng = np.random.default_rng(2)
        for _ in range(150):
            assert all(np.array_equal(x, y) for x, y in zip(a, b, strict=False))
            acts = (rng.random(a[1].shape) * a[1]).argmax(1)
            a, b = inc.step(acts), ref.step(acts)


def test_each_step_returns_new_arrays() -> None:
    env = trapoula.vector.make("bourloto", "gr", num_envs=4, seed=1)
    first = env.reset()
    kept = [a.copy() for a in first]
    out = env.step(first[1].argmax(1))
    assert all(np.array_equal(a, k) for a, k in zip(first, kept, strict=True))
    assert not any(np.shares_memory(a, b) for a, b in zip(first, out, strict=False))
    row = out[0][2]  # a view kept: its array is never reused for a later step
    want = row.copy()
    for _ in range(4):
        out = env.step(out[1].argmax(1))
        assert not np.shares_memory(row, out[0])
    assert np.array_equal(row, want)


def test_the_seven_exchange_in_the_batch_follows_the_engine() -> None:
    """RULES §1.2.2.7 in the numpy card play: the 7 of trumps' holder is offered 'exchange'
    exactly where the engine offers it, and a deal that swaps goes on as the engine's."""
    from trapoula.envs.base import Play

    env = trapoula.vector.make("bourloto", "gr", num_envs=8, seed=5)
    ad = env.adapter
    ex = ad.index("exchange")
    obs, mask, to_act = env.reset()
    rng = np.random.default_rng(3)
    swapped = 0
    for _ in range(120):
        batched = env.batched.copy()
        for i in range(env.num_envs):
            st = env.state(i)
            assert np.array_equal(mask[i], Play(ad, st, rows=False).mask())
            assert np.array_equal(obs[i], ad.observe(st.view(st.current_player)))
        acts = (rng.random(mask.shape) * mask).argmax(1)
        acts = np.where(mask[:, ex] == 1, ex, acts)  # always swap when offered
        swapped += int((batched & (acts == ex)).sum())
        obs, mask, to_act, _, _ = env.step(acts)
    assert swapped > 0


def test_bourre_decisions_in_the_batch_follow_the_engine() -> None:
    """RULES §2.2.5-§2.2.7 in the numpy decision round: at 7 players (small stock, the
    biggest draws) every decision is made in the batch, except the draws the stock cannot
    cover (the engine plays those: the pool becomes a new stock); masks, observations and
    the engine states stay the engine's."""
    from trapoula.envs.base import Play

    env = trapoula.vector.make("bourre", num_envs=8, seed=2, players=7)
    ad = env.adapter
    obs, mask, to_act = env.reset()
    rng = np.random.default_rng(1)
    decided = refills = 0
    for _ in range(150):
        deciding = env.batched & env.deciding
        refill_before = [env.state(i)._deal.refills for i in range(env.num_envs)]
        for i in range(env.num_envs):
            st = env.state(i)
            assert np.array_equal(mask[i], Play(ad, st, rows=False).mask())
            assert np.array_equal(obs[i], ad.observe(st.view(st.current_player)))
        acts = (rng.random(mask.shape) * mask).argmax(1)
        draw3 = 1 + 0b00111  # exchange the three lowest cards (when max_draw allows it)
        acts = np.where(deciding & (rng.random(8) < 0.5) & (mask[:, draw3] == 1), draw3, acts)
        decided += int(deciding.sum())
        obs, mask, to_act, _, done = env.step(acts)
        refills += sum(env.state(i)._deal.refills > r for i, r in enumerate(refill_before)
                       if not done[i])
    assert decided > 100 and refills > 0


def test_burraco_tables_played_in_place_replay_to_the_engine() -> None:
    """Burraco's batch plays the engine's tables in place: engine states asked for now and
    then replay many moves, finished deals' records replay to the same rewards, and a
    negative integer leaves a deal (its table, its pending meld) as it was."""
    out = check("burraco", "seed", num_envs=4, steps=320, seed=5, sample=0.1)
    assert 0 < out["compared"] < 4 * 320 and out["finished"] > 0
    env = trapoula.vector.make("burraco", "seed", num_envs=3, seed=1)
    obs, mask, to_act = env.reset()
    rng = np.random.default_rng(4)
    for _ in range(60):
        acts = (rng.random(mask.shape) * mask).argmax(1)
        acts[1] = -1 if rng.random() < 0.5 else acts[1]
        held = (env.pending(1), env.state(1), obs[1].copy())
        obs, mask, to_act, _, done = env.step(acts)
        if acts[1] < 0:
            assert (env.pending(1), env.state(1)) == held[:2]
            assert np.array_equal(obs[1], held[2]) and not done[1]


def test_burraco_batch_reads_facts_past_a_byte_as_integers() -> None:
    """A public fact that does not fit a signed byte (struct's packing fails) is read from
    the tables as integers instead, and the batch's observations still equal the
    adapter's, steps with melds being built (rows left as they are) included."""
    import struct

    env = trapoula.vector.make("burraco", "seed", num_envs=3, seed=2)

    def too_wide(*facts: int) -> bytes:
        raise struct.error("a fact past a byte")

    env.encoder.small._pack = too_wide
    ad = env.adapter
    obs, mask, to_act = env.reset()
    rng = np.random.default_rng(8)
    compared = building = 0
    for _ in range(150):
        acts = (rng.random(mask.shape) * mask).argmax(1)
        obs, mask, to_act, _, _ = env.step(acts)
        for i in range(3):
            play = env.play(i)
            want = ad.observe(play.state.view(ad.seats[int(to_act[i])]), play.pending)
            assert np.array_equal(obs[i], want), i
            compared += 1
            building += bool(play.pending)
    assert compared == 450 and building > 0


@pytest.mark.parametrize("preset, players, wide, strided", [
    ("seed", 4, False, False), ("seed", 2, False, False), ("seed", 3, False, False),
    ("fibur", 4, False, False), ("seed", 4, True, False), ("seed", 4, False, True)])
def test_burraco_encoder_rows_follow_any_states(preset: str, players: int, wide: bool,
                                                strided: bool) -> None:
    """The Burraco batch encoder (small public cells tabulated in numpy, the rest read from
    the state) over public states of random deals, seats asked in random order and deals
    seen at their end too: every row equals the adapter's tensor of the view.  ``wide``:
    the public facts read as integers, as when one does not fit in a signed byte.
    ``strided``: the rows written are every other row of a larger array (not contiguous:
    the others are left as they are)."""
    import random
    import struct

    from trapoula.envs import make_adapter
    from trapoula.envs.base import Play
    from trapoula.vector.burraco import BurracoEncoder

    ad = make_adapter(trapoula.make("burraco", preset, players=players))
    enc = BurracoEncoder(ad, 2)
    if wide:
        def too_wide(*facts: int) -> bytes:
            raise struct.error("a fact past a byte")

        enc.small._pack = too_wide
    rng = random.Random(players)
    plays = [Play(ad, ad.game.new_deal(seed=s)) for s in (11, 12)]
    for i, p in enumerate(plays):
        enc.start(i, p)
    whole = np.full((4 if strided else 2, ad.obs_layout.size), 7.0, np.float32)
    out = whole[::2] if strided else whole
    compared = ends = 0
    for _ in range(400):
        # any seat (the one building a meld while it is pending: its row shows it)
        seats = np.array([ad.seats.index(p.seat) if p.pending else rng.randrange(players)
                          for p in plays])
        enc.write(plays, seats, out)
        for i, p in enumerate(plays):
            seat = ad.seats[int(seats[i])]
            want = ad.observe(p.state.view(seat), p.pending)
            assert np.array_equal(out[i], want), (i, seat)
            compared += 1
        for i, p in enumerate(plays):
            if p.over:
                ends += 1
                plays[i] = Play(ad, ad.game.new_deal(seed=100 + ends))
                enc.start(i, plays[i])
            else:
                legal = p.legal_ints()
                p.step(legal[int(rng.random() * len(legal))])
    assert compared == 800 and ends > 0
    assert not strided or (whole[1::2] == 7.0).all()


@pytest.mark.parametrize("preset, players", [("seed", 4), ("seed", 2), ("seed", 3),
                                             ("fibur", 4)])
def test_burraco_fact_cells_are_the_adapters_public_cells(preset: str, players: int) -> None:
    """The batch's small public cells, fact by fact (vector/burraco.py fact_cell), are
    exactly the adapter's public_cells (the layout's writer), for random facts and every
    seat."""
    import random

    from trapoula.envs import make_adapter
    from trapoula.vector.burraco import fact_cell, fact_kinds

    ad: Any = make_adapter(trapoula.make("burraco", preset, players=players))
    rng = random.Random(players)
    for _ in range(500):
        facts = {"phase": rng.randrange(2), "to_act": rng.randrange(-1, players),
                 "dealer": rng.randrange(players),
                 "hand_counts": [rng.randrange(60) for _ in range(players)],
                 "discard_top": rng.randrange(-1, 53), "discard_size": rng.randrange(60),
                 "stock": rng.randrange(109), "pozzetti_left": rng.randrange(ad.teams + 1),
                 "pozzetto_taken": [rng.random() < 0.5 for _ in range(ad.teams)],
                 "picked": rng.randrange(-1, 53), "stock_ending": rng.random() < 0.3,
                 "stalemate": rng.randrange(8)}
        me = rng.randrange(players)
        on, vals = ad.public_cells(
            me, facts["phase"], facts["to_act"], facts["dealer"], facts["hand_counts"],
            facts["discard_top"], facts["discard_size"], facts["stock"],
            facts["pozzetti_left"], facts["pozzetto_taken"], facts["picked"],
            facts["stock_ending"], facts["stalemate"], None, "")
        want = {**dict.fromkeys(on, 1.0), **dict(vals)}
        got = {}
        for kind, j in fact_kinds(ad):
            value = facts[kind]
            c = fact_cell(ad, kind, j, me, value[j] if isinstance(value, list) else value)
            if c is not None:
                assert c[0] not in got  # (no two facts share a cell)
                got[c[0]] = c[1]
        assert got == want
