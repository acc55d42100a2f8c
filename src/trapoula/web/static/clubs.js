/* trapoula: clubs (docs/web.md, "Clubs and tournaments"):
   /clubs — the clubs (search), making one (open, or by invitation);
   /club/{id} — a club's page: joining (or asking to), accepting an invitation, leaving; its
   members and administrators (who approve requests, invite by name, name administrators);
   its lobby (members' open tables), leaderboard (its nights' results) and calendar (its
   nights, made by its administrators from /nights?club=id). Hook: score.js's TP.clubRoute. */
"use strict";
(function () {
  const TP = window.TP;
  const t = (k, a) => TP.t(k, a);
  const { h, api, toast } = TP;
  const go = (path) => TP.go(path);
  const link = (href, text, attrs) => h("a", Object.assign({ href: href, text: text,
    onclick: (e) => { e.preventDefault(); go(href); } }, attrs || {}));
  const errorOf = (e) => TP.errorText(e.code, e.message);

  /* ================= the clubs ================= */
  class ClubsPage {
    constructor(root) {
      this.kind = "clubs";
      this.root = root;
      this.build();
    }
    leave() {}
    relabel() { this.build(); }

    build() {
      this.root.textContent = "";
      this.list = h("ul", { id: "clubs-list", class: "clubs-list" });
      const search = h("input", { id: "clubs-search", type: "search", maxlength: "80",
        placeholder: t("cl_search"), oninput: () => this.load(search.value) });
      const error = h("p", { class: "score-error", role: "alert" });
      const name = h("input", { id: "club-name", type: "text", maxlength: "80" });
      const open = h("select", { id: "club-open" }, h("option", { value: "1", text: t("cl_open") }),
        h("option", { value: "0", text: t("cl_invitation") }));
      const me = TP.account && TP.account.me;
      const make = me ? h("section", { class: "card-box" }, h("h2", { text: t("cl_new") }),
        h("div", { class: "grid2" }, h("label", { for: "club-name", text: t("cl_name") }), name,
          h("label", { for: "club-open", text: t("cl_who_joins") }), open),
        h("button", { id: "club-create", class: "btn primary", text: t("cl_create"), onclick: async () => {
          try {
            const club = await api("POST", "/api/clubs", { name: name.value.trim(), open: open.value === "1" });
            go("/club/" + club.id);
          } catch (e) { error.textContent = errorOf(e); }
        } }), error)
        : h("section", { class: "card-box" }, h("p", { text: t("cl_sign_in") }),
          h("button", { class: "btn primary", text: t("acc_sign_in"), onclick: () => TP.openAccount() }));
      this.root.append(h("div", { class: "nights-page" }, h("h1", { text: t("cl_title") }),
        h("section", { class: "card-box" }, search, this.list), make));
      this.load("");
    }

    async load(search) {
      let res;
      try { res = await api("GET", "/api/clubs?search=" + encodeURIComponent(search || "")); } catch (e) { return; }
      this.list.textContent = "";
      for (const c of res.clubs) {
        this.list.append(h("li", { dataset: { club: c.id } }, link("/club/" + c.id, c.name), " · ",
          t(c.open ? "cl_open" : "cl_invitation"), c.role ? " · " + t("cl_role_" + c.role) : ""));
      }
    }
  }

  /* ================= a club ================= */
  class ClubPage {
    constructor(root, id) {
      this.kind = "club";
      this.root = root;
      this.id = id;
      this.club = null;
      this.load();
    }
    leave() {}
    relabel() { if (this.club) this.show(this.club); else this.load(); }

    async load() {
      try { this.show(await api("GET", "/api/clubs/" + encodeURIComponent(this.id))); } catch (e) {
        this.root.textContent = "";
        this.root.append(h("p", { class: "score-error", role: "alert", text: errorOf(e) }));
      }
    }

    async step(path, body, message) {
      try {
        await api("POST", "/api/clubs/" + encodeURIComponent(this.id) + path, body || {});
        if (message) toast(t(message));
        this.load();
      } catch (e) { this.error.textContent = errorOf(e); }
    }

    show(c) {
      this.club = c;
      document.body.dataset.clubRole = c.role || "";
      this.root.textContent = "";
      this.error = h("p", { id: "club-error", class: "score-error", role: "alert" });
      const me = TP.account && TP.account.me;
      const admin = c.role === "admin";
      const mine = h("div", { class: "row" });
      if (me && !c.role) {
        mine.append(h("button", { id: "club-join", class: "btn primary", text: t(c.open ? "cl_join" : "cl_ask"),
          onclick: () => this.step("/join") }));
      } else if (c.role === "invited") {
        mine.append(h("span", { text: t("cl_invited") }), h("button", { id: "club-accept", class: "btn primary",
          text: t("cl_accept"), onclick: () => this.step("/accept") }));
      } else if (c.role === "requested") {
        mine.append(h("span", { id: "club-requested", class: "muted", text: t("cl_requested") }));
      }
      if (c.role) {
        mine.append(h("button", { id: "club-leave", class: "btn small", text: t("cl_leave"),
          onclick: () => { if (window.confirm(t("cl_leave_sure"))) this.step("/leave"); } }));
      }
      const members = h("ul", { id: "club-members", class: "clubs-list" }, c.members.map((m) => h("li",
        { dataset: { name: m.name, role: m.role } }, m.name + " · " + t("cl_role_" + m.role),
        admin && m.role === "requested" ? h("button", { class: "btn small approve", text: t("cl_approve"),
          onclick: () => this.step("/approve", { account_id: m.account_id }) }) : null,
        admin && m.role === "member" ? h("button", { class: "btn small make-admin", text: t("cl_make_admin"),
          onclick: () => this.step("/role", { account_id: m.account_id, role: "admin" }) }) : null,
        admin && m.role !== "admin" ? h("button", { class: "btn small remove", text: "✕", title: t("cl_remove"),
          "aria-label": t("cl_remove"), onclick: () => this.step("/remove", { account_id: m.account_id }) }) : null)));
      const invite = h("input", { id: "club-invite-name", type: "text", maxlength: "64", placeholder: t("acc_name") });
      const lobby = h("ul", { id: "club-lobby", class: "clubs-list" }, c.lobby.length ? c.lobby.map((tb) => h("li", {},
        link("/t/" + tb.code, t("game_" + tb.game) + " · " + tb.code),
        " · " + tb.seats.map((s) => s.name || "—").join(", "))) : h("li", { class: "muted", text: t("no_tables") }));
      const board = h("table", { id: "club-leaderboard", class: "score-table" },
        h("thead", {}, h("tr", {}, h("th", { text: t("cn_entrant") }), h("th", { text: t("cl_nights") }),
          h("th", { text: t("cn_vp") }), h("th", { text: t("cl_won") }))),
        h("tbody", {}, c.leaderboard.map((r) => h("tr", { dataset: { entrant: r.entrant, vp: String(r.vp) } },
          h("td", { text: r.entrant }), h("td", { class: "num", text: String(r.nights) }),
          h("td", { class: "num", text: String(r.vp) }), h("td", { class: "num", text: String(r.won) })))));
      const calendar = h("ul", { id: "club-calendar", class: "clubs-list" }, c.calendar.map((n) => h("li",
        { dataset: { code: n.code } }, n.starts ? new Date(n.starts * 1000).toLocaleString() + " · " : "",
        link("/night/" + n.code, n.title), " · " + t("game_" + n.game))));
      this.root.append(h("div", { class: "nights-page club-page" },
        h("h1", { id: "club-title", text: c.name }),
        h("p", { class: "muted", text: t(c.open ? "cl_open" : "cl_invitation") + (c.role ? " · " + t("cl_role_" + c.role) : "") }),
        mine, this.error,
        h("section", { class: "card-box" }, h("h2", { text: t("cl_calendar") }), calendar,
          admin ? link("/nights?club=" + encodeURIComponent(c.id), t("cn_new"), { id: "club-new-night", class: "btn" }) : null),
        h("section", { class: "card-box" }, h("h2", { text: t("cl_lobby") }), lobby),
        h("section", { class: "card-box" }, h("h2", { text: t("cl_leaderboard") }), h("div", { class: "score-scroll" }, board)),
        h("section", { class: "card-box" }, h("h2", { text: t("cl_members") }), members,
          admin ? h("form", { class: "row", onsubmit: (e) => {
            e.preventDefault();
            if (invite.value.trim()) this.step("/invite", { name: invite.value.trim() }, "cl_invite_sent");
          } }, invite, h("button", { id: "club-invite", class: "btn", type: "submit", text: t("cl_invite") })) : null)));
    }
  }

  Object.assign(TP, { ClubsPage, ClubPage });
})();
