"""Compare the ``pexevida`` preset's deal scoring with pexevida's own rules code under node.

pexevida (github.com/panos1962/pexevida) is not part of this repository: give the folder that
holds its ``client/common/vida.js`` and ``client/common/pliromi.js`` (a checkout, or the files
saved anywhere).  This tool plays random ``pexevida`` deals with the engine (the players declare
most of the time, so declarations, Bourlot and the comparison are exercised), hands each finished
deal (trump, buyer, tricks and their winners, the declarations shown, who said Bourlot) to
pexevida's ``Trapezi.prototype.partidaPliromi`` (pliromi.js, with vida.js's ``Vida`` tables and
``Aeras`` class) through small stand-ins for the objects it reads, and compares the deal scores
and the hanging points.  Only the team holding the best declaration by pexevida's own
``Aeras.taxi`` keeps its declarations there (its approval round, emulated); deals where both teams'
best declarations have the same taxi are counted apart.

    .venv/bin/python tools/compare_pexevida.py /path/to/pexevida --deals 2000 --seed 1

Exit code 0 when every compared deal agrees.
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

import trapoula
from trapoula.cards import cards_of

RANK = {"10": "T"}

DRIVER = r"""
// stand-ins for the pexevida objects partidaPliromi reads (written for this comparison)
const fs = require("fs"), vm = require("vm"), path = require("path");
const dir = process.argv[2], deals = JSON.parse(fs.readFileSync(process.argv[3], "utf8"));
globalThis.Globals = {awalk(a, f) { for (let i = 0; i < a.length; i++) f(i, a[i]); }};
globalThis.filajs = {};
globalThis.filajsCard = function (s) { if (s !== undefined) { this.r = s[0]; this.s = s[1]; } };
filajsCard.prototype.suitGet = function () { return this.s; };
filajsCard.prototype.rankGet = function () { return this.r; };
filajsCard.prototype.like = function (c) { return this.r === c.r && this.s === c.s; };
filajsCard.prototype.data = function (k, v) {
  this.d = this.d || {};
  if (v === undefined) return this.d[k];
  this.d[k] = v;
  return this;
};
// (globals.js / vida.js in a full checkout define these; stand-ins when absent)
if (!Number.prototype.thesiEpomeni) {
  Number.prototype.thesiEpomeni = function (n) { return (this.valueOf() - 1 + (n || 1)) % 4 + 1; };
  Number.prototype.thesiIsOmada = function (p) { return this.valueOf() % 2 === p % 2; };
  Number.prototype.thesiIsAntipalos = function (p) { return this.valueOf() % 2 !== p % 2; };
}
if (!String.prototype.oxiNai)
  String.prototype.oxiNai = function () { return this.valueOf() !== "ΝΑΙ"; };
globalThis.filajsHand = function () { this.cards = []; };
Object.assign(filajsHand.prototype, {
  reset() { this.cards = []; return this; },
  cardPush(c) { this.cards.push(c); return this; },
  cardsCount() { return this.cards.length; },
  cardGet(i) { return this.cards[i]; },
  cardWalk(f) { this.cards.forEach((c, i) => f.call(c, i)); return this; },
});
globalThis.Trapezi = function (d) {
  this.d = d;
  this.bazes = d.tricks.map(t => {
    const h = new filajsHand();
    t.forEach(c => h.cardPush(new filajsCard(c)));
    return h;
  });
  this.bazaPios = d.winners;
  this.bourloto = d.bourlot || undefined;
  this.aeras = [];
  this.sarea = [];
  this.tie = false;
  this.dianomi = {
    skor: {},
    dianomiSkorSet(o, v) { this.skor[o] = v; },
    dianomiSkorGet(o) { return this.skor[o]; },
    dianomiKremamenaSet(k) { this.kremamena = k; },
  };
  if (d.events) return;  // in_play: the shows go through pexevida's own partida.js, energia.js
  const shown = d.declared.map(x => new Aeras(x.seat, x.cards.join(""), d.trump));
  const best = [0, 0];  // the approval round, emulated: the best taxi's team keeps its own
  shown.forEach(a => {
    const t = a.aerasPektisGet() % 2;
    best[t] = Math.max(best[t], a.aerasTaxiGet());
  });
  this.tie = best[0] === best[1] && best[0] > 0;
  const keep = best[1] > best[0] ? 1 : 0;
  this.aeras = best[0] === best[1] ? [] : shown.filter(a => a.aerasPektisGet() % 2 === keep);
  this.partidaSareaForgot = function () { return this; };
};
Object.assign(Trapezi.prototype, {
  trapeziTelefteaDianomi() { return this.dianomi; },
  partidaAgoraXromaGet() { return this.d.trump; },
  partidaAgorastisGet() { return this.d.buyer; },
  trapeziIsBelot() { return true; },
  partidaSkorAdd(o, v) { this["skor" + o] = (this["skor" + o] || 0) + v; return this; },
});
for (const f of ["vida.js", "pliromi.js", "partida.js", "energia.js"])
  vm.runInThisContext(fs.readFileSync(path.join(dir, "client", "common", f), "utf8"),
                      {filename: f});
const hand = cards => {
  const h = new filajsHand();
  cards.forEach(c => h.cardPush(new filajsCard(c)));
  return h;
};
// declaration_timing="in_play": each show, answer and card of the deal through pexevida's
// trapeziProcessEnergiaΑΕΡΑΣ; what its code allows is checked at each step: the aeras
// button (arena/cpanel.js: fewer than 6 tricks over, no show pending, no approved one of the
// other team), the answering order (partidaEpomenosGet) and the card after a show
// (partidaAerasLastCheck, as efoplismos.js arms the cards)
function replay(t, d) {
  const faults = [];
  t.fila = {1: hand(d.hands[0]), 2: hand(d.hands[1]), 3: hand(d.hands[2]), 4: hand(d.hands[3])};
  t.partidaAerasEgrisiReset();
  let tricks = 0, inTrick = 0;
  d.events.forEach((e, i) => {
    const pektis = e.seat;
    if (e.kind === "show") {
      const other = t.partidaAerasGet() && pektis.thesiIsAntipalos(t.partidaAerasPiosGet());
      if (tricks > 5 || t.partidaAerasLastGet() || other) faults.push([i, "aeras button off"]);
    }
    if (e.kind === "card") {
      const filo = new filajsCard(e.card);
      if (!t.partidaAerasLastCheck(filo)) faults.push([i, "card not of the shown aeras"]);
      t.partidaAerasEgrisiReset().partidaAerasLastClear();  // as trapeziProcessEnergiaΦΥΛΛΟ
      const f = t.fila[pektis];
      f.cards = f.cards.filter(c => !c.like(filo));
      if (++inTrick === 4) { inTrick = 0; tricks++; }
      return;
    }
    const data = e.kind === "show" ? e.cards.join("") : (e.kind === "approve" ? "ΝΑΙ" : "ΟΧΙ");
    t.trapeziProcessEnergiaΑΕΡΑΣ({energiaPektisGet: () => pektis, energiaDataGet: () => data});
    if (t.partidaEpomenosGet() !== e.next) faults.push([i, "next " + t.partidaEpomenosGet()]);
  });
  return faults;
}
const out = deals.map(d => {
  const t = new Trapezi(d);
  const faults = d.events ? replay(t, d) : [];
  const log = console.log;
  console.log = () => {};  // (partidaSareaForgot's notice)
  t.partidaPliromi();
  console.log = log;
  const k = t.dianomi;
  return {A: k.skor["13"], B: k.skor["24"], hanging: k.kremamena, tie: t.tie, faults};
});
process.stdout.write(JSON.stringify(out));
"""


def _card(c: Any) -> str:
    text = str(c)
    return RANK.get(text[:-1], text[:-1]) + text[-1]


def _natural(c: Any) -> int:
    return int(c.rank)


def play_deals(n: int, seed: int, preset: str = "pexevida") -> list[dict[str, Any]]:
    """``n`` finished (not thrown-in) random deals, as pexevida's scoring reads them."""
    game: Any = trapoula.make("bourloto", preset)
    rng = random.Random(seed)
    out: list[dict[str, Any]] = []
    while len(out) < n:
        s: Any = game.new_deal(seed=rng.getrandbits(32), dealer=f"P{rng.randrange(4) + 1}")
        while not s.is_over:
            acts = [a for a in s.legal_actions() if a.kind != "redeal"] or s.legal_actions()
            # declare, Bourlot and show most of the time; approve or cut at random
            words = [a for a in acts if a.words or a.kind == "show"]
            s = s.apply(rng.choice(words if words and rng.random() < 0.8 else acts))
        res = s.result or {}
        if res.get("thrown_in"):
            continue
        view = s.public_view()
        bourlot = [int(e.seat[1:]) for e in s.history if "bourlot" in e.action.words]
        events = None
        if s.game.options.declaration_timing == "in_play":
            events = []
            for k, e in enumerate(s.history):
                kind = e.action.kind
                if kind in ("show", "approve", "cut"):
                    nxt = s.history[k + 1].seat if k + 1 < len(s.history) else ""
                    events.append({"kind": kind, "seat": int(e.seat[1:]),
                                   "cards": [_card(c) for c in e.action.cards],
                                   "next": int(nxt[1:]) if nxt else 0})
                elif kind == "play":
                    events.append({"kind": "card", "seat": int(e.seat[1:]),
                                   "card": _card(e.action.cards[0])})
        declared = [
            {"seat": seat + 1, "cards": [_card(c) for c in sorted(d.cards, key=_natural)]}
            for seat in range(4) for d in s.declared_by(seat)
        ]
        out.append({
            "trump": str(s.trump), "buyer": s._ctx.taker + 1,
            "tricks": [[_card(c) for _, c in t.plays] for t in view.tricks],
            "winners": [int(str(t.winner)[1:]) for t in view.tricks],
            "bourlot": bourlot[0] if bourlot else 0, "declared": declared,
            "events": events,
            "hands": [[_card(c) for c in cards_of(h)] for h in s._ctx.hands],
            "ours": {"A": res["scores"]["A"], "B": res["scores"]["B"],
                     "hanging": res.get("hanging", 0)},
        })
    return out


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("pexevida", type=Path, help="folder with client/common/{vida,pliromi}.js")
    p.add_argument("--deals", type=int, default=1000)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--node", default="node")
    p.add_argument("--preset", default="pexevida", help="(gr shows the comparison failing)")
    args = p.parse_args(argv)
    deals = play_deals(args.deals, args.seed, args.preset)
    with tempfile.TemporaryDirectory() as tmp:
        driver, data = Path(tmp) / "driver.js", Path(tmp) / "deals.json"
        driver.write_text(DRIVER, encoding="utf-8")
        data.write_text(json.dumps(deals), encoding="utf-8")
        run = subprocess.run([args.node, str(driver), str(args.pexevida), str(data)],
                             capture_output=True, text=True, check=False)
    if run.returncode:
        print(run.stderr, file=sys.stderr)
        return 2
    theirs = json.loads(run.stdout)
    ties = sum(1 for t in theirs if t["tie"])
    bad = [(d, t) for d, t in zip(deals, theirs, strict=True) if t["faults"] or (
        not t["tie"] and d["ours"] != {"A": t["A"], "B": t["B"], "hanging": t["hanging"]})]
    with_decl = sum(1 for d in deals if d["declared"])
    if deals and deals[0]["events"] is not None:
        ev = [e for d in deals for e in d["events"] or ()]
        cuts = sum(1 for e in ev if e["kind"] == "cut")
        print(f"in play: {sum(1 for e in ev if e['kind'] == 'show')} shows, {cuts} cut, "
              f"{sum(1 for d in deals if any(e['kind'] == 'cut' for e in d['events']))} deals "
              "with a cut; every show, answer and next card checked against pexevida's code")
    capots = sum(1 for d in deals if len({w % 2 for w in d["winners"]}) == 1)
    hangs = sum(1 for d in deals if d["ours"]["hanging"])
    print(f"{len(deals)} deals ({with_decl} with declarations shown, "
          f"{sum(1 for d in deals if d['bourlot'])} with Bourlot, {capots} capots, {hangs} "
          f"hanging); {ties} with equal best declarations set aside; {len(bad)} differ")
    for d, t in bad[:5]:
        print(json.dumps({"ours": d["ours"], "pexevida": t, "deal": d}))
    return 0 if not bad else 1


if __name__ == "__main__":
    sys.exit(main())
