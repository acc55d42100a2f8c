"""Per-game knowledge the shared playout harness needs: which cards exist where, which cards
are public, and what must add up at the end.  A game without hooks still gets every generic
check (a legal action until the end, immutability, replay)."""

from __future__ import annotations

from typing import Any, Protocol

from trapoula.cards import Card, cards_of


class Hooks(Protocol):
    def check_cards(self, state: Any) -> None: ...
    def hidden_from(self, state: Any, seat: str) -> set[Card]: ...
    def check_result(self, state: Any) -> None: ...


class BourlotoHooks:
    def check_cards(self, state: Any) -> None:
        hands = state.hands
        seen = 0
        total = 0
        for h in hands:
            assert seen & h == 0, "a card is in two hands"
            seen |= h
            total += h.bit_count()
        assert seen & state.played == 0
        seen |= state.played
        bid = state.bid
        for c in (*bid.stock, *([bid.upcard] if bid.stock else [])):
            assert not seen >> c & 1
            seen |= 1 << c
        if state.phase in ("agree", "bid1", "bid2", "exchange"):
            assert seen.bit_count() == 32 and total == 20
        elif state.phase != "over" or not state.thrown_in:
            assert total + state.played.bit_count() == 32
            counts = [h.bit_count() for h in hands]
            assert max(counts) - min(counts) <= 1

    def hidden_from(self, state: Any, seat: str) -> set[Card]:
        me = int(seat[1:]) - 1
        hidden: set[Card] = set()
        for i, h in enumerate(state.hands):
            if i != me:
                hidden |= set(cards_of(h))
        for c in state.bid.stock:
            hidden.add(Card.from_index(c))
        # public: the upcard (and the seven given for it), cards shown in declarations
        if state.bid.upcard >= 0:
            hidden.discard(Card.from_index(state.bid.upcard))
        if state.bid.exchanged >= 0 and state.trump is not None:
            hidden.discard(Card.from_index(13 * int(state.trump) + 5))
        for d in state.declaration_views():
            hidden -= set(d.cards)
        return hidden

    def check_result(self, state: Any) -> None:
        res = state.result
        assert res is not None
        if res.get("thrown_in"):
            return
        t = state.tally
        assert t[0] + t[1] == 162, "trick points must sum to 162"
        assert t[4] + t[5] == 8
        assert all(h == 0 for h in state.hands)
        scores = res["scores"]
        assert scores["A"] >= 0 and scores["B"] >= 0


HOOKS: dict[str, Hooks] = {"bourloto": BourlotoHooks()}


def cards_in(obj: Any, _depth: int = 0) -> set[Card]:
    """Every Card reachable from a view (dataclasses, tuples, lists, dicts, actions)."""
    found: set[Card] = set()
    if _depth > 8 or obj is None:
        return found
    if isinstance(obj, Card):
        return {obj}
    if isinstance(obj, str):
        cards = getattr(obj, "cards", ())  # an Action
        return set(cards) if isinstance(cards, tuple) else found
    if isinstance(obj, dict):
        for k, v in obj.items():
            found |= cards_in(k, _depth + 1) | cards_in(v, _depth + 1)
        return found
    if isinstance(obj, (list, tuple, set, frozenset)):
        for v in obj:
            found |= cards_in(v, _depth + 1)
        return found
    if hasattr(obj, "__dataclass_fields__"):
        for name in obj.__dataclass_fields__:
            found |= cards_in(getattr(obj, name), _depth + 1)
    elif hasattr(obj, "__dict__"):
        for v in vars(obj).values():
            found |= cards_in(v, _depth + 1)
    return found
