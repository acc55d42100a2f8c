"""Fit the heuristic bot's hand models (``COEF`` and ``COEF_CONTRACT`` in
``trapoula.bots.bourloto_heuristic``) on self-play deals.

For every deal, each trump suit in turn is fixed by a seat picked at random (the ``gr``
second bidding round, or unanimous agreement in ``ru``); the heuristic bots play the deal
out.  Two least-squares fits on the features of a seat's first five cards (plus the upcard
where it goes to that seat):

* ``raw``: every seat, the team's raw deal-point difference (trick points, capot,
  declarations; no contract), with a ``taker`` feature for the team that fixed trump;
* ``contract``: the seat that fixed trump only, its team's deal score difference under the
  preset's contract rule (what taking is worth).

    .venv/bin/python benchmarks/bourloto_fit.py --deals 4000 --preset gr
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Iterator
from typing import Any

import trapoula
from trapoula.bots.bourloto_heuristic import BourlotoHeuristicBot, bid_situation, hand_features
from trapoula.bots.bourloto_knowledge import mask_of_cards
from trapoula.bots.duplicate import play_deal
from trapoula.core.game import derive_seed


def raw_diff(state: Any) -> float:
    """Team A's raw points minus team B's (reads the finished deal's tallies)."""
    t = state.tally
    _, dpts, bpts = state.declared
    capot_mode = state.game.options.capot_mode
    raw = []
    for team in (0, 1):
        base = t[team]
        if t[4 + team] == 8:
            base = 250 if capot_mode == "replace_250" else base + 90
        raw.append(base + dpts[team] + bpts[team])
    return float(raw[0] - raw[1])


Sample = tuple[dict[str, float], float, bool]  # features, target, is the taker's row


def samples(preset: str, deals: int, seed: int) -> Iterator[tuple[Sample, Sample]]:
    game = trapoula.make("bourloto", preset)
    opts = game.options
    bots = [BourlotoHeuristicBot(game, seed=s) for s in range(4)]
    rng = random.Random(seed)
    for i in range(deals):
        start = game.new_deal(seed=derive_seed(seed, i))
        hands5 = [mask_of_cards(start.hand(s)) for s in range(4)]
        up = start.bid.upcard
        dealer = start.dealer_index
        trumps = range(4) if opts.bidding == "take_name" else [up // 13]
        for trump in trumps:
            s = start
            if opts.bidding == "take_name":
                taker = rng.randrange(4)
                for _ in range(4 + taker):
                    s = s.apply("pass")
                s = s.apply(f"name {'SHDC'[trump]}")
            else:
                taker = (dealer + 1) & 3
                for _ in range(4):
                    s = s.apply("agree")
            final = play_deal(s, bots)
            raw = raw_diff(final)
            pay = final.returns()  # a team's points (0 when thrown in)
            contract = float(pay["P1"] - pay["P2"])
            recipient = taker if opts.upcard_recipient == "taker" else dealer
            for seat in range(4):
                mask, to, leads = bid_situation(
                    hands5[seat], seat, dealer, trump, up, recipient, opts
                )
                f = hand_features(mask, trump, opts, upcard=up, upcard_to=to, leads=leads)
                sign = 1.0 if seat % 2 == 0 else -1.0
                is_taker = seat == taker
                f_raw = dict(f, taker=1.0 if (seat & 1) == (taker & 1) else 0.0)
                yield (f_raw, sign * raw, is_taker), (f, sign * contract, is_taker)


def fit(rows: list[tuple[dict[str, float], float]], label: str) -> None:
    import numpy as np

    keys = list(rows[0][0])
    x = np.array([[f[k] for k in keys] for f, _ in rows])
    y = np.array([v for _, v in rows])
    coef, *_ = np.linalg.lstsq(x, y, rcond=None)
    pred = x @ coef
    r2 = 1 - ((y - pred) ** 2).mean() / y.var()
    print(f"{label}: {len(rows)} samples, R^2 {r2:.3f}, "
          f"residual sd {np.sqrt(((y - pred) ** 2).mean()):.1f}")
    print("{" + ", ".join(f'"{k}": {c:.1f}' for k, c in zip(keys, coef, strict=True)) + "}")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--deals", type=int, default=2000)
    ap.add_argument("--preset", default="gr")
    ap.add_argument("--seed", type=int, default=11)
    a = ap.parse_args()
    raw_rows: list[tuple[dict[str, float], float]] = []
    con_rows: list[tuple[dict[str, float], float]] = []
    for (fr, yr, _), (fc, yc, taker) in samples(a.preset, a.deals, a.seed):
        raw_rows.append((fr, yr))
        if taker:
            con_rows.append((fc, yc))
    fit(raw_rows, "raw")
    if trapoula.make("bourloto", a.preset).options.contract:
        fit(con_rows, "contract")


if __name__ == "__main__":
    main()
