/* trapoula: the player's account (docs/web.md, "Players' home: accounts"): the header's
   button (the signed-in name, or "Sign in"), its panel — sign in, register, sign out (this
   device or all), the languages spoken, change the password, delete the account — and the name fields of the lobby
   and the join panel, which show the account's name while signed in.
   The session is an HttpOnly cookie the page never sees; GET /api/account says who is signed
   in. Signing in or registering sends the seats this browser holds as a guest (localStorage),
   which become the account's. Hooks: app.js (TP.account.load at boot, TP.accountButton in the
   header), lobby.js and tablepage.js (TP.accountName on their name fields). */
"use strict";
(function () {
  const TP = window.TP;
  const t = (k, a) => TP.t(k, a);
  const { h, api, toast, LS } = TP;

  const account = {
    me: null,      // {id, name, roles, languages, created, status} or null (a guest)
    loaded: false,
    /** Ask the server who is signed in (the page refreshes when it is someone). */
    async load() {
      try {
        const res = await api("GET", "/api/account");
        this.set(res.account, this.loaded);
      } catch (e) { /* the room works without: a guest */ }
      this.loaded = true;
    },
    set(me, refresh) {
      const was = JSON.stringify(this.me);
      this.me = me || null;
      document.body.dataset.account = this.me ? this.me.name : "";
      if (refresh !== false || was !== JSON.stringify(this.me)) TP.refresh();
    },
  };

  /** The seats this browser holds as a guest: [{table_id, seat, token}]. */
  function heldSeats() {
    const all = LS.get("seats", {}) || {};
    return Object.values(all).filter((e) => e && e.token && e.table_id && e.seat)
      .map((e) => ({ table_id: e.table_id, seat: e.seat, token: e.token })).slice(-200);
  }

  /** The header's button: the signed-in name, or "Sign in". */
  function accountButton() {
    const me = account.me;
    return h("button", { id: "account-btn", class: "btn small account-btn" + (me ? " signed-in" : ""),
      title: me ? t("acc_signed_in_as", { name: me.name }) : t("acc_sign_in"),
      text: me ? "● " + me.name : t("acc_sign_in"), onclick: () => openPanel() });
  }

  /** A name field (lobby, join panel): the account's name, not editable, while signed in. */
  function accountName(input) {
    const me = account.me;
    if (!me) return;
    input.value = me.name;
    input.readOnly = true;
    input.title = t("acc_name_is_account");
  }

  /* ---- the panel ---- */
  let dialog = null;
  let mode = "signin"; // or "register" (signed out)

  function close() { if (dialog) { dialog.close(); dialog.remove(); dialog = null; } }

  function openPanel(which) {
    close();
    if (which) mode = which;
    dialog = h("dialog", { id: "account-panel", class: "account-panel card-box",
      "aria-label": t("acc_account"), onclose: () => { if (dialog) { dialog.remove(); dialog = null; } } });
    document.body.append(dialog);
    render();
    dialog.showModal();
  }

  function errorLine() { return h("p", { id: "acc-error", class: "acc-error", role: "alert" }); }
  function showError(box, e) { box.textContent = TP.errorText(e.code, e.message); }

  /** POST and, on success, the new account; errors go to `err` (the form stays). */
  async function submit(path, body, err, button) {
    button.disabled = true;
    err.textContent = "";
    try {
      return await api("POST", path, body);
    } catch (e) {
      showError(err, e);
      return null;
    } finally { button.disabled = false; }
  }

  function render() {
    if (!dialog) return;
    dialog.textContent = "";
    const closeBtn = h("button", { class: "btn small acc-close", id: "acc-close", text: "✕",
      "aria-label": t("acc_close"), title: t("acc_close"), onclick: close });
    dialog.append(h("div", { class: "row spread" }, h("h2", { text: t("acc_account") }), closeBtn));
    if (account.me) signedIn(); else signedOut();
  }

  function signedOut() {
    const tabs = h("div", { class: "row acc-tabs", role: "tablist" },
      ["signin", "register"].map((m) => h("button", { class: "btn small" + (mode === m ? " primary" : ""),
        id: "acc-tab-" + m, role: "tab", "aria-selected": String(mode === m),
        text: t(m === "signin" ? "acc_sign_in" : "acc_register"),
        onclick: () => { mode = m; render(); } })));
    const reg = mode === "register";
    const name = h("input", { id: "acc-name", type: "text", maxlength: "24", required: true,
      autocomplete: "username", value: LS.get("name", "") || "" });
    const password = h("input", { id: "acc-password", type: "password", required: true,
      minlength: reg ? "8" : null, maxlength: "128",
      autocomplete: reg ? "new-password" : "current-password" });
    const langs = h("div", { class: "row acc-langs" }, TP.LANGS.map((l) => h("label", {},
      h("input", { type: "checkbox", value: l, checked: l === TP.getLang() }), " " + TP.LANG_NAMES[l])));
    const err = errorLine();
    const go = h("button", { class: "btn primary", type: "submit", id: "acc-submit",
      text: t(reg ? "acc_register" : "acc_sign_in") });
    const form = h("form", { class: "acc-form", onsubmit: async (e) => {
      e.preventDefault();
      const body = { name: name.value.trim(), password: password.value, seats: heldSeats() };
      if (reg) body.languages = [...langs.querySelectorAll("input:checked")].map((x) => x.value);
      const res = await submit(reg ? "/api/account/register" : "/api/account/signin", body, err, go);
      if (!res) return;
      LS.set("name", res.account.name);
      toast(t(reg ? "acc_welcome" : "acc_hello", { name: res.account.name }));
      close();
      account.set(res.account);
    } },
    h("label", { for: "acc-name", text: t("acc_name") }), name,
    h("label", { for: "acc-password", text: t("acc_password") }), password,
    reg ? h("p", { class: "muted small", text: t("acc_rules") }) : null,
    reg ? h("fieldset", { class: "acc-langs-box" }, h("legend", { text: t("acc_languages") }), langs) : null,
    err, go);
    dialog.append(tabs, form, h("p", { class: "muted small", text: t("acc_guest_ok") }));
    setTimeout(() => (name.value ? password : name).focus(), 0);
  }

  /** The languages the player speaks: checkboxes and Save. */
  function languagesForm(me, err) {
    const boxes = h("div", { class: "row acc-langs" }, TP.LANGS.map((l) => h("label", {},
      h("input", { type: "checkbox", value: l, checked: me.languages.includes(l) }),
      " " + TP.LANG_NAMES[l])));
    const save = h("button", { class: "btn", type: "submit", id: "acc-langs-save", text: t("acc_save") });
    return h("details", { class: "acc-more" }, h("summary", { text: t("acc_languages") }),
      h("form", { class: "acc-form", onsubmit: async (e) => {
        e.preventDefault();
        const langs = [...boxes.querySelectorAll("input:checked")].map((x) => x.value);
        const res = await submit("/api/account/languages", { languages: langs }, err, save);
        if (!res) return;
        account.me = res.account;
        toast(t("acc_saved"));
      } }, boxes, save));
  }

  function signedIn() {
    const me = account.me;
    const err = errorLine();
    const out = (all) => async (e) => {
      const res = await submit("/api/account/signout", { all: all }, err, e.target);
      if (!res) return;
      toast(t("acc_signed_out"));
      close();
      account.set(null);
    };
    const old = h("input", { id: "acc-old", type: "password", autocomplete: "current-password" });
    const fresh = h("input", { id: "acc-new", type: "password", minlength: "8", maxlength: "128",
      autocomplete: "new-password" });
    const change = h("button", { class: "btn", type: "submit", id: "acc-change", text: t("acc_change") });
    const confirmPw = h("input", { id: "acc-delete-password", type: "password",
      autocomplete: "current-password" });
    const del = h("button", { class: "btn danger", id: "acc-delete", text: t("acc_delete") });
    del.addEventListener("click", async () => {
      if (!window.confirm(t("acc_delete_sure"))) return;
      const res = await submit("/api/account/delete", { password: confirmPw.value }, err, del);
      if (!res) return;
      toast(t("acc_deleted", { name: res.name }));
      close();
      account.set(null);
    });
    dialog.append(
      h("p", { id: "acc-who", text: t("acc_signed_in_as", { name: me.name }) }),
      h("div", { class: "row" },
        h("button", { class: "btn primary", id: "acc-signout", text: t("acc_sign_out"), onclick: out(false) }),
        h("button", { class: "btn", id: "acc-signout-all", text: t("acc_sign_out_all"), onclick: out(true) })),
      err,
      languagesForm(me, err),
      h("details", { class: "acc-more" }, h("summary", { text: t("acc_change") }),
        h("form", { class: "acc-form", onsubmit: async (e) => {
          e.preventDefault();
          const res = await submit("/api/account/password", { old: old.value, new: fresh.value }, err, change);
          if (!res) return;
          toast(t("acc_changed"));
          close();
        } },
        h("label", { for: "acc-old", text: t("acc_old_password") }), old,
        h("label", { for: "acc-new", text: t("acc_new_password") }), fresh, change)),
      h("details", { class: "acc-more" }, h("summary", { text: t("acc_delete") }),
        h("p", { class: "muted small", text: t("acc_delete_help") }),
        h("label", { for: "acc-delete-password", text: t("acc_password") }), confirmPw, del));
  }

  Object.assign(TP, { account, accountButton, accountName, openAccount: openPanel });
})();
