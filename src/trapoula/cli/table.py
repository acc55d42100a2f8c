"""The controller behind the full-screen table (``trapoula.screen``): the play loop of
:class:`~trapoula.cli.session.PlaySession` cut into steps a screen can call, with undo.

Nothing here draws or imports Textual: the screen asks for views (``view()``), the event
lines, the score rows and the finished deals' sheets, and hands back what the player typed
or clicked.  Typed lines go through the same parser as the plain table (``PlaySession._reply``)
and illegal ones get the same messages; the state changes only through ``state.apply``.

Undo (a practice table: every other seat is a bot) returns to the state before the human's
previous decision; a forced move (one legal action) is not a decision.  A record saved after
an undo says so (``"practice": {"undos": N}``); :func:`trapoula.loads` ignores the note.

>>> import trapoula
>>> from trapoula.bots import make_bot
>>> from trapoula.tui import Ui, renderer_for
>>> g = trapoula.make("bourloto", "gr")
>>> s = TableSession.create(g, 3, "P1", "random", renderer_for("bourloto", Ui()))
>>> while s.bot_step() is not None:
...     pass
>>> s.state.current_player
'P1'
>>> before = s.state
>>> s.submit("2").kind, s.state is before
('played', False)
>>> while s.bot_step() is not None:
...     pass
>>> s.submit("undo").kind, s.state is before, s.undos
('undone', True, 1)
"""

from __future__ import annotations

import io
from dataclasses import dataclass, field
from typing import Any

from trapoula.bots import Bot
from trapoula.cli.common import Console, bot_or_fallback
from trapoula.cli.practice import UNDO_WORDS
from trapoula.cli.session import PlaySession
from trapoula.cli.steps import Step, advance
from trapoula.core.action import Action
from trapoula.core.game import Game, derive_seed
from trapoula.core.state import GameState
from trapoula.errors import TrapoulaError
from trapoula.tui import Renderer
from trapoula.tui.prompt import resolve
from trapoula.tui.strings_screen import st

__all__ = ["Outcome", "TableSession"]


@dataclass(frozen=True)
class Outcome:
    """What a submitted line did: ``played``, ``undone``, ``choose`` (``options``),
    ``message`` (``text``: an error or a command's answer), ``quit``, ``nothing``."""

    kind: str
    text: str = ""
    options: tuple[Action, ...] = ()
    error: bool = False


@dataclass
class _Mark:
    """What undo restores: a state where the human decided, and the lengths of the logs."""

    state: GameState
    log: int
    rows: int
    finished: int


@dataclass
class Log:
    """The screen's lists: event lines, one score row per finished deal, deal sheets."""

    lines: list[str] = field(default_factory=list)
    rows: list[Step] = field(default_factory=list)


class TableSession(PlaySession):
    """A :class:`PlaySession` driven one step at a time by a screen (no console output)."""

    @classmethod
    def create(cls, game: Game, seed: int, human: str, bots: str, renderer: Renderer,
               hint_bot: str = "heuristic") -> TableSession:
        buf = io.StringIO()
        con = Console(out=buf, err=buf, inp=io.StringIO())
        session = cls(game, game.new_match(seed), human, {}, renderer, con, seed=seed,
                      hint_bot=hint_bot)
        session.bots = {s: bot_or_fallback(bots, game, derive_seed(seed, "bot", s), session.warn)
                        for s in game.info.seats if s != human}
        return session

    def __init__(self, game: Game, state: GameState, human: str, bots: dict[str, Bot],
                 renderer: Renderer, con: Console, **kw: Any) -> None:
        super().__init__(game, state, human, bots, renderer, con, **kw)
        self.log = Log()
        self.marks: list[_Mark] = []
        self.undos = 0
        self.pending: tuple[Action, ...] = ()  # a "which one?" question being answered

    # --- what the screen reads --------------------------------------------------------------
    def view(self) -> Any:
        return self.state.view(self.human)

    @property
    def over(self) -> bool:
        return self.state.is_over

    @property
    def my_turn(self) -> bool:
        return not self.state.is_over and self.state.current_player == self.human

    @property
    def practice(self) -> bool:
        """Undo is offered: every other seat is a bot (always so at ``trapoula play``)."""
        return all(s in self.bots for s in self.game.info.seats if s != self.human)

    def menu_actions(self) -> list[Action]:
        """The numbered menu of the human's decision (empty when it is not his turn)."""
        if not self.my_turn:
            return []
        view = self.view()
        return self.r.menu(view, list(view.legal_actions))

    def notices(self) -> str:
        """What the session wrote (bot warnings), taken once."""
        buf = self.con.out
        assert isinstance(buf, io.StringIO)
        text = buf.getvalue().strip()
        buf.seek(0)
        buf.truncate()
        return text

    # --- moves ------------------------------------------------------------------------------
    def _record(self, step: Step) -> Step:
        self.state = step.state
        self.log.lines.extend(
            self.r.event(step.before, step.after, step.seat, step.action).splitlines())
        if step.deal_over:
            self.log.rows.append(step)
            self.finished.append(self.r.deal_summary(step.before, step.after, step.current))
        return step

    def bot_step(self) -> Step | None:
        """One move of a bot, or of the human when only one action is legal (None: the
        human must decide, or the game is over)."""
        state = self.state
        if state.is_over:
            return None
        seat = state.current_player
        assert seat is not None
        if seat == self.human:
            legal = state.legal_actions()
            if len(legal) != 1:
                return None
            return self._record(advance(state, legal[0], self.human))
        return self._record(advance(state, self.bot_move(seat), self.human))

    def play(self, action: Action) -> Outcome:
        """The human's action (checked against the legal ones: the state is unchanged and the
        reason returned when it is not legal)."""
        if not self.my_turn:
            return Outcome("message", st("sc_not_your_turn", self.ui.lang), error=True)
        view = self.view()
        if action not in view.legal_actions:
            return Outcome("message", self.r.explain(view, action) or str(action), error=True)
        try:
            new = self.state.apply(action)
        except TrapoulaError as exc:
            return Outcome("message", str(exc), error=True)
        self.marks.append(_Mark(self.state, len(self.log.lines), len(self.log.rows),
                                len(self.finished)))
        self.pending = ()
        self._record(advance(self.state, action, self.human, new))
        return Outcome("played")

    def take_back(self) -> Outcome:
        """Back to the human's previous decision (a practice table only)."""
        if not self.practice:
            return Outcome("message", st("sc_no_undo_people", self.ui.lang), error=True)
        if not self.marks:
            return Outcome("message", st("sc_no_undo", self.ui.lang), error=True)
        mark = self.marks.pop()
        self.state = mark.state
        del self.log.lines[mark.log:]
        del self.log.rows[mark.rows:]
        del self.finished[mark.finished:]
        self.pending = ()
        self.undos += 1
        return Outcome("undone", st("sc_undone", self.ui.lang))

    def submit(self, line: str) -> Outcome:
        """A typed line: the same commands and notation as the plain table, plus ``undo``."""
        text = line.strip()
        if text.lower() in UNDO_WORDS:
            return self.take_back()
        if not text:
            return Outcome("nothing")
        view = self.view()
        if self.pending:
            reply = resolve(text, view, self.game.parse_action, self.ui.lang,
                            actions=self.pending)
            self.pending = ()
        elif self.my_turn:
            shown = self.r.command(text, view)
            if shown is not None:  # a display command (Burraco's sort): nothing is played
                return Outcome("message", shown)
            reply = self._reply(text, view, self.menu_actions())
        else:
            reply = resolve(text, view, self.game.parse_action, self.ui.lang, actions=[])
        if reply.kind == "action" and reply.action is not None:
            return self.play(reply.action)
        if reply.kind == "choose":
            self.pending = tuple(reply.options)
            return Outcome("choose", self.ui.t("which", max=len(reply.options)),
                           options=self.pending)
        if reply.kind == "quit":
            return Outcome("quit")
        if reply.kind == "help":
            return Outcome("message", self.r.help_text(view) + "\n" + st("sc_keys", self.ui.lang))
        if reply.kind == "hint":
            return Outcome("message", self.hint(view) if self.my_turn
                           else st("sc_not_your_turn", self.ui.lang))
        if reply.kind == "history":
            return Outcome("message", self.history(view))
        if reply.kind == "error":
            return Outcome("message", reply.message, error=True)
        return Outcome("nothing")
