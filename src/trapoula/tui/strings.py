"""The terminal interface's words in English, Greek, Russian and Italian (one table).

Card names come from :mod:`trapoula.cards.names`; this table holds everything else the
command line and the table renderers print.  A missing translation falls back to English.

>>> tr("deal", "en", n=3), tr("deal", "el", n=3), tr("deal", "ru", n=3)
('Deal 3', 'Μοιρασιά 3', 'Сдача 3')
>>> tr("takes", "it", seat="P2", suit="♥")
'P2 prende ♥'
"""

from __future__ import annotations

from typing import Any

from trapoula.tui.strings_bourre import BOURRE_STRINGS
from trapoula.tui.strings_burraco import BURRACO_STRINGS
from trapoula.tui.strings_options import GROUPS
from trapoula.tui.strings_table import TABLE_STRINGS

__all__ = ["ACTION_WORDS", "STRINGS", "action_word", "tr"]

# key -> (en, el, ru, it)
STRINGS: dict[str, tuple[str, str, str, str]] = {
    # seats and teams
    "you": ("you", "εσύ", "вы", "tu"),
    "partner": ("partner", "συμπαίκτης", "партнёр", "compagno"),
    "us": ("us", "εμείς", "мы", "noi"),
    "them": ("them", "αυτοί", "они", "loro"),
    # the table
    "deal": ("Deal {n}", "Μοιρασιά {n}", "Сдача {n}", "Smazzata {n}"),
    "dealer": ("dealer {seat}", "μοιράζει: {seat}", "сдаёт {seat}", "mazziere {seat}"),
    "match_to": ("match to {target}", "παρτίδα στους {target}", "партия до {target}",
                 "partita a {target}"),
    "score": ("Score", "Σκορ", "Счёт", "Punteggio"),
    "trump": ("Trump", "Ατού", "Козырь", "Briscola"),
    "not_chosen": ("not chosen yet", "δεν ορίστηκε ακόμα", "ещё не выбран",
                   "non ancora scelta"),
    "bought_by": ("bought by team {team}", "αγόρασε η ομάδα {team}", "купила команда {team}",
                  "comprata dalla squadra {team}"),
    "upcard": ("Upcard", "Φανερό φύλλο", "Открытая карта", "Carta scoperta"),
    "bidding": ("Bidding", "Αγορά", "Торговля", "Dichiarazioni"),
    "on_table": ("On the table", "Στο τραπέζι", "На столе", "In tavola"),
    "previous_trick": ("Previous trick", "Προηγούμενη μπάζα", "Прошлая взятка",
                       "Presa precedente"),
    "trick_n": ("Trick {n}", "Μπάζα {n}", "Взятка {n}", "Presa {n}"),
    "wins_trick": ("{seat} wins it (+{points})", "{seat}: την παίρνει (+{points})",
                   "берёт {seat} (+{points})", "la prende {seat} (+{points})"),
    "tricks": ("Tricks", "Μπάζες", "Взятки", "Prese"),
    "tricks_line": ("{team}: {n} tricks, {points} points", "{team}: {n} μπάζες, {points} πόντοι",
                    "{team}: взяток {n}, очков {points}", "{team}: {n} prese, {points} punti"),
    "cards": ("Cards", "Φύλλα", "Карты", "Carte"),
    "your_hand": ("Your hand", "Τα φύλλα σου", "Ваши карты", "La tua mano"),
    "hand_of": ("Hand of {seat}", "Φύλλα του {seat}", "Карты {seat}", "Mano di {seat}"),
    "declared": ("Declared", "Δηλώσεις", "Объявлено", "Dichiarato"),
    "you_can_declare": ("You can declare", "Μπορείς να δηλώσεις", "Можно объявить",
                        "Puoi dichiarare"),
    "bourlot": ("Bourlot!", "Μπουρλότ!", "Бурлото!", "Bourlot!"),
    "hanging": ("Hanging pool", "Κρεμασμένοι πόντοι", "Висячие очки", "Punti sospesi"),
    "to_act": ("{seat} to act", "παίζει: {seat}", "ходит {seat}", "tocca a {seat}"),
    # deal and match results
    "deal_over": ("Deal {n} is over", "Τέλος μοιρασιάς {n}", "Сдача {n} окончена",
                  "Fine della smazzata {n}"),
    "thrown_in": ("The deal is thrown in: nobody scores.",
                  "Η μοιρασιά ακυρώνεται: κανείς δεν γράφει.",
                  "Сдача аннулирована: очков нет.", "La smazzata è annullata: nessun punto."),
    "card_points": ("card points", "πόντοι φύλλων", "очки в картах", "punti carte"),
    "written": ("deal score", "γράφονται", "записано", "punti della mano"),
    "total": ("total", "σύνολο", "итого", "totale"),
    "capot": ("capot (all 8 tricks)", "καπό (και οι 8 μπάζες)", "капот (все 8 взяток)",
              "cappotto (tutte le 8 prese)"),
    "made_it": ("Team {team} bought and made it.", "Η ομάδα {team} αγόρασε και βγήκε.",
                "Команда {team} купила и выиграла сдачу.",
                "La squadra {team} ha comprato e ce l'ha fatta."),
    "inside": ("Team {team} bought and is inside: the other team scores everything.",
               "Η ομάδα {team} αγόρασε και μπήκε μέσα: όλοι οι πόντοι στους αντιπάλους.",
               "Команда {team} купила и проиграла: все очки получают соперники.",
               "La squadra {team} ha comprato ed è dentro: tutti i punti agli avversari."),
    "hangs": ("A tie: the points of team {team} (the buyers) hang for the next deal.",
              "Ισοπαλία: οι πόντοι της ομάδας {team} (αγοραστές) κρεμιούνται.",
              "Ничья: очки команды {team} (покупатели) повисают до следующей сдачи.",
              "Pareggio: i punti della squadra {team} (compratori) restano sospesi."),
    "match_over": ("Match over", "Τέλος παρτίδας", "Партия окончена", "Partita finita"),
    "final_score": ("Final score: A {a} - B {b}. Team {winner} wins.",
                    "Τελικό σκορ: A {a} - B {b}. Κερδίζει η ομάδα {winner}.",
                    "Итоговый счёт: A {a} - B {b}. Победила команда {winner}.",
                    "Punteggio finale: A {a} - B {b}. Vince la squadra {winner}."),
    "you_win": ("You win!", "Κέρδισες!", "Вы победили!", "Hai vinto!"),
    "you_lose": ("You lose.", "Έχασες.", "Вы проиграли.", "Hai perso."),
    "deal_result": ("Deal over: {result}", "Τέλος μοιρασιάς: {result}", "Сдача окончена: {result}",
                    "Smazzata finita: {result}"),
    "game_over": ("Game over: {result}", "Τέλος: {result}", "Игра окончена: {result}",
                  "Fine: {result}"),
    # events
    "agrees": ("{seat} agrees", "{seat}: συμφωνώ", "{seat}: согласен", "{seat} accetta"),
    "disagrees": ("{seat} disagrees", "{seat}: δεν συμφωνώ", "{seat}: не согласен",
                  "{seat} rifiuta"),
    "passes": ("{seat} passes", "{seat}: πάσο", "{seat}: пас", "{seat} passa"),
    "takes": ("{seat} takes {suit}", "{seat}: παίρνω {suit}", "{seat} берёт {suit}",
              "{seat} prende {suit}"),
    "names": ("{seat} names {suit}", "{seat}: λέω {suit}", "{seat} называет {suit}",
              "{seat} chiama {suit}"),
    "exchanges": ("{seat} swaps the 7 of trumps for the upcard",
                  "{seat}: αλλάζει το εφτάρι ατού με το φανερό φύλλο",
                  "{seat} меняет козырную семёрку на открытую карту",
                  "{seat} scambia il 7 di briscola con la carta scoperta"),
    "keeps": ("{seat} keeps the 7 of trumps", "{seat}: κρατά το εφτάρι ατού",
              "{seat} оставляет семёрку", "{seat} tiene il 7 di briscola"),
    "declares": ("{seat} declares {what}", "{seat} δηλώνει {what}", "{seat} объявляет {what}",
                 "{seat} dichiara {what}"),
    "plays": ("{seat} plays {card}", "{seat} παίζει {card}", "{seat} ходит {card}",
              "{seat} gioca {card}"),
    "redeal": ("{seat} asks for a redeal", "{seat} ζητά νέο μοίρασμα",
               "{seat} требует пересдачу", "{seat} chiede di rifare le carte"),
    "acts": ("{seat}: {action}", "{seat}: {action}", "{seat}: {action}", "{seat}: {action}"),
    # prompting
    "your_turn": ("Your turn ({seat})", "Σειρά σου ({seat})", "Ваш ход ({seat})",
                  "Tocca a te ({seat})"),
    "choose": ("number, action or card; help, hint, history, quit",
               "αριθμός, ενέργεια ή φύλλο· help, hint, history, quit",
               "номер, действие или карта; help, hint, history, quit",
               "numero, azione o carta; help, hint, history, quit"),
    "bad_number": ("There is no action {n}: choose 1 to {max}.",
                   "Δεν υπάρχει ενέργεια {n}: διάλεξε 1 έως {max}.",
                   "Нет действия {n}: выберите от 1 до {max}.",
                   "Non c'è l'azione {n}: scegli da 1 a {max}."),
    "cannot_play": ("You cannot play {card} now. Playable: {allowed}.",
                    "Δεν μπορείς να παίξεις {card} τώρα. Επιτρέπονται: {allowed}.",
                    "Сейчас нельзя ходить {card}. Можно: {allowed}.",
                    "Ora non puoi giocare {card}. Giocabili: {allowed}."),
    "cannot_now": ("You cannot play {card} now; allowed: {allowed}.",
                   "Δεν μπορείς να παίξεις {card} τώρα· επιτρέπονται: {allowed}.",
                   "Сейчас нельзя ходить {card}; можно: {allowed}.",
                   "Ora non puoi giocare {card}; puoi: {allowed}."),
    "which": ("Which one? (1-{max})", "Ποιο; (1-{max})", "Какой? (1-{max})", "Quale? (1-{max})"),
    "not_understood": ("{why}\nType help for help.", "{why}\nΓράψε help για βοήθεια.",
                       "{why}\nВведите help для справки.", "{why}\nScrivi help per l'aiuto."),
    "hint": ("Hint ({bot}): {action}", "Συμβουλή ({bot}): {action}", "Подсказка ({bot}): {action}",
             "Suggerimento ({bot}): {action}"),
    "bot_missing": ("The {name} bot is not available yet ({why}); using random instead.",
                    "Το μποτ {name} δεν υπάρχει ακόμα ({why})· παίζει το τυχαίο.",
                    "Бот {name} пока недоступен ({why}); играет случайный.",
                    "Il bot {name} non è ancora disponibile ({why}); gioca il casuale."),
    "seed": ("Seed {seed} (same game again: --seed {seed})",
             "Seed {seed} (ίδιο παιχνίδι ξανά: --seed {seed})",
             "Seed {seed} (та же игра снова: --seed {seed})",
             "Seed {seed} (stessa partita di nuovo: --seed {seed})"),
    "welcome": ("{title}, preset {preset}: you are {seat}{partner}.",
                "{title}, κανόνες {preset}: η θέση σου είναι {seat}{partner}.",
                "{title}, правила {preset}: вы {seat}{partner}.",
                "{title}, preset {preset}: sei {seat}{partner}."),
    "with_partner": (", your partner is {seat}", ", συμπαίκτης: {seat}",
                     ", ваш партнёр {seat}", ", il tuo compagno è {seat}"),
    "saved": ("Game record saved to {path}", "Η παρτίδα αποθηκεύτηκε στο {path}",
              "Запись игры сохранена в {path}", "Partita salvata in {path}"),
    "bye": ("Bye.", "Αντίο.", "До свидания.", "Ciao."),
    "press_enter": ("[Enter]", "[Enter]", "[Enter]", "[Invio]"),
    "help": (
        "Type the number of an action from the list, or an action in notation\n"
        "(play 10H, take, pass, name H, agree, declare...), or just a card (10h, KH)\n"
        "to play it. Cards: rank 7-10 J Q K A (T = 10) + suit S H D C.\n"
        "Greek and Cyrillic rank letters work too: Ρ♥ or ΡH (Greek), К♥ or КH (Russian) = K♥.\n"
        "hint: what the bot would do · history: the deals so far · help: this text\n"
        "quit: leave the game",
        "Γράψε τον αριθμό μιας ενέργειας από τη λίστα, ή την ενέργεια\n"
        "(play 10H, take, pass, name H, agree, declare...), ή απλώς ένα φύλλο (10h, KH)\n"
        "για να το παίξεις. Φύλλα: 7-10 J Q K A (T = 10) + χρώμα S H D C.\n"
        "Δουλεύουν και τα ελληνικά γράμματα: Ρ♥ ή ΡH = K♥, Ν = Q, Β = J, Α = A (και κυριλλικά).\n"
        "hint: τι θα έπαιζε το μποτ · history: οι μοιρασιές ως τώρα · help: αυτό το κείμενο\n"
        "quit: έξοδος",
        "Введите номер действия из списка, или действие в нотации\n"
        "(play 10H, take, pass, name H, agree, declare...), или просто карту (10h, KH),\n"
        "чтобы ею пойти. Карты: 7-10 J Q K A (T = 10) + масть S H D C.\n"
        "Можно и русскими буквами: К♥ или КH = K♥, Д = Q, В = J, Т = A (и греческими).\n"
        "hint: что сделал бы бот · history: сыгранные сдачи · help: эта справка\n"
        "quit: выход",
        "Scrivi il numero di un'azione della lista, o l'azione in notazione\n"
        "(play 10H, take, pass, name H, agree, declare...), o solo una carta (10h, KH)\n"
        "per giocarla. Carte: 7-10 J Q K A (T = 10) + seme S H D C.\n"
        "Funzionano anche le lettere greche e cirilliche: Ρ♥ o ΡH (greco), К♥ o КH (russo) = K♥.\n"
        "hint: cosa farebbe il bot · history: le smazzate finora · help: questo testo\n"
        "quit: esci",
    ),
}

STRINGS.update(BOURRE_STRINGS)
STRINGS.update(BURRACO_STRINGS)
STRINGS.update(TABLE_STRINGS)
STRINGS.update(GROUPS)

# Action words of the notation, with a local gloss shown beside them (input stays English).
ACTION_WORDS: dict[str, tuple[str, str, str, str]] = {
    "agree": ("agree", "συμφωνώ", "согласен", "accetto"),
    "disagree": ("disagree", "δεν συμφωνώ", "не согласен", "rifiuto"),
    "pass": ("pass", "πάσο", "пас", "passo"),
    "take": ("take", "παίρνω", "беру", "prendo"),
    "name": ("name", "λέω", "назначаю", "chiamo"),
    "exchange": ("exchange", "αλλάζω", "меняю", "scambio"),
    "keep": ("keep", "κρατώ", "оставляю", "tengo"),
    "declare": ("declare", "δηλώνω", "объявляю", "dichiaro"),
    "show": ("show", "δείχνω", "показываю", "mostro"),
    "approve": ("approve", "εγκρίνω", "принимаю", "approvo"),
    "cut": ("cut", "κόβω", "режу", "taglio"),
    "bourlot": ("bourlot", "μπουρλότ", "бурлото", "bourlot"),
    "redeal": ("redeal", "άποντα", "пересдача", "rifare"),
    "fold": ("fold", "πάω", "пас", "lascio"),
    "stay": ("stay", "μένω", "играю", "resto"),
}

_LANG_INDEX = {"en": 0, "el": 1, "ru": 2, "it": 3}


def tr(key: str, lang: str = "en", **kwargs: Any) -> str:
    """The string ``key`` in ``lang`` with ``kwargs`` filled in (English if missing)."""
    row = STRINGS[key]
    text = row[_LANG_INDEX.get(lang, 0)] or row[0]
    return text.format(**kwargs) if kwargs else text


def action_word(word: str, lang: str = "en") -> str:
    """The local gloss of an action word (the word itself in English or if unknown).

    >>> action_word("pass", "ru"), action_word("play", "ru")
    ('пас', 'play')
    """
    row = ACTION_WORDS.get(word)
    return word if row is None else row[_LANG_INDEX.get(lang, 0)]
