"""``trapoula play GAME``: a whole match in the terminal, one human against bots.

The human's seat (``--seat``, P1 by default) is asked for every decision; bots play the
other seats and their moves are printed as they happen.  Input: a menu number, an action in
notation, or a bare card; ``help``, ``hint``, ``quit``.  Bad input gets the engine's message
and a new prompt; end of input and Ctrl-C leave cleanly (``--save`` still writes the record).
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path
from typing import Any

from trapoula.bots import Bot
from trapoula.cards import LANGUAGES
from trapoula.cli.common import (
    Console,
    bot_or_fallback,
    build_game,
    check_writable,
    parse_options,
    seconds,
)
from trapoula.cli.practice import UNDO_WORDS, save_record
from trapoula.cli.screen_mode import add_screen_options, run_screen, want_screen
from trapoula.cli.steps import advance, describe
from trapoula.core.action import Action
from trapoula.core.game import Game, derive_seed, fresh_seed
from trapoula.core.seats import seat_index
from trapoula.core.state import GameState
from trapoula.errors import ConfigError, TrapoulaError
from trapoula.tui import Renderer, Ui, renderer_for, supports_color
from trapoula.tui.prompt import Reply, resolve
from trapoula.tui.strings_screen import st

__all__ = ["PlaySession", "add_parser", "run"]


def add_parser(sub: Any) -> None:
    p = sub.add_parser("play", help="play a match against bots in the terminal",
                       description="Play a whole match against bots (a bot partner in "
                                   "partnership games).")
    p.add_argument("game", help="game name (see: trapoula games)")
    p.add_argument("options", nargs="*", default=[], metavar="option=value",
                   help="rule options overriding the preset (see: trapoula rules GAME)")
    p.add_argument("--preset", help="rule preset (bourloto: ru, gr; burraco: seed, fibur)")
    add_table_options(p)
    p.add_argument("--seed", type=int, help="match seed (the same seed gives the same deals)")
    p.add_argument("--lang", choices=LANGUAGES, default="en", help="language of the table")
    p.add_argument("--seat", default="P1", help="your seat (default P1)")
    p.add_argument("--bots", default="heuristic", help="bot for the other seats")
    p.add_argument("--save", metavar="FILE", help="write the game record here at the end")
    p.add_argument("--delay", type=seconds, default=None,
                   help="seconds to pause after each bot move (default 0.4 on a terminal)")
    p.add_argument("--color", choices=("auto", "always", "never"), default="auto")
    add_screen_options(p)
    p.set_defaults(run=run)


def add_table_options(p: Any) -> None:
    """``--players``, ``--stack``, ``--ante``: shorthands for rule options of that name."""
    p.add_argument("--players", type=int, metavar="N",
                   help="number of players (option players=N; bourre: 2-7)")
    p.add_argument("--stack", type=int, metavar="CHIPS",
                   help="chips each player starts with (bourre: option starting_stack)")
    p.add_argument("--ante", type=int, metavar="CHIPS", help="the ante (bourre: option ante)")


def option_words(args: argparse.Namespace) -> list[str]:
    """The ``option=value`` words of the command line, the shorthand flags included.

    >>> option_words(argparse.Namespace(options=["max_deals=3"], players=5, stack=None,
    ...                                 ante=2))
    ['max_deals=3', 'players=5', 'ante=2']
    """
    words = list(args.options)
    for flag, name in (("players", "players"), ("stack", "starting_stack"), ("ante", "ante")):
        value = getattr(args, flag, None)
        if value is not None:
            words.append(f"{name}={value}")
    return words


def make_ui(lang: str, color: str, con: Console) -> Ui:
    on = color == "always" or (color == "auto" and supports_color(con.out))
    return Ui(lang, color=on)


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


def check_save_path(path: str, lang: str = "en") -> None:
    """Refuse a ``--save`` path that could not be written at the end: tried by writing to it
    before any deal (:func:`~trapoula.cli.common.check_writable`: a full device, ``/proc``
    or a read-only place fails now, not at quit).

    >>> check_save_path("/no/such/folder/game.json")
    Traceback (most recent call last):
    ...
    trapoula.errors.ConfigError: --save /no/such/folder/game.json: the folder /no/such/folder \
does not exist; create it or choose another path (nothing was played).
    """
    from trapoula.tui.strings import tr

    folder = Path(path).expanduser().parent
    if not folder.is_dir():
        raise ConfigError(tr("save_bad_dir", lang, path=path, folder=str(folder)))
    why = check_writable(path)
    if why:
        raise ConfigError(tr("save_not_writable", lang, path=path, why=why))


def run(args: argparse.Namespace, con: Console) -> int:
    words = option_words(args)
    parse_options(words)  # report bad key=value syntax before anything else
    if args.save:
        check_save_path(args.save, args.lang)
    game = build_game(args.game, args.preset, words)
    ui = make_ui(args.lang, args.color, con)
    renderer = renderer_for(game.name, ui)
    renderer.options = game.options
    seats = list(game.info.seats)
    human = f"P{seat_index(args.seat) + 1}"
    if human not in seats:
        raise ConfigError(f"--seat must be one of {', '.join(seats)}; got {args.seat!r}")
    seed = fresh_seed() if args.seed is None else args.seed
    if want_screen(args, con):  # the full-screen table (trapoula.screen)
        return run_screen(args, con, game, human, seed)
    state = game.new_match(seed)
    renderer.teams = game.info.partnership  # partnerships: "(partner)", "A (us)"
    delay = args.delay if args.delay is not None else (0.4 if con.interactive else 0.0)
    session = PlaySession(game, state, human, {}, renderer, con, seed=seed, delay=delay)
    session.bots = {
        s: bot_or_fallback(args.bots, game, derive_seed(seed, "bot", s), session.warn)
        for s in seats if s != human
    }
    partner = ""
    if renderer.teams and len(seats) == 4:
        partner = ui.t("with_partner", seat=seats[(seats.index(human) + 2) % 4])
    con.print(ui.bold(ui.t("welcome", title=getattr(game, "title", game.name),
                           preset=game.preset, seat=human, partner=partner)))
    con.print(ui.dim(ui.t("seed", seed=seed)))
    outcome = "quit"
    try:
        outcome = session.run()
    except KeyboardInterrupt:
        con.print()
        return_code = 130
    else:
        return_code = 0
    finally:
        if args.save:
            session.save(args.save)
    if outcome == "quit":
        con.print(ui.t("bye"))
    return return_code
