// Replays deals written by tools/compare_pexevida.py through pexevida's own rules code and
// compares every decision (written for that tool; no pexevida code here).
//
//   node driver.js PEXEVIDA_DIR DEALS.json  ->  JSON {counts, differences} on stdout
//
// pexevida's files are loaded from the user's checkout into this process, as its browser page
// loads them: client/common/{globals,vida,skiniko,partida,energia,pliromi}.js (its Trapezi,
// Dianomi, Energia, Baza, Aeras classes, the event processing and the scoring) and
// client/arena/{aeras,efoplismos,cpanel}.js (the functions its interface arms cards and
// buttons with).  standins.js gives what a page has beside them (the filajs card library,
// jQuery, the control panel classes).  Each deal's events go through pexevida's
// Trapezi.trapeziProcessEnergia as its server applies them; at each decision the options
// pexevida's interface would offer are read from its own arming functions:
//
//   bid      efoplismosΑΓΟΡΑbelot's panel (suits, ΠΑΣΟ, ΑΠΟΝΤΑ, ΕΠΤΑΡΙ) and who speaks;
//            then who bought in which suit (partidaAgorastisGet, partidaAgoraXromaGet) and
//            the hands once the deal is complete
//   confirm  efoplismosΑΓΟΡΑbelotConfirm's panel after a round-1 buy (ΕΠΤΑΡΙ, ΑΠΟΝΤΑ, ΝΑΙ)
//   play     the cards efoplismosΠΑΙΧΝΙΔΙ arms; the aeras button (cpanel.js check); the
//            declarations its aerasExtract / aerasIpovoliLathos accept; the Bourlot offer
//            (efoplismosΠΑΙΧΝΙΔΙisBourloto)
//   answer   efoplismosΑΕΡΑΣ's panel (ΝΑΙ, ΟΧΙ, ΚΟΜΜΕΝΗ)
//   trick    the winner by Baza.bazaPios (what its server records as ΜΠΑΖΑ)
//   end      the phase (ΕΠΑΝΑΔΙΑΝΟΜΗ for a throw-in) and partidaPliromi's deal scores and
//            hanging points
//
// A deal goes on after a difference in what is offered as long as the engine's choice is one
// pexevida offers too; otherwise (or when the turn, the winner, the hands differ) it stops.
"use strict";

const fs = require("fs");
const path = require("path");
const vm = require("vm");
const S = require("./standins.js");

const dir = process.argv[2];
const deals = JSON.parse(fs.readFileSync(process.argv[3], "utf8"));
console.log = () => {};  // (pexevida's own progress notes, e.g. partidaSareaForgot's)

// --- the page: stand-ins, then pexevida's own files ------------------------------------------
Object.assign(globalThis, {
  filajsCard: S.filajsCard, filajsHand: S.filajsHand, filajs: S.filajs, $: S.$,
  BPanel: S.BPanel, PButton: S.PButton,
});
let current = null;  // the Trapezi being replayed
let submitted = [];  // skiserService calls made by the arming functions (aerasExtract)
const chain = new Proxy({}, {get: (o, k) => (k === "then" ? undefined : () => chain)});
Object.assign(globalThis, {
  Tsoxa: {}, Arena: {tsoxaDOM: S.$("<div>")},
  ego: {
    trapeziGet: () => current, oxiPektis: () => false, thesiGet: () => current.epomenos,
    mapThesi: t => t,
  },
  Selida: {
    fyi: chain, ixos: chain,
    skiserService(...args) { submitted.push(args); return chain; },
    skiserFail() {},
  },
});
const FILES = [
  "client/common/globals.js", "client/common/vida.js", "client/common/skiniko.js",
  "client/common/partida.js", "client/common/energia.js", "client/common/pliromi.js",
  "client/arena/aeras.js", "client/arena/efoplismos.js", "client/arena/cpanel.js",
];
for (const f of FILES) {
  const file = path.join(dir, f);
  vm.runInThisContext(fs.readFileSync(file, "utf8"), {filename: file});
}
const Tsoxa = globalThis.Tsoxa, Arena = globalThis.Arena;
Tsoxa.minimaDOM = S.$("<div>");
Tsoxa.fyiDOM = S.$("<div>");
let armed = null;  // what efoplismosΠΑΙΧΝΙΔΙ hands to the function that arms the cards
Tsoxa.efoplismosΠΑΙΧΝΙΔΙoplismos = function (data) { armed = data.flist; return Tsoxa; };

// --- reading pexevida's options ----------------------------------------------------------------
const sorted = a => [...a].sort();
const same = (a, b) => JSON.stringify(sorted(a)) === JSON.stringify(sorted(b));

function efoplismos() {  // as tsoxa.js Tsoxa.efoplismos: by the phase, for the player to act
  Arena.tsoxaDOM = S.$("<div>");
  Tsoxa.aerasIpovoliClear();
  armed = null;
  const proc = "efoplismos" + current.partidaFasiGet();
  if (typeof Tsoxa[proc] === "function") Tsoxa[proc].call(current);
}

function buttons() {  // the buttons of the panel the arming function put on the table
  const out = [];
  for (const panel of Arena.tsoxaDOM.els[0].children)
    for (const b of panel.children) {
      const dilosi = b.d.dilosi;
      if (dilosi) out.push(dilosi.dilosi2string());
      else if (b.textValue === "ΕΠΤΑΡΙ") out.push("E");
      else if (b.textValue === "ΑΠΟΝΤΑ") out.push("0");
      else if (b.textValue) out.push(b.textValue);
    }
  return out;
}

function filaDOM(thesi) {  // the hand's card elements, as the page holds them
  const fila = current.partidaFilaGet(thesi), dom = new S.El("div");
  fila.cards.forEach((c, i) => {
    const el = new S.El("div");
    el.d.index = i;
    dom.children.push(el);
  });
  Tsoxa.filaDOM = {[thesi]: new S.Q([dom])};
}

function armedCards(thesi) {
  filaDOM(thesi);
  efoplismos();
  const fila = current.partidaFilaGet(thesi);
  return armed ? armed.els.map(el => String(fila.cardGet(el.d.index))) : [];
}

const aerasKey = h => sorted(h.cards.map(String)).join(" ");

// A show its button allows, after which its arming function arms no card, leaves the player
// stuck (efoplismosΠΑΙΧΝΙΔΙoplismos: "Κάτι κάνατε λάθος. Ακυρώστε την τελευταία σας κίνηση!",
// undo your last move): such a show is not counted as allowed (the engine does not offer it).
function playableAfter(thesi, aeras) {
  current.partidaAerasLastSet(aeras);
  const cards = armedCards(thesi);
  current.partidaAerasLastClear();
  return cards.length > 0;
}

function aerasChoices(thesi) {  // the declarations the aeras button leads to, as card sets
  filaDOM(thesi);
  if (!Arena.aerasButton.check()) return [];
  const fila = current.partidaFilaGet(thesi);
  submitted = [];
  const found = Tsoxa.efoplismosΠΑΙΧΝΙΔΙaerasExtract(fila);
  const hands = [];
  if (found === 1) hands.push(new S.filajsHand(submitted[0][1].split("=")[1]));
  if (found === 2) {  // several: the player picks the first and the last card
    const free = fila.cards.filter(c => !c.data("aeras"));
    for (const a of free)
      for (const b of free) {
        Tsoxa.aerasIpovoliReset().aerasIpovoliProtoSet(a).aerasIpovoliTelefteoSet(b);
        const data = {};
        if (!Tsoxa.aerasIpovoliLathos(data)) hands.push(data.aeras);
      }
    Tsoxa.aerasIpovoliClear();
  }
  const out = new Set();
  for (const h of hands) if (playableAfter(thesi, h)) out.add(aerasKey(h));
  return [...out];
}

function bourlotOffers(thesi, cards) {  // the armed cards the Bourlot panel comes up for
  const fila = current.partidaFilaGet(thesi), out = [];
  for (const text of cards) {
    // (the page replays the deal after every action: no card keeps a mark from an earlier look)
    fila.cards.forEach(c => c.removeData("bourloto"));
    const filo = fila.cards.find(c => String(c) === text);
    if (Tsoxa.efoplismosΠΑΙΧΝΙΔΙisBourloto({trapezi: current, fila}, filo, null)) out.push(text);
  }
  fila.cards.forEach(c => c.removeData("bourloto"));
  return out;
}

// --- one deal ------------------------------------------------------------------------------------
const counts = {
  deals: 0, bids: 0, contracts: 0, confirms: 0, exchange_checks: 0, exchanges: 0,
  aponta_checks: 0, aponta: 0, legal_sets: 0, show_checks: 0, show_sets: 0, answers: 0,
  bourlot_checks: 0, tricks: 0, scores: 0,
};
const differences = [];

function energia(idos, pektis, data) {
  current.trapeziProcessEnergia(new Energia({idos, pektis, data}));
  if (idos === "ΕΠΤΑΡΙ" || (idos === "ΔΗΛΩΣΗ" && String(data).includes(":"))) counts.exchanges++;
  if (idos === "ΔΗΛΩΣΗ" && data === "0") counts.aponta++;
}

// which options of a bid/confirm panel a difference is about: the seven exchange (E), the
// άποντα (0) or the bidding itself
function panelKind(ask, ours, theirs) {
  const diff = new Set([...ours, ...theirs].filter(x => ours.includes(x) !== theirs.includes(x)));
  if ([...diff].every(x => x === "E")) return "exchange";
  if ([...diff].every(x => x === "0")) return "aponta";
  return ask === "confirm" ? "confirm" : "bid";
}

// null when pexevida agrees, else [kind, what pexevida has, whether the deal must stop: the
// engine's choice is outside pexevida's options, or the two no longer follow the same deal]
function check(step) {
  const t = current, ask = step.ask;
  if (ask === "contract") {  // who bought, in which suit
    counts.contracts++;
    const theirs = {buyer: t.partidaAgorastisGet(), trump: t.partidaAgoraXromaGet()};
    return JSON.stringify(theirs) === JSON.stringify(step.ours) ? null : ["contract", theirs, true];
  }
  if (ask === "hands") {
    const theirs = [1, 2, 3, 4].map(p => sorted(t.partidaFilaGet(p).cards.map(String)).join(" "));
    return JSON.stringify(theirs) === JSON.stringify(step.ours) ? null : ["hands", theirs, true];
  }
  if (ask === "end") {
    if (step.thrown)
      return t.partidaFasiGet() === "ΕΠΑΝΑΔΙΑΝΟΜΗ" ? null : ["end", t.partidaFasiGet(), true];
    counts.scores++;
    const d = t.trapeziTelefteaDianomi();
    const theirs = {A: d.dianomiSkorGet("13"), B: d.dianomiSkorGet("24"),
      hanging: d.dianomiKremamenaGet(), phase: t.partidaFasiGet()};
    const ours = {A: step.A, B: step.B, hanging: step.hanging, phase: "ΠΛΗΡΩΜΗ"};
    return JSON.stringify(ours) === JSON.stringify(theirs) ? null : ["score", theirs, true];
  }
  if (ask === "trick") {
    counts.tricks++;
    const pios = t.baza && t.baza.bazaMikos() === 4 ? t.baza.bazaPios(t) : undefined;
    if (pios !== step.winner) return ["winner", pios, true];
    energia("ΜΠΑΖΑ", pios, String(pios));
    return null;
  }
  const phase = {bid: "ΑΓΟΡΑ", confirm: "ΑΓΟΡΑ", play: "ΠΑΙΧΝΙΔΙ", answer: "ΑΕΡΑΣ"}[ask];
  if (t.partidaFasiGet() !== phase || t.partidaEpomenosGet() !== step.seat)
    return ["turn", {phase: t.partidaFasiGet(), next: t.partidaEpomenosGet()}, true];
  if (ask === "bid" || ask === "confirm") {
    counts[ask === "bid" ? "bids" : "confirms"]++;
    if (step.round1) { counts.exchange_checks++; counts.aponta_checks++; }
    efoplismos();
    const theirs = sorted(buttons().map(b => (b === "ΝΑΙ" ? "P" : b)));
    return same(theirs, step.ours) ? null
      : [panelKind(ask, step.ours, theirs), theirs, !theirs.includes(step.chose)];
  }
  if (ask === "answer") {
    counts.answers++;
    efoplismos();
    const theirs = sorted(new Set(buttons().map(b => (b === "ΝΑΙ" ? "approve" : "cut"))));
    return same(theirs, step.ours) ? null : ["answer", theirs, !theirs.includes(step.chose)];
  }
  // play: the armed cards, the declarations that may be shown, the Bourlot offer
  counts.legal_sets++;
  counts.show_checks++;
  counts.bourlot_checks++;
  const cards = armedCards(step.seat);
  const shows = aerasChoices(step.seat);
  if (shows.length) counts.show_sets++;
  const offers = bourlotOffers(step.seat, cards);
  const [card, word] = step.chose.split(" ").length === 2 ? step.chose.split(" ") : [step.chose];
  const stop = step.chose.split(" ").length > 2 ? !shows.includes(step.chose)
    : !cards.includes(card) || (word === "bourlot" && !offers.includes(card));
  if (!same(cards, step.ours)) return ["legal", cards, stop];
  if (!same(shows, step.shows)) return ["show", shows, stop];
  return same(offers, step.bourlot) ? null : ["bourlot", offers, stop];
}

for (const deal of deals) {
  counts.deals++;
  current = new Trapezi({kodikos: 1});
  current.trapeziTrparamSet("ΒΙΔΑ", "ΟΧΙ");  // a μπουρλότο table; the rest as its defaults
  current.trapeziDianomiPush(new Dianomi({kodikos: 1, dealer: deal.dealer}));
  current.partidaReplay();  // (its reset, the dealer, phase ΔΙΑΝΟΜΗ)
  for (let i = 0; i < deal.steps.length; i++) {
    const step = deal.steps[i];
    if (step.e) {
      energia(...step.e);
      continue;
    }
    const diff = check(step);
    if (!diff) continue;
    const ours = {show: step.shows, bourlot: step.bourlot, winner: step.winner,
      score: {A: step.A, B: step.B, hanging: step.hanging}}[diff[0]] ?? step.ours ?? null;
    differences.push({kind: diff[0], seed: deal.seed, dealer: deal.dealer, step: i,
      at: step.at || "", ours, pexevida: diff[1], chose: step.chose || null, stopped: diff[2]});
    if (diff[2]) break;
  }
}
process.stdout.write(JSON.stringify({counts, differences}));
