/* trapoula: the fair-deal check. When a deal starts the server shows its commitment
   (SHA-256 of pack + salt); when it ends it reveals the pack and the salt. The page keeps the
   commitment it saw first and the hand it was dealt, and checks: SHA-256(pack + salt) is that
   commitment, and the pack gives this seat that hand (docs/web.md, "Fair dealing").
   Result on <body data-fair="ok:1,2" or "bad:3">, and a line per deal in the room bar. */
"use strict";
(function () {
  const TP = window.TP;

  /* SHA-256 of a string's UTF-8 bytes, lower-case hex (FIPS 180-4). Pure JS: crypto.subtle
     exists only on https:// and localhost pages. */
  const K = new Uint32Array([
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2]);
  function sha256(text) {
    const bytes = new TextEncoder().encode(text);
    const n = bytes.length;
    const blocks = Math.ceil((n + 9) / 64);
    const data = new Uint8Array(blocks * 64);
    data.set(bytes);
    data[n] = 0x80;
    const view = new DataView(data.buffer);
    view.setUint32(data.length - 8, Math.floor(n / 0x20000000));
    view.setUint32(data.length - 4, (n * 8) >>> 0);
    const H = new Uint32Array([0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
      0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19]);
    const W = new Uint32Array(64);
    const rot = (x, r) => (x >>> r) | (x << (32 - r));
    for (let b = 0; b < blocks; b++) {
      for (let i = 0; i < 16; i++) W[i] = view.getUint32(b * 64 + i * 4);
      for (let i = 16; i < 64; i++) {
        const s0 = rot(W[i - 15], 7) ^ rot(W[i - 15], 18) ^ (W[i - 15] >>> 3);
        const s1 = rot(W[i - 2], 17) ^ rot(W[i - 2], 19) ^ (W[i - 2] >>> 10);
        W[i] = (W[i - 16] + s0 + W[i - 7] + s1) >>> 0;
      }
      let [a, bb, c, d, e, f, g, hh] = H;
      for (let i = 0; i < 64; i++) {
        const t1 = (hh + (rot(e, 6) ^ rot(e, 11) ^ rot(e, 25)) + ((e & f) ^ (~e & g)) + K[i] + W[i]) >>> 0;
        const t2 = ((rot(a, 2) ^ rot(a, 13) ^ rot(a, 22)) + ((a & bb) ^ (a & c) ^ (bb & c))) >>> 0;
        hh = g; g = f; f = e; e = (d + t1) >>> 0; d = c; c = bb; bb = a; a = (t1 + t2) >>> 0;
      }
      const add = [a, bb, c, d, e, f, g, hh];
      for (let i = 0; i < 8; i++) H[i] = (H[i] + add[i]) >>> 0;
    }
    return Array.from(H, (x) => x.toString(16).padStart(8, "0")).join("");
  }

  const TEXTS = {
    fair: ["Fair deal", "Δίκαιο μοίρασμα", "Честная раздача", "Mano regolare"],
    committed: ["deal {n} committed: {hash}…", "μοίρασμα {n} δεσμευμένο: {hash}…",
      "раздача {n} зафиксирована: {hash}…", "mano {n} impegnata: {hash}…"],
    ok: ["deal {n}: checked ✓", "μοίρασμα {n}: ελέγχθηκε ✓", "раздача {n}: проверено ✓",
      "mano {n}: verificata ✓"],
    bad: ["deal {n}: does NOT match ✗", "μοίρασμα {n}: ΔΕΝ ταιριάζει ✗",
      "раздача {n}: НЕ совпадает ✗", "mano {n}: NON corrisponde ✗"],
    chosen: ["the creator chose the seed", "ο δημιουργός διάλεξε τον σπόρο",
      "создатель выбрал зерно", "il creatore ha scelto il seme"],
  };
  function ft(key, args) {
    const row = TEXTS[key];
    const text = row[Math.max(0, ["en", "el", "ru", "it"].indexOf(TP.getLang()))] || row[0];
    return text.replace(/\{(\w+)\}/g, (m, k) => (k in args ? String(args[k]) : m));
  }

  class FairDeal {
    constructor(root) {
      this.commits = {}; // deal -> the commitment seen first
      this.hands = {}; // deal -> this seat's hand when the deal started (seen by this page)
      this.results = {}; // deal -> true / false
      this.lastDeal = null;
      this.el = TP.h("details", { class: "fair-deal" });
      root.append(this.el);
    }

    onState(msg) {
      const f = msg.fair;
      if (!f) return;
      const n = f.deal;
      if (f.commit && !(n in this.commits)) this.commits[n] = f.commit;
      const started = msg.seq === 0 || (this.lastDeal !== null && n > this.lastDeal);
      if (started && msg.you && msg.view && msg.view.hand && !(n in this.hands)) {
        this.hands[n] = { seat: msg.you, cards: msg.view.hand.slice().sort() };
      }
      this.lastDeal = n;
      for (const r of f.revealed || []) {
        if (r.deal in this.results) continue;
        this.results[r.deal] = this.check(r);
      }
      this.render(msg);
    }

    check(r) {
      if (sha256(r.pack + r.salt) !== r.commit) return false;
      const seen = this.commits[r.deal];
      if (seen !== undefined && seen !== r.commit) return false;
      const hand = this.hands[r.deal];
      if (hand) {
        const m = new RegExp("(?:^| )" + hand.seat + "=([^ ]*)").exec(r.pack);
        const cards = m && m[1] ? m[1].split(",").sort() : [];
        if (cards.join(",") !== hand.cards.join(",")) return false;
      }
      return true;
    }

    render(msg) {
      const deals = Object.keys(this.results).map(Number).sort((a, b) => a - b);
      const bad = deals.filter((d) => !this.results[d]);
      document.body.dataset.fair = bad.length ? "bad:" + bad.join(",") : "ok:" + deals.join(",");
      const open = this.el.open;
      this.el.textContent = "";
      const f = msg.fair;
      const head = ft("fair", {}) + (bad.length ? " ✗" : deals.length ? " ✓" : "");
      this.el.append(TP.h("summary", { text: head }));
      const settings = (msg.table || {}).settings || {};
      if (settings.seed_chosen) this.el.append(TP.h("div", { class: "muted", text: ft("chosen", {}) }));
      if (f.commit) {
        this.el.append(TP.h("div", { class: "fair-commit", text: ft("committed", { n: f.deal, hash: f.commit.slice(0, 16) }) }));
      }
      for (const d of deals.slice(-5)) {
        this.el.append(TP.h("div", { class: this.results[d] ? "fair-ok" : "fair-bad",
          dataset: { deal: String(d) }, text: ft(this.results[d] ? "ok" : "bad", { n: d }) }));
      }
      this.el.open = open;
    }
  }

  Object.assign(TP, { FairDeal, sha256, fairTexts: TEXTS });
})();
