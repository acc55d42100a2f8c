/* trapoula: the page's small helpers: building DOM nodes (h), local storage and the seats
   kept there, the HTTP API, toasts, copying, reduced motion and the turn tone.
   User text only ever goes into the page through textContent (h's `text`). */
"use strict";
(function () {
  const TP = window.TP;
  const t = (k, a) => TP.t(k, a);

  /* ---- small DOM helper: h("div", {class, text, onclick, dataset}, ...children) ---- */
  function h(tag, attrs, ...kids) {
    const el = document.createElement(tag);
    if (attrs) {
      for (const k of Object.keys(attrs)) {
        const v = attrs[k];
        if (v === null || v === undefined || v === false) continue;
        if (k === "class") el.className = v;
        else if (k === "text") el.textContent = v;
        else if (k === "dataset") Object.assign(el.dataset, v);
        else if (k.startsWith("on") && typeof v === "function") el.addEventListener(k.slice(2), v);
        else if (k === "value") el.value = v;
        else if (k === "checked" || k === "disabled" || k === "selected") el[k] = !!v;
        else el.setAttribute(k, v === true ? "" : String(v));
      }
    }
    for (const kid of kids.flat(Infinity)) {
      if (kid === null || kid === undefined || kid === false) continue;
      el.append(kid instanceof Node ? kid : String(kid));
    }
    return el;
  }

  /* ---- storage ---- */
  const LS = {
    get(key, dflt) {
      try {
        const v = localStorage.getItem("trapoula." + key);
        return v === null ? dflt : JSON.parse(v);
      } catch (e) { return dflt; }
    },
    set(key, value) {
      try { localStorage.setItem("trapoula." + key, JSON.stringify(value)); } catch (e) { /* full */ }
    },
  };
  function seatFor(code) { return (LS.get("seats", {}) || {})[code] || null; }
  function saveSeat(code, entry) {
    const all = LS.get("seats", {}) || {};
    all[code] = Object.assign(all[code] || {}, entry);
    LS.set("seats", all);
  }

  /* ---- HTTP ---- */
  async function api(method, path, body) {
    const init = { method: method, headers: {} };
    if (body !== undefined || method !== "GET") {
      // the server takes a change only as JSON (415 otherwise): web/guard.py
      init.headers["Content-Type"] = "application/json";
      init.body = JSON.stringify(body === undefined ? {} : body);
    }
    const res = await fetch(path, init);
    let data = null;
    try { data = await res.json(); } catch (e) { data = null; }
    if (!res.ok) {
      const err = new Error((data && data.message) || res.status + " " + res.statusText);
      err.status = res.status;
      err.code = data && data.error;
      throw err;
    }
    return data;
  }

  /* ---- toasts and copying ---- */
  function toast(text, kind) {
    let box = document.getElementById("toasts");
    if (!box) {
      box = h("div", { id: "toasts", "aria-live": "polite" });
      document.body.append(box);
    }
    const el = h("div", { class: "toast" + (kind ? " " + kind : ""), text: text });
    box.append(el);
    setTimeout(() => el.remove(), kind === "error" ? 6000 : 3500);
  }
  /** What a seat just said (a bid, a declaration) in a small bubble at its box on the felt,
      like a word across a card table: under the box (over it when the box is at the felt's
      bottom), inside the felt, gone after a moment; one bubble a seat. */
  function bubble(anchor, text) {
    const felt = anchor.closest(".felt");
    if (!felt) { toast(text); return; }
    const seat = anchor.dataset.seat || "";
    for (const old of document.querySelectorAll(".bubble")) {
      if (old.dataset.seat === seat) old.remove();
    }
    const el = h("div", { class: "bubble", role: "status", text: text, dataset: { seat: seat } });
    const r = anchor.getBoundingClientRect();
    el.style.maxWidth = Math.round(Math.max(r.width + 32, 130)) + "px"; // (about the box's width)
    document.body.append(el);
    const f = felt.getBoundingClientRect();
    const w = el.offsetWidth;
    const hgt = el.offsetHeight;
    const x = Math.max(f.left + 4, Math.min(f.right - 4 - w, r.left + r.width / 2 - w / 2));
    let y = r.bottom + 4;
    if (y + hgt > f.bottom - 4) y = r.top - 4 - hgt;
    el.style.left = Math.round(x) + "px";
    el.style.top = Math.round(Math.max(f.top + 2, y)) + "px";
    setTimeout(() => el.remove(), 3500);
  }
  /* ---- signals: reduced motion, an optional tone on "your turn" ---- */
  function reducedMotion() {
    return !!(window.matchMedia && matchMedia("(prefers-reduced-motion: reduce)").matches);
  }
  let audio = null;
  function beep() {
    if (!LS.get("sound", false)) return;
    try {
      audio = audio || new (window.AudioContext || window.webkitAudioContext)();
      const o = audio.createOscillator();
      const g = audio.createGain();
      o.frequency.value = 660;
      g.gain.setValueAtTime(0.08, audio.currentTime);
      g.gain.exponentialRampToValueAtTime(0.0001, audio.currentTime + 0.25);
      o.connect(g).connect(audio.destination);
      o.start();
      o.stop(audio.currentTime + 0.26);
    } catch (e) { /* no audio here */ }
  }

  function copy(text, button) {
    const done = () => { if (button) { const old = button.textContent; button.textContent = t("copied");
      setTimeout(() => { button.textContent = old; }, 1500); } };
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(text).then(done, () => prompt("", text));
    } else {
      const ta = h("textarea", { style: "position:fixed;left:-9999px" });
      ta.value = text;
      document.body.append(ta);
      ta.select();
      try { document.execCommand("copy"); done(); } catch (e) { prompt("", text); }
      ta.remove();
    }
  }

  /* ---- the delta protocol (docs/web.md, "Deltas"): the state after a `delta` message ----
     A new object: what changed is copied along its path, the rest is shared with `state`
     (neither `state` nor its lists are changed). null when the delta is not for this state
     (another base: the page asks for a full state). */
  function applyDelta(state, d) {
    if (!state || d.base !== state.seq) return null;
    const out = Object.assign({}, state);
    const copied = new Set([""]);
    const parent = (keys) => {
      let node = out;
      for (let k = 0; k < keys.length - 1; k++) {
        const at = keys.slice(0, k + 1).join(".");
        let child = node[keys[k]];
        if (!child || typeof child !== "object" || Array.isArray(child)) return null;
        if (!copied.has(at)) { child = node[keys[k]] = Object.assign({}, child); copied.add(at); }
        node = child;
      }
      return node;
    };
    for (const [path, value] of Object.entries(d.set || {})) {
      const keys = path.split(".");
      const node = parent(keys);
      if (!node) return null;
      node[keys[keys.length - 1]] = value;
    }
    for (const [path, items] of Object.entries(d.append || {})) {
      const keys = path.split(".");
      const node = parent(keys);
      const last = keys[keys.length - 1];
      if (!node || !Array.isArray(node[last]) || !Array.isArray(items)) return null;
      node[last] = node[last].concat(items);
    }
    out.seq = d.seq;
    return out;
  }

  Object.assign(TP, { h, api, toast, bubble, copy, LS, seatFor, saveSeat, reducedMotion, beep, applyDelta });
})();
