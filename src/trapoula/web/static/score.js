/* trapoula: the score sheet of a game played with real cards, on a phone (/score). The page
   keeps the sheet (the game, preset, names and entries: trapoula.club's JSON) in this
   browser's storage; each entry is sent with the sheet to POST /api/score/add, which answers
   the sheet replayed — the sums are the server's (the games' own scoring, as `trapoula
   score`), never the page's. A signed-in account may keep sheets on the server too.
   Hooks: app.js (TP.clubRoute), lobby.js (TP.clubLinks). */
"use strict";
(function () {
  const TP = window.TP;
  const t = (k, a) => TP.t(k, a);
  const { h, api, toast, LS } = TP;
  const GAMES = ["bourloto", "burraco", "bourre"];
  const YESNO = new Set(["pozzetto", "closed"]);
  const NUMBER = new Set(["tricks", "decl", "ante", "melds", "clean", "dirty", "semi", "held"]);

  /** A question's label in the page's language: its key's last word, with the side's name. */
  function label(game, key, english, names) {
    const parts = key.split(".");
    const side = parts.find((p) => p in names);
    const word = parts.filter((p) => !(p in names)).pop() || key;
    const k = TP.STRINGS["sc_q_" + game + "_" + word] ? "sc_q_" + game + "_" + word : "sc_q_" + word;
    if (!TP.STRINGS[k]) return english;
    return t(k, { side: side ? names[side] : "" });
  }

  class ScorePage {
    constructor(root) {
      this.kind = "score";
      this.root = root;
      this.v = null; // the server's view of the sheet (web/club/api_score.py view())
      this.savedId = LS.get("score.id", null);
      this.build();
      const kept = LS.get("score.sheet", null);
      if (kept) this.call("/api/score/view", { sheet: kept }).catch(() => this.forget());
    }
    leave() {}
    relabel() { this.build(); if (this.v) this.show(this.v); }

    forget() { LS.set("score.sheet", null); LS.set("score.id", null); this.savedId = null; this.v = null; this.build(); }

    async call(path, body) {
      try {
        const v = await api("POST", path, body);
        this.show(v);
        return v;
      } catch (e) {
        this.error.textContent = TP.errorText(e.code, e.message);
        throw e;
      }
    }

    build() {
      this.root.textContent = "";
      this.error = h("p", { id: "score-error", class: "score-error", role: "alert" });
      this.setup = h("section", { id: "score-setup", class: "card-box" });
      this.sheetBox = h("section", { id: "score-sheet", class: "card-box hidden" });
      this.savedBox = h("section", { id: "score-saved", class: "card-box hidden" });
      this.root.append(h("div", { class: "score-page" },
        h("h1", { text: t("sc_title") }), this.setup, this.sheetBox, this.error, this.savedBox));
      this.buildSetup();
      this.loadSaved();
    }

    buildSetup() {
      const game = h("select", { id: "score-game", "aria-label": t("game") },
        GAMES.map((g) => h("option", { value: g, text: t("game_" + g) })));
      const preset = h("select", { id: "score-preset", "aria-label": t("preset") });
      const players = h("select", { id: "score-players", "aria-label": t("sc_players") });
      const hands = h("select", { id: "score-hands", "aria-label": t("sc_hands") },
        h("option", { value: "", text: t("sc_hands_free") }),
        h("option", { value: "3", text: "3" }), h("option", { value: "4", text: "4" }));
      const fill = () => {
        const g = game.value;
        preset.textContent = "";
        const presets = { bourloto: ["ru", "gr", "pexevida"], burraco: ["seed", "fibur"], bourre: ["ru"] }[g];
        for (const p of presets) preset.append(h("option", { value: p, text: TP.presetName(g, p) }));
        players.textContent = "";
        const counts = { bourloto: [4], burraco: [4, 2, 3], bourre: [4, 2, 3, 5, 6, 7] }[g];
        for (const n of counts) players.append(h("option", { value: String(n), text: String(n) }));
        players.disabled = counts.length === 1;
        if (hands.parentElement) hands.parentElement.classList.toggle("hidden", g !== "burraco");
      };
      game.addEventListener("change", fill);
      const start = h("button", { id: "score-start", class: "btn primary", text: t("sc_start"),
        onclick: () => {
          const body = { game: game.value, preset: preset.value };
          if (!players.disabled) body.players = parseInt(players.value, 10);
          if (game.value === "burraco" && hands.value) body.hands = parseInt(hands.value, 10);
          this.savedId = null;
          LS.set("score.id", null);
          this.call("/api/score/new", body).catch(() => {});
        } });
      this.setup.append(h("h2", { text: t("sc_new") }), h("div", { class: "grid2" },
        h("label", { for: "score-game", text: t("game") }), game,
        h("label", { for: "score-preset", text: t("preset") }), preset,
        h("label", { for: "score-players", text: t("sc_players") }), players),
      h("div", { class: "grid2" }, h("label", { for: "score-hands", text: t("sc_hands") }), hands),
      start);
      fill();
    }

    /** The sheet as the server sums it: names, rows, totals, who leads or won, next entry. */
    show(v) {
      this.v = v;
      this.error.textContent = "";
      LS.set("score.sheet", v.sheet);
      this.setup.classList.add("hidden");
      const box = this.sheetBox;
      box.classList.remove("hidden");
      box.textContent = "";
      box.dataset.game = v.game;
      const names = v.names;
      const nameRow = h("div", { class: "score-names row" }, v.sides.map((s) =>
        h("input", { class: "score-name", type: "text", maxlength: "40", value: names[s],
          "aria-label": t("sc_name_of", { side: s }), dataset: { side: s },
          onchange: (e) => {
            const sheet = Object.assign({}, v.sheet, { names: Object.assign({}, v.sheet.names, { [s]: e.target.value.trim() }) });
            this.call("/api/score/view", { sheet: sheet }).catch(() => {});
          } })));
      const head = h("tr", {}, h("th", { text: "#" }), v.sides.map((s) => h("th", { text: names[s] })));
      const en = TP.getLang() === "en"; // the server's own lines (as `trapoula score` prints them) are English
      const body = h("tbody", { id: "score-rows" }, v.table.map((r, i) => h("tr", { title: en ? v.rows[i] : null },
        h("td", { text: String(r.n) }),
        v.sides.map((s) => h("td", { class: "num" },
          h("span", { class: "delta", text: (r.scores[s] > 0 ? "+" : "") + r.scores[s] }),
          " ", h("b", { text: String(r.totals[s]) }))))));
      const totals = h("tr", { id: "score-totals" }, h("th", { text: "Σ" }),
        v.sides.map((s) => h("th", { class: "num", dataset: { side: s }, text: String(v.totals[s]) })));
      const result = h("p", { id: "score-result", class: "score-result",
        dataset: { leader: v.leader || "", winner: v.winner || "", over: v.over ? "1" : "" },
        text: v.winner ? t("sc_won", { name: names[v.winner] }) : v.over ? t("sc_over")
          : v.leader ? t("sc_leads", { name: names[v.leader] }) : t("sc_level") });
      box.append(h("p", { class: "muted", text: en ? v.describe : t("game_" + v.game) + " · " + TP.presetName(v.game, v.preset) }), nameRow,
        h("div", { class: "score-scroll" }, h("table", { class: "score-table" }, h("thead", {}, head), body, h("tfoot", {}, totals))),
        result, this.entryForm(v), this.buttons(v));
    }

    entryForm(v) {
      if (v.over) return h("div");
      const fields = {};
      const rows = v.questions.map(([key, english]) => {
        const word = key.split(".").filter((p) => !(p in v.names)).pop();
        const id = "score-f-" + key.replace(/\W/g, "-");
        let input;
        if (YESNO.has(word)) {
          input = h("input", { id: id, type: "checkbox" });
          fields[key] = () => (input.checked ? "y" : "n");
        } else if (word === "buyer" || word === "capot") {
          input = h("select", { id: id }, h("option", { value: "", text: word === "capot" ? t("sc_none") : "—" }),
            v.sides.map((s) => h("option", { value: s, text: v.names[s] })),
            word === "buyer" ? h("option", { value: "none", text: t("sc_none") }) : null);
          fields[key] = () => input.value;
        } else if (word === "play") {
          input = h("select", { id: id }, h("option", { value: "0", text: "0" }),
            ["1", "2", "3", "4"].map((n) => h("option", { value: n, text: n })),
            h("option", { value: "fold", text: t("sc_fold") }));
          fields[key] = () => input.value;
        } else {
          input = h("input", { id: id, type: NUMBER.has(word) ? "number" : "text",
            inputmode: NUMBER.has(word) ? "numeric" : null, placeholder: (/\((\d+)\)/.exec(english) || [])[1] || "" });
          fields[key] = () => input.value;
        }
        input.dataset.key = key;
        return [h("label", { for: id, title: TP.getLang() === "en" ? english : null, text: label(v.game, key, english, v.names) }), input];
      });
      const form = h("form", { id: "score-form", class: "score-form", onsubmit: (e) => {
        e.preventDefault();
        const out = {};
        for (const k of Object.keys(fields)) out[k] = fields[k]();
        this.call("/api/score/add", { sheet: v.sheet, fields: out }).catch(() => {});
      } }, h("h2", { text: t(v.label === "hand" ? "sc_hand_n" : "sc_deal_n", { n: v.table.length + 1 }) }),
      h("div", { class: "grid2" }, rows),
      h("button", { id: "score-add", class: "btn primary big", type: "submit", text: t("sc_add") }));
      return form;
    }

    buttons(v) {
      const me = TP.account && TP.account.me;
      return h("div", { class: "row score-buttons" },
        h("button", { id: "score-undo", class: "btn", disabled: !v.table.length, text: t("sc_undo"),
          onclick: () => this.call("/api/score/undo", { sheet: v.sheet }).catch(() => {}) }),
        h("button", { id: "score-new", class: "btn", text: t("sc_new"), onclick: () => {
          if (window.confirm(t("sc_new_sure"))) this.forget();
        } }),
        me ? h("button", { id: "score-save", class: "btn", text: t("sc_save"), onclick: async () => {
          try {
            const res = await api("POST", "/api/score/sheets", { id: this.savedId || undefined, sheet: v.sheet });
            this.savedId = res.id;
            LS.set("score.id", res.id);
            toast(t("sc_saved"));
            this.loadSaved();
          } catch (e) { this.error.textContent = TP.errorText(e.code, e.message); }
        } }) : h("span", { class: "muted", text: t("sc_sign_in_to_save") }));
    }

    /** The signed-in account's sheets on the server. */
    async loadSaved() {
      const me = TP.account && TP.account.me;
      if (!me) return;
      let res;
      try { res = await api("GET", "/api/score/sheets"); } catch (e) { return; }
      const box = this.savedBox;
      box.textContent = "";
      box.classList.toggle("hidden", !res.sheets.length);
      box.append(h("h2", { text: t("sc_saved_sheets") }), h("ul", { class: "score-saved-list" },
        res.sheets.map((s) => h("li", {}, h("button", { class: "btn small", text: s.title, onclick: async () => {
          try {
            const v = await api("GET", "/api/score/sheets/" + encodeURIComponent(s.id));
            this.savedId = s.id;
            LS.set("score.id", s.id);
            this.show(v);
          } catch (e) { this.error.textContent = TP.errorText(e.code, e.message); }
        } }), " ", h("span", { class: "muted", text: new Date(s.updated * 1000).toLocaleString() })))));
    }
  }

  /** The club pages' routes (app.js): a page maker for the path, or null. */
  function clubRoute(path) {
    let m;
    if (/^\/score\/?$/.test(path)) return (main) => new ScorePage(main);
    if (/^\/nights\/?$/.test(path) && TP.NightsPage) return (main) => new TP.NightsPage(main);
    if (/^\/clubs\/?$/.test(path) && TP.ClubsPage) return (main) => new TP.ClubsPage(main);
    if (/^\/tourneys\/?$/.test(path) && TP.TourneysPage) return (main) => new TP.TourneysPage(main);
    if ((m = /^\/tourney\/([^/]+)\/?$/.exec(path)) && TP.TourneyPage) {
      return (main) => new TP.TourneyPage(main, decodeURIComponent(m[1]));
    }
    if ((m = /^\/club\/([^/]+)\/?$/.exec(path)) && TP.ClubPage) {
      return (main) => new TP.ClubPage(main, decodeURIComponent(m[1]));
    }
    if ((m = /^\/night\/([^/]+)\/t\/([^/]+)\/?$/.exec(path)) && TP.TableEntryPage) {
      return (main) => new TP.TableEntryPage(main, decodeURIComponent(m[1]), decodeURIComponent(m[2]));
    }
    if ((m = /^\/night\/([^/]+)\/?$/.exec(path)) && TP.NightPage) {
      return (main) => new TP.NightPage(main, decodeURIComponent(m[1]));
    }
    return null;
  }
  /** The lobby's links to the club pages. */
  function clubLinks() {
    const link = (href, key) => h("a", { class: "btn", href: href, text: t(key),
      onclick: (e) => { e.preventDefault(); TP.go(href); } });
    return h("section", { class: "card-box club-links row" }, link("/score", "sc_title"),
      link("/nights", "cn_title"), link("/clubs", "cl_title"),
      TP.TourneysPage ? link("/tourneys", "tt_title") : null);
  }

  Object.assign(TP, { ScorePage, clubRoute, clubLinks });
})();
