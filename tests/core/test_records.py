"""Records of format 2: self-contained, checked on load; faults refused with a clear error."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest

import trapoula
from trapoula.errors import RecordError


def _played(state: Any, seed: int, limit: int = 100000) -> Any:
    rng = random.Random(seed)
    n = 0
    while not state.is_over and n < limit:
        legal = state.legal_actions()
        state = state.apply(legal[rng.randrange(len(legal))])
        n += 1
    return state


GAMES = [("bourloto", "ru", {}), ("bourloto", "gr", {"target": 301}),
         ("bourre", "ru", {"players": 3, "starting_stack": 6, "max_deals": 4}),
         ("burraco", "seed", {"players": 2, "target": 300}),
         ("burraco", "fibur", {"target": 200})]


@pytest.mark.parametrize(("name", "preset", "options"), GAMES)
@pytest.mark.parametrize("kind", ["deal", "match"])
def test_records_round_trip_and_hold_every_chance_outcome(
    name: str, preset: str, options: dict[str, Any], kind: str
) -> None:
    game = trapoula.make(name, preset, **options)
    start = game.new_deal(seed=5) if kind == "deal" else game.new_match(seed=5)
    end = _played(start, 1, limit=400)
    rec = json.loads(json.dumps(end.record()))
    assert rec["format"] == "trapoula-record/2" and rec["dealing"] == 2
    assert rec["engine"] == trapoula.__version__ and rec["options"] == game.options.to_dict()
    assert ("deck" in rec) if kind == "deal" else len(rec["deals"]) >= 1
    again = trapoula.replay(rec)
    assert again.history == end.history and again.result == end.result
    assert json.loads(json.dumps(again.record())) == rec
    # the stored cards are what replays, not the seed: another seed changes nothing
    other = trapoula.replay({**rec, "seed": rec["seed"] + 1})
    assert other.history == end.history and other.result == end.result


def _match_record() -> dict[str, Any]:
    game = trapoula.make("bourloto", "gr", target=301)
    return json.loads(json.dumps(_played(game.new_match(seed=8), 2).record()))


def test_unknown_format_is_refused() -> None:
    rec = _match_record()
    with pytest.raises(RecordError, match="unknown record format 'trapoula-record/3'.*reads "
                                          "trapoula-record/1, trapoula-record/2"):
        trapoula.replay({**rec, "format": "trapoula-record/3"})
    with pytest.raises(RecordError, match="unknown record format None"):
        trapoula.replay({k: v for k, v in rec.items() if k != "format"})


@pytest.mark.parametrize("dealing", [0, 3, "2", None])
def test_unknown_dealing_version_is_refused(dealing: Any) -> None:
    with pytest.raises(RecordError, match="dealing version .* knows dealing versions 1, 2"):
        trapoula.replay({**_match_record(), "dealing": dealing})


def test_a_tampered_pack_is_refused() -> None:
    rec = _match_record()
    bad = copy.deepcopy(rec)
    bad["deals"][1]["deck"][0] = bad["deals"][1]["deck"][1]  # a card twice
    with pytest.raises(RecordError, match="32 cards 7-A of each suit once each"):
        trapoula.replay(bad)
    bad = copy.deepcopy(rec)
    bad["deals"][0]["deck"][3] = "ZZ"
    with pytest.raises(RecordError, match="not a card"):
        trapoula.replay(bad)
    bad = copy.deepcopy(rec)
    del bad["deals"][-1]
    with pytest.raises(RecordError, match=f"cards of {len(bad['deals'])} deal"):
        trapoula.replay(bad)
    deal = trapoula.make("burraco").new_deal(seed=3).apply("P1 draw").record()
    deal["deck"] = deal["deck"][:-1]
    with pytest.raises(RecordError, match="108 cards"):
        trapoula.replay(deal)
    deal = trapoula.make("bourre").new_deal(seed=3).record()
    deal["refill_key"] = -1
    with pytest.raises(RecordError, match="refill_key"):
        trapoula.replay(deal)


def test_swapped_cards_and_a_wrong_result_are_reported() -> None:
    rec = _match_record()
    bad = copy.deepcopy(rec)
    deck = bad["deals"][0]["deck"]
    deck[0], deck[1], deck[2], deck[3] = deck[4], deck[5], deck[6], deck[7]
    deck[4], deck[5], deck[6], deck[7] = rec["deals"][0]["deck"][:4]
    with pytest.raises(RecordError, match=r"action \d+ of the record .* does not replay|result"):
        trapoula.replay(bad)
    with pytest.raises(RecordError, match="the record's result is .* but replaying it gives"):
        trapoula.replay({**rec, "result": {**rec["result"], "winner": "X"}})


def test_options_this_version_lacks_are_reported() -> None:
    rec = _match_record()
    with pytest.raises(RecordError, match="cannot set up the record's game.*unknown option"):
        trapoula.replay({**rec, "options": {**rec["options"], "gone_rule": 1}})


def test_format_1_records_are_completed_from_the_presets_of_then() -> None:
    game = trapoula.make("bourloto", "gr", target=301)
    rec = _played(game.new_deal(seed=4), 3).record()
    v1 = {"format": "trapoula-record/1", "game": "bourloto", "preset": "gr",
          "options": {"target": 301}, "kind": "deal", "seed": 4, "dealer": "P4",
          "actions": rec["actions"]}
    state = trapoula.replay(v1)
    assert state.result == rec["result"] and state.game.options == game.options
    with pytest.raises(RecordError, match="neither the dealing"):
        trapoula.replay({**v1, "actions": rec["actions"][:2] + ["P1 play 7H"] * 3})


def test_a_retired_option_in_a_stored_game_is_dropped_knowingly() -> None:
    """Bourloto's cosmetic ``direction`` is no option any more: a record (format 2 stores
    every option value) or a web table that carries it still loads and replays the same;
    a new game cannot set it."""
    game = trapoula.make("bourloto", "gr")
    deal = game.new_deal(seed=4)
    for _ in range(6):
        deal = deal.apply(deal.legal_actions()[-1])
    rec = deal.record()
    assert "direction" not in rec["options"]
    old = json.loads(json.dumps(rec))
    old["options"]["direction"] = "counterclockwise"
    again = trapoula.replay(old)
    assert again.game == game and [str(e) for e in again.history] == rec["actions"]
    with pytest.raises(trapoula.ConfigError, match="direction"):
        trapoula.make("bourloto", direction="clockwise")
    pytest.importorskip("sqlalchemy")
    from trapoula.web.store import TableRow

    row = TableRow("t", "c", "bourloto", "gr", {}, 1, "open", 0.0,
                   rules={**game.options.to_dict(), "direction": "counterclockwise"})
    assert row.make_game() == game
