"""The one fenced fast copy of Bourloto's play rules (the numpy playouts,
trapoula.accel.bourloto_numpy) agrees with the engine's single readable definition
(games/bourloto/play.py, RULES §1.4) at every state of thousands of random deals: the legal
cards of every player to play, the winner of every trick, and (where numpy plays the options)
every deal's score."""

from __future__ import annotations

from typing import Any

import pytest

np = pytest.importorskip("numpy")

import trapoula  # noqa: E402
from trapoula.accel import bourloto_numpy as bn  # noqa: E402
from trapoula.core.rng import PlayoutRNG  # noqa: E402


def _compact_card(g: int) -> int:
    return g // 13 * 8 + g % 13 - 5


def _compact_mask(m: int) -> int:
    return sum((m >> (13 * s + 5) & 0xFF) << (8 * s) for s in range(4))


def _deals(game: Any, n: int, seed: int) -> tuple[dict[int, list[tuple[int, ...]]],
                                                   list[tuple[int, ...]], list[Any]]:
    """The contract's random deals (``public_playouts``) played on the engine; per trick
    length, every play state's (hand, cards so far..., trump, leader, legal cards); every
    trick's (four cards..., trump, leader, winner); and the results."""
    plays: dict[int, list[tuple[int, ...]]] = {0: [], 1: [], 2: [], 3: []}
    tricks: list[tuple[int, ...]] = []
    results = []
    for i in range(n):
        rng = PlayoutRNG(seed, i)
        s = game.new_deal(rng=rng)
        cards: list[int] = []
        while not s.is_over:
            legal = s.legal_actions()
            played = {a.cards[0].index for a in legal if a.kind == "play"}
            if s.phase == "play" and played:
                shows = s.declared[3]
                follow = shows.follow if (shows.follow_left == s._left
                                          and game.options.follow_declaration) else -1
                hand = s.hands[s.current_index]
                mask = sum(1 << c for c in played)
                plays[len(s.trick)].append(
                    (_compact_mask(hand), *map(_compact_card, s.trick), int(s._ctx.trump),
                     s.leader, _compact_mask(mask), _compact_mask(follow) if follow >= 0 else -1)
                )
            action = legal[int(rng.random() * len(legal))]
            leader = s.leader
            s = s.apply(action)
            if action.kind == "play":
                cards.append(action.cards[0].index)
                if len(cards) == 4:
                    tricks.append((*map(_compact_card, cards), int(s._ctx.trump), leader,
                                   s.leader))
                    cards = []
        results.append(s.result)
    return plays, tricks, results


@pytest.mark.parametrize("preset, n", [("ru", 3000), ("gr", 1500), ("pexevida", 1500)])
def test_numpy_legal_cards_trick_winners_and_scores_agree_with_the_engine(
    preset: str, n: int
) -> None:
    game = trapoula.make("bourloto", preset)
    plays, tricks, results = _deals(game, n, seed=5)
    o = game.options
    checked = 0
    for k, rows in plays.items():
        a = np.array(rows, np.int64)
        hand, cards, trump, leader = a[:, 0], [a[:, 1 + j] for j in range(k)], a[:, 1 + k], a[
            :, 2 + k]
        want, follow = a[:, 3 + k], a[:, 4 + k]
        got = bn.legal_masks(o, hand, cards, trump, leader)
        got = np.where(follow >= 0, got & follow, got)  # the card after one's own show
        bad = np.flatnonzero(got != want)
        assert not len(bad), f"{preset}, card {k + 1} of a trick: {rows[bad[0]]} -> {got[bad[0]]}"
        checked += len(rows)
    t = np.array(tricks, np.int64)
    winners = (t[:, 5] + bn.trick_winners([t[:, j] for j in range(4)], t[:, 4])) & 3
    assert winners.tolist() == t[:, 6].tolist()
    assert checked > 20 * n // 4 and len(tricks) > n // 2
    if bn.supports(o):
        assert bn.random_playouts(game, n, seed=5) == results
    else:  # (in_play declarations: numpy does not play pexevida's whole deals)
        assert preset == "pexevida"
