"""The rows the web store keeps — a table (:class:`TableRow`), its seats (:class:`SeatRow`) and
chat lines (:class:`ChatRow`) — and the :class:`Store` protocol both stores implement
(:class:`~trapoula.web.store.SqlStore`, :class:`~trapoula.web.store_memory.MemoryStore`)."""

from __future__ import annotations

import json
from dataclasses import dataclass, field, replace
from typing import Any, Protocol

from trapoula.core.chance import DEALING

__all__ = [
    "OVER", "ChatRow", "SeatRow", "Store", "StoreUnavailable", "TableRow", "complete_row",
    "fair_text", "rule_options",
]


class StoreUnavailable(Exception):
    """The database failed (unreachable, locked, a schema it does not expect, a full disk...):
    anything but a seq conflict.  The caller may retry; it must not report ``stale``."""


@dataclass(frozen=True)
class SeatRow:
    """A seat of a table: an open or taken human seat, or a bot."""

    seat: str
    kind: str  # "human" | "bot"
    name: str = ""
    bot: str | None = None
    level: str | None = None
    token_hash: str | None = None
    clock: str | None = None  # JSON: auto, bank, the turn it paused (web/owners.py); None: fresh
    account_id: str | None = None  # the account that holds it (None: a guest or a bot)

    @property
    def taken(self) -> bool:
        return self.kind == "bot" or self.token_hash is not None


@dataclass(frozen=True)
class TableRow:
    table_id: str
    code: str
    game: str
    preset: str
    options: dict[str, Any]
    seed: int
    status: str  # open | playing | finished
    created: float
    seats: list[SeatRow] = field(default_factory=list)
    rules: dict[str, Any] | None = None  # every option value (None: complete ``options``)
    dealing: int = DEALING  # the dealing version that turns ``seed`` into packs
    engine: str = ""  # the trapoula version that created the table
    fair: dict[str, Any] | None = None  # the seed's commit-reveal chain (web/fairseed.py)

    def make_game(self) -> Any:
        """The table's rules object, from every stored option value (``rules``; a row
        without them: its ``options`` but the keys starting with ``_``, which are the
        table's own settings, not rules)."""
        from trapoula.core.registry import make_stored

        rules = self.rules if self.rules is not None else rule_options(self.options)
        return make_stored(self.game, self.preset, rules)  # retired options dropped

    def new_match(self, game: Any) -> Any:
        """The table's match before its first action, dealt as when it was created."""
        return game.new_match(seed=self.seed, dealing=self.dealing)


def rule_options(options: dict[str, Any]) -> dict[str, Any]:
    """The rule options among a table's stored ``options`` (keys not starting with ``_``)."""
    return {k: v for k, v in options.items() if not k.startswith("_")}


def fair_text(fair: dict[str, Any] | None) -> str:
    return "" if fair is None else json.dumps(fair, sort_keys=True)


def complete_row(row: TableRow) -> TableRow:
    """A new row with every option value and the engine version filled in."""
    if row.rules is not None and row.engine:
        return row
    import trapoula

    rules = row.rules if row.rules is not None else row.make_game().options.to_dict()
    return replace(row, rules=rules, engine=row.engine or trapoula.__version__)


@dataclass(frozen=True)
class ChatRow:
    table_id: str
    seat: str | None
    name: str
    text: str
    ts: float
    account_id: str | None = None  # the account that wrote it (None: a guest, or older)


class Store(Protocol):
    def create_table(self, row: TableRow) -> None: ...
    def get_table(self, table_id: str) -> TableRow | None: ...
    def find_code(self, code: str) -> str | None: ...
    def list_tables(
        self, *, open_only: bool = True, limit: int = 50, status: str | None = None
    ) -> list[TableRow]: ...
    def set_seat(self, table_id: str, seat: str, name: str, token_hash: str,
                 account_id: str | None = None) -> bool: ...
    def put_seat(self, table_id: str, row: SeatRow) -> None: ...
    def append_action(self, table_id: str, seq: int, seat: str, action: str) -> bool: ...
    def actions(self, table_id: str, after: int = 0) -> list[tuple[int, str, str]]: ...
    def set_status(self, table_id: str, status: str) -> None: ...
    def set_fair(self, table_id: str, old: dict[str, Any] | None, new: dict[str, Any],
                 seed: int) -> bool: ...
    def add_chat(self, table_id: str, seat: str | None, name: str, text: str,
                 account_id: str | None = None) -> ChatRow: ...
    def chat(self, table_id: str, limit: int = 100) -> list[ChatRow]: ...
    def close(self) -> None: ...


OVER = ("finished", "abandoned")  # statuses of tables that are not resumed nor listed
