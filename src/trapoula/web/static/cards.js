/* trapoula: playing cards drawn as SVG in the page (no image files).
   Four-colour suits (spades black, hearts red, diamonds blue, clubs green) so that suits
   stay apart on a small screen; rank letters follow the language (RU В Д К Т, EL Β Ν Ρ Α). */
"use strict";
(function () {
  const NS = "http://www.w3.org/2000/svg";
  const COLORS = ["#1b1b1b", "#d0211c", "#1560bd", "#1f7a2e"];
  const JOKER_COLOR = "#7b1fa2";
  const PATHS = [
    // spade
    "M50 4C50 4 6 42 6 64C6 84 30 91 44 77C42 88 37 94 29 97L71 97C63 94 58 88 56 77" +
      "C70 91 94 84 94 64C94 42 50 4 50 4Z",
    // heart
    "M50 94C50 94 5 62 5 33C5 13 29 3 50 26C71 3 95 13 95 33C95 62 50 94 50 94Z",
    // diamond
    "M50 3L89 50L50 97L11 50Z",
    // club
    "M50 6A21 21 0 0 0 35 42A21 21 0 1 0 45 74C43 86 38 93 30 97L70 97C62 93 57 86 55 74" +
      "A21 21 0 1 0 65 42A21 21 0 0 0 50 6Z",
  ];

  function svg(tag, attrs) {
    const el = document.createElementNS(NS, tag);
    for (const k in attrs) el.setAttribute(k, attrs[k]);
    return el;
  }

  function ensureSprite() {
    if (document.getElementById("tp-suit-0")) return;
    const sprite = svg("svg", { width: "0", height: "0", style: "position:absolute" });
    sprite.setAttribute("aria-hidden", "true");
    const defs = svg("defs", {});
    PATHS.forEach((d, i) => {
      const sym = svg("symbol", { id: "tp-suit-" + i, viewBox: "0 0 100 100" });
      sym.appendChild(svg("path", { d: d, fill: COLORS[i] }));
      defs.appendChild(sym);
    });
    const pat = svg("pattern", { id: "tp-back", width: "10", height: "10",
      patternUnits: "userSpaceOnUse", patternTransform: "rotate(45)" });
    pat.appendChild(svg("rect", { width: "10", height: "10", fill: "#20407a" }));
    pat.appendChild(svg("rect", { width: "4", height: "10", fill: "#2f5aa6" }));
    defs.appendChild(pat);
    sprite.appendChild(defs);
    document.body.appendChild(sprite);
  }

  function suitUse(suit, x, y, size) {
    const u = svg("use", { x: x, y: y, width: size, height: size });
    u.setAttribute("href", "#tp-suit-" + suit);
    return u;
  }

  function text(x, y, size, fill, str, extra) {
    const el = svg("text", Object.assign({ x: x, y: y, "font-size": size, fill: fill,
      "font-family": "Arial, 'DejaVu Sans', sans-serif", "font-weight": "700",
      "text-anchor": "middle" }, extra || {}));
    el.textContent = str;
    return el;
  }

  const PIPS = {
    // pip centres (x, y) inside the 100x140 face for number cards
    2: [[50, 30], [50, 110]],
    3: [[50, 30], [50, 70], [50, 110]],
    4: [[32, 32], [68, 32], [32, 108], [68, 108]],
    5: [[32, 32], [68, 32], [50, 70], [32, 108], [68, 108]],
    6: [[32, 32], [68, 32], [32, 70], [68, 70], [32, 108], [68, 108]],
    7: [[32, 32], [68, 32], [50, 51], [32, 70], [68, 70], [32, 108], [68, 108]],
    8: [[32, 32], [68, 32], [50, 51], [32, 70], [68, 70], [50, 89], [32, 108], [68, 108]],
    9: [[32, 30], [68, 30], [32, 56], [68, 56], [50, 70], [32, 84], [68, 84], [32, 110],
      [68, 110]],
    10: [[32, 30], [68, 30], [50, 43], [32, 56], [68, 56], [32, 84], [68, 84], [50, 97],
      [32, 110], [68, 110]],
  };

  function face(card) {
    const root = svg("svg", { viewBox: "0 0 100 140", class: "card-svg" });
    root.setAttribute("aria-hidden", "true");
    root.appendChild(svg("rect", { x: "1", y: "1", width: "98", height: "138", rx: "9",
      fill: "#fff", stroke: "#8a8a8a", "stroke-width": "2" }));
    if (card.rank === null) {
      root.appendChild(text(16, 26, 20, JOKER_COLOR, "J"));
      root.appendChild(text(16, 46, 20, JOKER_COLOR, "K"));
      root.appendChild(svg("path", { fill: JOKER_COLOR, d:
        "M50 38L59 62L84 62L64 77L71 102L50 87L29 102L36 77L16 62L41 62Z" }));
      const label = text(50, 125, 15, JOKER_COLOR, jokerWord());
      root.appendChild(label);
      return root;
    }
    const color = COLORS[card.suit];
    const r = TP.rankShort(card.rank);
    // corners
    root.appendChild(text(17, 28, r.length > 1 ? 22 : 26, color, r));
    root.appendChild(suitUse(card.suit, 6, 33, 22));
    const br = svg("g", { transform: "rotate(180 50 70)" });
    br.appendChild(text(17, 28, r.length > 1 ? 22 : 26, color, r));
    br.appendChild(suitUse(card.suit, 6, 33, 22));
    root.appendChild(br);
    if (card.rank >= 11 && card.rank <= 13) {
      root.appendChild(svg("rect", { x: "27", y: "24", width: "46", height: "92", rx: "5",
        fill: color, "fill-opacity": "0.12", stroke: color, "stroke-width": "1.5" }));
      root.appendChild(text(50, 80, 40, color, r));
      root.appendChild(suitUse(card.suit, 38, 88, 24));
      root.appendChild(suitUse(card.suit, 38, 28, 24));
    } else if (card.rank === 14) {
      root.appendChild(suitUse(card.suit, 22, 42, 56));
    } else {
      const big = card.rank <= 3 ? 24 : 20;
      for (const [x, y] of PIPS[card.rank]) {
        root.appendChild(suitUse(card.suit, x - big / 2, y - big / 2, big));
      }
    }
    return root;
  }

  function jokerWord() {
    return { en: "JOKER", el: "ΤΖΟΚΕΡ", ru: "ДЖОКЕР", it: "JOLLY" }[TP.getLang()] || "JOKER";
  }

  const cache = new Map();
  /** A card element: <div class="card" data-card="10H"> with its SVG face. */
  function cardEl(textValue) {
    ensureSprite();
    const card = TP.parseCard(textValue);
    const div = document.createElement("div");
    div.className = "card";
    if (!card) {
      div.textContent = String(textValue);
      return div;
    }
    const key = card.text + "/" + TP.getLang();
    let svgEl = cache.get(key);
    if (!svgEl) {
      svgEl = face(card);
      cache.set(key, svgEl);
    }
    div.appendChild(svgEl.cloneNode(true));
    div.dataset.card = card.text;
    div.setAttribute("aria-label", TP.cardName(card.text));
    div.title = TP.cardName(card.text);
    if (card.suit !== null) div.classList.add("suit-" + "shdc"[card.suit]);
    return div;
  }

  let backSvg = null;
  /** A face-down card. */
  function backEl() {
    ensureSprite();
    if (!backSvg) {
      backSvg = svg("svg", { viewBox: "0 0 100 140", class: "card-svg" });
      backSvg.appendChild(svg("rect", { x: "1", y: "1", width: "98", height: "138", rx: "9",
        fill: "url(#tp-back)", stroke: "#fff", "stroke-width": "4" }));
    }
    const div = document.createElement("div");
    div.className = "card back";
    div.appendChild(backSvg.cloneNode(true));
    return div;
  }

  /** A suit symbol as a small inline SVG (for buttons and labels). */
  function suitIcon(s) {
    ensureSprite();
    const i = typeof s === "number" ? s : TP.suitIndex(s);
    const root = svg("svg", { viewBox: "0 0 100 100", class: "suit-icon" });
    root.appendChild(suitUse(i, 0, 0, 100));
    return root;
  }

  /** A card's short label (e.g. "Д♥") as a coloured inline span. */
  function cardLabel(textValue) {
    const span = document.createElement("span");
    const c = TP.parseCard(textValue);
    span.className = "card-label" + (c && c.suit !== null ? " suit-" + "shdc"[c.suit] : "");
    span.textContent = TP.cardShort(textValue);
    if (c) span.title = TP.cardName(textValue);
    return span;
  }

  Object.assign(window.TP, { cardEl, backEl, suitIcon, cardLabel, SUIT_COLORS: COLORS });
})();
