/* trapoula: the room around a table — the turn clock, seats played by a bot ("auto"), leaving,
   handing the seat to a bot and taking it back, the creator's open seats, a held deal, and the
   table settings of the lobby's form. Texts: ROOM below (four languages), through rt().
   Hooks: app.js creates a RoomBar per table page and calls setState / onMessage. */
"use strict";
(function () {
  const TP = window.TP;

  const ROOM = {
    clock: ["Clock", "Ρολόι", "Часы", "Orologio"],
    clock_off: ["no clock", "χωρίς ρολόι", "без часов", "senza orologio"],
    clock_s: ["{n} s a turn", "{n} δ. ανά κίνηση", "{n} с на ход", "{n} s per mossa"],
    bank: ["time bank (s)", "απόθεμα χρόνου (δ.)", "запас времени (с)", "riserva di tempo (s)"],
    hold: ["wait until every seat is taken", "αναμονή ώσπου να πιαστούν όλες οι θέσεις",
      "ждать, пока займут все места", "aspetta che tutti i posti siano presi"],
    private: ["private (not in the lobby)", "ιδιωτικό (όχι στη λίστα)", "частный (не в списке)",
      "privato (non nella lista)"],
    table_settings: ["Table", "Τραπέζι", "Стол", "Tavolo"],
    left_s: ["{seat}: {s} s", "{seat}: {s} δ.", "{seat}: {s} с", "{seat}: {s} s"],
    bank_s: ["+{s} s bank", "+{s} δ. απόθεμα", "+{s} с запас", "+{s} s riserva"],
    bank_short: ["+{s}", "+{s}", "+{s}", "+{s}"],
    auto: ["auto", "αυτόματο", "авто", "auto"],
    auto_mine: ["A bot plays your seat.", "Ένα μποτ παίζει τη θέση σου.", "За вас играет бот.",
      "Un bot gioca al tuo posto."],
    take_back: ["Take my seat back", "Παίρνω πίσω τη θέση μου", "Вернуться за стол",
      "Riprendo il mio posto"],
    to_bot: ["Let a bot play", "Να παίξει ένα μποτ", "Пусть играет бот", "Fai giocare un bot"],
    leave: ["Leave the table", "Φεύγω από το τραπέζι", "Покинуть стол", "Lascio il tavolo"],
    // a phone's one-line bar: the short words (the long ones are the buttons' titles)
    to_bot_short: ["Bot plays", "Παίζει μποτ", "Играет бот", "Gioca un bot"],
    take_back_short: ["Take my seat", "Η θέση μου", "Вернуться", "Riprendo"],
    leave_short: ["Leave", "Φεύγω", "Уйти", "Esco"],
    give_bot_short: ["{seat} → bot", "{seat} → μποτ", "{seat} → бот", "{seat} → bot"],
    leave_sure: ["Leave for good? Your seat goes to a bot until someone joins.",
      "Φεύγεις οριστικά; Τη θέση σου παίρνει ένα μποτ ώσπου να μπει κάποιος.",
      "Уйти совсем? Ваше место займёт бот, пока кто-нибудь не сядет.",
      "Andare via? Il tuo posto va a un bot finché qualcuno non entra."],
    leave_yes: ["Yes, leave", "Ναι, φεύγω", "Да, уйти", "Sì, esco"],
    stay: ["Stay", "Μένω", "Остаться", "Resto"],
    left_done: ["You left the table; you are watching.", "Έφυγες από το τραπέζι· παρακολουθείς.",
      "Вы ушли из-за стола и смотрите игру.", "Hai lasciato il tavolo; stai guardando."],
    give_bot: ["Give {seat} to a bot", "Δίνω τη {seat} σε μποτ", "Отдать {seat} боту",
      "Dai {seat} a un bot"],
    waiting: ["Waiting for players: {seats}", "Αναμονή παικτών: {seats}", "Ждём игроков: {seats}",
      "In attesa di giocatori: {seats}"],
    waiting_seed: ["Dealing as soon as every seat's random value for the seed is in",
      "Μοιράζει μόλις έρθει η τυχαία τιμή κάθε θέσης για τον σπόρο",
      "Раздача начнётся, как только придут случайные значения всех мест для зерна",
      "Si distribuisce appena arriva il valore casuale di ogni posto per il seme"],
  };
  const LANGS = ["en", "el", "ru", "it"];
  function rt(key, args) {
    const row = ROOM[key];
    if (!row) return key;
    const text = row[Math.max(0, LANGS.indexOf(TP.getLang()))] || row[0];
    return args ? text.replace(/\{(\w+)\}/g, (m, k) => (k in args ? String(args[k]) : m)) : text;
  }

  function h(...args) { return TP.h(...args); }

  /** A button's words: the whole text, and a short one that a phone's one-line bar shows
      (room.css); the whole text is also its title and accessible name. */
  function label(key, args) {
    return [h("span", { class: "long", text: rt(key, args) }),
      h("span", { class: "short", text: rt(key + "_short", args) })];
  }
  function labelled(attrs, key, args) {
    return h("button", Object.assign(attrs, { title: rt(key, args), "aria-label": rt(key, args) }),
      ...label(key, args));
  }

  /** A stopwatch drawn in SVG (an emoji needs a font that many phones and desktops lack). */
  function clockIcon() {
    const NS = "http://www.w3.org/2000/svg";
    const el = (tag, attrs) => {
      const e = document.createElementNS(NS, tag);
      for (const k in attrs) e.setAttribute(k, attrs[k]);
      return e;
    };
    const svg = el("svg", { viewBox: "0 0 24 24", class: "clock-icon", "aria-hidden": "true",
      fill: "none", stroke: "currentColor", "stroke-width": "2.2", "stroke-linecap": "round" });
    svg.append(el("circle", { cx: "12", cy: "13.5", r: "8" }), el("path", { d: "M12 9v4.5l3 2" }),
      el("path", { d: "M9.5 2.5h5M12 2.5v3" }));
    return svg;
  }

  /* The bar above a table: clock, seat buttons, held deal. */
  class RoomBar {
    /** root: element to render into; opts: {send(msg), onLeft()} */
    constructor(root, opts) {
      this.root = root;
      this.opts = opts;
      this.msg = null;
      this.confirming = false;
      this.deadline = null;
      this.timer = setInterval(() => this.tick(), 250);
      this.el = h("div", { class: "room-bar" });
      this.clockText = h("span", { class: "clock-text long" });
      this.clockShort = h("span", { class: "clock-text short" });
      this.clockEl = h("span", { class: "room-clock", "aria-live": "off" }, clockIcon(), this.clockText,
        this.clockShort);
      this.root.append(this.el);
    }

    /** A server message for the room (presence, left); true when handled. */
    onMessage(msg, view) {
      if (msg.type === "presence" && view && view.msg && view.msg.table) {
        for (const s of view.msg.table.seats || []) s.connected = s.kind === "bot" || msg.connected.includes(s.seat);
        view.render();
        this.decorate();
        return true;
      }
      if (msg.type === "left") {
        TP.toast(rt("left_done"));
        if (this.opts.onLeft) this.opts.onLeft();
        return true;
      }
      return false;
    }

    setState(msg) {
      this.msg = msg;
      const c = msg.clock;
      this.deadline = c ? { seat: c.seat, turn: performance.now() + c.left * 1000,
        bank: c.bank, scale: c.scale || 1 } : null;
      this.render();
      this.decorate();
    }

    me() { return this.msg ? this.msg.you : null; }
    seat(s) { return ((this.msg.table || {}).seats || []).find((x) => x.seat === s) || {}; }

    render() {
      const msg = this.msg;
      const tbl = msg.table || {};
      const settings = tbl.settings || {};
      const body = document.body.dataset;
      const mine = this.me() ? this.seat(this.me()) : null;
      body.auto = mine && mine.auto ? "1" : "0";
      body.held = tbl.held ? "1" : "0";
      body.clockSeat = msg.clock ? msg.clock.seat : "";
      // rebuilt only when what it shows changes: a button replaced under the pointer loses
      // its click
      const key = JSON.stringify([tbl.held, settings, (tbl.seats || []).map((s) => [s.seat,
        s.taken, s.auto]), msg.you, msg.over, this.confirming, TP.getLang()]);
      if (key === this.key) { this.tick(); return; }
      this.key = key;
      this.el.textContent = "";
      this.el.classList.toggle("confirming", this.confirming);
      if (tbl.held) {
        const open = (tbl.seats || []).filter((s) => !s.taken).map((s) => s.seat);
        // every seat taken: the deal waits for the seed (fairdeal.js, docs/web.md "Fair dealing")
        this.el.append(h("div", { class: "room-wait", text: open.length ?
          rt("waiting", { seats: open.join(", ") }) : rt("waiting_seed") }));
      }
      if (settings.clock) this.el.append(this.clockEl);
      if (tbl.rated !== undefined) this.el.append(h("span", { id: "table-rated", class: "tag " + (tbl.rated ? "rated" : "unrated"), text: TP.t(tbl.rated ? "rt_rated" : "rt_unrated") }));
      if (msg.over) return;
      const buttons = h("span", { class: "room-buttons" });
      if (mine && mine.auto) {
        buttons.append(h("span", { class: "room-note", text: rt("auto_mine") }),
          labelled({ class: "btn small primary", id: "take-back",
            onclick: () => this.opts.send({ type: "takeback" }) }, "take_back"));
      } else if (mine) {
        buttons.append(labelled({ class: "btn small", id: "to-bot",
          onclick: () => this.opts.send({ type: "autoplay" }) }, "to_bot"));
      }
      if (mine && settings.creator === this.me()) {
        for (const s of (tbl.seats || []).filter((x) => !x.taken)) {
          buttons.append(labelled({ class: "btn small", dataset: { giveBot: s.seat },
            onclick: () => this.opts.send({ type: "seat_bot", seat: s.seat }) }, "give_bot",
          { seat: s.seat }));
        }
      }
      if (mine) {
        if (this.confirming) {
          buttons.append(h("span", { class: "room-confirm", role: "alertdialog" },
            h("span", { text: rt("leave_sure") }), " ",
            h("button", { class: "btn small discard", id: "leave-yes", text: rt("leave_yes"),
              onclick: () => { this.confirming = false; this.opts.send({ type: "leave" }); } }), " ",
            h("button", { class: "btn small", id: "leave-no", text: rt("stay"),
              onclick: () => { this.confirming = false; this.render(); } })));
        } else {
          buttons.append(labelled({ class: "btn small", id: "leave",
            onclick: () => { this.confirming = true; this.render(); } }, "leave"));
        }
      }
      this.el.append(buttons);
      this.tick();
    }

    /* the seat boxes TableView drew: an "auto" tag, the clock on the seat to act */
    decorate() {
      if (!this.msg) return;
      for (const s of (this.msg.table || {}).seats || []) {
        const box = document.querySelector('.felt .seat[data-seat="' + s.seat + '"]');
        if (!box) continue;
        box.classList.toggle("auto", !!s.auto);
        if (s.auto && !box.querySelector(".tag.auto")) {
          const tags = box.querySelector(".seat-tags") || box;
          tags.append(h("span", { class: "tag auto", text: rt("auto") }));
        }
      }
    }

    tick() {
      const d = this.deadline;
      this.clockEl.classList.toggle("hidden", !d);
      if (!d) {
        this.clockText.textContent = this.clockShort.textContent = "";
        this.clockEl.dataset.left = "";
        return;
      }
      const rest = Math.max(0, (d.turn - performance.now()) / 1000);
      const turnLeft = Math.ceil(rest / d.scale);
      const bankLeft = rest > 0 ? Math.round(d.bank / d.scale) :
        Math.max(0, Math.ceil((d.bank + rest) / d.scale));
      this.clockEl.dataset.left = String(turnLeft);
      this.clockEl.classList.toggle("low", turnLeft <= 5);
      const left = rt("left_s", { seat: d.seat, s: turnLeft });
      this.clockText.textContent = left + (d.bank > 0 ? " (" + rt("bank_s", { s: bankLeft }) + ")" : "");
      this.clockShort.textContent = left + (d.bank > 0 ? " " + rt("bank_short", { s: bankLeft }) : "");
    }

    close() { clearInterval(this.timer); }
  }

  /* The lobby form's table settings: fields(), then values() for the request's "table". */
  const form = { clock: 60, bank: 30, hold: true, private: false, rated: true };
  function fields() {
    const clock = h("select", { id: "table-clock", onchange: (e) => {
      form.clock = parseInt(e.target.value, 10);
      form.bank = Math.min(30, Math.floor(form.clock / 2)); // the server's default bank
      bank.value = String(form.bank);
      if (form.clock === 0) { form.private = true; priv.checked = true; }
    } });
    for (const n of [15, 30, 60, 120, 0]) {
      clock.append(h("option", { value: String(n), text: n ? rt("clock_s", { n: n }) : rt("clock_off"),
        selected: form.clock === n }));
    }
    const bank = h("input", { id: "table-bank", type: "number", min: "0", max: "300",
      value: String(form.bank), onchange: (e) => { form.bank = parseInt(e.target.value, 10) || 0; } });
    const hold = h("input", { id: "table-hold", type: "checkbox", checked: form.hold,
      onchange: (e) => { form.hold = e.target.checked; } });
    const priv = h("input", { id: "table-private", type: "checkbox", checked: form.private,
      onchange: (e) => {
        form.private = e.target.checked;
        if (!form.private && form.clock === 0) { form.clock = 60; clock.value = "60"; }
      } });
    return h("div", { class: "table-settings" }, h("h3", { text: rt("table_settings") }),
      h("div", { class: "grid2" },
        h("label", { for: "table-clock", text: rt("clock") }), clock,
        h("label", { for: "table-bank", text: rt("bank") }), bank),
      h("label", { class: "check" }, hold, " " + rt("hold")),
      h("label", { class: "check" }, priv, " " + rt("private")),
      h("label", { class: "check" }, h("input", { id: "table-rated-box", type: "checkbox", checked: form.rated,
        onchange: (e) => { form.rated = e.target.checked; } }), " " + TP.t("rt_rated_table")));
  }
  function values() { return Object.assign({}, form); }

  Object.assign(TP, { RoomBar, room: { fields, values, rt, TEXTS: ROOM } });
})();
