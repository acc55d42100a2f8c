/* trapoula: the fair-deal check (docs/web.md, "Fair dealing").
   The seed: the server shows H(S) first; this page draws 32 random bytes r, sends H(r) when it
   creates or joins a table (TP.fairValue) and r once every seat's commitment is shown; when the
   match ends the server reveals S and every r: the page checks H(S), each H(r_i) = c_i, that
   its own r is there, and the seed H(S ‖ r_1 ‖ …).
   The deals: when a deal starts the server shows its commitment (SHA-256 of pack + salt); when
   the match ends it reveals every pack and salt. The page keeps the commitment it saw first and
   the hand it was dealt, and checks: SHA-256(pack + salt) is that commitment, the salt is
   HMAC(seed) and the pack gives this seat that hand.
   Result on <body data-fair="ok:1,2" or "bad:3" or "fail:reveal"> and data-fair-chain
   ("ok", "bad", "wait", "fail"), and a line per check in the room bar. */
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
    const bytes = typeof text === "string" ? new TextEncoder().encode(text) : text;
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
  const hexBytes = (hex) => new Uint8Array((hex.match(/../g) || []).map((b) => parseInt(b, 16)));
  const bytesHex = (b) => Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
  const isHex32 = (x) => typeof x === "string" && /^[0-9a-f]{64}$/.test(x);
  /* SHA-256 of the bytes written in hex */
  const hh = (hex) => sha256(hexBytes(hex));
  /* HMAC-SHA-256(key, message), both strings (UTF-8), lower-case hex */
  function hmac(key, message) {
    let k = new TextEncoder().encode(key);
    if (k.length > 64) k = hexBytes(sha256(k));
    const pad = (x) => { const b = new Uint8Array(64); for (let i = 0; i < 64; i++) b[i] = (k[i] || 0) ^ x; return b; };
    const msg = new TextEncoder().encode(message);
    const inner = new Uint8Array(64 + msg.length);
    inner.set(pad(0x36)); inner.set(msg, 64);
    const outer = new Uint8Array(96);
    outer.set(pad(0x5c)); outer.set(hexBytes(sha256(inner)), 64);
    return sha256(outer);
  }
  /* This seat's value for a table's seed: 32 random bytes and their commitment. */
  function fairValue() {
    const r = new Uint8Array(32);
    crypto.getRandomValues(r);
    const value = bytesHex(r);
    return { value: value, commit: hh(value) };
  }
  /* The match seed: the first 8 bytes of H(S ‖ r_1 ‖ …), big-endian, >> 2 (a decimal string) */
  function seedOf(secret, values) {
    const digest = hh(secret + values.join(""));
    return (BigInt("0x" + digest.slice(0, 16)) >> 2n).toString();
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
    server: ["seed: the server committed {hash}…", "σπόρος: ο διακομιστής δεσμεύτηκε {hash}…",
      "зерно: сервер зафиксировал {hash}…", "seme: il server si è impegnato {hash}…"],
    wait: ["seed: waiting for every seat's random value…",
      "σπόρος: αναμονή για την τυχαία τιμή κάθε θέσης…",
      "зерно: ждём случайное значение каждого места…",
      "seme: in attesa del valore casuale di ogni posto…"],
    chain_ok: ["seed: checked ✓ (the server and {n} seat(s))",
      "σπόρος: ελέγχθηκε ✓ (ο διακομιστής και {n} θέση/εις)",
      "зерно: проверено ✓ (сервер и мест: {n})", "seme: verificato ✓ (il server e {n} posto/i)"],
    server_only: ["seed: the server's value only (no seat sent one)",
      "σπόρος: μόνο η τιμή του διακομιστή (καμία θέση δεν έστειλε)",
      "зерно: только значение сервера (места не прислали своих)",
      "seme: solo il valore del server (nessun posto ne ha inviato)"],
    chain_bad: ["seed: does NOT match ✗", "σπόρος: ΔΕΝ ταιριάζει ✗", "зерно: НЕ совпадает ✗",
      "seme: NON corrisponde ✗"],
    withheld: ["seed: {seats} did not send a value in time (a public one stands for it)",
      "σπόρος: {seats} δεν έστειλε τιμή εγκαίρως (τη θέση της παίρνει μια δημόσια)",
      "зерно: {seats} не прислал значение вовремя (вместо него открытое)",
      "seme: {seats} non ha inviato il valore in tempo (lo sostituisce uno pubblico)"],
    no_reveal: ["the server did not reveal the deals and the seed ✗",
      "ο διακομιστής δεν αποκάλυψε τα μοιράσματα και τον σπόρο ✗",
      "сервер не раскрыл раздачи и зерно ✗", "il server non ha rivelato le mani e il seme ✗"],
    chain_late: ["the server did not fix the seed in time ✗",
      "ο διακομιστής δεν όρισε τον σπόρο εγκαίρως ✗",
      "сервер не зафиксировал зерно вовремя ✗", "il server non ha fissato il seme in tempo ✗"],
  };
  function ft(key, args) {
    const row = TEXTS[key];
    const text = row[Math.max(0, ["en", "el", "ru", "it"].indexOf(TP.getLang()))] || row[0];
    return text.replace(/\{(\w+)\}/g, (m, k) => (k in args ? String(args[k]) : m));
  }

  const REVEAL_GRACE_MS = 5000; // the match is over: the reveal is due within this
  const CHAIN_LATE_MS = 120000; // the seats' values asked for: the seed is due within this

  class FairDeal {
    /* opts: send(message) to the server, mine() -> this table's saved entry ({fair, seen}),
       remember(entry) saves into it: what the page saw first survives a reload */
    constructor(root, opts) {
      this.opts = opts || {};
      const mine = this.opts.mine ? this.opts.mine() : null;
      const seen = (mine && mine.seen) || {};
      this.commits = Object.assign({}, seen.deals || {}); // deal -> the commitment seen first
      this.hands = {}; // deal -> this seat's hand when the deal started (seen by this page)
      this.results = {}; // deal -> true / false
      this.lastDeal = null;
      this.server = seen.server || null; // H(S) as first seen
      this.shown = seen.commits || null; // the seats' commitments as first shown
      this.chain = null; // null (not checked yet), "ok", "bad", "fail"
      this.failure = null; // "no_reveal" / "chain_late"
      this.sent = 0; // when this page last sent its value
      this.timer = null;
      this.el = TP.h("details", { class: "fair-deal" });
      root.append(this.el);
    }

    onState(msg) {
      const f = msg.fair;
      if (!f) return;
      this.msg = msg;
      const n = f.deal;
      const c = f.chain;
      if (c && c.server && this.server === null) this.server = c.server;
      if (c && c.commits && this.shown === null) this.shown = c.commits;
      if (c && c.phase === "reveal") this.sendValue(msg, c);
      if (c && c.phase !== "fixed" && !this.waitSince) this.waitSince = Date.now();
      if (c && c.phase === "fixed") this.waitSince = null;
      if (f.commit && !(n in this.commits)) this.commits[n] = f.commit;
      this.remember();
      const started = n > 0 && (msg.seq === 0 || (this.lastDeal !== null && n > this.lastDeal));
      if (started && msg.you && msg.view && msg.view.hand && !(n in this.hands)) {
        this.hands[n] = { seat: msg.you, cards: msg.view.hand.slice().sort() };
      }
      if (n > 0) this.lastDeal = n;
      for (const r of f.revealed || []) {
        if (r.deal in this.results) continue;
        this.results[r.deal] = this.check(r);
      }
      if (c && c.secret && this.chain === null) this.chain = this.checkChain(c, msg.you) ? "ok" : "bad";
      this.watch(msg);
      this.render(msg);
    }

    /* what this page saw first, kept with the table's entry in localStorage */
    remember() {
      if (!this.opts.remember) return;
      const key = JSON.stringify([this.server, this.shown, Object.keys(this.commits).length]);
      if (key === this.remembered) return;
      this.remembered = key;
      this.opts.remember({ seen: { server: this.server, commits: this.shown, deals: this.commits } });
    }

    /* This seat's value, once every commitment is shown (again after a while if not taken). */
    sendValue(msg, c) {
      const me = msg.you;
      if (!me || !c.commits || !(me in c.commits) || (c.revealed_seats || []).includes(me)) return;
      const mine = this.opts.mine ? this.opts.mine() : null;
      if (!mine || !isHex32(mine.fair) || hh(mine.fair) !== c.commits[me]) return;
      if (Date.now() - this.sent < 3000 || !this.opts.send) return;
      this.sent = Date.now();
      this.opts.send({ type: "reveal", value: mine.fair });
    }

    /* A reveal that does not come: the match is over without it, or the seed is not fixed
       long after the values were asked for. */
    watch(msg) {
      if (this.timer) { clearTimeout(this.timer); this.timer = null; }
      const f = msg.fair;
      if (msg.over && f.chain !== undefined && !this.complete(msg)) {
        this.timer = setTimeout(() => {
          if (this.msg && !this.complete(this.msg)) { this.failure = "no_reveal"; this.render(this.msg); }
        }, REVEAL_GRACE_MS);
      } else if (!msg.over && f.chain && f.chain.phase !== "fixed" && this.waitSince) {
        const left = this.waitSince + CHAIN_LATE_MS - Date.now();
        this.timer = setTimeout(() => {
          const c = this.msg && this.msg.fair && this.msg.fair.chain;
          if (c && c.phase !== "fixed") { this.failure = "chain_late"; this.render(this.msg); }
        }, Math.max(0, left));
      }
      if (msg.over && this.complete(msg) && this.failure === "no_reveal") this.failure = null;
    }

    /* every deal seen is revealed, and the chain too (a table with one) */
    complete(msg) {
      const f = msg.fair;
      const got = new Set((f.revealed || []).map((r) => r.deal));
      for (let d = 1; d <= (this.lastDeal || 0); d++) if (!got.has(d)) return false;
      if (!got.size) return false;
      return !f.chain || Boolean(f.chain.secret);
    }

    checkChain(c, me) {
      try {
        if (!isHex32(c.secret) || hh(c.secret) !== c.server) return false;
        if (this.server !== null && this.server !== c.server) return false;
        // the commitments are the ones shown when the values were asked for
        if (this.shown !== null && JSON.stringify(this.shown) !== JSON.stringify(c.commits || {})) return false;
        const values = [];
        for (const seat of Object.keys(c.commits || {})) {
          const commit = c.commits[seat];
          const r = (c.reveals || {})[seat];
          if (r === undefined) {
            if (!(c.withheld || []).includes(seat)) return false;
            values.push(hh(commit));
          } else {
            if (!isHex32(r) || hh(r) !== commit) return false;
            values.push(r);
          }
        }
        const mine = this.opts.mine ? this.opts.mine() : null;
        if (me && mine && isHex32(mine.fair) && (c.commits || {})[me] === hh(mine.fair)
            && (c.reveals || {})[me] !== mine.fair && this.sent) return false; // ours dropped
        const seed = seedOf(c.secret, values);
        if (Number(BigInt(seed)) !== c.seed) return false;
        this.seed = seed;
        // every deal's salt is HMAC(seed): the deals were fixed from this seed's secret
        for (const r of (this.msg.fair.revealed || [])) {
          const salt = hmac(seed, "trapoula-salt/" + this.msg.table.id + "/" + r.deal).slice(0, 32);
          if (salt !== r.salt) return false;
        }
        return true;
      } catch (e) {
        return false;
      }
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
      const f = msg.fair;
      const c = f.chain;
      const body = document.body.dataset;
      body.fair = this.failure === "no_reveal" ? "fail:reveal" : bad.length ? "bad:" + bad.join(",") :
        "ok:" + deals.join(",");
      body.fairChain = this.failure ? "fail" : this.chain || (c && c.phase !== "fixed" ? "wait" : "");
      const open = this.el.open;
      this.el.textContent = "";
      const wrong = bad.length || this.failure || this.chain === "bad";
      const head = ft("fair", {}) + (wrong ? " ✗" : deals.length ? " ✓" : "");
      this.el.append(TP.h("summary", { text: head }));
      const settings = (msg.table || {}).settings || {};
      if (settings.seed_chosen) this.el.append(TP.h("div", { class: "muted", text: ft("chosen", {}) }));
      const line = (cls, key, args) => this.el.append(TP.h("div", { class: cls, text: ft(key, args || {}) }));
      if (c) {
        line("fair-server", "server", { hash: (c.server || "").slice(0, 16) });
        if (c.phase !== "fixed") line("fair-wait muted", "wait");
        if ((c.withheld || []).length) line("fair-withheld", "withheld", { seats: c.withheld.join(", ") });
        if (this.chain === "ok") {
          const k = Object.keys(c.commits || {}).length;
          line("fair-ok fair-chain", k ? "chain_ok" : "server_only", { n: k });
        } else if (this.chain === "bad") line("fair-bad fair-chain", "chain_bad");
      }
      if (this.failure) line("fair-bad fair-fail", this.failure);
      if (f.commit) {
        this.el.append(TP.h("div", { class: "fair-commit", text: ft("committed", { n: f.deal, hash: f.commit.slice(0, 16) }) }));
      }
      for (const d of deals.slice(-5)) {
        this.el.append(TP.h("div", { class: this.results[d] ? "fair-ok" : "fair-bad",
          dataset: { deal: String(d) }, text: ft(this.results[d] ? "ok" : "bad", { n: d }) }));
      }
      if (wrong) this.el.open = true;
      else this.el.open = open;
    }
  }

  Object.assign(TP, { FairDeal, sha256, hmac, fairValue, seedOf, fairTexts: TEXTS });
})();
