"""What a line typed by a player means, given the view's legal actions.

Accepted: a number from the menu; an action in notation (``play 10H``, ``take``,
``name h``) or its local word from the menu (``πάσο``, ``не согласен``); a card with its
words but without ``play`` (``KH bourlot``); a bare card (``10h``: the one legal play of
that card, or a question when there are several, such as ``play KH`` and ``play KH
bourlot``); a bare suit when exactly one action names it; cards with the localised rank
letters of the menu (``Д♥``); and the commands ``help``, ``hint`` and ``quit``.

>>> import trapoula
>>> game = trapoula.make("bourloto", "gr")
>>> view = game.new_deal(seed=3).view("P1")
>>> resolve("2", view, game.parse_action)
Reply(kind='action', action=Action('pass'), options=(), message='')
>>> resolve("9", view, game.parse_action).message
'There is no action 9: choose 1 to 2.'
>>> resolve("hint", view, game.parse_action).kind
'hint'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from trapoula.cards import Card, Suit, deck_52, parse_card, parse_suit, short_name
from trapoula.cards.names import LANGUAGES, rank_short
from trapoula.core.action import Action
from trapoula.errors import TrapoulaError
from trapoula.tui.strings import ACTION_WORDS, action_word, tr

__all__ = ["COMMANDS", "Reply", "allowed_text", "localized_card", "resolve"]

COMMANDS = {
    "help": "help", "?": "help",
    "hint": "hint",
    "history": "history",
    "quit": "quit", "exit": "quit", "q": "quit",
}


@dataclass(frozen=True)
class Reply:
    """``kind``: ``action``, ``choose`` (several ``options``), ``error`` (``message``),
    ``empty``, or a command (``help``, ``hint``, ``quit``)."""

    kind: str
    action: Action | None = None
    options: tuple[Action, ...] = ()
    message: str = ""


def _local_cards() -> dict[str, Card]:
    table: dict[str, Card] = {}
    for lang in LANGUAGES:
        for c in deck_52():
            assert c.rank is not None and c.suit is not None
            r = rank_short(c.rank, lang).upper()
            table.setdefault(short_name(c, lang).upper(), c)
            table.setdefault(r + c.suit.name, c)
    return table


_LOCAL = _local_cards()


def localized_card(text: str) -> Card | None:
    """A card written in notation or with localised rank letters, or None.

    >>> str(localized_card("Д♥")), str(localized_card("тs")), localized_card("xyz")
    ('QH', 'AS', None)
    """
    try:
        return parse_card(text)
    except TrapoulaError:
        return _LOCAL.get(text.strip().upper())


def _glosses() -> dict[str, tuple[str, ...]]:
    table: dict[str, tuple[str, ...]] = {}
    for word, row in ACTION_WORDS.items():
        for gloss in row:
            key = gloss.lower()
            if word not in table.get(key, ()):
                table[key] = table.get(key, ()) + (word,)
    return table


_GLOSSES = _glosses()


def _parsed(text: str, parse: Callable[[str], Action]) -> Action | None:
    try:
        return parse(text)
    except TrapoulaError:
        return None


def _canonical_tokens(text: str) -> str:
    """Replace localised card tokens by notation so the game's parser understands them."""
    out = []
    for tok in text.split():
        c = None
        try:
            parse_card(tok)
        except TrapoulaError:
            c = _LOCAL.get(tok.upper())
        out.append(str(c) if c is not None else tok)
    return " ".join(out)


def resolve(
    text: str,
    view: Any,
    parse: Callable[[str], Action],
    lang: str = "en",
    actions: Sequence[Action] | None = None,
) -> Reply:
    """Interpret ``text`` against ``view.legal_actions`` (or ``actions``).

    An action that parses but is not legal is returned as ``action`` all the same: applying
    it gives the engine's own error, which says what is allowed.
    """
    legal = tuple(view.legal_actions if actions is None else actions)
    t = text.strip()
    if not t:
        return Reply("empty")
    low = t.lower()
    if low in COMMANDS:
        return Reply(COMMANDS[low])
    if t.isdigit():
        n = int(t)
        if 1 <= n <= len(legal):
            return Reply("action", legal[n - 1])
        return Reply("error", message=tr("bad_number", lang, n=n, max=len(legal)))
    for word in _GLOSSES.get(low, ()):  # a local action word: "πάσο", "не согласен"
        found = _parsed(word, parse)
        if found is not None and found in legal:
            return Reply("action", found)
    canon = _canonical_tokens(t)
    try:
        return Reply("action", parse(canon))
    except TrapoulaError:
        pass
    first, *rest = canon.split()
    if rest and localized_card(first) is not None:  # "KH bourlot": a play without "play"
        words = [(_GLOSSES.get(w.lower()) or (w,))[0] for w in rest]
        found = _parsed(" ".join(["play", first, *words]), parse)
        if found is not None:
            return Reply("action", found)
    if len(t.split()) == 1:
        card = localized_card(t)
        if card is not None:
            return _by_card(card, legal, lang)
        try:
            suit = parse_suit(t)
        except TrapoulaError:
            suit = None
        if suit is not None:
            reply = _by_suit(suit, legal)
            if reply is not None:
                return reply
    # one style in every language: what was not understood, then what is allowed now
    why = tr("unknown_input", lang, text=t, allowed=allowed_text(legal, lang), max=len(legal))
    return Reply("error", message=tr("not_understood", lang, why=why))


def allowed_text(actions: Sequence[Action], lang: str = "en", most: int = 8) -> str:
    """The first ``most`` of ``actions`` as they may be typed, cards with the table's rank
    letters and action words with their local gloss.

    >>> from trapoula.cards import parse_card
    >>> acts = [Action("fold"), Action("play", (parse_card("KH"),), words=("bourlot",))]
    >>> allowed_text(acts, "ru")
    'fold (пас), play К♥ bourlot'
    """
    out = []
    for a in actions[:most]:
        parts = [a.kind]
        if a.number is not None:
            parts.append(str(a.number))
        if a.suit is not None:
            parts.append(a.suit.name)
        parts += [short_name(c, lang) for c in a.cards]
        parts += list(a.words)
        gloss = action_word(a.kind, lang)
        out.append(" ".join(parts) + (f" ({gloss})" if gloss != a.kind else ""))
    return ", ".join(out) + (", …" if len(actions) > most else "")


def _by_card(card: Card, legal: Sequence[Action], lang: str) -> Reply:
    found = tuple(a for a in legal if a.cards and a.cards[0] == card and len(a.cards) == 1)
    if len(found) == 1:
        return Reply("action", found[0])
    if found:
        return Reply("choose", options=found)
    playable = [a.cards[0] for a in legal if len(a.cards) == 1]
    if playable:
        seen: list[Card] = []
        for c in playable:
            if c not in seen:
                seen.append(c)
        allowed = " ".join(short_name(c, lang) for c in seen)
        return Reply("error", message=tr("cannot_play", lang, card=short_name(card, lang),
                                         allowed=allowed))
    allowed = ", ".join(str(a) for a in legal)
    return Reply("error", message=tr("cannot_now", lang, card=short_name(card, lang),
                                     allowed=allowed))


def _by_suit(suit: Suit, legal: Sequence[Action]) -> Reply | None:
    found = tuple(a for a in legal if a.suit == suit)
    if len(found) == 1:
        return Reply("action", found[0])
    if found:
        return Reply("choose", options=found)
    return None
