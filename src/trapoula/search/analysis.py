"""Post-mortem analysis of recorded deals: the double-dummy value of every legal card at each
card a player chose, what a search bot would have played, and the points each player lost.

A card's value is the points its player's side takes from that moment to the end of the deal
with every hand known and best play afterwards (Bourloto: card points, last trick +10;
Bourré: tricks).  "Lost" is the best card's value minus the chosen card's: what the choice
cost against perfect play of all four hands.  The bot's suggestion only sees that player's
view (it cannot know the hidden hands the double-dummy values assume).

>>> import trapoula
>>> g = trapoula.make("bourloto", "gr")
>>> s = g.from_setup({"phase": "play", "trump": "H", "buyer": "A", "hands": {
...     "P1": "JH 7S AC 8C 9C 10C JC QC", "P2": "AS 8S 7C KC 7D 8D 9D 10D",
...     "P3": "9H 10S JD QD KD AD 7H 8H", "P4": "KS QS JS 9S 10H AH KH QH"}})
>>> steps = [s]
>>> for text in ("P1 play 7S", "P2 play AS", "P3 play 10S", "P4 play KS"):
...     steps.append(steps[-1].apply(text))
>>> rows = analyse_states(steps, bot=None)
>>> [(r.seat, str(r.played), r.lost >= 0) for r in rows]
[('P1', '7S', True), ('P2', 'AS', True), ('P3', '10S', True), ('P4', 'KS', True)]
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from trapoula.cards import Card

__all__ = [
    "MoveAnalysis", "analyse_record", "analyse_states", "card_values", "hint_text", "summary",
]


@dataclass
class MoveAnalysis:
    """One card a player chose, with the double-dummy value of each legal card."""

    deal: int
    trick: int
    seat: str
    played: Card
    values: dict[Card, float]
    bot_card: Card | None = None
    unit: str = "points"
    best: list[Card] = field(default_factory=list)

    @property
    def best_value(self) -> float:
        return max(self.values.values())

    @property
    def lost(self) -> float:
        return self.best_value - self.values[self.played]

    def as_dict(self) -> dict[str, Any]:
        return {
            "deal": self.deal, "trick": self.trick, "seat": self.seat,
            "played": str(self.played), "lost": self.lost, "unit": self.unit,
            "values": {str(c): v for c, v in sorted(self.values.items())},
            "best": [str(c) for c in self.best],
            "bot": None if self.bot_card is None else str(self.bot_card),
        }


def _deal_of(state: Any) -> Any:
    return getattr(state, "deal", state)


def card_values(deal: Any) -> tuple[dict[Card, float], str] | None:
    """Double-dummy value of each legal card for the player to move in a deal state (full
    information), and the unit; None outside trick play or for games without a solver."""
    name = deal.game.name
    if name == "bourloto":
        if deal.phase != "play":
            return None
        from trapoula.search.bourloto_dd import position_from_state

        solver = _solver(deal.game)
        vals = solver.move_values(position_from_state(deal))
        return {c: float(v) for c, v in vals.items()}, "points"
    if name == "bourre":
        from trapoula.search.bourre_dd import bourre_card_values

        return bourre_card_values(deal)
    return None


_SOLVERS: dict[Any, Any] = {}


def _solver(game: Any) -> Any:
    from trapoula.search.bourloto_dd import BourlotoSolver

    s = _SOLVERS.get(game)
    if s is None:
        s = _SOLVERS[game] = BourlotoSolver.for_game(game, max_entries=500_000)
    return s


def analyse_states(states: Sequence[Any], bot: Any = None) -> list[MoveAnalysis]:
    """Analyse the play between consecutive states (``states[i + 1]`` follows
    ``states[i]`` by one action); ``bot`` (a Bot or None) suggests a card from each view."""
    out: list[MoveAnalysis] = []
    for before, after in zip(states, states[1:], strict=False):
        deal = _deal_of(before)
        deal_no = int(getattr(before, "deal_number", 1))
        seat = deal.current_player
        if seat is None:
            continue
        last = after.history[-1]
        action = last.action
        if action.kind != "play" or not action.cards:
            continue
        got = card_values(deal)
        if got is None:
            continue
        values, unit = got
        played = action.cards[0]
        if played not in values:
            continue
        top = max(values.values())
        best = sorted(c for c, v in values.items() if v >= top - 1e-9)
        bot_card = None
        if bot is not None:
            choice = bot.choose(deal.view(seat))
            bot_card = choice.cards[0] if choice.cards else None
        out.append(MoveAnalysis(deal_no, _trick_no(deal), seat, played, values, bot_card, unit,
                                best))
    return out


def _trick_no(deal: Any) -> int:
    done = getattr(deal, "tricks_done", None)
    if isinstance(done, int):
        return done + 1
    v = deal.view(deal.current_player)
    return len(getattr(v, "tricks", ())) + 1


def _replay_states(record: dict[str, Any]) -> list[Any]:
    from trapoula.core.record import start

    states = [start(record)]
    game = states[0].game
    for text in record.get("actions", []):
        states.append(game.replay_action(states[-1], text))
    return states


def analyse_record(record: dict[str, Any],
                   bot: Callable[[Any], Any] | None = None) -> list[MoveAnalysis]:
    """Analyse every card played in a record (a deal, or each deal of a match); ``bot``, a
    callable making a bot for the record's game (``lambda g: make_bot("expert", g)``), adds
    its suggestion at each card (the search layer never imports a bot: the caller passes
    it)."""
    states = _replay_states(record)
    return analyse_states(states, None if bot is None else bot(states[0].game))


def summary(rows: Sequence[MoveAnalysis]) -> dict[str, dict[str, float]]:
    """Per player: cards analysed, cards that lost something, total and mean lost, and how
    often the player's card agreed with the bot's."""
    out: dict[str, dict[str, float]] = {}
    for r in rows:
        s = out.setdefault(r.seat, {"cards": 0, "mistakes": 0, "lost": 0.0, "agree_bot": 0,
                                    "bot_cards": 0})
        s["cards"] += 1
        if r.lost > 1e-9:
            s["mistakes"] += 1
        s["lost"] += r.lost
        if r.bot_card is not None:
            s["bot_cards"] += 1
            s["agree_bot"] += 1 if r.bot_card == r.played else 0
    for s in out.values():
        s["lost_per_card"] = s["lost"] / s["cards"] if s["cards"] else 0.0
    return dict(sorted(out.items()))


_HINT_BOTS: dict[Any, Any] = {}


def hint_text(bot: Any, view: Any, limit: int = 6,
              search_bot: Callable[[Any], Any] | None = None) -> str | None:
    """The search behind a hint: the mean value of each legal card over deals sampled from
    the player's view (never the hidden hands), best first.  ``bot`` gives the values when it
    is a search bot; otherwise the bot ``search_bot(game)`` makes does (made once per game;
    the CLI passes the game's ``hard`` bot).  None without such a bot, when there is no card
    choice or when too few deals fit the search budget."""
    acts = getattr(view, "legal_actions", ())
    if not acts or acts[0].kind != "play" or len({a.cards[0] for a in acts if a.cards}) < 2:
        return None
    values_of = getattr(bot, "hint_values", None)
    if values_of is None:
        game = getattr(bot, "game", None)
        if game is None or search_bot is None:
            return None
        key = (game, search_bot)
        if key not in _HINT_BOTS:
            _HINT_BOTS[key] = search_bot(game)
        values_of = getattr(_HINT_BOTS[key], "hint_values", None)
        if values_of is None:
            return None
    values = values_of(view)
    if not values:
        return None
    unit = "pot share" if getattr(view, "game", "") == "bourre" else "points"
    ranked = sorted(values.items(), key=lambda kv: (-kv[1], kv[0]))[:limit]
    fmt = "{:+.2f}" if unit == "pot share" else "{:.1f}"
    return f"search (sampled double-dummy {unit}): " + ", ".join(
        f"{c} {fmt.format(v)}" for c, v in ranked)
