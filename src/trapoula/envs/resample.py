"""Drawing a state a player cannot tell from the real one (OpenSpiel's IS-MCTS), Bourloto.

What the player knows is read from his views along the deal (every card he has seen: his
hands, the upcards, the tricks, the declarations, and the cards the announcements place:
the seven of trumps after ``exchange``/``keep``, the other Bourlot card).  The other cards
are dealt again at random over the places that hold them now (each other hand, the stock),
each seat avoiding the suits (and trumps) its plays have shown it lacks.  The new pack is
dealt through the chance nodes and the same actions replayed; the draw is kept only when the
engine accepts every action and the player's information-state string is unchanged.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from trapoula.cards import Card
from trapoula.cards.card import Rank

__all__ = ["ATTEMPTS", "resample"]

ATTEMPTS = 500
# trump ranks, low to high (RULES §1.1): 7 8 Q K 10 A 9 J
_TRUMP_ORDER = {r: k for k, r in enumerate((7, 8, 12, 13, 10, 14, 9, 11))}


@dataclass
class _Knowledge:
    unseen: list[int]  # card indices whose place the player does not know
    groups: dict[str, list[int]]  # place ("P2", ..., "stock") -> pack positions of them
    voids: dict[str, set[int]]  # seat -> cards it cannot hold


def history_actions(state: Any) -> Sequence[int]:
    """The player actions of a state's history (after the chance nodes of the deal)."""
    ad = state.adapter
    skip = len(ad.pack()) + len(ad.digit_radices())
    return list(state.history())[skip:]


def resample(ostate: Any, player: int, rng: random.Random) -> Any:
    """A resampled copy of the OpenSpiel state ``ostate`` for ``player`` (see the module)."""
    deal = ostate._deal
    if deal is None or ostate.is_terminal():
        return ostate.clone()
    if deal.adapter.game.name != "bourloto":
        raise NotImplementedError(
            "resample_from_infostate is implemented for Bourloto; for other games give "
            "IS-MCTS a resampler with bot.set_resampler(...)"
        )
    seat = f"P{player + 1}"
    know = deal._seen.get(seat)
    if know is None:
        know = deal._seen[seat] = _knowledge(deal, seat)
    target = ostate.information_state_string(player)
    actions = history_actions(ostate)
    game = ostate.get_game()
    for _ in range(ATTEMPTS):
        cards = _draw(deal.cards, know, rng)
        if cards is None:
            continue
        new = _replay(game, cards, deal.digits, actions)
        if new is not None and new.information_state_string(player) == target:
            return new
    raise RuntimeError(f"no consistent deal found for {seat} in {ATTEMPTS} draws")


def _knowledge(deal: Any, seat: str) -> _Knowledge:
    ad = deal.adapter
    state = ad.deal(deal.cards, deal.digits)
    seen: set[int] = set()

    def look(st: Any) -> None:
        v = st.view(seat)
        seen.update(c.index for c in v.hand)
        if v.upcard is not None:
            seen.add(v.upcard.index)
        seen.update(c.index for _, c in v.trick)
        if v.tricks:
            seen.update(c.index for _, c in v.tricks[-1].plays)
        for d in (*v.declarations, *v.my_declarations):
            seen.update(c.index for c in d.cards)

    look(state)
    for ev in deal.state.history:
        state = state.apply(ev.action)
        look(state)
        trump = state.trump
        if trump is None:
            continue
        kind, words = ev.action.kind, ev.action.words
        if kind == "exchange":
            seen.add(13 * int(trump) + 5)  # a swapped seven of trumps: its place is public
        if "bourlot" in words:
            card = ev.action.cards[0]
            other = Rank.QUEEN if card.rank == Rank.KING else Rank.KING
            seen.add(Card.of(other, trump).index)
    final = deal.state
    holders = {s: {c.index for c in final.hand(s)} for s in ad.seats if s != seat}
    groups: dict[str, list[int]] = {}
    unseen = []
    for pos, c in enumerate(deal.cards):
        if c in seen:
            continue
        unseen.append(c)
        place = next((s for s, h in holders.items() if c in h), "stock")
        groups.setdefault(place, []).append(pos)
    return _Knowledge(unseen, groups, _voids(final.view(seat), ad.game.options))


def _voids(view: Any, opts: Any) -> dict[str, set[int]]:
    """Cards each seat cannot hold, from the suits (and trumps) its plays show it lacks."""
    out: dict[str, set[int]] = {}
    if view.trump is None:
        return out
    trump = int(view.trump)
    trumps = {13 * trump + r - 2 for r in range(7, 15)}
    tricks = [tv.plays for tv in view.tricks] + ([view.trick] if view.trick else [])
    infer_trumps = not opts.partner_exception

    def suit(s: int) -> set[int]:
        return {13 * s + r - 2 for r in range(7, 15)}

    def above(card: Card) -> set[int]:
        k = _TRUMP_ORDER[int(card.rank)]  # type: ignore[arg-type]
        return {c for c in trumps if _TRUMP_ORDER[c % 13 + 2] > k}

    ovr = bool(opts.overtrump_required)

    def rank(c: Card) -> int:
        return _TRUMP_ORDER[int(c.rank)]  # type: ignore[arg-type]

    for plays in tricks:
        led = plays[0][1]
        led_trump = led.suit == trump
        top = led if led_trump else None
        for s, card in plays[1:]:
            f = out.setdefault(s, set())
            is_trump = card.suit == trump
            if card.suit != led.suit:
                f |= suit(int(led.suit))
                if infer_trumps and not led_trump:
                    if not is_trump:
                        f |= trumps  # void in the led suit and did not trump
                    elif ovr and top is not None and rank(card) < rank(top):
                        f |= above(top)  # ruffed low: holds no trump that overtrumps
            elif led_trump and ovr and infer_trumps and top is not None \
                    and rank(card) < rank(top):
                f |= above(top)  # did not overtrump on a trump lead
            if is_trump and (top is None or rank(card) > rank(top)):
                top = card
    return out


def _draw(cards: tuple[int, ...], know: _Knowledge, rng: random.Random) -> list[int] | None:
    pool = list(know.unseen)
    rng.shuffle(pool)
    out = list(cards)
    voids = know.voids
    order = sorted(know.groups, key=lambda p: (p == "stock", -len(voids.get(p, ()))))
    for place in order:
        positions = know.groups[place]
        forbid = voids.get(place, set())
        take: list[int] = []
        rest: list[int] = []
        for c in pool:
            if len(take) < len(positions) and c not in forbid:
                take.append(c)
            else:
                rest.append(c)
        if len(take) < len(positions):
            return None
        for pos, c in zip(positions, take, strict=True):
            out[pos] = c
        pool = rest
    return out


def _replay(game: Any, cards: list[int], digits: Sequence[int], actions: Sequence[int]) -> Any:
    s = game.new_initial_state()
    for c in cards:
        s.apply_action(c)
    for d in digits:
        s.apply_action(d)
    for a in actions:
        if a not in s.legal_actions():
            return None
        s.apply_action(a)
    return s
