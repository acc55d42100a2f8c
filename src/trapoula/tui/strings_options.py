"""Rule options, presets, bot names and levels as people read them, in English, Greek, Russian
and Italian (the browser's create form and table; ``GET /api/strings``).

Each option has a group, a short name and a one-line help without spec ids, and ``when``: the
values of other options under which it applies (the form hides it otherwise; the engine still
accepts it).

>>> OPTION_TEXTS["bourloto"]["seven_exchange"]["when"]
{'bidding': ['take_name']}
>>> all(len(t["label"]) == 4 and len(t["help"]) == 4
...     for g in OPTION_TEXTS.values() for t in g.values())
True
"""

from __future__ import annotations

from typing import Any

__all__ = ["BOT_NAMES", "CHOICE_TEXTS", "GROUPS", "LEVEL_NAMES", "OPTION_TEXTS", "PRESET_NAMES",
           "bot_name"]

# one name per seat (P1..P7), per language: a bot at P3 is "Chloe (bot, medium)"
BOT_NAMES: dict[str, tuple[str, ...]] = {
    "en": ("Ares", "Bella", "Chloe", "Dimitri", "Eleni", "Filip", "Gaia"),
    "el": ("Άρης", "Βάσω", "Χλόη", "Δημήτρης", "Ελένη", "Φίλιππος", "Γαία"),
    "ru": ("Арсений", "Белла", "Вика", "Дмитрий", "Елена", "Филипп", "Галя"),
    "it": ("Aldo", "Bice", "Chiara", "Dario", "Elena", "Filippo", "Gaia"),
}

LEVEL_NAMES: dict[str, tuple[str, str, str, str]] = {
    "easy": ("easy", "εύκολο", "лёгкий", "facile"),
    "medium": ("medium", "μέτριο", "средний", "medio"),
    "hard": ("hard", "δύσκολο", "сильный", "difficile"),
    "expert": ("expert", "ειδικός", "эксперт", "esperto"),
    "heuristic": ("heuristic", "ευρετικό", "эвристика", "euristico"),
    "random": ("random", "τυχαίο", "случайный", "casuale"),
    "pimc": ("PIMC search", "αναζήτηση PIMC", "поиск PIMC", "ricerca PIMC"),
    "ismcts": ("ISMCTS search", "αναζήτηση ISMCTS", "поиск ISMCTS", "ricerca ISMCTS"),
    "learned": ("learned network", "εκπαιδευμένο δίκτυο", "нейросеть", "rete addestrata"),
    "rollout": ("rollouts", "προσομοιώσεις", "розыгрыши", "simulazioni"),
    "bot": ("bot", "μποτ", "бот", "bot"),
}

PRESET_NAMES: dict[str, tuple[str, str, str, str]] = {
    "bourloto/ru": ("Russian rules", "Ρωσικοί κανόνες", "Русские правила", "Regole russe"),
    "bourloto/gr": ("Greek rules", "Ελληνικοί κανόνες", "Греческие правила", "Regole greche"),
    "bourloto/pexevida": ("Pexevida (Greek online rules)",
                          "Pexevida (ελληνικοί διαδικτυακοί κανόνες)",
                          "Pexevida (греческие онлайн-правила)", "Pexevida (regole greche online)"),
    "bourre/ru": ("Standard rules", "Βασικοί κανόνες", "Стандартные правила", "Regole standard"),
    "burraco/seed": ("Classic rules", "Κλασικοί κανόνες", "Классические правила",
                     "Regole classiche"),
    "burraco/fibur": ("FIBUR tournament", "Τουρνουά FIBUR", "Турнир FIBUR", "Torneo FIBUR"),
}

GROUPS: dict[str, tuple[str, str, str, str]] = {
    "grp_table": ("Table and match", "Τραπέζι και παρτίδα", "Стол и партия", "Tavolo e partita"),
    "grp_bidding": ("Bidding and trump", "Αγορά και ατού", "Торговля и козырь",
                    "Dichiarazione e briscola"),
    "grp_declarations": ("Declarations", "Δηλώσεις", "Объявления", "Dichiarazioni"),
    "grp_play": ("Play of the cards", "Παιχνίδι", "Розыгрыш", "Gioco delle carte"),
    "grp_scoring": ("Scoring", "Βαθμολογία", "Подсчёт", "Punteggio"),
    "grp_chips": ("Ante, pot and chips", "Αρχικό ποντάρισμα, ποτ και μάρκες", "Анте, банк и фишки",
                  "Invito, piatto e fiches"),
    "grp_closing": ("Closing the hand", "Κλείσιμο", "Закрытие", "Chiusura"),
}


def _o(group: str, label: tuple[str, str, str, str], help_: tuple[str, str, str, str],
       **when: list[Any]) -> dict[str, Any]:
    return {"group": group, "label": list(label), "help": list(help_), "when": when}


OPTION_TEXTS: dict[str, dict[str, dict[str, Any]]] = {
    "bourloto": {
        "target": _o("grp_table", ("Target", "Στόχος", "До скольких", "Punti per vincere"),
                     ("points to win the match", "πόντοι για να κερδίσεις την παρτίδα",
                      "очки для победы в партии", "punti per vincere la partita")),
        "tie_extra_deals": _o("grp_table", ("Tie-break deals", "Μοιρασιές ισοπαλίας",
                                            "Сдачи при ничьей", "Smazzate di spareggio"),
                              ("deals played after equal totals at or above the target",
                               "μοιρασιές μετά από ισοπαλία στον στόχο ή πάνω",
                               "сдачи после равного счёта на цели или выше",
                               "smazzate dopo la parità al traguardo o oltre")),
        "bidding": _o("grp_bidding", ("How trump is chosen", "Πώς ορίζεται το ατού",
                                      "Как выбирают козырь", "Come si sceglie la briscola"),
                      ("unanimous agreement rounds (Russian rules) or take / name (Greek rules)",
                       "γύροι συμφωνίας όλων (ρωσικοί κανόνες) ή παίρνω / λέω (ελληνικοί κανόνες)",
                       "круги согласия всех (русские правила) или беру / назначаю (греческие "
                       "правила)",
                       "giri di accordo unanime (regole russe) o prendo / chiamo (regole greche)")),
        "agreement_rounds": _o("grp_bidding", ("Agreement rounds", "Γύροι συμφωνίας",
                                               "Круги согласия", "Giri di accordo"),
                               ("rounds before the deal is thrown in",
                                "γύροι πριν ακυρωθεί η μοιρασιά",
                                "кругов до пересдачи", "giri prima di annullare la mano"),
                               bidding=["agreement"]),
        "ru_round_stops_on_disagree": _o(
            "grp_bidding", ("A disagree ends the round", "Το «δεν συμφωνώ» κλείνει τον γύρο",
                            "«Не согласен» завершает круг", "Un rifiuto chiude il giro"),
            ("an agreement round stops at the first disagree",
             "ο γύρος σταματά στο πρώτο «δεν συμφωνώ»",
             "круг заканчивается на первом «не согласен»",
             "il giro si ferma al primo rifiuto"), bidding=["agreement"]),
        "initial_deal": _o("grp_bidding", ("First five cards", "Πρώτα πέντε φύλλα",
                                           "Первые пять карт", "Prime cinque carte"),
                           ("dealt one at a time (Russian rules) or 3 then 2 (Greek rules)",
                            "ένα-ένα (ρωσικοί κανόνες) ή 3 και μετά 2 (ελληνικοί κανόνες)",
                            "по одной (русские правила) или 3 и 2 (греческие правила)",
                            "una alla volta (regole russe) o 3 poi 2 (regole greche)")),
        "upcard_recipient": _o("grp_bidding", ("Who gets the upcard", "Ποιος παίρνει το φανερό",
                                               "Кому открытая карта", "Chi prende la scoperta"),
                               ("the dealer or the taker gets the upcard with the last "
                                "two stock cards",
                                "ο ντίλερ ή αυτός που πήρε, μαζί με τα δύο τελευταία φύλλα",
                                "сдающий или взявший, с двумя последними картами",
                                "il mazziere o chi ha preso, con le ultime due carte")),
        "redeal_dealer": _o("grp_bidding", ("Dealer after a throw-in", "Ντίλερ μετά από ακύρωση",
                                            "Сдающий после пересдачи",
                                            "Mazziere dopo l'annullamento"),
                            ("the same dealer or the next one deals again",
                             "μοιράζει ο ίδιος ή ο επόμενος",
                             "сдаёт тот же или следующий", "distribuisce lo stesso o il seguente")),
        "round2_allow_upcard_suit": _o(
            "grp_bidding", ("Round 2: upcard's suit", "2ος γύρος: χρώμα του φανερού",
                            "2-й круг: масть открытой", "2° giro: seme della scoperta"),
            ("the upcard's suit may be named in round 2",
             "στον 2ο γύρο επιτρέπεται το χρώμα του φανερού",
             "во 2-м круге можно назначить масть открытой карты",
             "nel 2° giro si può chiamare il seme della scoperta"), bidding=["take_name"]),
        "seven_exchange": _o("grp_bidding", ("Seven of trumps exchange", "Αλλαγή του εφταριού",
                                             "Обмен козырной семёрки", "Scambio del sette"),
                             ("when the 7 of trumps may be swapped for the upcard",
                              "πότε το εφτάρι ατού αλλάζει με το φανερό",
                              "когда козырную семёрку можно обменять на открытую карту",
                              "quando il 7 di briscola si scambia con la scoperta"),
                             bidding=["take_name"]),
        "aponta_redeal": _o("grp_bidding", ("Redeal without points (άποντα)", "Άποντα",
                                            "Пересдача без очков", "Rifare senza punti"),
                            ("a player whose first five cards hold no points may ask for a "
                             "redeal", "όποιος έχει πέντε φύλλα χωρίς πόντους ζητά νέο μοίρασμα",
                             "игрок без очков в первых пяти картах может требовать пересдачу",
                             "chi ha cinque carte senza punti può chiedere di rifare")),
        "aponta_after_take": _o(
            "grp_bidding", ("Redeal without points after the take", "Άποντα και μετά την αγορά",
                            "Пересдача без очков после взятия", "Rifare senza punti dopo la presa"),
            ("after another player's take, a player who has not spoken and whose five cards "
             "hold no points, trumps counted, may still ask for a redeal with his first card",
             "μετά την αγορά άλλου, όποιος δεν μίλησε και δεν έχει πόντους στα πέντε φύλλα, με "
             "τα ατού, ζητά ακόμη νέο μοίρασμα με το πρώτο του φύλλο",
             "после взятия другим игрок, ещё не говоривший, без очков в пяти картах (с "
             "козырями) может потребовать пересдачу первой картой",
             "dopo la presa di un altro, chi non ha parlato e non ha punti nelle cinque carte, "
             "briscole contate, può ancora chiedere di rifare con la prima carta")),
        "four_values": _o("grp_declarations", ("Four of a kind", "Καρέ", "Каре", "Poker"),
                          ("every four 100 (Russian rules), or J 200, 9 150, A–Q 100, 8 and 7 "
                           "nothing (Greek rules)",
                           "κάθε καρέ 100 (ρωσικοί κανόνες), ή Β 200, 9 150, Α–Ν 100, 8 και "
                           "7 τίποτα (ελληνικοί κανόνες)",
                           "любое каре 100 (русские правила) или В 200, 9 150, Т–Д 100, 8 и "
                           "7 ноль (греческие правила)",
                           "ogni poker 100 (regole russe), o J 200, 9 150, A–Q 100, 8 e 7 "
                           "niente (regole greche)")),
        "run6_value": _o("grp_declarations", ("Run of 6–8", "Σειρά 6–8", "Последовательность 6–8",
                                              "Scala di 6–8"),
                         ("points of a run of six to eight cards",
                          "πόντοι σειράς έξι έως οχτώ φύλλων",
                          "очки за последовательность из 6–8 карт",
                          "punti di una scala da sei a otto carte")),
        "long_runs": _o("grp_declarations", ("Runs of 6–8 count", "Σειρές 6–8 μετράνε",
                                             "Последовательности 6–8", "Scale di 6–8"),
                        ("a run of six to eight cards scores and beats a five, or is no "
                         "declaration at all",
                         "σειρά έξι έως οχτώ φύλλων μετρά και κερδίζει την πέμπτη, ή δεν "
                         "είναι δήλωση",
                         "последовательность из 6–8 карт считается и бьёт пять, или не "
                         "объявляется вовсе",
                         "una scala da sei a otto carte conta e batte la quinta, o non è "
                         "una dichiarazione")),
        "split_runs": _o("grp_declarations", ("Split long runs", "Σπάσιμο σειρών",
                                              "Делить длинные", "Dividere le scale"),
                         ("a long run may be declared as shorter ones",
                          "μια μεγάλη σειρά δηλώνεται ως μικρότερες",
                          "длинную последовательность можно объявить как короткие",
                          "una scala lunga si può dichiarare come più corte")),
        "declaration_timing": _o("grp_declarations", ("When to declare", "Πότε δηλώνεις",
                                                      "Когда объявлять", "Quando dichiarare"),
                                 ("before the first lead, with the card of trick 1, or "
                                  "shown during play and approved or cut by the opponents",
                                  "πριν την πρώτη μπάζα, με το φύλλο της 1ης μπάζας, ή "
                                  "επίδειξη στο παιχνίδι με έγκριση ή κόψιμο των αντιπάλων",
                                  "до первого хода, с картой первой взятки или показом в игре, "
                                  "который соперники принимают или режут",
                                  "prima dell'attacco, con la carta della 1ª presa, o mostrate "
                                  "in gioco e approvate o tagliate dagli avversari")),
        "declaration_tricks": _o("grp_declarations",
                                 ("Tricks to show in", "Μπάζες για επίδειξη",
                                  "Взяток для показа", "Prese per mostrare"),
                                 ("the tricks during which a declaration may be shown",
                                  "οι μπάζες στις οποίες επιδεικνύεται αέρας",
                                  "взятки, в которые можно показать комбинацию",
                                  "le prese in cui si può mostrare una dichiarazione"),
                                 declaration_timing=["in_play"]),
        "follow_declaration": _o("grp_declarations",
                                 ("Play from the shown cards", "Φύλλο από τον αέρα",
                                  "Ход из показанных карт", "Giocare dalle carte mostrate"),
                                 ("after showing, the next card is one of the shown cards",
                                  "μετά την επίδειξη, το επόμενο φύλλο είναι από τον αέρα",
                                  "после показа следующая карта — из показанных",
                                  "dopo aver mostrato, la carta seguente è una di quelle"),
                                 declaration_timing=["in_play"]),
        "bourlot_announce": _o("grp_declarations",
                               ("Bourlot (K+Q of trumps)", "Μπουρλότ (Ρ+Ν ατού)",
                                "Бурлото (К+Д козырей)", "Bourlot (K+Q di briscola)"),
                               ("shown with the declarations (Russian rules) or said with the "
                                "card (Greek rules)",
                                "με τις δηλώσεις (ρωσικοί κανόνες) ή λέγεται με το φύλλο "
                                "(ελληνικοί κανόνες)",
                                "вместе с объявлениями (русские правила) или при ходе картой "
                                "(греческие правила)",
                                "con le dichiarazioni (regole russe) o detto con la carta "
                                "(regole greche)")),
        "compare_declarations": _o("grp_declarations", ("Compare declarations", "Σύγκριση δηλώσεων",
                                                        "Сравнение объявлений",
                                                        "Confronto delle dichiarazioni"),
                                   ("only the team with the best declaration scores its "
                                    "declarations; the other team's are cancelled",
                                    "γράφει μόνο η ομάδα με την καλύτερη δήλωση· της άλλης "
                                    "ακυρώνονται",
                                    "засчитываются объявления только команды с лучшим; у другой "
                                    "отменяются",
                                    "conta solo la squadra con la dichiarazione migliore; "
                                    "quelle dell'altra sono annullate")),
        "equal_seq_winner": _o("grp_declarations", ("Equal best runs", "Ίσες καλύτερες σειρές",
                                                    "Равные лучшие", "Scale migliori pari"),
                               ("nobody scores, or the first declarer does",
                                "κανείς δεν γράφει, ή αυτός που δήλωσε πρώτος",
                                "никто не получает или первый объявивший",
                                "nessuno segna, o chi ha dichiarato per primo"),
                               compare_declarations=[True]),
        "sevens_cancel_jacks": _o("grp_declarations", ("Four 7s cancel four jacks",
                                                       "Τέσσερα 7 ακυρώνουν τέσσερις βαλέδες",
                                                       "Четыре 7 отменяют четыре валета",
                                                       "Quattro 7 annullano quattro fanti"),
                                  ("four sevens cancel the opponents' four jacks",
                                   "τα τέσσερα εφτάρια ακυρώνουν το καρέ βαλέδων των αντιπάλων",
                                   "четыре семёрки отменяют каре валетов соперников",
                                   "quattro sette annullano il poker di fanti avversario")),
        "overtrump_required": _o("grp_play", ("Must overtrump", "Υποχρεωτικό ανέβασμα ατού",
                                              "Обязательно перебивать", "Obbligo di surtaglio"),
                                 ("beat the highest trump on the table when able",
                                  "ανεβαίνεις πάνω από το μεγαλύτερο ατού όταν μπορείς",
                                  "перебивать старший козырь на столе, если можно",
                                  "superare la briscola più alta quando si può")),
        "partner_exception": _o("grp_play", ("Partner winning: free", "Κερδίζει ο συμπαίκτης",
                                             "Партнёр берёт", "Vince il compagno"),
                                ("no duty to trump or overtrump while the partner is winning",
                                 "δεν κόβεις ούτε ανεβαίνεις όταν κερδίζει ο συμπαίκτης",
                                 "можно не козырять, когда взятку берёт партнёр",
                                 "nessun obbligo di tagliare se vince il compagno")),
        "contract": _o("grp_scoring", ("Contract", "Συμβόλαιο", "Контракт", "Contratto"),
                       ("the buying team must score more than the defenders, else it is "
                        "inside and they score everything",
                        "η ομάδα που αγόρασε πρέπει να γράψει περισσότερα, αλλιώς μπαίνει μέσα "
                        "και τα παίρνουν όλα οι αντίπαλοι",
                        "купившая команда должна набрать больше, иначе все очки получают "
                        "соперники",
                        "chi ha comprato deve fare più punti, altrimenti è dentro e gli "
                        "avversari prendono tutto")),
        "capot_mode": _o("grp_scoring", ("Capot", "Καπό", "Капот", "Cappotto"),
                         ("all eight tricks: +90, or 250 instead of the trick points",
                          "και οι οχτώ μπάζες: +90, ή 250 αντί για τους πόντους",
                          "все восемь взяток: +90 или 250 вместо очков",
                          "tutte le otto prese: +90, o 250 al posto dei punti")),
        "meza_compare": _o("grp_scoring", ("Equal points (meza)", "Ισοπαλία (μέζα)",
                                           "Равенство (меза)", "Parità (meza)"),
                           ("equality judged on deal totals or on trick points",
                            "ισοπαλία στα σύνολα ή στους πόντους των μπαζών",
                            "равенство по итогам сдачи или по очкам взяток",
                            "parità sui totali o sui punti delle prese"), contract=[False]),
    },
    "bourre": {
        "players": _o("grp_table", ("Players", "Παίκτες", "Игроков", "Giocatori"),
                      ("number of players at the table (2–7)", "πόσοι παίζουν (2–7)",
                       "игроков за столом (2–7)", "giocatori al tavolo (2–7)")),
        "starting_stack": _o("grp_table", ("Starting chips", "Αρχικές μάρκες", "Фишек в начале",
                                           "Fiches iniziali"),
                             ("chips each player starts with", "μάρκες κάθε παίκτη στην αρχή",
                              "фишек у каждого в начале", "fiches di ogni giocatore all'inizio")),
        "max_deals": _o("grp_table", ("Deals", "Μοιρασιές", "Сдач", "Smazzate"),
                        ("stop after this many deals (0 = no limit)",
                         "τέλος μετά από τόσες μοιρασιές (0 = χωρίς όριο)",
                         "закончить после стольких сдач (0 = без предела)",
                         "fine dopo tante smazzate (0 = senza limite)")),
        "ante": _o("grp_chips", ("Ante", "Αρχικό ποντάρισμα", "Анте", "Invito"),
                   ("chips each player pays into the pot before a deal",
                    "μάρκες που βάζει ο καθένας στο ποτ πριν τη μοιρασιά",
                    "фишек каждый ставит в банк перед сдачей",
                    "fiches che ciascuno mette nel piatto prima della smazzata")),
        "max_ante": _o("grp_chips", ("Largest ante", "Μέγιστο ποντάρισμα", "Наибольшее анте",
                                     "Invito massimo"),
                       ("the largest ante allowed (0 = no limit)",
                        "το μεγαλύτερο ποντάρισμα (0 = χωρίς όριο)",
                        "наибольшее анте (0 = без предела)",
                        "l'invito più alto (0 = senza limite)")),
        "ante_levels": _o("grp_chips", ("Rising antes", "Ποντάρισμα που ανεβαίνει",
                                        "Растущее анте", "Inviti crescenti"),
                          ("the ante of each level, comma-separated (empty = the same "
                           "ante every deal)",
                           "το ποντάρισμα κάθε επιπέδου, με κόμματα (κενό = ίδιο σε κάθε "
                           "μοιρασιά)",
                           "анте каждого уровня через запятую (пусто = одно и то же в "
                           "каждой сдаче)",
                           "l'invito di ogni livello, separati da virgole (vuoto = lo stesso "
                           "a ogni smazzata)")),
        "deals_per_level": _o("grp_chips", ("Deals a level", "Μοιρασιές ανά επίπεδο",
                                            "Сдач на уровень", "Smazzate per livello"),
                              ("deals played at each level of the rising antes",
                               "μοιρασιές σε κάθε επίπεδο του πονταρίσματος",
                               "сдач на каждом уровне растущего анте",
                               "smazzate a ogni livello degli inviti crescenti")),
        "ante_exemptions": _o("grp_chips", ("Who skips the ante", "Ποιος δεν βάζει ποντάρισμα",
                                            "Кто не платит анте", "Chi salta l'invito"),
                              ("everyone antes, or bourré players and those tied for most "
                               "tricks do not (as on pagat.com)",
                               "όλοι, ή όχι οι μπουρέ και όσοι ισοφάρισαν στις μπάζες "
                               "(όπως στο pagat.com)",
                               "все, или не платят бурэ и сыгравшие вничью по взяткам "
                               "(как на pagat.com)",
                               "tutti, o non i bourré e chi ha pareggiato le prese "
                               "(come su pagat.com)")),
        "draw_fee": _o("grp_chips", ("Draw fee", "Κόστος αλλαγής", "Плата за прикуп",
                                     "Costo del cambio"),
                       ("chips paid to draw (empty = the deal's ante)",
                        "μάρκες για αλλαγή (κενό = όσο το ποντάρισμα)",
                        "фишек за прикуп (пусто = как анте)",
                        "fiches per cambiare (vuoto = come l'invito)")),
        "draw_fee_mode": _o("grp_chips", ("When the fee is paid", "Πότε πληρώνεται",
                                          "Когда платить", "Quando si paga"),
                            ("when drawing, always, per card, or never",
                             "όταν αλλάζεις, πάντα, ανά φύλλο, ή ποτέ",
                             "при прикупе, всегда, за карту или никогда",
                             "se si cambia, sempre, a carta, o mai")),
        "bourre_cap": _o("grp_chips", ("Bourré cap", "Όριο μπουρέ", "Предел бурэ",
                                       "Tetto del bourré"),
                         ("most a bourré player pays (0 = the whole pot)",
                          "το πολύ που πληρώνει ο μπουρέ (0 = όλο το ποτ)",
                          "максимум, который платит бурэ (0 = весь банк)",
                          "il massimo che paga chi è bourré (0 = tutto il piatto)")),
        "trump_card": _o("grp_play", ("Trump card", "Φύλλο ατού", "Козырная карта",
                                      "Carta di briscola"),
                         ("turned from the top of the stock, or the dealer's fifth card",
                          "από την κορυφή της τράπουλας, ή το πέμπτο φύλλο του ντίλερ",
                          "с верха колоды или пятая карта сдающего",
                          "girata dal tallone, o la quinta carta del mazziere")),
        "max_draw": _o("grp_play", ("Most cards to exchange", "Μέγιστη αλλαγή",
                                    "Сколько менять", "Carte da cambiare"),
                       ("most cards a player may exchange (by default 4 with up to five "
                        "players, else 3)",
                        "το πολύ φύλλα για αλλαγή (από προεπιλογή 4 έως πέντε παίκτες, αλλιώς 3)",
                        "сколько карт можно сменить (по умолчанию 4 до пяти игроков, иначе 3)",
                        "quante carte cambiare (di norma 4 fino a cinque giocatori, "
                        "altrimenti 3)")),
        "forced_lead": _o("grp_play", ("Forced trump lead", "Υποχρεωτικό άνοιγμα ατού",
                                       "Обязательный ход козырем", "Attacco obbligato"),
                          ("a leader holding the A, K or Q of trumps leads his highest trump",
                           "όποιος ανοίγει με Α, Ρ ή Ν ατού ανοίγει με το μεγαλύτερο ατού",
                           "с козырными Т, К или Д ходят старшим козырем",
                           "chi ha A, K o Q di briscola apre con la briscola più alta")),
        "tie_rule": _o("grp_scoring", ("Tie for most tricks", "Ισοπαλία στις μπάζες",
                                       "Ничья по взяткам", "Parità nelle prese"),
                       ("the tied players split the pot, or it carries, or all who stayed split",
                        "μοιράζονται οι ισόπαλοι, ή μένει, ή μοιράζονται όσοι έμειναν",
                        "делят сыгравшие вничью, или банк остаётся, или делят все игравшие",
                        "dividono i pari, o resta, o dividono tutti i rimasti")),
    },
    "burraco": {
        "players": _o("grp_table", ("Players", "Παίκτες", "Игроков", "Giocatori"),
                      ("4 in two partnerships; 2 or 3 each playing alone",
                       "4 σε δύο ζευγάρια· 2 ή 3 ο καθένας μόνος του",
                       "4 в двух парах; 2 или 3 каждый за себя",
                       "4 in due coppie; 2 o 3 ognuno da solo")),
        "target": _o("grp_table", ("Target", "Στόχος", "До скольких", "Punti per vincere"),
                     ("points to win the match", "πόντοι για την παρτίδα",
                      "очки для победы", "punti per vincere la partita")),
        "tie_extra_deals": _o("grp_table", ("Tie-break hands", "Γύροι ισοπαλίας",
                                            "Раздачи при ничьей", "Mani di spareggio"),
                              ("hands played after equal totals at or above the target",
                               "γύροι μετά από ισοπαλία στον στόχο",
                               "раздачи после равного счёта на цели",
                               "mani dopo la parità al traguardo")),
        "dealer_tiebreak": _o("grp_table", ("Dealer draw ties", "Ισοπαλία στο τράβηγμα",
                                            "Ничья при выборе сдающего", "Parità nel sorteggio"),
                              ("tied players draw again, or suits decide (♠ > ♥ > ♦ > ♣)",
                               "ξανατραβούν, ή αποφασίζει το χρώμα (♠ > ♥ > ♦ > ♣)",
                               "тянут снова или решает масть (♠ > ♥ > ♦ > ♣)",
                               "si ripesca, o decide il seme (♠ > ♥ > ♦ > ♣)")),
        "meld_ownership": _o("grp_play", ("Adding to melds", "Προσθήκες", "Добавление",
                                          "Aggiungere ai giochi"),
                             ("a player adds to his team's melds, or only to his own",
                              "προσθέτεις στους συνδυασμούς της ομάδας, ή μόνο στους δικούς σου",
                              "добавлять к комбинациям команды или только к своим",
                              "si aggiunge ai giochi della squadra, o solo ai propri")),
        "stalemate_turns": _o("grp_play", ("Stalemate turns", "Σειρές αδιεξόδου", "Ходы без игры",
                                           "Turni di stallo"),
                              ("turns in a row taking a one-card pile without melding that "
                               "end the hand",
                               "συνεχόμενες σειρές με ένα πεταμένο χωρίς κατέβασμα που "
                               "τελειώνουν τον γύρο",
                               "ходов подряд со взятием одной карты без выкладки до конца "
                               "раздачи",
                               "turni di fila a prendere una sola carta senza calare che "
                               "chiudono la mano")),
        "stock_end": _o("grp_closing", ("End of the stock", "Τέλος τράπουλας", "Конец колоды",
                                        "Fine del tallone"),
                        ("the hand ends with two stock cards left, or untaken pozzetti refill it",
                         "ο γύρος τελειώνει με δύο φύλλα, ή τα ποτσέτι τη γεμίζουν",
                         "раздача кончается при двух картах или поццетти пополняют колоду",
                         "la mano finisce a due carte, o i pozzetti rimasti lo riforniscono")),
        "closing_requires": _o("grp_closing", ("Closing needs", "Για κλείσιμο", "Для закрытия",
                                               "Per chiudere"),
                               ("any burraco, or a clean one", "οποιοδήποτε μπουράκο, ή καθαρό",
                                "любое буррако или чистое", "un burraco qualsiasi, o pulito")),
        "closing_discard_wild_forbidden": _o(
            "grp_closing", ("No wild as last discard", "Όχι μπαλαντέρ στο τέλος",
                            "Без джокера в конце", "Niente matta per chiudere"),
            ("the closing discard may not be a wild card",
             "το τελευταίο πέταμα δεν είναι μπαλαντέρ",
             "последний сброс не может быть джокером",
             "l'ultimo scarto non può essere una matta")),
        "semi_clean_bonus": _o("grp_scoring", ("Semi-clean burraco", "Ημικαθαρό μπουράκο",
                                               "Получистое буррако", "Burraco semipulito"),
                               ("its bonus (0 = it counts as dirty)",
                                "το μπόνους του (0 = μετράει ως βρόμικο)",
                                "его бонус (0 = считается грязным)",
                                "il suo premio (0 = conta come sporco)")),
        "deduct_hands": _o("grp_scoring", ("Cards left in hand", "Φύλλα στο χέρι",
                                           "Карты на руках", "Carte rimaste in mano"),
                           ("count against every team, or not against the closing team",
                            "αφαιρούνται από όλους, ή όχι από την ομάδα που κλείνει",
                            "вычитаются у всех или не у закрывшей команды",
                            "si tolgono a tutti, o non alla squadra che chiude")),
    },
}


# the values of choice options (and yes / no), as the create form shows them
CHOICE_TEXTS: dict[str, tuple[str, str, str, str]] = {
    "true": ("yes", "ναι", "да", "sì"),
    "false": ("no", "όχι", "нет", "no"),
    "agreement": ("agreement rounds", "γύροι συμφωνίας", "круги согласия", "giri di accordo"),
    "take_name": ("take / name", "παίρνω / λέω", "беру / назначаю", "prendo / chiamo"),
    "one_at_a_time": ("one at a time", "ένα-ένα", "по одной", "una alla volta"),
    "3+2": ("3 then 2", "3 και 2", "3 и 2", "3 poi 2"),
    "dealer": ("the dealer", "ο ντίλερ", "сдающий", "il mazziere"),
    "taker": ("the taker", "αυτός που πήρε", "взявший", "chi ha preso"),
    "same": ("the same", "ο ίδιος", "тот же", "lo stesso"),
    "next": ("the next", "ο επόμενος", "следующий", "il seguente"),
    "none": ("none", "κανένα", "нет", "nessuno"),
    "score": ("score and rank", "μετράνε", "считаются", "contano"),
    "trump_is_upcard_suit": ("trump is the upcard's suit", "ατού το χρώμα του φανερού",
                             "козырь — масть открытой", "briscola del seme scoperto"),
    "any": ("always", "πάντα", "всегда", "sempre"),
    "flat_100": ("all 100", "όλα 100", "все по 100", "tutti 100"),
    "gr": ("Greek values", "ελληνικές αξίες", "греческие значения", "valori greci"),
    "before_play": ("before play", "πριν το παιχνίδι", "до игры", "prima del gioco"),
    "first_trick": ("with trick 1", "με την 1η μπάζα", "с первой взяткой", "con la 1ª presa"),
    "in_play": ("shown in play, approved or cut", "επίδειξη με έγκριση ή κόψιμο",
                "показ в игре, принять или резать", "mostrate in gioco, approvate o tagliate"),
    "with_declarations": ("with the declarations", "με τις δηλώσεις", "с объявлениями",
                          "con le dichiarazioni"),
    "when_played": ("when played", "όταν παίζεται", "при ходе", "quando si gioca"),
    "first_declarer": ("the first declarer", "ο πρώτος που δήλωσε", "первый объявивший",
                       "il primo dichiarante"),
    "bonus_90": ("+90", "+90", "+90", "+90"),
    "replace_250": ("250", "250", "250", "250"),
    "deal_total": ("deal totals", "σύνολα μοιρασιάς", "итоги сдачи", "totali della mano"),
    "trick_points": ("trick points", "πόντοι μπαζών", "очки взяток", "punti delle prese"),
    "pagat": ("as on pagat.com", "όπως στο pagat.com", "как на pagat.com",
              "come su pagat.com"),
    "stock_top": ("top of the stock", "κορυφή της τράπουλας", "верх колоды", "cima del tallone"),
    "dealer_fifth": ("dealer's fifth card", "5ο φύλλο του ντίλερ", "пятая карта сдающего",
                     "quinta carta del mazziere"),
    "auto": ("automatic", "αυτόματο", "авто", "automatico"),
    "if_drawing": ("when drawing", "όταν αλλάζεις", "при прикупе", "se si cambia"),
    "always": ("always", "πάντα", "всегда", "sempre"),
    "per_card": ("per card", "ανά φύλλο", "за карту", "a carta"),
    "any_of_AKQ": ("any of A, K, Q", "οποιοδήποτε από Α, Ρ, Ν", "любой из Т, К, Д",
                   "uno tra A, K, Q"),
    "cinch_AKQ": ("A, K, Q cinch", "Α, Ρ, Ν σίγουρα", "Т, К, Д наверняка", "A, K, Q sicuri"),
    "split_tied": ("the tied split", "μοιράζονται οι ισόπαλοι", "делят сыгравшие вничью",
                   "dividono i pari"),
    "carry": ("it carries", "μένει", "остаётся", "resta"),
    "split_all_active": ("all who stayed split", "μοιράζονται όσοι έμειναν",
                         "делят все игравшие", "dividono tutti i rimasti"),
    "any_burraco": ("any burraco", "οποιοδήποτε μπουράκο", "любое буррако",
                    "un burraco qualsiasi"),
    "clean_burraco": ("a clean burraco", "καθαρό μπουράκο", "чистое буррако",
                      "un burraco pulito"),
    "two_cards_left": ("two cards left", "δύο φύλλα", "две карты", "due carte"),
    "untaken_pozzetto_refills": ("pozzetti refill it", "γεμίζουν τα ποτσέτι",
                                 "пополняют поццетти", "i pozzetti riforniscono"),
    "team": ("the team's", "της ομάδας", "команды", "della squadra"),
    "player": ("his own", "τα δικά του", "только свои", "solo i propri"),
    "all_players": ("against everyone", "σε όλους", "у всех", "a tutti"),
    "except_closing_team": ("not the closing team", "όχι σε αυτούς που κλείνουν",
                            "не у закрывших", "non a chi chiude"),
    "redraw": ("draw again", "ξανά τράβηγμα", "тянуть снова", "si ripesca"),
    "suit": ("by suit", "κατά χρώμα", "по масти", "per seme"),
}


def bot_name(seat: str, lang: str = "en") -> str:
    """The name of a bot sitting at ``seat`` (one per seat).

    >>> bot_name("P2"), bot_name("P3", "el")
    ('Bella', 'Χλόη')
    """
    names = BOT_NAMES.get(lang, BOT_NAMES["en"])
    return names[(int(seat[1:]) - 1) % len(names)]
