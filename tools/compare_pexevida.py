"""Compare every decision of the ``pexevida`` preset with pexevida's own rules code under node.

pexevida (github.com/panos1962/pexevida, a Greek online μπουρλότο server) is not part of this
repository: give the folder of a checkout of it (``git clone
https://github.com/panos1962/pexevida``); node (18 or later) runs its files from there.

This tool plays random ``pexevida`` deals with the engine and writes each one as pexevida's
events (ΔΙΑΝΟΜΗ, ΔΗΛΩΣΗ, ΕΠΤΑΡΙ, ΑΕΡΑΣ, ΦΥΛΛΟ, ΜΠΑΖΑ) together with what the engine offered at
every decision.  ``tools/pexevida/driver.js`` loads pexevida's files (its Trapezi, Baza, Aeras
classes, event processing and scoring, and the functions its interface arms cards and buttons
with), replays the events through them and compares, at every step:

* the bidding: the options of each bid (take / the suits, pass, ΑΠΟΝΤΑ, ΕΠΤΑΡΙ: buying with the
  seven swap) and who speaks, and after a round-1 buy the confirmation round (ΕΠΤΑΡΙ, ΑΠΟΝΤΑ);
* each play: the legal cards (the cards its interface arms), the declarations that may be
  shown, the Bourlot offer, and each answer to a show;
* each trick's winner (its server's ``Baza.bazaPios``), the end of a thrown-in deal, and the
  deal scores and hanging points (``partidaPliromi``).

A deal stops at its first difference.  Exit code 0 when nothing differs, 1 otherwise (with
``--skip-exchange``, differences about who may swap the seven are reported but do not count),
2 when node or the checkout fails.

    .venv/bin/python tools/compare_pexevida.py /path/to/pexevida --deals 3000 --seed 1
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import trapoula
from trapoula.cards import Card, cards_of

DRIVER = Path(__file__).resolve().parent / "pexevida" / "driver.js"
NEEDED = ("client/common/vida.js", "client/common/partida.js", "client/arena/efoplismos.js")


def pex(card: Any) -> str:
    """A card as pexevida writes it: suit then rank, ten as T ("ST", "H7")."""
    text = str(card)
    rank = text[:-1]
    return text[-1] + ("T" if rank == "10" else rank)


def _natural(c: Any) -> int:
    return int(c.rank)


# --- playing a deal ---------------------------------------------------------------------------
def choose(rng: random.Random, acts: list[Any]) -> Any:
    """A random action that exercises the rules: a redeal or the seven swap often, a show or
    Bourlot most of the time."""
    by_kind = {a.kind: a for a in acts}
    if "redeal" in by_kind and rng.random() < 0.3:
        return by_kind["redeal"]
    if "exchange" in by_kind and rng.random() < 0.5:
        return by_kind["exchange"]
    acts = [a for a in acts if a.kind not in ("redeal", "exchange")] or acts
    words = [a for a in acts if a.words or a.kind == "show"]
    return rng.choice(words if words and rng.random() < 0.8 else acts)


def play(game: Any, seed: int, dealer: int, rng: random.Random) -> tuple[list[Any], Any]:
    """One random deal: its (state, legal actions, action) records and its last state."""
    s = game.new_deal(seed=seed, dealer=f"P{dealer + 1}")
    rec = []
    while not s.is_over:
        acts = s.legal_actions()
        a = choose(rng, acts)
        rec.append((s, acts, a))
        s = s.apply(a)
    return rec, s


def swap_if_taken(s: Any, seat: int) -> bool:
    """Whether ``seat``, taking now, would be offered the seven swap (at its first action
    after the deal, the engine's time for it)."""
    n = s.apply("take")
    while not n.is_over and n.phase == "play":
        acts = n.legal_actions()
        if n.current_index == seat:
            return any(a.kind == "exchange" for a in acts)
        n = n.apply(next(a for a in acts if a.kind == "play"))
    return False


# --- writing it as pexevida's events ----------------------------------------------------------
def _deck(s0: Any) -> str:
    """pexevida's ΔΙΑΝΟΜΗ data: per seat its 5 cards then its 3 closed cards; the dealer's
    third closed card is the upcard (energia.js)."""
    dealer = s0._ctx.dealer
    stock = [pex(Card.from_index(i)) for i in s0.bid.stock]
    closed: dict[int, list[str]] = {}
    k = 0
    for j in range(1, 5):
        seat = (dealer + j) & 3
        if seat != dealer:
            closed[seat] = stock[k:k + 3]
            k += 3
    closed[dealer] = stock[9:11] + [pex(Card.from_index(s0.bid.upcard))]
    return "".join(
        "".join(pex(c) for c in cards_of(s0.hands[seat])) + "".join(closed[seat])
        for seat in range(4)
    )


def _options(acts: list[Any], upcard_suit: str) -> list[str]:
    """A bid's options in pexevida's notation: suit letters, P (pass), 0 (άποντα)."""
    out = set()
    for a in acts:
        if a.kind == "take":
            out.add(upcard_suit)
        elif a.kind == "name":
            out.add(str(a.suit))
        elif a.kind == "pass":
            out.add("P")
        elif a.kind == "redeal":
            out.add("0")
    return sorted(out)


def steps_of(rec: list[Any], final: Any) -> list[dict[str, Any]]:
    """The deal as pexevida's events, with what the engine offered at each decision."""
    s0 = rec[0][0]
    up = Card.from_index(s0.bid.upcard)
    tzogos, protasi = pex(up), str(up.suit)
    steps: list[dict[str, Any]] = [{"e": ["ΔΙΑΝΟΜΗ", s0._ctx.dealer + 1, _deck(s0)]}]
    swapper = next((s.current_index for s, _, a in rec if a.kind == "exchange"), -1)
    redealer = next((s.current_index for s, _, a in rec
                     if a.kind == "redeal" and s.phase == "play"), -1)
    first_play: dict[int, list[Any]] = {}
    for s, acts, _ in rec:  # each seat's first turn to play a card (not an answer)
        if s.phase == "play" and not any(x.kind == "approve" for x in acts):
            first_play.setdefault(s.current_index, acts)
    tricks = final.public_view().tricks
    plays = 0
    over = False  # (a redeal in the confirmation round: pexevida's deal ends there)
    dealt = False
    for s, acts, a in rec:
        seat = s.current_index
        th = seat + 1
        if s.phase in ("bid1", "bid2"):
            round1 = s.phase == "bid1"
            ours = _options(acts, protasi)
            if round1 and any(x.kind == "take" for x in acts) and swap_if_taken(s, seat):
                ours.append("E")
            if a.kind == "take":
                chose = "E" if swapper == seat else protasi
                data = protasi + (":" + tzogos if swapper == seat else "")
            else:
                chose = data = {"pass": "P", "redeal": "0"}.get(a.kind) or str(a.suit)
            steps.append({"ask": "bid", "seat": th, "ours": sorted(ours), "round1": round1,
                          "chose": chose, "at": f"bid round {1 if round1 else 2}, P{th}"})
            steps.append({"e": ["ΔΗΛΩΣΗ", th, data]})
            if a.kind == "take":
                confirm, over = _confirm(seat, swapper, redealer, first_play, tzogos)
                steps += confirm
            continue
        if over or s.phase != "play" or a.kind in ("exchange", "redeal"):
            continue  # (the swap and the late άποντα went in the confirmation round)
        at = f"trick {plays // 4 + 1}, P{th}"
        if a.kind in ("approve", "cut"):
            steps.append({"ask": "answer", "seat": th, "at": at, "chose": a.kind,
                          "ours": sorted({x.kind for x in acts})})
            steps.append({"e": ["ΑΕΡΑΣ", th, "ΝΑΙ" if a.kind == "approve" else "ΚΟΜΜΕΝΗ"]})
            continue
        if not dealt:  # the contract and the hands once the deal is complete
            dealt = True
            steps.append({"ask": "contract", "at": "after the bidding",
                          "ours": {"buyer": final._ctx.taker + 1, "trump": str(final.trump)}})
            steps.append({"ask": "hands", "at": "after the deal", "ours": [
                " ".join(sorted(pex(c) for c in cards_of(h))) for h in final._ctx.hands]})
        shown = " ".join(sorted(pex(c) for c in a.cards))
        steps.append({
            "ask": "play", "seat": th, "at": at, "chose": shown if a.kind == "show" else
            pex(a.cards[0]) + (" bourlot" if "bourlot" in a.words else ""),
            "ours": sorted({pex(x.cards[0]) for x in acts if x.kind == "play"}),
            "shows": sorted({" ".join(sorted(pex(c) for c in x.cards))
                             for x in acts if x.kind == "show"}),
            "bourlot": sorted({pex(x.cards[0]) for x in acts
                               if x.kind == "play" and "bourlot" in x.words}),
        })
        if a.kind == "show":
            steps.append({"e": ["ΑΕΡΑΣ", th, "".join(
                pex(c) for c in sorted(a.cards, key=_natural))]})
            continue
        steps.append({"e": ["ΦΥΛΛΟ", th, pex(a.cards[0]) + (
            ":B" if "bourlot" in a.words else "")]})
        plays += 1
        if plays % 4 == 0:
            steps.append({"ask": "trick", "at": f"trick {plays // 4}",
                          "winner": int(str(tricks[plays // 4 - 1].winner)[1:])})
    res = final.result or {}
    if res.get("thrown_in"):
        steps.append({"ask": "end", "thrown": True, "at": "end"})
    else:
        steps.append({"ask": "end", "thrown": False, "at": "end", "A": res["scores"]["A"],
                      "B": res["scores"]["B"], "hanging": res.get("hanging", 0)})
    return steps


def _confirm(taker: int, swapper: int, redealer: int, first_play: dict[int, list[Any]],
             tzogos: str) -> tuple[list[dict[str, Any]], bool]:
    """pexevida's confirmation round after a round-1 buy, from the buyer's right: each other
    player may swap the seven (ΕΠΤΑΡΙ), demand a redeal (ΑΠΟΝΤΑ) or confirm (ΝΑΙ).  The engine
    offers the same with each player's first action after the deal."""
    out: list[dict[str, Any]] = []
    for k in (1, 2, 3):
        seat = (taker + k) & 3
        th = seat + 1
        acts = first_play.get(seat)
        if acts is not None:  # (else the deal ended before his first action: nothing to ask)
            kinds = {a.kind for a in acts}
            ours = ["P"] + ["E"] * ("exchange" in kinds) + ["0"] * ("redeal" in kinds)
            chose = "0" if seat == redealer else "E" if seat == swapper else "P"
            out.append({"ask": "confirm", "seat": th, "ours": sorted(ours), "round1": True,
                        "chose": chose, "at": f"confirmation, P{th}"})
        if seat == redealer:
            out.append({"e": ["ΔΗΛΩΣΗ", th, "0"]})
            return out, True
        out.append({"e": ["ΕΠΤΑΡΙ", th, tzogos] if seat == swapper else ["ΔΗΛΩΣΗ", th, "P"]})
    return out, False


# --- the comparison ---------------------------------------------------------------------------
def make_deals(n: int, seed: int) -> tuple[list[dict[str, Any]], int]:
    """Random deals until ``n`` were played to the end (thrown-in ones come on top)."""
    game: Any = trapoula.make("bourloto", "pexevida")
    rng = random.Random(seed)
    out: list[dict[str, Any]] = []
    played = 0
    while played < n:
        deal_seed, dealer = rng.getrandbits(32), rng.randrange(4)
        rec, final = play(game, deal_seed, dealer, rng)
        played += not final.thrown_in
        out.append({"seed": deal_seed, "dealer": dealer + 1, "steps": steps_of(rec, final)})
    return out, played


def run_driver(pexevida: Path, deals: list[dict[str, Any]], node: str) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as tmp:
        data = Path(tmp) / "deals.json"
        data.write_text(json.dumps(deals), encoding="utf-8")
        run = subprocess.run([node, str(DRIVER), str(pexevida), str(data)],
                             capture_output=True, text=True, check=False)
    if run.returncode:
        raise RuntimeError(run.stderr.strip() or f"node exited with {run.returncode}")
    try:
        out: dict[str, Any] = json.loads(run.stdout)
    except json.JSONDecodeError as exc:
        raise RuntimeError(f"unreadable output from the driver: {run.stdout[:200]!r}") from exc
    return out


def report(out: dict[str, Any], deals: int, played: int, skip_exchange: bool,
           show: int) -> int:
    """Print what was compared and the differences (``show`` examples of each kind); the
    exit code."""
    c = out["counts"]
    diffs = out["differences"]
    parts = [
        f"{c['bids']} bids", f"{c['contracts']} contracts", f"{c['confirms']} confirmations",
        f"{c['exchange_checks']} seven-exchange checks ({c['exchanges']} swaps)",
        f"{c['aponta_checks']} άποντα checks ({c['aponta']} redeals)",
        f"{c['legal_sets']} legal sets",
        f"{c['show_checks']} show checks ({c['show_sets']} with declarations)",
        f"{c['answers']} answers", f"{c['bourlot_checks']} Bourlot offers",
        f"{c['tricks']} trick winners", f"{c['scores']} deal scores",
    ]
    print(f"compared {deals} deals ({played} played out, {deals - played} thrown in): "
          + ", ".join(parts))
    kinds: dict[str, list[dict[str, Any]]] = {}
    for d in diffs:
        kinds.setdefault(d["kind"], []).append(d)
    summary = ", ".join(f"{k} {len(v)}" for k, v in sorted(kinds.items())) or "none"
    stopped = sum(1 for d in diffs if d["stopped"])
    print(f"{len(diffs)} differences ({summary}) in {len({d['seed'] for d in diffs})} deals"
          f"{f', {stopped} of which stopped there' if stopped else ''}")
    if skip_exchange and "exchange" in kinds:
        print("(--skip-exchange: the seven-exchange differences do not count; a deal where the "
              "engine swapped a seven pexevida does not allow stops there)")
    for kind, items in sorted(kinds.items()):
        for d in items[:show]:
            print(f"  {kind}: deal seed {d['seed']} dealer P{d['dealer']}, step {d['step']} "
                  f"({d['at']}): ours {json.dumps(d['ours'], ensure_ascii=False)}, pexevida "
                  f"{json.dumps(d['pexevida'], ensure_ascii=False)}"
                  + (f", chosen {d['chose']}" if d["chose"] else ""))
    counted = [d for d in diffs if not (skip_exchange and d["kind"] == "exchange")]
    return 1 if counted else 0


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    p.add_argument("pexevida", type=Path, help="a checkout of github.com/panos1962/pexevida")
    p.add_argument("--deals", type=int, default=1000, help="deals played out (default 1000)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--node", default="node")
    p.add_argument("--skip-exchange", action="store_true",
                   help="report differences about the seven swap without failing on them")
    p.add_argument("--show", type=int, default=3,
                   help="differences printed of each kind (default 3)")
    args = p.parse_args(argv)
    missing = [f for f in NEEDED if not (args.pexevida / f).is_file()]
    if missing:
        print(f"{args.pexevida} is not a pexevida checkout (no {missing[0]}); get one with "
              "git clone https://github.com/panos1962/pexevida", file=sys.stderr)
        return 2
    t0 = time.perf_counter()
    deals, played = make_deals(args.deals, args.seed)
    t1 = time.perf_counter()
    try:
        out = run_driver(args.pexevida, deals, args.node)
    except (OSError, RuntimeError) as exc:
        print(f"node failed: {exc}", file=sys.stderr)
        return 2
    code = report(out, len(deals), played, args.skip_exchange, args.show)
    print(f"(engine {t1 - t0:.1f} s, pexevida under node {time.perf_counter() - t1:.1f} s)")
    return code


if __name__ == "__main__":
    sys.exit(main())
