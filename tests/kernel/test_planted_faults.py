"""The harness fails on planted faults: each test plants one deliberate bug in a game's
kernel (or in the engine's fast path the kernel shares) and asserts that the harness
reports a difference, and where."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

import trapoula.games.bourloto.kernel as bourloto_kernel
import trapoula.games.bourloto.state as bourloto_state
import trapoula.games.bourre.kernel as bourre_kernel
import trapoula.games.burraco.kernel as burraco_kernel
import trapoula.games.burraco.turn as burraco_turn
from tests.kernel.harness import differences, make_game

SEEDS = range(3000, 3008)


def _found(case: tuple[str, str | None, dict[str, Any]], seeds: range = SEEDS) -> str:
    found = differences(make_game(*case), seeds)
    assert found, f"the harness missed the planted fault ({case})"
    return "\n".join(found)


def _drop_one(original: Callable[[Any], list[int]]) -> Callable[[Any], list[int]]:
    """legal_ids without its last id when it has three or more."""
    def faulty(self: Any) -> list[int]:
        ids = original(self)
        return ids[:-1] if len(ids) >= 3 else ids
    return faulty


# --- Bourloto -----------------------------------------------------------------------------------
def test_bourloto_a_dropped_legal_id_is_found(monkeypatch: pytest.MonkeyPatch) -> None:
    cls = bourloto_kernel.BourlotoKernel
    monkeypatch.setattr(cls, "legal_ids", _drop_one(cls.legal_ids))
    assert "legal ids" in _found(("bourloto", "gr", {}))


def test_bourloto_a_wrong_fast_legal_mask_is_found(monkeypatch: pytest.MonkeyPatch) -> None:
    """The engine's plain-card shortcut (state.py) with no duty to follow suit: its legal
    list is the kernel's, the phase rules (play.py) are the reference's."""
    monkeypatch.setattr(bourloto_state, "legal_mask", lambda hand, *_: hand)
    assert "legal ids" in _found(("bourloto", "ru", {}))


def test_bourloto_a_wrong_trick_leader_is_found(monkeypatch: pytest.MonkeyPatch) -> None:
    """The trick's seats from the seat to act, forgetting that an opponent answering a show
    (pexevida's in_play declarations) is not the next to play."""
    original = bourloto_kernel.BourlotoKernel.public_facts

    def faulty(self: Any) -> dict[str, object]:
        facts = original(self)
        s = self.state
        lead = (s._turn - len(s.trick)) & 3
        facts["trick"] = tuple(((lead + i) & 3, c) for i, c in enumerate(s.trick))
        return facts

    monkeypatch.setattr(bourloto_kernel.BourlotoKernel, "public_facts", faulty)
    assert "'trick'" in _found(("bourloto", "pexevida", {}), range(3000, 3030))


def test_bourloto_a_wrong_step_is_found(monkeypatch: pytest.MonkeyPatch) -> None:
    """The kernel plays the first legal card whatever card it is given."""
    original = bourloto_kernel.BourlotoKernel.step

    def faulty(self: Any, action_id: int) -> None:
        ids = self.legal_ids()
        original(self, ids[0] if action_id >= bourloto_kernel.PLAY0 else action_id)

    monkeypatch.setattr(bourloto_kernel.BourlotoKernel, "step", faulty)
    assert "hand of" in _found(("bourloto", "gr", {}))


# --- Bourré -------------------------------------------------------------------------------------
def test_bourre_a_dropped_legal_card_is_found(monkeypatch: pytest.MonkeyPatch) -> None:
    original = bourre_kernel.BourreKernel.legal_mask

    def faulty(self: Any) -> int:
        m: int = original(self)
        return m & ~(1 << (m.bit_length() - 1)) if m.bit_count() >= 2 else m

    monkeypatch.setattr(bourre_kernel.BourreKernel, "legal_mask", faulty)
    assert "legal ids" in _found(("bourre", None, {"players": 4}))


def test_bourre_a_wrong_trick_winner_is_found(monkeypatch: pytest.MonkeyPatch) -> None:
    """The kernel gives every trick to its leader."""
    original = bourre_kernel.BourreKernel._play

    def faulty(self: Any, card: int) -> None:
        leader = self._leader() if self.trick else self.turn
        done = self.done
        original(self, card)
        if self.done > done and self.wseat != leader:
            self.tricks[self.wseat] -= 1
            self.tricks[leader] += 1
            self.turn = leader

    monkeypatch.setattr(bourre_kernel.BourreKernel, "_play", faulty)
    assert _found(("bourre", None, {"players": 3}))


def test_bourre_a_wrong_public_fact_is_found(monkeypatch: pytest.MonkeyPatch) -> None:
    """The pot without the fees paid (the antes only)."""
    original = bourre_kernel.BourreKernel.public_facts

    def faulty(self: Any) -> dict[str, object]:
        facts = original(self)
        facts["pot"] = self.ctx.ante * self.ctx.n
        return facts

    monkeypatch.setattr(bourre_kernel.BourreKernel, "public_facts", faulty)
    assert "'pot'" in _found(("bourre", None, {"players": 5}))


# --- Burraco ------------------------------------------------------------------------------------
def test_burraco_a_dropped_legal_id_is_found(monkeypatch: pytest.MonkeyPatch) -> None:
    cls = burraco_kernel.BurracoKernel
    monkeypatch.setattr(cls, "legal_ids", _drop_one(cls.legal_ids))
    assert "legal ids" in _found(("burraco", None, {}), range(3000, 3002))


def test_burraco_a_missing_dead_end_check_is_found(monkeypatch: pytest.MonkeyPatch) -> None:
    """The engine's move generation (turn.py, shared by the kernel and the state) without
    the dead-end rule (§3.4.5) on melds and additions: the readable reference disagrees."""
    monkeypatch.setattr(burraco_turn, "ok_after", lambda *_: True)
    assert "legal ids" in _found(("burraco", None, {}), range(3000, 3001))


def test_burraco_a_wrong_step_is_found(monkeypatch: pytest.MonkeyPatch) -> None:
    """The kernel's discards never reach the pile."""
    original = burraco_kernel.BurracoKernel.step

    def faulty(self: Any, action_id: int) -> None:
        pile = self.table.discard
        original(self, action_id)
        if action_id // burraco_kernel._CARDS_SPAN >> 6 == 4 and self.table.discard:
            self.table.discard = pile

    monkeypatch.setattr(burraco_kernel.BurracoKernel, "step", faulty)
    assert _found(("burraco", None, {"players": 3}), range(3000, 3002))


def test_burraco_a_wrong_public_fact_is_found(monkeypatch: pytest.MonkeyPatch) -> None:
    """The stock counted with the pozzetti."""
    original = burraco_kernel.BurracoKernel.public_facts

    def faulty(self: Any) -> dict[str, object]:
        facts = original(self)
        facts["stock"] = self.table.stock_left + 11 * len(self.table.pozzetti)
        return facts

    monkeypatch.setattr(burraco_kernel.BurracoKernel, "public_facts", faulty)
    assert "'stock'" in _found(("burraco", None, {}), range(3000, 3001))
