"""Passwords and account names: argon2id hashes (``argon2-cffi``) and the rules of a name.

A password is hashed with argon2id at :data:`PARAMS` (argon2-cffi's RFC 9106 "low memory"
profile: 3 passes over 64 MiB, 4 lanes; ≈ 50-100 ms on one core).  The hash string carries its
own parameters, so a hash made with older ones still verifies, and :meth:`Passwords.verify`
says when a sign-in should store a fresh hash (:meth:`Passwords.needs_rehash`: the parameters
changed).  Hashing is slow on purpose: the web routes run it in worker threads, a few at once
(web/people/routes_accounts.py).

A password has 8 to 128 characters (any characters; no rules of composition: length is what
counts).  A name (:func:`clean_account_name`) has 2 to 24 characters after trimming: letters
of one script (Latin, Greek, Cyrillic...), digits, single spaces and ``_ - . '``; it starts
with a letter or a digit, and no word of it may pass for a bot or the server (``bot``,
``admin``, ``moderator``, ``system``...), nor may it look like a deleted account's name
(``player-7f3a``).

>>> clean_account_name("  Eleni  ")
'Eleni'
>>> clean_account_name("Νίκος_2"), clean_account_name("Ива́н")
('Νίκος_2', 'Ива́н')
>>> for bad in ("Bot 7", "Еleni", "player-7f3a", "x"):  # (a Cyrillic Е before Latin letters)
...     try:
...         clean_account_name(bad)
...     except NameError_ as exc:
...         print(exc)
'bot' is kept for the room's bots and staff: choose another name
a name uses the letters of one script (not CYRILLIC and LATIN together)
names like player-7f3a are those of deleted accounts: choose another
a name has 2 to 24 characters, not 1
>>> p = Passwords(FAST)
>>> h = p.hash("correct horse")
>>> p.verify(h, "correct horse"), p.verify(h, "wrong horse")
(True, False)
>>> Passwords(PARAMS).needs_rehash(h)
True
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

__all__ = ["FAST", "PARAMS", "NAME_MAX", "NAME_MIN", "NameError_", "PASSWORD_MAX",
           "PASSWORD_MIN", "Params", "PasswordError", "Passwords", "RESERVED",
           "clean_account_name", "check_password", "is_anonymous_name"]

NAME_MIN, NAME_MAX = 2, 24
PASSWORD_MIN, PASSWORD_MAX = 8, 128
# words no name may contain: a player must not pass for a bot, the server or its staff
RESERVED = frozenset({
    "bot", "bots", "robot", "ai", "cpu", "admin", "administrator", "moderator", "mod",
    "system", "server", "trapoula", "staff", "official", "support", "guest", "anonymous",
    "deleted",
})
_ANONYMOUS = re.compile(r"player-[0-9a-f]{4,}", re.IGNORECASE)
_PUNCT = frozenset(" _-.'")


class NameError_(ValueError):  # noqa: N801 (NameError is a builtin)
    """A name outside the rules; the message says what is allowed."""


class PasswordError(ValueError):
    """A password outside the rules; the message says what is allowed."""


@dataclass(frozen=True)
class Params:
    """argon2id's cost: passes, memory (KiB) and lanes."""

    time_cost: int
    memory_cost: int
    parallelism: int


PARAMS = Params(time_cost=3, memory_cost=64 * 1024, parallelism=4)  # RFC 9106, low memory
FAST = Params(time_cost=1, memory_cost=1024, parallelism=1)  # tests only: cheap and weak


def is_anonymous_name(name: str) -> bool:
    """Whether ``name`` has the form of a deleted account's name (``player-7f3a``)."""
    return _ANONYMOUS.fullmatch(name.strip()) is not None


def _script(ch: str) -> str:
    """The script of a letter, by its Unicode name's first word (LATIN, GREEK, CYRILLIC...)."""
    return unicodedata.name(ch, "UNKNOWN").split(" ", 1)[0]


def clean_account_name(name: object) -> str:
    """An account's name, trimmed (spaces inside collapse to one); :class:`NameError_` with
    what is allowed when it breaks the rules of the module docstring."""
    if not isinstance(name, str):
        raise NameError_(f"a name is text of {NAME_MIN} to {NAME_MAX} characters")
    name = " ".join(unicodedata.normalize("NFC", name).split())
    if not NAME_MIN <= len(name) <= NAME_MAX:
        raise NameError_(f"a name has {NAME_MIN} to {NAME_MAX} characters, not {len(name)}")
    scripts: set[str] = set()
    for ch in name:
        cat = unicodedata.category(ch)
        if cat.startswith("L"):
            scripts.add(_script(ch))
        elif cat == "Mn" or cat == "Nd" and ch.isascii():
            pass  # accents on letters; digits 0-9
        elif ch not in _PUNCT:
            raise NameError_(f"a name has letters, digits 0-9, spaces and _ - . ' only, "
                             f"not {ch!r}")
    if len(scripts) > 1:
        raise NameError_(f"a name uses the letters of one script (not "
                         f"{' and '.join(sorted(scripts))} together)")
    first = unicodedata.category(name[0])
    if not (first.startswith("L") or first == "Nd"):
        raise NameError_("a name starts with a letter or a digit")
    if is_anonymous_name(name):
        raise NameError_("names like player-7f3a are those of deleted accounts: choose another")
    for word in re.split(r"[ _\-.'0-9]+", name.casefold()):
        if word in RESERVED:
            raise NameError_(f"{word!r} is kept for the room's bots and staff: "
                             "choose another name")
    return name


def check_password(password: object, name: str | None = None) -> str:
    """``password`` when it may be one; :class:`PasswordError` saying what is allowed."""
    if not isinstance(password, str):
        raise PasswordError(f"a password is text of {PASSWORD_MIN} to {PASSWORD_MAX} characters")
    if not PASSWORD_MIN <= len(password) <= PASSWORD_MAX:
        raise PasswordError(f"a password has {PASSWORD_MIN} to {PASSWORD_MAX} characters, "
                            f"not {len(password)}")
    if name is not None and password.casefold() == name.casefold():
        raise PasswordError("a password must not be the name")
    return password


class Passwords:
    """argon2id hashing at ``params``: :meth:`hash`, :meth:`verify`, :meth:`needs_rehash`."""

    def __init__(self, params: Params = PARAMS) -> None:
        from argon2 import PasswordHasher, Type

        self.params = params
        self._hasher = PasswordHasher(time_cost=params.time_cost,
                                      memory_cost=params.memory_cost,
                                      parallelism=params.parallelism, type=Type.ID)

    def hash(self, password: str) -> str:
        return str(self._hasher.hash(password))

    def verify(self, password_hash: str | None, password: str) -> bool:
        """Whether ``password`` is the one of ``password_hash`` (None: no password: never)."""
        from argon2.exceptions import InvalidHashError, VerificationError

        if password_hash is None:
            return False
        try:
            return bool(self._hasher.verify(password_hash, password))
        except (VerificationError, InvalidHashError):
            return False

    def needs_rehash(self, password_hash: str) -> bool:
        """Whether a hash was made with other parameters than these (rehash it at sign-in)."""
        from argon2.exceptions import InvalidHashError

        try:
            return bool(self._hasher.check_needs_rehash(password_hash))
        except InvalidHashError:
            return True
