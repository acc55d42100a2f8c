"""The pieces of the full-screen table as text, from a seat's **view** only (no Textual here).

Every function takes the view the seat may see (and the game's text renderer for the words),
so nothing hidden can reach the screen.  Text carries the renderer's ANSI styles; the widgets
turn it into Rich text (``Text.from_ansi``), so the colours are the plain table's.

>>> import trapoula
>>> from trapoula.tui import Ui, renderer_for
>>> r = renderer_for("bourloto", Ui())
>>> v = trapoula.make("bourloto", "gr").new_match(seed=3).view("P1")
>>> lines = felt(r, v, 44, 9)
>>> len(lines), all(len(line) <= 44 for line in lines)
(9, True)
>>> "P3" in lines[0] and "P1" in lines[-2]
True
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping, Sequence
from typing import Any

from trapoula.cards import Card
from trapoula.core.action import Action
from trapoula.tui.base import Renderer, _visible_len
from trapoula.tui.strings_screen import st

__all__ = ["CARD_KINDS", "card_actions", "center_lines", "felt", "hand_groups", "info_lines",
           "score_rows", "seat_block", "seats_from", "strip_styles"]

#: actions made with one card of the hand, played by choosing the card itself
CARD_KINDS = ("play", "discard")


def seats_from(view: Any) -> list[str]:
    """The seats at the table, the viewer first, then round the table in turn order."""
    counts: Mapping[str, int] = getattr(view, "hand_counts", {}) or {}
    seats = list(getattr(view, "players", ()) or counts)
    me = getattr(view, "seat", None)
    if me in seats:
        k = seats.index(me)
        seats = seats[k:] + seats[:k]
    return seats


def _trim(text: str, width: int) -> str:
    """Cut text (ANSI styles kept) to ``width`` visible columns."""
    if _visible_len(text) <= width:
        return text
    out, n, i = [], 0, 0
    while i < len(text) and n < width - 1:
        if text[i] == "\x1b":
            j = text.find("m", i)
            j = len(text) - 1 if j < 0 else j
            out.append(text[i:j + 1])
            i = j + 1
            continue
        out.append(text[i])
        n += 1
        i += 1
    return "".join(out) + "…\x1b[0m" if "\x1b" in text else "".join(out) + "…"


def seat_block(r: Renderer, view: Any, seat: str, width: int = 18) -> list[str]:
    """A seat's two or three lines: name with dealer ``D`` and turn ``◀`` marks, its cards
    left (and chips), then its card in the current trick or its state in the deal."""
    ui = r.ui
    me = getattr(view, "seat", None)
    name = r.seat(seat, me)
    if getattr(view, "dealer", None) == seat:
        name += " " + ui.style("D", "yellow")
    if getattr(view, "current_player", None) == seat:
        name = ui.style(name, "bold", "reverse") + " ◀"
    second = []
    counts = getattr(view, "hand_counts", {}) or {}
    if seat in counts:
        second.append(st("sc_cards_n", ui.lang, n=counts[seat]))
    stacks = getattr(view, "stacks", None)
    if isinstance(stacks, Mapping) and seat in stacks:
        second.append(st("sc_chips", ui.lang, n=stacks[seat]))
    if len(second) > 1 and _visible_len(" · ".join(second)) > width:
        second = second[:1]  # chips are in the players' list under the felt too
    lines = [name, ui.dim(" · ".join(second))]
    played = dict(getattr(view, "trick", ()) or ())
    if seat in played:
        lines.append("[" + ui.card(played[seat], "bold") + "]")
    elif hasattr(r, "status") and hasattr(view, "folded"):
        lines.append(ui.dim(str(r.status(view, seat))))  # Bourré: stays, drew 3...
    return [_trim(line, width) for line in lines]


def _place(grid: list[list[str]], row: int, col: int, text: str) -> None:
    """Write styled text into a grid of cells (one visible character a cell)."""
    if not 0 <= row < len(grid):
        return
    cells: list[str] = []
    pending = ""
    i = 0
    while i < len(text):
        if text[i] == "\x1b":
            j = text.find("m", i)
            j = len(text) - 1 if j < 0 else j
            pending += text[i:j + 1]
            i = j + 1
            continue
        cells.append(pending + text[i])
        pending = ""
        i += 1
    if cells and pending:
        cells[-1] += pending
    for k, cell in enumerate(cells):
        if 0 <= col + k < len(grid[row]):
            grid[row][col + k] = cell


def sides(others: int) -> tuple[int, int, int]:
    """How many of the other seats sit on the left, at the top and on the right.

    >>> [sides(k) for k in range(1, 7)]
    [(0, 1, 0), (1, 0, 1), (1, 1, 1), (1, 2, 1), (2, 1, 2), (2, 2, 2)]
    """
    side = others // 3 + (1 if others % 3 == 2 else 0)
    return side, others - 2 * side, side


def felt(r: Renderer, view: Any, width: int, height: int,
         center: Sequence[str] = ()) -> list[str]:
    """The seats round the felt (the viewer at the bottom, the others clockwise in turn
    order: up the left side, along the top, down the right side), ``center`` lines in the
    middle; ``height`` lines of ``width`` columns."""
    width, height = max(width, 20), max(height, 5)
    grid = [[" "] * width for _ in range(height)]
    seats = seats_from(view)
    others = seats[1:]
    n_left, n_top, n_right = sides(len(others))
    side_w = max(10, min(22, width // 3 - 1)) if n_left else 0
    mid_w = width - 2 * side_w
    # the viewer: bottom, centred between the sides
    if seats:
        block = seat_block(r, view, seats[0], mid_w)
        wide = max(_visible_len(line) for line in block)
        for i, line in enumerate(block):
            _place(grid, height - len(block) + i, side_w + (mid_w - wide) // 2, line)
    left, top, right = (others[:n_left], others[n_left:n_left + n_top],
                        others[n_left + n_top:])
    used = [0, 0]  # the columns the left and the right seats really take
    for column, col_seats in ((0, left[::-1]), (1, right)):
        slot = height // max(1, len(col_seats))
        for k, seat in enumerate(col_seats):
            block = seat_block(r, view, seat, side_w)
            row = k * slot + max(0, (slot - len(block)) // 2)
            wide = max(_visible_len(line) for line in block)
            used[column] = max(used[column], wide)
            col = width - wide if column else 0  # the right side on the felt's edge
            for i, line in enumerate(block):
                _place(grid, row + i, col, line)
    slot_w = mid_w // max(1, len(top))
    for k, seat in enumerate(top):
        block = seat_block(r, view, seat, slot_w - 1)
        wide = max(_visible_len(line) for line in block)
        for i, line in enumerate(block):
            _place(grid, i, side_w + k * slot_w + (slot_w - wide) // 2, line)
    used_top = 3 if top else 0
    room = height - used_top - 3
    free = width - 2 * max(used) - 4  # the middle may reach over the sides' empty columns
    mid = [_trim(line, max(8, free)) for line in center][: max(1, room)]
    first = used_top + max(0, (room - len(mid)) // 2)
    for i, line in enumerate(mid):
        _place(grid, first + i, (width - _visible_len(line)) // 2, line)
    out = []
    for cells in grid:
        text = "".join(cells)
        out.append(text + ("\x1b[0m" if "\x1b" in text else ""))
    return out


def center_lines(r: Renderer, view: Any) -> list[str]:
    """The middle of the felt: the trick number and the previous trick, or the piles."""
    ui = r.ui
    lines: list[str] = []
    trump, upcard = getattr(view, "trump", None), getattr(view, "upcard", None)
    if upcard is not None and trump is None:
        lines.append(f"{ui.t('upcard')}: {ui.card(upcard, 'bold')}")
    elif trump is not None and not tuple(getattr(view, "trick", ())):
        lines.append(f"{ui.t('trump')}: {ui.suit(trump)}")
    tricks = getattr(view, "tricks", None)
    if tricks is not None and (getattr(view, "trick", None) or tricks):
        lines.append(ui.dim(f"{st('sc_trick', ui.lang)} {len(tricks) + 1}"))
        if tricks:
            last = tricks[-1]
            cards = " ".join(ui.card(c) for _, c in last.plays)
            win = f" → {last.winner}" if getattr(last, "winner", None) else ""
            lines.append(f"{st('sc_last_trick', ui.lang)}: {cards}{win}")
    pile = getattr(view, "discard", None)
    if pile is not None:
        top = ui.card(pile[-1], "bold") if pile else "-"
        lines.append(f"{ui.t('bu_discard_pile')} ({len(pile)}) {top}")
        lines.append(ui.t("bu_stock") + f" {getattr(view, 'stock_count', '')}")
    pot = getattr(view, "pot", None)
    if isinstance(pot, int):
        lines.append(ui.bold(st("sc_pot", ui.lang, n=pot)))
    return lines


def hand_groups(r: Renderer, cards: Sequence[Card], view: Any) -> list[list[Card]]:
    """The hand in the plain table's order (by suit, trumps marked; Burraco's sort)."""
    module = importlib.import_module(type(r).__module__)
    by = getattr(r, "sort_by", None)
    sort_cards = getattr(module, "sort_cards", None)
    if by is not None and sort_cards is not None:
        return [list(g) for g in sort_cards(cards, by)]
    sort_hand = getattr(module, "sort_hand", None)
    if sort_hand is not None:
        return [list(g) for g in sort_hand(cards, getattr(view, "trump", None))]
    return [list(cards)] if cards else []


def card_actions(legal: Sequence[Action], card: Card) -> list[Action]:
    """The legal actions made by choosing ``card`` alone (play it, discard it)."""
    return [a for a in legal if a.kind in CARD_KINDS and a.cards == (card,)]


def info_lines(r: Renderer, view: Any, hands: Any = None) -> list[str]:
    """The game's own lines under the felt: the plain table minus its title and the hand
    (trump, bids, declarations, melds, pozzetti, players' states; ``hands``: replay --all)."""
    text = r.table(view, hands)
    hand = getattr(view, "hand", None)
    out = []
    mine = strip_styles(r.hand(hand, view)) if hand else None
    shown = tuple(r.ui.t(key) for key in ("score", "cards", "bu_cards", "your_hand"))
    for line in text.splitlines():
        plain = strip_styles(line).strip()
        if not plain or plain.startswith("━━") or plain.startswith("──"):
            continue
        if plain.startswith(shown):
            continue
        if mine and mine in strip_styles(line):
            continue  # the hand has its own row
        out.append(line.rstrip())
    return out


def strip_styles(text: str) -> str:
    out, i = [], 0
    while i < len(text):
        if text[i] == "\x1b":
            j = text.find("m", i)
            i = len(text) if j < 0 else j + 1
            continue
        out.append(text[i])
        i += 1
    return "".join(out)


def score_rows(r: Renderer, view: Any, deal_results: Sequence[Any]) -> list[str]:
    """One line per finished deal, then the totals: team points (Bourloto, Burraco) or the
    pot's winners and the viewer's chips (Bourré).  ``deal_results``: the finished deals'
    steps (``Step.after`` is the finished deal's view, ``Step.current`` the next one)."""
    ui = r.ui
    me = getattr(view, "seat", None)
    match = getattr(view, "match", None)
    lang = ui.lang
    if match is not None and getattr(match, "deal_scores", None) is not None:
        sides = list(match.scores)
        head = f"{st('sc_deal_col', lang):>6} " + " ".join(
            f"{strip_styles(r.team(s, me)) if r.teams else s:>9}" for s in sides)
        rows = [ui.bold(head)]
        for k, scores in enumerate(match.deal_scores, 1):
            rows.append(f"{k:>6} " + " ".join(f"{scores.get(s, 0):>9}" for s in sides))
        rows.append(ui.bold(f"{st('sc_total', lang):>6} "
                            + " ".join(f"{match.scores[s]:>9}" for s in sides)))
        return rows
    rows = []
    for k, step in enumerate(deal_results, 1):
        result = getattr(step.after, "result", None) or {}
        payouts = result.get("payouts", {}) if isinstance(result, Mapping) else {}
        won = " ".join(f"{s} +{v}" for s, v in payouts.items()) or st("sc_carry", lang)
        stacks = getattr(step.current, "stacks", None) or {}
        mine = f"  {ui.t('you')} {stacks[me]}" if me in stacks else ""
        rows.append(f"{k:>3}  {won}{mine}")
    return rows
