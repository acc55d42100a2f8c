"""RULES.md §1.2.2.7: a swap of the 7 of trumps is public; a decision not to swap is not.

Worlds are dealt from packs that differ only in where the 7 of trumps lies: it swaps places
with a card of another hand.  The same actions are played in both (the take, then cards
legal in both worlds that are neither of the two swapped cards, without the words that show
declarations; nobody swaps).  Every seat
that holds neither card must receive exactly the same: its view (hand, bids, history, legal
actions), the public view, the web's JSON of them and whose turn it is, the terminal's event
lines, and every RL adapter's observations (tensors and strings).
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import trapoula
from trapoula.cards import Card
from trapoula.core.seats import seat_name

GR = trapoula.make("bourloto", "gr")


def _deck(rng: random.Random) -> list[str]:
    cards = [str(c) for c in trapoula.cards.deck_32()]
    rng.shuffle(cards)
    return cards


def _worlds(rng: random.Random, dealer: str) -> tuple[list[str], list[str], str, set[str]]:
    """Two packs that differ only in where the 7 of trumps lies, the taker's action, and
    the seats that hold neither of the two swapped cards."""
    while True:
        deck = _deck(rng)
        up = Card.parse(deck[20])
        seven = str(Card.of(7, up.suit))
        if deck[20] == seven:
            continue
        first = seat_name((int(dealer[1:])) % 4)
        s = GR.from_record({"kind": "deal", "deck": deck, "dealer": dealer}).apply(
            f"{first} take")
        holder = next(i for i in range(4) if seven in map(str, s.hand(i)))
        other = rng.choice([i for i in range(4) if i != holder])
        x = rng.choice([str(c) for c in s.hand(other) if str(c) != deck[20]])
        deck2 = list(deck)
        a, b = deck.index(seven), deck.index(x)
        deck2[a], deck2[b] = deck[b], deck[a]
        observers = {seat_name(i) for i in range(4)} - {seat_name(holder), seat_name(other)}
        return deck, deck2, f"{first} take", observers | {""}


def _observe(state: Any, seat: str, renderer: Any, before: Any) -> dict[str, Any]:
    from trapoula.web.serialize import to_json

    view = state.view(seat) if seat else state.public_view()
    out = {"view": view, "json": to_json(view), "to_act": state.current_player}
    if before is not None and seat:
        last = state.history[-1]
        out["line"] = renderer.event(before, view, last.seat, last.action)
    return out


def _play_both(deck: list[str], deck2: list[str], take: str, dealer: str, rng: random.Random,
               seven_x: set[str]) -> list[tuple[Any, Any]]:
    """Pairs of states along the same actions in both worlds (nobody swaps)."""
    a = GR.from_record({"kind": "deal", "deck": deck, "dealer": dealer, "actions": [take]})
    b = GR.from_record({"kind": "deal", "deck": deck2, "dealer": dealer, "actions": [take]})
    pairs = [(a, b)]
    while not a.is_over and len(pairs) < 14:
        common = [x for x in map(str, a.legal_actions()) if x in set(map(str, b.legal_actions()))
                  and x != "exchange" and not (x.startswith("play") and x.split()[1] in seven_x)
                  and len(x.split()) < 3]  # (a shown declaration may show the swapped cards)
        if not common:
            break
        x = rng.choice(common)
        a, b = a.apply(x), b.apply(x)
        pairs.append((a, b))
    return pairs


@pytest.mark.parametrize("dealer", ["P1", "P2", "P3", "P4"])
def test_1_2_2_7_nobody_learns_who_held_the_seven(dealer: str) -> None:
    from trapoula.tui import renderer_for
    from trapoula.tui.style import Ui

    rng = random.Random(f"seven-{dealer}")
    compared = 0
    for _ in range(12):
        deck, deck2, take, observers = _worlds(rng, dealer)
        seven_x = {c for c, d in zip(deck, deck2, strict=True) if c != d}
        pairs = _play_both(deck, deck2, take, dealer, rng, seven_x)
        for seat in observers:
            r = renderer_for("bourloto", Ui("en"))
            prev = None
            for a, b in pairs:
                oa = _observe(a, seat, r, prev[0] if prev else None)
                ob = _observe(b, seat, r, prev[1] if prev else None)
                assert oa == ob, f"{seat} learns where the 7 was ({deck} / {deck2})"
                prev = (oa["view"], ob["view"]) if seat else None
                compared += 1
    assert compared > 200


def test_1_2_2_7_no_adapter_observation_depends_on_the_seven() -> None:
    pytest.importorskip("pyspiel")
    pytest.importorskip("pettingzoo")
    pytest.importorskip("gymnasium")
    from trapoula.envs import Play, make_adapter
    from trapoula.envs import openspiel as tos

    from ...envs.test_leak import Observers, _os_state

    ad = make_adapter(GR)
    game = tos.load("bourloto", "gr")
    observe = Observers("bourloto", "gr", {})
    rng = random.Random(7)
    compared = 0
    for _ in range(8):
        deck, deck2, take, observers = _worlds(rng, "P4")
        seven_x = {c for c, d in zip(deck, deck2, strict=True) if c != d}
        pack = [Card.parse(c).index for c in deck]
        pack2 = [Card.parse(c).index for c in deck2]
        a, b = Play(ad, ad.deal(pack)), Play(ad, ad.deal(pack2))
        osa, osb = _os_state(game, pack, []), _os_state(game, pack2, [])
        (x,) = ad.encode(take.split()[1], a.view("P1"))
        for p in (a, b):
            p.step(x)
        osa.apply_action(x)
        osb.apply_action(x)
        for _step in range(10):
            for seat in observers - {""}:
                oa, ob = observe(ad, a, osa, seat), observe(ad, b, osb, seat)
                assert oa == ob, [k for k in oa if oa[k] != ob[k]]
                compared += 1
            if a.over:
                break
            common = [x for x in a.legal_ints() if x in b.legal_ints()
                      and str(a.table()[x]) == str(b.table()[x])
                      and str(a.table()[x]) != "exchange" and len(str(a.table()[x]).split()) < 3
                      and not {c.__str__() for c in getattr(a.table()[x], "cards", ())} & seven_x]
            if not common:
                break
            x = rng.choice(common)
            a.step(x)
            b.step(x)
            osa.apply_action(x)
            osb.apply_action(x)
    assert compared > 40
