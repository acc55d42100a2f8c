"""Fair dealing anyone can check: every deal's pack is committed before play, revealed after.

When a deal starts the server fixes its **pack** (what decides every card of the deal) and shows
every seat only its commitment; when the **match** ends (a Bourré session) it reveals every
deal's pack and salt, and the seed's chain (web/fairseed.py) — never while the match goes on, so
no card nobody showed reaches anyone mid-match.  A player checks that each revealed pack hashes
to the commitment shown at the start, and that the hand the pack gives its seat is the hand it
was dealt; ``trapoula verify RECORD`` also checks the chain and re-deals every deal of a saved
record through the engine, checking that the packs are the deals played.

The exact hashing (docs/web.md, "Fair dealing")::

    pack   = "<game>/<preset> deal <n> seed <deal seed>" + for each seat in order " <seat>=<cards>"
             (<cards>: the seat's hand at the start of the deal, as the state message writes
             cards, joined by ","; the deal seed decides the shuffle and every later draw)
    salt   = 32 hex digits, secret until the match ends
    commit = SHA-256 of the UTF-8 bytes of (pack + salt), in lower-case hex

>>> import trapoula
>>> game = trapoula.make("bourloto", "gr")
>>> state = game.new_match(seed=3)
>>> f = Fairness("t1", 3)
>>> f.observe(state)
>>> d = f.deals[1]
>>> d.pack.startswith("bourloto/gr deal 1 seed "), check(d.pack, d.salt, d.commit)
(True, True)
>>> check(d.pack + " ", d.salt, d.commit)
False
"""

from __future__ import annotations

import hashlib
import hmac
from dataclasses import dataclass
from typing import Any

from trapoula.core.game import derive_seed
from trapoula.web.fairseed import Chain, verify_chain
from trapoula.web.serialize import card_text, encode

__all__ = ["Commitment", "Fairness", "check", "commit_of", "pack_of", "verify_record"]


def commit_of(pack: str, salt: str) -> str:
    """The commitment: SHA-256 of ``pack + salt`` (UTF-8), lower-case hex."""
    return hashlib.sha256((pack + salt).encode("utf-8")).hexdigest()


def check(pack: str, salt: str, commit: str) -> bool:
    return hmac.compare_digest(commit_of(pack, salt), commit)


def deal_number(state: Any) -> int:
    return int(getattr(state, "deal_number", 1) or 0)


def pack_of(state: Any, number: int, match_seed: int) -> str:
    """The pack text of deal ``number``, from the state at the start of that deal."""
    game = state.game
    parts = [f"{game.name}/{game.preset} deal {number} seed {derive_seed(match_seed, number)}"]
    for seat in _seats(state):
        hand = getattr(state.view(seat), "hand", ())
        parts.append(f"{seat}=" + ",".join(card_text(c) for c in hand))
    return " ".join(parts)


def _seats(state: Any) -> list[str]:
    n = int(state.game.players)
    return [f"P{i + 1}" for i in range(n)]


@dataclass(frozen=True)
class Commitment:
    deal: int
    pack: str
    salt: str
    commit: str

    def revealed(self) -> dict[str, Any]:
        return {"deal": self.deal, "pack": self.pack, "salt": self.salt, "commit": self.commit}


class Fairness:
    """The commitments of one table's deals (the salt is derived from the table's secret seed,
    so a restarted server commits to the same values)."""

    def __init__(self, table_id: str, match_seed: int, chain: Chain | None = None) -> None:
        self.table_id = table_id
        self.seed = match_seed
        self.chain = chain  # None: a table stored before chains, or one whose seed was chosen
        self.deals: dict[int, Commitment] = {}
        self.current = 0
        self._json: tuple[tuple[Any, ...], str] | None = None

    def _salt(self, number: int) -> str:
        key = str(self.seed).encode("ascii")
        msg = f"trapoula-salt/{self.table_id}/{number}".encode()
        return hmac.new(key, msg, hashlib.sha256).hexdigest()[:32]

    def observe(self, state: Any) -> None:
        """Call after every move: a new deal gets its commitment."""
        number = deal_number(state)
        if number == self.current or number in self.deals or number <= 0:
            self.current = max(self.current, number)
            return
        pack = pack_of(state, number, self.seed)
        salt = self._salt(number)
        self.deals[number] = Commitment(number, pack, salt, commit_of(pack, salt))
        self.current = number

    def finished(self, over: bool) -> list[Commitment]:
        """Every deal's reveal once the match is over; none before."""
        return [c for _, c in sorted(self.deals.items())] if over else []

    def json(self, state: Any, pending: bool = False) -> str:
        """The ``fair`` member of the state message: the current deal's commitment, the seed's
        chain (web/fairseed.py: its public part) and, once the match is over, every deal's
        reveal (``pending``: the seed is not fixed yet, no deal is committed)."""
        over = bool(state.is_over)
        chain = self.chain
        key = (self.current, over, pending, None if chain is None else
               (chain.phase, len(chain.reveals), len(chain.commits)))
        if self._json is None or self._json[0] != key:
            now = None if pending else self.deals.get(self.current)
            self._json = (key, encode({
                "deal": 0 if pending else self.current,
                "commit": None if now is None or over else now.commit,
                "revealed": [c.revealed() for c in self.finished(over)],
                "chain": None if chain is None else chain.public(over),
            }))
        return self._json[1]

    def record(self, over: bool) -> list[dict[str, Any]]:
        """Every deal's reveal (the ``fair`` list of a saved record): only once it is over."""
        return [c.revealed() for c in self.finished(over)]


def verify_record(record: dict[str, Any]) -> list[str]:
    """Check a saved record's ``fair`` list: each commitment is the hash of its pack and salt,
    and each pack is the deal the engine deals from the record (problems; empty when fair)."""
    import trapoula

    problems: list[str] = []
    fair = record.get("fair")
    if not isinstance(fair, list) or not fair:
        return ["the record has no 'fair' list (tables of trapoula serve save one)"]
    if "chain" in record:  # tables since the chain: the seed is checked too
        problems += [f"seed: {p}" for p in verify_chain(record["chain"], record.get("seed"))]
    game = trapoula.make(record["game"], record.get("preset"), **record.get("options", {}))
    # the record's own start (its stored deals and dealing version), then move by move
    start = {k: v for k, v in record.items() if k != "actions"}
    state = game.from_record(start, **({"dealing": record["dealing"]}
                                       if "dealing" in record else {}))
    packs = {deal_number(state): pack_of(state, deal_number(state), record["seed"])}
    for text in record.get("actions", []):
        state = game.replay_action(state, text)
        n = deal_number(state)
        if n not in packs and n > 0:
            packs[n] = pack_of(state, n, record["seed"])
    for item in fair:
        n = item.get("deal")
        if not check(str(item.get("pack")), str(item.get("salt")), str(item.get("commit"))):
            problems.append(f"deal {n}: SHA-256(pack + salt) is not the commitment")
        if packs.get(n) != item.get("pack"):
            problems.append(f"deal {n}: the pack is not the deal the engine deals from the "
                            "record")
    return problems
