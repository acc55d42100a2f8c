/* trapoula: the players' social life on the page (issue 31; /api/social, docs/web.md): the
   lobby's friends panel (friends online and at which table, requests, invites that arrive at
   once through a waiting request, the players one blocks or mutes), and at the table the quick
   chat phrases and, on another player's chat line, mute and report. A guest sees none of it. */
"use strict";
(function () {
  const TP = window.TP;
  const t = (k, a) => TP.t(k, a);
  const { h, api, toast } = TP;
  const PHRASES = ["hello", "good_luck", "well_played", "thanks", "sorry", "oops", "hurry",
    "brb", "must_go", "good_game"];
  const WAIT_S = 15; // a lobby waits this long for news, then reads its friends again

  /* ---- who I am at the table page: my account and whom I mute (once per page) ---- */
  const state = { me: null, muted: new Set(), loading: null };
  function loadMe() {
    if (!state.loading) {
      state.loading = api("GET", "/api/social/home").then((home) => {
        state.me = home.me;
        state.muted = new Set(home.muted.map((m) => m.id).concat(home.blocked.map((m) => m.id)));
        return home;
      }).catch(() => null);
    }
    return state.loading;
  }
  const err = (e) => toast(TP.errorText(e.code, e.message), "error");
  async function post(path, body) {
    try { return await api("POST", path, body); } catch (e) { err(e); return null; }
  }

  /** Report a player (his account's id or name): what happened is asked first. The
   * profile page's "Report" calls this too. */
  async function reportPlayer(player) {
    const text = window.prompt(t("so_report_ask"), "");
    if (text === null) return false;
    const r = await post("/api/social/report", { player: player, text: text });
    if (r) toast(t("so_reported"));
    return false;
  }

  /* ---- the table's chat: phrases in the reader's language, mute and report ---- */
  function chatText(m) { return m.phrase ? t("qc_" + m.phrase) : m.text; }
  function chatHidden(m) { return !!(m.account && state.muted.has(m.account)); }
  function chatActions(m, view) {
    const me = state.me;
    if (!me || !m.account || m.account === me.id) return null;
    const mute = async () => {
      const r = await post("/api/social/mute", { player: m.account });
      if (!r) return;
      state.muted.add(m.account);
      toast(t("so_muted_done", { name: r.name }));
      view.renderChat();
    };
    const report = async () => {
      const text = window.prompt(t("so_report_ask"), "");
      if (text === null) return;
      const page = TP.page && TP.page();
      const r = await post("/api/social/report", { table: page && page.tableId, ts: m.ts,
        text: text });
      if (r) toast(t("so_reported"));
    };
    return h("span", { class: "chat-acts" },
      h("button", { class: "btn tiny chat-mute", type: "button", text: t("so_mute"), onclick: mute }),
      h("button", { class: "btn tiny chat-report", type: "button", text: t("so_report"),
        onclick: report }));
  }
  /** The quick chat phrases under the chat's input: ``send({phrase})`` (for a signed-in
   player or a guest alike: a phrase is a chat line). */
  function quickBar(send) {
    if (!send) return null;
    return h("div", { class: "quick-chat", "aria-label": t("so_quick") },
      PHRASES.map((p) => h("button", { class: "btn tiny quick", type: "button", dataset: { phrase: p },
        text: t("qc_" + p), onclick: () => send({ phrase: p }) })));
  }

  /* ---- the lobby's friends panel ---- */
  class FriendsPanel {
    constructor(lobby) {
      this.lobby = lobby;
      this.box = h("section", { class: "card-box friends-box hidden", id: "friends" });
      this.alive = true;
      this.since = 0;
      this.home = null;
      this.load().then((ok) => { if (ok) this.loop(); });
    }
    stop() { this.alive = false; if (this.ctl) this.ctl.abort(); }

    async load() {
      let home;
      try { home = await api("GET", "/api/social/home"); } catch (e) {
        this.box.classList.add("hidden"); // a guest (401), or the room has no accounts
        return false;
      }
      if (!this.alive) return false;
      this.home = home;
      this.since = home.now;
      state.me = home.me;
      for (const w of home.warnings) toast(t("so_warned", { reason: w.reason }), "error");
      this.render();
      const unseen = home.invites.filter((i) => !i.seen).map((i) => i.id);
      if (unseen.length) api("POST", "/api/social/invites/seen", { ids: unseen }).catch(() => null);
      return true;
    }

    /** Wait for news (an invite, a friend's request) and read the panel again; at least
     * every WAIT_S seconds (who is online changes without news). */
    async loop() {
      while (this.alive) {
        try {
          this.ctl = new AbortController();
          const res = await fetch("/api/social/wait?timeout=" + WAIT_S + "&since=" +
            encodeURIComponent(this.since), { signal: this.ctl.signal });
          if (!res.ok) await new Promise((r) => setTimeout(r, 5000));
        } catch (e) {
          if (!this.alive) return;
          await new Promise((r) => setTimeout(r, 5000));
        }
        if (!this.alive || !(await this.load())) return;
      }
    }

    myTable() {
      const own = (this.lobby.tables || []).find((tb) => {
        const s = TP.seatFor(tb.code);
        return s && s.token && s.table_id === tb.id;
      });
      return own ? own.code : null;
    }

    render() {
      const home = this.home;
      const box = this.box;
      box.classList.remove("hidden");
      box.textContent = "";
      box.append(h("div", { class: "row spread" }, h("h2", { text: t("so_friends") }),
        home.me.moderator ? h("a", { class: "btn small admin-link", href: "/admin",
          text: t("ad_title"), onclick: (e) => { e.preventDefault(); TP.go("/admin"); } }) : null));
      for (const inv of home.invites) {
        box.append(h("div", { class: "invite" + (inv.seen ? "" : " new"), dataset: { code: inv.code } },
          h("span", { text: t("so_invite_from", { name: inv.from, code: inv.code }) + " " }),
          h("a", { class: "btn primary small", href: "/t/" + encodeURIComponent(inv.code),
            text: t("join"), onclick: (e) => { e.preventDefault(); TP.go("/t/" + inv.code); } })));
      }
      const name = h("input", { id: "friend-name", type: "text", maxlength: "64",
        placeholder: t("so_name"), "aria-label": t("so_name") });
      box.append(h("form", { class: "row", onsubmit: async (e) => {
        e.preventDefault();
        const who = name.value.trim();
        if (who && await post("/api/social/friend", { player: who })) this.load();
      } }, name, h("button", { class: "btn", type: "submit", text: t("so_add") })));
      const list = h("ul", { class: "friend-list" });
      if (!home.friends.length) list.append(h("li", { class: "muted", text: t("so_none") }));
      for (const f of home.friends) list.append(this.friendItem(f));
      box.append(list);
      this.people(t("so_blocked"), home.blocked, "so_unblock", "/api/social/block", "blocked");
      this.people(t("so_muted"), home.muted, "so_unmute", "/api/social/mute", "muted");
    }

    friendItem(f) {
      const act = (label, cls, fn) => h("button", { class: "btn small " + cls, type: "button",
        text: t(label), onclick: async () => { if (await fn()) this.load(); } });
      let where;
      if (f.state === "incoming") where = h("span", { class: "muted", text: t("so_asks") });
      else if (f.state === "outgoing") where = h("span", { class: "muted", text: t("so_asked") });
      else if (f.table) {
        where = h("a", { class: "at-table", href: "/t/" + encodeURIComponent(f.table),
          text: t("so_at", { code: f.table }),
          onclick: (e) => { e.preventDefault(); TP.go("/t/" + f.table); } });
      } else where = h("span", { class: "muted", text: t(f.online ? "so_online" : "so_offline") });
      const invite = async () => {
        const code = this.myTable();
        if (!code) { toast(t("so_no_table"), "error"); return false; }
        const r = await post("/api/social/invite", { player: f.id, table: code });
        if (r) toast(t("so_invited", { name: f.name }));
        return false;
      };
      return h("li", { class: "friend " + f.state + (f.online ? " online" : ""),
        dataset: { name: f.name } },
        h("span", { class: "dot", "aria-hidden": "true" }), h("b", { text: f.name + " " }), where,
        h("span", { class: "friend-acts" },
          f.state === "incoming" ? act("so_accept", "accept",
            () => post("/api/social/friend", { player: f.id })) : null,
          f.state === "friend" ? act("so_invite", "invite", invite) : null,
          act("so_remove", "remove", () => post("/api/social/unfriend", { player: f.id })),
          act("so_block", "block", () => post("/api/social/block", { player: f.id, on: true }))));
    }

    people(title, list, undo, path, cls) {
      if (!list.length) return;
      this.box.append(h("h3", { text: title }), h("ul", { class: "people " + cls },
        list.map((p) => h("li", { dataset: { name: p.name } }, h("span", { text: p.name + " " }),
          h("button", { class: "btn small", type: "button", text: t(undo), onclick: async () => {
            if (await post(path, { player: p.id, on: false })) this.load();
          } }),
          h("button", { class: "btn small report", type: "button", text: t("so_report"),
            onclick: () => reportPlayer(p.id) })))));
    }
  }

  Object.assign(TP, { FriendsPanel, social: { chatText, chatHidden, chatActions, quickBar,
    loadMe, reportPlayer, PHRASES } });
})();
