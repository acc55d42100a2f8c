/* trapoula: club nights played with real cards (docs/web.md, "Clubs and tournaments"):
   /nights — a signed-in director's nights and the form that creates one (?club=id: a night
   of that club, on its calendar);
   /night/{code} — the standings screen anyone can open (it asks the server again every few
   seconds), with the director's controls when the director looks at it: register the pairs,
   pair each round, each table's link, correct a result, export;
   /night/{code}/t/{table} — a table's phone page: enter the match's result (no account).
   Pairings and scores are the server's (trapoula.club). Hook: score.js's TP.clubRoute. */
"use strict";
(function () {
  const TP = window.TP;
  const t = (k, a) => TP.t(k, a);
  const { h, api, toast } = TP;
  const REFRESH_MS = 3000;
  const go = (path) => TP.go(path);
  const link = (href, text, attrs) => h("a", Object.assign({ href: href, text: text,
    onclick: (e) => { e.preventDefault(); go(href); } }, attrs || {}));
  const errorOf = (e) => TP.errorText(e.code, e.message);

  /* ================= the director's nights ================= */
  class NightsPage {
    constructor(root) {
      this.kind = "nights";
      this.root = root;
      this.build();
    }
    leave() {}
    relabel() { this.build(); }

    async build() {
      this.root.textContent = "";
      const box = h("div", { class: "nights-page" }, h("h1", { text: t("cn_title") }));
      this.root.append(box);
      const me = TP.account && TP.account.me;
      if (!me) {
        box.append(h("section", { class: "card-box" }, h("p", { text: t("cn_sign_in") }),
          h("button", { class: "btn primary", text: t("acc_sign_in"), onclick: () => TP.openAccount() })));
        return;
      }
      const title = h("input", { id: "night-title", type: "text", maxlength: "80" });
      const game = h("select", { id: "night-game" }, ["burraco", "bourloto"].map((g) =>
        h("option", { value: g, text: t("game_" + g) })));
      const system = h("select", { id: "night-system" }, ["swiss", "danish", "round_robin"].map((s) =>
        h("option", { value: s, text: t("cn_sys_" + s) })));
      const scoring = h("select", { id: "night-scoring" });
      const fillScoring = () => {
        scoring.textContent = "";
        const list = game.value === "burraco" ? ["fibur3", "fibur4", "wdl"] : ["wdl"];
        for (const s of list) scoring.append(h("option", { value: s, text: t("cn_sc_" + s) }));
      };
      game.addEventListener("change", fillScoring);
      fillScoring();
      const starts = h("input", { id: "night-starts", type: "datetime-local" });
      const error = h("p", { class: "score-error", role: "alert" });
      box.append(h("section", { class: "card-box" }, h("h2", { text: t("cn_new") }),
        h("div", { class: "grid2" },
          h("label", { for: "night-title", text: t("cn_name") }), title,
          h("label", { for: "night-game", text: t("game") }), game,
          h("label", { for: "night-system", text: t("cn_system") }), system,
          h("label", { for: "night-scoring", text: t("cn_scoring") }), scoring,
          h("label", { for: "night-starts", text: t("cn_starts") }), starts),
        h("button", { id: "night-create", class: "btn primary", text: t("cn_create"), onclick: async () => {
          // an untitled night is named in the page's language: the game and the day
          const body = { title: title.value.trim() || t("game_" + game.value) + " " +
            new Date().toLocaleDateString(), game: game.value, system: system.value,
            scoring: scoring.value };
          if (starts.value) body.starts = new Date(starts.value).getTime() / 1000;
          const club = new URLSearchParams(location.search).get("club"); // from a club's page
          if (club) body.club = club;
          try {
            const res = await api("POST", "/api/nights", body);
            go("/night/" + res.code);
          } catch (e) { error.textContent = errorOf(e); }
        } }), error));
      let res = { nights: [] };
      try { res = await api("GET", "/api/nights/mine"); } catch (e) { /* none shown */ }
      if (res.nights.length) {
        box.append(h("section", { class: "card-box" }, h("h2", { text: t("cn_mine") }),
          h("ul", { id: "nights-mine" }, res.nights.map((n) => h("li", {},
            link("/night/" + n.code, n.title), " · " + t("game_" + n.game) + " · " + n.code)))));
      }
    }
  }

  /* ================= the standings screen (and the director's controls) ================= */
  class NightPage {
    constructor(root, code) {
      this.kind = "night";
      this.root = root;
      this.code = code.toUpperCase();
      this.n = null; // the server's night (api_nights.py _public)
      this.build();
      this.load();
      this.timer = setInterval(() => this.load(), REFRESH_MS);
    }
    leave() { clearInterval(this.timer); }
    relabel() { const n = this.n; this.build(); this.n = null; if (n) this.show(n); }

    build() {
      this.root.textContent = "";
      this.head = h("div", { class: "night-head" });
      this.director = h("section", { id: "night-director", class: "card-box hidden" });
      this.roundsBox = h("section", { id: "night-rounds", class: "card-box" });
      this.standingsBox = h("section", { id: "night-standings-box", class: "card-box" });
      this.error = h("p", { id: "night-error", class: "score-error", role: "alert" });
      this.root.append(h("div", { class: "night-page" }, this.head, this.error, this.standingsBox,
        this.roundsBox, this.director));
    }

    async load() {
      try {
        const n = await api("GET", "/api/nights/" + encodeURIComponent(this.code));
        if (!this.n || n.version !== this.n.version || n.director !== this.n.director) this.show(n);
      } catch (e) { this.error.textContent = errorOf(e); }
    }

    async change(path, body, done) {
      try {
        const n = await api("POST", "/api/nights/" + encodeURIComponent(this.code) + path, body || {});
        this.error.textContent = "";
        this.show(n);
        if (done) done();
      } catch (e) { this.error.textContent = errorOf(e); }
    }

    show(n) {
      const first = !this.n || this.n.director !== n.director;
      this.n = n;
      document.body.dataset.nightVersion = String(n.version);
      this.head.textContent = "";
      this.head.append(h("h1", { text: n.title }), h("p", { class: "muted" },
        t("game_" + n.game) + " · " + t("cn_sys_" + n.system) + " · " + t("cn_sc_" + n.scoring) + " · ",
        h("span", { id: "night-code", text: t("cn_code", { code: n.code }) }),
        n.starts ? " · " + new Date(n.starts * 1000).toLocaleString() : "",
        " · ", h("span", { class: "live", text: t("cn_live") })));
      this.showStandings(n);
      this.showRounds(n);
      if (n.director && first) this.showDirector(n);
      this.director.classList.toggle("hidden", !n.director);
      if (n.director) this.updateDirector(n);
    }

    showStandings(n) {
      const box = this.standingsBox;
      box.textContent = "";
      const cols = [["rank", "cn_rank"], ["entrant", "cn_entrant"], ["played", "cn_played"], ["vp", "cn_vp"],
        ["buchholz", "cn_buchholz"], ["difference", "cn_diff"]];
      const base = "/api/nights/" + encodeURIComponent(n.code) + "/standings.";
      box.append(h("div", { class: "row spread" }, h("h2", { text: t("cn_standings") }),
        h("span", {}, t("cn_export") + ": ", h("a", { id: "night-csv", href: base + "csv", text: "CSV" }), " ",
          h("a", { id: "night-json", href: base + "json", text: "JSON" }))),
      h("div", { class: "score-scroll" }, h("table", { id: "night-standings", class: "score-table" },
        h("thead", {}, h("tr", {}, cols.map(([, k]) => h("th", { text: t(k) })))),
        h("tbody", {}, n.standings.map((s) => h("tr", { dataset: { entrant: s.entrant, vp: String(s.vp), rank: String(s.rank) } },
          cols.map(([c]) => h("td", { class: c === "entrant" ? "" : "num", text: String(s[c]) }))))))));
    }

    showRounds(n) {
      const box = this.roundsBox;
      box.textContent = "";
      if (!n.rounds.length) { box.append(h("p", { class: "muted", text: t("cn_no_round") })); return; }
      for (const r of n.rounds.slice().reverse()) {
        box.append(h("h2", { text: t("cn_round", { n: r.round }) }), h("ul", { class: "night-round", dataset: { round: String(r.round) } },
          r.tables.map((tb) => h("li", { dataset: { table: String(tb.table) } },
            h("b", { text: t("cn_table", { n: tb.table }) + ": " }),
            tb.a + " – " + tb.b + " · ",
            tb.result ? h("span", { class: "result", text: tb.result[0] + " – " + tb.result[1] })
              : h("span", { class: "muted", text: t("cn_waiting") }),
            n.director && tb.code && r.round === n.rounds.length ? [" · ",
              link("/night/" + n.code + "/t/" + tb.code, t("cn_table_link") + " " + tb.code,
                { class: "table-link", dataset: { code: tb.code } })] : null,
            n.director ? this.correction(r.round, tb) : null)),
          r.bye ? h("li", { text: t("cn_bye", { name: r.bye }) }) : null));
      }
    }

    correction(round, tb) {
      const a = h("input", { type: "number", class: "fix-a", "aria-label": t("cn_points_of", { name: tb.a }) });
      const b = h("input", { type: "number", class: "fix-b", "aria-label": t("cn_points_of", { name: tb.b }) });
      return h("form", { class: "row night-fix", onsubmit: (e) => {
        e.preventDefault();
        this.change("/correct", { round: round, table: tb.table, points_a: parseInt(a.value, 10),
          points_b: parseInt(b.value, 10) }, () => toast(t("cn_corrected")));
      } }, a, b, h("button", { class: "btn small", type: "submit", text: t("cn_correct") }));
    }

    /** The director's registration and pairing (built once: typing is not wiped by a refresh). */
    showDirector(n) {
      const box = this.director;
      box.textContent = "";
      this.names = h("textarea", { id: "night-names", rows: "8", placeholder: t("cn_add_names") });
      this.registerBox = h("div", {}, h("h2", { text: t("cn_entrants") }), this.names,
        h("button", { id: "night-register", class: "btn", text: t("cn_register"), onclick: () => {
          const names = this.names.value.split("\n").map((x) => x.trim()).filter(Boolean);
          if (names.length) this.change("/register", { names: names }, () => { this.names.value = ""; });
        } }));
      this.entrants = h("p", { id: "night-entrants", class: "muted" });
      this.pairBtn = h("button", { id: "night-pair", class: "btn primary", text: t("cn_pair"),
        onclick: () => this.change("/pair") });
      box.append(this.registerBox, this.entrants, this.pairBtn);
    }

    updateDirector(n) {
      if (!this.pairBtn) return;
      this.registerBox.classList.toggle("hidden", n.rounds.length > 0);
      this.entrants.textContent = n.entrants.join(" · ");
      this.pairBtn.disabled = n.missing.length > 0 || n.entrants.length < 2;
    }
  }

  /* ================= a table's phone page ================= */
  class TableEntryPage {
    constructor(root, code, table) {
      this.kind = "night-table";
      this.root = root;
      this.code = code.toUpperCase();
      this.table = table.toUpperCase();
      this.info = null;
      this.load();
    }
    leave() {}
    relabel() { if (this.info) this.show(this.info); }
    path() { return "/api/nights/" + encodeURIComponent(this.code) + "/t/" + encodeURIComponent(this.table); }

    async load() {
      try { this.show(await api("GET", this.path())); } catch (e) {
        this.root.textContent = "";
        this.root.append(h("p", { id: "entry-error", class: "score-error", role: "alert", text: errorOf(e) }));
      }
    }

    show(info) {
      this.info = info;
      this.root.textContent = "";
      const error = h("p", { id: "entry-error", class: "score-error", role: "alert" });
      const box = h("section", { class: "card-box night-entry" },
        h("h1", { text: info.title }),
        h("h2", { text: t("cn_round", { n: info.round }) + " · " + t("cn_table", { n: info.table }) }),
        h("p", { class: "entry-pairs", text: info.a + " – " + info.b }));
      if (info.result) {
        box.append(h("p", { id: "entry-done", text: t("cn_entered", { a: info.a, b: info.b,
          pa: info.result[0], pb: info.result[1] }) }), h("p", { class: "muted", text: t("cn_ask_director") }));
      } else {
        const a = h("input", { id: "entry-a", type: "number", inputmode: "numeric", required: true });
        const b = h("input", { id: "entry-b", type: "number", inputmode: "numeric", required: true });
        box.append(h("form", { id: "entry-form", onsubmit: async (e) => {
          e.preventDefault();
          try {
            await api("POST", this.path(), { points_a: parseInt(a.value, 10), points_b: parseInt(b.value, 10) });
            this.load();
          } catch (err) { error.textContent = errorOf(err); }
        } }, h("div", { class: "grid2" },
          h("label", { for: "entry-a", text: t("cn_points_of", { name: info.a }) }), a,
          h("label", { for: "entry-b", text: t("cn_points_of", { name: info.b }) }), b),
        h("button", { id: "entry-send", class: "btn primary big", type: "submit", text: t("cn_enter") })), error);
      }
      box.append(h("p", {}, link("/night/" + info.code, t("cn_standings"))));
      this.root.append(box);
    }
  }

  Object.assign(TP, { NightsPage, NightPage, TableEntryPage });
})();
