"""``trapoula play`` on the full screen: one human against bots, with undo.

The app only draws and forwards: the session (``trapoula.cli.table.TableSession``, passed in)
holds the state, asks the bots, parses what is typed with the plain table's parser and
answers with its messages.  A click on a card is the card typed; a click in the action bar is
its menu number typed.
"""

from __future__ import annotations

import time
from typing import Any, ClassVar

from textual.binding import Binding, BindingType
from textual.css.query import NoMatches
from textual.widgets import Static

from trapoula.screen.base import TableBase, ansi
from trapoula.screen.felt import CARD_KINDS, card_actions, score_rows
from trapoula.tui.strings_screen import st

__all__ = ["PlayApp"]

#: how many moves outside the numbered menu (melds, additions) the action bar offers
MORE = 6


class PlayApp(TableBase):
    """The table of a ``TableSession``; ``delay``: seconds between bot moves (0: at once)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        *TableBase.BINDINGS,
        Binding("ctrl+z", "undo", st("sc_undo"), priority=True),
        Binding("f1", "command('help')", st("sc_help"), priority=True),
        Binding("f2", "command('hint')", st("sc_hint"), priority=True),
        Binding("f3", "command('history')", st("sc_history"), priority=True),
    ]

    def __init__(self, session: Any, delay: float = 0.4, **kw: Any) -> None:
        super().__init__(session.r, **kw)
        self.session = session
        self.delay = delay
        self.started = time.monotonic()
        self.out = False  # out of chips (Bourré): the game has ended for the human
        self._pumping = False

    def on_mount(self) -> None:
        super().on_mount()
        self.relabel({"undo": "sc_undo", "command('help')": "sc_help",
                      "command('hint')": "sc_hint", "command('history')": "sc_history"})
        self.redraw()
        self.set_interval(1.0, self.tick)
        self.pump()

    # --- the bots ---------------------------------------------------------------------------
    def pump(self) -> None:
        """Let the bots (and forced moves) play up to the human's next decision."""
        if self._pumping or self.out:
            return
        self._pumping = True
        try:
            while True:
                step = self.session.bot_step()
                if step is None:
                    break
                self.after_step(step)
                if self.out:
                    break
                if self.delay > 0:
                    self.redraw()
                    self.set_timer(self.delay, self._next)
                    return
        finally:
            self._pumping = False
        self.redraw()

    def _next(self) -> None:
        self.pump()

    def after_step(self, step: Any) -> None:
        notes = self.session.notices()
        human = self.session.human
        if step.seat == human:  # a forced move: played for the human, and why
            ui = self.r.ui
            self.say(ui.style(ui.t("forced", seat=self.r.seat(human, human),
                                   action=self.r.action_label(step.before, step.action),
                                   why=self.r.forced_reason(step.before, step.action)),
                              "yellow"))
        if step.deal_over:
            self.say(self.session.finished[-1] if self.session.finished else "")
            left = self.r.left_game(step.current)
            if left is not None and not self.session.over:
                self.out = True
                self.say(left)
        if notes:
            self.say(notes, error=True)

    # --- drawing ----------------------------------------------------------------------------
    def header_extra(self) -> str:
        s = self.session
        parts = [self.t("sc_clock", t=_clock(time.monotonic() - self.started))]
        if s.undos:
            parts.append(self.t("sc_practice", n=s.undos))
        if s.my_turn:
            parts.append(self.r.ui.style(self.t("sc_your_turn"), "bold", "green"))
        return " · " + " · ".join(parts)

    def tick(self) -> None:
        """The clock (only the header's status is redrawn)."""
        try:
            status = self.query_one("#head-status", Static)
        except NoMatches:  # the app is closing
            return
        status.update(ansi(self.header_extra()))

    def redraw(self) -> None:
        s = self.session
        view = s.view()
        self.draw_table(view)
        self.draw_side(score_rows(self.r, view, s.log.rows), s.log.lines[-300:])
        legal = list(view.legal_actions) if s.my_turn else []
        playable = {c for c in getattr(view, "hand", ()) if card_actions(legal, c)}
        self.draw_hand(view, legal, playable)
        if s.pending:
            items = [(f"{k} {self.r.action_label(view, a)}", f"typed('{k}')")
                     for k, a in enumerate(s.pending, 1)]
        else:
            menu = s.menu_actions()
            items = [(f"{k} {self.r.action_label(view, a)}", f"typed('{k}')")
                     for k, a in enumerate(menu, 1)
                     if not (a.kind in CARD_KINDS and len(a.cards) == 1)]
            # moves the menu does not number (Burraco's melds): the longest few, typed out
            extra = sorted((a for a in legal if a not in menu and a.kind not in CARD_KINDS),
                           key=lambda a: -len(a.cards))[:MORE]
            items += [(self.r.action_label(view, a), f"typed('{a}')") for a in extra]
        self.draw_bar(items)
        if s.over:
            self.say(self.r.game_over(view, s.state.result) + "\n" + self.t("sc_game_over"))

    # --- input ------------------------------------------------------------------------------
    def action_typed(self, line: str) -> None:
        self.typed(line)

    def action_command(self, word: str) -> None:
        self.typed(word)

    def action_undo(self) -> None:
        self.typed("undo")

    def action_card(self, k: int) -> None:
        super().action_card(k)
        if 0 <= k < len(self.hand_cards):
            self.typed(str(self.hand_cards[k]))

    def typed(self, line: str) -> None:
        if not line.strip():  # Enter on the hand: the chosen card
            if self.hand_cards and self.session.my_turn and self.legal_cards:
                line = str(self.hand_cards[self.selected])
            else:
                return
        outcome = self.session.submit(line)
        if outcome.kind == "quit":
            self.exit("quit")
            return
        if outcome.kind == "played":
            self.say("")
            self.redraw()
            self.pump()
            return
        if outcome.kind == "undone":
            self.out = False
            self.say(outcome.text)
        elif outcome.kind in ("message", "choose"):
            self.say(outcome.text, error=outcome.error)
        self.redraw()


def _clock(seconds: float) -> str:
    """``mm:ss`` (``h:mm:ss`` past an hour).

    >>> _clock(75), _clock(3725)
    ('01:15', '1:02:05')
    """
    s = int(seconds)
    h, m = divmod(s // 60, 60)
    return f"{h}:{m:02d}:{s % 60:02d}" if h else f"{m:02d}:{s % 60:02d}"
