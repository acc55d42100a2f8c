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
"""

from __future__ import annotations

import dataclasses
import json
from enum import Enum
from typing import Any

from trapoula.cards import Card, Suit
from trapoula.core.action import Action

__all__ = ["card_text", "dumps", "to_json"]

_CARD_TEXT: dict[int, str] = {}
_FIELDS: dict[type, tuple[str, ...]] = {}


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


def _fields(cls: type) -> tuple[str, ...]:
    names = _FIELDS.get(cls)
    if names is None:
        names = tuple(f.name for f in dataclasses.fields(cls))
        _FIELDS[cls] = names
    return names


def to_json(value: Any) -> Any:
    """Plain JSON values (dict, list, str, int, float, bool, None) for ``value``."""
    if value is None or value is True or value is False:
        return value
    cls = type(value)
    if cls is Card:
        return card_text(value)
    if cls is str or cls is int or cls is float:
        return value
    if cls is Action or isinstance(value, str):
        return str(value)
    if cls is Suit:
        return value.name.lower()
    if cls is tuple or cls is list:
        return [to_json(v) for v in value]
    if cls is dict:
        return {_key(k): to_json(v) for k, v in value.items()}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {name: to_json(getattr(value, name)) for name in _fields(cls)}
    if isinstance(value, Enum):
        return str(value.name)
    if isinstance(value, (set, frozenset)):
        return sorted((to_json(v) for v in value), key=str)
    if isinstance(value, (tuple, list)):  # named tuples and the like
        return [to_json(v) for v in value]
    if isinstance(value, dict):
        return {_key(k): to_json(v) for k, v in value.items()}
    if isinstance(value, (int, float)):
        return value
    raise TypeError(f"cannot serialise {cls.__name__} for a client")


def _key(key: Any) -> str:
    if isinstance(key, Card):
        return card_text(key)
    if isinstance(key, Suit):
        return key.name.lower()
    return str(key)


def dumps(value: Any) -> str:
    """Compact JSON text of ``to_json(value)`` (UTF-8 kept as is)."""
    return json.dumps(to_json(value), ensure_ascii=False, separators=(",", ":"))
