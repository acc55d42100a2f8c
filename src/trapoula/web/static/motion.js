/* trapoula: motion and sound like a card table (issue 32).
   Motion: after each render of a TableView the cards that moved are animated from where they
   were (FLIP: the element is already in its final place and clickable; only a transform
   animates, with the Web Animations API): the deal (cards fly from the deck to the hand), a
   card played travelling to the trick, the trick gathered to its winner, a Burraco meld laid
   down or added to, the discard pile taken. Never with prefers-reduced-motion: reduce, or
   when the person turned motion off (the header's button, localStorage "motion", on by
   default). Animation ids are "tp-deal", "tp-play", "tp-gather", "tp-meld", "tp-pickup".
   Sound: short tones made with the Web Audio API (no audio files) for your card, your turn, a
   trick won by your side and a chat line; off by default (the header's ♪, localStorage
   "sound"). TP.soundLog keeps the last tones asked for (what was played, for tests). */
"use strict";
(function () {
  const TP = window.TP;
  const LS = TP.LS;

  /* ---- settings ---- */
  function motionOn() {
    return !TP.reducedMotion() && LS.get("motion", true) !== false;
  }
  function soundOn() { return !!LS.get("sound", false); }
  /** <html data-motion="on|off">: motion.css turns the CSS animations off with it. */
  function applyMotionSetting() { document.documentElement.dataset.motion = motionOn() ? "on" : "off"; }

  /* ---- sound ---- */
  let audio = null;
  const soundLog = [];
  const TONES = {
    // [frequency Hz, start s, length s, peak gain, wave]
    card: [[220, 0, 0.07, 0.12, "triangle"], [160, 0.01, 0.06, 0.06, "square"]],
    turn: [[660, 0, 0.16, 0.08, "sine"], [880, 0.14, 0.2, 0.08, "sine"]],
    trick: [[392, 0, 0.18, 0.07, "sine"], [494, 0.08, 0.18, 0.06, "sine"],
      [587, 0.16, 0.26, 0.06, "sine"]],
    chat: [[1046, 0, 0.09, 0.05, "sine"]],
  };
  function sound(kind) {
    if (!soundOn() || !TONES[kind]) return false;
    soundLog.push(kind);
    if (soundLog.length > 50) soundLog.shift();
    try {
      audio = audio || new (window.AudioContext || window.webkitAudioContext)();
      if (audio.state === "suspended") audio.resume();
      const now = audio.currentTime;
      for (const [freq, at, len, peak, wave] of TONES[kind]) {
        const o = audio.createOscillator();
        const g = audio.createGain();
        o.type = wave;
        o.frequency.value = freq;
        g.gain.setValueAtTime(0.0001, now + at);
        g.gain.exponentialRampToValueAtTime(peak, now + at + 0.01);
        g.gain.exponentialRampToValueAtTime(0.0001, now + at + len);
        o.connect(g).connect(audio.destination);
        o.start(now + at);
        o.stop(now + at + len + 0.02);
      }
    } catch (e) { /* no audio here */ }
    return true;
  }

  /* ---- what was where before a render ---- */
  const centre = (r) => ({ x: r.left + r.width / 2, y: r.top + r.height / 2 });
  function rectOf(sel, root) {
    const el = (root || document).querySelector(sel);
    return el ? el.getBoundingClientRect() : null;
  }
  function snapshot(view) {
    const root = view.root;
    const hand = new Map();
    for (const el of root.querySelectorAll(".hand .card[data-card]")) {
      const k = el.dataset.card;
      if (!hand.has(k)) hand.set(k, el.getBoundingClientRect());
    }
    const trick = [...root.querySelectorAll(".felt .trick-card")].map((el) => ({
      el: el, key: el.dataset.seat + ":" + el.dataset.card, seat: el.dataset.seat,
      rect: el.getBoundingClientRect() }));
    const melds = new Map();
    for (const el of root.querySelectorAll(".meld[data-team][data-n]")) {
      melds.set(el.dataset.team + ":" + el.dataset.n, el.querySelectorAll(".card").length);
    }
    const pile = root.querySelector(".discard-pile");
    const top = pile ? [...pile.querySelectorAll(".card")].pop() : null;
    return {
      deal: view.lastShownDeal, handCount: root.querySelectorAll(".hand .card").length,
      hand: hand, trick: trick, melds: melds,
      pile: pile ? { el: pile, rect: (top || pile).getBoundingClientRect(),
        count: pile.querySelectorAll(".card").length } : null,
      actor: document.body.dataset.toAct || "",
      tricks: view.lastShownTricks, showLast: !!view.showLast,
    };
  }
  function seatRect(view, seat) {
    if (seat && seat === view.me) {
      const hand = rectOf(".hand", view.root);
      if (hand && hand.width) return hand;
    }
    return rectOf('.seat[data-seat="' + seat + '"]', view.root) || rectOf(".felt", view.root);
  }

  /* ---- animations ---- */
  function flyFrom(el, from, id, opts) {
    const to = el.getBoundingClientRect();
    if (!from || !to.width) return null;
    const a = centre(from);
    const b = centre(to);
    const base = getComputedStyle(el).transform;
    const end = base && base !== "none" ? base : "none";
    const scale = Math.max(0.4, Math.min(1.6, (from.width || to.width) / to.width));
    const start = "translate(" + (a.x - b.x).toFixed(1) + "px, " + (a.y - b.y).toFixed(1) + "px) " +
      "scale(" + scale.toFixed(2) + ") " + (end === "none" ? "" : end);
    return el.animate([{ transform: start, opacity: (opts && opts.fade) ? 0.3 : 1 },
      { transform: end, opacity: 1 }],
    { duration: (opts && opts.duration) || 280, delay: (opts && opts.delay) || 0,
      easing: "cubic-bezier(.2,.7,.3,1)", fill: "backwards", id: id });
  }
  /** A card of the previous render, put back above the page where it was, sent to `to`: a
      plain copy (no data-* attributes, no class but the card's look), in a .tp-ghost. */
  function ghostTo(node, from, to, id) {
    if (!node || !from || !to) return;
    const card = node.classList.contains("card") ? node : [...node.querySelectorAll(".card")].pop();
    if (!card) return;
    const copy = card.cloneNode(true);
    for (const el of [copy, ...copy.querySelectorAll("*")]) {
      for (const a of [...el.attributes]) {
        if (a.name === "id" || a.name.startsWith("data-") || a.name === "role" ||
            a.name === "tabindex" || a.name === "aria-label" || a.name === "title") {
          el.removeAttribute(a.name);
        }
      }
    }
    copy.className = "card " + [...card.classList].filter((c) => /^suit-/.test(c)).join(" ");
    Object.assign(copy.style, { position: "static", left: "", top: "", transform: "none",
      margin: "0", width: "100%", height: "100%" });
    const g = document.createElement("div");
    g.className = "tp-ghost";
    g.setAttribute("aria-hidden", "true");
    g.append(copy);
    Object.assign(g.style, { position: "fixed", left: from.left + "px", top: from.top + "px",
      width: from.width + "px", height: from.height + "px", zIndex: "80",
      pointerEvents: "none" });
    document.body.append(g);
    const a = centre(from);
    const b = centre(to);
    const anim = g.animate([{ transform: "none", opacity: 1 },
      { transform: "translate(" + (b.x - a.x).toFixed(1) + "px, " + (b.y - a.y).toFixed(1) +
        "px) scale(.45)", opacity: 0 }],
    { duration: 420, easing: "ease-in", id: id });
    anim.onfinish = anim.oncancel = () => g.remove();
    setTimeout(() => g.remove(), 1500);
  }

  function animate(view, before) {
    if (!!view.showLast !== before.showLast) return; // "Last trick" shown or put away: no play
    const root = view.root;
    const v = view.view;
    const dn = view.dealNumber ? view.dealNumber() : null;
    const handEls = [...root.querySelectorAll(".hand .card")];
    const newDeal = before.deal !== undefined && before.deal !== null && dn !== before.deal;
    // the deal: cards fly from the deck (or the middle of the felt) to the hand
    if (handEls.length && (newDeal || (before.handCount === 0 && handEls.length > 2))) {
      const deck = rectOf(".felt .stock", root) || rectOf(".felt", root);
      const mid = deck ? { left: centre(deck).x - 20, top: centre(deck).y - 30, width: 40, height: 60 } : null;
      handEls.forEach((el, i) => flyFrom(el, mid, "tp-deal", { delay: i * 35, duration: 320 }));
    }
    // a card played travels to the trick, from the hand (yours) or the seat
    const had = new Set(before.trick.map((x) => x.key));
    for (const el of root.querySelectorAll(".felt .trick-card")) {
      const key = el.dataset.seat + ":" + el.dataset.card;
      if (had.has(key)) continue;
      const fromHand = el.dataset.seat === view.me ? before.hand.get(el.dataset.card) : null;
      flyFrom(el, fromHand || seatRect(view, el.dataset.seat), "tp-play", { duration: 260 });
    }
    // the trick gathered to its winner: the cards of the previous render leave the felt
    const nowKeys = new Set([...root.querySelectorAll(".felt .trick-card")].map((el) =>
      el.dataset.seat + ":" + el.dataset.card));
    const tricks = v.tricks || [];
    const gone = before.trick.filter((x) => !nowKeys.has(x.key));
    if (gone.length && gone.length === before.trick.length && tricks.length) {
      const last = tricks[tricks.length - 1];
      const to = seatRect(view, last.winner);
      for (const x of gone) ghostTo(x.el, x.rect, to, "tp-gather");
    }
    // Burraco: a meld laid down (or cards added to one), the discard pile taken
    for (const el of root.querySelectorAll(".meld[data-team][data-n]")) {
      const key = el.dataset.team + ":" + el.dataset.n;
      const cards = [...el.querySelectorAll(".card")];
      const had = before.melds.has(key) ? before.melds.get(key) : 0;
      if (newDeal || cards.length <= had) continue;
      const from = seatRect(view, before.actor);
      (had ? cards.slice(had) : cards).forEach((c, i) =>
        flyFrom(c, from, "tp-meld", { delay: i * 40, duration: 320, fade: true }));
    }
    const pile = root.querySelector(".discard-pile");
    if (!newDeal && before.pile && before.pile.count > 0 && pile &&
        pile.querySelectorAll(".card").length === 0) {
      ghostTo(before.pile.el, before.pile.rect, seatRect(view, before.actor), "tp-pickup");
    }
  }

  /* ---- the hooks into the table view ---- */
  const P = TP.TableView.prototype;
  const render = P.render;
  P.render = function () {
    const first = this.lastShownDeal === undefined;
    let before = null;
    if (this.msg && !first && !this.opts.readonly && motionOn()) {
      try { before = snapshot(this); } catch (e) { before = null; }
    }
    const actor = document.body.dataset.toAct || ""; // the seat that just moved, if any
    render.call(this);
    if (!this.msg) return;
    const dn = this.dealNumber ? this.dealNumber() : null;
    const tricks = this.view.tricks || [];
    const handCount = this.root.querySelectorAll(".hand .card").length;
    if (before) {
      try { animate(this, before); } catch (e) { /* motion is never worth an error */ }
    }
    if (!first && !this.opts.readonly && this.me && dn === this.lastShownDeal) {
      // your card (played, discarded or laid down), a trick won by your side
      if (handCount < this.lastShownHand && actor === this.me) sound("card");
      if (tricks.length > this.lastShownTricks) {
        const w = tricks[tricks.length - 1].winner;
        if (w === this.me || (w && this.teamOf(w) === this.teamOf(this.me))) sound("trick");
      }
    }
    this.lastShownDeal = dn;
    this.lastShownTricks = tricks.length;
    this.lastShownHand = handCount;
  };
  const addChat = P.addChat;
  P.addChat = function (m) {
    addChat.call(this, m);
    if (m && !(this.me && m.seat === this.me)) sound("chat"); // not your own line
  };

  applyMotionSetting();
  if (window.matchMedia) {
    const mq = matchMedia("(prefers-reduced-motion: reduce)");
    if (mq.addEventListener) mq.addEventListener("change", applyMotionSetting);
  }
  Object.assign(TP, { motionOn, soundOn, sound, soundLog, applyMotionSetting,
    beep: () => sound("turn") });
})();
