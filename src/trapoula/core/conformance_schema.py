"""The shape of every scenarios.md check: each field is validated before a case runs, so a
malformed case is an ERROR, never a pass (a card outside the game's pack, an index past the
end of the actions, a missing or mistyped field, an unknown field with data in it).

>>> from trapoula.core.registry import make
>>> g = make("bourloto", "ru")
>>> try:
...     validate_case({"id": "X", "game": "bourloto", "check": "card_points", "trump": "H",
...                    "cards": ["2S"], "expect": 0}, g)
... except CaseError as exc:
...     print(exc)
'cards': 2S is not in the bourloto pack
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from typing import Any

from trapoula.cards import Card, parse_card, parse_suit
from trapoula.core.seats import split_seat
from trapoula.errors import TrapoulaError

__all__ = ["CaseError", "validate_case"]

TEAMS = ("A", "B")
COMMON = {"id", "game", "preset", "options", "check", "expect", "players"}


class CaseError(Exception):
    """A malformed case (reported as ERROR)."""


def _fail(field: str, why: str) -> CaseError:
    return CaseError(f"{field!r}: {why}")


class _Case:
    """One case being validated against its game's pack and seats."""

    def __init__(self, case: Mapping[str, Any], game: Any) -> None:
        self.case = case
        self.game = game
        self.pack = Counter(game.card_pack())
        self.seats = game.info.players
        # checks outside a deal (a trick, a settlement) may be of any table size the game has
        self.max_seats = game.info.max_players
        self.used: Counter[Card] = Counter()

    # --- values -------------------------------------------------------------------------------
    def get(self, field: str, optional: bool = False) -> Any:
        if field not in self.case:
            if optional:
                return None
            raise _fail(field, "missing")
        return self.case[field]

    def card(self, value: Any, field: str, count: bool = True) -> Card:
        if not isinstance(value, str):
            raise _fail(field, f"a card is text like '10H', not {value!r}")
        try:
            c = parse_card(value)
        except TrapoulaError as exc:
            raise _fail(field, str(exc)) from None
        if c not in self.pack:
            raise _fail(field, f"{c} is not in the {self.game.name} pack")
        if count:
            self.used[c] += 1
            if self.used[c] > self.pack[c]:
                raise _fail(field, f"{c} appears more often than the pack holds "
                                   f"({self.pack[c]})")
        return c

    def cards(self, value: Any, field: str, count: bool = True,
              max_len: int | None = None) -> list[Card]:
        if not isinstance(value, list):
            raise _fail(field, f"a list of cards, not {value!r}")
        if max_len is not None and len(value) > max_len:
            raise _fail(field, f"at most {max_len} cards, not {len(value)}")
        return [self.card(v, field, count) for v in value]

    def suit(self, value: Any, field: str) -> None:
        if not isinstance(value, str):
            raise _fail(field, f"a suit S, H, D or C, not {value!r}")
        try:
            parse_suit(value)
        except TrapoulaError as exc:
            raise _fail(field, str(exc)) from None

    @staticmethod
    def integer(value: Any, field: str, minimum: int | None = None) -> int:
        if type(value) is not int:
            raise _fail(field, f"a whole number, not {value!r}")
        if minimum is not None and value < minimum:
            raise _fail(field, f"at least {minimum}, not {value}")
        return value

    def teams(self, value: Any, field: str, each: Callable[[Any, str], Any],
              required: bool = True) -> None:
        if not isinstance(value, dict):
            raise _fail(field, f'an object {{"A": …, "B": …}}, not {value!r}')
        extra = set(value) - set(TEAMS)
        if extra:
            raise _fail(field, f"teams are A and B, not {sorted(extra)}")
        for t in TEAMS:
            if t in value:
                each(value[t], f"{field}.{t}")
            elif required:
                raise _fail(f"{field}.{t}", "missing")

    def team_or_null(self, value: Any, field: str) -> None:
        if value is not None and value not in TEAMS:
            raise _fail(field, f"A, B or null, not {value!r}")

    def seat(self, value: Any, field: str) -> str:
        names = {f"P{i + 1}" for i in range(self.seats)}
        if value not in names:
            raise _fail(field, f"a seat {', '.join(sorted(names))}, not {value!r}")
        return str(value)

    def action(self, value: Any, field: str) -> str:
        if not isinstance(value, str):
            raise _fail(field, f"an action is text, not {value!r}")
        seat, body = split_seat(value)
        if seat is not None:
            self.seat(seat, field)
        try:
            self.game.parse_action(body)
        except TrapoulaError as exc:
            raise _fail(field, f"{value!r}: {exc}") from None
        return value


def _ints(c: _Case) -> Callable[[Any, str], Any]:
    return lambda v, f: c.integer(v, f)


def _check_fields(c: _Case, check: str) -> set[str]:
    """Validate the fields of ``check``; the set of field names it knows."""
    ints = _ints(c)
    expect = c.get("expect")
    if check == "legal_plays":
        c.suit(c.get("trump"), "trump")
        c.cards(c.get("trick"), "trick", max_len=c.max_seats - 1)
        c.cards(c.get("hand"), "hand")
        c.cards(expect, "expect", count=False)
        return {"trump", "trick", "hand"}
    if check == "trick_winner":
        c.suit(c.get("trump"), "trump")
        trick = c.cards(c.get("trick"), "trick", max_len=c.max_seats)
        if len(trick) < 2:
            raise _fail("trick", "a complete trick has a card from each player")
        c.integer(expect, "expect", 0)
        if expect >= len(trick):
            raise _fail("expect", f"an index into the trick (0..{len(trick) - 1}), not {expect}")
        return {"trump", "trick"}
    if check == "card_points":
        c.suit(c.get("trump"), "trump")
        c.cards(c.get("cards"), "cards")
        c.integer(expect, "expect", 0)
        return {"trump", "cards"}
    if check == "declarations":
        c.suit(c.get("trump"), "trump")
        c.cards(c.get("hand"), "hand", max_len=8)
        if not isinstance(expect, dict) or set(expect) != {"points"}:
            raise _fail("expect", f'{{"points": N}}, not {expect!r}')
        c.integer(expect["points"], "expect.points", 0)
        return {"trump", "hand"}
    if check == "compare_declarations":
        c.suit(c.get("trump"), "trump")

        def declared(v: Any, f: str) -> None:
            if not isinstance(v, list):
                raise _fail(f, f"a list of players' card lists, not {v!r}")
            for i, cards in enumerate(v):
                c.cards(cards, f"{f}[{i}]", max_len=8)

        c.teams(c.get("teams"), "teams", declared, required=False)
        c.teams(expect, "expect", ints)
        return {"trump", "teams"}
    if check == "deal_score":
        c.team_or_null(c.get("buyer", optional=True), "buyer")
        c.teams(c.get("tricks"), "tricks", ints)
        c.team_or_null(c.get("capot", optional=True), "capot")
        c.teams(c.get("declarations"), "declarations", ints)
        if "trump_points" in c.case:
            c.teams(c.case["trump_points"], "trump_points", ints)
        if "hanging" in c.case:
            c.integer(c.case["hanging"], "hanging", 0)
        if not isinstance(expect, dict) or not set(expect) <= {"A", "B", "hanging"} or not (
                {"A", "B"} <= set(expect)):
            raise _fail("expect", f'{{"A": N, "B": N, "hanging": N}}, not {expect!r}')
        for k, v in expect.items():
            c.integer(v, f"expect.{k}")
        return {"buyer", "tricks", "capot", "declarations", "trump_points", "hanging"}
    if check == "match":
        if "target" in c.case:
            c.integer(c.case["target"], "target", 1)
        c.teams(c.get("scores_before"), "scores_before", ints)
        c.teams(c.get("deal"), "deal", ints)
        if not isinstance(expect, dict) or set(expect) - {"scores", "winner", "extra_deals"}:
            raise _fail("expect", f'{{"scores", "winner", "extra_deals"}}, not {expect!r}')
        if "scores" in expect:
            c.teams(expect["scores"], "expect.scores", ints)
        if "winner" in expect:
            c.team_or_null(expect["winner"], "expect.winner")
        if "extra_deals" in expect:
            c.integer(expect["extra_deals"], "expect.extra_deals", 0)
        return {"target", "scores_before", "deal"}
    if check == "settle":
        c.integer(c.get("pot"), "pot", 0)
        players = c.get("players")
        if not isinstance(players, dict) or not players:
            raise _fail("players", f'{{"P1": {{"tricks": N}} or "folded", …}}, not {players!r}')
        c.seats = c.max_seats
        for seat, v in players.items():
            c.seat(seat, "players")
            if v != "folded" and not (isinstance(v, dict) and set(v) == {"tricks"}):
                raise _fail(f"players.{seat}", f'{{"tricks": N}} or "folded", not {v!r}')
            if v != "folded":
                c.integer(v["tricks"], f"players.{seat}.tricks", 0)
        if not isinstance(expect, dict) or set(expect) - {"payouts", "bourre", "carry"}:
            raise _fail("expect", f'{{"payouts", "bourre", "carry"}}, not {expect!r}')
        return {"pot"}
    if check in ("meld", "add_to_meld"):
        if check == "meld":
            c.cards(c.get("cards"), "cards")
        else:
            c.cards(c.get("meld"), "meld")
            c.cards(c.get("add"), "add")
        if not isinstance(expect, dict) or type(expect.get("valid")) is not bool:
            raise _fail("expect", f'{{"valid": true/false, …}}, not {expect!r}')
        return {"cards", "meld", "add"}
    if check == "hand_score":
        team = c.get("team")
        if not isinstance(team, dict) or set(team) - {"melds", "held", "took_pozzetto", "closed"}:
            raise _fail("team", f'{{"melds", "held", "took_pozzetto", "closed"}}, not {team!r}')
        for i, meld in enumerate(team.get("melds", [])):
            c.cards(meld, f"team.melds[{i}]")
        c.cards(team.get("held", []), "team.held")
        for key in ("took_pozzetto", "closed"):
            if key in team and type(team[key]) is not bool:
                raise _fail(f"team.{key}", f"true or false, not {team[key]!r}")
        c.integer(expect, "expect")
        return {"team"}
    if check == "dealer_draw":
        draws = c.get("draws")
        if not isinstance(draws, dict) or not draws:
            raise _fail("draws", f'{{"P1": card, …}}, not {draws!r}')
        c.seats = c.max_seats
        for seat, card in draws.items():
            c.seat(seat, "draws")
            c.card(card, f"draws.{seat}", count=False)
        if not isinstance(expect, dict) or set(expect) not in ({"dealer"}, {"redraw"}):
            raise _fail("expect", f'{{"dealer": seat}} or {{"redraw": [seats]}}, not {expect!r}')
        for seat in ([expect["dealer"]] if "dealer" in expect else expect["redraw"]):
            c.seat(seat, "expect")
        return {"draws"}
    if check == "deal":
        return _deal_fields(c)
    return set()  # a game's own check: the game validates it


_SETUP_CARDS = ("upcard", "trump_card")
_SETUP_LISTS = ("stock", "discard")


def _deal_fields(c: _Case) -> set[str]:
    setup = c.get("setup")
    if not isinstance(setup, dict):
        raise _fail("setup", f"an object, not {setup!r}")
    hands = setup.get("hands", {})
    if not isinstance(hands, dict):
        raise _fail("setup.hands", f'{{"P1": [cards], …}}, not {hands!r}')
    for seat, cards in hands.items():
        c.seat(seat, "setup.hands")
        c.cards(cards, f"setup.hands.{seat}")
    held = c.game.setup_held_cards(setup)
    for key in _SETUP_CARDS:
        if key not in setup:
            continue
        if key not in held:
            c.card(setup[key], f"setup.{key}")
            continue
        seat, why = held[key]  # the same card, held in a hand too: listed there, and must be
        card = c.card(setup[key], f"setup.{key}", count=False)
        listed = hands.get(seat)
        if not isinstance(listed, list) or card not in {parse_card(v) for v in listed}:
            raise _fail(f"setup.{key}", f"{card} must be listed in {seat}'s hand too ({why})")
    for key in _SETUP_LISTS:
        if key in setup:
            c.cards(setup[key], f"setup.{key}")
    for i, packet in enumerate(setup.get("pozzetti", [])):
        c.cards(packet, f"setup.pozzetti[{i}]")
    melds = setup.get("melds", {})
    if isinstance(melds, dict):
        for team, lst in melds.items():
            for i, meld in enumerate(lst):
                c.cards(meld, f"setup.melds.{team}[{i}]")
    if "trump" in setup:
        c.suit(setup["trump"], "setup.trump")
    if "buyer" in setup:
        c.team_or_null(setup["buyer"], "setup.buyer")
    if "to_act" in setup:
        c.seat(setup["to_act"], "setup.to_act")
    actions = c.get("actions", optional=True)
    actions = [] if actions is None else actions
    if not isinstance(actions, list):
        raise _fail("actions", f"a list of action texts, not {actions!r}")
    for k, text in enumerate(actions):
        c.action(text, f"actions[{k}]")
    expect = c.get("expect")
    if not isinstance(expect, dict):
        raise _fail("expect", f'{{"legal", "illegal", "final"}}, not {expect!r}')
    extra = set(expect) - {"legal", "illegal", "final"}
    if extra:
        raise _fail("expect", f"unknown fields {sorted(extra)} (legal, illegal, final)")
    n = len(actions)
    legal = _items(expect.get("legal", []), "expect.legal", {"before", "actions"})
    for i, item in enumerate(legal):
        before = c.integer(item.get("before"), f"expect.legal[{i}].before", 0)
        if before > n:
            raise _fail(f"expect.legal[{i}].before",
                        f"{before} is past the end of the {n} actions (0..{n})")
        acts = item.get("actions")
        if not isinstance(acts, list):
            raise _fail(f"expect.legal[{i}].actions", f"a list of actions, not {acts!r}")
        for a in acts:
            c.action(a, f"expect.legal[{i}].actions")
    for i, item in enumerate(_items(expect.get("illegal", []), "expect.illegal", {"at"})):
        at = c.integer(item.get("at"), f"expect.illegal[{i}].at", 0)
        if at >= n:
            raise _fail(f"expect.illegal[{i}].at",
                        f"{at} is not one of the {n} actions (0..{n - 1})")
    if "final" in expect and not isinstance(expect["final"], dict):
        raise _fail("expect.final", f"an object, not {expect['final']!r}")
    if not any(k in expect for k in ("legal", "illegal", "final")):
        raise _fail("expect", "a deal case checks legal, illegal or final")
    return {"setup", "actions"}


def _items(value: Any, field: str, keys: set[str]) -> list[dict[str, Any]]:
    if not isinstance(value, list):
        raise _fail(field, f"a list, not {value!r}")
    for i, item in enumerate(value):
        if not isinstance(item, dict) or not (keys - {"actions"} <= set(item) <= keys):
            raise _fail(f"{field}[{i}]", f"an object with {sorted(keys)}, not {item!r}")
    return value


def validate_case(case: Mapping[str, Any], game: Any) -> None:
    """Raise :class:`CaseError` (with the field and what is wrong) unless every field of the
    case is well formed for ``game``.  Fields a check does not know are errors unless their
    value is text (a note for readers)."""
    cid = case.get("id")
    if not isinstance(cid, str) or not cid:
        raise _fail("id", f"a non-empty text, not {cid!r}")
    check = case.get("check")
    if not isinstance(check, str):
        raise _fail("check", f"a check name, not {check!r}")
    if "players" in case and check != "settle":  # (settle: "players" is seat data)
        _Case.integer(case["players"], "players", 1)
    c = _Case(case, game)
    known = COMMON | _check_fields(c, check)
    if check in _KNOWN:
        for key, value in case.items():
            if key not in known and not isinstance(value, str):
                raise _fail(key, f"not a field of check {check!r}")


_KNOWN = {"legal_plays", "trick_winner", "card_points", "declarations", "compare_declarations",
          "deal_score", "match", "settle", "meld", "add_to_meld", "hand_score", "dealer_draw",
          "deal"}
