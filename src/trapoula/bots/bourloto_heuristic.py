"""A strong rule-based Bourloto bot: hand evaluation for trump, card tracking for play.

``BourlotoHeuristicBot`` sees only a seat's view.  It works for both presets and any rule
options (it reads ``game.options``):

* **Trump.** A hand is valued for a trump suit as the expected point difference its team
  makes (a linear model of trump J/9/A/10, length, side aces and tens, Bourlot,
  declarations, where the upcard goes and the seven exchange; fitted on self-play deals).
  It agrees / takes / names when the value clears a threshold that depends on what a failed
  contract costs.
* **Declarations.** Always declares (``declare``, and the words ``declare`` / ``bourlot``
  with a card when they are offered); always exchanges the seven when that helps.
* **Play.** Each legal card is scored by the expected points of the trick it goes into
  (the chance the team wins it, from what is known of the unseen cards) minus what the
  card is worth kept for later (masters, trumps); leads add trump drawing for the long side.

>>> import trapoula
>>> from trapoula.bots import make_bot
>>> g = trapoula.make("bourloto", "gr")
>>> bots = [make_bot("heuristic", g, seed=i) for i in range(4)]
>>> s = g.new_deal(seed=7)
>>> while not s.is_over:
...     s = s.apply(bots[int(s.current_player[1]) - 1].choose(s.view(s.current_player)))
>>> sorted(s.result)
['hanging', 'scores']
"""

from __future__ import annotations

from typing import Any

from trapoula.bots.base import Bot
from trapoula.bots.bourloto_knowledge import (
    SUIT32,
    Knowledge,
    card_points,
    card_strength,
    mask_of_cards,
)
from trapoula.core.action import Action
from trapoula.core.game import Game
from trapoula.games.bourloto.shows import show_choices
from trapoula.search.bourloto_hand_model import (
    AGREE_THRESHOLD,
    COEF,
    COEF_CONTRACT,
    NAME_THRESHOLD,
    OPP_AGREED,
    PARTNER_AGREED,
    ROUND_RELAX,
    TAKE_THRESHOLD,
    bid_situation,
    hand_features,
    hand_value,
)

__all__ = [
    "COEF", "COEF_CONTRACT", "BourlotoHeuristicBot", "GreedyBourlotoBot", "bid_situation",
    "hand_features", "hand_value",
]

# The hand model (COEF, hand_features, hand_value, bid_situation) lives in
# trapoula.search.bourloto_hand_model, which the bidding prior shares; its names are
# re-exported here.
_SEVEN = 5  # the seven's offset inside a suit (index = 13 * suit + offset)

# play constants (diff points)
OTHER = 10.0  # points the other cards of a future trick bring
REST = 2.5  # points each player still to play adds to a trick
LOW_Q = 0.35  # chance the team wins a trick a card cannot win itself
TRUMP_CONTROL = 4.0  # extra keep value of a trump while opponents may hold trumps
DRAW_BONUS = 10.0  # leading trumps when the team is long and opponents still hold some


class BourlotoHeuristicBot(Bot):
    """Hand evaluation for trump, card counting for play; a fraction of a millisecond a move."""

    name = "heuristic"
    # play constants (see the module constants); instance attributes so they can be tuned
    other = OTHER
    rest = REST
    low_q = LOW_Q
    trump_control = TRUMP_CONTROL
    draw_bonus = DRAW_BONUS
    trump_w = (0.95, 0.7, 0.5, 0.4, 0.3)  # a trump's chance to win a trick, by higher ones out
    redeal_threshold = -25.0  # demand a redeal (άποντα) when no suit is worth more
    partner_agreed = PARTNER_AGREED  # ru: value added when the partner agreed earlier in the round
    round_relax = ROUND_RELAX  # ru: the agreement threshold drops by this after each failed round
    opp_agreed = OPP_AGREED  # ... and for each opponent who did
    # gr round 2 (naming trump): a pass brings the thrown-in deal (0 for both teams) nearer,
    # so each pass before this seat in the round lowers his threshold by ``name_relax``, and
    # the last speaker, whose pass throws the deal in, names down to ``last_name_threshold``
    # (issue 15: bot tables threw in 27 % of deals; people take or name far more often)
    name_relax = 12.0
    last_name_threshold = -30.0

    def __init__(
        self, game: Game, seed: int | None = None, *,
        agree_threshold: float = AGREE_THRESHOLD, take_threshold: float = TAKE_THRESHOLD,
        name_threshold: float = NAME_THRESHOLD,
        coef: dict[str, float] | None = None, coef_contract: dict[str, float] | None = None,
    ) -> None:
        super().__init__(game, seed)
        self.opts: Any = game.options
        self.agree_threshold = agree_threshold
        self.take_threshold = take_threshold
        self.name_threshold = name_threshold
        self.coef = COEF if coef is None else coef
        self.coef_contract = COEF_CONTRACT if coef_contract is None else coef_contract

    def choose(self, view: Any) -> Action:
        swap, acts = self.swap_or_rest(view)
        if swap is not None:
            return swap
        if len(acts) == 1:
            return acts[0]
        kind0 = acts[0].kind
        if kind0 == "play":
            return self._play(view, acts)
        kinds = {a.kind: a for a in acts}
        if "declare" in kinds:
            return kinds["declare"]
        return self._bid(view, acts, kinds)

    def swap_or_rest(self, view: Any) -> tuple[Action | None, tuple[Action, ...]]:
        """The extra answers offered with the first action after the deal: the seven
        exchange if it helps the hand, a late redeal (``aponta_after_take``) if the hand is
        hopeless, a declaration to show or the answer to one (``declaration_timing=
        "in_play"``); else None and the other legal actions."""
        acts: tuple[Action, ...] = view.legal_actions
        if view.phase not in ("play", "declare") or not acts or acts[-1].kind not in (
                "exchange", "redeal", "show", "approve", "cut"):
            return None, acts
        if acts[0].kind == "approve":  # declaration_timing="in_play": an opponent answers
            return self._show_or_answer(view, acts), acts
        extras = {a.kind: a for a in acts if a.kind in ("exchange", "redeal")}
        rest = tuple(a for a in acts if a.kind not in extras and a.kind != "show")
        if "redeal" in extras and view.trump is not None and hand_value(
                mask_of_cards(view.hand), int(view.trump), self.opts, coef=self.coef,
        ) < self.redeal_threshold:
            return extras["redeal"], acts
        if "exchange" in extras and self._exchange_helps(view):
            return extras["exchange"], acts
        return self._show_or_answer(view, acts), rest

    def _show_or_answer(self, view: Any, acts: tuple[Action, ...]) -> Action | None:
        """``declaration_timing="in_play"``: show the best declaration on offer (the most
        points, then the highest rank) at once; as an opponent, cut a declaration that a
        declaration of one's own (not shown yet) outranks, else approve."""
        trump = int(view.trump)
        four_values = self.opts.four_values
        if acts[0].kind == "approve":
            shown = next(e for e in reversed(view.events) if e.kind == "show")
            decl = show_choices(mask_of_cards(shown.cards), trump, four_values)[0]
            mine = mask_of_cards(view.hand)
            for d in view.declarations:
                if d.seat == view.seat:
                    mine &= ~mask_of_cards(d.cards)
            better = any(d.key > decl.key for d in show_choices(mine, trump, four_values))
            want = "cut" if better else "approve"  # (only approve once one stands approved)
            return next((a for a in acts if a.kind == want), acts[0])
        shows = {mask_of_cards(a.cards): a for a in acts if a.kind == "show"}
        if not shows:
            return None
        # a show's cards alone are that one combination
        best = max((show_choices(m, trump, four_values)[0] for m in shows),
                   key=lambda d: (d.points, d.key))
        return shows[best.mask]

    # --- trump ------------------------------------------------------------------------------
    def _recipient(self, view: Any, taker: int) -> int:
        if self.opts.upcard_recipient == "taker":
            return taker
        return int(view.dealer[1:]) - 1

    def _value(self, view: Any, trump: int, taker: int, buying: bool = False) -> float:
        """The hand model's value of ``trump`` for this seat if ``taker`` fixes it."""
        me = int(view.seat[1:]) - 1
        up = view.upcard.index if view.upcard is not None else -1
        mask, to, leads = bid_situation(
            mask_of_cards(view.hand), me, int(view.dealer[1:]) - 1, trump, up,
            self._recipient(view, taker), self.opts,
        )
        if buying and self.opts.contract:
            coef = self.coef_contract
        else:
            coef = self.coef
        v = hand_value(mask, trump, self.opts, upcard=up, upcard_to=to, leads=leads, coef=coef)
        if buying and not self.opts.contract:
            v += coef.get("taker", 0.0)
        return v

    def _bid(self, view: Any, acts: tuple[Action, ...], kinds: dict[str, Action]) -> Action:
        me = int(view.seat[1:]) - 1
        up = view.upcard.index if view.upcard is not None else -1
        if "redeal" in kinds and max(
            self._value(view, s, me) for s in range(4)
        ) < self.redeal_threshold:
            return kinds["redeal"]
        if "agree" in kinds:
            first = int(view.dealer[1:]) & 3
            v = self._value(view, up // 13, first)
            # this round's earlier speakers all agreed: the partner likes the suit, and so
            # (to a smaller degree, they may be loose) do the opponents
            spoke = self._round_pos(view)
            for seat_txt, act in view.bids[len(view.bids) - spoke:] if spoke else ():
                if act == "agree":
                    same = (int(seat_txt[1:]) - 1) & 1 == me & 1
                    v += self.partner_agreed if same else self.opp_agreed
            # a thrown-in deal scores nothing for anyone: be more accommodating round by round
            rounds_failed = sum(1 for _, act in view.bids if act == "disagree")
            threshold = self.agree_threshold - self.round_relax * rounds_failed
            return kinds["agree"] if v >= threshold else kinds["disagree"]
        if "take" in kinds:
            v = self._value(view, up // 13, me, True)
            return kinds["take"] if v >= self.take_threshold else kinds["pass"]
        names = [a for a in acts if a.kind == "name"]
        if names:
            scored = [
                (self._value(view, int(a.suit), me, True), a) for a in names if a.suit is not None
            ]
            v, a = max(scored, key=lambda t: t[0])
            if v >= self.name_threshold_now(view):
                return a
        return kinds.get("pass", acts[-1])

    def name_threshold_now(self, view: Any) -> float:
        """The value a suit must reach to be named, after ``k`` passes in round 2."""
        k = max(0, min(3, len(view.bids) - 4))
        threshold = self.name_threshold - self.name_relax * k
        return min(threshold, self.last_name_threshold) if k == 3 else threshold

    @staticmethod
    def _round_pos(view: Any) -> int:
        """How many seats have spoken in the current agreement round."""
        first = int(view.dealer[1:]) & 3
        return (int(view.seat[1:]) - 1 - first) & 3

    def _exchange_helps(self, view: Any) -> bool:
        up = view.upcard.index if view.upcard is not None else -1
        if up < 0 or view.trump is None:
            return True
        trump = int(view.trump)
        mask = mask_of_cards(view.hand)
        swapped = mask ^ (1 << (13 * trump + _SEVEN)) | (1 << up)
        opts = self.opts
        return hand_value(swapped, trump, opts, coef=self.coef) >= hand_value(
            mask, trump, opts, coef=self.coef)

    # --- play -------------------------------------------------------------------------------
    def _play(self, view: Any, acts: tuple[Action, ...]) -> Action:
        by_card: dict[int, Action] = {}
        for a in acts:  # keep the version with the most words (declare, bourlot)
            c = a.cards[0].index
            old = by_card.get(c)
            if old is None or len(a.words) > len(old.words):
                by_card[c] = a
        if len(by_card) == 1:
            return next(iter(by_card.values()))
        k = Knowledge(view, self.opts)
        cards = sorted(by_card)
        if view.trick:
            card = self._follow(k, view, cards)
        else:
            card = self._lead(k, view, cards)
        return by_card[card]

    def _keep_value(self, k: Knowledge, c: int, opp_trumps: float) -> float:
        """What holding ``c`` for later is worth (diff points)."""
        trump = k.trump
        s = c // 13
        hi = k.higher_out(c)
        pts = card_points(c, trump)
        if s == trump:
            w = self.trump_w[min(hi, 4)]
            extra = self.trump_control * opp_trumps
        else:
            ruff = self._ruff_risk(k, s)
            if hi == 0:
                w = 0.9 * (1.0 - ruff)
            elif hi == 1 and (k.hand & SUIT32[s]).bit_count() >= 2:
                w = 0.3 * (1.0 - ruff)
            else:
                w = 0.05
            extra = 0.0
        q = w + (1.0 - w) * self.low_q
        return (2.0 * q - 1.0) * (pts + self.other) + extra

    def _ruff_risk(self, k: Knowledge, suit: int) -> float:
        tm = SUIT32[k.trump]
        risk = 0.0
        for o in k.opponents():
            r = k.p_void(o, suit) * k.p_any(o, tm)
            risk = max(risk, r)
        return risk

    def _opp_trumps(self, k: Knowledge) -> float:
        tm = SUIT32[k.trump]
        a, b = k.opponents()
        return 1.0 - (1.0 - k.p_any(a, tm)) * (1.0 - k.p_any(b, tm))

    def _follow(self, k: Knowledge, view: Any, cards: list[int]) -> int:
        trump = k.trump
        me = k.me
        plays = [(int(s[1:]) - 1, c.index) for s, c in view.trick]
        led = plays[0][1] // 13
        win_seat, win_card = plays[0]
        for s, c in plays[1:]:
            if card_strength(c, trump, led) > card_strength(win_card, trump, led):
                win_seat, win_card = s, c
        trick_pts = sum(card_points(c, trump) for _, c in plays)
        remaining = [(me + i) & 3 for i in range(1, 4 - len(plays))]
        last_bonus = 10.0 if k.tricks_left == 1 else 0.0
        opp_tr = self._opp_trumps(k)
        partner_wins = (win_seat & 1) == (me & 1)
        partner_secure = partner_wins and k.safe(
            win_card, led, [s for s in remaining if (s & 1) != (me & 1)]) > 0.95
        cand = cards
        if partner_secure and led != trump:
            plain = [c for c in cards if c // 13 != trump]
            if plain:
                cand = plain  # never trump a partner's sure winner when a discard is allowed
        best, best_ev = cand[0], -1e9
        for c in cand:
            if card_strength(c, trump, led) > card_strength(win_card, trump, led):
                w_seat, w_card = me, c
            else:
                w_seat, w_card = win_seat, win_card
            p = self._team_win(k, w_seat, w_card, led, remaining)
            total = trick_pts + card_points(c, trump) + self.rest * len(remaining) + last_bonus
            ev = (2.0 * p - 1.0) * total - self._keep_value(k, c, opp_tr)
            if ev > best_ev + 1e-9:
                best, best_ev = c, ev
        return best

    def _team_win(
        self, k: Knowledge, w_seat: int, w_card: int, led: int, remaining: list[int]
    ) -> float:
        """Chance that the team wins the trick now won by ``w_card`` of ``w_seat``."""
        me = k.me
        opps = [s for s in remaining if (s & 1) != (me & 1)]
        rescue = k.partner_takes(w_card, led, k.partner, opps) if k.partner in remaining else 0.0
        if (w_seat & 1) == (me & 1):
            safe = k.safe(w_card, led, opps)
            return safe + (1.0 - safe) * rescue
        return rescue

    def _lead(self, k: Knowledge, view: Any, cards: list[int]) -> int:
        trump = k.trump
        me = k.me
        o1, o2 = (me + 1) & 3, (me + 3) & 3
        opp_tr = self._opp_trumps(k)
        last_bonus = 10.0 if k.tricks_left == 1 else 0.0
        my_trumps = (k.hand & SUIT32[trump]).bit_count()
        team = "AB"[me & 1]
        long_side = (view.buyer == team) or (view.buyer is None and my_trumps >= 3)
        best, best_ev = cards[0], -1e9
        for c in cards:
            s = c // 13
            p = self._team_win(k, me, c, s, [o1, k.partner, o2])
            total = card_points(c, trump) + 3 * self.rest + last_bonus
            ev = (2.0 * p - 1.0) * total - self._keep_value(k, c, opp_tr)
            if s == trump and long_side and opp_tr > 0.1:
                master = k.higher_out(c) == 0
                ev += self.draw_bonus * opp_tr * (1.0 if master else 0.4)
            if ev > best_ev + 1e-9:
                best, best_ev = c, ev
        return best


class GreedyBourlotoBot(BourlotoHeuristicBot):
    """A simple baseline: the heuristic's bidding, but always plays its highest legal card."""

    name = "greedy"

    def _play(self, view: Any, acts: tuple[Action, ...]) -> Action:
        trump = int(view.trump)
        led = view.trick[0][1].index // 13 if view.trick else -1

        def key(a: Action) -> tuple[int, int, int]:
            c = a.cards[0].index
            s = card_strength(c, trump, led if led >= 0 else c // 13)
            return (s, card_points(c, trump), len(a.words))

        return max(acts, key=key)

