"""Renderers (views to text), input resolution, UI strings and the bot fallback."""

from __future__ import annotations

import re
import string
from types import SimpleNamespace
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import trapoula
from trapoula.bots import BOTS, RandomBot
from trapoula.cards import Card, Suit, deck_32, short_name
from trapoula.cli.common import bot_or_fallback
from trapoula.core.action import Action
from trapoula.games.bourloto.tables import STRENGTH, TRUMP_STRENGTH
from trapoula.tui import Renderer, Ui, renderer_for
from trapoula.tui.bourloto import sort_hand
from trapoula.tui.prompt import resolve
from trapoula.tui.strings import STRINGS

GR = trapoula.make("bourloto", "gr")
PLAY_SETUP = {
    "phase": "play", "trump": "H", "buyer": "A",
    "hands": {"P1": ["KH", "QH", "7S", "9D", "JC", "AS", "8C", "10D"],
              "P2": ["7H", "8H", "9H", "10H", "JH", "AH", "7C", "8S"],
              "P3": ["9S", "10S", "JS", "QS", "KS", "7D", "8D", "JD"],
              "P4": ["QD", "KD", "AD", "9C", "10C", "QC", "KC", "AC"]},
}


def labels(text: str) -> set[str]:
    """Every card label (``K♠``, ``10♥``) that appears in a text."""
    return set(re.findall(r"(?:10|[2-9JQKA])[♠♥♦♣]", text))


# --- input -----------------------------------------------------------------------------------
def test_numbers_commands_and_empty_lines() -> None:
    view = GR.new_deal(seed=3).view("P1")
    assert resolve("1", view, GR.parse_action).action == view.legal_actions[0]
    assert resolve(" 2 ", view, GR.parse_action).action == view.legal_actions[1]
    assert resolve("0", view, GR.parse_action).kind == "error"
    assert resolve("", view, GR.parse_action).kind == "empty"
    for word, kind in [("help", "help"), ("?", "help"), ("HINT", "hint"), ("quit", "quit"),
                       ("exit", "quit")]:
        assert resolve(word, view, GR.parse_action).kind == kind


def test_a_bare_card_with_several_variants_asks_which() -> None:
    state = GR.from_setup(PLAY_SETUP)
    view = state.view("P1")
    reply = resolve("kh", view, GR.parse_action)
    assert reply.kind == "choose"
    assert {str(a) for a in reply.options} == {
        str(a) for a in view.legal_actions if a.cards == (Card.parse("KH"),)}
    assert len(reply.options) >= 2  # play KH, play KH bourlot (and declare variants)
    # a card with one variant is played at once; a card not playable is explained
    assert resolve("7s", view, GR.parse_action).action == GR.parse_action("play 7S")
    bad = resolve("7h", view, GR.parse_action)
    assert bad.kind == "error" and "cannot play 7♥" in bad.message


def test_localised_card_letters_are_understood() -> None:
    view = GR.from_setup(PLAY_SETUP).view("P1")
    assert resolve("Т♠", view, GR.parse_action, "ru").action == GR.parse_action("play AS")
    assert resolve("play Д♥", view, GR.parse_action, "ru").action == GR.parse_action(
        "play QH")
    assert resolve("Α♠", view, GR.parse_action, "el").action == GR.parse_action("play AS")


def test_local_action_words_and_cards_with_words() -> None:
    view = GR.new_deal(seed=3).view("P1")
    assert resolve("πάσο", view, GR.parse_action, "el").action == Action("pass")
    assert resolve("Беру", view, GR.parse_action, "ru").action == Action("take")
    play = GR.from_setup(PLAY_SETUP).view("P1")
    want = GR.parse_action("play KH bourlot")
    assert want in play.legal_actions
    assert resolve("kh bourlot", play, GR.parse_action).action == want
    assert resolve("Ρ♥ μπουρλότ", play, GR.parse_action, "el").action == want


def test_a_bare_suit_names_trump_in_round_two() -> None:
    state: Any = GR.new_deal(seed=3)
    for _ in range(4):
        state = state.apply("pass")
    assert state.phase == "bid2"
    view = state.view(state.current_player or "")
    assert resolve("d", view, GR.parse_action).action == Action("name", suit=Suit.D)


def test_unparseable_text_says_what_is_allowed_now() -> None:
    view = GR.new_deal(seed=3).view("P1")
    reply = resolve("bid 80", view, GR.parse_action)
    assert reply.kind == "error"
    assert reply.message.startswith("'bid 80' is not a complete action, a card or a command. "
                                    "Allowed now: take, pass (or the number, 1-2).")


# --- rendering -------------------------------------------------------------------------------
@pytest.mark.parametrize("seed", range(6))
def test_the_table_shows_no_card_hidden_from_the_viewer(seed: int) -> None:
    state = GR.new_match(seed=seed)
    while state.deal.phase != "play":  # type: ignore[attr-defined]
        state = state.apply(state.legal_actions()[0])
    r = renderer_for("bourloto", Ui("en"))
    for seat in ("P1", "P2", "P3", "P4"):
        view = state.view(seat)
        text = r.table(view) + r.actions_menu(view)
        hidden = {short_name(c) for c in deck_32()} - {short_name(c) for c in view.hand}
        visible_public = {short_name(c) for c in view.played}
        if view.upcard is not None:
            visible_public.add(short_name(view.upcard))
        assert labels(text) & hidden <= visible_public


def test_colour_only_when_asked() -> None:
    view = GR.from_setup(PLAY_SETUP).view("P1")
    plain = renderer_for("bourloto", Ui("en", color=False)).table(view)
    coloured = renderer_for("bourloto", Ui("en", color=True)).table(view)
    assert "\x1b[" not in plain
    assert "\x1b[31m" in coloured  # red hearts and diamonds
    assert re.sub(r"\x1b\[[0-9;]*m", "", coloured) == plain


def test_hand_is_grouped_by_suit_in_playing_order() -> None:
    view = GR.from_setup(PLAY_SETUP).view("P1")
    line = next(ln for ln in renderer_for("bourloto", Ui()).table(view).splitlines()
                if ln.startswith("Your hand"))
    assert line.split(None, 2)[2].split("   ") == ["A♠ 7♠", "K♥ Q♥", "J♣ 8♣", "10♦ 9♦"]


@given(st.lists(st.sampled_from(deck_32()), unique=True, max_size=8),
       st.sampled_from(list(Suit)))
def test_sort_hand_groups_each_suit_strongest_first(cards: list[Card], trump: Suit) -> None:
    groups = sort_hand(cards, trump)
    assert sorted(c for g in groups for c in g) == sorted(cards)
    for g in groups:
        assert len({c.suit for c in g}) == 1
        table = TRUMP_STRENGTH if g[0].suit == trump else STRENGTH
        assert [table[c.index] for c in g] == sorted((table[c.index] for c in g), reverse=True)


def test_generic_renderer_prints_hand_and_legal_actions() -> None:
    view: Any = SimpleNamespace(
        game="newgame", seat="P2", phase="draw", current_player="P2",
        hand=(Card.parse("3C"), Card.parse("JK")),
        legal_actions=(Action("draw"), Action("discard", (Card.parse("3C"),))),
    )
    r = renderer_for("newgame", Ui())
    assert type(r) is Renderer
    text = r.table(view)
    assert "Your hand: 3♣ JK" in text
    assert r.actions_menu(view).split() == ["1", "draw", "2", "discard", "3♣"]


# --- strings and bots ------------------------------------------------------------------------
@pytest.mark.parametrize("key", sorted(STRINGS))
def test_every_string_has_four_languages_with_the_same_fields(key: str) -> None:
    fields = [
        sorted({f for _, f, _, _ in string.Formatter().parse(text) if f})
        for text in STRINGS[key]
    ]
    assert all(text.strip() for text in STRINGS[key])
    assert all(f == fields[0] for f in fields), key


def test_a_bot_that_cannot_be_loaded_falls_back_to_random(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(BOTS, "ghost", {"*": "trapoula.bots.no_such_module:Ghost"})
    warnings: list[str] = []
    bot = bot_or_fallback("ghost", GR, seed=1, warn=lambda name, why: warnings.append(name))
    assert isinstance(bot, RandomBot) and warnings == ["ghost"]
