/* trapoula: the moderators' page /admin (issue 31; /api/admin): the open reports, each with
   the chat lines stored with it, and the acts on the reported player — warn, suspend for some
   hours, ban — or dismiss. Only an account with the admin or moderator role may use it. */
"use strict";
(function () {
  const TP = window.TP;
  const t = (k, a) => TP.t(k, a);
  const { h, api, toast } = TP;

  class AdminPage {
    constructor(root) {
      this.kind = "admin";
      this.root = root;
      this.load();
    }
    leave() {}
    relabel() { this.render(); }

    async load() {
      try {
        this.reports = (await api("GET", "/api/admin/reports")).reports;
        this.error = null;
      } catch (e) {
        this.reports = [];
        this.error = TP.errorText(e.code, e.message);
      }
      this.render();
    }

    render() {
      const root = this.root;
      root.textContent = "";
      const box = h("section", { class: "card-box admin-box", id: "reports" },
        h("h2", { text: t("ad_title") }));
      root.append(h("div", { class: "lobby" }, box));
      if (this.error) { box.append(h("p", { class: "error", text: this.error })); return; }
      if (!this.reports || !this.reports.length) {
        box.append(h("p", { class: "muted", text: t("ad_none") }));
        return;
      }
      for (const r of this.reports) box.append(this.report(r));
    }

    report(r) {
      const reason = h("input", { type: "text", class: "ad-reason", maxlength: "500",
        placeholder: t("ad_reason"), "aria-label": t("ad_reason") });
      const hours = h("input", { type: "number", class: "ad-hours", min: "1", value: "24",
        "aria-label": t("ad_hours"), title: t("ad_hours") });
      const act = (kind) => h("button", { class: "btn small ad-" + kind, type: "button",
        text: t("ad_" + kind), onclick: async () => {
          const body = { report: r.id, act: kind, reason: reason.value.trim() };
          if (kind === "suspend") body.hours = Number(hours.value) || 24;
          try {
            const out = await api("POST", "/api/admin/act", body);
            toast(t("ad_done", { name: out.player || r.target, status: out.status || kind }));
          } catch (e) { toast(TP.errorText(e.code, e.message), "error"); }
          this.load();
        } });
      const lines = h("div", { class: "chat-list ad-context" }, r.context.map((c) =>
        h("div", { class: "chat-msg" + (c.reported ? " reported" : "") },
          h("b", { class: "chat-name", text: (c.name || "?") + ": " }),
          h(c.reported ? "mark" : "span", { class: "chat-text",
            text: c.phrase ? t("qc_" + c.phrase) : c.text }))));
      return h("article", { class: "report", dataset: { id: r.id, target: r.target } },
        h("h3", { text: t("ad_by", { reporter: r.reporter, target: r.target }) }),
        r.text ? h("p", { class: "report-text", text: r.text }) : null,
        lines,
        h("div", { class: "row" }, reason, hours, act("warn"), act("suspend"), act("ban"),
          act("dismiss")));
    }
  }

  Object.assign(TP, { AdminPage });
})();
