"""The rows of ratings and match history (``0006``): a subject's :class:`Standing` per game
and preset, a :class:`Played` match of a subject, and a finished table's :class:`Settled`
result, which the stores write together, exactly once per table (``results.table_id`` unique).

A *subject* is an account id or a bot level (``bot:hard``, :func:`bot_subject`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

__all__ = ["BOT_PREFIX", "Played", "Settled", "Standing", "Update", "bot_subject", "ordinal"]

BOT_PREFIX = "bot:"
MU = 25.0
SIGMA = MU / 3


def bot_subject(bot: str) -> str:
    """The rated subject of a bot seat: its level (or the bot's name)."""
    return BOT_PREFIX + bot


def ordinal(mu: float, sigma: float) -> float:
    """What leaderboards sort by: a conservative rating, mu less three sigma."""
    return mu - 3 * sigma


@dataclass(frozen=True)
class Standing:
    """A subject's rating in one game and preset; ``name``: the account's name (or the bot
    level's label) when read with names."""

    subject: str
    game: str
    preset: str
    mu: float = MU
    sigma: float = SIGMA
    matches: int = 0
    wins: int = 0
    last_played: float = 0.0
    name: str = ""
    gone: bool = False  # a deleted account (its anonymous name, no profile)

    @property
    def ordinal(self) -> float:
        return ordinal(self.mu, self.sigma)


@dataclass(frozen=True)
class Played:
    """One subject's finished match: its seat, place (1: first), whether it won, and its
    rating after (unchanged when the match was not ``rated``)."""

    subject: str
    game: str
    preset: str
    table_id: str
    seat: str
    ts: float
    rated: bool
    place: int
    won: bool
    mu: float
    sigma: float


@dataclass(frozen=True)
class Settled:
    """A finished table's result: which subjects sat where (``seats``: seat -> subject, None
    for a guest), each seat's place, the winners' seats, whether it is ``rated`` (else
    ``why`` not)."""

    table_id: str
    game: str
    preset: str
    ts: float
    rated: bool
    why: str
    seats: dict[str, str | None] = field(default_factory=dict)
    places: dict[str, int] = field(default_factory=dict)
    winners: tuple[str, ...] = ()


# the new ratings of the subjects, given their stored ones (a missing subject: a fresh one)
Update = Callable[[dict[str, Standing]], dict[str, Standing]]
