/* trapoula: the table view's side panels: the score sheet and the current
   deal, the moves list, the chat. Methods of TP.TableView (table.js). */
"use strict";
(function () {
  const TP = window.TP;
  const h = (...a) => TP.h(...a);
  const t = (k, a) => TP.t(k, a);

  TP.TableView.include(class TablePanels {
    /* ---- side panels ---- */
    renderScore() {
      const p = this.sidePanels.score;
      const v = this.view;
      const msg = this.msg;
      p.textContent = "";
      const sheet = msg.sheet || [];
      const table = (head, rows, totalLast) => {
        const tb = h("table", { class: "sheet" });
        tb.append(h("thead", {}, h("tr", {}, ...head.map((x) => h("th", { text: String(x) })))));
        const body = h("tbody", {});
        rows.forEach((r, i) => body.append(h("tr", { class: totalLast && i === rows.length - 1 ? "total" : "" },
          ...r.map((x) => h("td", { text: x == null ? "" : String(x) })))));
        tb.append(body);
        return tb;
      };
      if (v.match) {
        const m = v.match;
        p.append(h("h3", { text: t("score") + " · " + t("match_to", { target: m.target }) }));
        const teams = Object.keys(m.scores);
        const rows = [];
        const dealRows = sheet.length ? sheet : m.deal_scores.map((r) => r);
        dealRows.forEach((r, i) => {
          const pts = r.points || r.scores || r;
          rows.push([String(r.deal || r.number || i + 1), ...teams.map((x) => pts[x])]);
        });
        // (the deal score sheet: points written per deal; the totals below)
        rows.push([t("total"), ...teams.map((x) => m.scores[x])]);
        p.append(table(["#", ...teams.map((x) => this.teamShort(x))], rows, true));
        if (m.hanging) p.append(h("div", { text: t("hanging") + ": " + m.hanging }));
        const cards = this.scorecard ? this.scorecard.deals : [];
        if (cards.length) {
          p.append(h("h3", { text: t("sheet") }), TP.sheetList(this, cards));
        }
      } else if (v.session || v.stacks) {
        const stacks = (v.session && v.session.stacks) || v.stacks || {};
        p.append(h("h3", { text: t("score") }));
        const rows = Object.keys(stacks).map((s) => [this.seatName(s) + " (" + s + ")", stacks[s]]);
        p.append(table([t("seat"), "●"], rows));
        if (sheet.length && sheet[0].stacks) {
          // one row per deal: each seat's chips after it (tricks taken in brackets)
          const seats = Object.keys(sheet[0].stacks);
          p.append(h("h3", { text: t("sheet") }));
          p.append(table(["#", ...seats], sheet.map((r) => [String(r.number), ...seats.map((s) =>
            String(r.stacks[s]) + (r.tricks && r.tricks[s] ? " (" + r.tricks[s] + ")" : ""))])));
        } else if (sheet.length) {
          p.append(this.genericSheet(sheet));
        }
      } else if (sheet.length) {
        p.append(this.genericSheet(sheet));
      }
      // the current deal
      if (this.game === "bourloto") {
        const cur = h("div", { class: "deal-info" });
        for (const team of ["A", "B"]) {
          const n = v.tricks_won ? v.tricks_won[team] : 0;
          const pts = v.points_taken ? v.points_taken[team] : 0;
          cur.append(h("div", { text: TP.tn("tricks_line", n, { team: this.teamShort(team), points: pts }) }));
        }
        if ((v.declarations || []).length || Object.values(v.bourlot || {}).some((x) => x)) {
          cur.append(h("div", { class: "decl-title", text: t("declared") }));
          const raw = { A: 0, B: 0 };
          for (const d of v.declarations || []) raw[this.teamOf(d.seat)] += d.points;
          for (const d of v.declarations || []) {
            const team = this.teamOf(d.seat);
            const counted = v.counted ? v.counted[team] : null;
            const mark = counted === null || counted === undefined ? "" : counted > 0 ?
              TP.pt("counted") : raw[team] ? TP.pt("cancelled") : "";
            cur.append(h("div", { class: "decl" + (mark === TP.pt("cancelled") ? " cancelled" : ""),
              dataset: { state: counted === null || counted === undefined ? "pending" :
                counted > 0 ? "counted" : "cancelled" } },
            this.seatName(d.seat) + ": " + TP.declName(d.name) + " (" + d.points + ") ",
            ...d.cards.map((c) => TP.cardLabel(c)), mark ? h("span", { class: "decl-mark",
              text: " — " + mark }) : null));
          }
          for (const team of ["A", "B"]) {
            const b = (v.bourlot || {})[team];
            if (b) cur.append(h("div", { class: "decl bourlot", text: this.teamShort(team) + ": " +
              TP.pt("bourlot_row") + " +" + b }));
          }
        }
        p.append(cur);
      }
      if (this.game === "bourre" && v.pot != null) {
        p.append(h("div", { class: "deal-info", text: t("pot") + ": " + v.pot }));
      }
      const cardsAll = this.scorecard ? this.scorecard.deals : [];
      if (cardsAll.length && !v.match) p.append(h("h3", { text: t("deals") }), TP.sheetList(this, cardsAll));
    }

    genericSheet(sheet) {
      const cols = [];
      for (const r of sheet) if (r && typeof r === "object" && !Array.isArray(r)) {
        for (const k of Object.keys(r)) if (!cols.includes(k)) cols.push(k);
      }
      const tb = h("table", { class: "sheet" });
      if (cols.length) tb.append(h("thead", {}, h("tr", {}, ...cols.map((c) => h("th", { text: c })))));
      const body = h("tbody", {});
      for (const r of sheet) {
        const cells = Array.isArray(r) ? r : cols.map((c) => r[c]);
        body.append(h("tr", {}, ...cells.map((x) => h("td", { text: x == null ? "" :
          typeof x === "object" ? Object.keys(x).map((k) => k + " " + x[k]).join(", ") : String(x) }))));
      }
      tb.append(body);
      return tb;
    }

    renderMoves() {
      const p = this.sidePanels.moves;
      const v = this.view;
      p.textContent = "";
      const list = h("ol", { class: "moves" });
      for (const line of v.history || []) list.append(h("li", {}, this.historyLine(line)));
      p.append(list);
      this.scrollMoves();
    }

    /** The moves list opens at the newest move. */
    scrollMoves() {
      const p = this.sidePanels.moves;
      const list = p.querySelector(".moves");
      if (list) list.scrollTop = list.scrollHeight;
      p.scrollTop = p.scrollHeight;
    }

    historyLine(line) {
      const m = /^(P\d+)\s+(.*)$/.exec(String(line));
      const out = h("span", {});
      if (!m) { out.textContent = String(line); return out; }
      const seat = m[1];
      const rest = m[2];
      out.append(h("b", { text: this.seatName(seat) }), ": ");
      const dm = /^draws (\d+)$/.exec(rest);
      if (dm) out.append(TP.actionWord("draws", { n: dm[1] }));
      else if (this.game === "burraco" && rest === "draw") out.append(TP.actionWord("draw"));
      else out.append(this.actionLabel(rest));
      return out;
    }

    renderChat() {
      const list = this.chatList;
      list.textContent = "";
      const social = TP.social; // social.js: phrases, mutes, mute and report
      for (const m of this.chat) {
        if (social && social.chatHidden(m)) continue;
        // a spectator's line: its own name, marked as watching ("spectator" when it gave none)
        const watcher = t("spectator_name");
        const who = m.seat ? m.name || m.seat
          : !m.name || m.name === "spectator" ? watcher : m.name + " (" + watcher + ")";
        list.append(h("div", { class: "chat-msg" }, h("b", { class: "chat-name",
          text: who + ": " }), h("span", { class: "chat-text", text: social ? social.chatText(m)
          : m.text }), social && !this.opts.readonly ? social.chatActions(m, this) : null));
      }
      list.scrollTop = list.scrollHeight;
    }
  });
})();
