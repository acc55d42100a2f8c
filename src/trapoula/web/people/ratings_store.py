"""Ratings and match history in the players' home's stores (schema ``0006``):
:class:`MemoryRatings` and :class:`SqlRatings`, mixed into
:class:`~trapoula.web.people.store.MemoryPeople` and :class:`~trapoula.web.people.store.SqlPeople`.

:meth:`settle` stores a finished table's result, its players' new ratings and a history row
each, in one transaction that begins by inserting the ``results`` row: a second call for the
same table (another process, a retry) finds it there and changes nothing.
"""

from __future__ import annotations

import json
import threading
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from trapoula.web.people.standing import (
    BOT_PREFIX,
    Played,
    Settled,
    Standing,
    Update,
    ordinal,
)
from trapoula.web.rows import StoreUnavailable

__all__ = ["MemoryRatings", "SqlRatings", "history_rows"]


def history_rows(result: Settled, old: dict[str, Standing],
                 new: dict[str, Standing]) -> list[Played]:
    """A :class:`Played` row for each seat of ``result`` that has a subject."""
    out = []
    for seat, subject in result.seats.items():
        if subject is None:
            continue
        st = new.get(subject) or old.get(subject) or Standing(subject, result.game,
                                                               result.preset)
        out.append(Played(subject, result.game, result.preset, result.table_id, seat,
                          result.ts, result.rated and subject in new,
                          result.places.get(seat, 0), seat in result.winners, st.mu, st.sigma))
    return out


def _places_text(result: Settled) -> str:
    return json.dumps({"seats": result.seats, "places": result.places,
                       "winners": list(result.winners)}, sort_keys=True)


def _settled(r: Any) -> Settled:
    d = json.loads(r.places)
    return Settled(r.table_id, r.game, r.preset, float(r.ts), bool(r.rated), r.why,
                   d.get("seats", {}), d.get("places", {}), tuple(d.get("winners", ())))


class MemoryRatings:
    """Ratings beside a :class:`~trapoula.web.people.store.MemoryPeople`."""

    _lock: threading.Lock
    _accounts: dict[str, Any]

    def _init_ratings(self) -> None:
        self._ratings: dict[tuple[str, str, str], Standing] = {}
        self._history: list[Played] = []
        self._results: dict[str, Settled] = {}
        self._departures: dict[str, dict[str, str]] = {}

    def note_leaver(self, table_id: str, seat: str, subject: str, ts: float) -> None:
        with self._lock:
            self._departures.setdefault(table_id, {}).setdefault(subject, seat)

    def leavers(self, table_id: str) -> dict[str, str]:
        return dict(self._departures.get(table_id, {}))

    def _rating_state(self) -> tuple[dict[tuple[str, str, str], Standing], list[Played],
                                     dict[str, Settled]]:
        return self._ratings, self._history, self._results

    def settle(self, result: Settled, update: Update) -> bool:
        ratings, history, results = self._rating_state()
        with self._lock:
            if result.table_id in results:
                return False
            subjects = {s for s in result.seats.values() if s is not None}
            old = {s: ratings[s, result.game, result.preset] for s in subjects
                   if (s, result.game, result.preset) in ratings}
            new = update(old) if result.rated else {}
            results[result.table_id] = result
            for s, st in new.items():
                ratings[s, st.game, st.preset] = replace(st, name="")
            history.extend(history_rows(result, old, new))
            return True

    def result_of(self, table_id: str) -> Settled | None:
        return self._rating_state()[2].get(table_id)

    def _named(self, st: Standing) -> Standing:
        acc = self._accounts.get(st.subject)
        return replace(st, name=acc.name if acc is not None else st.subject,
                       gone=acc is not None and acc.status == "deleted")

    def standings(self, subject: str) -> list[Standing]:
        ratings = self._rating_state()[0]
        return sorted((self._named(st) for (s, _, _), st in list(ratings.items())
                       if s == subject), key=lambda st: (st.game, st.preset))

    def leaderboard(self, game: str, preset: str, offset: int = 0,
                    limit: int = 50) -> tuple[int, list[Standing]]:
        ratings = self._rating_state()[0]
        rows = sorted((st for (_, g, p), st in list(ratings.items())
                       if g == game and p == preset), key=lambda st: (st.ordinal, st.subject),
                      reverse=True)
        return len(rows), [self._named(st) for st in rows[offset:offset + limit]]

    def played(self, subject: str, game: str | None = None, preset: str | None = None,
               limit: int = 50) -> list[Played]:
        history = self._rating_state()[1]
        rows = [p for p in list(history) if p.subject == subject
                and (game is None or p.game == game) and (preset is None or p.preset == preset)]
        return rows[::-1][:limit]


class SqlRatings:
    """Ratings in the SQL database of a :class:`~trapoula.web.people.store.SqlPeople`."""

    engine: Any
    accounts: Any
    _sa: Any
    _errors: tuple[type[BaseException], ...]

    if TYPE_CHECKING:
        def _fail(self, what: str, exc: BaseException) -> StoreUnavailable: ...

    def note_leaver(self, table_id: str, seat: str, subject: str, ts: float) -> None:
        d = self._departures_table()
        try:
            with self.engine.begin() as c:
                c.execute(d.insert().values(table_id=table_id, subject=subject, seat=seat, ts=ts))
        except self._sa.exc.IntegrityError:
            return  # noted already (his first seat counts)
        except self._errors as exc:
            raise self._fail("note_leaver", exc) from exc

    def leavers(self, table_id: str) -> dict[str, str]:
        d = self._departures_table()
        try:
            with self.engine.connect() as c:
                return {r.subject: r.seat for r in c.execute(
                    self._sa.select(d).where(d.c.table_id == table_id).order_by(d.c.ts))}
        except self._errors as exc:
            raise self._fail("leavers", exc) from exc

    def _departures_table(self) -> Any:
        self._rating_tables()
        return self._rdepartures

    def _rating_tables(self) -> tuple[Any, Any, Any]:
        got = getattr(self, "_rtables", None)
        if got is not None:
            return got  # type: ignore[no-any-return]
        sa = self._sa
        md = sa.MetaData()
        ratings = sa.Table(
            "ratings", md,
            sa.Column("subject", sa.String(64), primary_key=True),
            sa.Column("game", sa.String(32), primary_key=True),
            sa.Column("preset", sa.String(32), primary_key=True),
            sa.Column("mu", sa.Float), sa.Column("sigma", sa.Float),
            sa.Column("ordinal", sa.Float), sa.Column("matches", sa.Integer),
            sa.Column("wins", sa.Integer), sa.Column("last_played", sa.Float),
        )
        history = sa.Table(
            "rating_history", md,
            sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
            sa.Column("subject", sa.String(64)), sa.Column("game", sa.String(32)),
            sa.Column("preset", sa.String(32)), sa.Column("table_id", sa.String(32)),
            sa.Column("seat", sa.String(8)), sa.Column("ts", sa.Float),
            sa.Column("rated", sa.Boolean), sa.Column("place", sa.Integer),
            sa.Column("won", sa.Boolean), sa.Column("mu", sa.Float),
            sa.Column("sigma", sa.Float),
        )
        results = sa.Table(
            "results", md,
            sa.Column("table_id", sa.String(32), primary_key=True),
            sa.Column("game", sa.String(32)), sa.Column("preset", sa.String(32)),
            sa.Column("ts", sa.Float), sa.Column("rated", sa.Boolean),
            sa.Column("why", sa.Text), sa.Column("places", sa.Text),
        )
        self._rdepartures = sa.Table(
            "departures", md,
            sa.Column("table_id", sa.String(32), primary_key=True),
            sa.Column("subject", sa.String(64), primary_key=True),
            sa.Column("seat", sa.String(8)), sa.Column("ts", sa.Float),
        )
        self._rtables = (ratings, history, results)
        return self._rtables

    @staticmethod
    def _rating_values(st: Standing) -> dict[str, Any]:
        return {"mu": st.mu, "sigma": st.sigma, "ordinal": ordinal(st.mu, st.sigma),
                "matches": st.matches, "wins": st.wins, "last_played": st.last_played}

    def settle(self, result: Settled, update: Update) -> bool:
        sa = self._sa
        ratings, history, results = self._rating_tables()
        subjects = sorted({s for s in result.seats.values() if s is not None})
        for _ in range(5):
            try:
                with self.engine.begin() as c:
                    # first the unique row: the transaction that inserts it settles the table
                    c.execute(results.insert().values(
                        table_id=result.table_id, game=result.game, preset=result.preset,
                        ts=result.ts, rated=result.rated, why=result.why,
                        places=_places_text(result)))
                    r = ratings.c
                    q = (sa.select(ratings).where(r.subject.in_(subjects), r.game == result.game,
                                                  r.preset == result.preset).with_for_update())
                    old = {x.subject: Standing(x.subject, x.game, x.preset, float(x.mu),
                                               float(x.sigma), int(x.matches), int(x.wins),
                                               float(x.last_played)) for x in c.execute(q)}
                    new = update(old) if result.rated else {}
                    for s, st in new.items():
                        values = self._rating_values(st)
                        if s in old:
                            c.execute(ratings.update().where(
                                r.subject == s, r.game == st.game, r.preset == st.preset)
                                .values(**values))
                        else:
                            c.execute(ratings.insert().values(
                                subject=s, game=st.game, preset=st.preset, **values))
                    rows = history_rows(result, old, new)
                    if rows:
                        c.execute(history.insert(), [
                            {"subject": p.subject, "game": p.game, "preset": p.preset,
                             "table_id": p.table_id, "seat": p.seat, "ts": p.ts,
                             "rated": p.rated, "place": p.place, "won": p.won, "mu": p.mu,
                             "sigma": p.sigma} for p in rows])
                return True
            except sa.exc.IntegrityError:
                if self.result_of(result.table_id) is not None:
                    return False  # another process (or an earlier call) settled it
                continue  # a first rating of a subject inserted beside ours: read again
            except self._errors as exc:
                raise self._fail("settling a table", exc) from exc
        raise StoreUnavailable(f"settling table {result.table_id}: conflicts went on")

    def result_of(self, table_id: str) -> Settled | None:
        results = self._rating_tables()[2]
        try:
            with self.engine.connect() as c:
                r = c.execute(self._sa.select(results)
                              .where(results.c.table_id == table_id)).first()
        except self._errors as exc:
            raise self._fail("result_of", exc) from exc
        return None if r is None else _settled(r)

    def _standings(self, q: Any) -> list[Standing]:
        ratings = self._rating_tables()[0]
        a = self.accounts
        q = q.add_columns(a.c.name, a.c.status).select_from(
            ratings.outerjoin(a, a.c.account_id == ratings.c.subject))
        try:
            with self.engine.connect() as c:
                rows = list(c.execute(q))
        except self._errors as exc:
            raise self._fail("reading ratings", exc) from exc
        return [Standing(x.subject, x.game, x.preset, float(x.mu), float(x.sigma),
                         int(x.matches), int(x.wins), float(x.last_played),
                         x.name if x.name is not None else x.subject,
                         x.status == "deleted") for x in rows]

    def standings(self, subject: str) -> list[Standing]:
        ratings = self._rating_tables()[0]
        r = ratings.c
        return self._standings(self._sa.select(r.subject, r.game, r.preset, r.mu, r.sigma,
                                               r.matches, r.wins, r.last_played)
                               .where(r.subject == subject).order_by(r.game, r.preset))

    def leaderboard(self, game: str, preset: str, offset: int = 0,
                    limit: int = 50) -> tuple[int, list[Standing]]:
        sa = self._sa
        ratings = self._rating_tables()[0]
        r = ratings.c
        try:
            with self.engine.connect() as c:
                total = int(c.execute(sa.select(sa.func.count()).select_from(ratings)
                                      .where(r.game == game, r.preset == preset)).scalar_one())
        except self._errors as exc:
            raise self._fail("counting ratings", exc) from exc
        # the page's subjects from the index alone (an offset skips index entries, not joined
        # rows), then those rows with their names
        order = (r.ordinal.desc(), r.subject.desc())
        page = (sa.select(r.subject).where(r.game == game, r.preset == preset)
                .order_by(*order).offset(offset).limit(limit).scalar_subquery())
        q = (sa.select(r.subject, r.game, r.preset, r.mu, r.sigma, r.matches, r.wins,
                       r.last_played)
             .where(r.game == game, r.preset == preset, r.subject.in_(page)).order_by(*order))
        return total, self._standings(q)

    def played(self, subject: str, game: str | None = None, preset: str | None = None,
               limit: int = 50) -> list[Played]:
        history = self._rating_tables()[1]
        h = history.c
        q = self._sa.select(history).where(h.subject == subject)
        if game is not None:
            q = q.where(h.game == game)
        if preset is not None:
            q = q.where(h.preset == preset)
        q = q.order_by(h.ts.desc(), h.id.desc()).limit(limit)
        try:
            with self.engine.connect() as c:
                rows = list(c.execute(q))
        except self._errors as exc:
            raise self._fail("reading a player's matches", exc) from exc
        return [Played(x.subject, x.game, x.preset, x.table_id, x.seat, float(x.ts),
                       bool(x.rated), int(x.place), bool(x.won), float(x.mu), float(x.sigma))
                for x in rows]


def is_bot(subject: str) -> bool:
    return subject.startswith(BOT_PREFIX)
