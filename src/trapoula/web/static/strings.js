/* trapoula: the words the page shares with the terminal, from GET /api/strings (one source:
   src/trapoula/tui/strings*.py) — score card rows, declaration names, bot names and levels,
   presets, rule option names, groups and help. TP.pt(key, args) reads that table. */
"use strict";
(function () {
  const TP = window.TP;
  let data = { strings: {}, actions: {}, bot_names: {}, levels: {}, presets: {}, options: {},
    choices: {} };
  const idx = () => Math.max(0, ["en", "el", "ru", "it"].indexOf(TP.getLang()));
  const fill = (text, args) => !args ? text :
    String(text).replace(/\{(\w+)\}/g, (m, k) => (k in args ? String(args[k]) : m));

  async function loadStrings() {
    try {
      const res = await fetch("/api/strings");
      if (res.ok) data = await res.json();
    } catch (e) { /* the page still works in its own words */ }
  }
  /** A string of the shared (terminal) table, or the key itself. */
  function pt(key, args) {
    const row = data.strings[key];
    if (!row) return key;
    return fill(row[idx()] || row[0], args);
  }
  function hasPt(key) { return !!data.strings[key]; }
  /** tierce / quarte / quinte / four / "run of 6" in the page's language. */
  function declName(name) {
    const m = /^run of (\d+)$/.exec(String(name));
    if (m) return pt("decl_run", { n: m[1] });
    return hasPt("decl_" + name) ? pt("decl_" + name) : String(name);
  }
  function levelName(level) {
    const row = data.levels[level];
    return row ? row[idx()] || row[0] : String(level || "");
  }
  /** The bot at `seat` has a name of its own: "Bella" (short) or "Bella (bot, medium)". */
  function botName(seat, level, short) {
    const names = data.bot_names[TP.getLang()] || data.bot_names.en || [];
    const k = (parseInt(String(seat).slice(1), 10) - 1) || 0;
    const name = names.length ? names[k % names.length] : String(seat);
    if (short) return name;
    return name + " (" + botLevel(level) + ")";
  }
  /** "bot, medium" */
  function botLevel(level) { return levelName("bot") + (level ? ", " + levelName(level) : ""); }
  function presetName(game, preset) {
    const row = data.presets[game + "/" + preset];
    return row ? row[idx()] || row[0] : String(preset);
  }
  /** {group, label, help, when} of a rule option in the page's language, or null. */
  function optionText(game, name) {
    const o = (data.options[game] || {})[name];
    if (!o) return null;
    return { group: o.group, label: o.label[idx()] || o.label[0],
      help: o.help[idx()] || o.help[0], when: o.when || {} };
  }
  /** A choice value or yes / no as the create form shows it. */
  function choiceText(value) {
    const row = (data.choices || {})[String(value)];
    return row ? row[idx()] || row[0] : String(value);
  }
  /** A rule option's help as the server words it, without spec ids such as "BL-A12:". */
  function plainHelp(text) {
    return String(text || "").replace(/^(?:[A-Z]{2}-A\d+|§[\d.]+|ru|gr|session|cosmetic):\s*/, "");
  }

  Object.assign(TP, { loadStrings, pt, hasPt, declName, levelName, botName, botLevel, presetName,
    optionText, plainHelp, choiceText });
})();
