/* trapoula: the lobby page: your name, joining by code, the tables (live and finished) and
   the form that creates a table from the games' options (GET /api/games). */
"use strict";
(function () {
  const TP = window.TP;
  const t = (k, a) => TP.t(k, a);
  const { h, api, toast, LS, seatFor, saveSeat } = TP;
  const go = (path) => TP.go(path);

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
    leave() { clearInterval(this.timer); if (this.social) this.social.stop(); }
    relabel() { this.build(); this.renderTables(); this.renderCreate(); }

    build() {
      this.root.textContent = "";
      this.nameInput = h("input", { id: "name", type: "text", maxlength: "24", autocomplete: "nickname",
        value: LS.get("name", ""), placeholder: t("your_name"),
        oninput: (e) => LS.set("name", e.target.value.trim()) });
      TP.accountName(this.nameInput); // signed in: the account's name (account.js)
      const codeInput = h("input", { id: "code-input", type: "text", maxlength: "32",
        placeholder: t("code"), autocapitalize: "characters" });
      this.tablesBox = h("div", { id: "tables" });
      this.createBox = h("div", { id: "create" });
      this.finishedBox = h("section", { class: "card-box finished-box hidden" });
      if (this.social) this.social.stop();
      this.social = TP.FriendsPanel ? new TP.FriendsPanel(this) : null; // social.js
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
        this.social ? this.social.box : null,
        h("section", { class: "card-box create-box" }, h("h2", { text: t("create_table") }),
          this.createBox),
        this.finishedBox, TP.clubLinks()));
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
        toast(TP.errorText(e.code, e.message), "error");
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
              t("status_" + tb.status) }),
            (tb.settings || {}).seed_chosen ? h("span", { class: "tag seeded", title: t("seeded_help"),
              text: t("seeded") }) : null,
            h("span", { class: "tag " + (tb.rated ? "rated" : "unrated"), text: t(tb.rated ? "rt_rated" : "rt_unrated") })),
          seats,
          h("div", { class: "row" },
            own ? h("button", { class: "btn primary return-btn", text: t("your_seat_return",
              { seat: own.seat }), onclick: () => go("/t/" + tb.code) }) : null,
            free.length && !own && !(tb.settings || {}).seed_chosen ? h("button", { class: "btn primary join-btn", text: t("join"),
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
        const v = TP.fairValue(); // this seat's value for the seed (fairdeal.js)
        const res = await api("POST", "/api/tables/" + encodeURIComponent(code) + "/join",
          seat ? { name: name, seat: seat, commit: v.commit } : { name: name, commit: v.commit });
        saveSeat(res.code, { table_id: res.table_id, seat: res.seat, token: res.token, fair: v.value });
        go("/t/" + res.code);
      } catch (e) {
        toast(TP.errorText(e.code, e.message), "error");
        this.loadTables();
      }
    }

    /* ---- create a table ---- */
    gameInfo() { return this.games.games.find((g) => g.name === this.form.game); }

    selectGame(name) {
      this.form.game = name;
      this.selectPreset(this.gameInfo().default_preset);
    }

    defaultBot(g) {  // the bot a seat gets by default: per preset (learned where it beats hard)
      return "bot:" + ((g.default_bots && g.default_bots[this.form.preset]) || g.default_bot);
    }

    selectPreset(preset) {
      const g = this.gameInfo();
      const before = this.defaultBot(g);
      this.form.preset = preset;
      const after = this.defaultBot(g);
      this.form.seats = this.form.seats.map((s) => (s === before ? after : s));
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
        seats.push(old[i] && old.length ? old[i] : i === 0 ? "human" : this.defaultBot(g));
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
      const v = TP.fairValue(); // this seat's value for the seed (fairdeal.js)
      body.commit = v.commit;
      try {
        const res = await api("POST", "/api/tables", body);
        saveSeat(res.code, { table_id: res.table_id, seat: res.seat, token: res.token, fair: v.value });
        go("/t/" + res.code);
      } catch (e) {
        toast(TP.errorText(e.code, e.message), "error");
      }
    }
  }

  TP.Lobby = Lobby;
})();
