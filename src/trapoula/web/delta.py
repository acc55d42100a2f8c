"""The ``delta`` messages: after a full ``state``, only what changed (docs/web.md, "Deltas").

A connection that asks for deltas (``/ws/{id}?deltas=1``) gets a full ``state`` on connect and
on a resync, and then, per broadcast, one ``delta``: the members that changed since the
previous broadcast, as ``set`` (replace the value at a path) and ``append`` (add items to a
list at a path: the history, the tricks, the score sheet, ``match.deal_scores``)::

    {"type":"delta","seq":7,"base":6,
     "set":{"to_act":"P3","legal":[],"view.current_player":"P3","view.trick":[["P2","10h"]]},
     "append":{"view.history":["P2 play 10h"]}}

A path is a top-level member of the ``state`` message, or ``view.`` and a field of the view
(``view.match.scores``: a field of a field).  ``base`` is the ``seq`` of the state the delta
applies to; a client holding another one asks for a full state (``{"type":"resync"}``).

Each broadcast keeps a :class:`Snapshot` of what it sent (the public view object, the common
members' texts, each receiver's own fields); the next broadcast compares the new values with
it, field by field (Python values, ``is`` first, then ``==``), and encodes only what differs.
The public part is compared and encoded once per broadcast and shared by every receiver; a
seat's own fields (its hand, declarations, legal actions: :data:`~.fastview.PRIVATE`) are
compared per seat, from the game's own answer for that seat.  So, as with the full state, what
every receiver shares comes from the public view only and cannot hold a hidden card; a game
without registered own fields is compared on each seat's whole view (``state.view(seat)``).

>>> import trapoula
>>> old = {"seq": 1, "view": {"history": ["P1 pass"], "phase": "bid"}, "to_act": "P2"}
>>> new = apply_delta(old, {"type": "delta", "seq": 2, "base": 1,
...                         "set": {"to_act": "P3"}, "append": {"view.history": ["P2 pass"]}})
>>> new["view"]["history"], new["to_act"], new["seq"], old["view"]["history"]
(['P1 pass', 'P2 pass'], 'P3', 2, ['P1 pass'])
"""

from __future__ import annotations

import dataclasses
from typing import Any

from trapoula.web.fastview import own_spec
from trapoula.web.serialize import dumps, encode, fields_of

__all__ = [
    "Changes", "DeltaError", "Deltas", "Receiver", "Snapshot", "apply_delta", "diff", "envelope",
]


class DeltaError(ValueError):
    """A delta that does not apply to the state given (another base, a path not there)."""


class Changes:
    """The ``set`` and ``append`` members of a delta, as JSON texts (``"path":json``)."""

    __slots__ = ("appends", "sets")

    def __init__(self) -> None:
        self.sets: list[str] = []
        self.appends: list[str] = []

    def set(self, path: str, text: str) -> None:
        self.sets.append('"' + path + '":' + text)

    def append(self, path: str, text: str) -> None:
        self.appends.append('"' + path + '":' + text)


def diff(path: str, old: Any, new: Any, out: Changes) -> None:
    """Record in ``out`` how to turn ``to_json(old)`` into ``to_json(new)`` at ``path``.

    A tuple or list that starts with the old one grows by ``append``; a dataclass of the same
    class is compared field by field (``path.field``); any other change is a ``set``.

    >>> out = Changes()
    >>> diff("h", ("a",), ("a", "b"), out); diff("n", 1, 1, out); diff("d", {"A": 1}, {}, out)
    >>> out.sets, out.appends
    (['"d":{}'], ['"h":["b"]'])
    """
    if old is new:
        return
    cls = new.__class__
    if cls is str or cls is int or cls is bool or cls is float or new is None:
        if old.__class__ is not cls or old != new:
            out.set(path, dumps(new))
        return
    if cls is tuple or cls is list:
        if old.__class__ is cls:
            n = len(old)
            if len(new) > n and (n == 0 or new[:n] == old):
                out.append(path, dumps(list(new[n:])))
                return
            if len(new) == n and new == old:
                return
        out.set(path, dumps(new))
        return
    if old.__class__ is not cls:
        out.set(path, dumps(new))
        return
    key = (path, cls)
    subpaths = _SUBPATHS.get(key)
    if subpaths is None:
        names = (fields_of(cls) if dataclasses.is_dataclass(new) and not isinstance(new, type)
                 else ())
        subpaths = _SUBPATHS[key] = tuple((name, path + "." + name) for name in names)
    if subpaths:
        for name, sub in subpaths:
            was, now = getattr(old, name), getattr(new, name)
            if was is not now:
                diff(sub, was, now, out)
        return
    if old != new:
        out.set(path, dumps(new))


# (path, class) -> its fields and their paths (empty: not a dataclass)
_SUBPATHS: dict[tuple[str, type], tuple[tuple[str, str], ...]] = {}


def view_paths(names: tuple[str, ...]) -> tuple[str, ...]:
    """``view.<name>`` for each of ``names`` (cached)."""
    paths = _VIEW_PATHS.get(names)
    if paths is None:
        paths = _VIEW_PATHS[names] = tuple("view." + n for n in names)
    return paths


_VIEW_PATHS: dict[tuple[str, ...], tuple[str, ...]] = {}


class Receiver:
    """What one receiver (a seat, or None for the spectators) got at a broadcast: its own
    view fields (a tuple, or its whole view when the game registers none), ``legal`` and
    ``last`` as texts."""

    __slots__ = ("last", "legal", "own")

    def __init__(self, own: Any, legal: str, last: str) -> None:
        self.own = own
        self.legal = legal
        self.last = last


class Snapshot:
    """One broadcast as the delta clients hold it: ``version`` counts the table's broadcasts."""

    __slots__ = ("cls", "members", "own_names", "public", "receivers", "seq", "sheet_len",
                 "version")

    def __init__(self, version: int, seq: int, public: Any, own_names: tuple[str, ...] | None,
                 members: dict[str, str], sheet_len: int) -> None:
        self.version = version
        self.seq = seq
        # the public view's shared fields (:func:`shared_fields`), not the view itself: its
        # typed ``events`` and the view object would stay alive until the next move, young
        # objects every collection of the cycle collector walks (None: each receiver's whole
        # view is compared)
        self.cls: type | None = None if public is None else type(public)
        self.public: tuple[Any, ...] | None = None if public is None else tuple(
            getattr(public, name) for name in shared_fields(type(public), own_names))
        self.own_names = own_names
        self.members = members  # top-level members every receiver shares, as JSON texts
        self.sheet_len = sheet_len
        self.receivers: dict[str | None, Receiver] = {}


def shared_fields(cls: type, own: tuple[str, ...] | None) -> tuple[str, ...]:
    """The fields of the view class ``cls`` every receiver shares: what clients see
    (:func:`~.serialize.fields_of`) less each seat's own fields (cached)."""
    key = (cls, own)
    names = _SHARED.get(key)
    if names is None:
        names = _SHARED[key] = tuple(n for n in fields_of(cls) if n not in (own or ()))
    return names


_SHARED: dict[tuple[type, tuple[str, ...] | None], tuple[str, ...]] = {}


def envelope(seq: int, base: int, sets: list[str], appends: list[str]) -> str:
    """The text of a ``delta`` message."""
    return ('{"type":"delta","seq":' + encode(seq) + ',"base":' + encode(base) + ',"set":{'
            + ",".join(sets) + '},"append":{' + ",".join(appends) + "}}")


def apply_delta(state: dict[str, Any], delta: dict[str, Any]) -> dict[str, Any]:
    """The state after ``delta`` (a new dict: ``state`` and its lists are not changed; what did
    not change is shared).  Raises :class:`DeltaError` when ``delta['base']`` is not
    ``state['seq']`` or a path is not in the state.  The page does the same (``TP.applyDelta``).
    """
    if delta.get("base") != state.get("seq"):
        raise DeltaError(f"a delta from seq {delta.get('base')} to a state at {state.get('seq')}")
    out = dict(state)
    copied: set[tuple[str, ...]] = {()}

    def parent(keys: list[str]) -> dict[str, Any]:
        node = out
        for k in range(len(keys) - 1):
            at = tuple(keys[:k + 1])
            child = node.get(keys[k])
            if not isinstance(child, dict):
                raise DeltaError(f"no object at {'.'.join(keys[:k + 1])}")
            if at not in copied:
                child = node[keys[k]] = dict(child)
                copied.add(at)
            node = child
        return node

    for path, value in (delta.get("set") or {}).items():
        keys = path.split(".")
        parent(keys)[keys[-1]] = value
    for path, items in (delta.get("append") or {}).items():
        keys = path.split(".")
        node = parent(keys)
        old = node.get(keys[-1])
        if not isinstance(old, list) or not isinstance(items, list):
            raise DeltaError(f"no list at {path}")
        node[keys[-1]] = old + items
    out["seq"] = delta["seq"]
    return out


class Deltas:
    """One broadcast of a table: its new :class:`Snapshot`, and each receiver's delta from the
    previous one (``old``, None when no delta client held one)."""

    __slots__ = ("new", "old", "table", "_fn", "_legal_at", "_plain", "_shared", "_sheet_rows",
                 "_texts")

    def __init__(self, table: Any, old: Snapshot | None, version: int,
                 members: list[tuple[str, str]], sheet_rows: int) -> None:
        self.table = table
        self.old = old
        public = table.public_view()
        spec = own_spec(type(public))
        self._fn = spec[1] if spec is not None else None
        own_names = spec[0] if spec is not None else None
        self._legal_at = own_names.index("legal_actions") if (
            own_names is not None and "legal_actions" in own_names) else -1
        shared = {k: v for k, v in members if k != "seq" and k != "sheet"}
        self.new = Snapshot(version, table.seq, public if spec is not None else None, own_names,
                            shared, len(getattr(table.state, "deals", ())))
        self._shared: Changes | None = None
        self._plain: str | None = None  # the delta of a receiver with no change of its own
        self._sheet_rows = sheet_rows
        self._texts: dict[str | None, str | None] = {}  # per receiver (spectators share one)

    @property
    def old_version(self) -> int:
        return -1 if self.old is None else self.old.version

    def receiver(self, seat: str | None) -> Receiver:
        """``seat``'s own values now (kept in the new snapshot)."""
        rec = self.new.receivers.get(seat)
        if rec is not None:
            return rec
        table = self.table
        state = table.state
        to_act = seat is not None and seat == state.current_player and not table.held
        if self._fn is not None:
            if seat is None:
                own: Any = ()
                legal = "[]"
            else:
                own = self._fn(state, seat)
                legal = dumps(own[self._legal_at]) if to_act and self._legal_at >= 0 else "[]"
        else:
            own = state.public_view() if seat is None else state.view(seat)
            legal = dumps(list(own.legal_actions)) if to_act else "[]"
        rec = self.new.receivers[seat] = Receiver(own, legal, table._last_json(seat))
        return rec

    def shared(self) -> Changes | None:
        """The changes every receiver shares (None: a full state is needed)."""
        if self._shared is not None:
            return self._shared
        old, new = self.old, self.new
        if old is None or (old.public is None) != (new.public is None) or (
                old.own_names != new.own_names):
            return None
        out = Changes()
        members = old.members
        for name, text in new.members.items():
            if members.get(name) != text:
                out.set(name, text)
        if new.sheet_len != old.sheet_len:
            deals = getattr(self.table.state, "deals", ())
            if old.sheet_len < new.sheet_len <= self._sheet_rows:
                out.append("sheet", dumps(list(deals[old.sheet_len:])))
            else:
                out.set("sheet", self.table.sheet_json())
        if new.public is not None and new.cls is not None:
            if old.cls is not new.cls or old.public is None:
                return None
            paths = view_paths(shared_fields(new.cls, new.own_names))
            for path, was, now in zip(paths, old.public, new.public, strict=True):
                if was is not now:
                    diff(path, was, now, out)
        self._shared = out
        return out

    def text(self, seat: str | None) -> str | None:
        """The delta for a receiver that holds the old snapshot as ``seat`` (None: send it a
        full state)."""
        if seat in self._texts:
            return self._texts[seat]
        text = self._texts[seat] = self._text(seat)
        return text

    def _text(self, seat: str | None) -> str | None:
        new = self.receiver(seat)
        shared = self.shared()
        old = None if self.old is None else self.old.receivers.get(seat)
        if shared is None or old is None:
            return None
        out = Changes()
        if new.legal != old.legal:
            out.set("legal", new.legal)
        if new.last != old.last:
            out.set("last", new.last)
        names = self.new.own_names
        if names is None:
            diff("view", old.own, new.own, out)
        elif seat is not None and old.own != new.own:
            for path, was, now in zip(view_paths(names), old.own, new.own, strict=True):
                diff(path, was, now, out)
        assert self.old is not None
        if not out.sets and not out.appends:  # nothing of its own changed: the shared delta
            if self._plain is None:
                self._plain = envelope(self.new.seq, self.old.seq, shared.sets, shared.appends)
            return self._plain
        return envelope(self.new.seq, self.old.seq, out.sets + shared.sets,
                        out.appends + shared.appends)
