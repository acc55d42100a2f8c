/* trapoula: the replay viewer of a finished table (/replay/{table_id}).
   Each step is the engine's public view after that many moves
   (GET /api/tables/{id}/replay?seq=N, answered only once the game is over). */
"use strict";
(function () {
  const TP = window.TP;
  const t = (k, a) => TP.t(k, a);

  class ReplayPage {
    constructor(root, tableId) {
      this.kind = "replay";
      this.root = root;
      this.tableId = tableId;
      this.cache = new Map();
      this.seq = 0;
      this.want = 0; // the step asked for last (clicks run ahead of the answers)
      this.total = null;
      this.playing = null;
      this.build();
      this.show(0);
    }

    build() {
      const h = TP.h;
      this.root.textContent = "";
      this.title = h("h2", { class: "replay-title", text: t("replay") });
      this.slider = h("input", { type: "range", min: "0", max: "0", value: "0", id: "replay-slider",
        "aria-label": t("replay"), oninput: (e) => this.show(parseInt(e.target.value, 10)) });
      this.counter = h("span", { class: "replay-counter", id: "replay-counter" });
      this.lastLine = h("div", { class: "replay-last" });
      const b = (label, id, fn) => h("button", { class: "btn", id: id, text: label, onclick: fn });
      this.playBtn = b("▶▶", "replay-play", () => this.toggle());
      const controls = h("div", { class: "replay-controls" },
        b("«", "replay-first", () => this.show(0)),
        b("◀", "replay-prev", () => this.show(this.want - 1)),
        b("▶", "replay-next", () => this.show(this.want + 1)),
        b("»", "replay-last", () => this.show(this.total || 0)),
        this.playBtn, this.slider, this.counter);
      const holder = h("div", { class: "table-holder" });
      this.extra = h("div", { class: "replay-extra" });
      this.root.append(h("div", { class: "replay" }, this.title, controls, this.lastLine, holder,
        this.extra));
      this.view = new TP.TableView(holder, { readonly: true });
      this.keys = (e) => {
        if (e.target && /INPUT|SELECT|TEXTAREA/.test(e.target.tagName)) return;
        if (e.key === "ArrowRight") this.show(this.want + 1);
        if (e.key === "ArrowLeft") this.show(this.want - 1);
      };
      document.addEventListener("keydown", this.keys);
    }

    leave() {
      document.removeEventListener("keydown", this.keys);
      clearInterval(this.playing);
    }

    relabel() { this.build(); this.show(this.want); }

    toggle() {
      if (this.playing) { clearInterval(this.playing); this.playing = null; return; }
      this.playing = setInterval(() => {
        if (this.total !== null && this.seq >= this.total) { clearInterval(this.playing); this.playing = null; return; }
        this.show(this.want + 1);
      }, 700);
    }

    async fetchStep(seq) {
      if (this.cache.has(seq)) return this.cache.get(seq);
      const data = await TP.api("GET", "/api/tables/" + encodeURIComponent(this.tableId) +
        "/replay?seq=" + seq);
      // the table shows the public view; every seat's hand is beside it (history.js)
      const step = { seq: data.seq, total: data.total, table: data.table, last: data.last,
        to_act: data.to_act, over: data.over, result: data.result, sheet: data.sheet,
        view: data.public, views: data.views };
      this.cache.set(seq, step);
      return step;
    }

    async show(seq) {
      if (seq < 0) seq = 0;
      if (this.total !== null && seq > this.total) seq = this.total;
      this.want = seq;
      let step;
      try {
        step = await this.fetchStep(seq);
        if (this.want !== seq) return; // a later click won
      } catch (e) {
        this.root.textContent = "";
        this.root.append(TP.h("div", { class: "card-box" },
          TP.h("p", { text: e.status === 404 ? t("no_replay") : TP.errorText(e.code, e.message) }),
          TP.h("a", { class: "btn", href: "/", text: t("back_lobby") })));
        return;
      }
      this.seq = step.seq;
      this.total = step.total;
      this.slider.max = String(step.total);
      this.slider.value = String(step.seq);
      this.counter.textContent = t("step", { n: step.seq, m: step.total });
      document.body.dataset.replaySeq = String(step.seq);
      const tbl = step.table || {};
      this.title.textContent = t("replay") + " · " + t("game_" + tbl.game) + " · " + (tbl.preset ? TP.presetName(tbl.game, tbl.preset) : "");
      this.lastLine.textContent = "";
      if (step.last) {
        this.view.msg = { table: tbl, view: step.view };
        this.lastLine.append(this.view.historyLine(step.last.seat + " " + publicText(step.last)));
      } else {
        this.lastLine.textContent = t("start");
      }
      this.view.setState({ type: "state", table: tbl, you: null, seq: step.seq, view: step.view,
        legal: [], to_act: step.to_act, last: step.last, over: step.over && step.seq === step.total,
        result: step.result, sheet: step.sheet });
      this.extra.textContent = "";
      const info = (step.view && (step.view.match || step.view.session)) || {};
      const deal = info.deal_number || 1;
      this.extra.append(TP.History.handsPanel(step.views, tbl),
        TP.History.analysisPanel(this.tableId, deal));
    }
  }

  /** A move as everybody saw it: another player's exchange shows as a count only. */
  function publicText(last) {
    const parts = String(last.action).split(/\s+/);
    if (parts[0] === "draw" && parts.length > 1) return "draws " + (parts.length - 1);
    return last.action;
  }

  TP.ReplayPage = ReplayPage;
})();
