"""Views to JSON: the only way game information leaves the server.

:func:`to_json` turns any game's view dataclass (or a deal summary, a result...) into plain
JSON values: dataclasses become objects of their fields, cards their notation with a
lower-case suit (``"10h"``, ``"Js"``, ``"JK"``), suits ``"s"``/``"h"``/``"d"``/``"c"``,
actions their canonical text (``"play 10H"``), tuples and sets lists, dict keys strings.

>>> from trapoula.cards import Card, Suit
>>> to_json({"top": Card.parse("10H"), "trump": Suit.S, 3: (Card.parse("jk"),)})
{'top': '10h', 'trump': 's', '3': ['JK']}
>>> import trapoula
>>> v = to_json(trapoula.make("bourloto", "gr").new_deal(seed=1).view("P1"))
>>> v["seat"], len(v["hand"]), v["hand"][0][-1] in "shdc", v["legal_actions"]
('P1', 5, True, ['take', 'pass'])
>>> dumps({"a": [1, 2]})
'{"a":[1,2]}'

Speed (the server encodes a ``state`` message per seat per move): the converter of each
type is looked up in a table filled on first sight (a dataclass gets a compiled function of
its fields), and :func:`view_parts` / :func:`view_text` encode a view field by field, so the
fields a seat's view shares with the public view are encoded once per broadcast.
"""

from __future__ import annotations

import dataclasses
import json
import json.encoder
from collections.abc import Callable
from enum import Enum
from typing import Any

from trapoula.cards import Card, Suit
from trapoula.core.action import Action

__all__ = [
    "Shared", "card_text", "dumps", "encode", "fields_of", "to_json", "view_parts", "view_text",
]

_CARD_TEXT: dict[int, str] = {}
_FIELDS: dict[type, tuple[str, ...]] = {}
_Conv = Callable[[Any], Any]
_CONV: dict[type, _Conv] = {}


def card_text(card: Card) -> str:
    """A card's JSON notation: rank plus lower-case suit, ``"JK"`` for the joker.

    >>> card_text(Card.parse("qs")), card_text(Card.parse("JK"))
    ('Qs', 'JK')
    """
    text = _CARD_TEXT.get(card.index)
    if text is None:
        s = str(card)
        text = s if card.is_joker else s[:-1] + s[-1].lower()
        _CARD_TEXT[card.index] = text
    return text


def fields_of(cls: type) -> tuple[str, ...]:
    """The field names of a dataclass that clients see, in order (cached): a field marked
    ``metadata={"local": True}`` (a view's typed ``events``, which repeat its ``history``)
    stays on the server."""
    names = _FIELDS.get(cls)
    if names is None:
        names = tuple(f.name for f in dataclasses.fields(cls) if not f.metadata.get("local"))
        _FIELDS[cls] = names
    return names


def to_json(value: Any) -> Any:
    """Plain JSON values (dict, list, str, int, float, bool, None) for ``value``."""
    conv = _CONV.get(value.__class__)
    if conv is None:
        conv = _converter(type(value))
    return conv(value)


def _same(value: Any) -> Any:
    return value


def _text(value: Any) -> str:
    return str(value)


def _suit(value: Suit) -> str:
    return value.name.lower()


def _enum(value: Enum) -> str:
    return str(value.name)


def _list(value: Any) -> list[Any]:
    conv = _CONV
    out = []
    for v in value:
        c = conv.get(v.__class__)
        out.append(v if c is _same else to_json(v))
    return out


def _dict(value: Any) -> dict[str, Any]:
    conv = _CONV
    out = {}
    for k, v in value.items():
        c = conv.get(v.__class__)
        out[k if k.__class__ is str else _key(k)] = v if c is _same else to_json(v)
    return out


def _set(value: Any) -> list[Any]:
    return sorted((to_json(v) for v in value), key=str)


def _dataclass(cls: type) -> _Conv:
    names = fields_of(cls)
    body = ", ".join(f"{n!r}: J(v.{n})" for n in names)
    scope: dict[str, Any] = {"J": to_json}
    exec(f"def conv(v):\n    return {{{body}}}\n", scope)  # noqa: S102 - field names only
    fn: _Conv = scope["conv"]
    return fn


def _converter(cls: type) -> _Conv:
    """The converter for values of type ``cls`` (the same decisions for every value of it)."""
    conv: _Conv | None
    if cls is type(None) or cls is bool or cls is str or cls is int or cls is float:
        conv = _same
    elif cls is Card:
        conv = card_text
    elif cls is Action or issubclass(cls, str):
        conv = _text
    elif cls is Suit:
        conv = _suit
    elif cls is tuple or cls is list:
        conv = _list
    elif cls is dict:
        conv = _dict
    elif dataclasses.is_dataclass(cls) and not issubclass(cls, type):
        conv = _dataclass(cls)
    elif issubclass(cls, Enum):
        conv = _enum
    elif issubclass(cls, (set, frozenset)):
        conv = _set
    elif issubclass(cls, (tuple, list)):  # named tuples and the like
        conv = _list
    elif issubclass(cls, dict):
        conv = _dict
    elif issubclass(cls, (int, float)):
        conv = _same
    else:
        conv = None
    if conv is None:
        raise TypeError(f"cannot serialise {cls.__name__} for a client")
    _CONV[cls] = conv
    return conv


def _key(key: Any) -> str:
    if isinstance(key, Card):
        return card_text(key)
    if isinstance(key, Suit):
        return key.name.lower()
    return str(key)


_c_encoder: Any = getattr(json.encoder, "c_make_encoder", None)
_py_encoder = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"))
if _c_encoder is not None:
    _iterencode: Any = _c_encoder(
        None, _py_encoder.default, json.encoder.encode_basestring, None, ":", ",",
        False, False, True,
    )

    def encode(value: Any) -> str:
        """Compact JSON text of plain JSON values (UTF-8 kept as is).

        >>> encode({"a": ["é", None, 1.5]})
        '{"a":["é",null,1.5]}'
        """
        return "".join(_iterencode(value, 0))
else:  # pragma: no cover - CPython always has the C encoder

    def encode(value: Any) -> str:
        """Compact JSON text of plain JSON values (UTF-8 kept as is)."""
        return _py_encoder.encode(value)


def dumps(value: Any) -> str:
    """Compact JSON text of ``to_json(value)`` (UTF-8 kept as is)."""
    return encode(to_json(value))


class Shared:
    """A public view encoded field by field: ``(name, value, '"name":json')`` per field."""

    __slots__ = ("cls", "items")

    def __init__(self, cls: type, items: tuple[tuple[str, Any, str], ...]) -> None:
        self.cls = cls
        self.items = items


def view_parts(view: Any) -> Shared | None:
    """The public ``view`` encoded field by field (None when it is not a dataclass).

    >>> view_parts({"a": 1}) is None
    True
    """
    cls = type(view)
    if not dataclasses.is_dataclass(cls):
        return None
    return Shared(cls, tuple(
        (name, value, encode(name) + ":" + dumps(value))
        for name in fields_of(cls) for value in (getattr(view, name),)
    ))


def view_text(view: Any, shared: Shared | None) -> str:
    """JSON text of ``view``; a field equal to the public view's is taken from ``shared``.

    Only values the seat's own view holds are ever written (a shared part is used only
    where the seat's value equals it), so the text is exactly ``dumps(view)``; the shared
    parts save encoding what every seat has in common (history, tricks, melds) per seat.

    >>> import trapoula
    >>> s = trapoula.make("bourloto", "ru").new_match(seed=2)
    >>> view_text(s.view("P3"), view_parts(s.public_view())) == dumps(s.view("P3"))
    True
    """
    if shared is None or type(view) is not shared.cls:
        return dumps(view)
    chunks = []
    for name, pub, text in shared.items:
        value = getattr(view, name)
        if value is pub or (type(value) is type(pub) and value == pub):
            chunks.append(text)
        else:
            chunks.append(encode(name) + ":" + dumps(value))
    return "{" + ",".join(chunks) + "}"
