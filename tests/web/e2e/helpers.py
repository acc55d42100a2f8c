"""Driving the page like a person, and recording what every page receives.

A :class:`Player` acts only through the page (clicks, drags, buttons built from ``legal``);
the page marks its state on ``<body>`` (``data-seq``, ``data-to-act``, ``data-my-turn``,
``data-over``, ``data-seat``), which Playwright's auto-waiting watches: no sleeps.
:class:`FrameLog` keeps every WebSocket frame every page receives, for the leak check.
"""

from __future__ import annotations

import dataclasses
import json
import re
from collections.abc import Callable, Iterable
from typing import Any

import trapoula
from trapoula.cards import Card
from trapoula.games import hidden_cards
from trapoula.web.delta import DeltaError, apply_delta

__all__ = ["FrameLog", "Player", "cards_in", "drive", "hidden_card_leaks", "replay_states"]

_CARD_RE = re.compile(r"(?<![A-Za-z0-9])(10|[2-9JQKA])([SHDCshdc])(?![A-Za-z0-9])|\bJK\b")


class FrameLog:
    """Every text frame received by every page, as ``(label, parsed JSON)``.

    The page asks for deltas (web/delta.py): a ``delta`` frame is applied to the page's last
    state and logged as the ``state`` it makes (so the checks below read whole states; a delta's
    cards are all in that state); one that does not apply is logged as ``delta_gap`` (the page
    then asks for a full state)."""

    def __init__(self) -> None:
        self.frames: list[tuple[str, dict[str, Any]]] = []
        self.deltas = 0
        self._last: dict[str, dict[str, Any]] = {}

    def attach(self, page: Any, label: str) -> None:
        def on_socket(ws: Any) -> None:
            ws.on("framereceived", lambda payload: self._add(label, payload))

        page.on("websocket", on_socket)

    def _add(self, label: str, payload: Any) -> None:
        if isinstance(payload, bytes):
            payload = payload.decode("utf-8", "replace")
        try:
            msg = json.loads(payload)
        except ValueError:
            msg = {"type": "?", "raw": payload}
        if msg.get("type") == "delta":
            self.deltas += 1
            try:
                msg = apply_delta(self._last[label], msg)
            except (KeyError, DeltaError):
                msg = {**msg, "type": "delta_gap"}
        if msg.get("type") == "state":
            msg.pop("deltas", None)
            self._last[label] = msg
        self.frames.append((label, msg))

    def of(self, label: str, kind: str | None = None) -> list[dict[str, Any]]:
        return [m for lab, m in self.frames
                if lab == label and (kind is None or m.get("type") == kind)]

    def last_state(self, label: str) -> dict[str, Any]:
        states = self.of(label, "state")
        assert states, f"{label} received no state"
        return states[-1]


class Player:
    """A person at a browser page."""

    def __init__(self, page: Any, label: str, frames: FrameLog, base: str) -> None:
        self.page = page
        self.label = label
        self.frames = frames
        self.base = base
        self.drag = False  # play cards by dragging them onto the table instead of clicking
        self.policy: Callable[[Player], bool] | None = None  # game-specific choices

    # --- what the page shows ---
    def body(self, name: str) -> str:
        return str(self.page.get_attribute("body", f"data-{name}") or "")

    @property
    def seat(self) -> str:
        return self.body("seat")

    @property
    def seq(self) -> str:
        return self.body("seq")

    @property
    def over(self) -> bool:
        return self.body("over") == "1"

    def wait_seated(self) -> str:
        self.page.wait_for_function("document.body.dataset.seq !== undefined && "
                                    "document.body.dataset.seat")
        return self.seat

    def wait_turn(self, seq: str) -> None:
        self.page.wait_for_function(
            "s => document.body.dataset.seq === s && document.body.dataset.myTurn === '1'", arg=seq)

    def wait_seq_after(self, seq: str) -> None:
        self.page.wait_for_function(
            "s => document.body.dataset.seq !== s || document.body.dataset.over === '1'", arg=seq)

    def legal(self) -> list[str]:
        """The legal actions of the state the page shows now."""
        return list(self.page.evaluate("TP.page().view.msg.legal") or [])

    # --- acting through the page ---
    def act(self) -> None:
        """One move through the interface; returns once the page has sent it."""
        page = self.page
        seq = self.seq
        if self.policy is not None and self.policy(self):
            self.wait_seq_after(seq)
            return
        cards = page.locator(".hand.mode-play .card.legal")
        if cards.count():
            if self.drag:
                cards.first.drag_to(page.locator(".felt"))
            else:
                tap_card(cards.first)
            variants = page.locator(".actions button.act.variant")
            if variants.count():  # e.g. "play KH" or "play KH bourlot"
                variants.first.click()
        else:
            page.locator(".actions button.act:not([disabled])").first.click()
        self.wait_seq_after(seq)

    def select(self, cards: Iterable[str]) -> None:
        """Select these hand cards (by notation; a second copy for a repeated card)."""
        for card in cards:
            c = str(Card.parse(card))
            tap_card(self.page.locator(f'.hand .card[data-card="{c}"]:not(.selected)').first)


def tap_card(card: Any) -> None:
    """Click a hand card where it shows: near its left edge, since the hand overlaps its cards
    (each covers the right part of the one before) when they do not fit the width."""
    box = card.bounding_box()
    if box is None:
        card.click()
        return
    card.click(position={"x": min(6.0, box["width"] / 4), "y": box["height"] / 2})


def drive(players: list[Player], *, until: Callable[[], bool] | None = None,
          max_moves: int = 400) -> int:
    """Let the players act whenever one of them is to act, until the game is over or ``until``.

    Returns the number of moves the players made.
    """
    by_seat = {p.seat: p for p in players}
    seats = list(by_seat)
    watcher = players[0]
    last = -1  # the seq of the last move made here: older states are not looked at again
    for moves in range(max_moves):
        seat, seq = watcher.page.wait_for_function(
            """([seats, last]) => {
                const d = document.body.dataset;
                if (d.over === '1') return ['', d.seq];
                if (+d.seq > last && seats.includes(d.toAct)) return [d.toAct, d.seq];
                return false;
            }""", arg=[seats, last]).json_value()
        if not seat or (until is not None and until()):
            return moves
        player = by_seat[seat]
        player.wait_turn(seq)
        player.act()
        last = int(seq)
    raise AssertionError(f"the game did not end in {max_moves} moves")


# --- the leak check ------------------------------------------------------------------------
def cards_in(value: Any) -> set[str]:
    """Every card named anywhere in a value: Card objects and card tokens inside text."""
    out: set[str] = set()

    def walk(v: Any) -> None:
        if isinstance(v, Card):
            out.add(str(v))
        elif isinstance(v, str):
            for m in _CARD_RE.finditer(v):
                out.add("JK" if m.group(0) == "JK" else m.group(1) + m.group(2).upper())
        elif dataclasses.is_dataclass(v) and not isinstance(v, type):
            for f in dataclasses.fields(v):
                walk(getattr(v, f.name))
        elif isinstance(v, dict):
            for k, x in v.items():
                walk(k)
                walk(x)
        elif isinstance(v, (list, tuple, set, frozenset)):
            for x in v:
                walk(x)
        elif v is not None and not isinstance(v, (int, float, bool)):
            walk(str(v))

    walk(value)
    return out


def replay_states(record: dict[str, Any]) -> list[Any]:
    """The match after 0, 1, ... N actions of a finished table's record (index = seq)."""
    game = trapoula.make(record["game"], record.get("preset"), **record.get("options", {}))
    states = [game.new_match(seed=record["seed"])]
    for action in record["actions"]:
        states.append(states[-1].apply(action))
    return states


def hidden_card_leaks(record: dict[str, Any], frames: FrameLog,
                      seat_of: dict[str, str | None]) -> list[str]:
    """Frames that name a card hidden from the receiver.

    The record (``/api/tables/{id}/record``) is replayed through the engine; for each state
    frame (its ``seq``), the hidden cards are the game's ``hidden_cards(state, seat)`` (other
    hands, face-down discards, the stock, the pozzetti; None for a spectator) that the
    receiver's own engine view does not show (``view(seat)``, or ``public_view()``; the
    views themselves are checked against ``hidden_cards`` by the playout harness).  A frame
    naming one of them is a leak.
    """
    states = replay_states(record)
    problems: list[str] = []
    cache: dict[tuple[int, str | None], set[str]] = {}
    for label, msg in frames.frames:
        if label not in seat_of or msg.get("type") != "state":
            continue
        viewer = seat_of[label]
        assert msg.get("you") == viewer, f"{label} got a state for {msg.get('you')}"
        seq = int(msg["seq"])
        key = (seq, viewer)
        hidden = cache.get(key)
        if hidden is None:
            state = states[seq]
            # the game's own answer (hands, face-down discards, the stock...; with two packs,
            # Burraco, a card no copy of which is in sight), less what the receiver's engine
            # view shows (a Burraco match's dealer draw, cards since shuffled back)
            copies = 2 if record["game"] == "burraco" else 1
            known = cards_in(state.view(viewer) if viewer else state.public_view())
            hidden = cache[key] = {
                str(c) for c, n in hidden_cards(state, viewer).items()
                if n >= (4 if c.is_joker else copies)
            } - known
        fair = msg.get("fair") or {}
        if fair.get("revealed"):
            # the packs are revealed on purpose (web/fair.py), but only once the match is over
            if not states[seq].is_over:
                early = [r["deal"] for r in fair["revealed"]]
                problems.append(f"{label} at seq {seq} got the pack of deal(s) {early} before "
                                "the match was over")
            msg = {**msg, "fair": {k: v for k, v in fair.items() if k != "revealed"}}
        if not getattr(states[seq], "deal", states[seq]).history:
            # the last action ended the previous deal: its (public) card may be dealt again
            msg = {k: v for k, v in msg.items() if k != "last"}
        shown = cards_in(msg)
        if shown & hidden:
            problems.append(f"{label} (seat {viewer}) at seq {seq} saw {sorted(shown & hidden)}")
    return problems
