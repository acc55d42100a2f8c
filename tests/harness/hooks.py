"""Per-game knowledge the shared playout harness needs: where every card is (conservation),
what must add up at the end, and the one leak check of a seat's view.

Which cards a seat cannot see is the game's own answer, ``hidden_cards(state, seat)`` (each
game's ``view`` module, found by :func:`trapoula.games.hidden_cards`); :func:`view_leaks`
checks a view, its events and its JSON against it.  Every registered game has hooks here: a
game without them fails the harness rather than pass it with nothing checked.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Any, Protocol

from trapoula.cards import Card
from trapoula.core.action import Action
from trapoula.games import hidden_cards
from trapoula.web.serialize import dumps

_TOKEN = re.compile(r"^(?:(?:10|[2-9JQKA])[SHDC]|JK)$")
_JSON_TOKEN = re.compile(r"(?<![0-9A-Za-z])(?:(?:10|[2-9JQKA])[shdc]|JK)(?![0-9A-Za-z])")


class Hooks(Protocol):
    copies: int  # copies of each card in the pack (Burraco: two packs)

    def check_cards(self, state: Any) -> None: ...
    def located(self, view: Any) -> Counter[Card]: ...
    def check_result(self, state: Any) -> None: ...


class BourlotoHooks:
    copies = 1

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

    def located(self, view: Any) -> Counter[Card]:
        return Counter((*view.hand, *view.played))

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


class BourreHooks:
    copies = 1

    def check_cards(self, state: Any) -> None:
        """The 52 cards are each in one place: a hand, the stock, the pool of discards and
        folded hands, the cards played, the turned-up trump card."""
        seen = 0
        places = [*state.hands, sum(1 << c for c in state.stock), state.pool, state.played,
                  1 << state.trump_card.index]
        for mask in places:
            assert seen & mask == 0, "a card is in two places"
            seen |= mask
        assert seen.bit_count() == 52, f"{52 - seen.bit_count()} cards are nowhere"
        assert len(state.stock) == len(set(state.stock))
        if state.phase == "play":
            held = [h.bit_count() for s, h in enumerate(state.hands) if state.active >> s & 1]
            assert max(held) - min(held) <= 1

    def located(self, view: Any) -> Counter[Card]:
        return Counter((*view.hand, *view.my_discards, *view.played))

    def check_result(self, state: Any) -> None:
        res = state.result
        assert res is not None
        paid, owed = sum(res["payouts"].values()), sum(res["bourre"].values())
        assert all(v > 0 for v in (*res["payouts"].values(), *res["bourre"].values()))
        remainder = res["carry"] - owed  # the undivided remainder carries (§2.4)
        assert 0 <= remainder and paid + remainder == state.pot, "the pot is paid out or carried"


class BurracoHooks:
    copies = 2  # two packs (and four jokers)

    def check_cards(self, state: Any) -> None:
        """The 108 cards: hands, stock, pozzetti, melds and the discard pile."""
        counts: Counter[int] = Counter()
        for s in range(state.players):
            counts.update(state.hand_indices(s))
            assert len(state.hand_indices(s)) == state.sizes[s]
        counts.update(state.stock[state.spos:])
        for packet in state.pozzetti:
            counts.update(packet)
        for team in state.melds:
            for m in team:
                counts.update(m.cards)
        counts.update(state.discard)
        for c, n in counts.items():
            assert n <= (4 if c == 52 else 2), f"{Card.from_index(c)} is there {n} times"
        if "setup" not in state._ctx.origin:
            assert sum(counts.values()) == 108, f"{108 - sum(counts.values())} cards are nowhere"

    def located(self, view: Any) -> Counter[Card]:
        out: Counter[Card] = Counter((*view.hand, *view.discard))
        for melds in view.melds.values():
            for m in melds:
                out.update(m.cards)
        return out

    def check_result(self, state: Any) -> None:
        res = state.result
        assert res is not None
        assert state.end_reason in ("closing", "stock", "stalemate", "blocked")


HOOKS: dict[str, Hooks] = {
    "bourloto": BourlotoHooks(), "bourre": BourreHooks(), "burraco": BurracoHooks(),
}


def cards_in(obj: Any, _depth: int = 0) -> set[Card]:
    """Every Card reachable from a view: dataclasses, tuples (events), dicts, actions, and
    card names inside text (``"P3 play KH"``)."""
    found: set[Card] = set()
    if _depth > 8 or obj is None:
        return found
    if isinstance(obj, Card):
        return {obj}
    if isinstance(obj, Action):
        return set(obj.cards)
    if isinstance(obj, str):
        return {Card.parse(w) for w in obj.split() if _TOKEN.match(w)}
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


def json_cards(text: str) -> set[Card]:
    """Every card named in a view's JSON text (suits in lower case there: ``"10h"``)."""
    return {Card.parse(m.group(0).upper()) for m in _JSON_TOKEN.finditer(text)}


def view_leaks(state: Any, seat: str | None, view: Any, hooks: Hooks) -> list[str]:
    """What ``view`` (of ``seat``; None for the public view) shows of the cards hidden from
    it: a hidden card named anywhere (fields, events, JSON), more copies of a card lying
    somewhere than the seat can see (two packs), or a hand that is not the seat's own."""
    hidden = hidden_cards(state, seat)
    problems: list[str] = []
    if hooks.copies == 1:
        shown = cards_in(view) | json_cards(dumps(view))
        problems += [f"{c} (hidden)" for c in sorted(shown & set(hidden), key=str)]
    else:
        for c in cards_in(view) | json_cards(dumps(view)):
            if hidden[c] >= (4 if c.is_joker else hooks.copies):
                problems.append(f"{c} (every copy hidden)")
        for c, n in hooks.located(view).items():
            total = 4 if c.is_joker else hooks.copies
            if n > total - hidden[c]:
                problems.append(f"{c} x{n} (visible {total - hidden[c]})")
    deal = getattr(state, "deal", state)
    own = sorted(map(str, deal.hand(seat))) if seat else []
    if sorted(map(str, view.hand)) != own:
        problems.append(f"hand {sorted(map(str, view.hand))} is not {seat}'s own {own}")
    return problems
