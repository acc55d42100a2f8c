"""The ``view`` of a ``state`` message without building each seat's whole view.

Every seat's view of a deal repeats the public view (history, tricks, melds...) and adds a few
fields of its own (its seat, hand, declarations, legal actions).  :class:`Spliced` encodes the
public view once per state, cut at those fields, and a seat's text is the public segments with
the seat's own fields encoded in between: a broadcast builds and encodes one view, not one per
seat.  The shared segments come from the public view only, so they cannot hold a hidden card;
the seat's own fields are the game's own answer for that seat alone (Bourloto's
:func:`~trapoula.games.bourloto.view.own_fields`, the very function its ``make_view`` uses).

A game takes this path when its view class is registered here with the seat's own fields and a
function computing them (:data:`PRIVATE`); the result must be exactly ``dumps(state.view(seat))``
(checked below on random games, and by the server on a sample of its messages, see
:class:`~trapoula.web.table.Table`); other games get ``view_text(state.view(seat), shared)``.

>>> import random, trapoula
>>> from trapoula.web.serialize import dumps
>>> rng, bad = random.Random(5), 0
>>> for preset in ("ru", "gr"):
...     s = trapoula.make("bourloto", preset).new_match(seed=7)
...     for _ in range(400):
...         sp = Spliced(s.public_view())
...         bad += sum(sp.view_json(s, p) != dumps(s.view(p)) for p in ("P1", "P2", "P3", "P4"))
...         if s.is_over:
...             break
...         s = s.apply(rng.choice(list(s.legal_actions())))
>>> bad, Spliced(s.public_view()).fast
(0, True)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

from trapoula.web.serialize import Shared, dumps, encode, fields_of, to_json, view_parts, view_text

__all__ = ["PRIVATE", "Spliced", "disable", "own_spec"]

PrivateFn = Callable[[Any, str], tuple[Any, ...]]
# view class -> (the seat's own fields in field order, their values for (state, seat))
PRIVATE: dict[type, tuple[tuple[str, ...], PrivateFn]] = {}


def _bourloto_private(state: Any, seat: str) -> tuple[Any, ...]:
    """seat, hand, my_declarations, legal_actions of a Bourloto seat (its view's own part)."""
    from trapoula.games.bourloto.view import own_fields

    return own_fields(getattr(state, "deal", state), seat)  # a match: its current deal


def _register_builtin() -> None:
    from trapoula.games.bourloto.view import OWN_FIELDS, BourlotoView

    PRIVATE[BourlotoView] = (OWN_FIELDS, _bourloto_private)


_register_builtin()


def disable(cls: type) -> None:
    """Stop splicing views of ``cls`` (the server does this if a sampled text differs)."""
    PRIVATE.pop(cls, None)


def own_spec(cls: type) -> tuple[tuple[str, ...], PrivateFn] | None:
    """The seat's own fields of views of ``cls`` and the function computing them, when they
    are registered (and in the view's field order), else None.

    >>> from trapoula.games.bourloto.view import BourlotoView
    >>> own_spec(BourlotoView)[0], own_spec(dict)
    (('seat', 'hand', 'my_declarations', 'legal_actions'), None)
    """
    spec = PRIVATE.get(cls)
    if spec is None or not dataclasses.is_dataclass(cls):
        return None
    own = spec[0]
    if not own or [n for n in fields_of(cls) if n in own] != list(own):
        return None
    return spec


class Spliced:
    """The public view of one state, encoded once, ready to take each seat's own fields."""

    __slots__ = ("cls", "fast", "public_json", "shared", "_fn", "_legal_at", "_segments")

    def __init__(self, public: Any) -> None:
        self.cls = cls = type(public)
        self.shared: Shared | None = None
        self._segments: list[str] = []
        self._fn: PrivateFn | None = None
        self._legal_at = -1
        spec = PRIVATE.get(cls)
        names = fields_of(cls) if dataclasses.is_dataclass(cls) else ()
        own = spec[0] if spec is not None else ()
        self.fast = bool(own) and [n for n in names if n in own] == list(own)
        if spec is None or not self.fast:
            self.shared = view_parts(public)
            self.public_json = (dumps(public) if self.shared is None
                                else "{" + ",".join(t for _, _, t in self.shared.items) + "}")
            return
        self._fn = spec[1]
        values = to_json(public)  # the public view once, cut into the text between own fields
        segment: dict[str, Any] = {}
        texts = []
        for name in names:
            if name in own:
                texts.append(encode(segment)[1:-1])
                segment = {}
            else:
                segment[name] = values[name]
        texts.append(encode(segment)[1:-1])
        pieces: list[str | int] = []  # runs of public fields, and k for the seat's field k
        for k, text in enumerate(texts):
            if text:
                pieces.append(text)
            if k < len(own):
                pieces.append(k)
        segment_text = "{"
        for j, piece in enumerate(pieces):
            if j:
                segment_text += ","
            if isinstance(piece, str):
                segment_text += piece
            else:
                self._segments.append(segment_text + encode(own[piece]) + ":")
                segment_text = ""
        self._segments.append(segment_text + "}")
        self._legal_at = own.index("legal_actions") if "legal_actions" in own else -1
        self.public_json = self._splice([encode(values[n]) for n in own])

    def _splice(self, texts: list[str]) -> str:
        segs = self._segments
        out = [segs[0]]
        for k, text in enumerate(texts):
            out.append(text)
            out.append(segs[k + 1])
        return "".join(out)

    def view_json(self, state: Any, seat: str) -> str:
        """JSON text of ``state.view(seat)``."""
        return self.seat_json(state, seat)[0]

    def seat_json(self, state: Any, seat: str) -> tuple[str, str]:
        """JSON texts of ``state.view(seat)`` and of its legal actions."""
        fn = self._fn
        if not self.fast or fn is None or PRIVATE.get(self.cls) is None:
            view = state.view(seat)
            return view_text(view, self.shared), dumps(list(view.legal_actions))
        texts = [dumps(value) for value in fn(state, seat)]
        return self._splice(texts), texts[self._legal_at] if self._legal_at >= 0 else "[]"

