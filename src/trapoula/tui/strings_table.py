"""Words of the score card, forced moves, the deal history and the declarations, in English,
Greek, Russian and Italian (merged into ``STRINGS``; the browser gets the same table).

>>> TABLE_STRINGS["decl_tierce"][1]
'τρίτη'
"""

from __future__ import annotations

__all__ = ["TABLE_STRINGS"]

# key -> (en, el, ru, it)
TABLE_STRINGS: dict[str, tuple[str, str, str, str]] = {
    # score card rows (trapoula.tui.summary)
    "last_trick": ("last trick", "τελευταία μπάζα", "последняя взятка", "ultima presa"),
    "declarations": ("declarations", "δηλώσεις", "объявления", "dichiarazioni"),
    "bourlot_row": ("Bourlot", "μπουρλότ", "бурлото", "bourlot"),
    "deal_total": ("deal total", "σύνολο μοιρασιάς", "итог сдачи", "totale della mano"),
    "row_inside": ("inside: to the defenders", "μέσα: στους αντιπάλους",
                   "проигрыш: соперникам", "dentro: agli avversari"),
    "row_hangs": ("hangs (tie)", "κρέμεται (ισοπαλία)", "повисает (ничья)",
                  "sospeso (pareggio)"),
    "row_equal": ("equal points rule", "κανόνας ισοπαλίας", "правило равных очков",
                  "regola della parità"),
    "pool_collected": ("hanging pool collected", "κρεμασμένοι πόντοι που μαζεύτηκαν",
                       "забранные висячие очки", "punti sospesi incassati"),
    "cancelled": ("cancelled", "ακυρώθηκε", "не засчитано", "annullata"),
    "counted": ("counted", "μετράει", "засчитано", "conta"),
    "hanging_after": ("Hanging pool now: {n}", "Κρεμασμένοι πόντοι τώρα: {n}",
                      "Висячих очков сейчас: {n}", "Punti sospesi ora: {n}"),
    "br_row_ante": ("ante", "ποντάρισμα", "анте", "invito"),
    "br_row_fees": ("draw fees", "κόστος αλλαγής", "плата за прикуп", "costo dei cambi"),
    "br_row_pot": ("from the pot", "από το ποτ", "из банка", "dal piatto"),
    "br_row_bourre": ("bourré: pays", "μπουρέ: πληρώνει", "бурэ: платит", "bourré: paga"),
    "br_you_bust": ("You took no trick: bourré! You pay {amount} into the next pot.",
                    "Δεν πήρες μπάζα: μπουρέ! Πληρώνεις {amount} στο επόμενο ποτ.",
                    "Вы без взяток: бурэ! Вы платите {amount} в следующий банк.",
                    "Non hai fatto prese: bourré! Paghi {amount} nel prossimo piatto."),
    # declaration names (the engine's names: tierce, quarte, quinte, four, run of N)
    "decl_tierce": ("tierce", "τρίτη", "терц", "terza"),
    "decl_quarte": ("quarte", "τετάρτη", "кварта", "quarta"),
    "decl_quinte": ("quinte", "πέμπτη", "квинта", "quinta"),
    "decl_four": ("four of a kind", "καρέ", "каре", "poker"),
    "decl_run": ("run of {n}", "σειρά {n} φύλλων", "последовательность из {n}",
                 "scala di {n}"),
    # forced moves
    "forced": ("{seat}: {action} — {why}", "{seat}: {action} — {why}",
               "{seat}: {action} — {why}", "{seat}: {action} — {why}"),
    "forced_only": ("your only legal move", "η μόνη επιτρεπτή κίνηση",
                    "единственный допустимый ход", "l'unica mossa consentita"),
    "forced_follow": ("the only card that follows the rules here",
                      "το μόνο φύλλο που επιτρέπουν οι κανόνες εδώ",
                      "единственная карта, которой можно ходить",
                      "l'unica carta che le regole permettono qui"),
    "forced_trump_lead": ("you lead holding the A, K or Q of trumps: you must lead your "
                          "highest trump",
                          "ανοίγεις με Α, Ρ ή Ν ατού: πρέπει να ανοίξεις με το μεγαλύτερο "
                          "ατού σου",
                          "вы ходите первым с козырными Т, К или Д: нужно ходить старшим "
                          "козырем",
                          "apri con A, K o Q di briscola: devi aprire con la briscola più alta"),
    "forced_trump_lead_cinch": ("you lead holding the A, K and Q of trumps: you must lead "
                                "your highest trump",
                                "ανοίγεις με Α, Ρ και Ν ατού: πρέπει να ανοίξεις με το "
                                "μεγαλύτερο ατού σου",
                                "вы ходите первым с козырными Т, К и Д: нужно ходить старшим "
                                "козырем",
                                "apri con A, K e Q di briscola: devi aprire con la briscola "
                                "più alta"),
    "forced_follow_suit": ("you must follow suit, with a higher card if you can",
                           "πρέπει να ακολουθήσεις χρώμα, με μεγαλύτερο φύλλο αν μπορείς",
                           "нужно ходить в масть, старшей картой, если можете",
                           "devi rispondere al seme, con una carta più alta se puoi"),
    "forced_follow_trump": ("you have none of the suit led: you must trump, higher if you can",
                            "δεν έχεις το χρώμα που άνοιξε: πρέπει να κόψεις, με μεγαλύτερο "
                            "ατού αν μπορείς",
                            "у вас нет масти хода: нужно бить козырем, старшим, если можете",
                            "non hai il seme d'uscita: devi tagliare con la briscola, più alta "
                            "se puoi"),
    # a card that may be played with or without announcing Bourlot (gr): the plain choice
    "bourlot_unannounced": ("no Bourlot: it will not count", "χωρίς μπουρλότ: δεν θα μετρήσει",
                            "без бурлото: оно не будет засчитано",
                            "senza bourlot: non conterà"),
    "forced_last_discard": ("your last card is discarded automatically",
                            "το τελευταίο σου φύλλο πετιέται αυτόματα",
                            "последняя карта сбрасывается автоматически",
                            "l'ultima carta viene scartata automaticamente"),
    "forced_must_stay": ("the upturned ace is yours: you cannot fold",
                         "ο φανερός άσσος είναι δικός σου: δεν μπορείς να πας",
                         "открытый туз ваш: пасовать нельзя",
                         "l'asso scoperto è tuo: non puoi lasciare"),
    # the deal history (``history``)
    "history_title": ("Deals so far", "Μοιρασιές ως τώρα", "Сыгранные сдачи",
                      "Smazzate finora"),
    "history_none": ("No deal is finished yet.", "Δεν έχει τελειώσει ακόμα μοιρασιά.",
                     "Ещё ни одна сдача не окончена.", "Nessuna smazzata è ancora finita."),
    "history_moves": ("This deal so far", "Αυτή η μοιρασιά ως τώρα", "Эта сдача",
                      "Questa smazzata finora"),
    # command line
    "save_bad_dir": ("--save {path}: the folder {folder} does not exist; create it or choose "
                     "another path (nothing was played).",
                     "--save {path}: ο φάκελος {folder} δεν υπάρχει· φτιάξ' τον ή διάλεξε άλλη "
                     "διαδρομή (δεν παίχτηκε τίποτα).",
                     "--save {path}: папки {folder} нет; создайте её или выберите другой путь "
                     "(игра не начата).",
                     "--save {path}: la cartella {folder} non esiste; creala o scegli un altro "
                     "percorso (non si è giocato nulla)."),
    "save_not_writable": ("--save {path}: cannot write there ({why}); choose another path "
                          "(nothing was played).",
                          "--save {path}: δεν γράφεται εκεί ({why})· διάλεξε άλλη διαδρομή "
                          "(δεν παίχτηκε τίποτα).",
                          "--save {path}: туда нельзя записать ({why}); выберите другой путь "
                          "(игра не начата).",
                          "--save {path}: non si può scrivere lì ({why}); scegli un altro "
                          "percorso (non si è giocato nulla)."),
    "not_legal_now": ("{action} is not allowed now. Allowed: {allowed}.",
                      "Το {action} δεν επιτρέπεται τώρα. Επιτρέπονται: {allowed}.",
                      "Сейчас нельзя: {action}. Можно: {allowed}.",
                      "{action} non è permesso ora. Puoi: {allowed}."),
    "unknown_input": ("{text!r} is not a complete action, a card or a command. Allowed now: "
                      "{allowed} (or the number, 1-{max}).",
                      "Το «{text}» δεν είναι πλήρης ενέργεια, φύλλο ή εντολή. Επιτρέπονται "
                      "τώρα: {allowed} (ή ο αριθμός, 1-{max}).",
                      "«{text}» — это не полное действие, не карта и не команда. Сейчас можно: "
                      "{allowed} (или номер, 1-{max}).",
                      "«{text}» non è un'azione completa, una carta o un comando. Ora puoi: "
                      "{allowed} (o il numero, 1-{max})."),
    "not_holding": ("You do not hold {card}. Playable: {allowed}.",
                    "Δεν έχεις {card}. Επιτρέπονται: {allowed}.",
                    "У вас нет {card}. Можно: {allowed}.",
                    "Non hai {card}. Giocabili: {allowed}."),
}
