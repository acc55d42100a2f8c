"""The full-screen table's layout and widgets, shared by play and replay (Textual).

Everything shown is drawn from one seat's view (``screen.felt``) with the game's text renderer,
so the words, the card letters and what stays hidden are the plain table's.

Layout (80×24 and up; the right column widens with the window)::

    header: the deal's title line · the clock
    ┌ felt: seats round the table, cards left, dealer D, ◀ to act ┐ score: one line a deal
    │ the trick's cards before their players, the last trick      │ moves: the event lines
    └ the game's lines: trump, bids, melds, pot, players...       ┘
    message (errors, help, hint, the deal's sheet)
    hand: the cards, ▲ under each card that may be played now (click, or ←/→ and Enter)
    actions: the other moves of the menu, numbered as in the plain table (click or type)
    command input · footer with the keys
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any, ClassVar

from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.markup import escape
from textual.widgets import Footer, Input, Static

from trapoula.cards import Card
from trapoula.core.action import Action
from trapoula.screen.felt import center_lines, felt, hand_groups, info_lines, strip_styles
from trapoula.tui.base import Renderer
from trapoula.tui.strings_screen import st

__all__ = ["CommandInput", "FeltView", "TableBase", "ansi"]


def ansi(lines: Sequence[str] | str) -> Text:
    """Lines with the renderer's ANSI styles as Rich text."""
    text = lines if isinstance(lines, str) else "\n".join(lines)
    return Text.from_ansi(text, no_wrap=False)


class CommandInput(Input):
    """The command line; while it is empty, ←/→ choose a card and Enter plays it."""

    def action_cursor_left(self, select: bool = False) -> None:
        if self.value or select:
            super().action_cursor_left(select)
        else:
            self._move(-1)

    def action_cursor_right(self, select: bool = False) -> None:
        if self.value or select:
            super().action_cursor_right(select)
        else:
            self._move(1)

    def _move(self, delta: int) -> None:
        move = getattr(self.app, "action_move", None)
        if move is not None:
            move(delta)


class FeltView(Static):
    """The seats round the felt, redrawn to its size."""

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        self.source: tuple[Renderer, Any] | None = None

    def show(self, r: Renderer, view: Any) -> None:
        self.source = (r, view)
        self.redraw()

    def redraw(self) -> None:
        if self.source is None:
            return
        r, view = self.source
        w, h = self.size.width or 60, self.size.height or 10
        self.update(ansi(felt(r, view, w, h, center_lines(r, view))))

    def on_resize(self) -> None:
        self.redraw()


class TableBase(App[str]):
    """The panels of a table and how a view fills them; play and replay add the moves."""

    ENABLE_COMMAND_PALETTE = False
    #: start with the command line focused (play); replay starts on the keys
    FOCUS_INPUT: ClassVar[bool] = True

    CSS: ClassVar[str] = """
    Screen { layout: vertical; }
    #header { height: 1; background: $primary-background; color: $text; }
    #head-title { width: 1fr; text-wrap: nowrap; text-overflow: ellipsis; }
    #head-status { width: auto; padding-right: 1; }
    #main { height: 1fr; }
    #left { width: 1fr; }
    #felt { height: 1fr; min-height: 7; background: $boost; }
    #info { height: auto; max-height: 7; }
    #info-text { text-wrap: nowrap; text-overflow: ellipsis; }
    #right { width: 28; border-left: vkey $primary; padding-left: 1; }
    #scores { height: auto; max-height: 9; }
    #moves-title { height: 1; }
    #moves { height: 1fr; }
    #message { height: auto; max-height: 6; }
    #message.error { color: $error; }
    #hand { height: auto; max-height: 4; }
    #actions { height: auto; max-height: 3; }
    #cmd { height: 1; border: none; padding: 0 1; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+q", "quit_table", st("sc_quit"), priority=True),
        Binding("ctrl+t", "light_dark", show=False, priority=True),
    ]

    def __init__(self, r: Renderer, **kw: Any) -> None:
        super().__init__(**kw)
        self.r = r
        self.lang = r.ui.lang
        self.hand_cards: list[Card] = []
        self.selected = 0
        self.legal_cards: set[Card] = set()
        self.bar: list[tuple[str, str]] = []  # (label, action to run) in the action bar

    def t(self, key: str, **kw: Any) -> str:
        return st(key, self.lang, **kw)

    def compose(self) -> ComposeResult:
        with Horizontal(id="header"):
            yield Static(id="head-title")
            yield Static(id="head-status")
        with Horizontal(id="main"):
            with Vertical(id="left"):
                yield FeltView(id="felt")
                with VerticalScroll(id="info"):
                    yield Static(id="info-text")
            with Vertical(id="right"):
                yield Static(id="scores")
                yield Static(id="moves-title")
                with VerticalScroll(id="moves"):
                    yield Static(id="moves-text")
        with VerticalScroll(id="message"):
            yield Static(id="message-text")
        yield Static(id="hand")
        yield Static(id="actions")
        yield CommandInput(placeholder=self.placeholder(), id="cmd")
        yield Footer()

    def placeholder(self) -> str:
        return self.t("sc_input")

    def on_mount(self) -> None:
        if self.FOCUS_INPUT:
            self.query_one("#cmd", CommandInput).focus()
        self.relabel({})
        self.on_resize()

    def relabel(self, keys: dict[str, str]) -> None:
        """The footer's labels in the table's language (action -> string key)."""
        keys = {"quit_table": "sc_quit", **keys}
        table = self._bindings.key_to_bindings
        for key, bindings in table.items():
            table[key] = [replace(b, description=self.t(keys[b.action]))
                          if b.action in keys else b for b in bindings]

    def on_resize(self, event: Any = None) -> None:
        right = self.query_one("#right")
        right.styles.width = 28 if self.size.width < 110 else max(30, self.size.width // 3)
        self.query_one("#info").styles.max_height = max(7, self.size.height // 3)
        self.query_one("#message").styles.max_height = max(6, self.size.height // 4)

    def screen_text(self) -> str:
        """The screen as plain text, one line a row (what the tests read)."""
        strips = self.screen._compositor.render_strips()
        return "\n".join(strip.text.rstrip() for strip in strips)

    # --- filling the panels -----------------------------------------------------------------
    def draw_table(self, view: Any, hands: Any = None) -> None:
        r = self.r
        lines = r.table(view, hands).splitlines()
        head = strip_styles(lines[0]).strip("━─ ") if lines else ""
        self.query_one("#head-title", Static).update(ansi(" " + head))
        self.query_one("#head-status", Static).update(ansi(self.header_extra()))
        self.query_one("#felt", FeltView).show(r, view)
        self.query_one("#info-text", Static).update(ansi(info_lines(r, view, hands)))

    def header_extra(self) -> str:
        return ""

    def draw_side(self, scores: Sequence[str], moves: Sequence[str]) -> None:
        self.query_one("#scores", Static).update(
            ansi([self.r.ui.bold(self.t("sc_scores")), *scores]))
        self.query_one("#moves-title", Static).update(ansi(self.r.ui.bold(self.t("sc_moves"))))
        self.query_one("#moves-text", Static).update(ansi(list(moves)))
        self.query_one("#moves", VerticalScroll).scroll_end(animate=False)

    def say(self, text: str, error: bool = False) -> None:
        box = self.query_one("#message", VerticalScroll)
        box.set_class(error, "error")
        self.query_one("#message-text", Static).update(ansi(text) if text else "")
        box.scroll_home(animate=False)

    def draw_hand(self, view: Any, legal: Sequence[Action], playable: set[Card]) -> None:
        """The hand in the table's order, ``▲`` under each card that may be played now."""
        hand = list(getattr(view, "hand", ()) or ())
        order = [c for g in hand_groups(self.r, hand, view) for c in g]
        self.hand_cards = order
        self.legal_cards = playable
        if self.selected >= len(order) or (order and order[self.selected] not in playable):
            self.selected = next((k for k, c in enumerate(order) if c in playable), 0)
        ui = self.r.ui
        width = max(20, self.size.width - len(self.t("your_hand")) - 3)
        per_row = max(1, width // 4)
        rows: list[str] = []
        for start in range(0, len(order), per_row):
            cards, marks = [], []
            for k in range(start, min(len(order), start + per_row)):
                c = order[k]
                label = ui.card(c).replace("\x1b[31m", "").replace("\x1b[39m", "")
                label = escape(f"{label:<3}")
                style = "red" if c.suit is not None and c.suit.is_red else ""
                if c not in playable and playable:
                    style += " dim"
                if k == self.selected and c in playable:
                    style += " reverse"
                text = f"[{style.strip()}]{label}[/]" if style.strip() else label
                cards.append(f"[@click=app.card({k})]{text}[/] ")
                mark = "▲" if c in playable else " "
                if k == self.selected and c in playable:
                    mark = "[b]▲[/b]"
                marks.append(f"[@click=app.card({k})]{mark}  [/] ")
            rows.append("".join(cards).rstrip())
            if playable:
                rows.append("".join(marks).rstrip())
        title = escape(self.t("your_hand"))
        pad = " " * len(title)
        text = "\n".join((f"[b]{title}[/b] " if i == 0 else pad + " ") + row
                         for i, row in enumerate(rows)) or f"[b]{title}[/b] -"
        self.query_one("#hand", Static).update(text)

    def draw_bar(self, items: Sequence[tuple[str, str]]) -> None:
        """The action bar: (label, action) pairs, each clickable."""
        self.bar = list(items)
        parts = [f"[@click=app.bar({k})][reverse] {escape(strip_styles(label))} [/reverse][/]"
                 for k, (label, _) in enumerate(items)]
        self.query_one("#actions", Static).update("  ".join(parts))

    # --- actions ----------------------------------------------------------------------------
    async def action_bar(self, k: int) -> None:
        if 0 <= k < len(self.bar):
            await self.run_action(self.bar[k][1])

    def action_move(self, delta: int) -> None:
        if not self.hand_cards:
            return
        k = self.selected
        for _ in range(len(self.hand_cards)):
            k = (k + delta) % len(self.hand_cards)
            if not self.legal_cards or self.hand_cards[k] in self.legal_cards:
                break
        self.selected = k
        self.redraw()

    def action_card(self, k: int) -> None:
        self.selected = k

    def redraw(self) -> None:
        """Draw every panel again from the current position."""

    def action_light_dark(self) -> None:
        """Ctrl+T: a light or a dark table (to suit the terminal's own colours)."""
        self.theme = "textual-light" if self.theme == "textual-dark" else "textual-dark"

    def action_quit_table(self) -> None:
        self.exit("quit")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        line = event.value
        event.input.value = ""
        self.typed(line)

    def typed(self, line: str) -> None:
        """A line of the command input (an empty one: Enter on the hand)."""
