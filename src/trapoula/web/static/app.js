/* trapoula: the single-page app. Routes: / (lobby.js), /t/{code} (a table, tablepage.js),
   /replay/{id} (replay.js), /leaderboard and /players/{name} (ratings.js); the header (title, connection, sound, language) and the boot.
   Helpers are in util.js. User text (names, chat) only ever goes into the page through
   textContent. */
"use strict";
(function () {
  const TP = window.TP;
  const t = (k, a) => TP.t(k, a);
  const { h, LS, beep } = TP;

  /* ---- header: title, connection, language ---- */
  let current = null; // the page object shown (has .leave(), .relabel())
  const header = {
    conn: null,
    build() {
      const head = document.getElementById("header");
      head.textContent = "";
      // the tab's title in the page's language ("● Your turn — …" is table.js's)
      TP.baseTitle = t("title");
      if (!/^● /.test(document.title)) document.title = TP.baseTitle;
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
      // motion of the cards: on unless turned off here or reduced by the system (motion.js)
      const still = TP.reducedMotion();
      const moving = TP.motionOn();
      const motion = h("button", { id: "motion", class: "btn small motion-btn",
        "aria-pressed": String(moving), disabled: still,
        title: moving ? t("motion_on") : t("motion_off"),
        "aria-label": moving ? t("motion_on") : t("motion_off"), text: "⇄",
        dataset: { on: moving ? "1" : "0" },
        onclick: () => { LS.set("motion", !moving); TP.applyMotionSetting(); this.build(); } });
      head.append(h("a", { class: "brand", href: "/", onclick: (e) => { e.preventDefault(); leaveTo("/"); } },
        h("span", { class: "brand-suits", text: "♠♥♦♣" }), " ", t("title")),
      h("span", { class: "spacer" }), h("a", { id: "nav-leaderboard", class: "btn small", href: "/leaderboard", text: t("rt_leaderboard"),
        onclick: (e) => { e.preventDefault(); leaveTo("/leaderboard"); } }), this.conn, TP.accountButton(), motion, sound, langSel);
    },
    setConn(state) {
      if (!this.conn) return;
      if (!state) { this.conn.className = "conn hidden"; document.body.dataset.conn = ""; return; }
      this.conn.className = "conn " + state;
      this.conn.textContent = t("conn_" + state);
      this.conn.title = t("conn_" + state); // (a phone shows "connected" as a green dot)
      document.body.dataset.conn = state;
    },
  };

  function setLanguage(l) {
    TP.setLang(l);
    LS.set("lang", l);
    header.build();
    if (current && current.relabel) current.relabel();
    const view = current && current.view;
    if (view && view.msg && view.signal) view.signal(null);
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
    if ((m = /^\/t\/([^/]+)\/?$/.exec(path))) current = new TP.TablePage(main, decodeURIComponent(m[1]));
    else if ((m = /^\/replay\/([^/]+)\/?$/.exec(path))) current = new TP.ReplayPage(main, decodeURIComponent(m[1]));
    else if ((m = TP.clubRoute(path))) current = m(main); // score.js: /score, /nights, /night/...
    else if (/^\/admin\/?$/.test(path)) current = new TP.AdminPage(main); // admin.js
    else if (/^\/leaderboard\/?$/.test(path)) current = new TP.LeaderboardPage(main);
    else if ((m = /^\/players\/([^/]+)\/?$/.exec(path))) current = new TP.ProfilePage(main, decodeURIComponent(m[1]));
    else current = new TP.Lobby(main);
    document.body.dataset.page = current.kind;
  }

  /* ---- boot ---- */
  Object.assign(TP, { go, page: () => current, setConn: (state) => header.setConn(state),
    // the header and the page again (the signed-in account changed: account.js)
    refresh: () => { header.build(); if (current && current.relabel) current.relabel(); } });
  async function boot() {
    await TP.loadStrings();
    const saved = LS.get("lang", null);
    const nav = (navigator.language || "en").slice(0, 2).toLowerCase();
    TP.setLang(saved || (TP.LANGS.includes(nav) ? nav : "en"));
    header.build();
    TP.account.load(); // who is signed in (account.js): the header shows it when it answers
    window.addEventListener("popstate", route);
    route();
    // installable: the service worker keeps the page's own files (never /api or /ws)
    if ("serviceWorker" in navigator && window.isSecureContext) {
      navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(() => { /* no install */ });
    }
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", boot);
  else boot();
})();
