/* trapoula: the table view's hand and action buttons: the sorted hand, selecting
   cards, dragging them to the felt, a meld or the discard pile, and one button per legal action
   (texts taken from `legal`, never invented). Methods of TP.TableView (table.js). */
"use strict";
(function () {
  const TP = window.TP;
  const h = (...a) => TP.h(...a);
  const t = (k, a) => TP.t(k, a);
  const { parseAction, sortHand, cardText } = TP;

  TP.TableView.include(class TableHand {
    /* ---- hand, selection and the action buttons ---- */
    sortedHand() {
      const v = this.view;
      return sortHand((v.hand || []).map(cardText), this.game, v.trump, this.sortByRank);
    }
    selectedCards() {
      const hand = this.sortedHand();
      return [...this.selected].sort((a, b) => a - b).map((i) => hand[i]);
    }
    selectedKey() { return this.selectedCards().slice().sort().join(" "); }

    renderHandAndActions() {
      const v = this.view;
      const msg = this.msg;
      const hand = this.sortedHand();
      const my = this.myTurn() && !this.pending;
      const legal = my ? this.legal() : [];
      const plays = legal.filter((a) => a.kind === "play");
      const cardActs = legal.filter((a) => a.kind !== "play" && a.cards.length);
      const selectable = new Set();
      for (const a of cardActs) for (const c of a.cards) selectable.add(c);
      const playable = new Set(plays.map((a) => a.cards[0]));
      const mode = plays.length ? "play" : cardActs.length ? "select" : "none";
      this.hand.textContent = "";
      this.hand.className = "hand mode-" + mode + (this.me ? "" : " hidden");
      this.hand.dataset.count = String(hand.length);
      this.hand.style.setProperty("--n", String(Math.max(1, hand.length)));
      const myDiscards = new Set((v.my_discards || []).map(cardText));
      hand.forEach((c, i) => {
        const el = TP.cardEl(c);
        el.dataset.idx = String(i);
        if (mode === "play") {
          el.classList.add(playable.has(c) ? "legal" : "illegal");
        } else if (mode === "select") {
          el.classList.add(selectable.has(c) ? "legal" : "illegal");
        }
        if (this.selected.has(i)) el.classList.add("selected");
        if (v.picked && cardText(v.picked) === c) {
          el.classList.add("picked");
          el.title = el.title + " · " + t("picked_note");
        }
        if (this.variants && this.variants[0].cards[0] === c) el.classList.add("selected");
        if ((mode === "play" && playable.has(c)) || (mode === "select" && selectable.has(c))) {
          el.tabIndex = 0;
          el.setAttribute("role", "button");
          this.makeInteractive(el, c, i, mode);
        }
        this.hand.append(el);
      });
      if (this.game === "bourre" && myDiscards.size) {
        this.hand.append(h("div", { class: "my-discards" },
          h("span", { class: "caption", text: t("you_exchanged") + ":" }),
          ...[...myDiscards].map((c) => TP.cardLabel(c))));
      }
      // the prompt line
      this.prompt.textContent = "";
      if (msg.over) {
        this.prompt.append(h("b", { text: this.game === "bourre" ? t("game_over") :
          t("match_over") }));
      } else if (this.myTurn()) {
        this.prompt.append(h("b", { class: "your-turn", text: t("your_turn") }));
        if (mode === "select") this.prompt.append(" · " + t("select_cards"));
      } else if (msg.to_act) {
        this.prompt.append(t("to_act", { seat: this.seatName(msg.to_act) }));
      }
      if (msg.last && msg.last.seat && !msg.over) {
        this.prompt.append(h("span", { class: "last-act" }, " · ", this.historyLine(
          msg.last.seat + " " + msg.last.action)));
      }
      if (this.game === "bourloto") {
        this.prompt.append(h("span", { class: "trump-line" }, " · " + t("trump") + ": ",
          v.trump ? h("span", { class: "trump-suit" }, TP.suitIcon(v.trump), " ",
            TP.suitName(v.trump)) : t("not_chosen"),
          v.buyer ? " (" + t("bought_by", { team: v.buyer }) + ")" : ""));
      }
      if (this.game === "bourre") {
        this.prompt.append(h("span", { class: "bourre-line" }, " · " + t("trump") + ": ",
          v.trump_card ? TP.cardLabel(v.trump_card) : "",
          " · " + t("pot") + " " + (v.pot != null ? v.pot : "") +
          " · " + t("stock") + " " + (v.stock_count || 0)));
      }
      if (this.game === "burraco" && this.me) {
        this.prompt.append(" ", h("button", { class: "btn small sort-btn",
          text: "⇅ " + (this.sortByRank ? "A-K" : "♠♥♣♦"),
          onclick: () => { this.sortByRank = !this.sortByRank; this.selected.clear();
            this.render(); } }));
      }
      this.renderActions(legal, mode);
    }

    makeInteractive(el, card, idx, mode) {
      let start = null;
      let ghost = null;
      const onDown = (e) => {
        if (e.button !== undefined && e.button !== 0) return;
        start = { x: e.clientX, y: e.clientY };
        el.setPointerCapture && el.setPointerCapture(e.pointerId);
      };
      const onMove = (e) => {
        if (!start) return;
        const dx = e.clientX - start.x;
        const dy = e.clientY - start.y;
        if (!ghost && dx * dx + dy * dy > 64) {
          ghost = el.cloneNode(true);
          ghost.classList.add("ghost");
          document.body.append(ghost);
          el.classList.add("dragging");
        }
        if (ghost) {
          ghost.style.left = e.clientX + "px";
          ghost.style.top = e.clientY + "px";
        }
      };
      const onUp = (e) => {
        if (!start) return;
        start = null;
        if (!ghost) { this.clickCard(card, idx, mode); return; }
        ghost.remove();
        ghost = null;
        el.classList.remove("dragging");
        const under = document.elementFromPoint(e.clientX, e.clientY);
        const drop = under && under.closest("[data-drop]");
        if (drop) this.dropCard(card, idx, mode, drop);
      };
      el.addEventListener("pointerdown", onDown);
      el.addEventListener("pointermove", onMove);
      el.addEventListener("pointerup", onUp);
      el.addEventListener("pointercancel", () => {
        start = null;
        if (ghost) { ghost.remove(); ghost = null; el.classList.remove("dragging"); }
      });
      el.addEventListener("keydown", (e) => {
        if (e.key === "Enter" || e.key === " ") { e.preventDefault(); this.clickCard(card, idx, mode); }
      });
    }

    clickCard(card, idx, mode) {
      if (mode === "play") {
        const acts = this.legal().filter((a) => a.kind === "play" && a.cards[0] === card);
        if (acts.length === 1) this.send(acts[0].text);
        else if (acts.length > 1) { this.variants = acts; this.render(); }
        return;
      }
      if (this.selected.has(idx)) this.selected.delete(idx);
      else this.selected.add(idx);
      this.render();
    }

    dropCard(card, idx, mode, drop) {
      const legal = this.legal();
      if (mode === "play" && drop.dataset.drop === "table") {
        this.clickCard(card, idx, mode);
      } else if (drop.dataset.drop === "discard") {
        const a = legal.find((x) => x.kind === "discard" && x.cards[0] === card);
        if (a) this.send(a.text);
      } else if (drop.dataset.drop === "meld") {
        const cards = this.selected.has(idx) ? this.selectedCards() : [card];
        const key = cards.slice().sort().join(" ");
        const n = parseInt(drop.dataset.n, 10);
        const a = legal.find((x) => x.kind === "add" && x.n === n && x.key === key);
        if (a) this.send(a.text);
      }
    }

    clickMeld(n) {
      if (!this.myTurn() || this.pending) return;
      const key = this.selectedKey();
      const a = this.legal().find((x) => x.kind === "add" && x.n === n && x.key === key);
      if (a) this.send(a.text);
    }

    actionLabel(text) {
      const a = typeof text === "string" ? parseAction(text) : text;
      const span = h("span", { class: "act-label" });
      if (a.kind === "name") {
        span.append(TP.actionWord("name") + " ", TP.suitIcon(a.suit), " " + TP.suitName(a.suit));
      } else if (a.kind === "play") {
        span.append(TP.actionWord("play") + " ", TP.cardLabel(a.cards[0]));
        for (const x of a.extras) span.append(" + " + TP.actionWord(x));
      } else if (a.kind === "draw" && a.cards.length) {
        span.append(TP.actionWord("draw_bourre"));
        for (const c of a.cards) span.append(" ", TP.cardLabel(c));
      } else if (a.kind === "add") {
        span.append(TP.actionWord("add", { n: a.n }));
        for (const c of a.cards) span.append(" ", TP.cardLabel(c));
      } else if (a.kind === "meld" || a.kind === "discard" || a.kind === "show") {
        span.append(TP.actionWord(a.kind));
        for (const c of a.cards) span.append(" ", TP.cardLabel(c));
      } else {
        span.append(TP.actionWord(a.kind));
        for (const x of a.extras) span.append(" " + x);
      }
      return span;
    }

    renderActions(legal, mode) {
      const box = this.actions;
      box.textContent = "";
      const v = this.view;
      if (!legal.length) return;
      const btn = (label, action, cls) => h("button", { class: "btn act" + (cls ? " " + cls : ""),
        dataset: { action: action || "" }, disabled: !action,
        onclick: () => { if (action) this.send(action); } }, label);
      if (this.variants) {
        // one button per way of playing the card; the plain play says what it gives up
        for (const a of this.variants) {
          const label = this.actionLabel(a);
          if (TP.withBourlot(a, this.variants)) {
            label.append(h("span", { class: "gives-up",
              text: " (" + TP.pt("bourlot_unannounced") + ")" }));
          }
          box.append(btn(label, a.text, "variant"));
        }
        box.append(h("button", { class: "btn ghost-btn", text: "✕",
          onclick: () => { this.variants = null; this.render(); } }));
        return;
      }
      // the seven-of-trumps exchange: show the 7 and the upcard it would be swapped for
      // declining sends nothing (the others cannot tell): the offer just leaves the page
      const kept = this.keptSeven === this.dealNumber();
      if (this.game === "bourloto" && legal.some((a) => a.kind === "exchange") && v.upcard && v.trump) {
        if (kept) {
          box.append(h("div", { class: "exchange-note kept", text: t("keep_seven_note") }));
        } else {
          box.append(h("div", { class: "exchange-note" }, t("exchange_prompt") + " ",
            TP.cardLabel("7" + String(v.trump).toUpperCase()), " ⇄ ", TP.cardEl(v.upcard)));
        }
      }
      // actions without cards: one button each (take, pass, name ♥, agree, fold, stay, draw…)
      for (const a of legal) {
        // (a Bourloto declaration shown in play, "show 9H 10H JH", is one button too)
        if (a.kind === "play" || (a.cards.length && a.kind !== "show")) continue;
        if (a.kind === "exchange" && kept) continue;
        box.append(btn(this.actionLabel(a), a.text));
        if (a.kind === "exchange" && this.game === "bourloto") {
          box.append(h("button", { class: "btn keep-seven",
            text: t("keep_seven"),
            onclick: () => { this.keptSeven = this.dealNumber(); this.render(); } }));
        }
      }
      if (this.game === "bourloto" && (v.my_declarations || []).length &&
          legal.some((a) => a.kind === "declare" || a.extras.includes("declare"))) {
        const decl = h("div", { class: "my-decl" }, t("you_can_declare") + ": ");
        for (const d of v.my_declarations) {
          decl.append(h("span", { class: "decl" }, TP.declName(d.name) + " (" + d.points + ") ",
            ...d.cards.map((c) => TP.cardLabel(c))));
        }
        box.append(decl);
      }
      if (mode !== "select") return;
      const sel = this.selectedCards();
      const key = this.selectedKey();
      const kinds = new Set(legal.filter((a) => a.cards.length).map((a) => a.kind));
      if (kinds.has("draw")) {
        const a = legal.find((x) => x.kind === "draw" && x.key === key && key);
        box.append(btn(t("draw_selected", { n: sel.length }), a && a.text, "primary"));
      }
      if (kinds.has("meld")) {
        const a = legal.find((x) => x.kind === "meld" && x.key === key && key);
        box.append(btn(t("meld_selected"), a && a.text, "primary"));
      }
      if (kinds.has("add")) {
        for (const a of legal) {
          if (a.kind === "add" && key && a.key === key) box.append(btn(t("add_to", { n: a.n }), a.text));
        }
      }
      if (kinds.has("discard")) {
        const a = sel.length === 1 && legal.find((x) => x.kind === "discard" && x.key === key);
        box.append(btn(t("discard_card", { card: sel.length === 1 ? TP.cardShort(sel[0]) : "" }),
          a && a.text, "discard"));
      }
      if (sel.length) {
        box.append(h("button", { class: "btn ghost-btn", text: t("clear"),
          onclick: () => { this.selected.clear(); this.render(); } }));
      }
    }
  });
})();
