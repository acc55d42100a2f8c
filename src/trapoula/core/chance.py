"""Chance outcomes in records: dealing versions, the stored deals of a match, a record's head.

A record of format ``trapoula-record/2`` stores every chance outcome it needs (each deal's
pack in order, the random keys a deal draws, how the first dealer was chosen), so it replays
from those and not from its seed.  The seed is still recorded, with the **dealing version**
that turned it into packs, so a game can also be re-dealt from the seed exactly as it was.

Dealing versions (how a seed becomes the packs of a game; a change is a new version, the old
one is kept as a function so old records and tables still deal the same):

- ``1``: before commit f3061a1.  Bourloto shuffled its pack by a Lehmer code of one
  ``rng.getrandbits(192)``.
- ``2``: from f3061a1 on.  Bourloto shuffles by Fisher-Yates on ``rng.random()``
  (:func:`trapoula.games.bourloto.state.shuffle_pack`).  Bourré and Burraco deal as in ``1``.

>>> DEALING, sorted(DEALINGS)
(2, [1, 2])
>>> check_dealing(7)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
trapoula.errors.RecordError: the record was dealt with dealing version 7; this version ...
>>> StoredDeals("P2", ({"deck": []},)).deal(2)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
trapoula.errors.RecordError: the record stores the cards of 1 deal(s) but its actions go on into ...
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from trapoula.errors import RecordError

__all__ = [
    "DEALING", "DEALINGS", "FORMAT", "FORMAT_V1", "FORMATS", "StoredDeals", "card_list",
    "check_dealer", "check_dealing", "record_head",
]

FORMAT = "trapoula-record/2"
FORMAT_V1 = "trapoula-record/1"
FORMATS = (FORMAT_V1, FORMAT)

DEALING = 2
DEALINGS: dict[int, str] = {
    1: "before f3061a1: the Bourloto pack from a Lehmer code of getrandbits(192)",
    2: "f3061a1 and later: the Bourloto pack by Fisher-Yates on random()",
}


def check_dealing(version: Any) -> int:
    """``version`` if this trapoula knows that dealing version, else a :class:`RecordError`."""
    if isinstance(version, bool) or not isinstance(version, int) or version not in DEALINGS:
        known = ", ".join(str(v) for v in sorted(DEALINGS))
        raise RecordError(
            f"the record was dealt with dealing version {version!r}; this version of trapoula "
            f"knows dealing versions {known} (a newer trapoula may replay it)"
        )
    return version


@dataclass(frozen=True)
class StoredDeals:
    """The chance outcomes of a match read back from a record: how its first dealer was
    chosen (a seat name, or Burraco's rounds of dealer draws) and each deal's cards."""

    first: Any
    deals: tuple[Mapping[str, Any], ...]

    @classmethod
    def from_record(cls, record: Mapping[str, Any], first_key: str) -> StoredDeals:
        deals = record.get("deals")
        if not isinstance(deals, Sequence) or isinstance(deals, str) or not deals:
            raise RecordError("the record has no 'deals' (the cards of each deal)")
        if not all(isinstance(d, Mapping) for d in deals):
            raise RecordError("each of the record's 'deals' must be an object")
        if first_key not in record:
            raise RecordError(f"the record has no {first_key!r} (how the first dealer was chosen)")
        return cls(record[first_key], tuple(deals))

    def deal(self, number: int) -> Mapping[str, Any]:
        """The stored chance outcomes of deal ``number`` (1-based)."""
        if number > len(self.deals):
            raise RecordError(
                f"the record stores the cards of {len(self.deals)} deal(s) but its actions go "
                f"on into deal {number}"
            )
        return self.deals[number - 1]


def check_dealer(stored: Mapping[str, Any], number: int, dealer: str) -> None:
    """A stored deal names the dealer the rules give, or the record does not fit the rules."""
    if "dealer" in stored and stored["dealer"] != dealer:
        raise RecordError(
            f"deal {number} of the record is dealt by {stored['dealer']} but the rules make "
            f"{dealer} the dealer"
        )


def record_head(game: Any, kind: str, dealing: int = DEALING) -> dict[str, Any]:
    """The fields every record starts with: format, engine and dealing versions, the game, its
    preset and every option value (not only the changed ones)."""
    from trapoula.version import __version__

    return {
        "format": FORMAT, "engine": __version__, "dealing": dealing,
        "game": game.name, "preset": game.preset, "options": game.options.to_dict(),
        "kind": kind,
    }


def card_list(cards: Any, what: str) -> list[str]:
    """A stored list of card names, checked to be a list of text."""
    if isinstance(cards, str) or not isinstance(cards, Sequence) or not all(
        isinstance(c, str) for c in cards
    ):
        raise RecordError(f"{what} must be a list of card names")
    return list(cards)
