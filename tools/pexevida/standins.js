// Stand-ins for what pexevida's rules code finds in a browser page and does not ship itself
// (written for tools/compare_pexevida.py; no pexevida code here):
//
// * filajs — the card library pexevida loads from client/filajs (a separate project, not in
//   pexevida's repository): cards, hands and the few helpers its rules code calls.  Cards are
//   written suit then rank ("SA", "HT", "C7"), as pexevida writes them (vida.js Aeras,
//   efoplismos.js aerasExtract).  A hand's sort() orders by suit, then by rank in pexevida's
//   natural order 7 8 9 T J Q K A (Vida.aerasAxia), the order its aerasExtract expects.
// * jQuery ($) — only as far as efoplismos.js and cpanel.js use it: elements that remember
//   their text, data and children, so the buttons and armed cards a function builds can be read.
// * BPanel / PButton — the control panel classes cpanel.js builds its buttons with.
"use strict";

const SUITS = ["S", "H", "D", "C"];
const RANKS = ["7", "8", "9", "T", "J", "Q", "K", "A"];

function filajsCard(x) {
  this.d = {};
  if (typeof x === "string") {
    this.suit = x[0];
    this.rank = x[1];
  } else if (x) {
    this.suit = x.suit;
    this.rank = x.rank;
  }
}
Object.assign(filajsCard.prototype, {
  suitGet() { return this.suit; },
  rankGet() { return this.rank; },
  suitSet(s) { this.suit = s; return this; },
  rankSet(r) { this.rank = r; return this; },
  suitLike(s) { return this.suit === s; },
  suitUnlike(s) { return this.suit !== s; },
  rankLike(r) { return this.rank === r; },
  rankUnlike(r) { return this.rank !== r; },
  like(c) { return this.suit === c.suit && this.rank === c.rank; },
  unlike(c) { return !this.like(c); },
  data(k, v) {
    if (v === undefined) return this.d[k];
    this.d[k] = v;
    return this;
  },
  removeData(k) { delete this.d[k]; return this; },
  toString() { return this.suit + this.rank; },
  faceUp() { return this; },
  domRefresh() { return this; },
  widthSet() { return this; },
});

function filajsHand(x) {
  this.cards = [];
  if (typeof x === "string") {
    for (let i = 0; i + 1 < x.length; i += 2) this.cards.push(new filajsCard(x.substr(i, 2)));
  } else if (x instanceof filajsCard) {
    this.cards.push(x);
  }
}
Object.assign(filajsHand.prototype, {
  reset() { this.cards = []; return this; },
  cardPush(c) { this.cards.push(c); return this; },
  cardPop() { return this.cards.pop(); },
  cardsCount() { return this.cards.length; },
  cardGet(i) { return this.cards[i]; },
  cardDelete(i) { this.cards.splice(i, 1); return this; },
  cardWalk(f) { this.cards.forEach((c, i) => f.call(c, i)); return this; },
  handPush(h) { if (h) h.cards.forEach(c => this.cards.push(c)); return this; },
  slice(from, n) {
    const h = new filajsHand();
    h.cards = this.cards.slice(from, from + n);
    return h;
  },
  sort() {
    const key = c => SUITS.indexOf(c.suit) * 10 + RANKS.indexOf(c.rank);
    this.cards.sort((a, b) => key(a) - key(b));
    return this;
  },
  toString() { return this.cards.map(String).join(""); },
  domRefresh() { return this; },
});

// (filajs.suitWalk's order only orders buttons; the comparison reads them as sets)
const filajs = {
  suitDesc: {},
  notSuit(s) { return !SUITS.includes(s); },
  suitWalk(f) { SUITS.forEach(s => f(s)); },
  suitDOM() { return $("<div>"); },
  suitDescGet(s) { return s; },
};
String.prototype.filajsToHand = function () { return new filajsHand(this.valueOf()); };
String.prototype.filajsSuitDesc = function () { return this.valueOf(); };

// --- jQuery, as far as the arming functions use it -------------------------------------------
function El(tag) {
  this.tag = tag;
  this.textValue = "";
  this.d = {};
  this.children = [];
}

function Q(els) {
  this.els = els;
  this.length = els.length;
}
const CHAIN = ["attr", "addClass", "removeClass", "on", "off", "raiseCard", "lowerCard",
  "trigger", "html", "empty", "remove", "css", "siromeno"];
CHAIN.forEach(name => { Q.prototype[name] = function () { return this; }; });
Object.assign(Q.prototype, {
  append(q) {
    if (q instanceof Q && this.els.length) this.els[0].children.push(...q.els);
    return this;
  },
  appendTo(q) { q.append(this); return this; },
  text(t) {
    if (t === undefined) return this.els.length ? this.els[0].textValue : "";
    this.els.forEach(e => { e.textValue = String(t); });
    return this;
  },
  data(k, v) {
    if (v === undefined) return this.els.length ? this.els[0].d[k] : undefined;
    this.els.forEach(e => { e.d[k] = v; });
    return this;
  },
  removeData(k) { this.els.forEach(e => { delete e.d[k]; }); return this; },
  each(f) {
    for (let i = 0; i < this.els.length; i++) if (f.call(this.els[i], i, this.els[i]) === false) break;
    return this;
  },
  add(q) { return new Q(this.els.concat(q.els)); },
  find(selector) {
    if (selector === ".filajsHandCard") return new Q(this.els[0].children.slice());
    return new Q([]);
  },
  children() { return new Q(this.els.length ? this.els[0].children.slice() : []); },
  parent() { return new Q([]); },
});

function $(x) {
  if (x === undefined) return new Q([]);
  if (x instanceof Q) return x;
  if (typeof x === "string") return new Q([new El(x)]);
  return new Q([x]);
}

// --- the control panel classes cpanel.js builds with -----------------------------------------
function BPanel() { this.buttons = []; this.omadaMax = 1; }
BPanel.prototype.bpanelButtonPush = function (b) { this.buttons.push(b); return this; };
BPanel.prototype.bpanelRefresh = function () { return this; };
function PButton(props) { Object.assign(this, props); }
PButton.enalagi = () => new PButton({});
PButton.slideH = () => new PButton({});

module.exports = {filajsCard, filajsHand, filajs, $, El, Q, BPanel, PButton};
