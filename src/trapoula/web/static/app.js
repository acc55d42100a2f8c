/* trapoula: the single-page app. Routes: / (lobby), /t/{code} (a table), /replay/{id}.
   User text (names, chat) only ever goes into the page through textContent. */
"use strict";
(function () {
  const TP = window.TP;
  const t = (k, a) => TP.t(k, a);

  /* ---- small DOM helper: h("div", {class, text, onclick, dataset}, ...children) ---- */
  function h(tag, attrs, ...kids) {
    const el = document.createElement(tag);
    if (attrs) {
      for (const k of Object.keys(attrs)) {
        const v = attrs[k];
        if (v === null || v === undefined || v === false) continue;
        if (k === "class") el.className = v;
        else if (k === "text") el.textContent = v;
        else if (k === "dataset") Object.assign(el.dataset, v);
        else if (k.startsWith("on") && typeof v === "function") el.addEventListener(k.slice(2), v);
        else if (k === "value") el.value = v;
        else if (k === "checked" || k === "disabled" || k === "selected") el[k] = !!v;
        else el.setAttribute(k, v === true ? "" : String(v));
      }
    }
    for (const kid of kids.flat(Infinity)) {
      if (kid === null || kid === undefined || kid === false) continue;
      el.append(kid instanceof Node ? kid : String(kid));
    }
    return el;
  }

  /* ---- storage ---- */
  const LS = {
    get(key, dflt) {
      try {
        const v = localStorage.getItem("trapoula." + key);
        return v === null ? dflt : JSON.parse(v);
      } catch (e) { return dflt; }
    },
    set(key, value) {
      try { localStorage.setItem("trapoula." + key, JSON.stringify(value)); } catch (e) { /* full */ }
    },
  };
  function seatFor(code) { return (LS.get("seats", {}) || {})[code] || null; }
  function saveSeat(code, entry) {
    const all = LS.get("seats", {}) || {};
    all[code] = Object.assign(all[code] || {}, entry);
    LS.set("seats", all);
  }

  /* ---- HTTP ---- */
  async function api(method, path, body) {
    const init = { method: method, headers: {} };
    if (body !== undefined) {
      init.headers["Content-Type"] = "application/json";
      init.body = JSON.stringify(body);
    }
    const res = await fetch(path, init);
    let data = null;
    try { data = await res.json(); } catch (e) { data = null; }
    if (!res.ok) {
      const err = new Error((data && data.message) || res.status + " " + res.statusText);
      err.status = res.status;
      err.code = data && data.error;
      throw err;
    }
    return data;
  }

  /* ---- toasts and copying ---- */
  function toast(text, kind) {
    let box = document.getElementById("toasts");
    if (!box) {
      box = h("div", { id: "toasts", "aria-live": "polite" });
      document.body.append(box);
    }
    const el = h("div", { class: "toast" + (kind ? " " + kind : ""), text: text });
    box.append(el);
    setTimeout(() => el.remove(), kind === "error" ? 6000 : 3500);
  }
  /* ---- signals: reduced motion, an optional tone on "your turn" ---- */
  function reducedMotion() {
    return !!(window.matchMedia && matchMedia("(prefers-reduced-motion: reduce)").matches);
  }
  let audio = null;
  function beep() {
    if (!LS.get("sound", false)) return;
    try {
      audio = audio || new (window.AudioContext || window.webkitAudioContext)();
      const o = audio.createOscillator();
      const g = audio.createGain();
      o.frequency.value = 660;
      g.gain.setValueAtTime(0.08, audio.currentTime);
      g.gain.exponentialRampToValueAtTime(0.0001, audio.currentTime + 0.25);
      o.connect(g).connect(audio.destination);
      o.start();
      o.stop(audio.currentTime + 0.26);
    } catch (e) { /* no audio here */ }
  }

  function copy(text, button) {
    const done = () => { if (button) { const old = button.textContent; button.textContent = t("copied");
      setTimeout(() => { button.textContent = old; }, 1500); } };
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(text).then(done, () => prompt("", text));
    } else {
      const ta = h("textarea", { style: "position:fixed;left:-9999px" });
      ta.value = text;
      document.body.append(ta);
      ta.select();
      try { document.execCommand("copy"); done(); } catch (e) { prompt("", text); }
      ta.remove();
    }
  }

  /* ---- header: title, connection, language ---- */
  let current = null; // the page object shown (has .leave(), .relabel())
  const header = {
    conn: null,
    build() {
      const head = document.getElementById("header");
      head.textContent = "";
      const langSel = h("select", { id: "lang", "aria-label": t("language"),
        onchange: (e) => setLanguage(e.target.value) });
      for (const l of TP.LANGS) {
        langSel.append(h("option", { value: l, text: TP.LANG_NAMES[l], selected: l === TP.getLang() }));
      }
      this.conn = h("span", { id: "conn", class: "conn hidden" });
      const on = !!LS.get("sound", false);
      const sound = h("button", { id: "sound", class: "btn small sound-btn", "aria-pressed": String(on),
        title: on ? t("sound_on") : t("sound_off"), "aria-label": on ? t("sound_on") : t("sound_off"),
        text: "♪", dataset: { on: on ? "1" : "0" }, onclick: () => { LS.set("sound", !on); this.build(); if (!on) beep(); } });
      head.append(h("a", { class: "brand", href: "/", onclick: (e) => { e.preventDefault(); leaveTo("/"); } },
        h("span", { class: "brand-suits", text: "♠♥♦♣" }), " ", t("title")),
      h("span", { class: "spacer" }), this.conn, sound, langSel);
    },
    setConn(state) {
      if (!this.conn) return;
      if (!state) { this.conn.className = "conn hidden"; document.body.dataset.conn = ""; return; }
      this.conn.className = "conn " + state;
      this.conn.textContent = t("conn_" + state);
      document.body.dataset.conn = state;
    },
  };

  function setLanguage(l) {
    TP.setLang(l);
    LS.set("lang", l);
    header.build();
    if (current && current.relabel) current.relabel();
  }

  /* ---- routing ---- */
  /** Leaving a game in progress from one's own seat asks first. */
  function leaveTo(path) {
    const page = current;
    const msg = page && page.view && page.view.msg;
    if (page && page.kind === "table" && page.token && msg && !msg.over &&
        !window.confirm(t("leave_confirm"))) return;
    go(path);
  }
  function go(path) {
    history.pushState(null, "", path);
    route();
  }
  function route() {
    if (current && current.leave) current.leave();
    current = null;
    header.setConn(null);
    if (TP.baseTitle) document.title = TP.baseTitle; // no "your turn" outside the table
    const main = document.getElementById("main");
    main.textContent = "";
    for (const k of ["seq", "toAct", "myTurn", "over", "seat", "game", "phase"]) {
      delete document.body.dataset[k];
    }
    const path = location.pathname;
    let m;
    if ((m = /^\/t\/([^/]+)\/?$/.exec(path))) current = new TablePage(main, decodeURIComponent(m[1]));
    else if ((m = /^\/replay\/([^/]+)\/?$/.exec(path))) current = new TP.ReplayPage(main, decodeURIComponent(m[1]));
    else current = new Lobby(main);
    document.body.dataset.page = current.kind;
  }

  /* ================= the lobby ================= */
  class Lobby {
    constructor(root) {
      this.kind = "lobby";
      this.root = root;
      this.games = null;
      this.tables = [];
      this.timer = null;
      this.form = { game: null, preset: null, values: {}, seats: [], mySeat: "P1" };
      this.build();
      this.load();
    }
    leave() { clearInterval(this.timer); }
    relabel() { this.build(); this.renderTables(); this.renderCreate(); }

    build() {
      this.root.textContent = "";
      this.nameInput = h("input", { id: "name", type: "text", maxlength: "24", autocomplete: "nickname",
        value: LS.get("name", ""), placeholder: t("your_name"),
        oninput: (e) => LS.set("name", e.target.value.trim()) });
      const codeInput = h("input", { id: "code-input", type: "text", maxlength: "32",
        placeholder: t("code"), autocapitalize: "characters" });
      this.tablesBox = h("div", { id: "tables" });
      this.createBox = h("div", { id: "create" });
      this.finishedBox = h("section", { class: "card-box finished-box hidden" });
      this.root.append(h("div", { class: "lobby" },
        h("section", { class: "card-box who" },
          h("label", { for: "name", text: t("your_name") }), this.nameInput),
        h("section", { class: "card-box join-code" },
          h("h2", { text: t("join_code") }),
          h("form", { class: "row", onsubmit: (e) => {
            e.preventDefault();
            const code = codeInput.value.trim().toUpperCase();
            if (code) go("/t/" + encodeURIComponent(code));
          } }, codeInput, h("button", { class: "btn", type: "submit", text: t("go") }))),
        h("section", { class: "card-box tables-box" },
          h("div", { class: "row spread" }, h("h2", { text: t("tables") }),
            h("button", { class: "btn small", text: t("refresh"), onclick: () => this.loadTables() })),
          this.tablesBox),
        h("section", { class: "card-box create-box" }, h("h2", { text: t("create_table") }),
          this.createBox),
        this.finishedBox));
    }

    name() {
      const n = this.nameInput.value.trim();
      if (!n || n.length > 24) {
        toast(t("name_needed"), "error");
        this.nameInput.focus();
        return null;
      }
      LS.set("name", n);
      return n;
    }

    async load() {
      try {
        this.games = await api("GET", "/api/games");
      } catch (e) {
        toast(e.message, "error");
        return;
      }
      const g = this.games.games[0];
      this.selectGame(g.name);
      this.loadTables();
      this.timer = setInterval(() => this.loadTables(), 5000);
    }

    async loadTables() {
      try {
        const [live, done] = await Promise.all([api("GET", "/api/tables"),
          api("GET", "/api/tables?status=finished").catch(() => ({ tables: [] }))]);
        this.tables = live.tables || [];
        this.finished = (done.tables || []).slice(0, 10);
      } catch (e) {
        this.tables = [];
      }
      this.renderTables();
    }

    renderTables() {
      this.renderFinished();
      const box = this.tablesBox;
      if (!box) return;
      box.textContent = "";
      if (!this.tables.length) {
        box.append(h("p", { class: "muted", text: t("no_tables") }));
        return;
      }
      const list = h("ul", { class: "table-list" });
      for (const tb of this.tables) {
        const free = tb.seats.filter((s) => !s.taken);
        const mine = seatFor(tb.code);
        const own = mine && mine.token && mine.table_id === tb.id ? mine : null;
        const seats = h("span", { class: "seat-list" });
        for (const s of tb.seats) {
          const label = s.kind === "bot" ? TP.botName(s.seat, s.level || s.bot) :
            s.taken ? s.name : "— " + t("free") + " —";
          seats.append(h("span", { class: "seat-chip" + (s.taken ? "" : " free"),
            text: s.seat + " " + label }));
        }
        list.append(h("li", { class: "table-item" + (own ? " own" : ""), dataset: { code: tb.code } },
          h("div", { class: "table-head" },
            h("b", { text: t("game_" + tb.game) + " · " + TP.presetName(tb.game, tb.preset) }),
            h("span", { class: "muted", text: " " + t("code") + " " + tb.code + " · " +
              t("status_" + tb.status) })),
          seats,
          h("div", { class: "row" },
            own ? h("button", { class: "btn primary return-btn", text: t("your_seat_return",
              { seat: own.seat }), onclick: () => go("/t/" + tb.code) }) : null,
            free.length && !own ? h("button", { class: "btn primary join-btn", text: t("join"),
              onclick: () => this.join(tb.code) }) : null,
            h("button", { class: "btn watch-btn", text: t("watch"),
              onclick: () => { saveSeat(tb.code, { table_id: tb.id }); go("/t/" + tb.code + "#watch"); } }))));
      }
      box.append(list);
    }

    renderFinished() {
      const box = this.finishedBox;
      if (!box) return;
      box.textContent = "";
      const done = this.finished || [];
      box.classList.toggle("hidden", !done.length);
      if (!done.length) return;
      box.append(h("h2", { text: t("finished_games") }));
      const list = h("ul", { class: "table-list finished-list" });
      this.results = this.results || {};
      for (const tb of done) {
        const who = tb.seats.map((s) => s.kind === "bot" ? TP.botName(s.seat, s.level || s.bot) :
          s.name).join(", ");
        const res = this.results[tb.id];
        if (res === undefined) this.loadResult(tb.id);
        const date = tb.created ? new Date(tb.created * 1000).toLocaleString(TP.getLang(),
          { dateStyle: "medium", timeStyle: "short" }) : "";
        const info = res && res.result ? this.resultLine(tb, res.result) : "";
        list.append(h("li", { class: "table-item", dataset: { code: tb.code } },
          h("div", { class: "row spread" },
            h("span", {}, h("b", { text: t("game_" + tb.game) + " · " + TP.presetName(tb.game, tb.preset) }),
              h("span", { class: "muted", text: " " + who }),
              h("div", { class: "finished-line", text: t("finished_on", { date: date,
                score: info }) })),
            h("a", { class: "btn small replay-btn", href: "/replay/" + tb.id, text: t("replay"),
              onclick: (e) => { e.preventDefault(); go("/replay/" + tb.id); } }))));
      }
      box.append(list);
    }

    async loadResult(id) {
      this.results[id] = null;
      try {
        this.results[id] = await api("GET", "/api/tables/" + encodeURIComponent(id) + "/deals");
        this.renderFinished();
      } catch (e) { /* the line stays without its score */ }
    }

    /** "A 1012 – B 730 · Team A wins" or the chips and who holds them all. */
    resultLine(tb, res) {
      const name = (seat) => {
        const s = tb.seats.find((x) => x.seat === seat) || {};
        return s.kind === "bot" ? TP.botName(seat, s.level || s.bot) : s.name || seat;
      };
      let score = "";
      if (res.scores) score = Object.keys(res.scores).map((k) => k + " " + res.scores[k]).join(" – ");
      else if (res.stacks) score = Object.keys(res.stacks).map((k) => name(k) + " " + res.stacks[k]).join(", ");
      const w = res.winner;
      if (w) score += " · " + t("winner", { winner: w.length === 1 ? t("team", { team: w }) : name(w) });
      return score;
    }

    async join(code, seat) {
      const name = this.name();
      if (!name) return;
      try {
        const res = await api("POST", "/api/tables/" + encodeURIComponent(code) + "/join",
          seat ? { name: name, seat: seat } : { name: name });
        saveSeat(res.code, { table_id: res.table_id, seat: res.seat, token: res.token });
        go("/t/" + res.code);
      } catch (e) {
        toast(e.message, "error");
        this.loadTables();
      }
    }

    /* ---- create a table ---- */
    gameInfo() { return this.games.games.find((g) => g.name === this.form.game); }

    selectGame(name) {
      this.form.game = name;
      this.selectPreset(this.gameInfo().default_preset);
    }

    selectPreset(preset) {
      const g = this.gameInfo();
      this.form.preset = preset;
      this.form.values = {};
      for (const o of g.options) this.form.values[o.name] = o.default[preset];
      this.resetSeats();
      this.renderCreate();
    }

    nSeats() {
      const g = this.gameInfo();
      const p = this.form.values.players;
      if (typeof p === "number" && p > 0) return p;
      return (g.players && g.players[this.form.preset]) || 4;
    }

    resetSeats() {
      const g = this.gameInfo();
      const n = this.nSeats();
      const old = this.form.seats;
      const seats = [];
      for (let i = 0; i < n; i++) {
        seats.push(old[i] && old.length ? old[i] : i === 0 ? "human" : "bot:" + g.default_bot);
      }
      if (!seats.includes("human")) seats[0] = "human";
      this.form.seats = seats;
      if (!/^P\d+$/.test(this.form.mySeat) || parseInt(this.form.mySeat.slice(1), 10) > n ||
          seats[parseInt(this.form.mySeat.slice(1), 10) - 1] !== "human") {
        this.form.mySeat = "P" + (seats.indexOf("human") + 1);
      }
    }

    optionInput(o) {
      const value = this.form.values[o.name];
      const dflt = o.default[this.form.preset];
      const id = "opt-" + o.name;
      const set = (v) => {
        this.form.values[o.name] = v;
        if (o.name === "players") { this.resetSeats(); this.renderCreate(); }
        else if (this.gatesOthers(o.name)) this.renderCreate();
        else this.markChanged(o, row);
      };
      const text = TP.optionText(this.form.game, o.name);
      const label = text ? text.label : o.name;
      const help = text ? text.help : TP.plainHelp(o.help);
      let input;
      if (o.choices) {
        input = h("select", { id: id, onchange: (e) => set(JSON.parse(e.target.value)) });
        for (const c of o.choices) {
          input.append(h("option", { value: JSON.stringify(c), text: TP.choiceText(c),
            selected: JSON.stringify(c) === JSON.stringify(value) }));
        }
      } else if (o.type === "bool") {
        input = h("input", { id: id, type: "checkbox", checked: !!value,
          onchange: (e) => set(e.target.checked) });
      } else if (o.type === "int" || dflt === null) {
        input = h("input", { id: id, type: "number", step: "1", inputmode: "numeric",
          min: o.min === null ? null : String(o.min), max: o.max === null ? null : String(o.max),
          value: value === null ? "" : String(value),
          placeholder: dflt === null ? t("none_value") : "",
          oninput: (e) => {
            const raw = e.target.value.trim();
            if (raw === "") set(dflt === null ? null : dflt);
            else if (/^-?\d+$/.test(raw)) set(parseInt(raw, 10));
          } });
      } else {
        input = h("input", { id: id, type: "text", value: value === null ? "" : String(value),
          oninput: (e) => set(e.target.value) });
      }
      input.dataset.option = o.name;
      const row = h("div", { class: "opt", title: help, dataset: { name: o.name } },
        h("label", { for: id }, h("span", { class: "opt-name", text: label }),
          h("span", { class: "opt-default", text: " (" + t("default_value") + ": " +
            (dflt === null ? t("none_value") : TP.choiceText(dflt)) + ")" })),
        input, h("div", { class: "opt-help", text: help }));
      this.markChanged(o, row);
      return row;
    }

    /** Does another option of this game apply only for some values of `name`? */
    gatesOthers(name) {
      return this.gameInfo().options.some((o) => {
        const x = TP.optionText(this.form.game, o.name);
        return x && name in x.when;
      });
    }

    /** An option applies when the options it depends on have one of its values. */
    applies(o) {
      const x = TP.optionText(this.form.game, o.name);
      if (!x) return true;
      return Object.keys(x.when).every((k) =>
        x.when[k].some((v) => JSON.stringify(v) === JSON.stringify(this.form.values[k])));
    }

    markChanged(o, row) {
      const changed = JSON.stringify(this.form.values[o.name]) !==
        JSON.stringify(o.default[this.form.preset]);
      row.classList.toggle("changed", changed);
    }

    renderCreate() {
      const box = this.createBox;
      if (!box || !this.games) return;
      box.textContent = "";
      const g = this.gameInfo();
      const gameSel = h("select", { id: "game", onchange: (e) => this.selectGame(e.target.value) });
      for (const x of this.games.games) {
        gameSel.append(h("option", { value: x.name, text: t("game_" + x.name), selected: x.name === g.name }));
      }
      const presetSel = h("select", { id: "preset", onchange: (e) => this.selectPreset(e.target.value) });
      for (const p of g.presets) {
        presetSel.append(h("option", { value: p, text: TP.presetName(g.name, p),
          selected: p === this.form.preset }));
      }
      box.append(h("div", { class: "grid2" },
        h("label", { for: "game", text: t("game") }), gameSel,
        h("label", { for: "preset", text: t("preset") }), presetSel));
      // the target (and the number of players) first, then every other option
      const first = g.options.filter((o) => o.name === "target" || o.name === "players");
      const rest = g.options.filter((o) => o.name !== "target" && o.name !== "players" &&
        this.applies(o));
      box.append(h("div", { class: "opts main-opts" }, first.map((o) => this.optionInput(o))));
      // the others grouped (bidding, declarations, play, scoring…), only those that apply
      const groups = [];
      for (const o of rest) {
        const x = TP.optionText(g.name, o.name);
        const key = x ? x.group : "";
        let grp = groups.find((q) => q.key === key);
        if (!grp) { grp = { key: key, opts: [] }; groups.push(grp); }
        grp.opts.push(o);
      }
      const ORDER = ["grp_table", "grp_bidding", "grp_declarations", "grp_play", "grp_chips",
        "grp_closing", "grp_scoring", ""];
      groups.sort((x, y) => ORDER.indexOf(x.key) - ORDER.indexOf(y.key));
      const more = h("details", { class: "opts-more", open: this.moreOpen ? true : null,
        ontoggle: (e) => { this.moreOpen = e.target.open; } },
      h("summary", { text: t("options") + " (" + rest.length + ")" }));
      for (const grp of groups) {
        more.append(h("fieldset", { class: "opt-group", dataset: { group: grp.key } },
          h("legend", { text: grp.key ? TP.pt(grp.key) : t("group_other") }),
          h("div", { class: "opts" }, grp.opts.map((o) => this.optionInput(o)))));
      }
      box.append(more);
      // seats
      const seatsBox = h("div", { class: "seats-form" }, h("h3", { text: t("seats") }));
      this.form.seats.forEach((kind, i) => {
        const seat = "P" + (i + 1);
        const sel = h("select", { class: "seat-kind", dataset: { seat: seat },
          "aria-label": t("seat") + " " + seat,
          onchange: (e) => {
            this.form.seats[i] = e.target.value;
            if (e.target.value !== "human" && this.form.mySeat === seat) this.resetSeats();
            if (!this.form.seats.includes("human")) { this.form.seats[i] = "human"; }
            this.renderCreate();
          } });
        sel.append(h("option", { value: "human", text: t("open_seat"), selected: kind === "human" }));
        for (const lv of g.levels) {
          sel.append(h("option", { value: "level:" + lv, text: TP.botName(seat, lv),
            selected: kind === "level:" + lv || kind === "bot:" + lv }));
        }
        for (const b of g.bots) {
          sel.append(h("option", { value: "bot:" + b, text: TP.botName(seat, b),
            selected: kind === "bot:" + b }));
        }
        const mine = h("label", { class: "my-seat" + (kind === "human" ? "" : " invisible") },
          h("input", { type: "radio", name: "my-seat", value: seat, checked: this.form.mySeat === seat,
            disabled: kind !== "human", onchange: () => { this.form.mySeat = seat; } }),
          " " + t("my_seat"));
        seatsBox.append(h("div", { class: "seat-row" }, h("b", { text: seat }), sel, mine));
      });
      box.append(seatsBox);
      box.append(TP.room.fields()); // clock, bank, hold the deal, private (room.js)
      box.append(h("button", { id: "create-btn", class: "btn primary big", text: t("create"),
        onclick: () => this.create() }));
    }

    async create() {
      const name = this.name();
      if (!name) return;
      const g = this.gameInfo();
      const options = {};
      for (const o of g.options) {
        const v = this.form.values[o.name];
        if (JSON.stringify(v) !== JSON.stringify(o.default[this.form.preset])) options[o.name] = v;
      }
      const seats = this.form.seats.map((k) => {
        if (k === "human") return { kind: "human" };
        const [how, which] = k.split(":");
        return how === "level" ? { kind: "bot", level: which } : { kind: "bot", bot: which };
      });
      const body = { game: g.name, preset: this.form.preset, options: options, seats: seats,
        name: name, seat: this.form.mySeat, table: TP.room.values() };
      try {
        const res = await api("POST", "/api/tables", body);
        saveSeat(res.code, { table_id: res.table_id, seat: res.seat, token: res.token });
        go("/t/" + res.code);
      } catch (e) {
        toast(e.message, "error");
      }
    }
  }

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
        if (found.status === "finished") { go("/replay/" + found.id); return; }
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
      const seatSel = h("select", { id: "join-seat" });
      for (const s of listing.seats.filter((x) => !x.taken)) {
        seatSel.append(h("option", { value: s.seat, text: s.seat }));
      }
      const who = listing.seats.map((s) => s.seat + ": " + (s.kind === "bot" ? t("bot") + " " + (s.level || s.bot) :
        s.taken ? s.name : t("free"))).join(" · ");
      this.root.append(h("div", { class: "card-box join-panel" },
        h("h2", { text: t("game_" + listing.game) + " · " + listing.preset + " · " + listing.code }),
        h("p", { class: "muted", text: who }),
        h("form", { class: "join-form", onsubmit: async (e) => {
          e.preventDefault();
          const name = nameInput.value.trim();
          if (!name) { toast(t("name_needed"), "error"); return; }
          LS.set("name", name);
          try {
            const res = await api("POST", "/api/tables/" + encodeURIComponent(listing.code) + "/join",
              { name: name, seat: seatSel.value });
            saveSeat(listing.code, { table_id: res.table_id, seat: res.seat, token: res.token });
            this.tableId = res.table_id;
            this.token = res.token;
            this.seat = res.seat;
            this.open();
          } catch (err) { toast(err.message, "error"); }
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
      this.fair = new TP.FairDeal(this.room.el.parentNode);
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
        const res = await api("POST", "/api/tables/" + encodeURIComponent(this.tableId) + "/rematch",
          { token: this.token });
        saveSeat(res.code, { table_id: res.table_id, seat: res.seat, token: res.token });
        go("/t/" + res.code);
      } catch (e) { toast(e.message, "error"); }
    }

    connect() {
      if (this.closing) return;
      const proto = location.protocol === "https:" ? "wss://" : "ws://";
      const url = proto + location.host + "/ws/" + encodeURIComponent(this.tableId) +
        (this.token ? "?token=" + encodeURIComponent(this.token) : "");
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
      if (this.room && this.room.onMessage(msg, this.view)) return;
      if (msg.type === "state") {
        this.retry = 0;
        this.badToken = false;
        const first = !this.view.msg;
        this.view.setState(msg);
        if (this.room) this.room.setState(msg);
        if (this.fair) this.fair.onState(msg);
        if (first) window.scrollTo(0, 0);
        this.toastMove(msg);
      } else if (msg.type === "chat") {
        this.view.addChat(msg);
      } else if (msg.type === "chat_history") {
        this.view.setChat(msg.messages || []);
      } else if (msg.type === "error") {
        if (/token/.test(msg.message || "")) this.badToken = true;
        if (msg.code !== "rate_limited" || !this.lastRate || Date.now() - this.lastRate > 3000) {
          toast(msg.message || msg.code, "error");
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

  /* ---- boot ---- */
  Object.assign(TP, { h, api, toast, copy, go, LS, page: () => current, reducedMotion, beep });
  async function boot() {
    await TP.loadStrings();
    const saved = LS.get("lang", null);
    const nav = (navigator.language || "en").slice(0, 2).toLowerCase();
    TP.setLang(saved || (TP.LANGS.includes(nav) ? nav : "en"));
    header.build();
    window.addEventListener("popstate", route);
    route();
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", boot);
  else boot();
})();
