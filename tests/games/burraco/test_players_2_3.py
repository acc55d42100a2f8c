"""Burraco for 2 and 3 players each playing alone (docs/burraco-players.md): the deal, one
pozzetto per player, own melds, closing, scoring per player, matches by seat, setups and
errors.  Clause numbers are those of RULES.md §3 read with "team" = one player."""

from __future__ import annotations

import random

import pytest

import trapoula
from tests.games.burraco.helpers import FILLER, run, setup, texts
from trapoula.cards import deck_108
from trapoula.core.match import match_step
from trapoula.errors import ConfigError, IllegalActionError
from trapoula.games.burraco.match import SoloMatch, solo_step
from trapoula.games.burraco.tables import NCARDS, VALUE

CLEAN7 = ["3H", "4H", "5H", "6H", "7H", "8H", "9H"]


@pytest.mark.parametrize("players, stock", [(2, 63), (3, 41)])
def test_3_2_deal_for_2_and_3_players(players: int, stock: int) -> None:
    deck = [c.index for c in deck_108()]
    random.Random(players).shuffle(deck)
    game = trapoula.make("burraco", players=players)
    s = game.deal_from_deck(list(deck))
    assert s.dealer == f"P{players}" and s.current_player == "P1"
    dealt = 11 * players
    for seat in range(players):  # one card at a time from the dealer's left
        assert s.hand_indices(seat) == sorted(deck[seat:dealt:players])
    packets = [tuple(deck[dealt + 11 * k:dealt + 11 * k + 11]) for k in range(players)]
    assert s.pozzetti == tuple(packets)  # one 11-card pozzetto per player
    assert s.discard == (deck[dealt + 11 * players],) and s.stock_left == stock
    total = [0] * NCARDS
    for c in [*(c for i in range(players) for c in s.hand_indices(i)), *s.discard,
              *s.stock, *(c for p in s.pozzetti for c in p)]:
        total[c] += 1
    assert total == [2] * 52 + [4]
    other = game.deal_from_deck(list(deck), dealer=0)
    assert other.current_player == "P2" and other.hand_indices(1) == sorted(
        deck[0:dealt:players])


@pytest.mark.parametrize("players", [2, 3])
def test_3_3_a_player_adds_only_to_his_own_melds(players: int) -> None:
    melds = {"P1": [["3H", "4H", "5H"]], "P2": [["QS", "QH", "QD"]]}
    s = setup({"P1": ["6H", "QC", "9D"]}, melds=melds, players=players).apply("draw")
    legal = texts(s.legal_actions())
    assert "add 1 6H" in legal and "add 1 QC" not in legal
    assert not any(a.startswith("add 2") for a in legal)  # P1 has one meld of his own
    with pytest.raises(IllegalActionError, match="P1 has 1 meld"):
        s.apply("add 2 QC")
    s = run(s, ["add 1 6H", "discard 9D"])
    assert [m.size for m in s.team_melds("P1")] == [4] and s.team_melds("P2")[0].size == 3
    view = s.view("P2")
    assert view.team == "P2" and view.melds["P1"][0].team == "P1"
    assert len(view.melds["P1"][0].cards) == 4 and view.melds["P1"][0].owner is None  # set-up


@pytest.mark.parametrize("players", [2, 3])
def test_3_5_each_player_takes_his_own_pozzetto_once(players: int) -> None:
    s = setup({"P1": ["3H", "4H", "5H"], "P2": ["7S", "8S", "9S"]},
              stock=["9C", "6D", *FILLER], players=players)
    packets = s.pozzetti
    s = run(s, ["P1 draw", "P1 meld 3H 4H 5H", "P1 discard 9C"])  # with the discard
    assert s.taken[:2] == (True, False) and s.hand_indices(0) == sorted(packets[0])
    assert s.current_player == "P2" and len(s.pozzetti) == players - 1
    # P2 goes to his own pozzetto although P1 took one
    s = run(s, ["P2 draw", "P2 meld 7S 8S 9S", "P2 discard 6D"])
    assert s.taken[:2] == (True, True) and s.hand_indices(1) == sorted(packets[1])
    assert len(s.pozzetti) == players - 2 and not s.is_over
    view = s.view("P3" if players == 3 else "P1")
    assert view.pozzetto_taken == {f"P{i + 1}": i < 2 for i in range(players)}


@pytest.mark.parametrize("players", [2, 3])
def test_3_5_al_volo_takes_the_next_packet_and_the_turn_goes_on(players: int) -> None:
    s = setup({"P2": ["3H", "4H", "5H"]}, stock=["6H", *FILLER], taken={"P1": True},
              to_act="P2", players=players).apply("draw")
    s = s.apply("meld 3H 4H 5H 6H")
    assert s.current_player == "P2" and s.phase == "play"
    assert s.taken[1] is True and s.sizes[1] == 11


@pytest.mark.parametrize("players", [2, 3])
def test_3_4_4_after_his_pozzetto_a_player_without_burraco_keeps_two_cards(players: int) -> None:
    # P2's pozzetto is not P1's: P1 took his, has no burraco, so he may not go down to one
    s = setup({"P1": ["3H", "4H", "5H"]}, stock=["9C", "9D", "10D"], taken={"P1": True},
              melds={"P2": [CLEAN7]}, players=players).apply("draw")
    legal = texts(s.legal_actions())
    assert "meld 3H 4H 5H" not in legal
    assert legal == {"discard 3H", "discard 4H", "discard 5H", "discard 9C"}


@pytest.mark.parametrize("players", [2, 3])
def test_3_6_1_closing_needs_his_own_pozzetto_and_burraco(players: int) -> None:
    kw = {"stock": ["10C", *FILLER], "players": players}
    own = setup({"P1": ["KS", "KH", "KD"]}, taken={"P1": True}, melds={"P1": [CLEAN7]},
                **kw).apply("draw")  # type: ignore[arg-type]
    assert "meld KS KH KD" in texts(own.legal_actions())
    others_burraco = setup({"P1": ["KS", "KH", "KD"]}, taken={"P1": True},
                           melds={"P2": [CLEAN7]}, **kw).apply("draw")  # type: ignore[arg-type]
    assert "meld KS KH KD" not in texts(others_burraco.legal_actions())
    others_pozzetto = setup({"P1": ["KS", "KH", "KD"]}, taken={"P2": True},
                            melds={"P1": [CLEAN7]}, **kw).apply("draw")  # type: ignore[arg-type]
    s = run(others_pozzetto, ["meld KS KH KD", "discard 10C"])  # goes to his pozzetto
    assert not s.is_over and s.taken[0] is True and s.sizes[0] == 11


@pytest.mark.parametrize("players", [2, 3])
def test_3_7_scoring_per_player_after_a_closing(players: int) -> None:
    hands = {"P1": ["KS", "KH", "KD"], "P2": ["AH", "JK"], "P3": ["5C", "QD"]}
    melds = {"P1": [CLEAN7], "P2": [["4S", "5S", "6S", "JK"]]}
    s = setup({k: v for k, v in hands.items() if int(k[1]) <= players}, melds=melds,
              stock=["10C", "9D", "10D"], taken={"P1": True}, players=players).apply("draw")
    s = run(s, ["meld KS KH KD", "discard 10C"])
    assert s.is_over and s.end_reason == "closing"
    scores = s.result["scores"]
    assert sorted(scores) == [f"P{i + 1}" for i in range(players)]
    # P1: 45 + 200 (clean) + 30 + 100 (closing); nothing held
    assert scores["P1"] == 45 + 200 + 30 + 100
    assert scores["P2"] == 45 - (15 + 30) - 100  # his meld, his hand, no pozzetto
    if players == 3:
        assert scores["P3"] == -(5 + 10) - 100


def test_3_6_2_stock_end_with_two_players() -> None:
    s = setup({"P1": ["3H", "4H", "5H", "9C"], "P2": ["QS", "JS"]}, stock=["9D", "10D", "6D"],
              players=2).apply("draw")
    assert s.ending and s.stock_left == 2
    s = run(s, ["meld 3H 4H 5H", "discard 9C"])
    assert s.end_reason == "stock"
    held = {seat: sum(VALUE[c] for c in s.hand_indices(seat)) for seat in (0, 1)}
    assert s.result == {"scores": {"P1": 15 - held[0] - 100, "P2": -held[1] - 100}}


def test_3_6_3_stalemate_with_two_players() -> None:
    s = setup({"P1": ["5H", "7S"], "P2": ["6H", "8S"]}, discard=["KC"], players=2)
    s = run(s, ["P1 pickup", "P1 discard 5H", "P2 pickup", "P2 discard 6H", "P1 pickup",
                "P1 discard 7S"])
    assert not s.is_over and s.stall == 3
    s = run(s, ["P2 pickup", "P2 discard 8S"])
    assert s.end_reason == "stalemate"
    assert s.result == {"scores": {"P1": -15 - 100, "P2": -10 - 100}}


def test_3_8_match_step_per_player_equals_the_team_rule_for_two_sides() -> None:
    rng = random.Random(3)
    for _ in range(300):
        before = {"P1": rng.randrange(1500, 2100), "P2": rng.randrange(1500, 2100)}
        deal = {"P1": rng.choice([10, 20, 30]), "P2": rng.choice([10, 20, 30])}
        pending = rng.choice([0, 0, 1, 2])
        got = solo_step(before, deal, target=2000, tie_extra_deals=1, extra_pending=pending)
        team = match_step({"A": before["P1"], "B": before["P2"]},
                          {"A": deal["P1"], "B": deal["P2"]}, target=2000,
                          tie_extra_deals=1, extra_pending=pending)
        assert got.extra_deals == team.extra_deals
        assert got.winner == {"A": "P1", "B": "P2", None: None}[team.winner]


def test_3_8_three_players_the_highest_total_wins_ties_at_the_top_play_on() -> None:
    step = solo_step({"P1": 1900, "P2": 1950, "P3": 0}, {"P1": 150, "P2": 100, "P3": 2100},
                     target=2000, tie_extra_deals=1)
    assert step.scores == {"P1": 2050, "P2": 2050, "P3": 2100}
    assert (step.winner, step.extra_deals) == ("P3", 0)  # a tie below the top does not matter
    step = solo_step({"P1": 1900, "P2": 1950, "P3": 0}, {"P1": 150, "P2": 100, "P3": 10},
                     target=2000, tie_extra_deals=2)
    assert (step.winner, step.extra_deals) == (None, 2)  # two leaders at 2050
    step = solo_step({"P1": 1900, "P2": 1950, "P3": 1990}, {"P1": 150, "P2": 100, "P3": 0},
                     target=2000, tie_extra_deals=1, extra_pending=1)
    assert (step.winner, step.extra_deals) == (None, 1)  # still tied after the extra hand
    step = solo_step({"P1": 1000, "P2": 900, "P3": 800}, {"P1": 5, "P2": 5, "P3": 5},
                     target=2000, tie_extra_deals=1, extra_pending=1)
    assert step.winner == "P1"  # the last tie-break hand decides below the target


@pytest.mark.parametrize("players", [2, 3])
def test_3_8_match_by_seat_runs_to_the_target_and_replays(players: int) -> None:
    game = trapoula.make("burraco", target=250, players=players)
    match = game.new_match(seed=9)
    assert isinstance(match, SoloMatch)
    first = match.deal
    assert first._ctx.dealer_draw and first.players == players
    rng = random.Random(4)
    while not match.is_over:
        legal = match.legal_actions()
        match = match.apply(legal[int(rng.random() * len(legal))])
    res = match.result
    assert res is not None and sorted(res["scores"]) == [f"P{i + 1}" for i in range(players)]
    top = max(res["scores"].values())
    assert top >= 250 or len(match.deals) > 1
    assert res["scores"][res["winner"]] == top
    assert sum(1 for v in res["scores"].values() if v == top) == 1
    totals = {p: 0 for p in res["scores"]}
    for d in match.deals:
        totals = {p: totals[p] + d.points[p] for p in totals}
        assert d.totals == totals
    dealers = [int(d.dealer[1]) for d in match.deals]
    assert all(b == a % players + 1 for a, b in zip(dealers, dealers[1:], strict=False))
    replayed = trapoula.replay(match.record())
    assert replayed.result == res and replayed.history == match.history
    view = match.view("P1")
    assert view.match is not None and set(view.match.scores) == set(res["scores"])


@pytest.mark.parametrize("players", [2, 3])
def test_3_2_setups_and_records_by_seat(players: int) -> None:
    game = trapoula.make("burraco", players=players)
    with pytest.raises(ConfigError, match=f"not at a table of {players} players"):
        game.from_setup({"hands": {"P4": ["7H"]}})
    with pytest.raises(ConfigError, match="melds are listed by 'P1'"):
        game.from_setup({"hands": {"P1": ["7H"]}, "melds": {"A": [["3H", "4H", "5H"]]}})
    with pytest.raises(ConfigError, match="taken are listed by"):
        game.from_setup({"hands": {"P1": ["7H"]}, "taken": {"B": True}})
    with pytest.raises(ConfigError, match=f"to_act must be one of P1..P{players}"):
        game.from_setup({"hands": {"P1": ["7H"]}, "to_act": "P4"})
    with pytest.raises(ConfigError, match="dealer P4"):
        game.new_deal(seed=1, dealer="P4")
    s = game.new_deal(rng=random.Random(5))
    rng = random.Random(6)
    while not s.is_over:
        legal = s.legal_actions()
        s = s.apply(legal[int(rng.random() * len(legal))])
    replayed = trapoula.replay(s.record())
    assert replayed.result == s.result and replayed.hands == s.hands
    assert trapoula.replay(game.new_deal(seed=3, dealer="P1").record()).dealer == "P1"


def test_players_option_is_checked() -> None:
    with pytest.raises(ConfigError, match="players"):
        trapoula.make("burraco", players=5)
    assert trapoula.make("burraco", players=3).players == 3


@pytest.mark.parametrize("players", [2, 3])
def test_view_is_the_same_whatever_the_hidden_cards(players: int) -> None:
    melds = {"P1": [["3H", "4H", "5H"]], "P2": [["QS", "QH", "QD"]]}
    a = setup({"P1": ["7C", "8C", "9C"], "P2": ["AH", "KH"]}, stock=["6C", "6D", "5D"],
              melds=melds, players=players)
    packets = [[str(trapoula.Card.from_index(c)) for c in p] for p in a.pozzetti]
    b = setup({"P1": ["7C", "8C", "9C"], "P2": ["5D", "6D"]}, stock=["KH", "AH", "6C"],
              melds=melds, players=players, pozzetti=[list(reversed(p)) for p in packets])
    assert a.view("P1") == b.view("P1")
    assert a.view("P2") != b.view("P2")
    if players == 3:  # P3 sees neither P2's hand nor the stock nor the pozzetti
        assert a.view("P3") == b.view("P3")
    # after P1's draw (6C in one deal, KH in the other) P1's own view differs
    assert a.apply("draw").view("P1") != b.apply("draw").view("P1")
