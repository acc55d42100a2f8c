"""The Bourloto table in text, drawn from a :class:`~trapoula.games.bourloto.view.BourlotoView`.

>>> import trapoula
>>> from trapoula.tui.style import Ui
>>> m = trapoula.make("bourloto", "gr").new_match(seed=1)
>>> text = BourlotoRenderer(Ui("en")).table(m.view("P1"))
>>> "Upcard" in text and "Your hand" in text and "Score" in text
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from trapoula.cards import Card, Suit
from trapoula.core.action import Action
from trapoula.games.bourloto.tables import POINTS, STRENGTH, TRUMP_POINTS, TRUMP_STRENGTH
from trapoula.games.bourloto.view import BourlotoView, DeclarationView, TrickView
from trapoula.tui.base import Renderer, team_of_seat
from trapoula.tui.strings import STRINGS
from trapoula.tui.summary import bourloto_summary, summary_lines

__all__ = ["BourlotoRenderer", "declaration_name", "sort_hand", "with_bourlot"]

# Suits alternate black/red in the hand: spades, hearts, clubs, diamonds.
_SUIT_ORDER = (Suit.S, Suit.H, Suit.C, Suit.D)


def sort_hand(cards: Sequence[Card], trump: Suit | None) -> list[list[Card]]:
    """Cards grouped by suit (♠ ♥ ♣ ♦), strongest first (trump order in the trump suit).

    >>> from trapoula.cards import parse_cards
    >>> [[str(c) for c in g] for g in sort_hand(parse_cards("7H JH AH 10S KS"), Suit.H)]
    [['10S', 'KS'], ['JH', 'AH', '7H']]
    """
    groups = []
    for suit in _SUIT_ORDER:
        of = [c for c in cards if c.suit == suit]
        table = TRUMP_STRENGTH if suit == trump else STRENGTH
        of.sort(key=lambda c: -table[c.index])
        if of:
            groups.append(of)
    return groups


def trick_points(cards: Sequence[Card], trump: Suit | None) -> int:
    """Card points of the cards of one trick."""
    t = -1 if trump is None else int(trump)
    return sum(TRUMP_POINTS[c.index] if c.suit == t else POINTS[c.index] for c in cards)


class BourlotoRenderer(Renderer):
    """Bourloto: hand, trump, upcard, bidding, tricks, declarations, scores."""

    # --- pieces -----------------------------------------------------------------------------
    def hand(self, cards: Sequence[Card], view: Any = None) -> str:
        ui = self.ui
        trump = getattr(view, "trump", None)
        groups = []
        for group in sort_hand(cards, trump):
            extra = ("bold",) if group[0].suit == trump else ()
            groups.append(" ".join(ui.card(c, *extra) for c in group))
        return "   ".join(groups) if groups else "-"

    def action_label(self, view: Any, action: Action) -> str:
        ui = self.ui
        if action.kind == "play" and action.cards:
            words = " ".join(ui.word(w) if ui.lang != "en" else w for w in action.words)
            label = ui.card(action.cards[0]) + (f" {ui.style(words, 'yellow')}" if words else "")
            if with_bourlot(view, action) is not None:  # say what the plain play gives up
                label += " " + ui.dim(f"({ui.t('bourlot_unannounced')})")
            return label
        label = super().action_label(view, action)
        if (action.kind == "exchange" and isinstance(view, BourlotoView)
                and view.trump is not None and view.upcard is not None):
            seven = Card.of(7, view.trump)
            label += f" ({ui.card(seven)} ⇄ {ui.card(view.upcard)})"
        return label

    def alternatives(self, view: Any, action: Action) -> tuple[Action, ...]:
        """A play typed without ``bourlot`` while the same play announcing it is legal: ask
        which (§1.3.2: a Bourlot not announced as the first of K/Q is played never counts)."""
        other = with_bourlot(view, action)
        return () if other is None else (action, other)

    def order_actions(self, view: Any, actions: Sequence[Action]) -> list[Action]:
        """Plays in the order of the hand as displayed (suits ♠ ♥ ♣ ♦, strongest first)."""
        trump = getattr(view, "trump", None)
        cards = [c for a in actions if a.kind == "play" and a.cards for c in a.cards[:1]]
        pos = {c: k for k, c in enumerate(c for g in sort_hand(cards, trump) for c in g)}
        return sorted(actions, key=lambda a: pos.get(a.cards[0], -1) if a.cards else -1)

    def plays(self, plays: Sequence[tuple[str, Card]], me: str | None) -> str:
        return " · ".join(f"{self.seat(s, me)} {self.ui.card(c)}" for s, c in plays)

    def trick_line(self, trick: TrickView, trump: Suit | None, me: str | None) -> str:
        pts = trick_points([c for _, c in trick.plays], trump)
        win = trick.winner or "?"
        won = self.ui.t("wins_trick", seat=self.seat(win, me), points=pts)
        return f"{self.plays(trick.plays, me)}  → {won}"

    def bid(self, seat: str, text: str) -> str:
        """One bid of the bidding history (``name H`` shows the suit glyph)."""
        word, _, rest = text.partition(" ")
        out = f"{seat} {self.ui.word(word)}"
        return out + (f" {self.ui.suit(Suit[rest])}" if word == "name" and rest else "")

    def declaration_name(self, name: str) -> str:
        """A declaration's name in the table's language (``tierce`` → ``τρίτη``)."""
        return declaration_name(name, self.ui)

    def declaration(self, d: DeclarationView) -> str:
        return f"{self.declaration_name(d.name)} {self.ui.cards(d.cards)} ({d.points})"

    def trump_text(self, view: BourlotoView) -> str:
        ui = self.ui
        if view.trump is None:
            return ui.dim(ui.t("not_chosen"))
        text = ui.style(view.trump.symbol, "bold", *(("red",) if view.trump.is_red else ()))
        text += f" {ui.suit_name(view.trump)}"
        if view.buyer is not None:
            text += "  " + ui.dim(ui.t("bought_by", team=view.buyer))
        return text

    # --- the table --------------------------------------------------------------------------
    def table(self, view: Any, hands: Mapping[str, Sequence[Card]] | None = None) -> str:
        if not isinstance(view, BourlotoView):
            return super().table(view, hands)
        ui = self.ui
        me = view.seat
        rows = self._bidding_rows(view) + self._play_rows(view)
        if hands:
            rows += [(ui.t("hand_of", seat=s), self.hand(c, view)) for s, c in hands.items()]
        else:
            counts = [f"{self.seat(s, me)} {n}" for s, n in view.hand_counts.items() if s != me]
            rows.append((ui.t("cards"), " · ".join(counts)))
            rows.append((ui.t("your_hand"), self.hand(view.hand, view)))
        undeclared = not any(d.seat == me for d in view.declarations)
        if view.my_declarations and not view.tricks and undeclared and view.phase in (
            "declare", "play"
        ):
            mine = "\n".join(self.declaration(d) for d in view.my_declarations)
            rows.append((ui.t("you_can_declare"), mine))
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

    def _head(self, view: BourlotoView) -> str:
        ui = self.ui
        head = f"{view.game} {view.preset}"
        if view.match is not None:
            m = view.match
            head = f"{ui.t('deal', n=m.deal_number)} · {head} · {ui.t('match_to', target=m.target)}"
        return head + f" · {ui.t('dealer', seat=view.dealer)}"

    def _bidding_rows(self, view: BourlotoView) -> list[tuple[str, str]]:
        """Score, hanging pool, trump; and during the bidding the upcard and the bids."""
        ui = self.ui
        rows: list[tuple[str, str]] = []
        if view.match is not None:
            rows.append((ui.t("score"), self.scores_inline(view.match.scores, view.seat)))
        if view.hanging:
            rows.append((ui.t("hanging"), str(view.hanging)))
        rows.append((ui.t("trump"), self.trump_text(view)))
        if view.phase not in ("agree", "bid1", "bid2", "exchange"):
            return rows
        if view.upcard is not None:
            rows.append((ui.t("upcard"), ui.card(view.upcard, "bold")))
        bids = view.bids
        if view.phase == "agree":  # only the current agreement round
            ends = [k for k, (_, b) in enumerate(bids) if b == "disagree"]
            bids = bids[ends[-1] + 1:] if ends else bids
        if bids:
            rows.append((ui.t("bidding"), " · ".join(self.bid(s, b) for s, b in bids[-8:])))
        return rows

    def _play_rows(self, view: BourlotoView) -> list[tuple[str, str]]:
        """Previous trick, the cards on the table, declarations and tricks taken."""
        ui = self.ui
        me = view.seat
        rows: list[tuple[str, str]] = []
        if view.tricks:
            rows.append((ui.t("previous_trick"), self.trick_line(view.tricks[-1], view.trump, me)))
        if view.phase == "play":
            on_table = self.plays(view.trick, me) + (" " if view.trick else "") + ui.dim("…")
            rows.append((ui.t("on_table"), on_table))
        decl = [f"{self.seat(d.seat, me)} {self.declaration(d)}" for d in view.declarations]
        decl += [f"{self.team(t, me)} {ui.style(ui.t('bourlot'), 'yellow')} (+{v})"
                 for t, v in view.bourlot.items() if v]
        if decl:
            rows.append((ui.t("declared"), "\n".join(decl)))
        if view.phase in ("play", "over") or view.tricks:
            rows.append((ui.t("tricks"), " · ".join(
                ui.t("tricks_line", team=self.team(t, me), n=view.tricks_won[t],
                     points=view.points_taken[t])
                for t in ("A", "B"))))
        return rows

    def scores_inline(self, scores: Mapping[str, int], me: str | None) -> str:
        return " · ".join(f"{self.team(t, me)} {self.ui.bold(str(v))}" for t, v in scores.items())

    # --- events -----------------------------------------------------------------------------
    def event(self, before: Any, after: Any, seat: str, action: Action) -> str:
        if not isinstance(before, BourlotoView) or not isinstance(after, BourlotoView):
            return super().event(before, after, seat, action)
        ui = self.ui
        me = before.seat
        who = self.seat(seat, me)
        kind = action.kind
        lines: list[str] = []
        if kind == "play" and action.cards:
            line = ui.t("plays", seat=who, card=ui.card(action.cards[0]))
            if "bourlot" in action.words:
                line += "  " + ui.style(ui.t("bourlot"), "bold", "yellow")
            if "declare" in action.words:
                mine = [d for d in after.declarations if d.seat == seat]
                what = "; ".join(self.declaration(d) for d in mine) or ui.word("declare")
                line += "  " + ui.t("declares", seat="", what=what).strip()
            lines.append(line)
            if len(after.tricks) > len(before.tricks):
                t = after.tricks[-1]
                lines.append("   " + ui.dim(ui.t("trick_n", n=len(after.tricks)) + ": ")
                             + self.trick_line(t, after.trump, me))
        elif kind == "take":
            suit = before.upcard.suit if before.upcard is not None else None
            lines.append(ui.t("takes", seat=who, suit=ui.suit(suit) if suit is not None else "?"))
        elif kind == "name" and action.suit is not None:
            lines.append(ui.t("names", seat=who, suit=ui.suit(action.suit)))
        elif kind in ("agree", "disagree", "pass", "exchange", "keep", "redeal"):
            key = {"agree": "agrees", "disagree": "disagrees", "pass": "passes",
                   "exchange": "exchanges", "keep": "keeps", "redeal": "redeal"}[kind]
            lines.append(ui.t(key, seat=who))
        elif kind == "declare":
            shown = [self.declaration(d) for d in after.declarations if d.seat == seat]
            team = team_of_seat(seat)
            if after.bourlot.get(team, 0) > before.bourlot.get(team, 0):
                shown.append(ui.t("bourlot"))
            lines.append(ui.t("declares", seat=who, what="; ".join(shown) or "-"))
        else:
            lines.append(super().event(before, after, seat, action))
        if before.trump is None and after.trump is not None:
            lines.append("   " + ui.bold(f"{ui.t('trump')}: ") + self.trump_text(after))
        elif (after.phase == "agree" and after.upcard is not None
              and after.upcard != before.upcard):
            lines.append("   " + f"{ui.t('upcard')}: " + ui.card(after.upcard, "bold"))
        return "\n".join(lines)

    # --- end of a deal and of the match -----------------------------------------------------
    def deal_over(self, finished: Any, after: Any) -> str:
        """The score card (:mod:`trapoula.tui.summary`): every row adds up to the next total."""
        if not isinstance(finished, BourlotoView):
            return super().deal_over(finished, after)
        ui = self.ui
        me = finished.seat or None
        s = bourloto_summary(finished, after, self.options)
        title = ui.t("deal_over", n=s["deal"])
        out = ["", ui.title(f"── {title} " + "─" * max(3, 60 - len(title)))]
        if finished.tricks:
            t = finished.tricks[-1]
            out.append(ui.dim(f"{ui.t('last_trick')}: ") + self.trick_line(t, finished.trump, me))
        for note in s["notes"]:
            out.append(ui.t(note["key"]))
        labels = {"bourlot": "bourlot_row", "declarations": "declarations"}
        rows = list(s["rows"])
        m = getattr(after, "match", None)
        if m is not None:
            rows.append({"key": "total", "values": dict(m.scores), "total": True})
        if rows:
            lines = summary_lines({"columns": ["A", "B"], "rows": rows},
                                  lambda k: ui.t(labels.get(k, k)), lambda c: self.team(c, me))
            out.append(lines[0])
            for line, r in zip(lines[1:], rows, strict=True):
                if r["key"] == "declarations" and r.get("cancelled"):
                    line += "  " + ui.style(", ".join(
                        f"{self.team(c, me)} {ui.t('cancelled')} ({v})"
                        for c, v in r["cancelled"].items()), "yellow")
                out.append(ui.bold(line) if r.get("total") else line)
        for d in s["declarations"]:
            mark = ui.t("cancelled") if d["cancelled"] else ui.t("counted")
            out.append(ui.dim(f"  {self.seat(d['seat'], me)} {self.declaration_name(d['name'])} "
                              f"{d['points']}: {mark}"))
        outcome = s.get("outcome")
        if outcome:
            out.append(ui.style(ui.t(outcome["key"], team=self.team(outcome["team"], me)),
                                "yellow"))
        if s.get("capot"):
            out.append(ui.style(f"{self.team(s['capot'], me)}: {ui.t('capot')}", "yellow"))
        if "hanging" in s:
            out.append(ui.t("hanging_after", n=s["hanging"]))
        out.append("")
        return "\n".join(out)


def with_bourlot(view: Any, action: Action) -> Action | None:
    """The legal play of the same card and words that also announces Bourlot, when
    ``action`` is a play that does not (None otherwise).

    >>> from trapoula.cards import parse_card
    >>> class V:
    ...     legal_actions = [Action("play", (parse_card("KS"),)),
    ...                      Action("play", (parse_card("KS"),), words=("bourlot",))]
    >>> str(with_bourlot(V, V.legal_actions[0])), with_bourlot(V, V.legal_actions[1])
    ('play KS bourlot', None)
    """
    if action.kind != "play" or "bourlot" in action.words:
        return None
    want = {*action.words, "bourlot"}
    for a in getattr(view, "legal_actions", ()):
        if a.kind == "play" and a.cards == action.cards and set(a.words) == want:
            return a
    return None


def declaration_name(name: str, ui: Any) -> str:
    """``tierce``/``quarte``/``quinte``/``four``/``run of N`` in the UI's language."""
    if name.startswith("run of "):
        return str(ui.t("decl_run", n=name[7:]))
    key = f"decl_{name}"
    return str(ui.t(key)) if key in STRINGS else name
