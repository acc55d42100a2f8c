/* trapoula: a table's page (/t/{code}): finding the table, joining it, the WebSocket
   (reconnect, ping) and what its messages do to the table view (table.js), the room bar
   (room.js) and the fair-deal check (fairdeal.js). */
"use strict";
(function () {
  const TP = window.TP;
  const t = (k, a) => TP.t(k, a);
  const { h, api, toast, copy, LS, seatFor, saveSeat } = TP;
  const go = (path) => TP.go(path);
  const header = { setConn: (state) => TP.setConn(state) }; // app.js's header

  /* ================= a table ================= */
  class TablePage {
    constructor(root, code) {
      this.kind = "table";
      this.root = root;
      this.code = code;
      this.ws = null;
      this.closing = false;
      this.retry = 0;
      this.timer = null;
      this.pingTimer = null;
      this.view = null;
      this.start();
    }

    async start() {
      // a seat link: /t/{code}#seat=P2&token=... (kept in localStorage, then hidden from the bar)
      const hash = new URLSearchParams(location.hash.slice(1));
      const watch = location.hash === "#watch";
      if (hash.get("token")) {
        saveSeat(this.code, { seat: hash.get("seat"), token: hash.get("token") });
        history.replaceState(null, "", location.pathname);
      }
      let entry = seatFor(this.code) || {};
      if (!entry.table_id) {
        const found = await this.lookup();
        if (!found) {
          this.root.append(h("div", { class: "card-box" }, h("p", { text: t("not_found") }),
            h("a", { class: "btn", href: "/", text: t("back_lobby") })));
          return;
        }
        // a finished table: its replay, unless this is a seat link (the final table, Rematch)
        if (found.status === "finished" && !hash.get("token")) { go("/replay/" + found.id); return; }
        saveSeat(this.code, { table_id: found.id });
        entry = seatFor(this.code);
        this.listing = found;
      }
      this.tableId = entry.table_id;
      this.token = watch ? null : entry.token || null;
      this.seat = watch ? null : entry.seat || null;
      if (!this.token && !watch) {
        const listing = this.listing || (await this.lookup());
        if (listing && listing.seats.some((s) => !s.taken)) {
          this.joinPanel(listing);
          return;
        }
      }
      this.open();
    }

    async lookup() {
      // by code (or id) directly: the lobby's lists hold only the newest tables
      try { return await api("GET", "/api/tables/" + encodeURIComponent(this.code)); }
      catch (e) { return null; }
    }

    joinPanel(listing) {
      this.root.textContent = "";
      const nameInput = h("input", { id: "join-name", type: "text", maxlength: "24",
        value: LS.get("name", ""), placeholder: t("your_name") });
      TP.accountName(nameInput); // signed in: the account's name (account.js)
      const seatSel = h("select", { id: "join-seat" });
      for (const s of listing.seats.filter((x) => !x.taken)) {
        seatSel.append(h("option", { value: s.seat, text: s.seat }));
      }
      const who = listing.seats.map((s) => s.seat + ": " + (s.kind === "bot" ? TP.botLevel(s.level || s.bot) :
        s.taken ? s.name : t("free"))).join(" · ");
      this.root.append(h("div", { class: "card-box join-panel" },
        h("h2", { text: t("game_" + listing.game) + " · " + TP.presetName(listing.game, listing.preset) + " · " + listing.code }),
        h("p", { class: "muted", text: who }),
        h("form", { class: "join-form", onsubmit: async (e) => {
          e.preventDefault();
          const name = nameInput.value.trim();
          if (!name) { toast(t("name_needed"), "error"); return; }
          LS.set("name", name);
          try {
            const v = TP.fairValue(); // this seat's value for the seed (fairdeal.js)
            const res = await api("POST", "/api/tables/" + encodeURIComponent(listing.code) + "/join",
              { name: name, seat: seatSel.value, commit: v.commit });
            saveSeat(listing.code, { table_id: res.table_id, seat: res.seat, token: res.token, fair: v.value });
            this.tableId = res.table_id;
            this.token = res.token;
            this.seat = res.seat;
            this.open();
          } catch (err) { toast(TP.errorText(err.code, err.message), "error"); }
        } },
        h("label", { for: "join-name", text: t("your_name") }), nameInput,
        h("label", { for: "join-seat", text: t("seat") }), seatSel,
        h("button", { class: "btn primary", type: "submit", id: "join-submit", text: t("join_as") })),
        h("button", { class: "btn", id: "watch-submit", text: t("watch"),
          onclick: () => { this.token = null; this.seat = null; this.open(); } })));
    }

    open() {
      this.root.textContent = "";
      const holder = h("div", { class: "table-holder" });
      this.privateLink = h("div", { class: "private-link" });
      this.root.append(holder, this.privateLink);
      this.view = new TP.TableView(holder, {
        send: (action) => this.send({ type: "act", action: action, seq: this.view.msg.seq }),
        onChat: (text) => this.send({ type: "chat", text: text }),
        rematch: () => this.rematch(),
      });
      window.scrollTo(0, 0); // phones: the table opens at its top
      this.renderPrivateLink();
      // the room around the table: clock, seat buttons, fair-deal check (room.js, fairdeal.js)
      if (this.room) this.room.close();
      this.room = new TP.RoomBar(this.root, {
        send: (m) => this.send(m),
        onLeft: () => {
          saveSeat(this.code, { table_id: this.tableId, seat: null, token: null });
          this.token = null;
          this.seat = null;
          this.renderPrivateLink();
        },
      });
      this.root.insertBefore(this.room.el, holder);
      this.fair = new TP.FairDeal(this.room.el.parentNode, {
        send: (m) => this.send(m), mine: () => seatFor(this.code),
        remember: (entry) => saveSeat(this.code, entry) });
      this.root.insertBefore(this.fair.el, this.privateLink);
      this.connect();
    }

    renderPrivateLink() {
      const box = this.privateLink;
      box.textContent = "";
      if (!this.token) return;
      const link = location.origin + "/t/" + this.code + "#seat=" + encodeURIComponent(this.seat || "") +
        "&token=" + encodeURIComponent(this.token);
      box.append(h("details", {}, h("summary", { text: t("my_link") }),
        h("div", { class: "share-line" }, h("code", { class: "share-link", text: link }), " ",
          h("button", { class: "btn small", text: t("copy"), onclick: (e) => copy(link, e.target) }))));
    }

    async rematch() {
      try {
        const v = TP.fairValue(); // this seat's value for the new table's seed (fairdeal.js)
        const res = await api("POST", "/api/tables/" + encodeURIComponent(this.tableId) + "/rematch",
          { token: this.token, commit: v.commit });
        saveSeat(res.code, { table_id: res.table_id, seat: res.seat, token: res.token, fair: v.value });
        go("/t/" + res.code);
      } catch (e) { toast(TP.errorText(e.code, e.message), "error"); }
    }

    connect() {
      if (this.closing) return;
      const proto = location.protocol === "https:" ? "wss://" : "ws://";
      // deltas=1: after the first full state, only what changed (docs/web.md, "Deltas")
      const url = proto + location.host + "/ws/" + encodeURIComponent(this.tableId) +
        "?deltas=1" + (this.token ? "&token=" + encodeURIComponent(this.token) :
          LS.get("name", "") ? "&name=" + encodeURIComponent(LS.get("name", "")) : "");
      header.setConn(this.retry ? "retry" : "connecting");
      let ws;
      try { ws = new WebSocket(url); } catch (e) { this.scheduleReconnect(); return; }
      this.ws = ws;
      ws.onopen = () => {
        header.setConn("open");
        clearInterval(this.pingTimer);
        this.pingTimer = setInterval(() => this.send({ type: "ping" }), 25000);
      };
      ws.onmessage = (ev) => this.onMessage(ev.data);
      ws.onclose = (ev) => {
        clearInterval(this.pingTimer);
        if (this.ws !== ws) return;
        this.ws = null;
        if (this.closing) return;
        if (ev.code === 4404) {
          header.setConn("lost");
          this.root.textContent = "";
          this.root.append(h("div", { class: "card-box" }, h("p", { text: t("not_found") }),
            h("a", { class: "btn", href: "/", text: t("back_lobby") })));
          return;
        }
        if (ev.code === 1008 && this.token && this.badToken) {
          // the token holds no seat here any more: watch instead
          this.token = null;
          this.seat = null;
          this.renderPrivateLink();
        }
        this.scheduleReconnect();
      };
    }

    scheduleReconnect() {
      header.setConn("retry");
      this.retry += 1;
      const delay = Math.min(8000, 300 * Math.pow(2, Math.min(this.retry, 5)));
      clearTimeout(this.timer);
      this.timer = setTimeout(() => this.connect(), delay);
    }

    send(msg) {
      if (this.ws && this.ws.readyState === WebSocket.OPEN) {
        this.ws.send(JSON.stringify(msg));
        return true;
      }
      if (msg.type === "act") { toast(t("conn_lost"), "error"); this.view.actionFailed(); }
      return false;
    }

    onMessage(data) {
      let msg;
      try { msg = JSON.parse(data); } catch (e) { return; }
      if (msg.type === "delta") {
        // what changed since the last state: applied to it, then shown as a whole state
        const next = TP.applyDelta(this.view.msg, msg);
        if (!next) {  // not the state this page holds: ask for a full one
          if (!this.resyncing) { this.resyncing = true; this.send({ type: "resync" }); }
          return;
        }
        msg = next;
      } else if (msg.type === "state") {
        this.resyncing = false;
        delete msg.deltas;
      }
      if (this.room && this.room.onMessage(msg, this.view)) return;
      if (msg.type === "state") {
        this.retry = 0;
        this.badToken = false;
        const first = !this.view.msg;
        this.view.setState(msg);
        if (this.room) this.room.setState(msg);
        if (this.fair) this.fair.onState(msg);
        this.view.fit(); // the room bar above may have changed its height
        if (first) window.scrollTo(0, 0);
        this.toastMove(msg);
      } else if (msg.type === "chat") {
        this.view.addChat(msg);
      } else if (msg.type === "chat_history") {
        this.view.setChat(msg.messages || []);
      } else if (msg.type === "error") {
        if (/token/.test(msg.message || "")) this.badToken = true;
        if (msg.code !== "rate_limited" || !this.lastRate || Date.now() - this.lastRate > 3000) {
          toast(TP.errorText(msg.code, msg.message), "error");
          if (msg.code === "rate_limited") this.lastRate = Date.now();
        }
        this.view.actionFailed();
      }
    }

    /** Bids, declarations and exchanges of the others as toasts that say who acted. */
    toastMove(msg) {
      const last = msg.last;
      if (!last || !last.seat || last.seat === msg.you || msg.seq === this.toasted) return;
      this.toasted = msg.seq;
      const kind = String(last.action).split(" ")[0];
      const words = String(last.action).split(" ").slice(2);
      if (["take", "name", "declare", "exchange", "redeal"].includes(kind) || words.includes("bourlot") ||
          words.includes("declare")) {
        toast(this.view.historyLine(last.seat + " " + last.action).textContent);
      }
    }

    leave() {
      this.closing = true;
      document.body.style.removeProperty("--toast-top");
      document.body.style.removeProperty("--toast-x");
      if (this.room) this.room.close();
      clearTimeout(this.timer);
      clearInterval(this.pingTimer);
      if (this.ws) { const ws = this.ws; this.ws = null; ws.close(); }
    }

    relabel() {
      if (this.view) this.view.relabel();
      this.renderPrivateLink();
      if (this.ws) header.setConn(this.ws.readyState === WebSocket.OPEN ? "open" : "retry");
    }
  }

  TP.TablePage = TablePage;
})();
