"""The Burraco table in text, drawn from a :class:`~trapoula.games.burraco.view.BurracoView`.

Only short lists are numbered (draw/pickup; the discards); melds and additions are typed
(``meld 3H 4H 5H`` or just ``3h 4h 5h``; ``add 2 6H`` or ``2 6h``), and ``melds`` lists
what can be laid.  ``sort`` switches the hand between suit order and rank order.

>>> import trapoula
>>> from trapoula.tui.style import Ui
>>> m = trapoula.make("burraco").new_match(seed=1)
>>> text = BurracoRenderer(Ui("en")).table(m.view("P1"))
>>> all(w in text for w in ("Score", "Melds A (us)", "Discards", "Stock", "Your hand"))
True
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from trapoula.cards import Card, Suit
from trapoula.core.action import Action
from trapoula.games.burraco.melds import add_to_meld, analyze_meld
from trapoula.games.burraco.scoring import CLOSING_BONUS, NO_POZZETTO_PENALTY
from trapoula.games.burraco.view import BurracoView, MeldView
from trapoula.tui.base import Renderer, _visible_len, team_of_seat
from trapoula.tui.prompt import localized_card

__all__ = ["BurracoRenderer", "card_order", "meld_order", "sort_cards"]

_SUIT_ORDER = (Suit.S, Suit.H, Suit.C, Suit.D)  # black and red alternate
_SUIT_POS = {s: k for k, s in enumerate(_SUIT_ORDER)}


def _is_wild(c: Card) -> bool:
    return c.suit is None or c.rank == 2


def card_order(c: Card) -> int:
    """Rank order of the hand: 3 … K, A, then the 2s, then the jokers.

    >>> from trapoula.cards import parse_cards
    >>> [card_order(c) for c in parse_cards("3S AS 2S JK")]
    [3, 14, 15, 16]
    """
    if c.suit is None:
        return 16
    r = int(c.rank) if c.rank is not None else 0
    return 15 if r == 2 else r


def sort_cards(cards: Sequence[Card], by: str = "suit") -> list[list[Card]]:
    """The hand in groups: by suit (♠ ♥ ♣ ♦, low to high, then the wilds: 2s and jokers)
    or by rank (one group per rank, 3 … A, 2, joker).

    >>> from trapoula.cards import parse_cards
    >>> cs = parse_cards("KH 3S JK 2C 5H 3D AS")
    >>> [" ".join(map(str, g)) for g in sort_cards(cs)]
    ['3S AS', '5H KH', '3D', '2C JK']
    >>> [" ".join(map(str, g)) for g in sort_cards(cs, "rank")]
    ['3S 3D', '5H', 'KH', 'AS', '2C', 'JK']
    """
    def suit_pos(c: Card) -> int:
        return _SUIT_POS[c.suit] if c.suit is not None else 4

    groups: list[list[Card]] = []
    if by == "rank":
        for key in sorted({card_order(c) for c in cards}):
            groups.append(sorted((c for c in cards if card_order(c) == key), key=suit_pos))
        return groups
    for suit in _SUIT_ORDER:
        of = sorted((c for c in cards if c.suit == suit and not _is_wild(c)), key=card_order)
        if of:
            groups.append(of)
    wild = sorted((c for c in cards if _is_wild(c)), key=lambda c: (card_order(c), suit_pos(c)))
    if wild:
        groups.append(wild)
    return groups


def meld_order(cards: Sequence[Card]) -> list[Card]:
    """Cards of a meld to lay, naturals by rank then suit, the wilds last.

    >>> from trapoula.cards import parse_cards
    >>> [str(c) for c in meld_order(parse_cards("10H 2C 10C"))]
    ['10H', '10C', '2C']
    """
    return sorted(cards, key=lambda c: (_is_wild(c), card_order(c),
                                        _SUIT_POS[c.suit] if c.suit is not None else 4))


def _pad(text: str, width: int) -> str:
    return text + " " * (width - _visible_len(text))


def _minus(a: Sequence[Card], b: Sequence[Card]) -> list[Card]:
    left = Counter(b)
    out = []
    for c in a:
        if left[c]:
            left[c] -= 1
        else:
            out.append(c)
    return out


class BurracoRenderer(Renderer):
    """Burraco: both teams' melds, the discard pile, stock and pozzetti, the hand, the score."""

    help_key = "bu_help"
    #: how the hand is sorted: "suit" or "rank" (the ``sort`` command switches it)
    sort_by: str = "suit"

    # --- pieces -----------------------------------------------------------------------------
    def hand(self, cards: Sequence[Card], view: Any = None) -> str:
        ui = self.ui
        picked = getattr(view, "picked", None)
        groups = []
        for g in sort_cards(cards, self.sort_by):
            groups.append(" ".join(ui.card(c, "reverse") if c == picked else ui.card(c)
                                   for c in g))
        return "  ".join(groups) if groups else "-"

    def team_label(self, team: str, me: str | None) -> str:
        return self.team(team, me) if team in ("A", "B") else self.seat(team, me)

    @staticmethod
    def side_of(view: BurracoView, seat: str) -> str:
        """The key of ``seat``'s melds in the view: his team, or the seat itself when the
        view lists melds by player (a game without partnerships)."""
        return seat if seat in view.melds else team_of_seat(seat)

    def my_team(self, view: BurracoView) -> str:
        return self.side_of(view, view.seat)

    def meld_status(self, m: MeldView) -> str:
        ui = self.ui
        if m.burraco is not None:
            colour = {"clean": "green", "semi_clean": "cyan"}.get(m.burraco, "yellow")
            return ui.style(ui.t(f"bu_{m.burraco}"), "bold", colour)
        return ui.dim(ui.t("bu_no_wild" if m.clean else "bu_with_wild"))

    def meld_points(self, m: MeldView) -> str:
        pts = f"{m.points} + {m.bonus}" if m.bonus else str(m.points)
        return self.ui.t("bu_pts", n=pts)

    def melds_block(self, melds: Sequence[MeldView]) -> str:
        if not melds:
            return self.ui.dim("-")
        texts = [self.ui.cards(m.cards) for m in melds]
        status = [self.meld_status(m) for m in melds]
        w = max(_visible_len(t) for t in texts)
        ws = max(_visible_len(t) for t in status)
        rows = []
        for m, text, st in zip(melds, texts, status, strict=True):
            rows.append(f"{m.number:>2}  {_pad(text, w)}   {_pad(st, ws)}   "
                        f"{self.ui.dim(self.meld_points(m))}")
        return "\n".join(rows)

    def pile_text(self, pile: Sequence[Card]) -> str:
        ui = self.ui
        if not pile:
            return ui.dim(ui.t("bu_empty"))
        lines: list[str] = []
        line: list[str] = []
        width = 0
        for c in pile:
            w = len(str(c))
            if line and width + w + 1 > 56:
                lines.append(" ".join(line))
                line, width = [], 0
            line.append(ui.card(c))
            width += w + 1
        last = " ".join(line) + "  " + ui.dim("← " + ui.t("bu_top"))
        lines.append(last)
        return f"({len(pile)}) " + ("\n" + " " * (len(str(len(pile))) + 3)).join(lines)

    def action_label(self, view: Any, action: Action) -> str:
        ui = self.ui
        if action.kind == "discard" and action.cards:
            return ui.card(action.cards[0])
        if action.kind == "draw" and not action.cards:
            return ui.t("bu_draw_label")
        if action.kind == "pickup" and isinstance(view, BurracoView):
            pile = view.discard
            what = ui.cards(pile) if len(pile) <= 6 else ui.t("bu_cards_n", n=len(pile))
            return ui.t("bu_pickup_label", what=what)
        if action.kind in ("meld", "add"):
            head = action.kind + (f" {action.number}" if action.number is not None else "")
            return f"{head} {ui.cards(meld_order(action.cards))}"
        return super().action_label(view, action)

    def order_actions(self, view: Any, actions: Sequence[Action]) -> list[Action]:
        """Discards in the order of the hand as displayed; other actions first, in order."""
        cards = [a.cards[0] for a in actions if a.kind == "discard" and a.cards]
        order = [c for g in sort_cards(cards, self.sort_by) for c in g]
        pos = {c: k for k, c in enumerate(order)}
        return sorted(actions, key=lambda a: pos.get(a.cards[0], -1)
                      if a.kind == "discard" and a.cards else -1)

    # --- the prompt -------------------------------------------------------------------------
    def menu(self, view: Any, legal: Sequence[Action]) -> list[Action]:
        """Draw and pickup, or the discards (melds and additions are typed)."""
        if not isinstance(view, BurracoView):
            return self.order_actions(view, legal)
        if view.phase == "draw":
            return list(legal)
        return self.order_actions(view, [a for a in legal if a.kind == "discard"])

    def menu_text(self, view: Any, menu: Sequence[Action]) -> str:
        if not isinstance(view, BurracoView) or view.phase != "play":
            return self.actions_menu(view, menu)
        ui = self.ui
        text = ""
        if menu:
            text = ui.bold(ui.t("bu_discard_menu")) + "\n" + self.actions_menu(view, menu)
        if any(a.kind in ("meld", "add") for a in view.legal_actions):
            key = "bu_typed" if self.my_team(view) != view.seat else "bu_typed_solo"
            text += ("\n" if text else "") + ui.dim("  " + ui.t(key))
        if view.picked is not None:
            text += "\n" + ui.dim(f"  {ui.card(view.picked)}: {ui.t('bu_picked_note')}")
        return text

    def prompt_help(self, view: Any) -> str:
        draw = getattr(view, "phase", None) == "draw"
        return self.ui.t("bu_choose_draw" if draw else "bu_choose_play")

    def command(self, text: str, view: Any) -> str | None:
        """``sort`` [suit|rank] re-sorts the hand; ``melds`` lists what can be laid now."""
        words = text.strip().lower().split()
        if not words or not isinstance(view, BurracoView):
            return None
        ui = self.ui
        if words[0] == "sort" and len(words) <= 2:
            if len(words) == 2 and words[1] in ("suit", "rank"):
                self.sort_by = words[1]
            else:
                self.sort_by = "rank" if self.sort_by == "suit" else "suit"
            how = ui.t("bu_suit" if self.sort_by == "suit" else "bu_rank")
            return f"{ui.t('bu_sorted', how=how)} {self.hand(view.hand, view)}"
        if words == ["melds"]:
            return self.possible_melds(view)
        return None

    def possible_melds(self, view: BurracoView, limit: int = 16) -> str:
        ui = self.ui
        out = []
        for kind, key in (("meld", "bu_can_lay"), ("add", "bu_can_add")):
            acts = [a for a in view.legal_actions if a.kind == kind]
            acts.sort(key=lambda a: (a.number or 0, -len(a.cards),
                                     [card_order(c) for c in a.cards]))
            if not acts:
                continue
            shown = [self.action_label(view, a) for a in acts[:limit]]
            more = f" · {ui.t('bu_more', n=len(acts) - limit)}" if len(acts) > limit else ""
            out.append(ui.bold(ui.t(key)) + ":\n  " + "\n  ".join(shown) + more)
        return "\n".join(out) if out else ui.t("bu_nothing")

    def interpret(self, text: str, view: Any, parse: Any) -> Action | None:
        """Cards alone: two or more are a meld (``3h 4h 5h``); a meld number and cards are
        an addition (``2 6h``).  One card is a discard (through the numbered menu)."""
        if not isinstance(view, BurracoView) or view.phase != "play":
            return None
        words = text.replace(",", " ").split()
        if len(words) >= 2 and words[0].isdigit():
            cards = [localized_card(w) for w in words[1:]]
            if all(c is not None for c in cards):
                a: Action = parse(f"add {words[0]} " + " ".join(str(c) for c in cards))
                return a
            return None
        cards = [localized_card(w) for w in words]
        if len(words) >= 2 and all(c is not None for c in cards):
            m: Action = parse("meld " + " ".join(str(c) for c in cards))
            return m
        return None

    def forced_reason(self, view: Any, action: Action) -> str:
        """Burraco's automatic last discard (one card left, no meld or addition)."""
        if isinstance(view, BurracoView) and action.kind == "discard" and len(view.hand) == 1:
            return self.ui.t("forced_last_discard")
        if action.kind == "discard":
            return self.ui.t("forced_only")
        return super().forced_reason(view, action)

    def explain(self, view: Any, action: Action) -> str | None:
        if not isinstance(view, BurracoView):
            return None
        ui = self.ui
        kind = action.kind
        if view.phase == "draw":
            return ui.t("bu_draw_first") if kind in ("meld", "add", "discard") else None
        if view.phase != "play":
            return None
        if kind in ("draw", "pickup"):
            return ui.t("bu_already_drew")
        missing = _minus(action.cards, view.hand)
        if missing:
            return ui.t("bu_not_holding", cards=ui.cards(missing))
        label = self.action_label(view, action)
        if kind == "meld":
            if analyze_meld(action.cards) is None:
                return ui.t("bu_not_a_meld", cards=ui.cards(action.cards))
            return ui.t("bu_dead_end", action=label)
        if kind == "add":
            mine = view.melds.get(self.my_team(view), ())
            n = action.number or 0
            if not mine:
                return ui.t("bu_no_melds")
            if not 1 <= n <= len(mine):
                return ui.t("bu_no_meld_n", n=n, max=len(mine))
            meld = mine[n - 1]
            info = analyze_meld(meld.cards)
            if info is None or add_to_meld(info, action.cards) is None:
                return ui.t("bu_cannot_add", cards=ui.cards(action.cards), n=n,
                            meld=ui.cards(meld.cards))
            ownership = getattr(self.options, "meld_ownership", "team")
            if ownership == "player" and meld.owner not in (None, view.seat):
                return ui.t("bu_not_yours", n=n)
            return ui.t("bu_dead_end", action=label)
        if kind == "discard" and action.cards:
            card = action.cards[0]
            if view.picked is not None and card == view.picked:
                return ui.t("bu_picked", card=ui.card(card))
            if len(view.hand) == 1:
                return ui.t("bu_cannot_close")
            return ui.t("bu_dead_end", action=label)
        return None

    # --- the table --------------------------------------------------------------------------
    def table(self, view: Any, hands: Mapping[str, Sequence[Card]] | None = None) -> str:
        if not isinstance(view, BurracoView):
            return super().table(view, hands)
        ui = self.ui
        me = view.seat
        rows: list[tuple[str, str]] = []
        if view.dealer_draw and not view.history:  # the first hand: how the dealer was drawn
            rows.append((ui.t("bu_dealer_draw"), "\n".join(
                " · ".join(f"{self.seat(s, me)} {ui.card(c)}" for s, c in rnd.items())
                for rnd in view.dealer_draw)))
        if view.match is not None:
            rows.append((ui.t("score"), " · ".join(
                f"{self.team_label(t, me)} {ui.bold(str(v))}"
                for t, v in view.match.scores.items())))
        mine = self.my_team(view)
        for team in sorted(view.melds, key=lambda t: (t != mine, t)):
            rows.append((ui.t("bu_melds_of", team=self.team_label(team, me)),
                         self.melds_block(view.melds[team])))
        rows.append((ui.t("bu_discard_pile"), self.pile_text(view.discard)))
        stock = ui.t("bu_cards_n", n=view.stock_count)
        if view.stock_ending:
            stock += "  " + ui.style(ui.t("bu_last_turn"), "yellow")
        rows.append((ui.t("bu_stock"), stock))
        taken = " · ".join(
            f"{self.team_label(t, me)} {ui.t('bu_taken') if v else ui.t('bu_not_taken')}"
            for t, v in view.pozzetto_taken.items())
        rows.append((ui.t("bu_pozzetti"),
                     f"{ui.t('bu_pozzetti_left', n=view.pozzetti_left)} · {taken}"))
        if hands:
            rows += [(ui.t("hand_of", seat=s), self.hand(c, view)) for s, c in hands.items()]
        else:
            counts = [f"{self.seat(s, me)} {n}" for s, n in view.hand_counts.items() if s != me]
            rows.append((ui.t("bu_cards"), " · ".join(counts)))
            how = ui.t("bu_suit" if self.sort_by == "suit" else "bu_rank")
            rows.append((ui.t("your_hand"), self.hand(view.hand, view) + "   "
                         + ui.dim(f"({len(view.hand)}, {ui.t('bu_sorted_by', how=how)})")))
        width = max(len(label) for label, _ in rows)
        head = self._head(view)
        out = [ui.title(f"━━ {head} " + "━" * max(3, 72 - len(head)))]
        for label, value in rows:
            first, *more = value.split("\n")
            out.append(f"{ui.bold(label.ljust(width))}  {first}")
            out.extend(" " * (width + 2) + line for line in more)
        if view.current_player is not None and view.current_player != me:
            out.append(ui.dim(ui.t("to_act", seat=self.seat(view.current_player, me))))
        out.append("")
        return "\n".join(out)

    def _head(self, view: BurracoView) -> str:
        ui = self.ui
        head = f"{view.game.capitalize()} {view.preset}"
        if view.match is not None:
            m = view.match
            head = (f"{ui.t('bu_hand', n=m.deal_number)} · {head} · "
                    f"{ui.t('match_to', target=m.target)}")
        return head + f" · {ui.t('dealer', seat=view.dealer)}"

    # --- events -----------------------------------------------------------------------------
    def meld_name(self, team: str, number: int) -> str:
        """``A2``: team A's meld 2 (``P2-1`` when melds belong to single players)."""
        return f"{team}{number}" if team in ("A", "B") else f"{team}-{number}"

    def game_over(self, view: Any, result: Mapping[str, Any] | None) -> str:
        scores = (result or {}).get("scores")
        winner = (result or {}).get("winner")
        if (not isinstance(view, BurracoView) or not isinstance(scores, Mapping)
                or set(scores) == {"A", "B"} or not winner):
            return super().game_over(view, result)
        ui = self.ui  # players on their own (2 or 3 players)
        me = view.seat
        line = ui.t("bu_final", scores=" · ".join(f"{self.seat(s, me)} {v}"
                                                  for s, v in scores.items()),
                    winner=self.seat(winner, me))
        line += " " + ui.t("you_win" if winner == me else "you_lose")
        return ui.title(f"── {ui.t('match_over')} ──") + "\n" + ui.bold(line)

    def event(self, before: Any, after: Any, seat: str, action: Action) -> str:
        if not isinstance(before, BurracoView) or not isinstance(after, BurracoView):
            return super().event(before, after, seat, action)
        ui = self.ui
        me = before.seat
        who = self.seat(seat, me)
        team = self.side_of(after, seat)
        kind = action.kind
        lines: list[str] = []
        if kind == "draw":
            if seat == me:
                new = _minus(after.hand, before.hand)
                lines.append(ui.t("bu_you_draw", seat=who, card=ui.cards(new)))
            else:
                lines.append(ui.t("bu_draws", seat=who))
        elif kind == "pickup":
            lines.append(ui.t("bu_picks_up", seat=who, n=len(before.discard),
                              cards=ui.cards(before.discard)))
        elif kind in ("meld", "add"):
            old = {m.number: m for m in before.melds.get(team, ())}
            new_melds = after.melds.get(team, ())
            if kind == "meld" and len(new_melds) > len(old):
                m = new_melds[-1]
                lines.append(ui.t("bu_melds", seat=who, cards=ui.cards(m.cards),
                                  meld=self.meld_name(team, m.number)))
            elif kind == "add" and action.number is not None and action.number <= len(new_melds):
                m = new_melds[action.number - 1]
                lines.append(ui.t("bu_adds", seat=who, cards=ui.cards(action.cards),
                                  meld=self.meld_name(team, m.number), now=ui.cards(m.cards)))
            else:
                lines.append(super().event(before, after, seat, action))
                m = None
            if m is not None and m.burraco is not None and (
                    m.number not in old or old[m.number].burraco != m.burraco):
                kind_text = ui.t(f"bu_{m.burraco}")
                lines.append("   " + ui.style(ui.t("bu_new_burraco", kind=kind_text[:1].upper()
                                                   + kind_text[1:]), "bold", "yellow"))
        elif kind == "discard" and action.cards:
            lines.append(ui.t("bu_discards", seat=who, card=ui.card(action.cards[0])))
        else:
            lines.append(super().event(before, after, seat, action))
        if after.pozzetto_taken.get(team) and not before.pozzetto_taken.get(team):
            line = ui.t("bu_takes_pozzetto", seat=who)
            if kind != "discard":
                line += f" ({ui.t('bu_al_volo')})"
            lines.append("   " + ui.bold(line))
        if after.phase == "over" and after.end_reason == "closing":
            lines.append("   " + ui.style(ui.t("bu_closes", seat=who), "bold", "green"))
        elif after.stock_ending and not before.stock_ending:
            lines.append("   " + ui.style(ui.t("bu_stock_low"), "yellow"))
        return "\n".join(lines)

    # --- the end of a hand ------------------------------------------------------------------
    def deal_over(self, finished: Any, after: Any) -> str:
        return self.deal_summary(None, finished, after)

    def deal_summary(self, before: Any, finished: Any, after: Any) -> str:
        if not isinstance(finished, BurracoView):
            return super().deal_summary(before, finished, after)
        ui = self.ui
        me = finished.seat
        scores: dict[str, int] = dict((finished.result or {}).get("scores", {}))
        m = getattr(after, "match", None)
        n = len(m.deal_scores) if m is not None else 1
        title = ui.t("bu_hand_over", n=n)
        out = ["", ui.title(f"── {title} " + "─" * max(3, 60 - len(title)))]
        closer = getattr(before, "current_player", None)
        reason = finished.end_reason
        if reason == "closing" and closer:
            out.append(ui.t("bu_end_closing", seat=self.seat(closer, me)))
        elif reason in ("stock", "stalemate", "blocked"):
            out.append(ui.t(f"bu_end_{reason}"))
        teams = sorted(scores)
        rows: dict[str, dict[str, int]] = {}
        for t in teams:
            melds = finished.melds.get(t, ())
            card_pts = sum(x.points for x in melds)
            bonus = sum(x.bonus for x in melds)
            closing = CLOSING_BONUS if (reason == "closing" and closer
                                        and self.side_of(finished, closer) == t) else 0
            pozz = 0 if finished.pozzetto_taken.get(t, True) else -NO_POZZETTO_PENALTY
            held = scores[t] - card_pts - bonus - closing - pozz
            rows[t] = {"bu_row_melds": card_pts, "bu_row_bonus": bonus,
                       "bu_row_closing": closing, "bu_row_pozzetto": pozz,
                       "bu_row_hands": held}
        cols = [self.team_label(t, me) for t in teams]
        keys = ["bu_row_melds", "bu_row_bonus", "bu_row_closing", "bu_row_pozzetto",
                "bu_row_hands"]
        w0 = max(len(ui.t(k)) for k in [*keys, "bu_row_score", "total"])
        w = max(8, *(len(c) for c in cols))

        def row(label: str, values: Sequence[object]) -> str:
            return label.ljust(w0) + "".join(str(v).rjust(w + 2) for v in values)

        out.append(" " * w0 + "".join(c.rjust(w + 2) for c in cols))
        for k in keys:
            values = [rows[t][k] for t in teams]
            if any(values):
                out.append(row(ui.t(k), [v if v else "-" for v in values]))
        out.append(ui.bold(row(ui.t("bu_row_score"), [scores[t] for t in teams])))
        if m is not None:
            out.append(row(ui.t("total"), [m.scores.get(t, 0) for t in teams]))
        out.append("")
        return "\n".join(out)

