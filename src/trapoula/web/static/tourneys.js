/* trapoula: online tournaments (docs/web.md, "Clubs and tournaments"):
   /tourneys — the latest tournaments and, signed in, the form that creates one;
   /tourney/{id} — a tournament: register a pair (or join one as its partner), the organiser's
   "start now", your table of the current round, standings with tie-breaks after every round,
   each round's tables and results, the export; a Bourré sit-and-go: its one table's seats and
   the places (first to last); in a duplicate tournament the boards with
   matchpoints and cross-IMPs and the rounds' seeds. The page takes part in each round's seed
   by itself: it commits H(r) while the round is not paired and sends r once it is (r kept in
   this browser). Hook: score.js's TP.clubRoute. */
"use strict";
(function () {
  const TP = window.TP;
  const t = (k, a) => TP.t(k, a);
  const { h, api, LS } = TP;
  const REFRESH_MS = 2000;
  const go = (path) => TP.go(path);
  const link = (href, text, attrs) => h("a", Object.assign({ href: href, text: text,
    onclick: (e) => { e.preventDefault(); go(href); } }, attrs || {}));
  const errorOf = (e) => TP.errorText(e.code, e.message);
  const PRESETS = { bourloto: ["ru", "gr", "pexevida"], burraco: ["fibur"], bourre: ["ru"] };

  function hex(bytes) { return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join(""); }
  async function sha256(hexText) {
    const bytes = new Uint8Array(hexText.match(/../g).map((x) => parseInt(x, 16)));
    return hex(new Uint8Array(await crypto.subtle.digest("SHA-256", bytes)));
  }

  class TourneysPage {
    constructor(root) { this.kind = "tourneys"; this.root = root; this.build(); }
    leave() {}
    relabel() { this.build(); }
    async build() {
      this.root.textContent = "";
      const box = h("div", { class: "nights-page" }, h("h1", { text: t("tt_title") }));
      this.root.append(box);
      const me = TP.account && TP.account.me;
      if (!me) {
        box.append(h("section", { class: "card-box" }, h("p", { text: t("tt_sign_in") }),
          h("button", { class: "btn primary", text: t("acc_sign_in"), onclick: () => TP.openAccount() })));
      } else {
        const title = h("input", { id: "tt-title", type: "text", maxlength: "80" });
        const game = h("select", { id: "tt-game" }, Object.keys(PRESETS).map((g) => h("option", { value: g, text: t("game_" + g) })));
        const preset = h("select", { id: "tt-preset" });
        const stack = h("input", { id: "tt-stack", type: "number", min: "1", max: "500", value: "100" });
        const antes = h("input", { id: "tt-antes", type: "text", value: "1,2,3,5,8,12,20,30,50,80" });
        const perLevel = h("input", { id: "tt-per-level", type: "number", min: "1", max: "100", value: "6" });
        const bots = h("input", { id: "tt-bots", type: "checkbox", checked: true });
        const rounds = h("input", { id: "tt-rounds", type: "number", min: "1", max: "12", value: "3" });
        const size = h("input", { id: "tt-size", type: "number", min: "2", max: "64", value: "8" });
        const clock = h("select", { id: "tt-clock" }, [15, 30, 60, 120].map((c) => h("option", { value: String(c), text: String(c) })));
        clock.value = "60";
        const dup = h("input", { id: "tt-duplicate", type: "checkbox" });
        const starts = h("input", { id: "tt-starts", type: "datetime-local" });
        const error = h("p", { class: "score-error", role: "alert" });
        const row = (id, key, input) => [h("label", { for: id, text: t(key) }), input];
        const pairsOnly = [...row("tt-rounds", "tt_rounds", rounds), ...row("tt-duplicate", "tt_duplicate", dup)];
        const sitgoOnly = [...row("tt-stack", "tt_stack", stack), ...row("tt-antes", "tt_antes", antes),
          ...row("tt-per-level", "tt_per_level", perLevel), ...row("tt-bots", "tt_bots", bots)];
        const sizeLabel = h("label", { for: "tt-size", text: t("tt_size") });
        const fill = () => {
          preset.textContent = "";
          for (const p of PRESETS[game.value]) preset.append(h("option", { value: p, text: p }));
          const sitgo = game.value === "bourre";
          for (const el of pairsOnly) el.classList.toggle("hidden", sitgo);
          for (const el of sitgoOnly) el.classList.toggle("hidden", !sitgo);
          sizeLabel.textContent = t(sitgo ? "tt_players" : "tt_size");
          size.max = sitgo ? "7" : "64";
          if (sitgo && parseInt(size.value, 10) > 7) size.value = "4";
        };
        game.addEventListener("change", fill);
        box.append(h("section", { class: "card-box" }, h("h2", { text: t("tt_new") }),
          h("div", { class: "grid2" },
            h("label", { for: "tt-title", text: t("tt_name") }), title,
            h("label", { for: "tt-game", text: t("game") }), game,
            h("label", { for: "tt-preset", text: t("tt_preset") }), preset,
            pairsOnly.slice(0, 2), sizeLabel, size, sitgoOnly,
            h("label", { for: "tt-clock", text: t("tt_clock") }), clock,
            pairsOnly.slice(2),
            h("label", { for: "tt-starts", text: t("tt_starts") }), starts),
          h("button", { id: "tt-create", class: "btn primary", text: t("tt_create"), onclick: async () => {
            const body = { title: title.value.trim() || undefined, game: game.value, preset: preset.value,
              rounds: parseInt(rounds.value, 10), size: parseInt(size.value, 10),
              clock: parseInt(clock.value, 10), duplicate: dup.checked };
            if (game.value === "bourre") {
              Object.assign(body, { rounds: undefined, duplicate: undefined, starting_stack: parseInt(stack.value, 10),
                antes: antes.value.split(",").map((a) => parseInt(a, 10)),
                deals_per_level: parseInt(perLevel.value, 10), bots: bots.checked });
            }
            if (starts.value) body.starts = new Date(starts.value).getTime() / 1000;
            try { go("/tourney/" + (await api("POST", "/api/tourneys", body)).id); }
            catch (e) { error.textContent = errorOf(e); }
          } }), error));
        fill();
      }
      let res = { tourneys: [] };
      try { res = await api("GET", "/api/tourneys"); } catch (e) { /* none shown */ }
      box.append(h("section", { class: "card-box" }, h("ul", { id: "tt-list" }, res.tourneys.map((x) =>
        h("li", {}, link("/tourney/" + x.id, x.title), " · " + t("game_" + x.game) + " · " + t("tt_status_" + x.status))))));
    }
  }

  class TourneyPage {
    constructor(root, id) {
      this.kind = "tourney";
      this.root = root;
      this.id = id;
      this.x = null;
      this.build();
      this.load();
      this.timer = setInterval(() => this.load(), REFRESH_MS);
    }
    leave() { clearInterval(this.timer); }
    relabel() { const x = this.x; this.build(); if (x) this.show(x); }
    build() {
      this.root.textContent = "";
      this.head = h("div", { class: "night-head" });
      this.entry = h("section", { id: "tt-entry", class: "card-box" });
      this.error = h("p", { id: "tt-error", class: "score-error", role: "alert" });
      this.standingsBox = h("section", { id: "tt-standings-box", class: "card-box" });
      this.roundsBox = h("section", { id: "tt-rounds-box", class: "card-box" });
      this.dupBox = h("section", { id: "tt-duplicate-box", class: "card-box hidden" });
      this.root.append(h("div", { class: "night-page" }, this.head, this.error, this.entry,
        this.standingsBox, this.dupBox, this.roundsBox));
    }
    async load() {
      try {
        const x = await api("GET", "/api/tourneys/" + encodeURIComponent(this.id));
        if (!this.x || x.version !== this.x.version) this.show(x);
        await this.seed(x);
      } catch (e) { this.error.textContent = errorOf(e); }
    }
    async post(path, body) {
      try {
        const x = await api("POST", "/api/tourneys/" + encodeURIComponent(this.id) + path, body || {});
        this.error.textContent = "";
        this.show(x);
        return x;
      } catch (e) { this.error.textContent = errorOf(e); return null; }
    }
    /** This browser's part in the rounds' seeds: commit H(r) while a round takes commitments,
        send r when its commitments are fixed. */
    async seed(x) {
      for (const s of x.seeds || []) {
        if (!s.mine || !crypto.subtle) continue;
        const key = "tseed:" + this.id + ":" + s.round;
        if (s.phase === "collect" && !s.mine.commit) {
          const r = hex(crypto.getRandomValues(new Uint8Array(32)));
          LS.set(key, r);
          await this.post("/seed", { commit: await sha256(r) });
        } else if (s.phase === "reveal" && s.mine.commit && !s.mine.revealed && LS.get(key, null)) {
          await this.post("/seed", { reveal: LS.get(key, null) });
        }
      }
    }
    show(x) {
      this.x = x;
      document.body.dataset.tourneyVersion = String(x.version);
      document.body.dataset.tourneyStatus = x.status;
      const s = x.settings;
      this.head.textContent = "";
      this.head.append(h("h1", { text: x.title }), h("p", { class: "muted" },
        t("game_" + s.game) + " · " + s.preset + " · " + (s.format === "sitgo"
          ? t("tt_sitgo") + " · " + t("tt_players") + " " + s.size + " · " + t("tt_stack") + " " + s.starting_stack +
            " · " + t("tt_antes").split(" (")[0] + " " + s.antes.join(",") + " / " + s.deals_per_level
          : t("tt_rounds") + " " + s.rounds + " · " + t("tt_size") + " " + s.size) + (s.duplicate ? " · " + t("tt_duplicate") : "") + " · ",
        h("span", { id: "tt-status", text: t("tt_status_" + x.status) })));
      this.showEntry(x);
      this.showStandings(x);
      this.showRounds(x);
      this.showDuplicate(x);
    }
    showEntry(x) {
      const box = this.entry;
      box.textContent = "";
      const me = TP.account && TP.account.me;
      if (!me) { box.append(h("p", { text: t("tt_sign_in") })); return; }
      if (x.entry) box.append(h("p", { id: "tt-entered", text: t("tt_entered", { name: x.entry }) }));
      if (x.status === "registering" && !x.entry) {
        const sitgo = x.settings.format === "sitgo";
        const name = h("input", { id: "tt-pair", type: "text", maxlength: "60", placeholder: t(sitgo ? "tt_me" : "tt_pair"),
          value: sitgo ? me.name || "" : "" });
        box.append(name, h("button", { id: "tt-register", class: "btn", text: t(sitgo ? "tt_register_me" : "tt_register"),
          onclick: () => this.post("/register", { pair: name.value }) }));
        if (!sitgo) {
          box.append(h("button", { id: "tt-partner", class: "btn", text: t("tt_partner"),
            onclick: () => this.post("/register", { pair: name.value, partner: true }) }));
        }
      }
      if (x.status === "registering" && x.organiser) {
        box.append(h("button", { id: "tt-start", class: "btn primary", text: t("tt_start"), onclick: () => this.post("/start") }));
      }
      if (x.mine) {
        const m = x.mine;
        box.append(h("p", {}, link("/t/" + m.code, t("tt_your_table", { n: m.round, code: m.code }),
          { id: "tt-my-table", onclick: (e) => {
            e.preventDefault();
            TP.saveSeat(m.code, { table_id: m.table_id, seat: m.seat, token: m.token });
            go("/t/" + m.code);
          } })));
      }
    }
    showStandings(x) {
      const box = this.standingsBox;
      box.textContent = "";
      const cols = x.settings.format === "sitgo" ? [["rank", "cn_rank"], ["entrant", "cn_entrant"]]
        : [["rank", "cn_rank"], ["entrant", "cn_entrant"], ["played", "cn_played"], ["vp", "cn_vp"],
          ["head_to_head", "tt_h2h"], ["buchholz", "cn_buchholz"], ["difference", "cn_diff"]];
      const base = "/api/tourneys/" + encodeURIComponent(x.id) + "/standings.";
      box.append(h("div", { class: "row spread" }, h("h2", { text: t("cn_standings") }),
        h("span", {}, t("cn_export") + ": ", h("a", { id: "tt-csv", href: base + "csv", text: "CSV" }), " ",
          h("a", { id: "tt-json", href: base + "json", text: "JSON" }))),
      h("div", { class: "score-scroll" }, h("table", { id: "tt-standings", class: "score-table" },
        h("thead", {}, h("tr", {}, cols.map(([, k]) => h("th", { text: t(k) })))),
        h("tbody", {}, x.standings.map((r) => h("tr", { dataset: { entrant: r.entrant, vp: String(r.vp), rank: String(r.rank) } },
          cols.map(([c]) => h("td", { class: c === "entrant" ? "" : "num", text: String(r[c]) }))))))));
    }
    showRounds(x) {
      const box = this.roundsBox;
      box.textContent = "";
      for (const r of x.rounds.slice().reverse()) {
        box.append(h("h2", { text: t("cn_round", { n: r.round }) }), h("ul", { class: "tt-round", dataset: { round: String(r.round) } },
          r.tables.map((tb) => h("li", { dataset: { table: String(tb.table), done: tb.result ? "1" : "" } },
            h("b", { text: t("cn_table", { n: tb.table }) + ": " }),
            (tb.seats ? Object.values(tb.seats).join(", ") : tb.a + " – " + tb.b) + " · ",
            tb.result ? h("span", { class: "result", text: tb.seats ? tb.result.join(" > ") : tb.result[0] + " – " + tb.result[1] })
              : tb.code ? link("/t/" + tb.code + "#watch", tb.code) : h("span", { class: "muted", text: t("cn_waiting") })))));
      }
    }
    showDuplicate(x) {
      const box = this.dupBox;
      box.textContent = "";
      box.classList.toggle("hidden", !x.duplicate);
      if (!x.duplicate) return;
      for (const s of x.seeds || []) {
        box.append(h("p", { class: "muted tt-seed", dataset: { round: String(s.round), phase: s.phase } },
          t("tt_seed", { n: s.round, phase: s.phase }) + " · H(S) " + s.server.slice(0, 16) + "…" +
          (s.secret ? " · S " + s.secret.slice(0, 16) + "… · seed " + s.seed : "")));
      }
      for (const r of x.duplicate) {
        if (!r.boards.length) continue;
        const codes = Object.keys(r.boards[0].net);
        box.append(h("h2", { text: t("tt_boards", { n: r.round }) }), h("div", { class: "score-scroll" },
          h("table", { class: "score-table tt-boards", dataset: { round: String(r.round) } },
            h("thead", {}, h("tr", {}, h("th", { text: "" }), codes.map((c) => h("th", { text: c })))),
            h("tbody", {}, r.boards.map((b) => h("tr", { dataset: { board: String(b.board) } },
              h("td", { text: t("tt_board", { n: b.board }) }),
              codes.map((c) => h("td", { class: "num", dataset: { code: c, mp: String(b.mp[c]), imps: String(b.imps[c]) },
                text: b.net[c] + " · " + b.mp[c] + "/" + b.top + " " + t("tt_mp") + " · " + b.imps[c] + " " + t("tt_imps") })))))),
          h("ul", { class: "tt-totals" }, Object.entries(r.totals).map(([who, v]) =>
            h("li", { dataset: { entrant: who, mp: String(v.mp) } }, who + ": " + v.mp + "/" + v.top + " " + t("tt_mp") + " · " + v.imps + " " + t("tt_imps"))))));
      }
    }
  }

  Object.assign(TP, { TourneysPage, TourneyPage });
})();
