/* trapoula: the end-of-deal score card and the deal-by-deal score sheet.
   Both draw the cards of GET /api/tables/{id}/deals (src/trapoula/web/summary.py): the rows
   the terminal prints (trapoula.tui.summary), worded from the shared strings (TP.pt). */
"use strict";
(function () {
  const TP = window.TP;
  const h = (...a) => TP.h(...a);
  const t = (k, a) => TP.t(k, a);
  const pt = (k, a) => TP.pt(k, a);
  const LABEL = { bourlot: "bourlot_row", total: "total" };

  /** The rows of one card as a table; col(c) words a column (a team or a seat). */
  function rowsTable(card, col) {
    const cols = card.columns || [];
    const tb = h("table", { class: "sheet card-rows" });
    tb.append(h("thead", {}, h("tr", {}, h("th", {}), ...cols.map((c) => h("th", { text: col(c) })))));
    const body = h("tbody", {});
    for (const r of card.rows || []) {
      const tr = h("tr", { class: r.total ? "total-row" : "", dataset: { row: r.key } },
        h("td", { class: "row-label", text: pt(LABEL[r.key] || r.key) }),
        ...cols.map((c) => h("td", { class: "num", text: String((r.values || {})[c] || 0) })));
      body.append(tr);
      if (r.cancelled && Object.keys(r.cancelled).length) {
        body.append(h("tr", { class: "cancel-row" }, h("td", { class: "row-label muted",
          text: "  " + pt("cancelled") }), ...cols.map((c) => h("td", { class: "num muted",
          text: r.cancelled[c] ? "(" + r.cancelled[c] + ")" : "" }))));
      }
    }
    if (card.totals) {
      body.append(h("tr", { class: "match-row", dataset: { row: "match_total" } },
        h("td", { class: "row-label", text: pt("total") }),
        ...cols.map((c) => h("td", { class: "num", text: String(card.totals[c] || 0) }))));
    }
    tb.append(body);
    return tb;
  }

  /** The sentences of a card: thrown in, contract outcome, pot, bourré, carry, hanging pool. */
  function notes(card, tv) {
    const out = [];
    const name = (s) => tv.seatName(s);
    for (const n of card.notes || []) out.push(pt(n.key));
    if (card.game === "bourloto") {
      if (card.outcome) out.push(pt(card.outcome.key, { team: tv.teamShort(card.outcome.team) }));
      if (card.capot) out.push(tv.teamShort(card.capot) + ": " + pt("capot"));
      if (card.hanging !== undefined) out.push(pt("hanging_after", { n: card.hanging }));
    } else if (card.game === "bourre") {
      const win = Object.keys(card.winners || {});
      const staying = card.staying || [];
      if (!staying.length) out.push(pt("br_all_folded", { pot: card.pot }));
      else if (staying.length === 1) out.push(pt("br_alone", { seat: name(staying[0]), pot: card.pot }));
      else if (win.length === 1) out.push(pt("br_takes_pot", { seat: name(win[0]), pot: card.pot }));
      else if (win.length) out.push(pt("br_split", { seats: win.map(name).join(", "),
        share: Math.min(...win.map((s) => card.winners[s])), pot: card.pot }));
      else out.push(pt("br_tie_carry", { pot: card.pot }));
      for (const s of Object.keys(card.bourre || {})) {
        const amount = card.bourre[s];
        const paid = (card.bourre_paid || {})[s];
        out.push(paid === amount ? pt("br_is_bourre", { seat: name(s), amount: amount }) :
          pt("br_bourre_short", { seat: name(s), amount: amount, paid: paid }));
      }
      if (card.carry) out.push(pt("br_carry", { carry: card.carry }));
      for (const s of card.left || []) if (!(s in (card.bourre || {}))) out.push(pt("br_leaves", { seat: name(s) }));
    } else if (card.game === "burraco") {
      if (card.end === "closing" && card.closer) out.push(pt("bu_end_closing", { seat: name(card.closer) }));
      else if (card.end) out.push(pt("bu_end_" + card.end));
    }
    return out;
  }

  function colLabel(card, tv) {
    return (c) => card.game === "bourre" ? tv.seatName(c) : tv.teamShort(c);
  }

  /** The whole card (the overlay and the sheet's expanded deal use the same element). */
  function cardBody(card, tv) {
    const box = h("div", { class: "card-body" });
    const me = tv.me;
    if (card.game === "bourre" && me && card.bourre && me in card.bourre) {
      box.append(h("div", { class: "bust", role: "alert",
        text: pt("br_you_bust", { amount: card.bourre[me] }) }));
    }
    if (card.game === "bourre" && me && (card.left || []).includes(me)) {
      box.append(h("div", { class: "bust", role: "alert", text: pt("br_you_are_out") }));
    }
    if (card.last_trick) {
      const lt = h("div", { class: "card-last-trick" },
        h("span", { class: "caption", text: pt("last_trick") + ": " }));
      for (const [seat, c] of card.last_trick.plays) {
        lt.append(h("span", { class: "lt-play" + (seat === card.last_trick.winner ? " won" : "") },
          tv.seatName(seat) + " ", TP.cardLabel(c)));
      }
      box.append(lt);
    }
    if ((card.rows || []).length || card.totals) box.append(rowsTable(card, colLabel(card, tv)));
    if ((card.declarations || []).length) {
      const list = h("ul", { class: "card-decls" });
      for (const d of card.declarations) {
        list.append(h("li", { class: d.cancelled ? "cancelled" : "counted" },
          tv.seatName(d.seat) + ": " + TP.declName(d.name) + " (" + d.points + ") ",
          ...d.cards.map((c) => TP.cardLabel(c)),
          h("span", { class: "decl-mark", text: " — " + pt(d.cancelled ? "cancelled" : "counted") })));
      }
      box.append(list);
    }
    for (const line of notes(card, tv)) box.append(h("p", { class: "card-note", text: line }));
    return box;
  }

  /** The overlay shown when a deal ends; it stays until dismissed, or until the next deal
      has gone on for a while (it closes at the first new state after `pause` ms). */
  class ScoreCard {
    constructor(tv) {
      this.tv = tv;
      this.el = null;
      this.shownAt = 0;
      this.pause = 8000;
      this.deals = [];
      this.answer = null;
    }
    async load() {
      const id = this.tv.msg && this.tv.msg.table && this.tv.msg.table.id;
      if (!id) return null;
      try {
        const res = await fetch("/api/tables/" + encodeURIComponent(id) + "/deals");
        if (!res.ok) return null;
        this.answer = await res.json();
        this.deals = this.answer.deals || [];
        this.tv.renderScore();
        return this.answer;
      } catch (e) { return null; }
    }
    async dealEnded(over) {
      const answer = await this.load();
      if (!answer || !this.deals.length) return;
      this.show(this.deals[this.deals.length - 1], over);
    }
    show(card, over) {
      this.close();
      const tv = this.tv;
      const title = tv.game === "burraco" ? pt("bu_hand_over", { n: card.deal }) :
        pt("deal_over", { n: card.deal });
      this.el = h("div", { class: "scorecard", role: "dialog", "aria-label": title,
        dataset: { deal: String(card.deal), game: card.game } },
      h("div", { class: "card-head" }, h("h3", { text: title, onclick: () => this.toggle() }),
        h("button", { class: "btn small card-close", text: over ? "✕" : t("continue"),
          onclick: () => this.close() })),
      cardBody(card, tv));
      this.expanded = false;
      if (over) { // the game is over: the last card sits under the result, in the page
        this.el.classList.add("final");
        tv.banner.after(this.el);
      } else {
        this.el.classList.add("docked");
        this.place();
      }
      this.shownAt = Date.now();
      this.over = !!over;
      document.body.dataset.scorecard = String(card.deal);
    }
    /** Where the card of a deal in play goes: never over the hand or the buttons. A wide
        screen has it at the head of the side column (the felt and its upcard stay in view);
        a narrow one over the felt only, folded to its title line at the person's turn (a tap
        on the title opens it again). */
    place() {
      const el = this.el;
      if (!el || this.over) return;
      const tv = this.tv;
      const wide = window.matchMedia("(min-width: 900px)").matches && tv.side;
      const home = wide ? tv.side : tv.board;
      if (el.parentNode !== home) {
        if (wide) tv.side.prepend(el);
        else tv.board.append(el);
      }
      el.classList.toggle("mini", !wide && tv.myTurn() && !this.expanded);
      if (tv.placeToasts) tv.placeToasts();
    }
    toggle() {
      if (!this.el || this.over) return;
      this.expanded = this.el.classList.contains("mini");
      this.place();
    }
    /** Called on every new state: the card leaves once the next deal has run `pause` ms. */
    tick() {
      if (this.el && !this.over && Date.now() - this.shownAt > this.pause) this.close();
    }
    close() {
      if (this.el) this.el.remove();
      this.el = null;
      delete document.body.dataset.scorecard;
    }
  }

  /** The score sheet: one line per deal (points written), each opening to its full card. */
  function sheetList(tv, deals) {
    const box = h("div", { class: "deal-sheet" });
    for (const card of deals) {
      const written = (card.rows || []).find((r) => r.key === "written" || r.key === "bu_row_score" ||
        r.key === "br_net");
      const cols = card.columns || [];
      const line = written ? cols.map((c) => colLabel(card, tv)(c) + " " + written.values[c]).join(" · ") :
        notes(card, tv)[0] || "";
      box.append(h("details", { class: "deal-line", dataset: { deal: String(card.deal) } },
        h("summary", {}, h("b", { text: "#" + card.deal + " " }), line),
        cardBody(card, tv)));
    }
    return box;
  }

  Object.assign(TP, { ScoreCard, sheetList, scoreCardBody: cardBody });
})();
