/* trapoula: the leaderboard (/leaderboard, GET /api/leaderboard) and a player's profile
   (/players/{name}, GET /api/players/{name}): ratings per game and preset, provisional ones
   marked, the rating's history as an inline SVG plot, recent matches with their replays.
   Names only ever go into the page through textContent. */
"use strict";
(function () {
  const TP = window.TP;
  const t = (k, a) => TP.t(k, a);
  const h = (...a) => TP.h(...a);
  const PAGE = 50;

  function presetLabel(game, preset) {
    return t("game_" + game) + " · " + (TP.presetName ? TP.presetName(game, preset) : preset);
  }
  function link(href, text, attrs) {
    return h("a", Object.assign({ href: href, text: text, onclick: (e) => { e.preventDefault(); TP.go(href); } }, attrs || {}));
  }
  function failed(root, e) {
    root.append(h("div", { class: "card-box" },
      h("p", { class: "error", text: e.status === 404 ? t("rt_no_player") : TP.errorText(e.code, e.message) }),
      link("/", t("back_lobby"), { class: "btn" })));
  }
  function ratingText(r) { return String(r.rating) + (r.provisional ? "?" : ""); }

  class LeaderboardPage {
    constructor(root) {
      this.kind = "leaderboard";
      this.root = root;
      this.games = null;
      this.game = "bourloto";
      this.preset = "";
      this.offset = 0;
      this.load();
    }
    leave() {}
    relabel() { this.render(); }
    async load() {
      try {
        if (!this.games) this.games = await TP.api("GET", "/api/games");
        const q = "game=" + encodeURIComponent(this.game) + (this.preset ? "&preset=" + encodeURIComponent(this.preset) : "") +
          "&offset=" + this.offset + "&limit=" + PAGE;
        this.data = await TP.api("GET", "/api/leaderboard?" + q);
        this.preset = this.data.preset;
        this.render();
      } catch (e) {
        this.root.textContent = "";
        failed(this.root, e);
      }
    }
    boards() {
      const out = [];
      for (const info of (this.games && this.games.games) || []) {
        for (const p of info.presets || []) out.push([info.name, p]);
      }
      return out;
    }
    render() {
      const d = this.data;
      if (!d) return;
      this.root.textContent = "";
      const pick = h("select", { id: "board-pick", "aria-label": t("rt_board"), onchange: (e) => {
        [this.game, this.preset] = e.target.value.split("/"); this.offset = 0; this.load(); } });
      for (const [g, p] of this.boards()) {
        pick.append(h("option", { value: g + "/" + p, text: presetLabel(g, p), selected: g === d.game && p === d.preset }));
      }
      const table = h("table", { class: "board", id: "leaderboard" },
        h("tr", {}, h("th", { text: "#" }), h("th", { text: t("rt_player") }), h("th", { text: t("rt_rating") }),
          h("th", { text: t("rt_matches") }), h("th", { text: t("rt_wins") })));
      for (const r of d.rows) {
        const shown = r.bot && TP.botLevel ? TP.botLevel(r.level) : r.name; // "bot, easy" in the page's language
        const name = r.profile ? link(r.profile, r.name) : h("span", { text: shown });
        table.append(h("tr", { class: (r.provisional ? "provisional" : "") + (r.bot ? " bot" : ""), dataset: { name: r.name } },
          h("td", { text: String(r.rank) }), h("td", {}, name),
          h("td", { class: "rating", text: ratingText(r), title: r.provisional ? t("rt_provisional") : "" }),
          h("td", { text: String(r.matches) }), h("td", { text: String(r.wins) })));
      }
      const pager = h("div", { class: "row" },
        d.offset > 0 ? h("button", { class: "btn", id: "board-prev", text: "◀", onclick: () => { this.offset = Math.max(0, d.offset - PAGE); this.load(); } }) : null,
        h("span", { class: "muted", text: " " + t("rt_count", { from: d.total ? d.offset + 1 : 0, to: d.offset + d.rows.length, n: d.total }) + " " }),
        d.offset + d.rows.length < d.total ? h("button", { class: "btn", id: "board-next", text: "▶", onclick: () => { this.offset = d.offset + PAGE; this.load(); } }) : null);
      this.root.append(h("section", { class: "card-box ratings-page" },
        h("h2", { text: t("rt_leaderboard") }), pick,
        d.rows.length ? table : h("p", { class: "muted", text: t("rt_empty") }),
        pager, h("p", { class: "muted small", text: t("rt_provisional_help") })));
    }
  }

  /** The rating's history as a line (inline SVG, no library). */
  function plot(points) {
    const W = 320, H = 90, P = 6;
    const NS = "http://www.w3.org/2000/svg";
    const svg = document.createElementNS(NS, "svg");
    svg.setAttribute("viewBox", "0 0 " + W + " " + H);
    svg.setAttribute("class", "rating-plot");
    svg.setAttribute("role", "img");
    if (points.length < 1) return svg;
    const ys = points.map((p) => p.rating);
    const lo = Math.min(...ys), hi = Math.max(...ys);
    const span = hi - lo || 1;
    const x = (i) => P + (points.length === 1 ? (W - 2 * P) / 2 : i * (W - 2 * P) / (points.length - 1));
    const y = (v) => H - P - (v - lo) * (H - 2 * P) / span;
    const line = document.createElementNS(NS, "polyline");
    line.setAttribute("points", points.map((p, i) => x(i).toFixed(1) + "," + y(p.rating).toFixed(1)).join(" "));
    line.setAttribute("fill", "none");
    line.setAttribute("stroke", "currentColor");
    line.setAttribute("stroke-width", "2");
    svg.append(line);
    points.forEach((p, i) => {
      const dot = document.createElementNS(NS, "circle");
      dot.setAttribute("cx", x(i).toFixed(1));
      dot.setAttribute("cy", y(p.rating).toFixed(1));
      dot.setAttribute("r", "2.5");
      const tip = document.createElementNS(NS, "title");
      tip.textContent = String(p.rating) + " · " + new Date(p.ts * 1000).toLocaleDateString();
      dot.append(tip);
      svg.append(dot);
    });
    svg.setAttribute("aria-label", t("rt_history") + ": " + ys.join(", "));
    return svg;
  }

  class ProfilePage {
    constructor(root, name) {
      this.kind = "profile";
      this.root = root;
      this.name = name;
      this.load();
    }
    leave() {}
    relabel() { this.render(); }
    async load() {
      try {
        this.data = await TP.api("GET", "/api/players/" + encodeURIComponent(this.name));
        this.render();
      } catch (e) {
        this.root.textContent = "";
        failed(this.root, e);
      }
    }
    /** Report this player (social.js asks what happened): for a signed-in player, on
     * another person's profile. */
    reportButton(d) {
      const me = TP.account && TP.account.me;
      if (!me || d.bot || !TP.social || me.name.toLowerCase() === d.name.toLowerCase()) return null;
      return h("button", { class: "btn small report", id: "profile-report", type: "button",
        text: t("so_report"), onclick: () => TP.social.reportPlayer(d.name) });
    }
    render() {
      const d = this.data;
      if (!d) return;
      this.root.textContent = "";
      const head = h("section", { class: "card-box profile-head" },
        h("h2", { id: "profile-name", text: d.name }),
        d.member_since ? h("p", { class: "muted", text: t("rt_member_since", { date: new Date(d.member_since * 1000).toLocaleDateString() }) }) : null,
        d.languages && d.languages.length ? h("p", { class: "muted", text: t("rt_languages") + ": " + d.languages.map((l) => TP.LANG_NAMES[l] || l).join(", ") }) : null,
        link("/leaderboard", t("rt_leaderboard")),
        this.reportButton(d));
      const games = h("section", { class: "card-box profile-games" }, h("h3", { text: t("rt_ratings") }));
      if (!d.games.length) games.append(h("p", { class: "muted", text: t("rt_no_ratings") }));
      for (const g of d.games) {
        games.append(h("div", { class: "profile-game" + (g.provisional ? " provisional" : ""), dataset: { game: g.game, preset: g.preset } },
          h("h4", { text: presetLabel(g.game, g.preset) }),
          h("p", {}, h("b", { class: "rating", text: ratingText(g), title: g.provisional ? t("rt_provisional") : "" }),
            " · " + t("rt_matches_wins", { n: g.matches, w: g.wins })),
          plot(g.history)));
      }
      const recent = h("section", { class: "card-box profile-recent" }, h("h3", { text: t("rt_recent") }));
      const list = h("ul", { class: "recent-list" });
      for (const m of d.recent) {
        list.append(h("li", { dataset: { table: m.table_id } },
          new Date(m.ts * 1000).toLocaleString() + " · " + presetLabel(m.game, m.preset) + " · " +
          (m.won ? t("rt_won") : t("rt_place", { n: m.place })) + (m.rated ? " · " + m.rating : " · " + t("rt_unrated")) + " · ",
          link(m.replay, t("replay"), { class: "replay-link" })));
      }
      recent.append(d.recent.length ? list : h("p", { class: "muted", text: t("rt_no_matches") }));
      this.root.append(head, games, recent);
    }
  }

  TP.LeaderboardPage = LeaderboardPage;
  TP.ProfilePage = ProfilePage;
})();
