/* trapoula: the page's words and card names in English, Greek, Russian and Italian.
   Card names follow src/trapoula/cards/names.py; table words reuse the terminal's wording
   (src/trapoula/tui/strings*.py). A missing translation falls back to English. */
"use strict";
(function () {
  const LANGS = ["en", "el", "ru", "it"];
  const LANG_NAMES = { en: "English", el: "Ελληνικά", ru: "Русский", it: "Italiano" };

  // card names (names.py)
  const SUITS = {
    en: ["spades", "hearts", "diamonds", "clubs"],
    el: ["μπαστούνι", "κούπα", "καρό", "σπαθί"],
    ru: ["пик", "червей", "бубен", "треф"],
    it: ["picche", "cuori", "quadri", "fiori"],
  };
  const SUITS_NOM = {
    en: ["spades", "hearts", "diamonds", "clubs"],
    el: ["μπαστούνι", "κούπα", "καρό", "σπαθί"],
    ru: ["пики", "червы", "бубны", "трефы"],
    it: ["picche", "cuori", "quadri", "fiori"],
  };
  const RANKS = {
    en: ["two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack", "queen",
      "king", "ace"],
    el: ["δυάρι", "τριάρι", "τεσσάρι", "πεντάρι", "εξάρι", "εφτάρι", "οχτάρι", "εννιάρι", "δεκάρι",
      "βαλές", "ντάμα", "ρήγας", "άσος"],
    ru: ["двойка", "тройка", "четвёрка", "пятёрка", "шестёрка", "семёрка", "восьмёрка", "девятка",
      "десятка", "валет", "дама", "король", "туз"],
    it: ["due", "tre", "quattro", "cinque", "sei", "sette", "otto", "nove", "dieci", "fante",
      "donna", "re", "asso"],
  };
  const RANK_SHORT = {
    en: { 11: "J", 12: "Q", 13: "K", 14: "A" },
    el: { 11: "Β", 12: "Ν", 13: "Ρ", 14: "Α" },
    ru: { 11: "В", 12: "Д", 13: "К", 14: "Т" },
    it: { 11: "J", 12: "Q", 13: "K", 14: "A" },
  };
  const JOKER = { en: "joker", el: "τζόκερ", ru: "джокер", it: "jolly" };
  const JOKER_SHORT = { en: "JK", el: "JK", ru: "JK", it: "JK" };
  const OF = { en: "{r} of {s}", el: "{r} {s}", ru: "{r} {s}", it: "{r} di {s}" };
  const SUIT_GLYPH = ["♠", "♥", "♦", "♣"];

  // key -> [en, el, ru, it]
  const S = {
    title: ["Trapoula", "Τράπουλα", "Трапула", "Trapoula"],
    language: ["Language", "Γλώσσα", "Язык", "Lingua"],
    lobby: ["Lobby", "Αίθουσα", "Лобби", "Sala"],
    // the account (account.js)
    acc_account: ["Account", "Λογαριασμός", "Учётная запись", "Account"],
    acc_sign_in: ["Sign in", "Σύνδεση", "Войти", "Accedi"],
    acc_register: ["Register", "Εγγραφή", "Регистрация", "Registrati"],
    acc_signed_in_as: ["Signed in as {name}", "Συνδεδεμένος ως {name}", "Вы вошли как {name}",
      "Hai effettuato l'accesso come {name}"],
    acc_name_is_account: ["The name of your account", "Το όνομα του λογαριασμού σου",
      "Имя вашей учётной записи", "Il nome del tuo account"],
    acc_close: ["Close", "Κλείσιμο", "Закрыть", "Chiudi"],
    acc_name: ["Name", "Όνομα", "Имя", "Nome"],
    acc_password: ["Password", "Κωδικός πρόσβασης", "Пароль", "Password"],
    acc_rules: ["A name has 2–24 letters, digits, spaces or _ - . ' ; a password at least 8 characters.",
      "Το όνομα έχει 2–24 γράμματα, ψηφία, κενά ή _ - . ' · ο κωδικός τουλάχιστον 8 χαρακτήρες.",
      "Имя: 2–24 буквы, цифры, пробелы или _ - . ' ; пароль — не меньше 8 символов.",
      "Un nome ha 2–24 lettere, cifre, spazi o _ - . ' ; una password almeno 8 caratteri."],
    acc_languages: ["Languages you speak", "Γλώσσες που μιλάς", "Языки, на которых вы говорите",
      "Lingue che parli"],
    acc_welcome: ["Welcome, {name}! Your account is ready.", "Καλώς ήρθες, {name}! Ο λογαριασμός σου είναι έτοιμος.",
      "Добро пожаловать, {name}! Учётная запись создана.", "Benvenuto, {name}! Il tuo account è pronto."],
    acc_hello: ["Hello, {name}.", "Γεια σου, {name}.", "Здравствуйте, {name}.", "Ciao, {name}."],
    acc_guest_ok: ["You can also play as a guest, without an account.",
      "Μπορείς να παίξεις και ως επισκέπτης, χωρίς λογαριασμό.",
      "Можно играть и гостем, без учётной записи.", "Puoi anche giocare come ospite, senza account."],
    acc_save: ["Save", "Αποθήκευση", "Сохранить", "Salva"],
    acc_saved: ["Saved.", "Αποθηκεύτηκε.", "Сохранено.", "Salvato."],
    acc_sign_out: ["Sign out", "Αποσύνδεση", "Выйти", "Esci"],
    acc_sign_out_all: ["Sign out everywhere", "Αποσύνδεση παντού", "Выйти на всех устройствах",
      "Esci ovunque"],
    acc_signed_out: ["Signed out.", "Αποσυνδέθηκες.", "Вы вышли.", "Sei uscito."],
    acc_change: ["Change the password", "Αλλαγή κωδικού", "Сменить пароль", "Cambia la password"],
    acc_old_password: ["Current password", "Τωρινός κωδικός", "Текущий пароль", "Password attuale"],
    acc_new_password: ["New password", "Νέος κωδικός", "Новый пароль", "Nuova password"],
    acc_changed: ["Password changed; your other devices are signed out.",
      "Ο κωδικός άλλαξε· οι άλλες συσκευές σου αποσυνδέθηκαν.",
      "Пароль изменён; на других устройствах выполнен выход.",
      "Password cambiata; gli altri dispositivi sono disconnessi."],
    acc_delete: ["Delete the account", "Διαγραφή λογαριασμού", "Удалить учётную запись",
      "Elimina l'account"],
    acc_delete_help: ["Your past games stay, under an anonymous name; your name becomes free.",
      "Τα παλιά σου παιχνίδια μένουν, με ανώνυμο όνομα· το όνομά σου ελευθερώνεται.",
      "Ваши прошлые партии останутся под анонимным именем; ваше имя освободится.",
      "Le tue partite restano, con un nome anonimo; il tuo nome torna libero."],
    acc_delete_sure: ["Delete your account for good? This cannot be undone.",
      "Να διαγραφεί οριστικά ο λογαριασμός σου; Δεν αναιρείται.",
      "Удалить учётную запись навсегда? Это нельзя отменить.",
      "Eliminare l'account per sempre? Non si può annullare."],
    acc_deleted: ["Account deleted; your games are now under {name}.",
      "Ο λογαριασμός διαγράφηκε· τα παιχνίδια σου είναι τώρα του {name}.",
      "Учётная запись удалена; ваши партии теперь под именем {name}.",
      "Account eliminato; le tue partite ora sono di {name}."],
    your_name: ["Your name", "Το όνομά σου", "Ваше имя", "Il tuo nome"],
    name_needed: ["Pick a name first (1–24 characters).", "Διάλεξε πρώτα όνομα (1–24 χαρακτήρες).",
      "Сначала выберите имя (1–24 символа).", "Prima scegli un nome (1–24 caratteri)."],
    tables: ["Tables", "Τραπέζια", "Столы", "Tavoli"],
    no_tables: ["No open tables yet: create one.", "Δεν υπάρχουν ανοιχτά τραπέζια: φτιάξε ένα.",
      "Открытых столов пока нет: создайте свой.", "Nessun tavolo aperto: creane uno."],
    join: ["Join", "Κάτσε", "Сесть", "Siediti"],
    watch: ["Watch", "Παρακολούθηση", "Смотреть", "Guarda"],
    join_code: ["Join by code", "Μπες με κωδικό", "Войти по коду", "Entra con il codice"],
    code: ["Code", "Κωδικός", "Код", "Codice"],
    go: ["Go", "Πάμε", "Вперёд", "Vai"],
    refresh: ["Refresh", "Ανανέωση", "Обновить", "Aggiorna"],
    create_table: ["Create a table", "Νέο τραπέζι", "Создать стол", "Crea un tavolo"],
    game: ["Game", "Παιχνίδι", "Игра", "Gioco"],
    preset: ["Rules", "Κανόνες", "Правила", "Regole"],
    options: ["Rule options", "Επιλογές κανόνων", "Настройки правил", "Opzioni delle regole"],
    seats: ["Seats", "Θέσεις", "Места", "Posti"],
    seat: ["Seat", "Θέση", "Место", "Posto"],
    my_seat: ["my seat", "η θέση μου", "моё место", "il mio posto"],
    open_seat: ["open seat (a person)", "ανοιχτή θέση (άνθρωπος)", "свободное место (человек)",
      "posto libero (una persona)"],
    bot: ["bot", "μποτ", "бот", "bot"],
    level: ["level", "επίπεδο", "уровень", "livello"],
    create: ["Create and sit down", "Δημιουργία", "Создать и сесть", "Crea e siediti"],
    default_value: ["default", "προεπιλογή", "по умолчанию", "predefinito"],
    none_value: ["none", "κανένα", "нет", "nessuno"],
    free: ["free", "ελεύθερη", "свободно", "libero"],
    seeded: ["seeded", "με επιλεγμένο σπόρο", "с выбранным зерном", "con seme scelto"],
    seeded_help: ["Its creator chose the seed: nobody else may sit at it.",
      "Ο δημιουργός διάλεξε τον σπόρο: κανείς άλλος δεν κάθεται σε αυτό.",
      "Зерно выбрал создатель: больше никто не может сесть за этот стол.",
      "Il creatore ha scelto il seme: nessun altro può sedersi."],
    status_open: ["open", "ανοιχτό", "набор", "aperto"],
    status_playing: ["playing", "παίζεται", "идёт игра", "in corso"],
    status_finished: ["finished", "τελείωσε", "окончена", "finita"],
    share: ["Invite: send this link or the code", "Πρόσκληση: στείλε τον σύνδεσμο ή τον κωδικό",
      "Пригласить: отправьте ссылку или код", "Invita: manda il link o il codice"],
    my_link: ["Your seat's private link (to come back from another device)",
      "Ο προσωπικός σύνδεσμος της θέσης σου (για άλλη συσκευή)",
      "Личная ссылка на ваше место (вернуться с другого устройства)",
      "Link privato del tuo posto (per tornare da un altro dispositivo)"],
    copy: ["Copy", "Αντιγραφή", "Копировать", "Copia"],
    copied: ["Copied", "Αντιγράφηκε", "Скопировано", "Copiato"],
    back_lobby: ["← Lobby", "← Αίθουσα", "← Лобби", "← Sala"],
    // connection
    conn_connecting: ["connecting…", "σύνδεση…", "подключение…", "connessione…"],
    conn_open: ["connected", "συνδεδεμένος", "на связи", "connesso"],
    conn_retry: ["reconnecting…", "επανασύνδεση…", "переподключение…", "riconnessione…"],
    conn_lost: ["offline", "εκτός σύνδεσης", "нет связи", "non connesso"],
    // the table
    spectator: ["You are watching", "Παρακολουθείς", "Вы зритель", "Stai guardando"],
    you: ["you", "εσύ", "вы", "tu"],
    partner: ["partner", "συμπαίκτης", "партнёр", "compagno"],
    your_turn: ["Your turn", "Σειρά σου", "Ваш ход", "Tocca a te"],
    to_act: ["{seat} to act", "παίζει: {seat}", "ходит {seat}", "tocca a {seat}"],
    your_hand: ["Your hand", "Τα φύλλα σου", "Ваши карты", "La tua mano"],
    deal: ["Deal {n}", "Μοιρασιά {n}", "Сдача {n}", "Smazzata {n}"],
    bu_hand: ["Hand {n}", "Γύρος {n}", "Раздача {n}", "Mano {n}"],
    dealer: ["dealer", "μοιράζει", "сдаёт", "mazziere"],
    match_to: ["match to {target}", "παρτίδα στους {target}", "партия до {target}",
      "partita a {target}"],
    score: ["Score", "Σκορ", "Счёт", "Punteggio"],
    sheet: ["Score sheet", "Φύλλο σκορ", "Запись", "Segnapunti"],
    moves: ["Moves", "Κινήσεις", "Ходы", "Mosse"],
    chat: ["Chat", "Συζήτηση", "Чат", "Chat"],
    send: ["Send", "Στείλε", "Отправить", "Invia"],
    chat_placeholder: ["Say something…", "Γράψε κάτι…", "Напишите…", "Scrivi qualcosa…"],
    trump: ["Trump", "Ατού", "Козырь", "Briscola"],
    not_chosen: ["not chosen yet", "δεν ορίστηκε ακόμα", "ещё не выбран", "non ancora scelta"],
    upcard: ["Upcard", "Φανερό φύλλο", "Открытая карта", "Carta scoperta"],
    team: ["Team {team}", "Ομάδα {team}", "Команда {team}", "Squadra {team}"],
    total: ["total", "σύνολο", "итого", "totale"],
    tricks: ["Tricks", "Μπάζες", "Взятки", "Prese"],
    tricks_line: ["{team}: {n} tricks, {points} points", "{team}: {n} μπάζες, {points} πόντοι",
      "{team}: взяток {n}, очков {points}", "{team}: {n} prese, {points} punti"],
    hanging: ["Hanging pool", "Κρεμασμένοι πόντοι", "Висячие очки", "Punti sospesi"],
    declared: ["Declared", "Δηλώσεις", "Объявлено", "Dichiarato"],
    you_can_declare: ["You can declare", "Μπορείς να δηλώσεις", "Можно объявить",
      "Puoi dichiarare"],
    previous_trick: ["Previous trick", "Προηγούμενη μπάζα", "Прошлая взятка", "Presa precedente"],
    bought_by: ["bought by team {team}", "αγόρασε η ομάδα {team}", "купила команда {team}",
      "comprata dalla squadra {team}"],
    match_over: ["Match over", "Τέλος παρτίδας", "Партия окончена", "Partita finita"],
    game_over: ["Game over", "Τέλος", "Игра окончена", "Fine"],
    you_win: ["You win!", "Κέρδισες!", "Вы победили!", "Hai vinto!"],
    you_lose: ["You lose.", "Έχασες.", "Вы проиграли.", "Hai perso."],
    winner: ["{winner} wins", "Νικητής: {winner}", "Победитель: {winner}", "Vince: {winner}"],
    deal_over: ["Deal {n} is over", "Τέλος μοιρασιάς {n}", "Сдача {n} окончена",
      "Fine della smazzata {n}"],
    replay: ["Replay", "Επανάληψη", "Повтор", "Replay"],
    finished_games: ["Finished games", "Τελειωμένα παιχνίδια", "Сыгранные партии", "Partite finite"],
    step: ["Move {n} of {m}", "Κίνηση {n} από {m}", "Ход {n} из {m}", "Mossa {n} di {m}"],
    start: ["Start", "Αρχή", "Начало", "Inizio"],
    no_replay: ["The replay exists once the table has finished.",
      "Η επανάληψη υπάρχει όταν τελειώσει το τραπέζι.",
      "Повтор доступен, когда игра за столом окончена.",
      "Il replay c'è quando il tavolo è finito."],
    not_found: ["No such table.", "Δεν υπάρχει τέτοιο τραπέζι.", "Такого стола нет.",
      "Tavolo inesistente."],
    join_as: ["Sit down", "Κάτσε στο τραπέζι", "Сесть за стол", "Siediti al tavolo"],
    table_full: ["Every seat is taken: you can watch.", "Όλες οι θέσεις πιάστηκαν: μπορείς να δεις.",
      "Все места заняты: можно смотреть.", "Tutti i posti sono presi: puoi guardare."],
    waiting_players: ["Waiting for players: {n} open seat(s). Share the link.",
      "Περιμένουμε παίκτες: {n} ελεύθερες θέσεις. Στείλε τον σύνδεσμο.",
      "Ждём игроков: свободных мест {n}. Отправьте ссылку.",
      "In attesa di giocatori: {n} posti liberi. Condividi il link."],
    select_cards: ["Select cards, then choose", "Διάλεξε φύλλα και μετά ενέργεια",
      "Выберите карты, затем действие", "Scegli le carte, poi l'azione"],
    clear: ["Clear", "Καθαρισμός", "Сбросить выбор", "Annulla"],
    cards_n: ["{n} cards", "{n} φύλλα", "карт: {n}", "{n} carte"],
    // Bourré
    pot: ["Pot", "Ποτ", "Банк", "Piatto"],
    chips: ["{n} chips", "{n} μάρκες", "фишек: {n}", "{n} fiches"],
    folded: ["folded", "πήγε", "пас", "ha lasciato"],
    stays: ["stays", "μένει", "играет", "resta"],
    drew: ["stays, drew {n}", "μένει, άλλαξε {n}", "играет, прикупил {n}", "resta, ha cambiato {n}"],
    stock: ["Stock", "Τράπουλα", "Колода", "Tallone"],
    you_exchanged: ["You exchanged", "Άλλαξες", "Вы сбросили", "Hai cambiato"],
    draw_selected: ["Exchange {n}", "Άλλαξε {n}", "Прикупить {n}", "Cambia {n}"],
    tricks_n: ["tricks {n}", "μπάζες {n}", "взяток {n}", "prese {n}"],
    // Burraco
    discards: ["Discards", "Πεταμένα", "Сброс", "Scarti"],
    melds_of: ["Melds {team}", "Συνδυασμοί {team}", "Комбинации {team}", "Giochi {team}"],
    pozzetti: ["Pozzetti left: {n}", "Ποτσέτι: έμειναν {n}", "Поццетти: осталось {n}",
      "Pozzetti: ne restano {n}"],
    pozzetto_taken: ["pozzetto taken", "πήρε το ποτσέτο", "поццетто взят", "pozzetto preso"],
    last_turn: ["the hand ends after this turn", "ο γύρος τελειώνει μετά από αυτή τη σειρά",
      "раздача закончится после этого хода", "la mano finisce dopo questo turno"],
    picked_note: ["taken from the pile: may not be discarded this turn",
      "από τα πεταμένα: δεν πετιέται σε αυτή τη σειρά",
      "взята из сброса: в этот ход её сбрасывать нельзя",
      "presa dagli scarti: non si può scartare in questo turno"],
    meld_selected: ["Meld", "Κατέβασε", "Выложить", "Cala"],
    add_to: ["Add to {n}", "Πρόσθεσε στο {n}", "Добавить к {n}", "Aggiungi a {n}"],
    discard_card: ["Discard {card}", "Πέτα {card}", "Сбросить {card}", "Scarta {card}"],
    clean: ["clean burraco", "καθαρό μπουράκο", "чистое буррако", "burraco pulito"],
    dirty: ["dirty burraco", "βρόμικο μπουράκο", "грязное буррако", "burraco sporco"],
    semi_clean: ["semi-clean burraco", "ημικαθαρό μπουράκο", "получистое буррако",
      "burraco semipulito"],
    pts: ["{n} pts", "{n} π.", "{n} оч.", "{n} pt"],
    empty: ["empty", "άδεια", "пусто", "vuoto"],
    // issue 15: score card, last trick, rematch, signals
    last_trick_btn: ["Last trick", "Τελευταία μπάζα", "Последняя взятка", "Ultima presa"],
    continue: ["Continue", "Συνέχεια", "Дальше", "Continua"],
    rematch: ["Rematch (same seats)", "Ρεβάνς (ίδιες θέσεις)", "Реванш (те же места)",
      "Rivincita (stessi posti)"],
    rematch_ready: ["A rematch is ready: press Rematch to sit at your seat.",
      "Η ρεβάνς είναι έτοιμη: πάτα Ρεβάνς για τη θέση σου.",
      "Реванш готов: нажмите «Реванш», чтобы сесть на своё место.",
      "La rivincita è pronta: premi Rivincita per sederti al tuo posto."],
    exchange_prompt: ["Swap your 7 of trumps for the upcard?", "Αλλάζεις το εφτάρι ατού με το φανερό;",
      "Обменять козырную семёрку на открытую карту?", "Scambi il 7 di briscola con la scoperta?"],
    running_score: ["points on the table this hand", "πόντοι στο τραπέζι σε αυτόν τον γύρο",
      "очки на столе в этой раздаче", "punti calati in questa mano"],
    unread: ["{n} unread", "{n} αδιάβαστα", "непрочитанных: {n}", "{n} non letti"],
    deals: ["Deals", "Μοιρασιές", "Сдачи", "Smazzate"],
    your_seat_return: ["Your seat {seat} — return", "Η θέση σου {seat} — επιστροφή",
      "Ваше место {seat} — вернуться", "Il tuo posto {seat} — torna"],
    leave_confirm: ["Leave the table? Your seat stays yours; come back from the lobby.",
      "Φεύγεις από το τραπέζι; Η θέση μένει δική σου· γύρνα από την αίθουσα.",
      "Уйти из-за стола? Место останется за вами; вернуться можно из лобби.",
      "Lasci il tavolo? Il posto resta tuo; torna dalla sala."],
    sound_on: ["Sound on", "Ήχος ναι", "Звук вкл.", "Suono sì"],
    sound_off: ["Sound off", "Ήχος όχι", "Звук выкл.", "Suono no"],
    dealer_mark: ["D", "Μ", "С", "M"],
    finished_on: ["{date} · {score}", "{date} · {score}", "{date} · {score}", "{date} · {score}"],
    group_other: ["Other options", "Άλλες επιλογές", "Другие настройки", "Altre opzioni"],
    changed_only: ["options of these rules", "επιλογές αυτών των κανόνων", "настройки этих правил",
      "opzioni di queste regole"],
    // games
    game_bourloto: ["Bourloto", "Μπουρλότο", "Бурлото", "Bourloto"],
    game_bourre: ["Bourré", "Μπουρέ", "Бурэ", "Bourré"],
    game_burraco: ["Burraco", "Μπουράκο", "Буррако", "Burraco"],
    // issue 32: the chat's unnamed watcher, motion and sound settings
    spectator_name: ["spectator", "θεατής", "зритель", "spettatore"],
    motion_on: ["Motion on", "Κίνηση ναι", "Анимация вкл.", "Animazioni sì"],
    motion_off: ["Motion off", "Κίνηση όχι", "Анимация выкл.", "Animazioni no"],
    // issue 32: the wild card of a meld, declining the seven's exchange
    wild_card: ["wild card", "μπαλαντέρ", "джокер", "matta"],
    keep_seven: ["Keep my 7", "Κρατάω το 7", "Оставить семёрку", "Tengo il 7"],
    keep_seven_note: ["Kept: play a card; nobody sees that you could swap.",
      "Το κρατάς: παίξε ένα φύλλο· κανείς δεν βλέπει ότι μπορούσες να αλλάξεις.",
      "Семёрка остаётся: ходите картой; никто не узнает, что вы могли поменяться.",
      "Lo tieni: gioca una carta; nessuno vede che potevi scambiare."],
    /* ratings, leaderboard, profiles and full replays (ratings.js, history.js, room.js) */
    rt_leaderboard: ["Leaderboard", "Κατάταξη", "Рейтинг игроков", "Classifica"],
    rt_board: ["Game and rules", "Παιχνίδι και κανόνες", "Игра и правила", "Gioco e regole"],
    rt_player: ["Player", "Παίκτης", "Игрок", "Giocatore"],
    rt_rating: ["Rating", "Βαθμολογία", "Рейтинг", "Valutazione"],
    rt_ratings: ["Ratings", "Βαθμολογίες", "Рейтинги", "Punteggi"],
    rt_matches: ["Matches", "Παρτίδες", "Партии", "Partite"],
    rt_wins: ["Wins", "Νίκες", "Победы", "Vittorie"],
    rt_count: ["{from}–{to} of {n}", "{from}–{to} από {n}", "{from}–{to} из {n}", "{from}–{to} di {n}"],
    rt_empty: ["Nobody is rated here yet.", "Κανείς δεν έχει βαθμολογία εδώ ακόμα.",
      "Здесь пока нет ни одного рейтинга.", "Qui non c'è ancora nessun punteggio."],
    rt_provisional: ["provisional: few rated matches yet", "προσωρινή: λίγες παρτίδες ακόμα",
      "предварительный: пока мало партий", "provvisorio: ancora poche partite"],
    rt_provisional_help: ["? marks a provisional rating (fewer than 10 rated matches, or still uncertain).",
      "Το ? σημαίνει προσωρινή βαθμολογία (λιγότερες από 10 παρτίδες ή ακόμα αβέβαιη).",
      "? — предварительный рейтинг (меньше 10 партий или ещё неточный).",
      "? indica un punteggio provvisorio (meno di 10 partite o ancora incerto)."],
    rt_no_player: ["No such player.", "Δεν υπάρχει τέτοιος παίκτης.", "Такого игрока нет.",
      "Giocatore inesistente."],
    rt_member_since: ["Member since {date}", "Μέλος από {date}", "С нами с {date}", "Iscritto dal {date}"],
    rt_languages: ["Languages", "Γλώσσες", "Языки", "Lingue"],
    rt_no_ratings: ["No rated match yet.", "Καμία παρτίδα με βαθμολογία ακόμα.",
      "Пока ни одной рейтинговой партии.", "Ancora nessuna partita valida per il punteggio."],
    rt_matches_wins: ["matches: {n}, wins: {w}", "παρτίδες: {n}, νίκες: {w}", "партий: {n}, побед: {w}",
      "partite: {n}, vittorie: {w}"],
    rt_history: ["Rating over time", "Η βαθμολογία στον χρόνο", "Рейтинг во времени", "Punteggio nel tempo"],
    rt_recent: ["Recent matches", "Πρόσφατες παρτίδες", "Последние партии", "Partite recenti"],
    rt_no_matches: ["No finished match yet.", "Καμία τελειωμένη παρτίδα ακόμα.", "Пока ни одной сыгранной партии.",
      "Ancora nessuna partita finita."],
    rt_won: ["won", "νίκη", "победа", "vinta"],
    rt_place: ["place {n}", "θέση {n}", "место {n}", "posto {n}"],
    rt_rated: ["rated", "με βαθμολογία", "на рейтинг", "valida per il punteggio"],
    rt_unrated: ["unrated", "χωρίς βαθμολογία", "без рейтинга", "amichevole"],
    rt_rated_table: ["rated (counts for the leaderboard)", "με βαθμολογία (μετράει στην κατάταξη)",
      "на рейтинг (идёт в таблицу)", "valida per il punteggio (conta in classifica)"],
    rt_hands: ["Every hand", "Όλα τα φύλλα", "Все карты", "Tutte le mani"],
    rt_analysis: ["Double-dummy analysis", "Ανάλυση με ανοιχτά φύλλα", "Анализ с открытыми картами",
      "Analisi a carte scoperte"],
    rt_analyse: ["Analyse deal {n}", "Ανάλυση μοιρασιάς {n}", "Разобрать сдачу {n}", "Analizza la smazzata {n}"],
    rt_analysing: ["Analysing…", "Ανάλυση…", "Идёт анализ…", "Analisi in corso…"],
    rt_no_analysis: ["No card play to analyse in this deal.", "Δεν υπάρχει παιχνίδι φύλλων για ανάλυση σε αυτή τη μοιρασιά.",
      "В этой сдаче нечего разбирать.", "In questa smazzata non c'è gioco delle carte da analizzare."],
    rt_cards: ["cards", "φύλλα", "карты", "carte"],
    rt_mistakes: ["mistakes", "λάθη", "ошибки", "errori"],
    rt_lost: ["points lost", "χαμένοι πόντοι", "потеряно очков", "punti persi"],
    rt_move: ["trick {trick}: {seat} played {card}", "μπάζα {trick}: ο {seat} έπαιξε {card}",
      "взятка {trick}: {seat} сыграл {card}", "presa {trick}: {seat} ha giocato {card}"],
    rt_cost: ["cost {lost} (best: {best})", "κόστισε {lost} (καλύτερο: {best})", "стоило {lost} (лучше: {best})",
      "è costata {lost} (meglio: {best})"],
  };

  /* Counted words: per language, a text for each category of Intl.PluralRules (en, el, it:
     one / other; ru: one / few / many / other). TP.tn(key, n, args). */
  const PLURALS = {
    tricks_line: {
      en: { one: "{team}: {n} trick, {points} points", other: "{team}: {n} tricks, {points} points" },
      el: { one: "{team}: {n} μπάζα, {points} πόντοι", other: "{team}: {n} μπάζες, {points} πόντοι" },
      ru: { one: "{team}: {n} взятка, очков {points}", few: "{team}: {n} взятки, очков {points}",
        many: "{team}: {n} взяток, очков {points}", other: "{team}: {n} взятки, очков {points}" },
      it: { one: "{team}: {n} presa, {points} punti", other: "{team}: {n} prese, {points} punti" },
    },
    waiting_players: {
      en: { one: "Waiting for players: {n} open seat. Share the link.",
        other: "Waiting for players: {n} open seats. Share the link." },
      el: { one: "Περιμένουμε παίκτες: {n} ελεύθερη θέση. Στείλε τον σύνδεσμο.",
        other: "Περιμένουμε παίκτες: {n} ελεύθερες θέσεις. Στείλε τον σύνδεσμο." },
      ru: { one: "Ждём игроков: {n} свободное место. Отправьте ссылку.",
        few: "Ждём игроков: {n} свободных места. Отправьте ссылку.",
        many: "Ждём игроков: {n} свободных мест. Отправьте ссылку.",
        other: "Ждём игроков: {n} свободного места. Отправьте ссылку." },
      it: { one: "In attesa di giocatori: {n} posto libero. Condividi il link.",
        other: "In attesa di giocatori: {n} posti liberi. Condividi il link." },
    },
    cards_n: {
      en: { one: "{n} card", other: "{n} cards" },
      el: { one: "{n} φύλλο", other: "{n} φύλλα" },
      ru: { one: "{n} карта", few: "{n} карты", many: "{n} карт", other: "{n} карты" },
      it: { one: "{n} carta", other: "{n} carte" },
    },
    chips: {
      en: { one: "{n} chip", other: "{n} chips" },
      el: { one: "{n} μάρκα", other: "{n} μάρκες" },
      ru: { one: "{n} фишка", few: "{n} фишки", many: "{n} фишек", other: "{n} фишки" },
      it: { one: "{n} fiche", other: "{n} fiche" },
    },
    unread: {
      en: { one: "{n} unread", other: "{n} unread" },
      el: { one: "{n} αδιάβαστο", other: "{n} αδιάβαστα" },
      ru: { one: "{n} непрочитанное", few: "{n} непрочитанных", many: "{n} непрочитанных",
        other: "{n} непрочитанного" },
      it: { one: "{n} non letto", other: "{n} non letti" },
    },
    pozzetti: {
      en: { one: "{n} pozzetto left", other: "{n} pozzetti left" },
      el: { one: "Ποτσέτι: έμεινε {n}", other: "Ποτσέτι: έμειναν {n}" },
      ru: { one: "Поццетти: остался {n}", few: "Поццетти: осталось {n}",
        many: "Поццетти: осталось {n}", other: "Поццетти: осталось {n}" },
      it: { one: "Pozzetti: ne resta {n}", other: "Pozzetti: ne restano {n}" },
    },
  };

  // action words (tui ACTION_WORDS, plus Burraco's and play)
  const ACTIONS = {
    agree: ["agree", "συμφωνώ", "согласен", "accetto"],
    disagree: ["disagree", "δεν συμφωνώ", "не согласен", "rifiuto"],
    pass: ["pass", "πάσο", "пас", "passo"],
    take: ["take", "παίρνω", "беру", "prendo"],
    name: ["name", "λέω", "назначаю", "chiamo"],
    exchange: ["exchange the 7", "αλλάζω το 7", "меняю семёрку", "scambio il 7"],
    keep: ["keep", "κρατώ", "оставляю", "tengo"],
    declare: ["declare", "δηλώνω", "объявляю", "dichiaro"],
    show: ["show", "δείχνω", "показываю", "mostro"],
    approve: ["approve", "εγκρίνω", "принимаю", "approvo"],
    cut: ["cut", "κόβω", "режу", "taglio"],
    bourlot: ["bourlot", "μπουρλότ", "бурлото", "bourlot"],
    redeal: ["redeal", "άποντα", "пересдача", "rifare"],
    fold: ["fold", "πάω", "пас", "lascio"],
    stay: ["stay", "μένω", "играю", "resto"],
    draw: ["draw", "τραβώ", "беру из колоды", "pesco"],
    draw_bourre: ["exchange", "αλλάζω", "прикупаю", "cambio"],
    draws: ["exchanges {n}", "αλλάζει {n}", "прикупает {n}", "cambia {n}"],
    pickup: ["pick up the discards", "μαζεύω τα πεταμένα", "забираю сброс", "raccolgo gli scarti"],
    meld: ["meld", "κατεβάζω", "выкладываю", "calo"],
    add: ["add to {n}", "προσθέτω στο {n}", "добавляю к {n}", "aggiungo a {n}"],
    discard: ["discard", "πετώ", "сбрасываю", "scarto"],
    play: ["play", "παίζω", "хожу", "gioco"],
  };

  let lang = "en";
  function langIndex() { return Math.max(0, LANGS.indexOf(lang)); }
  function fill(text, args) {
    if (!args) return text;
    return text.replace(/\{(\w+)\}/g, (m, k) => (k in args ? String(args[k]) : m));
  }
  function t(key, args) {
    const row = S[key];
    if (!row) return key;
    return fill(row[langIndex()] || row[0], args);
  }
  const pluralRules = {};
  /** A counted text: the form of PLURALS[key] for n in the page's language (Intl.PluralRules). */
  function tn(key, n, args) {
    const all = Object.assign({ n: n }, args || {});
    const forms = PLURALS[key] && (PLURALS[key][lang] || PLURALS[key].en);
    if (!forms) return t(key, all);
    let cat = "other";
    try {
      pluralRules[lang] = pluralRules[lang] || new Intl.PluralRules(lang);
      cat = pluralRules[lang].select(Number(n));
    } catch (e) { /* no Intl: "other" */ }
    return fill(forms[cat] || forms.other, all);
  }
  function actionWord(word, args) {
    const row = ACTIONS[word];
    if (!row) return word;
    return fill(row[langIndex()] || row[0], args);
  }

  /* Cards: "10H", "QS", "JK" (any case; T = 10). */
  const SUIT_LETTERS = "SHDC";
  function parseCard(text) {
    const s = String(text).trim().toUpperCase();
    if (s === "JK") return { rank: null, suit: null, text: "JK" };
    const m = /^(10|[2-9TJQKA])([SHDC])$/.exec(s);
    if (!m) return null;
    const r = m[1] === "T" ? 10 : ({ J: 11, Q: 12, K: 13, A: 14 }[m[1]] || parseInt(m[1], 10));
    return { rank: r, suit: SUIT_LETTERS.indexOf(m[2]), text: (r === 10 ? "10" : m[1]) + m[2] };
  }
  function rankShort(rank) { return RANK_SHORT[lang][rank] || String(rank); }
  function cardName(text) {
    const c = parseCard(text);
    if (!c) return String(text);
    if (c.rank === null) return JOKER[lang];
    return fill(OF[lang], { r: RANKS[lang][c.rank - 2], s: SUITS[lang][c.suit] });
  }
  function cardShort(text) {
    const c = parseCard(text);
    if (!c) return String(text);
    if (c.rank === null) return JOKER_SHORT[lang];
    return rankShort(c.rank) + SUIT_GLYPH[c.suit];
  }
  function suitIndex(s) { return SUIT_LETTERS.indexOf(String(s).toUpperCase()); }
  function suitName(s) {
    const i = suitIndex(s);
    return i < 0 ? String(s) : SUITS_NOM[lang][i];
  }
  function suitGlyph(s) {
    const i = suitIndex(s);
    return i < 0 ? String(s) : SUIT_GLYPH[i];
  }

  /* The server's error codes (web/protocol.py ERROR_CODES and the HTTP error codes) in the
     other languages; English shows the server's own, more detailed message.  For the codes in
     DETAIL the server's message (which names the option, seat or limit) follows in brackets. */
  const ERRORS = {
    // the account (account.js, web/people/routes_accounts.py)
    signed_out: ["", "Συνδέσου πρώτα.", "Сначала войдите.", "Prima accedi."],
    bad_credentials: ["", "Λάθος όνομα ή κωδικός.", "Неверное имя или пароль.",
      "Nome o password errati."],
    name_taken: ["", "Αυτό το όνομα το έχει ήδη άλλος: διάλεξε άλλο.",
      "Это имя уже занято: выберите другое.", "Questo nome è già preso: scegline un altro."],
    bad_account_name: ["", "Το όνομα έχει 2–24 γράμματα μίας γραφής, ψηφία, κενά ή _ - . ' και δεν μοιάζει με μποτ ή διαχειριστή.",
      "Имя: 2–24 буквы одного алфавита, цифры, пробелы или _ - . ' и не похоже на бота или администратора.",
      "Il nome ha 2–24 lettere di un solo alfabeto, cifre, spazi o _ - . ' e non sembra un bot o un amministratore."],
    bad_password: ["", "Ο κωδικός έχει 8 έως 128 χαρακτήρες και δεν είναι το όνομα.",
      "Пароль: от 8 до 128 символов и не совпадает с именем.",
      "La password ha da 8 a 128 caratteri e non è il nome."],
    suspended: ["", "Αυτός ο λογαριασμός είναι σε αναστολή.", "Эта учётная запись приостановлена.",
      "Questo account è sospeso."],
    banned: ["", "Αυτός ο λογαριασμός έχει αποκλειστεί.", "Эта учётная запись заблокирована.",
      "Questo account è bandito."],
    stale: ["", "Το τραπέζι προχώρησε πριν φτάσει η κίνησή σου· ανανεώθηκε.",
      "Стол продвинулся раньше, чем пришёл ваш ход; он обновлён.",
      "Il tavolo è andato avanti prima della tua mossa; è stato aggiornato."],
    not_your_turn: ["", "Δεν είναι η σειρά σου.", "Сейчас не ваш ход.", "Non è il tuo turno."],
    illegal: ["", "Αυτή η κίνηση δεν επιτρέπεται τώρα.", "Этот ход сейчас не разрешён.",
      "Questa mossa ora non è consentita."],
    parse: ["", "Η κίνηση δεν διαβάστηκε.", "Ход не удалось прочитать.",
      "Impossibile leggere la mossa."],
    rate_limited: ["", "Πάρα πολλά μηνύματα· πιο αργά.", "Слишком много сообщений; помедленнее.",
      "Troppi messaggi; rallenta."],
    too_many: ["", "Συμπληρώθηκε ένα όριο (τραπέζια, θέσεις, συνδέσεις ή μηνύματα)· δοκίμασε αργότερα.",
      "Достигнут предел (столов, мест, соединений или сообщений); попробуйте позже.",
      "Raggiunto un limite (tavoli, posti, connessioni o messaggi); riprova più tardi."],
    unavailable: ["", "Ο διακομιστής δεν μπορεί να αποθηκεύσει κινήσεις αυτή τη στιγμή· δοκίμασε σε λίγο.",
      "Сервер сейчас не может сохранить ход; попробуйте через минуту.",
      "Il server ora non riesce a salvare le mosse; riprova tra poco."],
    finished: ["", "Αυτό το τραπέζι τελείωσε.", "Эта игра закончена.", "Questo tavolo è terminato."],
    abandoned: ["", "Αυτό το τραπέζι εγκαταλείφθηκε.", "Этот стол заброшен.",
      "Questo tavolo è stato abbandonato."],
    spectator: ["", "Οι θεατές δεν παίζουν.", "Зрители не могут ходить.",
      "Gli spettatori non possono giocare."],
    waiting: ["", "Το τραπέζι περιμένει παίκτες.", "Стол ждёт игроков.",
      "Il tavolo aspetta i giocatori."],
    seeded: ["", "Ο δημιουργός αυτού του τραπεζιού διάλεξε τον σπόρο: κανείς άλλος δεν κάθεται.",
      "Зерно этого стола выбрал создатель: больше никто не может сесть.",
      "Il creatore di questo tavolo ha scelto il seme: nessun altro può sedersi."],
    not_creator: ["", "Μόνο ο δημιουργός του τραπεζιού μπορεί να το κάνει.",
      "Это может только создатель стола.", "Solo chi ha creato il tavolo può farlo."],
    bad_message: ["", "Ο διακομιστής δεν κατάλαβε το αίτημα.", "Сервер не понял запрос.",
      "Il server non ha capito la richiesta."],
    bad_request: ["", "Ο διακομιστής δεν κατάλαβε το αίτημα.", "Сервер не понял запрос.",
      "Il server non ha capito la richiesta."],
    too_large: ["", "Το αίτημα είναι πολύ μεγάλο.", "Запрос слишком большой.",
      "La richiesta è troppo grande."],
    timeout: ["", "Το αίτημα άργησε πολύ.", "Запрос занял слишком много времени.",
      "La richiesta ha impiegato troppo."],
    not_found: ["", "Δεν υπάρχει τέτοιο τραπέζι.", "Такого стола нет.", "Tavolo inesistente."],
    seat_taken: ["", "Η θέση είναι πιασμένη.", "Это место занято.", "Il posto è occupato."],
    table_full: ["", "Το τραπέζι είναι γεμάτο.", "Стол заполнен.", "Il tavolo è pieno."],
    bad_token: ["", "Αυτός ο φυλλομετρητής δεν έχει θέση σε αυτό το τραπέζι.",
      "У этого браузера нет места за этим столом.", "Questo browser non ha un posto a questo tavolo."],
    no_seat: ["", "Αυτός ο φυλλομετρητής δεν έχει θέση σε αυτό το τραπέζι.",
      "У этого браузера нет места за этим столом.", "Questo browser non ha un posto a questo tavolo."],
    bad_name: ["", "Διάλεξε όνομα 1–24 χαρακτήρων.", "Выберите имя из 1–24 символов.",
      "Scegli un nome di 1–24 caratteri."],
    bad_option: ["", "Αυτή η τιμή κανόνα δεν επιτρέπεται", "Такое значение правила недопустимо",
      "Questo valore della regola non è consentito"],
    bad_seats: ["", "Οι θέσεις του τραπεζιού δεν είναι σωστές", "Места за столом заданы неверно",
      "I posti del tavolo non sono validi"],
    bad_table: ["", "Οι ρυθμίσεις του τραπεζιού δεν είναι σωστές", "Настройки стола неверны",
      "Le impostazioni del tavolo non sono valide"],
    seat: ["", "Αυτή η θέση δεν είναι ελεύθερη για σένα", "Это место вам недоступно",
      "Questo posto non è libero per te"],
    not_finished: ["", "Θα είναι έτοιμο όταν τελειώσει το παιχνίδι.", "Будет готово, когда игра закончится.",
      "Sarà pronto a fine partita."],
  };
  const DETAIL = new Set(["bad_option", "bad_seats", "bad_table", "seat", "too_many"]);
  /** The text a person reads for a server error: English keeps the server's message. */
  function errorText(code, message) {
    const row = ERRORS[code];
    const text = row && row[langIndex()];
    if (!text) return message || code || "";
    return DETAIL.has(code) && message ? text + " (" + message + ")" : text;
  }

  function setLang(l) { lang = LANGS.includes(l) ? l : "en"; document.documentElement.lang = lang; }
  function getLang() { return lang; }

  window.TP = window.TP || {};
  Object.assign(window.TP, {
    LANGS, LANG_NAMES, SUIT_GLYPH, t, actionWord, setLang, getLang, parseCard, cardName,
    cardShort, rankShort, suitName, suitGlyph, suitIndex, STRINGS: S, ACTIONS, ERRORS,
    errorText, tn, PLURALS,
  });
})();
