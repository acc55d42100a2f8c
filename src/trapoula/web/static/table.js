/* trapoula: the table view. Renders one `state` message (see docs/web.md) and turns clicks,
   drags and buttons into action texts taken from `legal` (never invented by the page).
   Used live (app.js) and by the replay viewer (replay.js, read-only). */
"use strict";
(function () {
  const TP = window.TP;
  const h = (...a) => TP.h(...a);
  const t = (k, a) => TP.t(k, a);

  const TEAM_GAMES_4 = { bourloto: true, burraco: true };

  /* ---- reading legal actions ---- */
  function parseAction(text) {
    const parts = String(text).trim().split(/\s+/);
    const kind = parts[0];
    const a = { text: text, kind: kind, cards: [], extras: [], n: null, suit: null };
    if (kind === "play") {
      a.cards = [parts[1]];
      a.extras = parts.slice(2);
    } else if (kind === "add") {
      a.n = parseInt(parts[1], 10);
      a.cards = parts.slice(2);
    } else if (kind === "draw" || kind === "meld" || kind === "discard") {
      a.cards = parts.slice(1);
    } else if (kind === "name") {
      a.suit = parts[1];
    } else {
      a.extras = parts.slice(1);
    }
    a.cards = a.cards.map((c) => { const p = TP.parseCard(c); return p ? p.text : c; });
    a.key = a.cards.slice().sort().join(" ");
    return a;
  }

  /* ---- ordering a hand ---- */
  const SUIT_ORDER = [0, 1, 3, 2]; // S H C D: colours alternate
  const BOURLOTO_PLAIN = [14, 10, 13, 12, 11, 9, 8, 7];
  const BOURLOTO_TRUMP = [11, 9, 14, 10, 13, 12, 8, 7];
  function sortHand(cards, game, trump, byRank) {
    const ti = trump == null ? -1 : TP.suitIndex(trump);
    const key = (text) => {
      const c = TP.parseCard(text);
      if (!c || c.rank === null) return [9, 99, 0];
      let suitPos = SUIT_ORDER.indexOf(c.suit);
      if (c.suit === ti) suitPos = -1;
      let rankPos;
      if (game === "bourloto") {
        rankPos = (c.suit === ti ? BOURLOTO_TRUMP : BOURLOTO_PLAIN).indexOf(c.rank);
      } else if (game === "burraco") {
        rankPos = c.rank;
      } else {
        rankPos = 14 - c.rank;
      }
      return byRank ? [0, rankPos, suitPos] : [suitPos, rankPos, 0];
    };
    return cards
      .map((c, i) => ({ c: c, i: i, k: key(c) }))
      .sort((x, y) => x.k[0] - y.k[0] || x.k[1] - y.k[1] || x.k[2] - y.k[2] || x.i - y.i)
      .map((x) => x.c);
  }

  function cardText(c) { const p = TP.parseCard(c); return p ? p.text : String(c); }

  class TableView {
    /** root: element to render into; opts: {send(action), readonly, onChat(text)} */
    constructor(root, opts) {
      this.root = root;
      this.opts = opts || {};
      this.msg = null;
      this.selected = new Set(); // indexes into the sorted hand
      this.variants = null; // play actions waiting for a choice (e.g. "play KH bourlot")
      this.pending = false;
      this.sortByRank = false;
      this.tab = "score";
      this.chat = [];
      this.lastDealNumber = null;
      this.unread = 0;
      this.trickHold = null; // a finished trick kept on the felt long enough to read
      this.showLast = false; // the "last trick" view is open
      this.lastTrickCount = null;
      this.scorecard = TP.ScoreCard ? new TP.ScoreCard(this) : null;
      this.build();
    }

    build() {
      this.root.textContent = "";
      this.topbar = h("div", { class: "topbar" });
      this.felt = h("div", { class: "felt", dataset: { drop: "table" } });
      this.prompt = h("div", { class: "prompt", role: "status" });
      this.actions = h("div", { class: "actions" });
      this.hand = h("div", { class: "hand", "aria-label": t("your_hand") });
      this.banner = h("div", { class: "banner hidden" });
      this.sidePanels = {
        score: h("div", { class: "panel score-panel" }),
        moves: h("div", { class: "panel moves-panel" }),
        chat: h("div", { class: "panel chat-panel" }),
      };
      this.tabs = h("div", { class: "tabs", role: "tablist" });
      this.chatList = h("div", { class: "chat-list" });
      this.chatInput = h("input", { type: "text", maxlength: "300", class: "chat-input",
        placeholder: t("chat_placeholder"), "aria-label": t("chat") });
      const chatForm = h("form", { class: "chat-form", onsubmit: (e) => {
        e.preventDefault();
        const text = this.chatInput.value.trim();
        if (text && this.opts.onChat) this.opts.onChat(text);
        this.chatInput.value = "";
      } }, this.chatInput, h("button", { type: "submit", class: "btn", text: t("send") }));
      this.sidePanels.chat.append(this.chatList, chatForm);
      const board = h("section", { class: "board" },
        this.felt, this.banner, this.prompt, this.actions, this.hand);
      this.board = board;
      const side = h("aside", { class: "side" }, this.tabs,
        this.sidePanels.score, this.sidePanels.moves, this.sidePanels.chat);
      this.root.append(h("div", { class: "table-page" }, this.topbar,
        h("div", { class: "table-main" }, board, side)));
      this.renderTabs();
    }

    renderTabs() {
      this.tabs.textContent = "";
      const names = this.opts.readonly ? ["score", "moves"] : ["score", "moves", "chat"];
      for (const name of names) {
        const label = { score: t("score"), moves: t("moves"), chat: t("chat") }[name];
        if (name === "chat" && this.tab === "chat") this.unread = 0;
        const badge = name === "chat" && this.unread ? h("span", { class: "badge-unread",
          "aria-label": t("unread", { n: this.unread }), text: String(this.unread) }) : null;
        this.tabs.append(h("button", { class: "tab" + (this.tab === name ? " active" : ""),
          role: "tab", "aria-selected": String(this.tab === name), dataset: { tab: name },
          onclick: () => { this.tab = name; this.renderTabs();
            if (name === "moves") this.scrollMoves(); } }, label, badge));
        this.sidePanels[name].classList.toggle("active", this.tab === name);
      }
      if (this.opts.readonly) this.sidePanels.chat.classList.remove("active");
    }

    /* ---- inputs ---- */
    setState(msg) {
      const prevSeq = this.msg ? this.msg.seq : null;
      this.msg = msg;
      this.pending = false;
      if (prevSeq !== msg.seq) {
        this.selected.clear();
        this.variants = null;
      }
      const dn = this.dealNumber();
      const wasOver = this.wasOver;
      this.wasOver = !!msg.over;
      if (this.scorecard) this.scorecard.tick();
      const ended = (this.lastDealNumber !== null && dn !== null && dn > this.lastDealNumber) ||
        (msg.over && wasOver === false);
      if (ended) {
        if (!this.scorecard) {
          TP.toast(t("deal_over", { n: msg.over ? dn : this.lastDealNumber }) + " · " +
            this.lastDealLine());
        }
        this.trickHold = null;
        if (this.scorecard) this.scorecard.dealEnded(msg.over);
      } else if (this.scorecard && !this.scorecard.deals.length && dn > 1 && prevSeq === null) {
        this.scorecard.load(); // a page opened mid-match: the sheet of the deals before
      }
      if (msg.over && prevSeq === null && this.scorecard) this.scorecard.load();
      this.noteTrick(dn);
      this.lastDealNumber = dn;
      this.render();
      this.signal(prevSeq);
    }

    /** A trick just completed: keep it on the felt for a while, even when the next lead is
        played at once (bots), so that it can be read. */
    noteTrick(dn) {
      const tricks = this.view.tricks || [];
      const key = dn + ":" + tricks.length;
      if (!this.opts.readonly && this.lastTrickCount !== null && key !== this.lastTrickCount &&
          tricks.length &&
          String(this.lastTrickCount).split(":")[0] === String(dn)) {
        const hold = TP.reducedMotion() ? 2200 : 1800;
        this.trickHold = { trick: tricks[tricks.length - 1], until: Date.now() + hold,
          count: tricks.length };
        clearTimeout(this.holdTimer);
        this.holdTimer = setTimeout(() => { this.trickHold = null; this.render(); }, hold);
      }
      this.lastTrickCount = key;
    }

    /** Your turn: the tab title says so, and a short tone sounds when the sound is on. */
    signal(prevSeq) {
      const mine = this.myTurn();
      const base = TP.baseTitle || document.title.replace(/^● [^—]*— /, "");
      TP.baseTitle = base;
      document.title = mine ? "● " + t("your_turn") + " — " + base : base;
      if (mine && !this.wasMine && prevSeq !== null) TP.beep();
      this.wasMine = mine;
    }

    setChat(list) { this.chat = list.slice(-200); this.renderChat(); }
    addChat(m) {
      this.chat.push(m);
      this.chat = this.chat.slice(-200);
      if (this.tab !== "chat" || !this.isVisible(this.sidePanels.chat)) {
        this.unread += 1;
        this.renderTabs();
      }
      this.renderChat();
    }
    isVisible(el) { return !!(el && el.offsetParent !== null); }
    actionFailed() { this.pending = false; this.render(); }
    relabel() { this.build(); if (this.msg) this.render(); this.renderChat(); }

    /* ---- helpers on the current message ---- */
    get view() { return (this.msg && this.msg.view) || {}; }
    get game() { return (this.msg && this.msg.table && this.msg.table.game) || this.view.game; }
    get me() { return this.msg ? this.msg.you : null; }
    seats() {
      const tbl = this.msg.table || {};
      if (tbl.seats && tbl.seats.length) return tbl.seats.map((s) => s.seat);
      const v = this.view;
      return Object.keys(v.hand_counts || {}).sort();
    }
    seatInfo(seat) {
      const tbl = this.msg.table || {};
      return (tbl.seats || []).find((s) => s.seat === seat) || { seat: seat };
    }
    seatName(seat) {
      const s = this.seatInfo(seat);
      if (s.kind === "bot") return TP.botName ? TP.botName(seat, s.level || s.bot, true) : s.name || seat;
      if (s.name) return s.name;
      return seat;
    }
    teamOf(seat) {
      const n = this.seats().length;
      if (TEAM_GAMES_4[this.game] && n === 4) return "AB"[(parseInt(seat.slice(1), 10) - 1) % 2];
      return seat;
    }
    dealNumber() {
      const v = this.view;
      if (v.match) return v.match.deal_number;
      if (v.session) return v.session.deal_number;
      return null;
    }
    lastDealLine() {
      const v = this.view;
      const rows = v.match ? v.match.deal_scores : null;
      if (rows && rows.length) {
        const r = rows[rows.length - 1];
        return Object.keys(r).map((k) => k + " " + r[k]).join(" – ");
      }
      if (v.session && v.session.last_result && v.session.last_result.payouts) {
        const p = v.session.last_result.payouts;
        return Object.keys(p).map((k) => this.seatName(k) + " +" + p[k]).join(", ");
      }
      return "";
    }
    legal() { return ((this.msg && this.msg.legal) || []).map(parseAction); }
    myTurn() {
      return !!(this.msg && this.me && this.msg.to_act === this.me && !this.msg.over &&
        (this.msg.legal || []).length && !this.opts.readonly);
    }

    send(actionText) {
      if (this.pending || !this.opts.send) return;
      this.pending = true;
      this.variants = null;
      this.selected.clear();
      this.opts.send(actionText);
      this.render();
    }

    /* ---- the whole table ---- */
    render() {
      const msg = this.msg;
      if (!msg) return;
      const body = document.body.dataset;
      body.seq = String(msg.seq);
      body.toAct = msg.to_act || "";
      body.myTurn = this.myTurn() && !this.pending ? "1" : "0";
      body.over = msg.over ? "1" : "0";
      body.seat = this.me || "";
      body.game = this.game || "";
      body.phase = this.view.phase || "";
      this.renderTop();
      this.renderFelt();
      this.renderBanner();
      this.renderHandAndActions();
      this.renderScore();
      this.renderMoves();
    }

    renderTop() {
      const msg = this.msg;
      const tbl = msg.table || {};
      this.topbar.textContent = "";
      const gameName = t("game_" + tbl.game);
      const bits = [gameName + (tbl.preset ? " · " + TP.presetName(tbl.game, tbl.preset) : "")];
      const dn = this.dealNumber();
      if (dn !== null) bits.push(t(this.game === "burraco" ? "bu_hand" : "deal", { n: dn }));
      const target = this.view.match ? this.view.match.target : tbl.target;
      if (target && this.game !== "bourre") bits.push(t("match_to", { target: target }));
      this.topbar.append(h("span", { class: "top-title", text: bits.join(" · ") }));
      if (tbl.code && !this.opts.readonly) {
        const link = location.origin + "/t/" + tbl.code;
        this.topbar.append(h("span", { class: "top-code" }, t("code") + ": ",
          h("b", { class: "code", text: tbl.code }), " ",
          h("button", { class: "btn small", text: t("copy"),
            onclick: (e) => TP.copy(link, e.target) })));
      }
      if (!this.me && !this.opts.readonly) {
        this.topbar.append(h("span", { class: "badge watch", text: t("spectator") }));
      }
    }

    /* seat positions: me at the bottom, the others around in the order of play */
    positions() {
      const seats = this.seats();
      const n = seats.length;
      const me = this.me && seats.includes(this.me) ? this.me : seats[0];
      const start = seats.indexOf(me);
      const pos = {};
      for (let k = 0; k < n; k++) {
        const seat = seats[(start + k) % n];
        const ang = (90 + (k * 360) / n) * (Math.PI / 180);
        pos[seat] = { x: Math.cos(ang), y: Math.sin(ang), k: k };
      }
      return pos;
    }

    renderFelt() {
      const v = this.view;
      const msg = this.msg;
      const felt = this.felt;
      felt.textContent = "";
      felt.className = "felt game-" + this.game + " seats-" + this.seats().length;
      const pos = this.positions();
      for (const seat of this.seats()) felt.append(this.seatBox(seat, pos[seat]));
      if (this.game === "burraco") {
        felt.append(this.burracoCentre());
        return;
      }
      const centre = h("div", { class: "centre" });
      if (this.game === "bourloto") {
        if (v.upcard && !v.trump) {
          centre.append(h("div", { class: "upcard" }, TP.cardEl(v.upcard),
            h("div", { class: "caption", text: t("upcard") })));
        }
      } else if (this.game === "bourre") {
        const info = h("div", { class: "pot-info" },
          h("div", { class: "trump-card" }, v.trump_card ? TP.cardEl(v.trump_card) : null,
            h("div", { class: "caption", text: t("trump") })),
          h("div", { class: "pot" }, h("span", { class: "pot-label", text: t("pot") }),
            h("b", { class: "pot-n", text: String(v.pot != null ? v.pot : "") })),
          h("div", { class: "stock-n", text: t("stock") + ": " + (v.stock_count || 0) }));
        centre.append(info);
      }
      felt.append(centre);
      // the trick: the cards of this trick, or the last finished one (faded) until a new lead
      let plays = v.trick || [];
      let finished = null;
      const held = this.trickHold && Date.now() < this.trickHold.until ? this.trickHold.trick : null;
      if (this.showLast && v.tricks && v.tricks.length) {
        finished = v.tricks[v.tricks.length - 1];
        plays = finished.plays;
      } else if (held && !this.myTurn()) {
        finished = held;
        plays = held.plays;
      } else if (!plays.length && v.tricks && v.tricks.length && v.phase !== "over" && !msg.over) {
        finished = v.tricks[v.tricks.length - 1];
        plays = finished.plays;
      }
      if (v.tricks && v.tricks.length) {
        felt.append(h("button", { class: "btn small last-trick-btn" + (this.showLast ? " on" : ""),
          "aria-pressed": String(this.showLast), text: t("last_trick_btn"),
          onclick: () => { this.showLast = !this.showLast; this.render(); } }));
      }
      if (finished) felt.classList.add(this.showLast ? "showing-last" : "trick-done");
      plays.forEach(([seat, card], i) => {
        const p = pos[seat] || { x: 0, y: 0 };
        const el = TP.cardEl(card);
        el.classList.add("trick-card");
        if (finished) el.classList.add("done");
        if (!finished && i === plays.length - 1) el.classList.add("just-played");
        if (finished && finished.winner === seat) el.classList.add("winner");
        // a compact cross (a ring with more players) in the middle, each card towards its seat
        const r = this.seats().length > 4 ? 1.3 : 1.05;
        el.style.left = "calc(50% + " + (p.x * r).toFixed(3) + " * var(--cw-trick))";
        el.style.top = "calc(48% + " + (p.y * r).toFixed(3) + " * var(--cw-trick))";
        el.style.zIndex = String(35 + i);
        el.dataset.seat = seat;
        felt.append(el);
      });
      if (finished && finished.winner) {
        felt.append(h("div", { class: "trick-winner",
          text: "→ " + this.seatName(finished.winner) }));
      }
    }

    seatBox(seat, p) {
      const v = this.view;
      const msg = this.msg;
      const info = this.seatInfo(seat);
      const box = h("div", { class: "seat", dataset: { seat: seat } });
      // anchored so that the box stays inside the felt whatever its size
      box.style.left = (50 + p.x * 48) + "%";
      box.style.top = (50 + p.y * 47) + "%";
      box.style.transform = "translate(" + (-50 * (1 + p.x)).toFixed(1) + "%, " +
        (-50 * (1 + p.y)).toFixed(1) + "%)";
      if (p.k === 0) box.classList.add("me-pos");
      if (msg.to_act === seat && !msg.over) box.classList.add("to-act");
      if (seat === this.me) box.classList.add("mine");
      const line = h("div", { class: "seat-name" });
      line.append(h("span", { class: "dot " + (info.kind === "bot" || info.connected ? "on" : "off"),
        title: info.connected ? t("conn_open") : t("conn_lost") }));
      line.append(h("span", { class: "name", text: this.seatName(seat) }));
      box.append(line);
      const sub = [seat];
      if (info.kind === "bot" && TP.botLevel) sub.push(TP.botLevel(info.level || info.bot));
      const team = this.teamOf(seat);
      if (team !== seat) sub.push(t("team", { team: team }));
      if (seat === this.me) sub.push(t("you"));
      else if (this.me && team !== seat && team === this.teamOf(this.me)) sub.push(t("partner"));
      box.append(h("div", { class: "seat-sub", text: sub.join(" · ") }));
      const tags = h("div", { class: "seat-tags" });
      if (v.dealer === seat) tags.append(h("span", { class: "tag dealer", text: t("dealer_mark"),
        title: t("dealer") }));
      const count = v.hand_counts ? v.hand_counts[seat] : undefined;
      if (count !== undefined && seat !== this.me) {
        tags.append(h("span", { class: "tag count", title: t("cards_n", { n: count }) },
          h("span", { class: "mini-back" }), String(count)));
      }
      if (this.game === "bourre") {
        const stacks = v.stacks || (v.session && v.session.stacks) || {};
        if (stacks[seat] !== undefined) tags.append(h("span", { class: "tag chips",
          text: "● " + stacks[seat], title: t("chips", { n: stacks[seat] }) }));
        let st = null;
        if ((v.folded || []).includes(seat)) st = t("folded");
        else if (v.draws && v.draws[seat] !== undefined) {
          st = v.draws[seat] ? t("drew", { n: v.draws[seat] }) : t("stays");
        }
        if (st) tags.append(h("span", { class: "tag state", text: st }));
        const tw = v.tricks_won && v.tricks_won[seat];
        if (tw) tags.append(h("span", { class: "tag", text: t("tricks_n", { n: tw }) }));
      }
      if (this.game === "bourloto") {
        const bids = (v.bids || []).filter((b) => b[0] === seat);
        if (bids.length && !v.trump) {
          tags.append(h("span", { class: "tag bid" }, this.actionLabel(bids[bids.length - 1][1])));
        }
      }
      box.append(tags);
      return box;
    }

    burracoCentre() {
      const v = this.view;
      const wrap = h("div", { class: "bu-centre" });
      const melds = v.melds || {};
      const teams = Object.keys(melds);
      const mine = this.me ? this.teamOf(this.me) : teams[0];
      const order = teams.filter((x) => x !== mine);
      const legalAdds = this.myTurn() ? this.legal().filter((a) => a.kind === "add") : [];
      const selKey = this.selectedKey();
      const zone = (team) => {
        const z = h("div", { class: "meld-zone" + (team === mine ? " ours" : " theirs"),
          dataset: { team: team } });
        const taken = v.pozzetto_taken && v.pozzetto_taken[team];
        const running = (melds[team] || []).reduce((n, m) => n + m.points + m.bonus, 0);
        z.append(h("div", { class: "zone-title" },
          t("melds_of", { team: this.teamLabel(team) }),
          h("span", { class: "tag running", dataset: { team: team }, title: t("running_score"),
            text: t("pts", { n: running }) }),
          taken ? h("span", { class: "tag", text: t("pozzetto_taken") }) : null));
        const row = h("div", { class: "melds" });
        for (const m of melds[team] || []) {
          const el = h("div", { class: "meld" + (m.burraco ? " burraco " + m.burraco : ""),
            dataset: { team: team, n: String(m.number) },
            title: (m.burraco ? t(m.burraco) + " · " : "") + t("pts", { n: m.points + m.bonus }) });
          if (team === mine) {
            el.dataset.drop = "meld";
            const fits = legalAdds.some((a) => a.n === m.number && selKey && a.key === selKey);
            if (fits) el.classList.add("can-add");
            el.addEventListener("click", () => this.clickMeld(m.number));
          }
          el.append(h("span", { class: "meld-n", text: String(m.number) }));
          for (const c of m.cards) el.append(TP.cardEl(c));
          row.append(el);
        }
        z.append(row);
        return z;
      };
      for (const team of order) wrap.append(zone(team));
      const mid = h("div", { class: "bu-mid" });
      const legal = this.myTurn() ? this.legal() : [];
      const canDraw = legal.some((a) => a.kind === "draw" && !a.cards.length);
      const canPick = legal.some((a) => a.kind === "pickup");
      const stock = h("div", { class: "stock" + (canDraw ? " clickable" : ""),
        title: t("stock"), onclick: () => { if (canDraw) this.send("draw"); } },
      TP.backEl(), h("div", { class: "caption",
        text: t("stock") + " " + (v.stock_count || 0) }));
      const pile = h("div", { class: "discard-pile" + (canPick ? " clickable" : ""),
        dataset: { drop: "discard" }, title: t("discards"),
        onclick: () => { if (canPick) this.send("pickup"); } });
      const disc = v.discard || [];
      if (!disc.length) pile.append(h("div", { class: "empty-pile", text: t("empty") }));
      disc.forEach((c, i) => {
        const el = TP.cardEl(c);
        el.style.setProperty("--i", String(i));
        pile.append(el);
      });
      mid.append(stock, h("div", { class: "pile-wrap" }, pile,
        h("div", { class: "caption", text: t("discards") + " " + disc.length })));
      const extra = h("div", { class: "bu-info" },
        h("div", { text: t("pozzetti", { n: v.pozzetti_left || 0 }) }),
        v.stock_ending ? h("div", { class: "warn", text: t("last_turn") }) : null);
      mid.append(extra);
      wrap.append(mid);
      if (melds[mine] !== undefined) wrap.append(zone(mine));
      return wrap;
    }

    /** "A (P1+P3)" for a partnership, "P2" for a seat playing alone (short: for tables). */
    teamShort(team) {
      if (team.length === 1) {
        const members = this.seats().filter((s) => this.teamOf(s) === team);
        return team + " (" + members.join("+") + ")";
      }
      return team;
    }
    /** "A (P1+P3)", or "Bob (P2)" for a seat playing alone. */
    teamLabel(team) {
      if (team.length === 1) return this.teamShort(team);
      return this.seatName(team) + " (" + team + ")";
    }

    renderBanner() {
      const msg = this.msg;
      const b = this.banner;
      b.textContent = "";
      b.className = "banner hidden";
      const seats = (msg.table && msg.table.seats) || [];
      const open = seats.filter((s) => s.kind !== "bot" && !(s.taken || s.name)).length;
      if (msg.over) {
        b.className = "banner over";
        b.append(h("h2", { text: this.game === "bourre" ? t("game_over") : t("match_over") }));
        const res = msg.result || {};
        const winner = res.winner;
        if (res.scores) b.append(h("div", { class: "final-scores",
          text: Object.keys(res.scores).map((k) => k + " " + res.scores[k]).join(" – ") }));
        else if (res.stacks) b.append(h("div", { class: "final-scores",
          text: Object.keys(res.stacks).map((k) => this.seatName(k) + " " + res.stacks[k])
            .join(" · ") }));
        if (winner) {
          b.append(h("div", { text: t("winner", { winner: winner.length === 1 ?
            t("team", { team: winner }) : this.seatName(winner) }) }));
          if (this.me) {
            const won = winner === this.me || winner === this.teamOf(this.me);
            b.append(h("div", { class: "you-result", text: won ? t("you_win") : t("you_lose") }));
          }
        }
        const tid = msg.table && msg.table.id;
        if (tid && !this.opts.readonly) {
          const row = h("div", { class: "row over-actions" });
          if (this.me && this.opts.rematch) {
            row.append(h("button", { class: "btn primary rematch-btn", text: t("rematch"),
              onclick: () => this.opts.rematch() }));
          }
          row.append(h("a", { class: "btn replay-link", href: "/replay/" + tid, text: t("replay"),
            onclick: (e) => { e.preventDefault(); TP.go("/replay/" + tid); } }),
          h("a", { class: "btn lobby-btn", href: "/", text: t("back_lobby"),
            onclick: (e) => { e.preventDefault(); TP.go("/"); } }));
          b.append(row);
          const again = this.scorecard && this.scorecard.answer && this.scorecard.answer.rematch;
          if (again && this.opts.rematch) {
            b.append(h("div", { class: "rematch-offer", text: t("rematch_ready") }));
          }
        }
      } else if (open > 0 && !this.opts.readonly) {
        b.className = "banner waiting";
        const tbl = msg.table;
        const link = location.origin + "/t/" + tbl.code;
        b.append(h("div", { text: t("waiting_players", { n: open }) }),
          h("div", { class: "share-line" }, h("code", { class: "share-link", text: link }), " ",
            h("button", { class: "btn small", text: t("copy"),
              onclick: (e) => TP.copy(link, e.target) })),
          h("div", {}, t("code") + ": ", h("b", { class: "code", text: tbl.code })));
      }
    }

    /* ---- hand, selection and the action buttons ---- */
    sortedHand() {
      const v = this.view;
      return sortHand((v.hand || []).map(cardText), this.game, v.trump, this.sortByRank);
    }
    selectedCards() {
      const hand = this.sortedHand();
      return [...this.selected].sort((a, b) => a - b).map((i) => hand[i]);
    }
    selectedKey() { return this.selectedCards().slice().sort().join(" "); }

    renderHandAndActions() {
      const v = this.view;
      const msg = this.msg;
      const hand = this.sortedHand();
      const my = this.myTurn() && !this.pending;
      const legal = my ? this.legal() : [];
      const plays = legal.filter((a) => a.kind === "play");
      const cardActs = legal.filter((a) => a.kind !== "play" && a.cards.length);
      const selectable = new Set();
      for (const a of cardActs) for (const c of a.cards) selectable.add(c);
      const playable = new Set(plays.map((a) => a.cards[0]));
      const mode = plays.length ? "play" : cardActs.length ? "select" : "none";
      this.hand.textContent = "";
      this.hand.className = "hand mode-" + mode + (this.me ? "" : " hidden");
      this.hand.dataset.count = String(hand.length);
      const myDiscards = new Set((v.my_discards || []).map(cardText));
      hand.forEach((c, i) => {
        const el = TP.cardEl(c);
        el.dataset.idx = String(i);
        if (mode === "play") {
          el.classList.add(playable.has(c) ? "legal" : "illegal");
        } else if (mode === "select") {
          el.classList.add(selectable.has(c) ? "legal" : "illegal");
        }
        if (this.selected.has(i)) el.classList.add("selected");
        if (v.picked && cardText(v.picked) === c) {
          el.classList.add("picked");
          el.title = el.title + " · " + t("picked_note");
        }
        if (this.variants && this.variants[0].cards[0] === c) el.classList.add("selected");
        if ((mode === "play" && playable.has(c)) || (mode === "select" && selectable.has(c))) {
          el.tabIndex = 0;
          el.setAttribute("role", "button");
          this.makeInteractive(el, c, i, mode);
        }
        this.hand.append(el);
      });
      if (this.game === "bourre" && myDiscards.size) {
        this.hand.append(h("div", { class: "my-discards" },
          h("span", { class: "caption", text: t("you_exchanged") + ":" }),
          ...[...myDiscards].map((c) => TP.cardLabel(c))));
      }
      // the prompt line
      this.prompt.textContent = "";
      if (msg.over) {
        this.prompt.append(h("b", { text: this.game === "bourre" ? t("game_over") :
          t("match_over") }));
      } else if (this.myTurn()) {
        this.prompt.append(h("b", { class: "your-turn", text: t("your_turn") }));
        if (mode === "select") this.prompt.append(" · " + t("select_cards"));
      } else if (msg.to_act) {
        this.prompt.append(t("to_act", { seat: this.seatName(msg.to_act) }));
      }
      if (msg.last && msg.last.seat && !msg.over) {
        this.prompt.append(h("span", { class: "last-act" }, " · ", this.historyLine(
          msg.last.seat + " " + msg.last.action)));
      }
      if (this.game === "bourloto") {
        this.prompt.append(h("span", { class: "trump-line" }, " · " + t("trump") + ": ",
          v.trump ? h("span", { class: "trump-suit" }, TP.suitIcon(v.trump), " ",
            TP.suitName(v.trump)) : t("not_chosen"),
          v.buyer ? " (" + t("bought_by", { team: v.buyer }) + ")" : ""));
      }
      if (this.game === "bourre") {
        this.prompt.append(h("span", { class: "bourre-line" }, " · " + t("trump") + ": ",
          v.trump_card ? TP.cardLabel(v.trump_card) : "",
          " · " + t("pot") + " " + (v.pot != null ? v.pot : "") +
          " · " + t("stock") + " " + (v.stock_count || 0)));
      }
      if (this.game === "burraco" && this.me) {
        this.prompt.append(" ", h("button", { class: "btn small sort-btn",
          text: "⇅ " + (this.sortByRank ? "A-K" : "♠♥♣♦"),
          onclick: () => { this.sortByRank = !this.sortByRank; this.selected.clear();
            this.render(); } }));
      }
      this.renderActions(legal, mode);
    }

    makeInteractive(el, card, idx, mode) {
      let start = null;
      let ghost = null;
      const onDown = (e) => {
        if (e.button !== undefined && e.button !== 0) return;
        start = { x: e.clientX, y: e.clientY };
        el.setPointerCapture && el.setPointerCapture(e.pointerId);
      };
      const onMove = (e) => {
        if (!start) return;
        const dx = e.clientX - start.x;
        const dy = e.clientY - start.y;
        if (!ghost && dx * dx + dy * dy > 64) {
          ghost = el.cloneNode(true);
          ghost.classList.add("ghost");
          document.body.append(ghost);
          el.classList.add("dragging");
        }
        if (ghost) {
          ghost.style.left = e.clientX + "px";
          ghost.style.top = e.clientY + "px";
        }
      };
      const onUp = (e) => {
        if (!start) return;
        start = null;
        if (!ghost) { this.clickCard(card, idx, mode); return; }
        ghost.remove();
        ghost = null;
        el.classList.remove("dragging");
        const under = document.elementFromPoint(e.clientX, e.clientY);
        const drop = under && under.closest("[data-drop]");
        if (drop) this.dropCard(card, idx, mode, drop);
      };
      el.addEventListener("pointerdown", onDown);
      el.addEventListener("pointermove", onMove);
      el.addEventListener("pointerup", onUp);
      el.addEventListener("pointercancel", () => {
        start = null;
        if (ghost) { ghost.remove(); ghost = null; el.classList.remove("dragging"); }
      });
      el.addEventListener("keydown", (e) => {
        if (e.key === "Enter" || e.key === " ") { e.preventDefault(); this.clickCard(card, idx, mode); }
      });
    }

    clickCard(card, idx, mode) {
      if (mode === "play") {
        const acts = this.legal().filter((a) => a.kind === "play" && a.cards[0] === card);
        if (acts.length === 1) this.send(acts[0].text);
        else if (acts.length > 1) { this.variants = acts; this.render(); }
        return;
      }
      if (this.selected.has(idx)) this.selected.delete(idx);
      else this.selected.add(idx);
      this.render();
    }

    dropCard(card, idx, mode, drop) {
      const legal = this.legal();
      if (mode === "play" && drop.dataset.drop === "table") {
        this.clickCard(card, idx, mode);
      } else if (drop.dataset.drop === "discard") {
        const a = legal.find((x) => x.kind === "discard" && x.cards[0] === card);
        if (a) this.send(a.text);
      } else if (drop.dataset.drop === "meld") {
        const cards = this.selected.has(idx) ? this.selectedCards() : [card];
        const key = cards.slice().sort().join(" ");
        const n = parseInt(drop.dataset.n, 10);
        const a = legal.find((x) => x.kind === "add" && x.n === n && x.key === key);
        if (a) this.send(a.text);
      }
    }

    clickMeld(n) {
      if (!this.myTurn() || this.pending) return;
      const key = this.selectedKey();
      const a = this.legal().find((x) => x.kind === "add" && x.n === n && x.key === key);
      if (a) this.send(a.text);
    }

    actionLabel(text) {
      const a = typeof text === "string" ? parseAction(text) : text;
      const span = h("span", { class: "act-label" });
      if (a.kind === "name") {
        span.append(TP.actionWord("name") + " ", TP.suitIcon(a.suit), " " + TP.suitName(a.suit));
      } else if (a.kind === "play") {
        span.append(TP.actionWord("play") + " ", TP.cardLabel(a.cards[0]));
        for (const x of a.extras) span.append(" + " + TP.actionWord(x));
      } else if (a.kind === "draw" && a.cards.length) {
        span.append(TP.actionWord("draw_bourre"));
        for (const c of a.cards) span.append(" ", TP.cardLabel(c));
      } else if (a.kind === "add") {
        span.append(TP.actionWord("add", { n: a.n }));
        for (const c of a.cards) span.append(" ", TP.cardLabel(c));
      } else if (a.kind === "meld" || a.kind === "discard" || a.kind === "show") {
        span.append(TP.actionWord(a.kind));
        for (const c of a.cards) span.append(" ", TP.cardLabel(c));
      } else {
        span.append(TP.actionWord(a.kind));
        for (const x of a.extras) span.append(" " + x);
      }
      return span;
    }

    renderActions(legal, mode) {
      const box = this.actions;
      box.textContent = "";
      const v = this.view;
      if (!legal.length) return;
      const btn = (label, action, cls) => h("button", { class: "btn act" + (cls ? " " + cls : ""),
        dataset: { action: action || "" }, disabled: !action,
        onclick: () => { if (action) this.send(action); } }, label);
      if (this.variants) {
        for (const a of this.variants) box.append(btn(this.actionLabel(a), a.text, "variant"));
        box.append(h("button", { class: "btn ghost-btn", text: "✕",
          onclick: () => { this.variants = null; this.render(); } }));
        return;
      }
      // the seven-of-trumps exchange: show the 7 and the upcard it would be swapped for
      if (this.game === "bourloto" && legal.some((a) => a.kind === "exchange") && v.upcard && v.trump) {
        box.append(h("div", { class: "exchange-note" }, t("exchange_prompt") + " ",
          TP.cardLabel("7" + String(v.trump).toUpperCase()), " ⇄ ", TP.cardEl(v.upcard)));
      }
      // actions without cards: one button each (take, pass, name ♥, agree, fold, stay, draw…)
      for (const a of legal) {
        // (a Bourloto declaration shown in play, "show 9H 10H JH", is one button too)
        if (a.kind === "play" || (a.cards.length && a.kind !== "show")) continue;
        box.append(btn(this.actionLabel(a), a.text));
      }
      if (this.game === "bourloto" && (v.my_declarations || []).length &&
          legal.some((a) => a.kind === "declare" || a.extras.includes("declare"))) {
        const decl = h("div", { class: "my-decl" }, t("you_can_declare") + ": ");
        for (const d of v.my_declarations) {
          decl.append(h("span", { class: "decl" }, TP.declName(d.name) + " (" + d.points + ") ",
            ...d.cards.map((c) => TP.cardLabel(c))));
        }
        box.append(decl);
      }
      if (mode !== "select") return;
      const sel = this.selectedCards();
      const key = this.selectedKey();
      const kinds = new Set(legal.filter((a) => a.cards.length).map((a) => a.kind));
      if (kinds.has("draw")) {
        const a = legal.find((x) => x.kind === "draw" && x.key === key && key);
        box.append(btn(t("draw_selected", { n: sel.length }), a && a.text, "primary"));
      }
      if (kinds.has("meld")) {
        const a = legal.find((x) => x.kind === "meld" && x.key === key && key);
        box.append(btn(t("meld_selected"), a && a.text, "primary"));
      }
      if (kinds.has("add")) {
        for (const a of legal) {
          if (a.kind === "add" && key && a.key === key) box.append(btn(t("add_to", { n: a.n }), a.text));
        }
      }
      if (kinds.has("discard")) {
        const a = sel.length === 1 && legal.find((x) => x.kind === "discard" && x.key === key);
        box.append(btn(t("discard_card", { card: sel.length === 1 ? TP.cardShort(sel[0]) : "" }),
          a && a.text, "discard"));
      }
      if (sel.length) {
        box.append(h("button", { class: "btn ghost-btn", text: t("clear"),
          onclick: () => { this.selected.clear(); this.render(); } }));
      }
    }

    /* ---- side panels ---- */
    renderScore() {
      const p = this.sidePanels.score;
      const v = this.view;
      const msg = this.msg;
      p.textContent = "";
      const sheet = msg.sheet || [];
      const table = (head, rows) => {
        const tb = h("table", { class: "sheet" });
        tb.append(h("thead", {}, h("tr", {}, ...head.map((x) => h("th", { text: String(x) })))));
        const body = h("tbody", {});
        for (const r of rows) body.append(h("tr", {}, ...r.map((x) => h("td", { text: x == null ? "" : String(x) }))));
        tb.append(body);
        return tb;
      };
      if (v.match) {
        const m = v.match;
        p.append(h("h3", { text: t("score") + " · " + t("match_to", { target: m.target }) }));
        const teams = Object.keys(m.scores);
        const rows = [];
        const dealRows = sheet.length ? sheet : m.deal_scores.map((r) => r);
        dealRows.forEach((r, i) => {
          const pts = r.points || r.scores || r;
          rows.push([String(r.deal || r.number || i + 1), ...teams.map((x) => pts[x])]);
        });
        // (the deal score sheet: points written per deal; the totals below)
        rows.push([t("total"), ...teams.map((x) => m.scores[x])]);
        p.append(table(["#", ...teams.map((x) => this.teamShort(x))], rows));
        if (m.hanging) p.append(h("div", { text: t("hanging") + ": " + m.hanging }));
        const cards = this.scorecard ? this.scorecard.deals : [];
        if (cards.length) {
          p.append(h("h3", { text: t("sheet") }), TP.sheetList(this, cards));
        }
      } else if (v.session || v.stacks) {
        const stacks = (v.session && v.session.stacks) || v.stacks || {};
        p.append(h("h3", { text: t("score") }));
        const rows = Object.keys(stacks).map((s) => [this.seatName(s) + " (" + s + ")", stacks[s]]);
        p.append(table([t("seat"), "●"], rows));
        if (sheet.length && sheet[0].stacks) {
          // one row per deal: each seat's chips after it (tricks taken in brackets)
          const seats = Object.keys(sheet[0].stacks);
          p.append(h("h3", { text: t("sheet") }));
          p.append(table(["#", ...seats], sheet.map((r) => [String(r.number), ...seats.map((s) =>
            String(r.stacks[s]) + (r.tricks && r.tricks[s] ? " (" + r.tricks[s] + ")" : ""))])));
        } else if (sheet.length) {
          p.append(this.genericSheet(sheet));
        }
      } else if (sheet.length) {
        p.append(this.genericSheet(sheet));
      }
      // the current deal
      if (this.game === "bourloto") {
        const cur = h("div", { class: "deal-info" });
        for (const team of ["A", "B"]) {
          const n = v.tricks_won ? v.tricks_won[team] : 0;
          const pts = v.points_taken ? v.points_taken[team] : 0;
          cur.append(h("div", { text: t("tricks_line", { team: this.teamShort(team), n: n, points: pts }) }));
        }
        if ((v.declarations || []).length || Object.values(v.bourlot || {}).some((x) => x)) {
          cur.append(h("div", { class: "decl-title", text: t("declared") }));
          const raw = { A: 0, B: 0 };
          for (const d of v.declarations || []) raw[this.teamOf(d.seat)] += d.points;
          for (const d of v.declarations || []) {
            const team = this.teamOf(d.seat);
            const counted = v.counted ? v.counted[team] : null;
            const mark = counted === null || counted === undefined ? "" : counted > 0 ?
              TP.pt("counted") : raw[team] ? TP.pt("cancelled") : "";
            cur.append(h("div", { class: "decl" + (mark === TP.pt("cancelled") ? " cancelled" : ""),
              dataset: { state: counted === null || counted === undefined ? "pending" :
                counted > 0 ? "counted" : "cancelled" } },
            this.seatName(d.seat) + ": " + TP.declName(d.name) + " (" + d.points + ") ",
            ...d.cards.map((c) => TP.cardLabel(c)), mark ? h("span", { class: "decl-mark",
              text: " — " + mark }) : null));
          }
          for (const team of ["A", "B"]) {
            const b = (v.bourlot || {})[team];
            if (b) cur.append(h("div", { class: "decl bourlot", text: this.teamShort(team) + ": " +
              TP.pt("bourlot_row") + " +" + b }));
          }
        }
        p.append(cur);
      }
      if (this.game === "bourre" && v.pot != null) {
        p.append(h("div", { class: "deal-info", text: t("pot") + ": " + v.pot }));
      }
      const cardsAll = this.scorecard ? this.scorecard.deals : [];
      if (cardsAll.length && !v.match) p.append(h("h3", { text: t("deals") }), TP.sheetList(this, cardsAll));
    }

    genericSheet(sheet) {
      const cols = [];
      for (const r of sheet) if (r && typeof r === "object" && !Array.isArray(r)) {
        for (const k of Object.keys(r)) if (!cols.includes(k)) cols.push(k);
      }
      const tb = h("table", { class: "sheet" });
      if (cols.length) tb.append(h("thead", {}, h("tr", {}, ...cols.map((c) => h("th", { text: c })))));
      const body = h("tbody", {});
      for (const r of sheet) {
        const cells = Array.isArray(r) ? r : cols.map((c) => r[c]);
        body.append(h("tr", {}, ...cells.map((x) => h("td", { text: x == null ? "" :
          typeof x === "object" ? Object.keys(x).map((k) => k + " " + x[k]).join(", ") : String(x) }))));
      }
      tb.append(body);
      return tb;
    }

    renderMoves() {
      const p = this.sidePanels.moves;
      const v = this.view;
      p.textContent = "";
      const list = h("ol", { class: "moves" });
      for (const line of v.history || []) list.append(h("li", {}, this.historyLine(line)));
      p.append(list);
      this.scrollMoves();
    }

    /** The moves list opens at the newest move. */
    scrollMoves() {
      const p = this.sidePanels.moves;
      const list = p.querySelector(".moves");
      if (list) list.scrollTop = list.scrollHeight;
      p.scrollTop = p.scrollHeight;
    }

    historyLine(line) {
      const m = /^(P\d+)\s+(.*)$/.exec(String(line));
      const out = h("span", {});
      if (!m) { out.textContent = String(line); return out; }
      const seat = m[1];
      const rest = m[2];
      out.append(h("b", { text: this.seatName(seat) }), ": ");
      const dm = /^draws (\d+)$/.exec(rest);
      if (dm) out.append(TP.actionWord("draws", { n: dm[1] }));
      else if (this.game === "burraco" && rest === "draw") out.append(TP.actionWord("draw"));
      else out.append(this.actionLabel(rest));
      return out;
    }

    renderChat() {
      const list = this.chatList;
      list.textContent = "";
      for (const m of this.chat) {
        list.append(h("div", { class: "chat-msg" }, h("b", { class: "chat-name",
          text: (m.name || m.seat || "?") + ": " }), h("span", { class: "chat-text", text: m.text })));
      }
      list.scrollTop = list.scrollHeight;
    }
  }

  Object.assign(TP, { TableView, parseAction, sortHand });
})();
