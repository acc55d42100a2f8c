/* trapoula: the fair-deal check (docs/web.md, "Fair dealing").
   The seed: the server shows H(S) first; this page draws 32 random bytes r, sends H(r) when it
   creates or joins a table (TP.fairValue) and r once every seat's commitment is shown; when the
   match ends the server reveals S and every r: the page checks H(S), each H(r_i) = c_i, that
   its own r is there, and the seed H(S ‖ r_1 ‖ …).
   The deals: when a deal starts the server shows its commitment (SHA-256 of pack + salt); when
   the match ends it reveals every pack and salt. The page keeps the commitment it saw first and
   the hand it was dealt, and checks: SHA-256(pack + salt) is that commitment, the salt is
   HMAC(seed), the pack names the deal seed derive_seed(seed, n) (the engine's, reimplemented:
   Python's random seeded with a string) and gives this seat that hand.
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
  /* SHA-512 (FIPS 180-4) of bytes, as bytes: BigInt words (a few calls a match). */
  const K512 = [
    "428a2f98d728ae22", "7137449123ef65cd", "b5c0fbcfec4d3b2f", "e9b5dba58189dbbc", "3956c25bf348b538",
    "59f111f1b605d019", "923f82a4af194f9b", "ab1c5ed5da6d8118", "d807aa98a3030242", "12835b0145706fbe",
    "243185be4ee4b28c", "550c7dc3d5ffb4e2", "72be5d74f27b896f", "80deb1fe3b1696b1", "9bdc06a725c71235",
    "c19bf174cf692694", "e49b69c19ef14ad2", "efbe4786384f25e3", "0fc19dc68b8cd5b5", "240ca1cc77ac9c65",
    "2de92c6f592b0275", "4a7484aa6ea6e483", "5cb0a9dcbd41fbd4", "76f988da831153b5", "983e5152ee66dfab",
    "a831c66d2db43210", "b00327c898fb213f", "bf597fc7beef0ee4", "c6e00bf33da88fc2", "d5a79147930aa725",
    "06ca6351e003826f", "142929670a0e6e70", "27b70a8546d22ffc", "2e1b21385c26c926", "4d2c6dfc5ac42aed",
    "53380d139d95b3df", "650a73548baf63de", "766a0abb3c77b2a8", "81c2c92e47edaee6", "92722c851482353b",
    "a2bfe8a14cf10364", "a81a664bbc423001", "c24b8b70d0f89791", "c76c51a30654be30", "d192e819d6ef5218",
    "d69906245565a910", "f40e35855771202a", "106aa07032bbd1b8", "19a4c116b8d2d0c8", "1e376c085141ab53",
    "2748774cdf8eeb99", "34b0bcb5e19b48a8", "391c0cb3c5c95a63", "4ed8aa4ae3418acb", "5b9cca4f7763e373",
    "682e6ff3d6b2b8a3", "748f82ee5defb2fc", "78a5636f43172f60", "84c87814a1f0ab72", "8cc702081a6439ec",
    "90befffa23631e28", "a4506cebde82bde9", "bef9a3f7b2c67915", "c67178f2e372532b", "ca273eceea26619c",
    "d186b8c721c0c207", "eada7dd6cde0eb1e", "f57d4f7fee6ed178", "06f067aa72176fba", "0a637dc5a2c898a6",
    "113f9804bef90dae", "1b710b35131c471b", "28db77f523047d84", "32caab7b40c72493", "3c9ebe0a15c9bebc",
    "431d67c49c100d4c", "4cc5d4becb3e42b6", "597f299cfc657e2a", "5fcb6fab3ad6faec", "6c44198c4a475817",
  ].map((x) => BigInt("0x" + x));
  function sha512(bytes) {
    const M = (1n << 64n) - 1n;
    const rot = (x, r) => ((x >> BigInt(r)) | (x << BigInt(64 - r))) & M;
    const n = bytes.length;
    const blocks = Math.ceil((n + 17) / 128);
    const data = new Uint8Array(blocks * 128);
    data.set(bytes);
    data[n] = 0x80;
    const bits = BigInt(n) * 8n;
    for (let i = 0; i < 16; i++) data[data.length - 1 - i] = Number((bits >> BigInt(8 * i)) & 255n);
    const H = ["6a09e667f3bcc908", "bb67ae8584caa73b", "3c6ef372fe94f82b", "a54ff53a5f1d36f1",
      "510e527fade682d1", "9b05688c2b3e6c1f", "1f83d9abfb41bd6b", "5be0cd19137e2179"].map((x) => BigInt("0x" + x));
    const W = new Array(80);
    for (let b = 0; b < blocks; b++) {
      for (let i = 0; i < 16; i++) {
        let w = 0n;
        for (let j = 0; j < 8; j++) w = (w << 8n) | BigInt(data[b * 128 + i * 8 + j]);
        W[i] = w;
      }
      for (let i = 16; i < 80; i++) {
        const s0 = rot(W[i - 15], 1) ^ rot(W[i - 15], 8) ^ (W[i - 15] >> 7n);
        const s1 = rot(W[i - 2], 19) ^ rot(W[i - 2], 61) ^ (W[i - 2] >> 6n);
        W[i] = (W[i - 16] + s0 + W[i - 7] + s1) & M;
      }
      let [a, bb, c, d, e, f, g, hh] = H;
      for (let i = 0; i < 80; i++) {
        const t1 = (hh + (rot(e, 14) ^ rot(e, 18) ^ rot(e, 41)) + ((e & f) ^ (~e & M & g)) + K512[i] + W[i]) & M;
        const t2 = ((rot(a, 28) ^ rot(a, 34) ^ rot(a, 39)) + ((a & bb) ^ (a & c) ^ (bb & c))) & M;
        hh = g; g = f; f = e; e = (d + t1) & M; d = c; c = bb; bb = a; a = (t1 + t2) & M;
      }
      const add = [a, bb, c, d, e, f, g, hh];
      for (let i = 0; i < 8; i++) H[i] = (H[i] + add[i]) & M;
    }
    const out = new Uint8Array(64);
    for (let i = 0; i < 8; i++) for (let j = 0; j < 8; j++) out[i * 8 + j] = Number((H[i] >> BigInt(56 - 8 * j)) & 255n);
    return out;
  }

  /* The engine's derive_seed(seed, n) (trapoula/core/game.py): Python's
     random.Random("<seed>/<n>").getrandbits(62) — a string seed is its UTF-8 bytes followed by
     their SHA-512, read as one big-endian number, fed to MT19937's init_by_array as 32-bit
     words from the least significant; 62 bits are two outputs, the second's top 30 above. */
  function deriveSeed(seed, n) {
    const text = new TextEncoder().encode(String(seed) + "/" + String(n));
    const all = new Uint8Array(text.length + 64);
    all.set(text); all.set(sha512(text), text.length);
    let i0 = 0;
    while (i0 < all.length - 1 && all[i0] === 0) i0++;
    const key = [];
    for (let end = all.length; end > i0; end -= 4) { // 32-bit words, least significant first
      let w = 0;
      for (let j = Math.max(i0, end - 4); j < end; j++) w = (w * 256 + all[j]) >>> 0;
      key.push(w >>> 0);
    }
    const mt = new Uint32Array(624);
    mt[0] = 19650218;
    for (let i = 1; i < 624; i++) {
      mt[i] = (Math.imul(1812433253, mt[i - 1] ^ (mt[i - 1] >>> 30)) + i) >>> 0;
    }
    let i = 1; let j = 0;
    for (let k = Math.max(624, key.length); k; k--) {
      mt[i] = ((mt[i] ^ Math.imul(mt[i - 1] ^ (mt[i - 1] >>> 30), 1664525)) + key[j] + j) >>> 0;
      i++; j++;
      if (i >= 624) { mt[0] = mt[623]; i = 1; }
      if (j >= key.length) j = 0;
    }
    for (let k = 623; k; k--) {
      mt[i] = ((mt[i] ^ Math.imul(mt[i - 1] ^ (mt[i - 1] >>> 30), 1566083941)) - i) >>> 0;
      i++;
      if (i >= 624) { mt[0] = mt[623]; i = 1; }
    }
    mt[0] = 0x80000000;
    let idx = 624;
    function next() {
      if (idx >= 624) {
        for (let k = 0; k < 624; k++) {
          const y = (mt[k] & 0x80000000) | (mt[(k + 1) % 624] & 0x7fffffff);
          mt[k] = mt[(k + 397) % 624] ^ (y >>> 1) ^ (y & 1 ? 0x9908b0df : 0);
        }
        idx = 0;
      }
      let y = mt[idx++];
      y ^= y >>> 11;
      y = (y ^ ((y << 7) & 0x9d2c5680)) >>> 0;
      y = (y ^ ((y << 15) & 0xefc60000)) >>> 0;
      y ^= y >>> 18;
      return y >>> 0;
    }
    const low = BigInt(next());
    const high = BigInt(next() >>> 2);
    return ((high << 32n) | low).toString();
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
        // every deal's pack names the deal seed the engine derives from this seed, and its
        // salt is HMAC(seed): the deals were fixed from this seed
        for (const r of (this.msg.fair.revealed || [])) {
          const salt = hmac(seed, "trapoula-salt/" + this.msg.table.id + "/" + r.deal).slice(0, 32);
          if (salt !== r.salt) return false;
          const named = / deal \d+ seed (\d+) /.exec(r.pack);
          if (!named || named[1] !== deriveSeed(seed, r.deal)) return false;
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

  Object.assign(TP, { FairDeal, sha256, sha512, hmac, deriveSeed, fairValue, seedOf, fairTexts: TEXTS });
})();
