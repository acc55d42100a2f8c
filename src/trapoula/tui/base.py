"""Renderers: functions from a seat's **view** to text (never from the full state).

:class:`Renderer` is the generic fallback used for games without a renderer of their own:
it prints the view's hand and legal actions and describes every action in notation.  Game
renderers (``tui/bourloto.py``...) subclass it and draw the whole table.

>>> import trapoula
>>> from trapoula.tui.style import Ui
>>> deal = trapoula.make("bourloto", "gr").new_deal(seed=3)
>>> r = Renderer(Ui("en"))
>>> print(r.actions_menu(deal.view("P1")))
  1 take    2 pass
>>> r.event(deal.view("P1"), deal.view("P1"), "P1", deal.legal_actions()[0])
'P1 (you): take'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from trapoula.cards import Card
from trapoula.core.action import Action
from trapoula.core.seats import seat_index
from trapoula.tui.style import Ui

__all__ = ["Renderer", "team_of_seat"]


def team_of_seat(seat: str) -> str:
    """``A`` for odd seats (P1, P3...), ``B`` for even ones."""
    return "AB"[seat_index(seat) % 2]


class Renderer:
    """Generic text rendering of any game's views."""

    #: do seats play in two partnerships (A = P1, P3; B = P2, P4)?
    teams: bool = True
    #: the game's rule options when known (public rules: fees, limits shown at the table)
    options: Any = None

    def __init__(self, ui: Ui) -> None:
        self.ui = ui

    # --- small pieces -----------------------------------------------------------------------
    def seat(self, seat: str, me: str | None) -> str:
        """A seat's name with ``(you)`` / ``(partner)`` relative to the viewer ``me``."""
        ui = self.ui
        if me is None:
            return seat
        if seat == me:
            return f"{seat} ({ui.t('you')})"
        if self.teams and team_of_seat(seat) == team_of_seat(me):
            return f"{seat} ({ui.t('partner')})"
        return seat

    def team(self, team: str, me: str | None) -> str:
        """``A (us)`` / ``B (them)`` relative to the viewer."""
        if me is None or not self.teams:
            return team
        mine = team_of_seat(me) == team
        return f"{team} ({self.ui.t('us' if mine else 'them')})"

    def action_label(self, view: Any, action: Action) -> str:
        """An action as shown in the numbered menu: notation with card glyphs."""
        ui = self.ui
        parts = [action.kind]
        if action.number is not None:
            parts.append(str(action.number))
        if action.suit is not None:
            parts.append(ui.suit(action.suit))
        parts.extend(ui.card(c) for c in action.cards)
        parts.extend(action.words)
        text = " ".join(parts)
        gloss = ui.word(action.kind)
        return text if gloss == action.kind else f"{text} ({gloss})"

    def actions_menu(self, view: Any, actions: Sequence[Action] | None = None) -> str:
        """The numbered list of legal actions (wrapped at about 76 columns)."""
        acts = list(view.legal_actions if actions is None else actions)
        items = [f"{i:>3} {self.action_label(view, a)}" for i, a in enumerate(acts, 1)]
        lines: list[str] = []
        line, width = "", 0
        for item in items:
            w = _visible_len(item)
            if line and width + w + 2 > 76:
                lines.append(line)
                line, width = "", 0
            line += ("  " if line else "") + item
            width += w + (2 if width else 0)
        if line:
            lines.append(line)
        return "\n".join(lines)

    def order_actions(self, view: Any, actions: Sequence[Action]) -> list[Action]:
        """The order of the numbered menu (the engine's canonical order by default)."""
        return list(actions)

    def hand(self, cards: Sequence[Card], view: Any = None) -> str:
        return self.ui.cards(cards)

    # --- the prompt (hooks a game renderer may override) ------------------------------------
    #: the UI string with the one-line reminder of what the prompt accepts, and the help text
    choose_key: str = "choose"
    help_key: str = "help"

    def menu(self, view: Any, legal: Sequence[Action]) -> list[Action]:
        """The actions offered by number (all legal actions, in menu order, by default).

        A game with many legal actions (Bourré's draws, Burraco's melds) offers a short
        list; the others are still accepted when typed.
        """
        return self.order_actions(view, legal)

    def menu_text(self, view: Any, menu: Sequence[Action]) -> str:
        """The numbered menu as printed under the table."""
        return self.actions_menu(view, menu)

    def prompt_help(self, view: Any) -> str:
        """The one-line reminder printed after "Your turn"."""
        return self.ui.t(self.choose_key)

    def help_text(self, view: Any) -> str:
        return self.ui.t(self.help_key)

    def interpret(self, text: str, view: Any, parse: Any) -> Action | None:
        """A game's own shorthand for an action (``None``: use the common input rules)."""
        return None

    def alternatives(self, view: Any, action: Action) -> tuple[Action, ...]:
        """When playing ``action`` as typed would silently give something up (Bourloto's
        unannounced Bourlot), the actions to choose between, ``action`` first; () to play it.
        A menu number is an explicit choice and is never questioned."""
        return ()

    def command(self, text: str, view: Any) -> str | None:
        """A display command of the game (Burraco's ``sort``): the text to print, or None."""
        return None

    def forced_reason(self, view: Any, action: Action) -> str:
        """Why ``action`` is the only legal move (announced before it is played for you)."""
        hand = getattr(view, "hand", ())
        if action.kind == "play" and len(hand) > 1:
            return self.ui.t("forced_follow")
        return self.ui.t("forced_only")

    def explain(self, view: Any, action: Action) -> str | None:
        """A short, clear reason why ``action`` is not legal now, in the table's language and
        in one style for every mistaken card: what was wrong, then what is allowed."""
        ui = self.ui
        legal = list(getattr(view, "legal_actions", ()))
        if not legal:
            return None
        if action.kind == "play" and action.cards:
            seen: list[Card] = []
            for a in self.order_actions(view, legal):
                if a.kind == "play" and a.cards and a.cards[0] not in seen:
                    seen.append(a.cards[0])
            allowed = " ".join(ui.card(c) for c in seen)
            card = action.cards[0]
            if not seen:
                return ui.t("not_legal_now", action=self.action_label(view, action),
                            allowed=", ".join(self.action_label(view, a) for a in legal[:12]))
            if card not in getattr(view, "hand", (card,)):
                return ui.t("not_holding", card=ui.card(card), allowed=allowed)
            return ui.t("cannot_play", card=ui.card(card), allowed=allowed)
        return ui.t("not_legal_now", action=self.action_label(view, action),
                    allowed=", ".join(self.action_label(view, a) for a in legal[:12]))

    def hidden_move(self, view: Any, event: Any) -> str:
        """A logged move whose action the viewer may not see (``event.action`` is None), in
        the table's language; the log's own line by default."""
        return str(event.text)

    def left_game(self, view: Any) -> str | None:
        """If the viewer can no longer play in this match (out of chips), what to print."""
        return None

    # --- whole screens ----------------------------------------------------------------------
    def table(self, view: Any, hands: Mapping[str, Sequence[Card]] | None = None) -> str:
        """What the viewer sees now; ``hands`` adds other seats' cards (replay ``--all``)."""
        ui = self.ui
        lines = []
        seat = getattr(view, "seat", None)
        phase = getattr(view, "phase", None)
        head = getattr(view, "game", "")
        if phase:
            head += f" · {phase}"
        lines.append(ui.title(f"── {head} ──"))
        match = getattr(view, "match", None)
        if match is not None and getattr(match, "scores", None):
            lines.append(self.scores_line(match.scores, seat))
        for other, cards in (hands or {}).items():
            if other != seat:
                lines.append(f"{ui.t('hand_of', seat=self.seat(other, seat))}: "
                             f"{self.hand(cards, view)}")
        mine = getattr(view, "hand", None)
        if mine is not None:
            lines.append(f"{ui.bold(ui.t('your_hand'))}: {self.hand(mine, view)}")
        cur = getattr(view, "current_player", None)
        if cur is not None and cur != seat:
            lines.append(ui.dim(ui.t("to_act", seat=self.seat(cur, seat))))
        return "\n".join(lines)

    def scores_line(self, scores: Mapping[str, int], me: str | None) -> str:
        ui = self.ui
        parts = [f"{self.team(t, me)} {ui.bold(str(v))}" for t, v in scores.items()]
        return f"{ui.t('score')}: " + " · ".join(parts)

    def event(self, before: Any, after: Any, seat: str, action: Action) -> str:
        """Text describing ``seat``'s ``action``, from the viewer's views before and after."""
        me = getattr(before, "seat", None)
        return self.ui.t("acts", seat=self.seat(seat, me), action=self.action_label(after, action))

    def deal_over(self, finished: Any, after: Any) -> str:
        """The score sheet of a finished deal (``finished``: its view; ``after``: the
        viewer's view once the deal is over, which carries the match totals if any)."""
        result = getattr(finished, "result", None)
        return self.ui.t("deal_result", result=result)

    def deal_summary(self, before: Any, finished: Any, after: Any) -> str:
        """The end-of-deal text; ``before`` is the viewer's view before the last action."""
        return self.deal_over(finished, after)

    def game_over(self, view: Any, result: Mapping[str, Any] | None) -> str:
        """The closing lines of a finished game or match."""
        ui = self.ui
        result = result or {}
        scores, winner = result.get("scores"), result.get("winner")
        if isinstance(scores, Mapping) and set(scores) == {"A", "B"} and winner:
            line = ui.t("final_score", a=scores["A"], b=scores["B"], winner=winner)
            me = getattr(view, "seat", None)
            if me is not None and self.teams:
                line += " " + ui.t("you_win" if team_of_seat(me) == winner else "you_lose")
            return ui.title(f"── {ui.t('match_over')} ──") + "\n" + ui.bold(line)
        return ui.bold(ui.t("game_over", result=result))


def _visible_len(text: str) -> int:
    """Length without ANSI escape sequences."""
    n, i = 0, 0
    while i < len(text):
        if text[i] == "\x1b":
            j = text.find("m", i)
            i = len(text) if j < 0 else j + 1
            continue
        n += 1
        i += 1
    return n
