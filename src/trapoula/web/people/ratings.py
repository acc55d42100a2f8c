"""OpenSkill ratings of people and bot levels, per game and preset, settled when a match ends.

**Who is rated.** Each seat's *subject*: the account that holds it, or for a bot seat its
level (``bot:hard``); a guest's seat (no account) plays at a fresh rating that is not stored.
**Which tables count** (:func:`unrated_why`): nobody chose the seed (the table has a
commit-reveal chain, web/fairseed.py), its rules are its preset's (only the number of
players may differ), its creator did not make it unrated (``"table": {"rated": false}``), at
least one account played, and no account held two seats.

**The model.** Plackett-Luce (``openskill``): one team per side — the two partners of
Bourloto and four-handed Burraco, each player alone in Bourré and Burraco for two or three.
Sides are ranked by the match's outcome (``state.outcome()``): the winning side first, the
others by their payoff (points, or chips won in Bourré), equal payoffs sharing a place.

**Leaving.** A person who gives up his seat (``leave``) after the first move of a rated
match is noted (:meth:`People.note_leaver`); when the match ends he is rated as if his side
came last, whatever the bot or the newcomer who took his seat made of it, so leaving never
saves a loss.  A seat played by a bot because its person's clock ran out still belongs to
him: he gets the match's result.  A leaver who comes back is still rated as a leaver.  A
table nobody plays at any more (``abandoned`` by the sweeper: every person gone) never ends,
so it changes no rating — nobody stayed to be harmed.

**Provisional.** A rating is provisional (marked on pages) below :data:`PROVISIONAL_MATCHES`
rated matches or above :data:`PROVISIONAL_SIGMA`.  Pages show :func:`display`:
``1000 + 40 × (mu − 3 sigma)`` (a new player shows 1000).
"""

from __future__ import annotations

import logging
import weakref
from collections.abc import Mapping
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from trapoula.web.people.standing import Settled, Standing, Update, bot_subject
from trapoula.web.people.store import people_of
from trapoula.web.rows import TableRow, rule_options
from trapoula.web.spec import split_options

if TYPE_CHECKING:
    from trapoula.web.people.rows import People
    from trapoula.web.rows import Store

__all__ = ["PROVISIONAL_MATCHES", "PROVISIONAL_SIGMA", "display", "people_for", "places",
           "provisional", "rate", "settlement", "table_why", "unrated_why"]

log = logging.getLogger("trapoula.web")

PROVISIONAL_MATCHES = 10
PROVISIONAL_SIGMA = 6.5
_PEOPLE: weakref.WeakKeyDictionary[Any, People] = weakref.WeakKeyDictionary()


def people_for(store: Store) -> People:
    """The players' home of a table store, made once per store."""
    got = _PEOPLE.get(store)
    if got is None:
        got = _PEOPLE[store] = people_of(store)
    return got


def display(st: Standing) -> int:
    """The rating pages show: 1000 for a new player, 40 a point of mu - 3 sigma."""
    return round(1000 + 40 * st.ordinal)


def provisional(st: Standing) -> bool:
    return st.matches < PROVISIONAL_MATCHES or st.sigma > PROVISIONAL_SIGMA


def seat_subject(seat: Any) -> str | None:
    """A seat row's subject: its account, a bot's level, None for a guest or an open seat."""
    if seat.kind == "bot":
        return bot_subject(seat.level or seat.bot or "bot")
    return seat.account_id if seat.token_hash is not None else None


def table_why(row: TableRow) -> str:
    """Why a table cannot count, whoever plays at it ("": it may)."""
    rules, settings = split_options(row.options)
    if not settings.rated:
        return "its creator made it unrated"
    if row.fair is None or settings.seed_chosen:
        return "its seed was chosen"
    if set(rule_options(rules)) - {"players"}:
        return "its rules are not its preset's"
    return ""


def unrated_why(row: TableRow, leavers: Mapping[str, str] = {}) -> str:
    """Why a finished table does not count ("": it counts); ``leavers``: account -> seat of
    those who gave up a seat during the match."""
    why = table_why(row)
    if why:
        return why
    accounts = [s.account_id for s in row.seats if s.kind == "human" and s.account_id
                and s.token_hash is not None and s.account_id not in leavers]
    everyone = accounts + list(leavers)
    if not everyone:
        return "no account played at it"
    if len(set(everyone)) != len(everyone):
        return "an account held two seats"
    return ""


def places(sides: tuple[tuple[str, ...], ...], side_names: tuple[str, ...],
           returns: Mapping[str, float], winner: str | None) -> dict[str, int]:
    """Each seat's place (1: first): the winning side first, then by payoff, ties shared.

    >>> places((("P1", "P3"), ("P2", "P4")), ("A", "B"), {"P1": 90, "P2": 72, "P3": 90,
    ...        "P4": 72}, "B")
    {'P1': 2, 'P3': 2, 'P2': 1, 'P4': 1}
    """
    keys = {name: (0 if name == winner else 1, -float(returns[members[0]]))
            for name, members in zip(side_names, sides, strict=True)}
    out = {}
    for name, members in zip(side_names, sides, strict=True):
        place = 1 + sum(1 for k in keys.values() if k < keys[name])
        for seat in members:
            out[seat] = place
    return out


def settlement(row: TableRow, game: Any, outcome: Any, ts: float,
               leavers: Mapping[str, str] = {}) -> Settled:
    """A finished table's :class:`Settled` result (rated or not; at an unrated table only the
    accounts are listed, for their history)."""
    info = game.info
    why = unrated_why(row, leavers)
    seats = {s.seat: seat_subject(s) for s in row.seats}
    seats = {k: (None if v in leavers else v) for k, v in seats.items()}  # came back: a leaver
    if why:
        seats = {k: (v if v is not None and not v.startswith("bot:") else None)
                 for k, v in seats.items()}
    pl = places(info.sides, info.side_names, outcome.returns, outcome.winner)
    winners = tuple(s for s, p in pl.items() if p == 1 and outcome.winner is not None)
    for n, (account, seat) in enumerate(list(leavers.items())[:10] if not why else []):
        seats[f"{seat}~{n}"] = account  # the leaver, at his side's last place
        pl[f"{seat}~{n}"] = max(pl.values())
    return Settled(row.table_id, row.game, row.preset, ts, not why, why, seats, pl, winners)


def rate(result: Settled, sides: tuple[tuple[str, ...], ...]) -> Update:
    """The update of a rated result: one Plackett-Luce rating of the sides as they finished,
    and for each leaver (a key ``seat~…``) one as if his side had come last."""

    def update(old: dict[str, Standing]) -> dict[str, Standing]:
        from openskill.models import PlackettLuce

        model = PlackettLuce()

        def now(subject: str | None) -> Standing:
            if subject is None:
                return Standing("", result.game, result.preset)
            return old.get(subject) or Standing(subject, result.game, result.preset)

        def one_rating(holders: dict[str, str | None], ranks: list[float]
                       ) -> list[list[Any]]:
            teams = [[model.rating(mu=now(holders[s]).mu, sigma=now(holders[s]).sigma)
                      for s in members] for members in sides]
            return [list(t) for t in model.rate(teams, ranks=ranks)]

        final = {s: result.seats.get(s) for members in sides for s in members}
        ranks = [float(result.places[members[0]]) for members in sides]
        new: dict[str, Standing] = {}

        def keep(subject: str | None, r: Any, won: bool) -> None:
            if subject is None:
                return
            st = now(subject)
            new[subject] = replace(st, mu=float(r.mu), sigma=float(r.sigma),
                                   matches=st.matches + 1, wins=st.wins + int(won),
                                   last_played=result.ts, name="")

        for members, team in zip(sides, one_rating(final, ranks), strict=True):
            for s, r in zip(members, team, strict=True):
                keep(final[s], r, s in result.winners)
        last = max(ranks)
        for key, account in result.seats.items():
            if "~" not in key or account is None:
                continue
            seat = key.split("~")[0]
            holders = {**final, seat: account}
            mine = next(k for k, members in enumerate(sides) if seat in members)
            lost = [1.0 if k != mine else last + 1.0 for k in range(len(sides))]
            for members, team in zip(sides, one_rating(holders, lost), strict=True):
                if seat in members:
                    keep(account, team[members.index(seat)], False)
        return new

    return update
