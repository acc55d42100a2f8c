/* trapoula: the table view's felt: the seats around it, the trick, the Bourloto
   upcard and the Bourré pot, Burraco's melds, stock and discard pile, and the banner (waiting,
   match over). Methods of TP.TableView (table.js). */
"use strict";
(function () {
  const TP = window.TP;
  const h = (...a) => TP.h(...a);
  const t = (k, a) => TP.t(k, a);

  /** Which card of a Burraco meld (display order) stands in as its wild card, or -1: a
      joker; in a set the card of another rank; in a sequence a 2 of another suit, else the
      suit's own 2 that is not in its place (next to the ace or the 3). */
  function wildIndex(m) {
    if (m.clean) return -1;
    const cards = m.cards.map((c) => TP.parseCard(c) || {});
    const joker = cards.findIndex((c) => c.rank === null);
    if (joker >= 0) return joker;
    if (m.kind === "set") {
      const ranks = cards.map((c) => c.rank);
      const main = ranks.find((r) => r !== 2);
      return ranks.findIndex((r) => r !== main);
    }
    const suit = m.suit ? TP.suitIndex(m.suit) : -1;
    const other = cards.findIndex((c) => c.rank === 2 && c.suit !== suit);
    if (other >= 0) return other;
    return cards.findIndex((c, i) => c.rank === 2 && !((cards[i - 1] || {}).rank === 14 ||
      (cards[i + 1] || {}).rank === 3));
  }

  TP.TableView.include(class TableFelt {
    /* seat positions: me at the bottom, the others around in the order of play */
    positions() {
      const seats = this.seats();
      const n = seats.length;
      const me = this.me && seats.includes(this.me) ? this.me : seats[0];
      const start = seats.indexOf(me);
      const pos = {};
      for (let k = 0; k < n; k++) {
        const seat = seats[(start + k) % n];
        const ang = (90 + (k * 360) / n) * (Math.PI / 180);
        pos[seat] = { x: Math.cos(ang), y: Math.sin(ang), k: k };
        pos[seat].sx = pos[seat].x;
        pos[seat].sy = pos[seat].y;
      }
      if (n > 4) this.alongEdges(seats, start, pos);
      if (this.flatFelt()) { pos[me].sx = -1; pos[me].sy = 1; } // (the trick's row: the middle)
      return pos;
    }

    /** More than four seats: the others go along the felt's left edge, top and right edge,
        evenly by length (a ring would pile their boxes up on a small or flat felt). */
    alongEdges(seats, start, pos) {
      const n = seats.length;
      const w = this.felt.clientWidth || 360;
      const hgt = this.felt.clientHeight || 300;
      // the sides run from 60 % of the way down up to below the top row's boxes (about 64
      // px high); a flat felt has every box in the top row
      const top = Math.min(0.6, -1 + (2 * 70) / hgt);
      const side = hgt > 230 ? ((0.6 - top) / 2) * hgt : 0;
      const total = 2 * side + w;
      for (let k = 1; k < n; k++) {
        const d = ((k - 0.5) / (n - 1)) * total;
        const p = pos[seats[(start + k) % n]];
        if (d < side) { p.sx = -1; p.sy = 0.6 - ((0.6 - top) * d) / side; p.edge = "left"; }
        else if (d <= side + w) { p.sx = -1 + (2 * (d - side)) / w; p.sy = -1; p.row = true; }
        else { p.sx = 1; p.sy = top + ((0.6 - top) * (d - side - w)) / side; p.edge = "right"; }
      }
    }

    renderFelt() {
      const v = this.view;
      const msg = this.msg;
      const felt = this.felt;
      felt.textContent = "";
      felt.className = "felt game-" + this.game + " seats-" + this.seats().length;
      const pos = this.positions();
      for (const seat of this.seats()) felt.append(this.seatBox(seat, pos[seat]));
      if (this.seats().length > 4) this.clearTopRow();
      if (this.game === "burraco") {
        felt.append(this.burracoCentre());
        return;
      }
      const centre = h("div", { class: "centre" });
      if (this.game === "bourloto") {
        if (v.upcard && !v.trump) {
          centre.append(h("div", { class: "upcard" }, TP.cardEl(v.upcard),
            h("div", { class: "caption", text: t("upcard") })));
        }
      } else if (this.game === "bourre") {
        const info = h("div", { class: "pot-info" },
          h("div", { class: "trump-card" }, v.trump_card ? TP.cardEl(v.trump_card) : null,
            h("div", { class: "caption", text: t("trump") })),
          h("div", { class: "pot" }, h("span", { class: "pot-label", text: t("pot") }),
            h("b", { class: "pot-n", text: String(v.pot != null ? v.pot : "") })),
          h("div", { class: "stock-n", text: t("stock") + ": " + (v.stock_count || 0) }));
        centre.append(info);
      }
      felt.append(centre);
      // the trick: the cards of this trick, or the last finished one (faded) until a new lead
      let plays = v.trick || [];
      let finished = null;
      const held = this.trickHold && Date.now() < this.trickHold.until ? this.trickHold.trick : null;
      if (this.showLast && v.tricks && v.tricks.length) {
        finished = v.tricks[v.tricks.length - 1];
        plays = finished.plays;
      } else if (held && !this.myTurn()) {
        finished = held;
        plays = held.plays;
      } else if (!plays.length && v.tricks && v.tricks.length && v.phase !== "over" && !msg.over) {
        finished = v.tricks[v.tricks.length - 1];
        plays = finished.plays;
      }
      if (v.tricks && v.tricks.length) {
        felt.append(h("button", { class: "btn small last-trick-btn" + (this.showLast ? " on" : ""),
          "aria-pressed": String(this.showLast), text: t("last_trick_btn"),
          onclick: () => { this.showLast = !this.showLast; this.render(); } }));
      }
      if (finished) felt.classList.add(this.showLast ? "showing-last" : "trick-done");
      plays.forEach(([seat, card], i) => {
        const p = pos[seat] || { x: 0, y: 0 };
        const el = TP.cardEl(card);
        el.classList.add("trick-card");
        if (finished) el.classList.add("done");
        if (!finished && i === plays.length - 1) el.classList.add("just-played");
        if (finished && finished.winner === seat) el.classList.add("winner");
        // a compact cross in the middle, each card towards its seat; with more players an
        // oval that takes the room the seats leave, or a row on a flat felt
        const n = this.seats().length;
        if (n <= 4) {
          el.style.left = "calc(50% + " + (p.x * 1.05).toFixed(3) + " * var(--cw-trick))";
          el.style.top = "calc(48% + " + (p.y * 1.05).toFixed(3) + " * var(--cw-trick))";
        } else if (this.flatFelt()) {
          const order = this.seats().slice().sort((a, b) => pos[a].sx - pos[b].sx ||
            pos[b].sy - pos[a].sy);
          const col = order.indexOf(seat) - (n - 1) / 2;
          el.style.left = "calc(50% + " + (col * 1.08).toFixed(3) + " * var(--cw-trick))";
          el.style.top = "calc(50% + 30px)"; // below the top row of seats
        } else {
          el.style.left = "calc(50% + " + p.x.toFixed(3) + " * min(50% - var(--seat-w) - " +
            ".6 * var(--cw-trick), 2.2 * var(--cw-trick)))";
          el.style.top = "calc(50% + " + p.y.toFixed(3) + " * min(50% - 2 * var(--cw-trick), " +
            "2.3 * var(--cw-trick)))";
        }
        el.style.zIndex = String(35 + i);
        el.dataset.seat = seat;
        felt.append(el);
      });
      if (finished && finished.winner) {
        felt.append(h("div", { class: "trick-winner",
          text: "→ " + this.seatName(finished.winner) }));
      }
    }

    /** The boxes on the felt's sides move down below the top row's boxes (their height
        depends on what their tags say). */
    clearTopRow() {
      const felt = this.felt;
      const top = felt.getBoundingClientRect().top;
      const boxes = [...felt.querySelectorAll(".seat")];
      const row = boxes.filter((b) => !b.dataset.edge && !b.classList.contains("me-pos"));
      const below = Math.max(0, ...row.map((b) => b.getBoundingClientRect().bottom - top)) + 4;
      for (const edge of ["left", "right"]) {
        let min = below;
        const side = boxes.filter((b) => b.dataset.edge === edge)
          .sort((a, b) => a.getBoundingClientRect().top - b.getBoundingClientRect().top);
        for (const b of side) {
          const r = b.getBoundingClientRect();
          if (r.top - top < min) b.style.top = (b.offsetTop + min - (r.top - top)) + "px";
          min = b.getBoundingClientRect().bottom - top + 4;
        }
      }
    }

    /** More than four seats on a felt too low for the oval of trick cards: the cards lie in a
        row, the other seats along the top, mine in the bottom-left corner. */
    flatFelt() {
      return this.seats().length > 4 && this.felt.clientHeight < 5.2 * this.cwTrick() + 40;
    }

    /** A trick card's width in pixels: layout.css's --cw-trick. */
    cwTrick() {
      return Math.min(60, Math.max(30, Math.min(window.innerWidth * 0.11,
        window.innerHeight * 0.085)));
    }

    seatBox(seat, p) {
      const v = this.view;
      const msg = this.msg;
      const info = this.seatInfo(seat);
      const box = h("div", { class: "seat", dataset: { seat: seat } });
      // anchored so that the box stays inside the felt whatever its size
      const sx = p.sx !== undefined ? p.sx : p.x;
      const sy = p.sy !== undefined ? p.sy : p.y;
      box.style.left = (p.row ? 50 + sx * 50 : 50 + sx * 48) + "%";
      box.style.top = (50 + sy * 47) + "%";
      // (a box of the top row is centred on its slot, the slots leave room for each box)
      box.style.transform = "translate(" + (p.row ? -50 : -50 * (1 + sx)).toFixed(1) + "%, " +
        (-50 * (1 + sy)).toFixed(1) + "%)";
      if (p.k === 0) box.classList.add("me-pos");
      if (p.edge) box.dataset.edge = p.edge;
      if (msg.to_act === seat && !msg.over) box.classList.add("to-act");
      if (seat === this.me) box.classList.add("mine");
      const line = h("div", { class: "seat-name" });
      line.append(h("span", { class: "dot " + (info.kind === "bot" || info.connected ? "on" : "off"),
        title: info.connected ? t("conn_open") : t("conn_lost") }));
      line.append(h("span", { class: "name", text: this.seatName(seat) }));
      box.append(line);
      const sub = [seat];
      if (info.kind === "bot" && TP.botLevel) sub.push(TP.botLevel(info.level || info.bot));
      const team = this.teamOf(seat);
      if (team !== seat) sub.push(t("team", { team: team }));
      if (seat === this.me) sub.push(t("you"));
      else if (this.me && team !== seat && team === this.teamOf(this.me)) sub.push(t("partner"));
      box.append(h("div", { class: "seat-sub", text: sub.join(" · ") }));
      const tags = h("div", { class: "seat-tags" });
      if (v.dealer === seat) tags.append(h("span", { class: "tag dealer", text: t("dealer_mark"),
        title: t("dealer") }));
      const count = v.hand_counts ? v.hand_counts[seat] : undefined;
      if (count !== undefined && seat !== this.me) {
        tags.append(h("span", { class: "tag count", title: TP.tn("cards_n", count) },
          h("span", { class: "mini-back" }), String(count)));
      }
      if (this.game === "bourre") {
        const stacks = v.stacks || (v.session && v.session.stacks) || {};
        if (stacks[seat] !== undefined) tags.append(h("span", { class: "tag chips",
          text: "● " + stacks[seat], title: TP.tn("chips", stacks[seat]) }));
        let st = null;
        if ((v.folded || []).includes(seat)) st = t("folded");
        else if (v.draws && v.draws[seat] !== undefined) {
          st = v.draws[seat] ? t("drew", { n: v.draws[seat] }) : t("stays");
        }
        if (st) tags.append(h("span", { class: "tag state", text: st }));
        const tw = v.tricks_won && v.tricks_won[seat];
        if (tw) tags.append(h("span", { class: "tag", text: t("tricks_n", { n: tw }) }));
      }
      if (this.game === "bourloto") {
        const bids = (v.bids || []).filter((b) => b[0] === seat);
        if (bids.length && !v.trump) {
          tags.append(h("span", { class: "tag bid" }, this.actionLabel(bids[bids.length - 1][1])));
        }
      }
      box.append(tags);
      return box;
    }

    burracoCentre() {
      const v = this.view;
      const melds = v.melds || {};
      const teams = Object.keys(melds);
      const wrap = h("div", { class: "bu-centre zones-" + teams.length });
      const mine = this.me ? this.teamOf(this.me) : teams[0];
      const order = teams.filter((x) => x !== mine);
      const legalAdds = this.myTurn() ? this.legal().filter((a) => a.kind === "add") : [];
      const selKey = this.selectedKey();
      const zone = (team) => {
        const z = h("div", { class: "meld-zone" + (team === mine ? " ours" : " theirs"),
          dataset: { team: team } });
        const taken = v.pozzetto_taken && v.pozzetto_taken[team];
        const running = (melds[team] || []).reduce((n, m) => n + m.points + m.bonus, 0);
        z.append(h("div", { class: "zone-title" },
          t("melds_of", { team: this.teamLabel(team) }),
          h("span", { class: "tag running", dataset: { team: team }, title: t("running_score"),
            text: t("pts", { n: running }) }),
          taken ? h("span", { class: "tag", text: t("pozzetto_taken") }) : null));
        const row = h("div", { class: "melds" });
        for (const m of melds[team] || []) {
          const el = h("div", { class: "meld" + (m.burraco ? " burraco " + m.burraco : ""),
            dataset: { team: team, n: String(m.number) },
            title: (m.burraco ? t(m.burraco) + " · " : "") + t("pts", { n: m.points + m.bonus }) });
          if (team === mine) {
            el.dataset.drop = "meld";
            const fits = legalAdds.some((a) => a.n === m.number && selKey && a.key === selKey);
            if (fits) el.classList.add("can-add");
            el.addEventListener("click", () => this.clickMeld(m.number));
          }
          el.append(h("span", { class: "meld-n", text: String(m.number) }));
          const wild = wildIndex(m);
          m.cards.forEach((c, i) => {
            const card = TP.cardEl(c);
            if (i === wild) {
              card.classList.add("wild");
              card.title = TP.cardName(c) + " · " + t("wild_card");
            }
            el.append(card);
          });
          el.append(h("span", { class: "meld-pts", text: t("pts", { n: m.points + m.bonus }) }));
          row.append(el);
        }
        z.append(row);
        return z;
      };
      for (const team of order) wrap.append(zone(team));
      const mid = h("div", { class: "bu-mid" });
      const legal = this.myTurn() ? this.legal() : [];
      const canDraw = legal.some((a) => a.kind === "draw" && !a.cards.length);
      const canPick = legal.some((a) => a.kind === "pickup");
      const stock = h("div", { class: "stock" + (canDraw ? " clickable" : ""),
        title: t("stock"), onclick: () => { if (canDraw) this.send("draw"); } },
      TP.backEl(), h("div", { class: "caption",
        text: t("stock") + " " + (v.stock_count || 0) }));
      const pile = h("div", { class: "discard-pile" + (canPick ? " clickable" : ""),
        dataset: { drop: "discard" }, title: t("discards"),
        onclick: () => { if (canPick) this.send("pickup"); } });
      const disc = v.discard || [];
      if (!disc.length) pile.append(h("div", { class: "empty-pile", text: t("empty") }));
      disc.forEach((c, i) => {
        const el = TP.cardEl(c);
        el.style.setProperty("--i", String(i));
        pile.append(el);
      });
      mid.append(stock, h("div", { class: "pile-wrap" }, pile,
        h("div", { class: "caption", text: t("discards") + " " + disc.length })));
      const extra = h("div", { class: "bu-info" },
        h("div", { text: TP.tn("pozzetti", v.pozzetti_left || 0) }),
        v.stock_ending ? h("div", { class: "warn", text: t("last_turn") }) : null);
      mid.append(extra);
      wrap.append(mid);
      if (melds[mine] !== undefined) wrap.append(zone(mine));
      return wrap;
    }

    /** "A (P1+P3)" for a partnership, "P2" for a seat playing alone (short: for tables). */
    teamShort(team) {
      if (team.length === 1) {
        const members = this.seats().filter((s) => this.teamOf(s) === team);
        return team + " (" + members.join("+") + ")";
      }
      return team;
    }
    /** "A (P1+P3)", or "Bob (P2)" for a seat playing alone. */
    teamLabel(team) {
      if (team.length === 1) return this.teamShort(team);
      return this.seatName(team) + " (" + team + ")";
    }

    renderBanner() {
      const msg = this.msg;
      const b = this.banner;
      b.textContent = "";
      b.className = "banner hidden";
      const seats = (msg.table && msg.table.seats) || [];
      const open = seats.filter((s) => s.kind !== "bot" && !(s.taken || s.name)).length;
      if (msg.over) {
        b.className = "banner over";
        b.append(h("h2", { text: this.game === "bourre" ? t("game_over") : t("match_over") }));
        const res = msg.result || {};
        const winner = res.winner;
        if (res.scores) b.append(h("div", { class: "final-scores",
          text: Object.keys(res.scores).map((k) => k + " " + res.scores[k]).join(" – ") }));
        else if (res.stacks) b.append(h("div", { class: "final-scores",
          text: Object.keys(res.stacks).map((k) => this.seatName(k) + " " + res.stacks[k])
            .join(" · ") }));
        if (winner) {
          b.append(h("div", { text: t("winner", { winner: winner.length === 1 ?
            t("team", { team: winner }) : this.seatName(winner) }) }));
          if (this.me) {
            const won = winner === this.me || winner === this.teamOf(this.me);
            b.append(h("div", { class: "you-result", text: won ? t("you_win") : t("you_lose") }));
          }
        }
        const tid = msg.table && msg.table.id;
        if (tid && !this.opts.readonly) {
          const row = h("div", { class: "row over-actions" });
          if (this.me && this.opts.rematch) {
            row.append(h("button", { class: "btn primary rematch-btn", text: t("rematch"),
              onclick: () => this.opts.rematch() }));
          }
          row.append(h("a", { class: "btn replay-link", href: "/replay/" + tid, text: t("replay"),
            onclick: (e) => { e.preventDefault(); TP.go("/replay/" + tid); } }),
          h("a", { class: "btn lobby-btn", href: "/", text: t("back_lobby"),
            onclick: (e) => { e.preventDefault(); TP.go("/"); } }));
          b.append(row);
          const again = this.scorecard && this.scorecard.answer && this.scorecard.answer.rematch;
          if (again && this.opts.rematch) {
            b.append(h("div", { class: "rematch-offer", text: t("rematch_ready") }));
          }
        }
      } else if (open > 0 && !this.opts.readonly) {
        b.className = "banner waiting";
        const tbl = msg.table;
        const link = location.origin + "/t/" + tbl.code;
        b.append(h("div", { text: TP.tn("waiting_players", open) }),
          h("div", { class: "share-line" }, h("code", { class: "share-link", text: link }), " ",
            h("button", { class: "btn small", text: t("copy"),
              onclick: (e) => TP.copy(link, e.target) })),
          h("div", {}, t("code") + ": ", h("b", { class: "code", text: tbl.code })));
      }
    }
  });
})();
