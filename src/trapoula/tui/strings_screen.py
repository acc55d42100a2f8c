"""Words of the full-screen table and replay (``trapoula.screen``) in English, Greek, Russian
and Italian; :func:`st` falls back to the common table (``tui.strings``) for other keys.

>>> st("sc_moves", "el"), st("your_hand", "ru")
('Κινήσεις', 'Ваши карты')
>>> all(len(row) == 4 and all(row) for row in SCREEN_STRINGS.values())
True
"""

from __future__ import annotations

from typing import Any

from trapoula.tui.strings import tr

__all__ = ["SCREEN_STRINGS", "st"]

# key -> (en, el, ru, it)
SCREEN_STRINGS: dict[str, tuple[str, str, str, str]] = {
    "sc_not_your_turn": ("It is not your turn.", "Δεν είναι η σειρά σου.",
                         "Сейчас не ваш ход.", "Non è il tuo turno."),
    "sc_no_undo": ("Nothing to undo: you have not decided anything yet.",
                   "Τίποτα για αναίρεση: δεν έχεις αποφασίσει ακόμη τίποτα.",
                   "Нечего отменять: вы ещё ничего не решали.",
                   "Niente da annullare: non hai ancora deciso nulla."),
    "sc_no_undo_people": ("Undo is for practice tables (every other seat a bot).",
                          "Η αναίρεση υπάρχει μόνο σε τραπέζι εξάσκησης (όλοι οι άλλοι bots).",
                          "Отмена есть только за тренировочным столом (все остальные — боты).",
                          "Annullare è possibile solo al tavolo di pratica (tutti gli altri bot)."),
    "sc_undone": ("Taken back: your previous decision again (a practice game).",
                  "Αναιρέθηκε: πάλι η προηγούμενη απόφασή σου (παιχνίδι εξάσκησης).",
                  "Отменено: снова ваше прошлое решение (тренировочная игра).",
                  "Annullato: di nuovo la tua decisione precedente (partita di pratica)."),
    "sc_undo_help": ("undo: take back your last decision (a practice game; the record notes it)",
                     "undo: αναίρεση της τελευταίας απόφασης (παιχνίδι εξάσκησης· σημειώνεται)",
                     "undo: отменить последнее решение (тренировочная игра; это записывается)",
                     "undo: annulla l'ultima decisione (partita di pratica; viene annotato)"),
    "sc_practice": ("practice: {n} undone", "εξάσκηση: {n} αναιρέσεις",
                    "тренировка: отмен {n}", "pratica: {n} annullate"),
    "sc_keys": ("Keys: ←/→ choose a card, Enter play it, click a card or an action, "
                "Ctrl+Z undo, F1 help, F2 hint, F3 history, Ctrl+T light/dark, Ctrl+Q quit.",
                "Πλήκτρα: ←/→ επιλογή φύλλου, Enter παίξ' το, κλικ σε φύλλο ή ενέργεια, "
                "Ctrl+Z αναίρεση, F1 βοήθεια, F2 συμβουλή, F3 ιστορικό, Ctrl+T ανοιχτό/σκούρο, "
                "Ctrl+Q έξοδος.",
                "Клавиши: ←/→ выбрать карту, Enter сыграть, щелчок по карте или действию, "
                "Ctrl+Z отмена, F1 справка, F2 подсказка, F3 история, Ctrl+T светлый/тёмный, "
                "Ctrl+Q выход.",
                "Tasti: ←/→ scegli una carta, Invio giocala, clic su carta o azione, "
                "Ctrl+Z annulla, F1 aiuto, F2 consiglio, F3 storia, Ctrl+T chiaro/scuro, "
                "Ctrl+Q esci."),
    "sc_moves": ("Moves", "Κινήσεις", "Ходы", "Mosse"),
    "sc_scores": ("Score", "Σκορ", "Счёт", "Punteggio"),
    "sc_deal_col": ("deal", "μοιρ.", "сдача", "mano"),
    "sc_total": ("total", "σύνολο", "итого", "totale"),
    "sc_trick": ("Trick", "Μπάζα", "Взятка", "Presa"),
    "sc_last_trick": ("Last", "Προηγ.", "Прошлая", "Ultima"),
    "sc_cards_n": ("{n} cards", "{n} φύλλα", "карт: {n}", "{n} carte"),
    "sc_to_act": ("to act", "παίζει", "ходит", "di turno"),
    "sc_your_turn": ("Your turn", "Η σειρά σου", "Ваш ход", "Tocca a te"),
    "sc_waiting": ("{seat} is thinking…", "{seat}: σκέφτεται…", "{seat} думает…",
                   "{seat} ci pensa…"),
    "sc_input": ("type a command, a number or a card (help)",
                 "γράψε εντολή, αριθμό ή φύλλο (help)",
                 "введите команду, номер или карту (help)",
                 "scrivi un comando, un numero o una carta (help)"),
    "sc_undo": ("Undo", "Αναίρεση", "Отмена", "Annulla"),
    "sc_help": ("Help", "Βοήθεια", "Справка", "Aiuto"),
    "sc_hint": ("Hint", "Συμβουλή", "Подсказка", "Consiglio"),
    "sc_history": ("History", "Ιστορικό", "История", "Storia"),
    "sc_quit": ("Quit", "Έξοδος", "Выход", "Esci"),
    "sc_play": ("Play", "Παίξε", "Сыграть", "Gioca"),
    "sc_back": ("Back", "Πίσω", "Назад", "Indietro"),
    "sc_next": ("Next", "Επόμενη", "Вперёд", "Avanti"),
    "sc_deals": ("Deals", "Μοιρασιές", "Сдачи", "Mani"),
    "sc_prev_deal": ("Previous deal", "Προηγ. μοιρασιά", "Пред. сдача", "Mano prec."),
    "sc_next_deal": ("Next deal", "Επόμ. μοιρασιά", "След. сдача", "Mano succ."),
    "sc_start": ("Start", "Αρχή", "Начало", "Inizio"),
    "sc_end": ("End", "Τέλος", "Конец", "Fine"),
    "sc_clock": ("time {t}", "χρόνος {t}", "время {t}", "tempo {t}"),
    "sc_replay_pos": ("action {i}/{n} · deal {d}/{deals}", "κίνηση {i}/{n} · μοιρασιά {d}/{deals}",
                      "ход {i}/{n} · сдача {d}/{deals}", "mossa {i}/{n} · mano {d}/{deals}"),
    "sc_replay_of": ("Replay as {seat} saw it", "Επανάληψη όπως την είδε: {seat}",
                     "Повтор глазами {seat}", "Replay come lo vide {seat}"),
    "sc_replay_all": ("Replay with every hand", "Επανάληψη με όλα τα χέρια",
                      "Повтор со всеми картами", "Replay con tutte le mani"),
    "sc_replay_input": ("next, back, deal N, start, end, quit",
                        "next, back, deal N, start, end, quit",
                        "next, back, deal N, start, end, quit",
                        "next, back, deal N, start, end, quit"),
    "sc_replay_help": ("Keys: → / Space next action, ← back, PgDn/PgUp next/previous deal, "
                       "Home/End start/end, D the list of deals, Q quit. "
                       "Typed: next, back, deal N, start, end, quit.",
                       "Πλήκτρα: → / Space επόμενη κίνηση, ← πίσω, PgDn/PgUp επόμενη/"
                       "προηγούμενη μοιρασιά, Home/End αρχή/τέλος, D οι μοιρασιές, Q έξοδος. "
                       "Γραπτά: next, back, deal N, start, end, quit.",
                       "Клавиши: → / пробел следующий ход, ← назад, PgDn/PgUp следующая/"
                       "предыдущая сдача, Home/End начало/конец, D список сдач, Q выход. "
                       "Команды: next, back, deal N, start, end, quit.",
                       "Tasti: → / Spazio mossa successiva, ← indietro, PgDn/PgUp mano "
                       "successiva/precedente, Home/End inizio/fine, D l'elenco delle mani, "
                       "Q esci. Comandi: next, back, deal N, start, end, quit."),
    "sc_no_deal": ("There is no deal {n}: choose 1 to {max}.",
                   "Δεν υπάρχει μοιρασιά {n}: διάλεξε 1 έως {max}.",
                   "Сдачи {n} нет: выберите от 1 до {max}.",
                   "Non c'è la mano {n}: scegli da 1 a {max}."),
    "sc_replay_bad": ("Not understood: {text}. Use next, back, deal N, start, end or quit.",
                      "Δεν κατάλαβα: {text}. Γράψε next, back, deal N, start, end ή quit.",
                      "Не понято: {text}. Используйте next, back, deal N, start, end или quit.",
                      "Non capito: {text}. Usa next, back, deal N, start, end o quit."),
    "sc_at_start": ("This is the start of the record.", "Αυτή είναι η αρχή της καταγραφής.",
                    "Это начало записи.", "Questo è l'inizio della registrazione."),
    "sc_at_end": ("This is the end of the record.", "Αυτό είναι το τέλος της καταγραφής.",
                  "Это конец записи.", "Questa è la fine della registrazione."),
    "sc_practice_record": ("A practice game: {n} decisions were taken back.",
                           "Παιχνίδι εξάσκησης: {n} αποφάσεις αναιρέθηκαν.",
                           "Тренировочная игра: отменено решений: {n}.",
                           "Partita di pratica: {n} decisioni annullate."),
    "sc_game_over": ("Game over: Ctrl+Q to leave, Ctrl+Z to take your last decision back.",
                     "Τέλος: Ctrl+Q για έξοδο, Ctrl+Z για αναίρεση της τελευταίας απόφασης.",
                     "Игра окончена: Ctrl+Q — выход, Ctrl+Z — отменить последнее решение.",
                     "Fine: Ctrl+Q per uscire, Ctrl+Z per annullare l'ultima decisione."),
    "sc_pot": ("pot {n}", "ποτ {n}", "банк {n}", "piatto {n}"),
    "sc_chips": ("{n} chips", "{n} μάρκ.", "{n} фиш.", "{n} fiche"),
    "sc_carry": ("carries over", "μεταφέρεται", "переходит", "si riporta"),
}

_LANG_INDEX = {"en": 0, "el": 1, "ru": 2, "it": 3}


def st(key: str, lang: str = "en", **kwargs: Any) -> str:
    """The screen string ``key`` in ``lang`` (a common one when the screen has no such key)."""
    row = SCREEN_STRINGS.get(key)
    if row is None:
        return tr(key, lang, **kwargs)
    text = row[_LANG_INDEX.get(lang, 0)] or row[0]
    return text.format(**kwargs) if kwargs else text
