/* trapoula: the table view. Renders one `state` message (see docs/web.md) and turns clicks,
   drags and buttons into action texts taken from `legal` (never invented by the page).
   Used live (tablepage.js) and by the replay viewer (replay.js, read-only). This file: reading
   actions, ordering a hand, the view's state, tabs and top bar; its other concerns are added
   by table_felt.js (the felt), table_hand.js (hand and buttons), table_panels.js (side panels). */
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

  /** The legal play that also announces Bourlot, when `action` (parsed) is the same play
      without it: the plain one gives Bourlot up, and the page says so on its button. */
  function withBourlot(action, legal) {
    if (action.kind !== "play" || action.extras.includes("bourlot")) return null;
    const want = action.extras.concat(["bourlot"]).sort().join(" ");
    return legal.find((b) => b.kind === "play" && b.cards[0] === action.cards[0] &&
      b.extras.slice().sort().join(" ") === want) || null;
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
      this.sidePanels.chat.append(this.chatList, chatForm,
        TP.social ? TP.social.quickBar(this.opts.onChat) : null); // social.js
      if (TP.social && !this.opts.readonly) TP.social.loadMe().then(() => this.renderChat());
      const board = h("section", { class: "board" + (this.opts.readonly ? "" : " fit") },
        this.felt, this.banner, this.prompt, this.actions, this.hand);
      this.board = board;
      const side = h("aside", { class: "side" }, this.tabs,
        this.sidePanels.score, this.sidePanels.moves, this.sidePanels.chat);
      this.side = side;
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
          "aria-label": TP.tn("unread", this.unread), text: String(this.unread) }) : null;
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
      this.board.classList.toggle("over", !!msg.over); // (the result and the last card: scrolls)
      this.fit();
      this.renderTop();
      this.renderFelt();
      this.renderBanner();
      this.renderHandAndActions();
      this.renderScore();
      this.renderMoves();
      this.fit();
    }

    /** The board takes the window's height below the bars above it (layout.css): the felt
        gets what the prompt, the buttons and the hand leave, so they show without scrolling. */
    fit() {
      if (this.opts.readonly || !this.board.isConnected) return;
      if (!this.onResize) {
        // (a phone turned on its side: the seats and the trick are placed for the new felt)
        this.onResize = () => { if (this.board.isConnected && this.msg) this.render(); };
        window.addEventListener("resize", this.onResize);
      }
      const top = this.board.getBoundingClientRect().top + window.scrollY;
      const high = Math.max(240, Math.floor(window.innerHeight - top - 4));
      this.board.style.setProperty("--board-h", high + "px");
      this.board.style.setProperty("--felt-h", this.felt.offsetHeight + "px");
      if (this.scorecard) this.scorecard.place(); // (which places the toasts when it shows)
      this.placeToasts();
    }

    /** Toasts over the felt's top (under a score card docked there), clear of the bars, the
        side column, the hand and the buttons. */
    placeToasts() {
      const felt = this.felt.getBoundingClientRect();
      const card = this.board.querySelector(".scorecard.docked");
      const above = card ? Math.max(felt.top, card.getBoundingClientRect().bottom) : felt.top;
      document.body.style.setProperty("--toast-top", Math.max(0, Math.round(above + 6)) + "px");
      document.body.style.setProperty("--toast-x", Math.round(felt.left + felt.width / 2) + "px");
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
        this.topbar.append(h("span", { class: "top-code" },
          h("span", { class: "code-label", text: t("code") + ": " }),
          h("b", { class: "code", text: tbl.code }), " ",
          h("button", { class: "btn small", text: t("copy"),
            onclick: (e) => TP.copy(link, e.target) })));
      }
      if (!this.me && !this.opts.readonly) {
        this.topbar.append(h("span", { class: "badge watch", text: t("spectator") }));
      }
    }

    /** Adds the methods of `part` (a class whose methods use `this` as a TableView) to
        TableView: the view's concerns live in table_felt.js, table_hand.js, table_panels.js. */
    static include(part) {
      for (const name of Object.getOwnPropertyNames(part.prototype)) {
        if (name === "constructor") continue;
        Object.defineProperty(TableView.prototype, name,
          Object.getOwnPropertyDescriptor(part.prototype, name));
      }
    }
  }

  Object.assign(TP, { TableView, parseAction, withBourlot, sortHand, cardText });
})();
