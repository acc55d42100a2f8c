"""The plain table's session: one human at the terminal against bots, the loop of a match
(whose turn, ask or let a bot choose, print what happened), with hints, undo and the
score cards.  ``trapoula play`` (:mod:`trapoula.cli.play`) runs it; the full-screen table
drives it one step at a time (:class:`~trapoula.cli.table.TableSession`).
"""

from __future__ import annotations

import time
from typing import Any

from trapoula.bots import Bot
from trapoula.cli.common import Console, bot_or_fallback
from trapoula.cli.practice import UNDO_WORDS, save_record
from trapoula.cli.steps import advance, describe
from trapoula.core.action import Action
from trapoula.core.game import Game, derive_seed
from trapoula.core.state import GameState
from trapoula.errors import TrapoulaError
from trapoula.tui import Renderer
from trapoula.tui.prompt import Reply, resolve
from trapoula.tui.strings_screen import st

__all__ = ["PlaySession"]


def _hard_bot(game: Game) -> Bot | None:
    """The game's ``hard`` bot, whose search gives the line behind a hint (None: no such bot)."""
    from trapoula.bots import available_bots, make_bot

    return make_bot("hard", game, seed=0) if "hard" in available_bots(game.name) else None


class PlaySession:
    """The loop of one game: whose turn, ask or let a bot choose, print what happened."""

    def __init__(
        self,
        game: Game,
        state: GameState,
        human: str,
        bots: dict[str, Bot],
        renderer: Renderer,
        con: Console,
        *,
        hint_bot: str = "heuristic",
        seed: int = 0,
        delay: float = 0.0,
    ) -> None:
        self.game = game
        self.state = state
        self.human = human
        self.bots = bots
        self.r = renderer
        self.ui = renderer.ui
        self.con = con
        self.delay = delay
        self._hint_name = hint_bot
        self._hint: Bot | None = None
        self._seed = seed
        self._warned: set[str] = set()
        self.finished: list[str] = []  # each finished deal's score card (``history``)
        self.undos = 0  # decisions taken back (``undo``: a practice game, the record notes it)
        self._decided: list[tuple[GameState, int]] = []  # (state, finished deals) a decision

    # --- the loop ---------------------------------------------------------------------------
    def run(self) -> str:
        """Play until the game ends (``"over"``), the human leaves (``"quit"``) or can no
        longer play (``"out"``: a Bourré player without chips)."""
        new_deal = True
        while not self.state.is_over:
            seat = self.state.current_player
            assert seat is not None
            if new_deal and seat != self.human:  # show the new hand before the bots speak
                self.con.print()
                self.con.print(self.r.table(self.state.view(self.human)))
            new_deal = False
            if seat == self.human:
                got = self.human_turn()
                if got is None:
                    return "quit"
                action, new = got
            else:
                action, new = self.bot_move(seat), None
            step = advance(self.state, action, self.human, new)
            self.state = step.state
            self.con.print(describe(self.r, step))
            if step.deal_over:
                self.finished.append(self.r.deal_summary(step.before, step.after, step.current))
            new_deal = step.deal_over
            if step.deal_over and not self.state.is_over:
                out = self.r.left_game(step.current)
                if out is not None:  # out of chips: the others play on without us
                    self.con.print(out)
                    return "out"
            if step.deal_over and not self.state.is_over and self.con.interactive:
                if self.con.ask(self.ui.dim(self.ui.t("press_enter")) + " ") is None:
                    return "quit"
            elif seat != self.human and self.delay:
                time.sleep(self.delay)
        self.con.print(self.r.game_over(self.state.view(self.human), self.state.result))
        return "over"

    def bot_move(self, seat: str) -> Action:
        view = self.state.view(seat)
        bot = self.bots[seat]
        try:
            action = bot.choose(view)
            if action in view.legal_actions:
                return action
            problem = f"chose {action}, which is not legal"
        except Exception as exc:  # a bot under development must not end the human's game
            problem = f"{type(exc).__name__}: {exc}"
        self.con.error(f"warning: the {bot.name} bot at {seat} failed ({problem}); "
                       "it plays randomly from now on")
        self.bots[seat] = bot_or_fallback("random", self.game, derive_seed(self._seed, seat))
        return self.bots[seat].choose(view)

    def human_turn(self) -> tuple[Action, GameState] | None:
        """Ask until a legal action is given: (action, next state), or None to quit."""
        state = self.state
        view = state.view(self.human)
        legal = list(view.legal_actions)
        if len(legal) == 1:  # nothing to decide: play it, and say why
            why = self.r.forced_reason(view, legal[0])
            self.con.print(self.ui.style(self.ui.t(
                "forced", seat=self.r.seat(self.human, self.human),
                action=self.r.action_label(view, legal[0]), why=why), "yellow"))
            return legal[0], state.apply(legal[0])
        menu = self.r.menu(view, legal)
        self.con.print()
        self.con.print(self.r.table(view))
        self.con.print(self.ui.bold(self.ui.t("your_turn", seat=self.human)) + "  "
                       + self.ui.dim(self.r.prompt_help(view)))
        self.con.print(self.r.menu_text(view, menu))
        while True:
            line = self.con.ask("> ")
            if line is None:
                return None
            if line.strip().lower() in UNDO_WORDS:  # back to the previous decision
                if self.undo():
                    return self.human_turn()
                continue
            shown = self.r.command(line, view)
            if shown is not None:  # a display command (sort...): nothing is played
                self.con.print(shown)
                continue
            reply = self._reply(line, view, menu)
            if reply.kind == "choose":
                self.con.print(self.ui.t("which", max=len(reply.options)))
                self.con.print(self.r.actions_menu(view, reply.options))
                line = self.con.ask("> ")
                if line is None:
                    return None
                reply = resolve(line, view, self.game.parse_action, self.ui.lang,
                                actions=reply.options)
            if reply.kind == "action" and reply.action is not None:
                why = None if reply.action in legal else self.r.explain(view, reply.action)
                if why:
                    self.con.print(self.ui.style(why, "red"))
                    continue
                try:
                    new = state.apply(reply.action)
                except TrapoulaError as exc:
                    self.con.print(self.ui.style(str(exc), "red"))
                else:
                    self._decided.append((state, len(self.finished)))
                    return reply.action, new
            elif reply.kind == "quit":
                return None
            elif reply.kind == "help":
                self.con.print(self.r.help_text(view))
                self.con.print(st("sc_undo_help", self.ui.lang))
                self.con.print(self.r.menu_text(view, menu))
            elif reply.kind == "hint":
                self.con.print(self.hint(view))
            elif reply.kind == "history":
                self.con.print(self.history(view))
            elif reply.kind == "error":
                self.con.print(self.ui.style(reply.message, "red"))
            elif reply.kind == "choose":
                self.con.print(self.ui.t("which", max=len(reply.options)))

    def undo(self) -> bool:
        """Back to the state of the human's previous decision (False: none yet)."""
        if not self._decided:
            self.con.print(self.ui.style(st("sc_no_undo", self.ui.lang), "red"))
            return False
        self.state, done = self._decided.pop()
        del self.finished[done:]
        self.undos += 1
        self.con.print(self.ui.style(st("sc_undone", self.ui.lang), "yellow"))
        return True

    def _reply(self, line: str, view: Any, menu: list[Action]) -> Reply:
        """What a typed line means: the game's shorthand first, then the common rules.  An
        action typed (not a menu number) that would silently give something up, such as a
        play without the Bourlot it could announce, becomes a question between the two."""
        try:
            own = self.r.interpret(line, view, self.game.parse_action)
        except TrapoulaError as exc:
            return Reply("error", message=str(exc))
        reply = (Reply("action", own) if own is not None else
                 resolve(line, view, self.game.parse_action, self.ui.lang, actions=menu))
        if reply.kind == "action" and reply.action is not None and not line.strip().isdigit():
            options = self.r.alternatives(view, reply.action)
            if options:
                return Reply("choose", options=options)
        return reply

    def hint(self, view: Any) -> str:
        if self._hint is None:
            self._hint = bot_or_fallback(self._hint_name, self.game,
                                         derive_seed(self._seed, "hint"), self.warn)
        try:
            action = self._hint.choose(view)
        except Exception as exc:  # the hint is advice; its failure must not end the game
            return f"hint unavailable: {type(exc).__name__}: {exc}"
        text = self.ui.t("hint", bot=self._hint.name, action=self.r.action_label(view, action))
        if len(action.cards) == 1:
            text += f" ({self.ui.card_long(action.cards[0])})"
        from trapoula.search.analysis import hint_text  # the search behind the hint (issue 6)

        extra = hint_text(self._hint, view, search_bot=_hard_bot)
        return text if extra is None else f"{text}\n{extra}"

    def history(self, view: Any) -> str:
        """``history``: the score card of every finished deal, then this deal's moves."""
        ui = self.ui
        out = [ui.title(f"── {ui.t('history_title')} ──")]
        out += self.finished or [ui.t("history_none")]
        events = getattr(view, "events", None)
        moves = list(events) if events else list(getattr(view, "history", ()))
        if moves:
            out.append(ui.bold(ui.t("history_moves")) + ":")
            out.append("\n".join(f"  {k}. {self._move_text(view, move)}"
                                  for k, move in enumerate(moves, 1)))
        return "\n".join(out)

    def _move_text(self, view: Any, move: Any) -> str:
        """One move as the table words it (``P4: πάσο``; another player's hidden draw by the
        renderer, ``P3 прикупает 2``); a log line that does not parse is shown as it is."""
        if not isinstance(move, str):  # a typed event of the view
            if move.action is None:
                return self.r.hidden_move(view, move)
            return f"{self.r.seat(move.seat, self.human)}: {self.r.action_label(view, move.action)}"
        seat, _, text = move.partition(" ")
        try:
            action = self.game.parse_action(text)
        except TrapoulaError:
            return move
        return f"{self.r.seat(seat, self.human)}: {self.r.action_label(view, action)}"

    def warn(self, name: str, why: str) -> None:
        if name not in self._warned:
            self._warned.add(name)
            self.con.error(self.ui.t("bot_missing", name=name, why=why))

    def save(self, path: str) -> None:
        save_record(self.state, self.undos, path)  # trapoula.save, noting a practice game
        self.con.print(self.ui.t("saved", path=path))
