"""The Burraco table's words in English, Greek, Russian and Italian (merged into ``STRINGS``).

>>> BURRACO_STRINGS["bu_discard_pile"][3]
'Scarti'
"""

from __future__ import annotations

__all__ = ["BURRACO_STRINGS"]

# key -> (en, el, ru, it)
BURRACO_STRINGS: dict[str, tuple[str, str, str, str]] = {
    # the table
    "bu_hand": ("Hand {n}", "Γύρος {n}", "Раздача {n}", "Mano {n}"),
    "bu_dealer_draw": ("Draw for dealer", "Κλήρωση μοιραστή", "Жребий сдающего",
                       "Sorteggio mazziere"),
    "bu_melds_of": ("Melds {team}", "Συνδυασμοί {team}", "Комбинации {team}",
                    "Giochi {team}"),
    "bu_clean": ("clean burraco", "καθαρό μπουράκο", "чистое буррако", "burraco pulito"),
    "bu_dirty": ("dirty burraco", "βρόμικο μπουράκο", "грязное буррако", "burraco sporco"),
    "bu_semi_clean": ("semi-clean burraco", "ημικαθαρό μπουράκο", "получистое буррако",
                      "burraco semipulito"),
    "bu_no_wild": ("clean", "καθαρό", "чистая", "pulito"),
    "bu_with_wild": ("with a wild", "με μπαλαντέρ", "с джокером", "con matta"),
    "bu_pts": ("{n} pts", "{n} π.", "{n} оч.", "{n} pt"),
    "bu_discard_pile": ("Discards", "Πεταμένα", "Сброс", "Scarti"),
    "bu_top": ("top", "πάνω", "верх", "in cima"),
    "bu_empty": ("empty", "άδεια", "пусто", "vuoto"),
    "bu_stock": ("Stock", "Τράπουλα", "Колода", "Tallone"),
    "bu_cards_n": ("{n} cards", "{n} φύλλα", "карт: {n}", "{n} carte"),
    "bu_last_turn": ("the hand ends after this turn", "ο γύρος τελειώνει μετά από αυτή τη σειρά",
                     "раздача закончится после этого хода", "la mano finisce dopo questo turno"),
    "bu_pozzetti": ("Pozzetti", "Ποτσέτι", "Поццетти", "Pozzetti"),
    "bu_pozzetti_left": ("{n} left", "έμειναν {n}", "осталось {n}", "ne restano {n}"),
    "bu_taken": ("taken", "το πήρε", "взят", "preso"),
    "bu_not_taken": ("not yet", "όχι ακόμα", "ещё нет", "non ancora"),
    "bu_cards": ("Cards", "Φύλλα", "Карты", "Carte"),
    "bu_sorted_by": ("by {how}", "κατά {how}", "по {how}", "per {how}"),
    "bu_suit": ("suit", "χρώμα", "мастям", "seme"),
    "bu_rank": ("rank", "αξία", "старшинству", "valore"),
    "bu_picked_note": ("taken from the pile: may not be discarded this turn",
                       "από τα πεταμένα: δεν πετιέται σε αυτή τη σειρά",
                       "взята из сброса: в этот ход её сбрасывать нельзя",
                       "presa dagli scarti: non si può scartare in questo turno"),
    # events
    "bu_draws": ("{seat} draws from the stock", "{seat}: τραβά από την τράπουλα",
                 "{seat} берёт из колоды", "{seat} pesca dal tallone"),
    "bu_you_draw": ("{seat} draws {card}", "{seat}: τραβάς {card}", "{seat}: взята {card}",
                    "{seat} pesca {card}"),
    "bu_picks_up": ("{seat} picks up the discards ({n}): {cards}",
                    "{seat}: μαζεύει τα πεταμένα ({n}): {cards}",
                    "{seat} забирает сброс ({n}): {cards}",
                    "{seat} raccoglie gli scarti ({n}): {cards}"),
    "bu_melds": ("{seat} melds {cards} ({meld})", "{seat}: κατεβάζει {cards} ({meld})",
                 "{seat} выкладывает {cards} ({meld})", "{seat} cala {cards} ({meld})"),
    "bu_adds": ("{seat} adds {cards} to {meld}: {now}",
                "{seat}: προσθέτει {cards} στο {meld}: {now}",
                "{seat} добавляет {cards} к {meld}: {now}",
                "{seat} aggiunge {cards} a {meld}: {now}"),
    "bu_discards": ("{seat} discards {card}", "{seat}: πετά {card}", "{seat} сбрасывает {card}",
                    "{seat} scarta {card}"),
    "bu_new_burraco": ("{kind}!", "{kind}!", "{kind}!", "{kind}!"),
    "bu_takes_pozzetto": ("{seat} takes the pozzetto", "{seat}: παίρνει το ποτσέτο",
                          "{seat} берёт поццетто", "{seat} prende il pozzetto"),
    "bu_al_volo": ("on the fly, and plays on", "στον αέρα, και συνεχίζει",
                   "на лету и продолжает ход", "al volo, e continua"),
    "bu_closes": ("{seat} closes!", "{seat}: κλείνει!", "{seat} закрывает!", "{seat} chiude!"),
    "bu_stock_low": ("Only 2 cards are left in the stock: the hand ends after this turn.",
                     "Έμειναν 2 φύλλα στην τράπουλα: ο γύρος τελειώνει μετά από αυτή τη σειρά.",
                     "В колоде осталось 2 карты: раздача закончится после этого хода.",
                     "Nel tallone restano 2 carte: la mano finisce dopo questo turno."),
    # the end of a hand
    "bu_hand_over": ("Hand {n} is over", "Τέλος του γύρου {n}", "Раздача {n} окончена",
                     "Fine della mano {n}"),
    "bu_end_closing": ("{seat} closed.", "Έκλεισε: {seat}.", "Закрытие: {seat}.",
                       "{seat} ha chiuso."),
    "bu_end_stock": ("The stock ran out.", "Τελείωσε η τράπουλα.", "Колода закончилась.",
                     "Il tallone è finito."),
    "bu_end_stalemate": ("Stalemate: everyone kept taking the one-card pile.",
                         "Αδιέξοδο: όλοι έπαιρναν το ένα πεταμένο φύλλο.",
                         "Пат: все брали одну карту из сброса.",
                         "Stallo: tutti prendevano la carta scartata."),
    "bu_end_blocked": ("Nobody could move: the hand ends.", "Κανείς δεν μπορούσε να παίξει.",
                       "Ходов не осталось: раздача окончена.",
                       "Nessuno poteva muovere: la mano finisce."),
    "bu_final": ("Final score: {scores}. {winner} wins.",
                 "Τελικό σκορ: {scores}. Κερδίζει: {winner}.",
                 "Итоговый счёт: {scores}. Победил {winner}.",
                 "Punteggio finale: {scores}. Vince {winner}."),
    "bu_row_melds": ("meld cards", "φύλλα συνδυασμών", "карты в комбинациях", "carte calate"),
    "bu_row_bonus": ("burraco bonuses", "μπόνους μπουράκο", "бонусы буррако", "premi burraco"),
    "bu_row_closing": ("closing", "κλείσιμο", "закрытие", "chiusura"),
    "bu_row_pozzetto": ("no pozzetto", "χωρίς ποτσέτο", "без поццетто", "senza pozzetto"),
    "bu_row_hands": ("cards in hand", "φύλλα στο χέρι", "карты на руках", "carte in mano"),
    "bu_row_score": ("hand score", "πόντοι γύρου", "очки за раздачу", "punti della mano"),
    # the prompt
    "bu_draw_label": ("draw (from the stock)", "draw (από την τράπουλα)", "draw (из колоды)",
                      "draw (dal tallone)"),
    "bu_pickup_label": ("pickup (the discards: {what})", "pickup (τα πεταμένα: {what})",
                        "pickup (весь сброс: {what})", "pickup (gli scarti: {what})"),
    "bu_discard_menu": ("Discard:", "Πέτα:", "Сбросить:", "Scarta:"),
    "bu_typed": ("meld C C C… · add N C… (to your team's meld N) · melds: what you can lay",
                 "meld C C C… · add N C… (στον συνδυασμό N της ομάδας) · melds: τι μπορείς να "
                 "κατεβάσεις",
                 "meld C C C… · add N C… (к комбинации N команды) · melds: что можно выложить",
                 "meld C C C… · add N C… (al gioco N della squadra) · melds: cosa puoi calare"),
    "bu_typed_solo": ("meld C C C… · add N C… (to your meld N) · melds: what you can lay",
                      "meld C C C… · add N C… (στον συνδυασμό σου N) · melds: τι μπορείς να "
                      "κατεβάσεις",
                      "meld C C C… · add N C… (к своей комбинации N) · melds: что можно выложить",
                      "meld C C C… · add N C… (al tuo gioco N) · melds: cosa puoi calare"),
    "bu_choose_draw": ("number, draw or pickup; sort, help, hint, history, quit",
                       "αριθμός, draw ή pickup· sort, help, hint, history, quit",
                       "номер, draw или pickup; sort, help, hint, history, quit",
                       "numero, draw o pickup; sort, help, hint, history, quit"),
    "bu_choose_play": ("meld, add, or discard (number or card); melds, sort, help, hint, "
                       "history, quit",
                       "meld, add, ή πέτα (αριθμός ή φύλλο)· melds, sort, help, hint, "
                       "history, quit",
                       "meld, add или сброс (номер или карта); melds, sort, help, hint, "
                       "history, quit",
                       "meld, add o scarto (numero o carta); melds, sort, help, hint, "
                       "history, quit"),
    "bu_can_lay": ("You can lay", "Μπορείς να κατεβάσεις", "Можно выложить", "Puoi calare"),
    "bu_can_add": ("You can add", "Μπορείς να προσθέσεις", "Можно добавить", "Puoi aggiungere"),
    "bu_nothing": ("nothing to lay now", "τίποτα προς το παρόν", "пока нечего",
                   "niente da calare ora"),
    "bu_more": ("and {n} more", "και {n} ακόμα", "и ещё {n}", "e altri {n}"),
    "bu_sorted": ("Your hand, sorted by {how}:", "Τα φύλλα σου κατά {how}:",
                  "Ваши карты по {how}:", "La tua mano per {how}:"),
    "bu_not_holding": ("You do not hold {cards}.", "Δεν έχεις {cards}.", "У вас нет {cards}.",
                       "Non hai {cards}."),
    "bu_draw_first": ("Draw first: draw (from the stock) or pickup (the discards).",
                      "Πρώτα τράβα: draw (από την τράπουλα) ή pickup (τα πεταμένα).",
                      "Сначала возьмите карту: draw (из колоды) или pickup (сброс).",
                      "Prima pesca: draw (dal tallone) o pickup (gli scarti)."),
    "bu_already_drew": ("You have drawn already: meld, add, or discard to end your turn.",
                        "Έχεις ήδη τραβήξει: κατέβασε, πρόσθεσε ή πέτα ένα φύλλο.",
                        "Карта уже взята: выкладывайте, добавляйте или сбросьте карту.",
                        "Hai già pescato: cala, aggiungi o scarta per finire il turno."),
    "bu_not_a_meld": ("{cards} is not a meld: a set is 3 or more cards of one rank, a sequence "
                      "3 or more running cards of one suit, with at most one wild (2 or joker).",
                      "Το {cards} δεν είναι συνδυασμός: τρία ή περισσότερα ίδια φύλλα ή "
                      "διαδοχικά του ίδιου χρώματος, με το πολύ ένα μπαλαντέρ (2 ή τζόκερ).",
                      "{cards} — не комбинация: 3 и больше карт одного достоинства или подряд "
                      "одной масти, не больше одного джокера (2 или джокер).",
                      "{cards} non è un gioco: tris di 3 o più carte dello stesso valore o scala "
                      "di 3 o più carte dello stesso seme, con al massimo una matta (2 o jolly)."),
    "bu_no_melds": ("Your team has no melds yet: lay one with meld C C C.",
                    "Η ομάδα σου δεν έχει ακόμα συνδυασμούς: meld C C C.",
                    "У команды ещё нет комбинаций: meld C C C.",
                    "La tua squadra non ha ancora giochi: meld C C C."),
    "bu_no_meld_n": ("Your team has no meld {n}: its melds are 1 to {max}.",
                     "Η ομάδα σου δεν έχει συνδυασμό {n}: έχει 1 έως {max}.",
                     "У команды нет комбинации {n}: есть от 1 до {max}.",
                     "La tua squadra non ha il gioco {n}: ha da 1 a {max}."),
    "bu_cannot_add": ("{cards} cannot go on meld {n} ({meld}).",
                      "Το {cards} δεν μπαίνει στον συνδυασμό {n} ({meld}).",
                      "{cards} нельзя добавить к комбинации {n} ({meld}).",
                      "{cards} non va sul gioco {n} ({meld})."),
    "bu_not_yours": ("Meld {n} is your partner's: at this table you add only to your own.",
                     "Ο συνδυασμός {n} είναι του συμπαίκτη σου: προσθέτεις μόνο στους δικούς σου.",
                     "Комбинация {n} партнёра: за этим столом добавляют только к своим.",
                     "Il gioco {n} è del compagno: a questo tavolo si aggiunge solo ai propri."),
    "bu_picked": ("You took {card} from the discards this turn: you may not discard it.",
                  "Πήρες το {card} από τα πεταμένα: δεν μπορείς να το πετάξεις τώρα.",
                  "{card} взята из сброса в этот ход: сбрасывать её нельзя.",
                  "Hai preso {card} dagli scarti in questo turno: non puoi scartarla."),
    "bu_cannot_close": ("You cannot discard your last card: closing needs your team's pozzetto "
                        "taken and a burraco, and the last discard may not be a wild.",
                        "Δεν μπορείς να πετάξεις το τελευταίο φύλλο: για να κλείσεις η ομάδα "
                        "θέλει το ποτσέτο και ένα μπουράκο, και όχι μπαλαντέρ στο τέλος.",
                        "Нельзя сбросить последнюю карту: для закрытия нужен взятый поццетто и "
                        "буррако, а последняя карта не может быть джокером.",
                        "Non puoi scartare l'ultima carta: per chiudere la squadra deve avere il "
                        "pozzetto e un burraco, e l'ultimo scarto non può essere una matta."),
    "bu_dead_end": ("{action} is not allowed: after it you could not finish your turn "
                    "(you must keep a legal discard or close).",
                    "Το {action} δεν επιτρέπεται: μετά δεν θα μπορούσες να τελειώσεις τη σειρά "
                    "σου (πρέπει να μένει φύλλο για πέταμα ή κλείσιμο).",
                    "{action} нельзя: после этого вы не сможете закончить ход "
                    "(нужна карта для сброса или закрытие).",
                    "{action} non è permesso: dopo non potresti finire il turno "
                    "(serve uno scarto valido o la chiusura)."),
    "bu_help": (
        "A turn: draw (the top stock card) or pickup (the whole discard pile); then lay melds\n"
        "(meld 3H 4H 5H, or just the cards: 3h 4h 5h), add to your team's melds (add 2 6H,\n"
        "or 2 6h), and discard one card (discard QS, just qs, or its number) to end it.\n"
        "Melds: a set is 3+ cards of one rank, a sequence 3+ running cards of one suit, with at\n"
        "most one wild (a 2 or a joker). 7+ cards make a burraco (clean: no wild).\n"
        "Cards: rank 2-10 J Q K A (T = 10) + suit S H D C; JK is a joker.\n"
        "Greek and Cyrillic rank letters work too: Ρ♥ or ΡH (Greek), К♥ or КH (Russian) = K♥.\n"
        "melds: what you can lay · sort: hand by suit or by rank · hint: the bot's move\n"
        "history: the hands so far · help: this text · quit: leave the game",
        "Σειρά: draw (το πάνω φύλλο της τράπουλας) ή pickup (όλα τα πεταμένα)· μετά\n"
        "συνδυασμοί (meld 3H 4H 5H, ή μόνο τα φύλλα: 3h 4h 5h), προσθήκες (add 2 6H, ή 2 6h)\n"
        "και ένα πέταμα (discard QS, σκέτο qs, ή ο αριθμός του) για να τελειώσεις.\n"
        "Συνδυασμοί: τρία+ ίδια φύλλα ή τρία+ διαδοχικά του ίδιου χρώματος, με το πολύ\n"
        "ένα μπαλαντέρ (2 ή τζόκερ). Με 7+ φύλλα γίνεται μπουράκο (καθαρό: χωρίς μπαλαντέρ).\n"
        "Φύλλα: 2-10 J Q K A (T = 10) + χρώμα S H D C· JK είναι τζόκερ.\n"
        "Δουλεύουν και τα ελληνικά γράμματα: Ρ♥ ή ΡH = K♥, Ν = Q, Β = J, Α = A (και κυριλλικά).\n"
        "melds: τι μπορείς να κατεβάσεις · sort: κατά χρώμα ή αξία · hint: η κίνηση του μποτ\n"
        "history: οι μοιρασιές ως τώρα · help: αυτό το κείμενο · quit: έξοδος",
        "Ход: draw (верхняя карта колоды) или pickup (весь сброс); затем комбинации\n"
        "(meld 3H 4H 5H или просто карты: 3h 4h 5h), добавления к комбинациям команды\n"
        "(add 2 6H или 2 6h) и сброс одной карты (discard QS, просто qs или номер).\n"
        "Комбинации: 3+ карты одного достоинства или 3+ подряд одной масти, не больше\n"
        "одного джокера (2 или джокер). 7+ карт — буррако (чистое: без джокера).\n"
        "Карты: 2-10 J Q K A (T = 10) + масть S H D C; JK — джокер.\n"
        "Можно и русскими буквами: К♥ или КH = K♥, Д = Q, В = J, Т = A (и греческими).\n"
        "melds: что можно выложить · sort: по мастям или старшинству · hint: ход бота\n"
        "history: сыгранные сдачи · help: эта справка · quit: выход",
        "Un turno: draw (la carta in cima al tallone) o pickup (tutti gli scarti); poi calare\n"
        "giochi (meld 3H 4H 5H, o solo le carte: 3h 4h 5h), aggiungere ai giochi della\n"
        "squadra (add 2 6H, o 2 6h) e scartare una carta (discard QS, solo qs, o il numero).\n"
        "Giochi: tris di 3+ carte dello stesso valore o scala di 3+ carte dello stesso seme,\n"
        "con al massimo una matta (2 o jolly). Con 7+ carte è burraco (pulito: senza matta).\n"
        "Carte: 2-10 J Q K A (T = 10) + seme S H D C; JK è il jolly.\n"
        "Funzionano anche le lettere greche e cirilliche: Ρ♥ o ΡH (greco), К♥ o КH (russo) = K♥.\n"
        "melds: cosa puoi calare · sort: per seme o per valore · hint: la mossa del bot\n"
        "history: le smazzate finora · help: questo testo · quit: esci",
    ),
}
