/* trapoula: what the replay of a finished match adds to its public view (replay.js): every
   seat's hand at the step shown (GET /api/tables/{id}/replay?seq=N answers every seat's view
   only once the match is over), and per deal the double-dummy analysis
   (GET /api/tables/{id}/analysis?deal=N): each card played, what the best card was worth,
   and the points each choice cost. */
"use strict";
(function () {
  const TP = window.TP;
  const t = (k, a) => TP.t(k, a);
  const h = (...a) => TP.h(...a);

  /** The panel of every seat's hand (the views of the step). */
  function handsPanel(views, table) {
    const box = h("div", { class: "card-box replay-hands", id: "replay-hands" },
      h("h3", { text: t("rt_hands") }));
    const seats = (table && table.seats) || [];
    for (const s of seats) {
      const v = views && views[s.seat];
      const cards = (v && v.hand) || [];
      const row = h("div", { class: "replay-hand", dataset: { seat: s.seat } },
        h("span", { class: "replay-hand-seat", text: (s.kind === "bot"
          ? TP.botName(s.seat, s.level || s.bot) : s.seat + (s.name ? " · " + s.name : "")) + " " }));
      for (const c of cards) row.append(h("span", { class: "replay-card", text: TP.cardShort(c), title: TP.cardName(c) }));
      if (!cards.length) row.append(h("span", { class: "muted", text: "—" }));
      box.append(row);
    }
    return box;
  }

  /** The analysis panel of one deal: a button, then the moves that cost points. */
  function analysisPanel(tableId, deal) {
    const box = h("div", { class: "card-box replay-analysis", id: "replay-analysis" });
    const out = h("div", { class: "analysis-out" });
    const btn = h("button", { class: "btn", id: "analyse-deal", text: t("rt_analyse", { n: deal }),
      onclick: async () => {
        btn.disabled = true;
        out.textContent = t("rt_analysing");
        try {
          const a = await TP.api("GET", "/api/tables/" + encodeURIComponent(tableId) +
            "/analysis?deal=" + deal);
          out.textContent = "";
          showAnalysis(out, a);
        } catch (e) {
          out.textContent = TP.errorText(e.code, e.message);
        }
        btn.disabled = false;
      } });
    box.append(h("h3", { text: t("rt_analysis") }), btn, out);
    return box;
  }

  function showAnalysis(out, a) {
    if (!a.available || !a.moves.length) { out.append(h("p", { text: t("rt_no_analysis") })); return; }
    const players = h("table", { class: "analysis-players" },
      h("tr", {}, h("th", { text: "" }), h("th", { text: t("rt_cards") }),
        h("th", { text: t("rt_mistakes") }), h("th", { text: t("rt_lost") })));
    for (const [seat, s] of Object.entries(a.players)) {
      players.append(h("tr", {}, h("td", { text: seat }), h("td", { text: String(s.cards) }),
        h("td", { text: String(s.mistakes) }), h("td", { text: String(Math.round(s.lost * 10) / 10) })));
    }
    out.append(players);
    const list = h("ol", { class: "analysis-moves" });
    for (const m of a.moves) {
      const best = m.best.map((c) => TP.cardShort(c)).join(" ");
      const li = h("li", { class: m.lost > 1e-9 ? "costly" : "" },
        t("rt_move", { trick: m.trick, seat: m.seat, card: TP.cardShort(m.played) }) +
        (m.lost > 1e-9 ? " — " + t("rt_cost", { lost: Math.round(m.lost * 10) / 10, best: best }) : ""));
      list.append(li);
    }
    out.append(list);
  }

  TP.History = { handsPanel, analysisPanel };
})();
