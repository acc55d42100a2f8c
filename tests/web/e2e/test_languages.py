"""Issue 32, item 6: every word of the page in el, ru and it.

For each language a fresh browser visits every page -- the lobby with the create form of each
game, the join panel, a table of each game at the player's turn (with a watcher's chat line),
a finished Bourloto table with its score card and the fair-deal panel open, the replay -- and
the test fails on an English text shown in another language, a raw id (a preset or bot level
id, "bot medium", an i18n key), a wrong plural ("1 tricks") or a Greek article before a name.

The English texts are the page's own tables (i18n.js S and PLURALS, room.js ROOM, fairdeal.js
TEXTS) and the shared ones of ``/api/strings``, each with its translations; a text that is
the same in the other language (a name, "Burraco", "FIBUR") is not a leak there.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from .conftest import PHONE
from .helpers import FrameLog, Player, drive

pytestmark = pytest.mark.e2e

LANGS = ("en", "el", "ru", "it")
PRESET_IDS = {"ru", "gr", "pexevida", "seed", "fibur"}
LEVEL_IDS = {"easy", "medium", "hard", "expert", "heuristic", "random", "pimc", "ismcts",
             "learned", "rollout"}
BAD_PLURAL = {
    "en": r"\b1 (?:tricks|cards|chips|open seats|pozzetti)\b",
    "el": r"(?<!\d)1 (?:μπάζες|ελεύθερες|φύλλα|μάρκες|αδιάβαστα)\b",
    "ru": r"(?<!\d)1 (?:взятки|взяток|карты|карт|фишки|фишек|свободных)\b",
    "it": r"(?<!\d)1 (?:prese|carte|posti|non letti)\b",
}

# every text of the page's tables, as rows [en, el, ru, it] (read in the page itself)
ROWS_JS = """async () => {
  const rows = [];
  const add = (table) => { for (const r of Object.values(table || {})) rows.push(r); };
  add(TP.STRINGS); add(TP.ACTIONS); add(TP.room.TEXTS); add(TP.fairTexts);
  for (const forms of Object.values(TP.PLURALS)) {
    for (const cat of ["one", "other"]) {
      rows.push(["en", "el", "ru", "it"].map((l) => forms[l][cat] || forms[l].other));
    }
  }
  const s = await (await fetch("/api/strings")).json();
  add(s.strings); add(s.actions); add(s.levels); add(s.presets); add(s.choices);
  for (const game of Object.values(s.options)) {
    for (const o of Object.values(game)) { rows.push(o.label); rows.push(o.help); }
  }
  return rows;
}"""
# everything a person reads: the text, titles, labels and placeholders, the tab title
TEXT_JS = """() => {
  const bits = [document.title, document.body.innerText];
  for (const el of document.querySelectorAll("[title], [aria-label], [placeholder]")) {
    for (const a of ["title", "aria-label", "placeholder"]) {
      if (el.getAttribute(a)) bits.push(el.getAttribute(a));
    }
  }
  return bits.join("\\n");
}"""


def _pattern(text: str) -> re.Pattern[str] | None:
    """A whole-segment pattern of an English text, or None when it has no English word."""
    words = re.sub(r"\{\w+\}", " ", text)
    if not re.search(r"[A-Za-z]{3,}", words):
        return None
    parts = re.split(r"(\{\w+\})", text.strip())
    body = "".join(".+?" if re.fullmatch(r"\{\w+\}", p) else re.escape(p) for p in parts)
    return re.compile(r"^\s*" + body + r"\s*$")


def _segments(text: str) -> list[str]:
    out = []
    for line in text.split("\n"):
        out.append(line)
        out.extend(p for p in re.split(r" · |\t", line) if p != line)
    return [s.strip() for s in out if s.strip()]


# a lower-case word in Latin letters standing alone (not in a link, a file name or a hash)
_LATIN_WORD = re.compile(r"(?<![\w./:#&=+'’-])[a-z]{3,}(?![\w/:#&=+'’-]|\.\w)")
# what the terminal's help teaches to type as it is (its notation and commands): the only
# Latin words the terminal's Greek and Russian help texts may hold
TYPED = {"help", "hint", "history", "quit", "draw", "pickup", "meld", "melds", "add", "sort",
         "discard", "play", "take", "pass", "name", "agree", "declare"}


def latin_words(lang: str, text: str, rows: list[list[str]]) -> list[str]:
    """English words in a text of another language: in Greek and Russian any lower-case word
    in Latin letters (a help saying "fold" or "stay", an "ante" row), in Italian a word that
    the English texts use and no Italian text does ("spectator")."""
    if lang == "en":
        return []
    words = _LATIN_WORD.findall(re.sub(r"\{\w+\}", " ", text))
    if lang == "it":
        english = {w for r in rows for w in _LATIN_WORD.findall(re.sub(r"\{\w+\}", " ", r[0]))}
        italian = {w for r in rows if len(r) > 3
                   for w in re.findall(r"[a-zàèéìòù]+", r[3].lower())}
        words = [w for w in words if w in english - italian]
    return [w for w in words if w not in TYPED]


def check_language(lang: str, text: str, rows: list[list[str]], names: set[str]) -> list[str]:
    """What is wrong in ``text`` shown in ``lang``."""
    i = LANGS.index(lang)
    problems = []
    segs = _segments(text)
    if lang != "en":
        flagged: set[str] = set()
        leaks = []
        for row in rows:
            en, mine = row[0], row[i] if len(row) > i else ""
            if not en or en == mine or en in names:
                continue
            pat = _pattern(en)
            if pat is not None:
                leaks.append(pat)
        for seg in segs:
            if seg in names or any(seg.startswith(n + ":") for n in names):
                continue
            for pat in leaks:
                if pat.match(seg):
                    problems.append(f"English text shown: {seg!r} ({pat.pattern})")
                    flagged.add(seg)
                    break
        # an English word inside a translated line (once a line, unless flagged above)
        for line in (x.strip() for x in text.split("\n")):
            parts = {line} | {p.strip() for p in re.split(r" · |\t", line)}
            if not line or parts & (flagged | names) or any(
                    line.startswith(n + ":") for n in names):
                continue
            problems.extend(f"English word shown: {w!r} in {line!r}"
                            for w in latin_words(lang, line, rows) if w not in names)
    for seg in segs:
        if seg in PRESET_IDS | LEVEL_IDS:
            problems.append(f"raw id shown: {seg!r}")
        if re.fullmatch(r"[a-z]+(?:_[a-z0-9]+)+", seg):
            problems.append(f"raw key shown: {seg!r}")
    joined = "\n".join(segs)
    for m in re.finditer(r"\((?:ru|gr|pexevida|seed)\)|\bbot (?:" + "|".join(LEVEL_IDS) + r")\b",
                         joined):
        problems.append(f"raw id shown: {m.group(0)!r}")
    for m in re.finditer(BAD_PLURAL[lang], joined):
        problems.append(f"plural: {m.group(0)!r}")
    if lang == "el":
        for m in re.finditer(r"(?<!\w)[Οο] (?:" + "|".join(map(re.escape, names)) + r")\b", joined):
            problems.append(f"article before a name: {m.group(0)!r}")
    return problems


def test_the_checker_finds_what_it_must() -> None:
    rows = [["Your turn", "Σειρά σου", "Ваш ход", "Tocca a te"],
            ["{seat} to act", "παίζει: {seat}", "ходит {seat}", "tocca a {seat}"],
            ["Burraco", "Μπουράκο", "Буррако", "Burraco"]]
    names = {"Ελένη", "Ana"}
    assert check_language("el", "Σειρά σου\nπαίζει: Ελένη", rows, names) == []
    assert check_language("it", "Burraco · Tocca a te", rows, names) == []
    assert len(check_language("el", "Your turn\nΕλένη to act", rows, names)) == 2
    assert check_language("ru", "Бурлото · gr", rows, names) == ["raw id shown: 'gr'"]
    assert "raw id shown: 'bot medium'" in check_language("el", "P3: bot medium", rows, names)
    assert check_language("en", "A: 1 tricks, 10 points", rows, names) == ["plural: '1 tricks'"]
    assert check_language("el", "Α: 1 μπάζες", rows, names) == ["plural: '1 μπάζες'"]
    assert check_language("el", "παίζει ο Ελένη", rows, names) == [
        "article before a name: 'ο Ελένη'"]
    assert check_language("it", "spectator_name", rows, names) == [
        "raw key shown: 'spectator_name'"]
    # English words inside a translated text: Greek or Russian in Latin letters, Italian
    # words that only the English texts use; a link, a hash or the typed notation is fine
    rows += [["fold or stay", "πάω ή μένω", "пас или играю", "lascio o resto"],
             ["spectator", "θεατής", "зритель", "spettatore"]]
    assert check_language("el", "Πρώτα αποφάσισε: fold ή stay", rows, names) == [
        "English word shown: 'fold' in 'Πρώτα αποφάσισε: fold ή stay'",
        "English word shown: 'stay' in 'Πρώτα αποφάσισε: fold ή stay'"]
    assert check_language("el", "ante\t-1", rows, names) == [
        "English word shown: 'ante' in 'ante\\t-1'"]
    assert check_language("it", "Ana (spectator): ciao", rows, names) == [
        "English word shown: 'spectator' in 'Ana (spectator): ciao'"]
    assert check_language("ru", "см. https://pagat.com/x · draw 9H · hint", rows, names) == []
    assert check_language("it", "resto o lascio", rows, names) == []


@pytest.fixture(scope="module")
def tables(browser: Any, server: Any) -> dict[str, Any]:
    """A waiting pexevida table and one of each game at P1's turn, with a watcher's chat line."""
    bot = {"kind": "bot", "level": "medium"}
    out: dict[str, Any] = {
        "waiting": server.create_table("bourloto", [{"kind": "human"}, {"kind": "human"}, bot, bot],
                                       preset="pexevida", name="Eleni"),
        "bourloto": server.create_table("bourloto", [{"kind": "human"}, bot, bot, bot],
                                        preset="gr", name="Ana"),
        "bourre": server.create_table("bourre", [{"kind": "human"}, bot, bot, bot], name="Ana"),
        "burraco": server.create_table("burraco", [{"kind": "human"}, bot, bot, bot], name="Ana"),
    }
    ctx = browser.new_context(viewport=PHONE, bypass_csp=True)
    ctx.set_default_timeout(20000)
    try:
        page = ctx.new_page()
        # a watcher (no name) says something at every table at P1's turn
        for key in ("bourloto", "bourre", "burraco"):
            page.goto(f"{server.base}/t/{out[key]['code']}")
            page.wait_for_selector(".badge.watch")  # every seat is taken: watching
            page.wait_for_function("document.body.dataset.conn === 'open'")
            page.evaluate("TP.page().send({type: 'chat', text: 'hello'})")
            page.wait_for_selector(".chat-msg", state="attached")
    finally:
        ctx.close()
    return out


@pytest.mark.parametrize("lang", ["el", "ru", "it", "en"])
def test_every_page_in_every_language(lang: str, browser: Any, server: Any,
                                      tables: dict[str, Any]) -> None:
    ctx = browser.new_context(viewport=PHONE, bypass_csp=True, locale=lang)
    ctx.set_default_timeout(20000)
    ctx.add_init_script(f"localStorage.setItem('trapoula.lang', JSON.stringify('{lang}'))")
    problems: list[str] = []
    try:
        page = ctx.new_page()
        page.goto(server.base + "/")
        page.wait_for_selector("#lang")
        rows = page.evaluate(ROWS_JS)
        names = {"Ana", "Eleni", "hello"} | set(page.evaluate(
            "fetch('/api/strings').then(r => r.json()).then(s => Object.values(s.bot_names)"
            ".flat())"))

        def look(where: str) -> None:
            page.wait_for_timeout(300)
            problems.extend(f"{where}: {p}" for p in
                            check_language(lang, page.evaluate(TEXT_JS), rows, names))

        # every text of the page's tables in this language: the rule options' helps, the
        # score card's rows, the terminal's help texts, whether or not this visit shows them
        i = LANGS.index(lang)
        for row in rows:
            if len(row) > i and row[i]:
                problems.extend(f"table text: {w!r} in {row[i]!r}"
                                for w in latin_words(lang, row[i], rows))
        page.wait_for_selector(".table-item")
        assert page.evaluate("document.documentElement.lang") == lang
        for game in ("bourloto", "bourre", "burraco"):
            page.select_option("#game", game)
            look(f"lobby, create form of {game}")
        waiting = tables["waiting"]
        page.goto(f"{server.base}/t/{waiting['code']}")
        page.wait_for_selector(".join-panel")
        look("join panel")
        page.goto(f"{server.base}/t/{waiting['code']}#seat=P1&token={waiting['token']}")
        page.wait_for_function("document.body.dataset.seat === 'P1'")
        look("a table waiting for players")
        for game in ("bourloto", "bourre", "burraco"):
            tb = tables[game]
            page.goto(f"{server.base}/t/{tb['code']}#seat=P1&token={tb['token']}")
            page.wait_for_selector("body[data-my-turn='1']")
            page.wait_for_selector(".chat-msg", state="attached")
            look(f"{game} at my turn")
            page.locator('.tab[data-tab="chat"]').click()
            look(f"{game} chat")
        # a match to 1 point played to its end here: the score card, the banner, the fair deal
        bot = {"kind": "bot", "level": "medium"}
        done = server.create_table("bourloto", [{"kind": "human"}, bot, bot, bot], preset="gr",
                                   options={"target": 1}, name="Ana")
        page.goto(f"{server.base}/t/{done['code']}#seat=P1&token={done['token']}")
        ana = Player(page, "ana", FrameLog(), server.base)
        ana.wait_seated()
        drive([ana], max_moves=300)
        page.wait_for_selector(".scorecard")
        page.locator(".fair-deal summary").click()
        look("finished match, score sheet and fair deal")
        page.goto(f"{server.base}/replay/{done['table_id']}")
        page.wait_for_selector("#replay-counter")
        look("replay at the start")
        page.locator("#replay-last").click()
        look("replay at the end")
    finally:
        ctx.close()
    assert not problems, "\n".join(problems)


PLURAL_JS = """(lang) => {
  TP.setLang(lang);
  const out = [];
  for (const [key, forms] of Object.entries(TP.PLURALS)) {
    const rules = new Intl.PluralRules(lang);
    for (const n of [0, 1, 2, 3, 4, 5, 11, 12, 21, 22, 25, 101]) {
      const cat = rules.select(n);
      if (!(cat in forms[lang])) out.push(key + ": no " + cat + " form in " + lang);
      out.push(TP.tn(key, n, { team: "A", points: 7 }));
    }
  }
  return out;
}"""


@pytest.mark.parametrize("lang", LANGS)
def test_counted_words_follow_the_plural_rules(lang: str, browser: Any, server: Any) -> None:
    ctx = browser.new_context(bypass_csp=True)
    try:
        page = ctx.new_page()
        page.goto(server.base + "/")
        page.wait_for_selector("#lang")
        texts = page.evaluate(PLURAL_JS, lang)
    finally:
        ctx.close()
    missing = [x for x in texts if ": no " in x]
    assert not missing, missing
    joined = "\n".join(texts)
    assert not re.findall(BAD_PLURAL[lang], joined), re.findall(BAD_PLURAL[lang], joined)
    assert "{" not in joined
    if lang == "ru":  # 1 / 2–4 / 5–20 / 21 / 22 take their own forms
        assert "1 карта" in joined and "3 карты" in joined and "11 карт" in joined
        assert "21 карта" in joined and "22 карты" in joined
    if lang == "el":
        assert "1 φύλλο" in joined and "2 φύλλα" in joined
