"""The Bourré table's words in English, Greek, Russian and Italian (merged into ``STRINGS``).

>>> BOURRE_STRINGS["pot"]
('Pot', 'Ποτ', 'Банк', 'Piatto')
"""

from __future__ import annotations

__all__ = ["BOURRE_STRINGS"]

# key -> (en, el, ru, it)
BOURRE_STRINGS: dict[str, tuple[str, str, str, str]] = {
    # the table
    "br_players_n": ("{n} players", "{n} παίκτες", "игроков: {n}", "{n} giocatori"),
    "br_ante_n": ("ante {n}", "ποντάρισμα {n}", "анте {n}", "invito {n}"),
    "pot": ("Pot", "Ποτ", "Банк", "Piatto"),
    "br_draw_fee": ("draw fee {fee}", "κόστος αλλαγής {fee}", "прикуп стоит {fee}",
                    "cambio {fee}"),
    "br_draw_fee_card": ("draw fee {fee} a card", "κόστος αλλαγής {fee} το φύλλο",
                         "прикуп стоит {fee} за карту", "cambio {fee} a carta"),
    "br_turned_up": ("{card} turned up", "φανερό το {card}", "открыта {card}",
                     "scoperta {card}"),
    "br_players": ("Players", "Παίκτες", "Игроки", "Giocatori"),
    "br_chips": ("{n} chips", "{n} μάρκες", "фишек: {n}", "{n} fiches"),
    "br_dealer": ("dealer", "μοιράζει", "сдаёт", "mazziere"),
    "br_folded": ("folded", "πήγε", "пас", "ha lasciato"),
    "br_kept_five": ("stays, kept 5", "μένει, κράτησε 5", "играет, без прикупа",
                     "resta, tiene 5"),
    "br_drew": ("stays, drew {n}", "μένει, άλλαξε {n}", "играет, прикупил {n}",
                "resta, ha cambiato {n}"),
    "br_undecided": ("to decide", "δεν αποφάσισε", "ещё решает", "deve decidere"),
    "br_out": ("out of the deal", "εκτός μοιρασιάς", "не в сдаче", "fuori dalla smazzata"),
    "br_left": ("left the table", "έφυγε από το τραπέζι", "вышел из-за стола",
                "ha lasciato il tavolo"),
    "br_no_ante": ("no ante", "χωρίς ποντάρισμα", "без анте", "senza invito"),
    "br_tricks_n": ("tricks {n}", "μπάζες {n}", "взяток {n}", "prese {n}"),
    "br_stock": ("Stock", "Τράπουλα", "Колода", "Tallone"),
    "br_cards_n": ("{n} cards", "{n} φύλλα", "карт: {n}", "{n} carte"),
    "br_takes_trick": ("{seat} takes it", "{seat}: την παίρνει", "берёт {seat}",
                       "la prende {seat}"),
    "br_in_play": ("In play", "Παίζουν", "Играют", "In gioco"),
    "br_your_discards": ("You exchanged", "Άλλαξες", "Вы сбросили", "Hai cambiato"),
    # events
    "br_folds": ("{seat} folds", "{seat}: πάω", "{seat}: пас", "{seat} lascia"),
    "br_stays": ("{seat} stays with his five cards", "{seat}: μένει με τα πέντε φύλλα του",
                 "{seat} играет без прикупа", "{seat} resta con le sue cinque carte"),
    "br_exchanges": ("{seat} exchanges {n}", "{seat}: αλλάζει {n}", "{seat} прикупает {n}",
                     "{seat} cambia {n}"),
    "br_you_exchange": ("{seat} exchanges {out} and gets {new}",
                        "{seat}: αλλάζει {out} και παίρνει {new}",
                        "{seat} сбрасывает {out} и получает {new}",
                        "{seat} cambia {out} e riceve {new}"),
    "br_fee_paid": ("(pays {fee})", "(πληρώνει {fee})", "(платит {fee})", "(paga {fee})"),
    "br_play_starts": ("In play: {seats}. {seat} leads.", "Παίζουν: {seats}. Ανοίγει: {seat}.",
                       "Играют: {seats}. Первым ходит {seat}.",
                       "In gioco: {seats}. Apre {seat}."),
    # settlement
    "br_deal_over": ("Deal {n} is over", "Τέλος μοιρασιάς {n}", "Сдача {n} окончена",
                     "Fine della smazzata {n}"),
    "br_takes_pot": ("{seat} takes the pot of {pot}.", "{seat}: παίρνει το ποτ ({pot}).",
                     "{seat} забирает банк ({pot}).", "{seat} prende il piatto di {pot}."),
    "br_alone": ("{seat} stayed in alone and takes the pot of {pot} without play.",
                 "{seat}: δεν έχει αντίπαλο και παίρνει το ποτ ({pot}) χωρίς παιχνίδι.",
                 "{seat} остался один и забирает банк ({pot}) без игры.",
                 "{seat} è rimasto da solo e prende il piatto di {pot} senza giocare."),
    "br_all_folded": ("Everybody folded: the pot of {pot} carries over.",
                      "Όλοι πήγαν: το ποτ ({pot}) μένει για την επόμενη.",
                      "Все спасовали: банк ({pot}) переходит в следующую сдачу.",
                      "Tutti hanno lasciato: il piatto di {pot} resta per la prossima."),
    "br_split": ("A tie for most tricks: {seats} get {share} each from the pot of {pot}.",
                 "Ισοπαλία στις μπάζες: οι {seats} παίρνουν από {share} από το ποτ ({pot}).",
                 "Ничья по взяткам: {seats} получают по {share} из банка ({pot}).",
                 "Pareggio nelle prese: {seats} ricevono {share} ciascuno dal piatto di {pot}."),
    "br_tie_carry": ("A tie for most tricks: the pot of {pot} carries over.",
                     "Ισοπαλία στις μπάζες: το ποτ ({pot}) μένει για την επόμενη.",
                     "Ничья по взяткам: банк ({pot}) переходит в следующую сдачу.",
                     "Pareggio nelle prese: il piatto di {pot} resta per la prossima."),
    "br_is_bourre": ("{seat} took no trick: bourré! Pays {amount} into the next pot.",
                     "{seat}: καμία μπάζα, μπουρέ! Πληρώνει {amount} στο επόμενο ποτ.",
                     "{seat} без взяток: бурэ! Платит {amount} в следующий банк.",
                     "{seat} non ha fatto prese: bourré! Paga {amount} nel prossimo piatto."),
    "br_bourre_short": ("{seat} took no trick: bourré! Owes {amount}, pays the {paid} he has "
                        "and leaves the table.",
                        "{seat}: καμία μπάζα, μπουρέ! Χρωστά {amount}, πληρώνει ό,τι έχει "
                        "({paid}) και φεύγει από το τραπέζι.",
                        "{seat} без взяток: бурэ! Должен {amount}, платит всё, что есть "
                        "({paid}), и выходит из-за стола.",
                        "{seat} non ha fatto prese: bourré! Deve {amount}, paga i {paid} che "
                        "ha e lascia il tavolo."),
    "br_carry": ("Carried to the next pot: {carry}.", "Μεταφέρονται στο επόμενο ποτ: {carry}.",
                 "В следующий банк переходит: {carry}.", "Passa al prossimo piatto: {carry}."),
    "br_net": ("This deal", "Αυτή η μοιρασιά", "За сдачу", "Questa smazzata"),
    "br_leaves": ("{seat} cannot pay the ante and leaves the table.",
                  "{seat}: δεν μπορεί να πληρώσει το αρχικό ποντάρισμα και φεύγει.",
                  "{seat} не может заплатить анте и выходит из-за стола.",
                  "{seat} non può pagare l'invito e lascia il tavolo."),
    "br_session_over": ("The session is over", "Τέλος της παρτίδας", "Игра окончена",
                        "La sessione è finita"),
    "br_after_deals": ("after {n} deals", "μετά από {n} μοιρασιές", "после {n} сдач",
                       "dopo {n} smazzate"),
    "br_holds_all": ("{seat} holds every chip.", "{seat}: έχει όλες τις μάρκες.",
                     "У {seat} все фишки.", "{seat} ha tutte le fiches."),
    "br_pot_left": ("Left in the pot: {pot}.", "Έμειναν στο ποτ: {pot}.",
                    "Осталось в банке: {pot}.", "Rimasto nel piatto: {pot}."),
    "br_you_are_out": ("You have no chips left: you leave the table, and the others play on.",
                       "Δεν έχεις άλλες μάρκες: φεύγεις από το τραπέζι και οι άλλοι συνεχίζουν.",
                       "У вас не осталось фишек: вы выходите из-за стола, остальные играют "
                       "дальше.",
                       "Non hai più fiches: lasci il tavolo e gli altri continuano."),
    "br_you_end": ("You end with {chips} chips ({net}).", "Τελειώνεις με {chips} μάρκες ({net}).",
                   "У вас {chips} фишек ({net}).", "Finisci con {chips} fiches ({net})."),
    # the prompt
    "br_stay_label": ("stay (keep all five)", "μένω (κρατώ και τα πέντε)", "играю без прикупа",
                      "resto (tengo tutte e cinque)"),
    "br_weakest": ("the {n} weakest", "τα {n} πιο αδύνατα", "{n} слабейших",
                   "le {n} più deboli"),
    "br_weakest1": ("the weakest", "το πιο αδύνατο", "слабейшая", "la più debole"),
    "br_chips_label": ("Chips", "Μάρκες", "Фишки", "Fiches"),
    "br_fee": ("fee {fee}", "κόστος {fee}", "стоит {fee}", "costa {fee}"),
    "br_typed_draw": ("or type draw and 1 to {max} of your cards (draw 9H 4C), or just the cards",
                      "ή γράψε draw και 1 έως {max} φύλλα σου (draw 9H 4C), ή μόνο τα φύλλα",
                      "или введите draw и от 1 до {max} своих карт (draw 9H 4C), или только "
                      "карты",
                      "oppure scrivi draw e da 1 a {max} tue carte (draw 9H 4C), o solo le carte"),
    "br_choose_decide": ("number, fold, stay or draw C C…; help, hint, history, quit",
                         "αριθμός, πάω, μένω ή draw C C…· help, hint, history, quit",
                         "номер, пас, играю или draw C C…; help, hint, history, quit",
                         "numero, lascio, resto o draw C C…; help, hint, history, quit"),
    "br_choose_play": ("number or card; help, hint, history, quit",
                       "αριθμός ή φύλλο· help, hint, history, quit",
                       "номер или карта; help, hint, history, quit",
                       "numero o carta; help, hint, history, quit"),
    "br_not_holding": ("You do not hold {cards}. Your hand: {hand}.",
                       "Δεν έχεις {cards}. Τα φύλλα σου: {hand}.",
                       "У вас нет {cards}. Ваши карты: {hand}.",
                       "Non hai {cards}. La tua mano: {hand}."),
    "br_draw_count": ("You may exchange 1 to {max} cards, not {n}.",
                      "Μπορείς να αλλάξεις 1 έως {max} φύλλα, όχι {n}.",
                      "Можно сбросить от 1 до {max} карт, а не {n}.",
                      "Puoi cambiare da 1 a {max} carte, non {n}."),
    "br_no_draw": ("Exchanging cards is not allowed at this table: fold or stay.",
                   "Σε αυτό το τραπέζι δεν αλλάζουν φύλλα: πάω ή μένω.",
                   "Прикуп за этим столом запрещён: пас или играю.",
                   "A questo tavolo non si cambiano carte: lascio o resto."),
    "br_must_stay": ("You may not fold: the upturned ace is yours. Stay or draw.",
                     "Δεν μπορείς να πας: ο φανερός άσσος είναι δικός σου. μένω ή draw C C…",
                     "Пасовать нельзя: открытый туз ваш. играю или draw C C…",
                     "Non puoi lasciare: l'asso scoperto è tuo. resto o draw C C…"),
    "br_decide_now": ("Decide first: fold, stay, or draw C C… (the cards to exchange).",
                      "Πρώτα αποφάσισε: πάω, μένω ή draw C C… (τα φύλλα που αλλάζεις).",
                      "Сначала решите: пас, играю или draw C C… (карты на сброс).",
                      "Prima decidi: lascio, resto o draw C C… (le carte da cambiare)."),
    "br_play_now": ("The decisions are over: play a card ({allowed}).",
                    "Οι αποφάσεις τελείωσαν: παίξε ένα φύλλο ({allowed}).",
                    "Решения приняты: ходите картой ({allowed}).",
                    "Le decisioni sono finite: gioca una carta ({allowed})."),
    "br_help": (
        "Decision round: fold (give up your ante), stay (keep your five cards), or\n"
        "draw C C… to exchange those cards for new ones from the stock (the numbered\n"
        "suggestions exchange your weakest side cards; typing just the cards works too).\n"
        "Play: type a card (10h, KS) or its number. You must follow suit with a higher card\n"
        "if you can, else trump; a leader holding the A, K or Q of trumps leads his highest\n"
        "trump. Most tricks takes the pot; a player who stayed and took no trick is bourré\n"
        "and pays the pot into the next one.\n"
        "Greek and Cyrillic rank letters work too: Ρ♥ or ΡH (Greek), К♥ or КH (Russian) = K♥.\n"
        "hint: what the bot would do · history: the deals so far · help: this text\n"
        "quit: leave the table",
        "Γύρος αποφάσεων: πάω (χάνεις το ποντάρισμα), μένω (κρατάς τα πέντε φύλλα), ή\n"
        "draw C C… για να αλλάξεις αυτά τα φύλλα με καινούρια από την τράπουλα (οι\n"
        "αριθμημένες προτάσεις αλλάζουν τα πιο αδύνατα· αρκεί και να γράψεις τα φύλλα).\n"
        "Παιχνίδι: γράψε ένα φύλλο (10h, KS) ή τον αριθμό του. Ακολουθείς χρώμα με μεγαλύτερο\n"
        "αν μπορείς, αλλιώς κόβεις· όποιος ανοίγει με Α, Ρ ή Ν ατού ανοίγει με το μεγαλύτερο\n"
        "ατού του. Οι περισσότερες μπάζες παίρνουν το ποτ· όποιος έμεινε χωρίς μπάζα είναι\n"
        "μπουρέ και πληρώνει όσο το ποτ στο επόμενο.\n"
        "Δουλεύουν και τα ελληνικά γράμματα: Ρ♥ ή ΡH = K♥, Ν = Q, Β = J, Α = A (και κυριλλικά).\n"
        "hint: τι θα έπαιζε το μποτ · history: οι μοιρασιές ως τώρα · help: αυτό το κείμενο\n"
        "quit: φεύγεις",
        "Круг решений: пас (анте пропадает), играю (своими пятью картами) или\n"
        "draw C C… — сбросить эти карты и получить новые из колоды (пронумерованные\n"
        "варианты сбрасывают слабейшие некозырные карты; можно ввести просто карты).\n"
        "Игра: введите карту (10h, KS) или её номер. Нужно ходить в масть старшей картой,\n"
        "если можно, иначе козырем; первый ход с козырными Т, К или Д — старшим козырем.\n"
        "Больше всех взяток — забирает банк; сыгравший без взяток — бурэ и платит\n"
        "банк в следующий.\n"
        "Можно и русскими буквами: К♥ или КH = K♥, Д = Q, В = J, Т = A (и греческими).\n"
        "hint: что сделал бы бот · history: сыгранные сдачи · help: эта справка\n"
        "quit: выйти из-за стола",
        "Giro delle decisioni: lascio (perdi l'invito), resto (tieni le tue cinque carte), o\n"
        "draw C C… per cambiare quelle carte con altre dal tallone (i suggerimenti numerati\n"
        "cambiano le carte più deboli; basta anche scrivere le carte).\n"
        "Gioco: scrivi una carta (10h, KS) o il suo numero. Devi rispondere al seme con una\n"
        "carta più alta se puoi, altrimenti tagliare; chi apre con A, K o Q di briscola apre\n"
        "con la briscola più alta. Chi fa più prese prende il piatto; chi è rimasto senza\n"
        "prese è bourré e paga il piatto nel prossimo.\n"
        "Funzionano anche le lettere greche e cirilliche: Ρ♥ o ΡH (greco), К♥ o КH (russo) = K♥.\n"
        "hint: cosa farebbe il bot · history: le smazzate finora · help: questo testo\n"
        "quit: lascia il tavolo",
    ),
}
