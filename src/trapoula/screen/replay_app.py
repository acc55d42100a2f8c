"""``trapoula replay FILE`` on the full screen: step forward and back, jump to any deal.

The positions come from a ``ReplayCursor`` (``trapoula.cli.replay_cursor``, passed in); the
table is drawn from the chosen seat's view at each position (every hand only with ``--all``).
"""

from __future__ import annotations

import re
from typing import Any, ClassVar

from textual.binding import Binding, BindingType
from textual.markup import escape
from textual.widgets import Static

from trapoula.screen.base import CommandInput, TableBase
from trapoula.screen.felt import card_actions, score_rows
from trapoula.tui.strings_screen import st

__all__ = ["ReplayApp"]

_DEAL = re.compile(r"^(?:deal|d)\s*(\d+)$")


class ReplayApp(TableBase):
    """A record's positions as ``viewer`` saw them (``show_all``: every hand)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        *TableBase.BINDINGS,
        Binding("right,space,n", "step(1)", st("sc_next")),
        Binding("left,backspace,p,b", "step(-1)", st("sc_back")),
        Binding("pagedown", "deal_step(1)", st("sc_next_deal")),
        Binding("pageup", "deal_step(-1)", st("sc_prev_deal")),
        Binding("home", "to(0)", st("sc_start"), show=False),
        Binding("end", "to(-1)", st("sc_end"), show=False),
        Binding("d", "deals", st("sc_deals")),
        Binding("q", "quit_table", st("sc_quit"), show=False),
        Binding("colon,slash,tab", "focus_input", show=False),
        Binding("f1", "help", st("sc_help")),
    ]

    FOCUS_INPUT = False  # keys step the replay; ':' or Tab to type

    def __init__(self, cursor: Any, r: Any, show_all: bool = False, **kw: Any) -> None:
        super().__init__(r, **kw)
        self.cursor = cursor
        self.show_all = show_all
        self.events: dict[int, list[str]] = {}

    def placeholder(self) -> str:
        return self.t("sc_replay_input")

    def on_mount(self) -> None:
        super().on_mount()
        self.relabel({"step(1)": "sc_next", "step(-1)": "sc_back", "deal_step(1)": "sc_next_deal",
                      "deal_step(-1)": "sc_prev_deal", "deals": "sc_deals", "help": "sc_help"})
        self.draw_bar([(self.t("sc_start"), "to(0)"), (self.t("sc_back"), "step(-1)"),
                       (self.t("sc_next"), "step(1)"), (self.t("sc_prev_deal"), "deal_step(-1)"),
                       (self.t("sc_next_deal"), "deal_step(1)"), (self.t("sc_end"), "to(-1)"),
                       (self.t("sc_deals"), "deals")])
        self.redraw()
        if self.cursor.record.get("practice"):
            undos = self.cursor.record["practice"].get("undos", 0)
            self.say(self.t("sc_practice_record", n=undos))

    # --- drawing ----------------------------------------------------------------------------
    def _events(self, k: int) -> list[str]:
        if k not in self.events:
            step = self.cursor.steps[k]
            self.events[k] = self.r.event(step.before, step.after, step.seat,
                                          step.action).splitlines()
        return self.events[k]

    def header_extra(self) -> str:
        c = self.cursor
        pos = self.t("sc_replay_pos", i=c.at, n=c.last, d=c.deal_of(c.at), deals=c.deals)
        return " · " + pos

    def redraw(self) -> None:
        c = self.cursor
        state = c.state
        view = state.view(c.viewer)
        hands = None
        if self.show_all:
            hands = {s: h for s in state.game.info.seats
                     if (h := getattr(state.view(s), "hand", None)) is not None}
        self.draw_table(view, hands)
        done = c.done_steps()
        moves = [line for k in range(max(0, c.at - 120), c.at) for line in self._events(k)]
        self.draw_side(score_rows(self.r, view, [s for s in done if s.deal_over]), moves)
        legal = list(getattr(view, "legal_actions", ()))
        playable = {x for x in getattr(view, "hand", ()) if card_actions(legal, x)}
        self.draw_hand(view, legal, playable)

    # --- moving -----------------------------------------------------------------------------
    def show_step(self) -> None:
        """Redraw, and say what the last step did (the deal's sheet when it ended one)."""
        c = self.cursor
        self.redraw()
        if c.at == 0:
            self.say(self.t("sc_at_start"))
            return
        step = c.steps[c.at - 1]
        if step.deal_over:
            self.say(self.r.deal_summary(step.before, step.after, step.current))
        else:
            self.say("\n".join(self._events(c.at - 1)))

    def action_step(self, delta: int) -> None:
        moved = self.cursor.forward() if delta > 0 else self.cursor.back()
        if moved:
            self.show_step()
        else:
            self.say(self.t("sc_at_end" if delta > 0 else "sc_at_start"))

    def action_move(self, delta: int) -> None:  # ←/→ in the empty command line
        self.action_step(delta)

    def action_deal_step(self, delta: int) -> None:
        c = self.cursor
        deal = c.deal_of(c.at) + delta
        if delta < 0 and c.at != c.deal_starts[c.deal_of(c.at) - 1]:
            deal += 1  # PgUp inside a deal: to its start first
        if c.jump_deal(max(1, min(c.deals, deal))):
            self.show_step()

    def action_to(self, position: int) -> None:
        self.cursor.go(self.cursor.last if position < 0 else position)
        self.show_step()

    def action_deal(self, n: int) -> None:
        if self.cursor.jump_deal(n):
            self.show_step()
        else:
            self.say(self.t("sc_no_deal", n=n, max=self.cursor.deals), error=True)

    def action_deals(self) -> None:
        """The list of deals, each clickable (or type ``deal N``)."""
        c = self.cursor
        items = [f"[@click=app.deal({d})][reverse] {d} [/reverse][/]"
                 for d in range(1, c.deals + 1)]
        self.query_one("#message-text", Static).update(
            escape(self.t("sc_deals")) + ":  " + "  ".join(items))

    def action_help(self) -> None:
        self.say(self.t("sc_replay_help"))

    def action_focus_input(self) -> None:
        self.query_one("#cmd", CommandInput).focus()

    def on_input_submitted(self, event: Any) -> None:
        super().on_input_submitted(event)
        self.set_focus(None)  # back to the keys

    def typed(self, line: str) -> None:
        text = line.strip().lower()
        match = _DEAL.match(text)
        if not text or text in ("next", "n"):
            self.action_step(1)
        elif text in ("back", "b", "prev"):
            self.action_step(-1)
        elif match:
            self.action_deal(int(match.group(1)))
        elif text in ("start", "home"):
            self.action_to(0)
        elif text in ("end",):
            self.action_to(-1)
        elif text in ("deals",):
            self.action_deals()
        elif text in ("help", "?"):
            self.action_help()
        elif text in ("quit", "q", "exit"):
            self.exit("quit")
        else:
            self.say(self.t("sc_replay_bad", text=line.strip()), error=True)
