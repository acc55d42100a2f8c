"""Issue #29 part 4: what the terminal says names the rule, speaks the table's language and
has one style in every language (forced Bourré moves, the history of other players' draws,
an action typed incomplete, the help on card letters)."""

from __future__ import annotations

from typing import Any

import pytest

import trapoula
from trapoula.cards import parse_card
from trapoula.core.action import Action
from trapoula.tui import Ui, renderer_for
from trapoula.tui.prompt import resolve
from trapoula.tui.strings import tr

from .conftest import RunCli

LANGS = ("en", "el", "ru", "it")


def _lead_view(hand: list[str], **options: Any) -> Any:
    """P1 to lead trick 1 of a two-player deal (spades are trumps: the 2S is turned up)."""
    g = trapoula.make("bourre", players=2, **options)
    s = g.from_setup({"hands": {"P1": hand, "P2": ["2C", "3C", "4C", "5C", "6C"]},
                      "trump_card": "2S"})
    s = s.apply("P1 stay").apply("P2 stay")
    return g, s


def _reason(g: Any, view: Any, action: Any, lang: str = "en") -> str:
    r = renderer_for("bourre", Ui(lang))
    r.options = g.options
    return str(r.forced_reason(view, action))


@pytest.mark.parametrize("lang", LANGS)
def test_s2_3_forced_trump_lead_is_named_when_the_hand_is_all_trumps(lang: str) -> None:
    g, s = _lead_view(["AS", "5S", "4S", "3S", "9S"])
    legal = s.legal_actions()
    assert [str(a) for a in legal] == ["play AS"]  # the rule, from the engine
    assert _reason(g, s.view("P1"), legal[0], lang) == tr("forced_trump_lead", lang)


def test_s2_3_forced_trump_lead_cinch_names_all_three() -> None:
    g, s = _lead_view(["AS", "KS", "QS", "3S", "9H"], forced_lead="cinch_AKQ")
    legal = s.legal_actions()
    assert [str(a) for a in legal] == ["play AS"]
    reason = _reason(g, s.view("P1"), legal[0])
    assert reason == tr("forced_trump_lead_cinch", "en") and "A, K and Q" in reason


def test_s2_3_following_names_the_follow_rule_and_trumping() -> None:
    g = trapoula.make("bourre", players=2)
    s = g.from_setup({"hands": {"P1": ["9H", "2D", "3D", "4D", "5D"],
                                "P2": ["10H", "4H", "6C", "7C", "8C"]}, "trump_card": "2S"})
    s = s.apply("P1 stay").apply("P2 stay").apply("P1 play 9H")
    assert [str(a) for a in s.legal_actions()] == ["play 10H"]  # higher card of the suit led
    assert _reason(g, s.view("P2"), s.legal_actions()[0]) == tr("forced_follow_suit", "en")
    s = g.from_setup({"hands": {"P1": ["9H", "2D", "3D", "4D", "5D"],
                                "P2": ["3S", "6C", "7C", "8C", "9C"]}, "trump_card": "2S"})
    s = s.apply("P1 stay").apply("P2 stay").apply("P1 play 9H")
    assert [str(a) for a in s.legal_actions()] == ["play 3S"]  # no heart: trump
    assert _reason(g, s.view("P2"), s.legal_actions()[0]) == tr("forced_follow_trump", "en")


def test_a_forced_lead_in_play_says_the_rule(run_cli: RunCli) -> None:
    r = run_cli("play", "bourre", "--players", "3", "--seed", "2", "--bots", "random",
                "max_deals=6", stdin="2\n" * 600)
    assert r.code == 0
    lines = [line for line in r.out.splitlines() if line.startswith("P1 (you): ")
             and " — " in line]
    assert lines and not any(tr("forced_follow", "en") in line for line in lines)


@pytest.mark.parametrize("lang, word", [("ru", "прикупает"), ("it", "cambia"),
                                        ("el", "αλλάζει"), ("en", "exchanges")])
def test_history_words_other_players_draws_in_the_tables_language(
    run_cli: RunCli, lang: str, word: str
) -> None:
    r = run_cli("play", "bourre", "--seed", "3", "--seat", "P3", "--lang", lang,
                "--color", "never", stdin="history\nquit\n")
    assert r.code == 0
    moves = r.out.split(tr("history_moves", lang) + ":")[1].split(">")[0]
    assert word in tr("br_exchanges", lang, seat="P4", n=4)
    assert tr("br_exchanges", lang, seat="P4", n=4) in moves
    assert tr("br_exchanges", lang, seat="P2", n=2) in moves
    assert "draws" not in moves or lang == "en"


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("typed", ["play", "plya", "draw"])
def test_an_incomplete_action_gets_one_style_in_every_language(
    run_cli: RunCli, lang: str, typed: str
) -> None:
    r = run_cli("play", "bourre", "--seed", "3", "--seat", "P4", "--lang", lang,
                "--color", "never", stdin=f"{typed}\nquit\n")
    assert r.code == 0
    said = r.out.split(f"> {typed}\n")[1].split("\n")[0]
    allowed = "fold, stay, draw 3♦" if lang == "en" else "draw 3♦, draw 3♦ 8♣"
    assert allowed in said and "1-6" in said, said
    head = tr("unknown_input", lang, text=typed, allowed="@", max=6).split("@")[0]
    assert said.startswith(head)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("key", ["help", "br_help", "bu_help"])
def test_every_help_says_greek_and_cyrillic_letters_work(lang: str, key: str) -> None:
    text = tr(key, lang)
    assert "Ρ♥" in text or "К♥" in text  # Greek rho / Cyrillic ka: the king
    game = trapoula.make("bourloto", "gr")
    view = game.new_deal(seed=3).view("P1")
    for typed in ("Ρ♥", "ΡH", "К♥", "КH"):
        got = resolve(typed, view, game.parse_action, lang)
        assert got.kind in ("action", "error")
        if got.kind == "action":
            assert got.action is not None and got.action.cards == (parse_card("KH"),)


def test_the_help_examples_are_cards_the_prompt_reads() -> None:
    from trapoula.tui.prompt import localized_card

    for typed in ("Ρ♥", "ΡH", "К♥", "КH"):
        assert localized_card(typed) == parse_card("KH")
    for typed, card in (("Д♠", "QS"), ("Ν♠", "QS"), ("В♦", "JD"), ("Β♦", "JD"), ("Т♣", "AC"),
                        ("Α♣", "AC")):
        assert localized_card(typed) == parse_card(card)


def test_allowed_text_uses_the_tables_card_letters() -> None:
    from trapoula.tui.prompt import allowed_text

    acts = [Action("play", (parse_card("QH"),)), Action("play", (parse_card("KH"),))]
    assert allowed_text(acts, "ru") == "play Д♥, play К♥"
    assert allowed_text(acts, "el") == "play Ν♥, play Ρ♥"
    assert allowed_text(acts * 5, "en", most=3).endswith(", …")
