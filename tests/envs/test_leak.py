"""No observation leaks a hidden card (issue item 6).

Two worlds are dealt from the same pack except that two cards the observer has not seen
(in other hands or the stock) swap places.  The same moves are played in both while they
stay legal; at every position where the observer's own cards and the public facts are the
same in both worlds (and the swapped cards are still hidden from him), every observation of
every adapter (tensors, strings, masks; PettingZoo, Gymnasium, OpenSpiel) must be identical.
A deliberately leaky observer shows that the comparison catches a leak.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

import trapoula
from trapoula.envs import Play, make_adapter

from ..harness.hooks import cards_in
from .helpers import CONFIGS, config_id

pyspiel = pytest.importorskip("pyspiel")
pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

from trapoula.envs import openspiel as tos  # noqa: E402
from trapoula.envs.gymnasium import TrapoulaGymEnv  # noqa: E402
from trapoula.envs.pettingzoo import TrapoulaAECEnv  # noqa: E402

TRIALS = {"bourloto": 100, "bourre": 60, "burraco": 10}
MAX_POINTS = 50  # comparisons per trial

Observer = Callable[[Any, Play, Any, str], dict[str, Any]]


class Observers:
    """Every observation of ``seat`` that the adapters produce, for one position."""

    def __init__(self, name: str, preset: str, options: dict[str, Any]) -> None:
        self.pz = TrapoulaAECEnv(name, preset, **options)
        self.gym = {s: TrapoulaGymEnv(name, preset, seat=s, **options) for s in self.pz.seats}

    def __call__(self, ad: Any, play: Play, os_state: Any, seat: str) -> dict[str, Any]:
        view = play.state.view(seat)
        pending = play.pending if seat == play.seat else ()
        out: dict[str, Any] = {
            "adapter.observe": ad.observe(view, pending).tobytes(),
            "adapter.obs_string": ad.obs_string(view, pending),
            "adapter.info_state": ad.info_state(view, pending).tobytes(),
            "adapter.info_string": ad.info_string(view, pending),
        }
        self.pz._play = play
        agent = f"player_{int(seat[1:]) - 1}"
        self.pz.terminations = {agent: False}
        self.pz.truncations = {agent: False}
        obs = self.pz.observe(agent)
        out["pettingzoo.observation"] = obs["observation"].tobytes()
        out["pettingzoo.action_mask"] = obs["action_mask"].tobytes()
        self.gym[seat]._play = play
        gobs = self.gym[seat]._obs()
        out["gymnasium.observation"] = gobs["observation"].tobytes()
        out["gymnasium.action_mask"] = gobs["action_mask"].tobytes()
        p = int(seat[1:]) - 1
        out["openspiel.observation_tensor"] = tuple(os_state.observation_tensor(p))
        out["openspiel.observation_string"] = os_state.observation_string(p)
        out["openspiel.information_state_tensor"] = tuple(os_state.information_state_tensor(p))
        out["openspiel.information_state_string"] = os_state.information_state_string(p)
        return out


def _public(state: Any, seat: str) -> Any:
    """Public facts that hidden cards can change without an action naming them: Bourloto's
    upcard and the declarations shown."""
    if state.game.name == "bourloto":
        return (state.view(seat).upcard, tuple(state.declaration_views()))
    return None


def _same_move(a: Any, b: Any) -> bool:
    # a Bourré draw is public only as its number of cards (the discards lie face down)
    return str(a) == str(b) or (a.kind == b.kind == "draw" and len(a.cards) == len(b.cards))


def _os_state(game: Any, pack: list[int], digits: list[int]) -> Any:
    s = game.new_initial_state()
    for x in (*pack, *digits):
        s.apply_action(x)
    return s


def compare_worlds(name: str, preset: str, options: dict[str, Any], trial: int,
                   observe: Observer) -> tuple[int, list[str]]:
    """(positions compared, names of the observations that differed) for one trial."""
    ad = make_adapter(trapoula.make(name, preset, **options))
    game = tos.load(name, preset, **options)
    rng = random.Random(trial)
    pack = list(ad.pack())
    rng.shuffle(pack)
    digits = [rng.randrange(r) for r in ad.digit_radices()]
    moves: list[int] = []
    play = Play(ad, ad.deal(pack, digits))
    while not play.over:
        legal = play.legal_ints()
        moves.append(legal[int(rng.random() * len(legal))])
        play.step(moves[-1])
    seat = rng.choice(ad.seats)
    start = ad.deal(pack, digits)
    known = {c.index for c in start.hand(seat)} | {c.index for c in cards_in(start.view(seat))}
    hidden = [k for k, c in enumerate(pack) if c not in known]
    i, j = rng.sample(hidden, 2)
    while pack[i] == pack[j]:
        i, j = rng.sample(hidden, 2)
    pack2 = list(pack)
    pack2[i], pack2[j] = pack[j], pack[i]
    a, b = Play(ad, ad.deal(pack, digits)), Play(ad, ad.deal(pack2, digits))
    osa, osb = _os_state(game, pack, digits), _os_state(game, pack2, digits)
    compared, differ = 0, []
    for x in moves:
        if (not a.over and a.seat == b.seat and compared < MAX_POINTS
                and sorted(a.state.hand(seat)) == sorted(b.state.hand(seat))
                and _public(a.state, seat) == _public(b.state, seat)):
            oa, ob = observe(ad, a, osa, seat), observe(ad, b, osb, seat)
            differ += [k for k in oa if oa[k] != ob[k]]
            compared += 1
        if x not in b.table() or not _same_move(a.table()[x] or "", b.table()[x] or ""):
            break
        a.step(x)
        b.step(x)
        osa.apply_action(x)
        osb.apply_action(x)
    return compared, differ


@pytest.mark.parametrize("name, preset, options", CONFIGS, ids=config_id)
def test_no_observation_changes_when_only_hidden_cards_change(name: str, preset: str,
                                                              options: dict) -> None:
    observe = Observers(name, preset, options)
    total = 0
    for trial in range(TRIALS[name]):
        compared, differ = compare_worlds(name, preset, options, trial, observe)
        assert not differ, f"trial {trial}: {sorted(set(differ))} changed with hidden cards"
        total += compared
    assert total >= 3 * TRIALS[name], "too few positions were compared"


def test_the_comparison_catches_a_leak() -> None:
    """An observer that reads the next seat's hand (a leak) is caught."""

    def leaky(ad: Any, play: Play, os_state: Any, seat: str) -> dict[str, Any]:
        nxt = f"P{int(seat[1:]) % len(ad.seats) + 1}"
        view = play.state.view(seat)
        hand_of_next = play.state.view(nxt).hand  # not the observer's to see
        return {"leaky": ad.obs_string(view) + str(len([c for c in hand_of_next
                                                        if c.suit == hand_of_next[0].suit]))
                + str(hand_of_next)}

    caught = 0
    for trial in range(10):
        _, differ = compare_worlds("bourloto", "gr", {}, trial, leaky)
        caught += bool(differ)
    assert caught >= 3


def test_others_see_nothing_of_a_meld_being_chosen() -> None:
    """Burraco's sub-decisions are seen only by the seat making them."""
    game = tos.load("burraco")
    rng = random.Random(2)
    state = game.new_initial_state()
    checked = 0
    while not state.is_terminal() and checked < 30:
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(actions, probs)[0])
            continue
        me = state.current_player()
        before = {q: state.observation_string(q) for q in range(4) if q != me}
        tensors = {q: np.array(state.observation_tensor(q)) for q in before}
        legal = state.legal_actions()
        meld_starts = [x for x in legal if 55 <= x <= 91]
        state.apply_action(meld_starts[0] if meld_starts else rng.choice(legal))
        if meld_starts and state.current_player() == me:
            for q in before:
                assert state.observation_string(q) == before[q]
                assert np.array_equal(np.array(state.observation_tensor(q)), tensors[q])
            assert "pending: meld" in state.observation_string(me) or \
                "pending: add" in state.observation_string(me)
            checked += 1
    assert checked
