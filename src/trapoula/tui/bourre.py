"""The Bourré table in text, drawn from a :class:`~trapoula.games.bourre.view.BourreView`.

The decision round does not list every draw (a five-card hand has up to 30): the menu offers
``fold``, ``stay`` and "exchange the N weakest cards" for each allowed N; any other draw is
typed (``draw 9H 4C``, or just ``9h 4c``).

>>> import trapoula
>>> from trapoula.tui.style import Ui
>>> s = trapoula.make("bourre", players=4).new_match(seed=1)
>>> r = BourreRenderer(Ui("en"))
>>> text = r.table(s.view("P1"))
>>> all(w in text for w in ("Trump", "Pot", "Players", "Stock", "Your hand"))
True
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from trapoula.cards import Card, Suit
from trapoula.core.action import Action
from trapoula.core.seats import seat_index
from trapoula.games.bourre.view import BourreView, TrickView
from trapoula.tui.base import Renderer
from trapoula.tui.prompt import localized_card
from trapoula.tui.summary import bourre_summary

__all__ = ["BourreRenderer", "sort_hand", "weakest"]

_SUIT_ORDER = (Suit.S, Suit.H, Suit.C, Suit.D)  # black and red alternate


def _rank(c: Card) -> int:
    return int(c.rank) if c.rank is not None else 0


def sort_hand(cards: Sequence[Card], trump: Suit | None) -> list[list[Card]]:
    """Cards grouped by suit, the trump suit first, each suit highest first (ace high).

    >>> from trapoula.cards import parse_cards
    >>> [[str(c) for c in g] for g in sort_hand(parse_cards("4C KS AH 9H 2S"), Suit.H)]
    [['AH', '9H'], ['KS', '2S'], ['4C']]
    """
    order = ([trump] if trump is not None else []) + [s for s in _SUIT_ORDER if s != trump]
    groups = []
    for suit in order:
        of = sorted((c for c in cards if c.suit == suit), key=_rank, reverse=True)
        if of:
            groups.append(of)
    return groups


def weakest(cards: Sequence[Card], trump: Suit | None, n: int) -> list[Card]:
    """The ``n`` cards most worth exchanging: side cards below the ace, lowest first
    (fewer when the hand has fewer such cards; trumps and aces are never offered).

    >>> from trapoula.cards import parse_cards
    >>> [str(c) for c in weakest(parse_cards("4C KS AH 9H 2S"), Suit.H, 2)]
    ['2S', '4C']
    >>> [str(c) for c in weakest(parse_cards("4C KS AH 9H 2S"), Suit.H, 4)]
    ['2S', '4C', 'KS']
    """
    side = sorted((c for c in cards if c.suit != trump and _rank(c) < 14),
                  key=lambda c: (_rank(c), c.index))
    return side[:n]


def _minus(a: Sequence[Card], b: Sequence[Card]) -> list[Card]:
    """The cards of ``a`` not in ``b`` (as multisets)."""
    left = Counter(b)
    out = []
    for c in a:
        if left[c]:
            left[c] -= 1
        else:
            out.append(c)
    return out


class BourreRenderer(Renderer):
    """Bourré: trump, pot, every stack, decisions, tricks and the settlement of each deal."""

    teams = False
    help_key = "br_help"

    # --- pieces -----------------------------------------------------------------------------
    def hand(self, cards: Sequence[Card], view: Any = None) -> str:
        ui = self.ui
        trump = getattr(view, "trump", None)
        groups = []
        for group in sort_hand(cards, trump):
            extra = ("bold",) if group[0].suit == trump else ()
            groups.append(" ".join(ui.card(c, *extra) for c in group))
        return "   ".join(groups) if groups else "-"

    def _fee(self, view: Any, k: int) -> int | None:
        """What staying with ``k`` cards exchanged costs, when the options are known."""
        if self.options is None or not hasattr(self.options, "draw_fee_mode"):
            return None
        from trapoula.games.bourre.rules import draw_fee

        return int(draw_fee(self.options, int(view.ante), k))

    @staticmethod
    def _max_draw(legal: Sequence[Action]) -> int:
        return max((len(a.cards) for a in legal if a.kind == "draw"), default=0)

    def action_label(self, view: Any, action: Action) -> str:
        ui = self.ui
        if action.kind == "play" and action.cards:
            return ui.card(action.cards[0])
        fee = self._fee(view, len(action.cards)) if isinstance(view, BourreView) else None
        fee_text = f"{ui.t('br_fee', fee=fee)}" if fee else ""
        if action.kind == "stay":
            label = ui.t("br_stay_label")
            return f"{label} ({fee_text})" if fee_text else label
        if action.kind == "draw" and isinstance(view, BourreView):
            shown = [c for g in sort_hand(action.cards, view.trump) for c in g]
            label = "draw " + ui.cards(shown)
            notes = []
            n = len(action.cards)
            if list(action.cards) == sorted(weakest(view.hand, view.trump, n)):
                notes.append(ui.t("br_weakest", n=n) if n > 1 else ui.t("br_weakest1"))
            if fee_text:
                notes.append(fee_text)
            return label + (f" ({', '.join(notes)})" if notes else "")
        return super().action_label(view, action)

    def order_actions(self, view: Any, actions: Sequence[Action]) -> list[Action]:
        """Plays in the order of the hand as displayed; other actions keep their order."""
        trump = getattr(view, "trump", None)
        cards = [a.cards[0] for a in actions if a.kind == "play" and a.cards]
        pos = {c: k for k, c in enumerate(c for g in sort_hand(cards, trump) for c in g)}
        return sorted(actions, key=lambda a: pos.get(a.cards[0], -1)
                      if a.kind == "play" and a.cards else -1)

    def menu(self, view: Any, legal: Sequence[Action]) -> list[Action]:
        """Decision round: fold, stay and "exchange the N weakest" for each allowed N."""
        if not isinstance(view, BourreView) or view.phase != "decide":
            return self.order_actions(view, legal)
        out = [a for a in legal if a.kind in ("fold", "stay")]
        ok = set(legal)
        for n in range(1, self._max_draw(legal) + 1):
            cards = sorted(weakest(view.hand, view.trump, n))
            if len(cards) < n:
                break
            a = Action("draw", tuple(cards))
            if a in ok:
                out.append(a)
        return out

    def menu_text(self, view: Any, menu: Sequence[Action]) -> str:
        text = self.actions_menu(view, menu)
        if isinstance(view, BourreView) and view.phase == "decide":
            most = self._max_draw(view.legal_actions)
            if most:
                text += "\n" + self.ui.dim("  " + self.ui.t("br_typed_draw", max=most))
        return text

    def prompt_help(self, view: Any) -> str:
        decide = getattr(view, "phase", None) == "decide"
        return self.ui.t("br_choose_decide" if decide else "br_choose_play")

    def interpret(self, text: str, view: Any, parse: Any) -> Action | None:
        """In the decision round, cards alone (``9h 4c``) mean ``draw`` those cards."""
        if not isinstance(view, BourreView) or view.phase != "decide":
            return None
        words = text.replace(",", " ").split()
        cards = [localized_card(w) for w in words]
        if not words or any(c is None for c in cards):
            return None
        action: Action = parse("draw " + " ".join(str(c) for c in cards))
        return action

    def forced_reason(self, view: Any, action: Action) -> str:
        """The rule of §2.3 that leaves one card: the forced trump lead (a leader holding the
        A, K or Q of trumps, or all three under ``forced_lead="cinch_AKQ"``, leads his highest
        trump), following suit higher, or trumping."""
        if (isinstance(view, BourreView) and action.kind == "play" and action.cards
                and len(view.hand) > 1):
            if not view.trick:  # a free lead offers every card: only the forced lead is one
                cinch = getattr(self.options, "forced_lead", None) == "cinch_AKQ"
                return self.ui.t("forced_trump_lead_cinch" if cinch else "forced_trump_lead")
            led = view.trick[0][1].suit
            if action.cards[0].suit == led:
                return self.ui.t("forced_follow_suit")
            if action.cards[0].suit == view.trump:
                return self.ui.t("forced_follow_trump")
        return super().forced_reason(view, action)

    def hidden_move(self, view: Any, event: Any) -> str:
        """Another player's draw: only how many cards he exchanged is public."""
        if event.kind == "draw":
            who = self.seat(event.seat, getattr(view, "seat", None))
            return self.ui.t("br_exchanges", seat=who, n=event.hidden)
        return super().hidden_move(view, event)

    def explain(self, view: Any, action: Action) -> str | None:
        if not isinstance(view, BourreView):
            return None
        ui = self.ui
        legal = view.legal_actions
        hand_text = self.hand(view.hand, view)
        if view.phase == "decide":
            if action.kind == "play":
                return ui.t("br_decide_now")
            if action.kind == "fold":
                return ui.t("br_must_stay")
            if action.kind == "draw":
                missing = _minus(action.cards, view.hand)
                if missing:
                    return ui.t("br_not_holding", cards=ui.cards(missing), hand=hand_text)
                most = self._max_draw(legal)
                if not most:
                    return ui.t("br_no_draw")
                return ui.t("br_draw_count", max=most, n=len(action.cards))
            return None
        if view.phase == "play":
            allowed = " ".join(ui.card(a.cards[0]) for a in self.order_actions(view, legal)
                               if a.cards)
            if action.kind in ("fold", "stay", "draw"):
                return ui.t("br_play_now", allowed=allowed)
            if action.kind == "play" and action.cards:
                if action.cards[0] not in view.hand:
                    return ui.t("br_not_holding", cards=ui.card(action.cards[0]),
                                hand=hand_text)
                return ui.t("cannot_play", card=ui.card(action.cards[0]), allowed=allowed)
        return None

    def plays(self, plays: Sequence[tuple[str, Card]], me: str | None) -> str:
        return " · ".join(f"{self.seat(s, me)} {self.ui.card(c)}" for s, c in plays)

    def trick_line(self, trick: TrickView, me: str | None) -> str:
        won = self.ui.t("br_takes_trick", seat=self.seat(trick.winner or "?", me))
        return f"{self.plays(trick.plays, me)}  → {won}"

    def trump_text(self, view: BourreView) -> str:
        ui = self.ui
        t = view.trump
        text = ui.style(t.symbol, "bold", *(("red",) if t.is_red else ()))
        text += f" {ui.suit_name(t)}  "
        return text + ui.dim("(" + ui.t("br_turned_up", card=ui.card(view.trump_card)) + ")")

    def fee_text(self, view: BourreView) -> str:
        fee = self._fee(view, 1)
        if not fee:
            return ""
        per_card = getattr(self.options, "draw_fee_mode", "") == "per_card"
        return self.ui.t("br_draw_fee_card" if per_card else "br_draw_fee", fee=fee)

    # --- the table --------------------------------------------------------------------------
    def _all_seats(self, view: BourreView) -> list[str]:
        if view.session is not None:
            return list(view.session.stacks)
        if view.stacks is not None:
            return list(view.stacks)
        return list(view.players)

    def status(self, view: BourreView, seat: str) -> str:
        """A seat's part in the deal: folded, stays (drew N), to decide, left."""
        ui = self.ui
        s = view.session
        if s is not None and seat in s.left:
            return ui.t("br_left")
        if seat not in view.players:
            return ui.t("br_out")
        if seat in view.folded:
            return ui.dim(ui.t("br_folded"))
        if seat in view.staying:
            n = view.draws.get(seat, 0)
            text = ui.t("br_drew", n=n) if n else ui.t("br_kept_five")
            if view.phase != "decide" or view.tricks:
                text += f"  {ui.t('br_tricks_n', n=view.tricks_won.get(seat, 0))}"
            return text
        return ui.dim(ui.t("br_undecided"))

    def players_block(self, view: BourreView) -> str:
        ui = self.ui
        me = view.seat
        seats = self._all_seats(view)
        labels = {s: self.seat(s, me) for s in seats}
        w = max(len(x) for x in labels.values())
        stacks = view.stacks or {}
        sw = max((len(str(v)) for v in stacks.values()), default=0)
        exempt = view.session.exempt if view.session is not None else ()
        rows = []
        for s in seats:
            label = labels[s].ljust(w)
            if s == me:
                label = ui.bold(label)
            mark = "D" if s == view.dealer else " "
            chips = str(stacks[s]).rjust(sw) if s in stacks else ""
            row = f"{label} {mark} {chips}   {self.status(view, s)}"
            if s in exempt and s in view.players:
                row += "  " + ui.dim(f"({ui.t('br_no_ante')})")
            if s == view.current_player and s != me:
                row += "  " + ui.style("◀", "yellow")
            rows.append(row.rstrip())
        return "\n".join(rows)

    def table(self, view: Any, hands: Mapping[str, Sequence[Card]] | None = None) -> str:
        if not isinstance(view, BourreView):
            return super().table(view, hands)
        ui = self.ui
        me = view.seat
        pot = ui.bold(str(view.pot))
        fee = self.fee_text(view)
        rows: list[tuple[str, str]] = [
            (ui.t("trump"), self.trump_text(view)),
            (ui.t("pot"), pot + (f"   {ui.dim(fee)}" if fee else "")),
            (ui.t("br_players"), self.players_block(view)),
            (ui.t("br_stock"), ui.t("br_cards_n", n=view.stock_count)),
        ]
        if view.tricks:
            rows.append((ui.t("previous_trick"), self.trick_line(view.tricks[-1], me)))
        if view.phase == "play":
            on_table = self.plays(view.trick, me) + (" " if view.trick else "") + ui.dim("…")
            rows.append((ui.t("on_table"), on_table))
        if hands:
            rows += [(ui.t("hand_of", seat=s), self.hand(c, view)) for s, c in hands.items()]
        else:
            if view.my_discards and view.phase != "decide":
                rows.append((ui.t("br_your_discards"), ui.dim(ui.cards(view.my_discards))))
            rows.append((ui.t("your_hand"), self.hand(view.hand, view)))
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

    def _head(self, view: BourreView) -> str:
        ui = self.ui
        parts = [f"{view.game.replace('bourre', 'Bourré')} {view.preset}",
                 ui.t("br_players_n", n=len(self._all_seats(view))),
                 ui.t("br_ante_n", n=view.ante), ui.t("dealer", seat=view.dealer)]
        if view.session is not None:
            parts.insert(0, ui.t("deal", n=view.session.deal_number))
        return " · ".join(parts)

    # --- events -----------------------------------------------------------------------------
    def event(self, before: Any, after: Any, seat: str, action: Action) -> str:
        if not isinstance(before, BourreView) or not isinstance(after, BourreView):
            return super().event(before, after, seat, action)
        ui = self.ui
        me = before.seat
        who = self.seat(seat, me)
        lines: list[str] = []
        kind = action.kind
        if kind == "play" and action.cards:
            lines.append(ui.t("plays", seat=who, card=ui.card(action.cards[0])))
            if len(after.tricks) > len(before.tricks):
                t = after.tricks[-1]
                lines.append("   " + ui.dim(ui.t("trick_n", n=len(after.tricks)) + ": ")
                             + self.trick_line(t, me))
        elif kind == "fold":
            lines.append(ui.t("br_folds", seat=who))
        elif kind in ("stay", "draw"):
            if kind == "stay":
                line = ui.t("br_stays", seat=who)
            elif seat == me:
                new = _minus(after.hand, before.hand)
                line = ui.t("br_you_exchange", seat=who, out=ui.cards(action.cards),
                            new=ui.cards(new))
            else:  # another player's discards are face down: only their number is public
                line = ui.t("br_exchanges", seat=who, n=len(action.cards))
            fee = after.fees_paid.get(seat, 0) - before.fees_paid.get(seat, 0)
            if fee:
                line += " " + ui.dim(ui.t("br_fee_paid", fee=fee))
            lines.append(line)
        else:
            lines.append(super().event(before, after, seat, action))
        if before.phase == "decide" and after.phase == "play" and after.current_player:
            seats = ", ".join(self.seat(s, me) for s in after.staying)
            lines.append("   " + ui.bold(ui.t("br_play_starts", seats=seats,
                                                   seat=self.seat(after.current_player, me))))
        return "\n".join(lines)

    # --- the end of a deal and of the session -----------------------------------------------
    def deal_over(self, finished: Any, after: Any) -> str:
        return self.deal_summary(None, finished, after)

    def deal_summary(self, before: Any, finished: Any, after: Any) -> str:
        if not isinstance(finished, BourreView):
            return super().deal_summary(before, finished, after)
        ui = self.ui
        me = finished.seat
        res = finished.result or {}
        payouts: dict[str, int] = dict(res.get("payouts", {}))
        bourre: dict[str, int] = dict(res.get("bourre", {}))
        pot = finished.pot
        n = finished.session.deal_number if finished.session is not None else None
        if n is None and isinstance(before, BourreView) and before.session is not None:
            n = before.session.deal_number
        title = ui.t("br_deal_over", n=n or 1)
        out = ["", ui.title(f"── {title} " + "─" * max(3, 60 - len(title)))]
        active = sorted(finished.staying, key=seat_index)
        if active and len(active) > 1:
            out.append(f"{ui.t('tricks')}: " + " · ".join(
                f"{self.seat(s, me)} {finished.tricks_won.get(s, 0)}" for s in active))
        out.append(ui.bold(self._pot_line(finished, payouts, pot, me)))
        card = bourre_summary(before, finished, after)  # the settlement, computed once
        stacks: dict[str, int] | None = card["stacks"]
        paid: dict[str, int] = card["bourre_paid"]
        for s, amount in bourre.items():
            pay = paid[s]
            key = "br_is_bourre" if pay == amount else "br_bourre_short"
            if s == me and pay == amount:
                key = "br_you_bust"  # said to the player himself, in bold
            text = ui.t(key, seat=self.seat(s, me), amount=amount, paid=pay)
            out.append(ui.style(text, "bold", "red") if s == me else ui.style(text, "yellow"))
        if card["carry"]:
            out.append(ui.t("br_carry", carry=card["carry"]))
        net = card["rows"][-1]["values"]  # the "br_net" row
        out.append(f"{ui.t('br_net')}: " + " · ".join(
            f"{self.seat(s, me)} {self._signed(v)}" for s, v in net.items()))
        if stacks is not None:
            out.append(f"{ui.t('br_chips_label')}: " + " · ".join(
                f"{self.seat(s, me)} {v}" for s, v in stacks.items()))
        if isinstance(after, BourreView) and after.session is not None:
            was = set(before.session.left) if (isinstance(before, BourreView)
                                               and before.session is not None) else set()
            for s in after.session.left:
                if s not in was and s not in bourre:
                    out.append(ui.t("br_leaves", seat=self.seat(s, me)))
        out.append("")
        return "\n".join(out)

    def _pot_line(self, view: BourreView, payouts: Mapping[str, int], pot: int,
                  me: str) -> str:
        ui = self.ui
        active = view.staying
        if not active:
            return ui.t("br_all_folded", pot=pot)
        if len(active) == 1:
            return ui.t("br_alone", seat=self.seat(active[0], me), pot=pot)
        if len(payouts) == 1:
            (s, _), = payouts.items()
            return ui.t("br_takes_pot", seat=self.seat(s, me), pot=pot)
        if payouts:
            share = min(payouts.values())
            seats = ", ".join(self.seat(s, me) for s in payouts)
            return ui.t("br_split", seats=seats, share=share, pot=pot)
        return ui.t("br_tie_carry", pot=pot)

    def _signed(self, v: int) -> str:
        text = f"{v:+d}" if v else "0"
        return self.ui.style(text, "green" if v > 0 else "red") if v else text

    def standings(self, stacks: Mapping[str, int], me: str | None) -> str:
        """Chips of every seat, most first, with the change since the start when known."""
        start = getattr(self.options, "starting_stack", None)
        parts = []
        for s, v in sorted(stacks.items(), key=lambda kv: -kv[1]):
            text = f"{self.seat(s, me)} {v}"
            if start is not None:
                text += f" ({self._signed(v - int(start))})"
            parts.append(text)
        return " · ".join(parts)

    def game_over(self, view: Any, result: Mapping[str, Any] | None) -> str:
        if not isinstance(view, BourreView) or not result or "stacks" not in result:
            return super().game_over(view, result)
        ui = self.ui
        me = view.seat
        title = f"{ui.t('br_session_over')} ({ui.t('br_after_deals', n=result.get('deals', 0))})"
        out = [ui.title(f"── {title} " + "─" * max(3, 60 - len(title)))]
        stacks: dict[str, int] = dict(result["stacks"])
        out.append(f"{ui.t('br_chips_label')}: {self.standings(stacks, me)}")
        if result.get("winner"):
            out.append(ui.bold(ui.t("br_holds_all", seat=self.seat(result["winner"], me))))
        if result.get("pot"):
            out.append(ui.t("br_pot_left", pot=result["pot"]))
        if me in stacks:
            start = getattr(self.options, "starting_stack", None)
            net = self._signed(stacks[me] - int(start)) if start is not None else "?"
            out.append(ui.bold(ui.t("br_you_end", chips=stacks[me], net=net)))
        return "\n".join(out)

    def left_game(self, view: Any) -> str | None:
        if not isinstance(view, BourreView) or view.session is None:
            return None
        if view.seat not in view.session.left:
            return None
        return self.ui.bold(self.ui.t("br_you_are_out"))
