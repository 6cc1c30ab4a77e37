#include "format/base/phrases.h"

#include <iterator>

namespace dynamo {

namespace {

// One phrase in English, German, French and Italian.
struct Words4 {
    std::string_view en, de, fr, it;
    constexpr std::string_view in(Language l) const {
        switch (l) {
        case Language::German: return de;
        case Language::French: return fr;
        case Language::Italian: return it;
        default: return en;
        }
    }
};

// {0}, {1} ... are the arguments of a message. The words of the messages are the problemists'
// (German Forderung, Stein, Feld, Zwilling; French énoncé, pièce, case, jumeau; Italian, as the
// AISE writes them, enunciato, pezzo, casa, gemello, eterodosso), the error style that of each
// language's compiler messages ("... erwartet", "... attendu", "atteso ...").
// In Phrase's order.
constexpr Words4 PHRASES[] = {
    {"{0}", "{0}", "{0}", "{0}"}, // Verbatim
    {"{0}", "{0}", "{0}", "{0}"}, // PieceText
    {"end of file", "Dateiende", "fin de fichier", "fine file"},
    {"end of line", "Zeilenende", "fin de ligne", "fine riga"},
    {"the end of the file", "dem Dateiende", "la fin du fichier", "fine file"},
    {"{0} or {1}", "{0} oder {1}", "{0} ou {1}", "{0} o {1}"},
    {"{0} ({1})", "{0} ({1})", "{0} ({1})", "{0} ({1})"},
    {" (neutral pieces are not supported)", " (neutrale Steine werden nicht unterstützt)",
     " (les pièces neutres ne sont pas prises en charge)", " (i pezzi neutri non sono supportati)"},
    {"note", "Hinweis", "remarque", "nota"},
    {"no such file", "Datei nicht gefunden", "fichier introuvable", "file inesistente"},
    {"permission denied", "Zugriff verweigert", "permission refusée", "permesso negato"},
    {"is a directory", "ist ein Verzeichnis", "est un répertoire", "è una directory"},
    {"progress is shown on the terminal's error output, not as Popeye's numbered lines",
     "der Fortschritt steht auf der Fehlerausgabe des Terminals, nicht in Popeyes nummerierten "
     "Zeilen",
     "la progression est affichée sur la sortie d'erreur du terminal, pas en lignes numérotées "
     "comme chez Popeye",
     "l'avanzamento è mostrato sull'uscita di errore del terminale, non in righe numerate come "
     "in Popeye"},
    {"every first move is solved (Popeye's move numbers follow its own move order)",
     "jeder erste Zug wird gelöst (Popeyes Zugnummern folgen seiner eigenen Zugfolge)",
     "chaque premier coup est résolu (les numéros de coup de Popeye suivent son propre ordre des "
     "coups)",
     "ogni prima mossa è risolta (i numeri di mossa di Popeye seguono il suo ordine delle mosse)"},
    {"'orthodox' stands alone: it cannot be combined with other rule words",
     "'orthodox' steht allein: es lässt sich mit keinem anderen Regelwort verbinden",
     "'orthodox' s'emploie seul : il ne se combine avec aucun autre mot de règle",
     "'orthodox' va da solo: non si combina con altre parole di regola"},
    {"rule switches need the condition Dynamo", "Regelschalter brauchen die Bedingung Dynamo",
     "les options de règle exigent la condition Dynamo",
     "le opzioni di regola richiedono la condizione Dynamo"},
    // The problem's grammar.
    {"no problem found (the file is empty)", "kein Problem gefunden (die Datei ist leer)",
     "aucun problème trouvé (le fichier est vide)", "nessun problema trovato (il file è vuoto)"},
    {"missing '{0}' at the end of the file", "'{0}' fehlt am Ende der Datei",
     "'{0}' manque à la fin du fichier", "manca '{0}' alla fine del file"},
    {"expected '{0}' or the end of the file after '{1}', found {2}",
     "'{0}' oder Dateiende nach '{1}' erwartet, gefunden: {2}",
     "'{0}' ou fin de fichier attendu après '{1}', trouvé : {2}",
     "atteso '{0}' o fine file dopo '{1}', trovato {2}"},
    {"missing stipulation (expected a '{0}' line before {1})",
     "Forderung fehlt (Zeile '{0}' vor {1} erwartet)",
     "énoncé manquant (ligne '{0}' attendue avant {1})",
     "enunciato mancante (attesa una riga '{0}' prima di {1})"},
    {"missing pieces (expected a '{0}' or '{2}' line before {1})",
     "Steine fehlen (Zeile '{0}' oder '{2}' vor {1} erwartet)",
     "pièces manquantes (ligne '{0}' ou '{2}' attendue avant {1})",
     "pezzi mancanti (attesa una riga '{0}' o '{2}' prima di {1})"},
    {"ambiguous keyword {0} ({1})", "mehrdeutiges Schlüsselwort {0} ({1})",
     "mot-clé ambigu {0} ({1})", "parola chiave ambigua {0} ({1})"},
    {"expected a twin change, '{0}', '{1}' or '{2}' after the twins, found {3}",
     "Zwillingsänderung, '{0}', '{1}' oder '{2}' nach den Zwillingen erwartet, gefunden: {3}",
     "modification de jumeau, '{0}', '{1}' ou '{2}' attendu après les jumeaux, trouvé : {3}",
     "attesa una modifica di gemello, '{0}', '{1}' o '{2}' dopo i gemelli, trovato {3}"},
    {"unknown keyword {0} (expected {1})", "unbekanntes Schlüsselwort {0} (erwartet: {1})",
     "mot-clé inconnu {0} (attendu : {1})", "parola chiave sconosciuta {0} (attesa: {1})"},
    {"expected '{0}' or '{1}' before '{2}'", "'{0}' oder '{1}' vor '{2}' erwartet",
     "'{0}' ou '{1}' attendu avant '{2}'", "atteso '{0}' o '{1}' prima di '{2}'"},
    {"structured stipulations ('{0}') are not supported; use '{1}'",
     "strukturierte Forderungen ('{0}') werden nicht unterstützt; '{1}' verwenden",
     "les énoncés structurés ('{0}') ne sont pas pris en charge ; utiliser '{1}'",
     "gli enunciati strutturati ('{0}') non sono supportati; usare '{1}'"},
    {"'{0}' is not supported", "'{0}' wird nicht unterstützt", "'{0}' n'est pas pris en charge",
     "'{0}' non è supportato"},
    {"'{0}' read, not acted on: no LaTeX file is written ('--export latex' writes one)",
     "'{0}' gelesen, nicht angewandt: keine LaTeX-Datei geschrieben ('--export latex' schreibt eine)",
     "'{0}' lu, non appliqué : aucun fichier LaTeX écrit ('--export latex' en écrit un)",
     "'{0}' letto, non applicato: nessun file LaTeX scritto ('--export latex' ne scrive uno)"},
    {"'{0}' read, not acted on: the output is not copied to a file (redirect it)",
     "'{0}' gelesen, nicht angewandt: die Ausgabe wird nicht in eine Datei kopiert (umleiten)",
     "'{0}' lu, non appliqué : la sortie n'est pas copiée dans un fichier (la rediriger)",
     "'{0}' letto, non applicato: l'output non è copiato in un file (reindirizzarlo)"},
    {"cannot read file: {0}", "Datei nicht lesbar: {0}", "impossible de lire le fichier : {0}",
     "impossibile leggere il file: {0}"},
    // condition, option.
    {"unknown condition {0} (expected {1})", "unbekannte Bedingung {0} (erwartet: {1})",
     "condition inconnue {0} (attendu : {1})", "condizione sconosciuta {0} (attesa: {1})"},
    {"expected a condition (e.g. Dynamo) after '{1}', found {0}",
     "Bedingung (z. B. Dynamo) nach '{1}' erwartet, gefunden: {0}",
     "condition (p. ex. Dynamo) attendue après '{1}', trouvé : {0}",
     "attesa una condizione (p. es. Dynamo) dopo '{1}', trovato {0}"},
    {"expected a number after '{0}', found {1}", "Zahl nach '{0}' erwartet, gefunden: {1}",
     "nombre attendu après '{0}', trouvé : {1}", "atteso un numero dopo '{0}', trovato {1}"},
    {"expected a number from {0} to {1} after '{2}', found {3}",
     "Zahl von {0} bis {1} nach '{2}' erwartet, gefunden: {3}",
     "nombre de {0} à {1} attendu après '{2}', trouvé : {3}",
     "atteso un numero da {0} a {1} dopo '{2}', trovato {3}"},
    {"expected squares after {0}, found {1}", "Felder nach {0} erwartet, gefunden: {1}",
     "cases attendues après {0}, trouvé : {1}", "attese delle case dopo {0}, trovato {1}"},
    {"expected two squares (e.g. a1h8) after '{0}', found {1}",
     "zwei Felder (z. B. a1h8) nach '{0}' erwartet, gefunden: {1}",
     "deux cases (p. ex. a1h8) attendues après '{0}', trouvé : {1}",
     "attese due case (p. es. a1h8) dopo '{0}', trovato {1}"},
    {"ambiguous option {0} ({1})", "mehrdeutige Option {0} ({1})", "option ambiguë {0} ({1})",
     "opzione ambigua {0} ({1})"},
    {"unknown option {0}", "unbekannte Option {0}", "option inconnue {0}",
     "opzione sconosciuta {0}"},
    {"option {0} is not supported ({1})", "Option {0} wird nicht unterstützt ({1})",
     "l'option {0} n'est pas prise en charge ({1})", "l'opzione {0} non è supportata ({1})"},
    {"expected an option after '{0}', found {1}", "Option nach '{0}' erwartet, gefunden: {1}",
     "option attendue après '{0}', trouvé : {1}", "attesa un'opzione dopo '{0}', trovato {1}"},
    {"problem {0}: option not acted on: {1}", "Problem {0}: Option nicht angewandt: {1}",
     "problème {0} : option non appliquée : {1}", "problema {0}: opzione non applicata: {1}"},
    // pieces, forsyth and FEN boards.
    {"square {0} is given twice ({1} and {2})", "Feld {0} ist zweimal besetzt ({1} und {2})",
     "la case {0} est donnée deux fois ({1} et {2})", "la casa {0} è data due volte ({1} e {2})"},
    {"expected {0} after '{1}', found {2}{3}", "{0} nach '{1}' erwartet, gefunden: {2}{3}",
     "{0} attendu après '{1}', trouvé : {2}{3}", "atteso {0} dopo '{1}', trovato {2}{3}"},
    {"expected a piece (e.g. {0}) after {1}, found {2}",
     "Stein (z. B. {0}) nach {1} erwartet, gefunden: {2}",
     "pièce (p. ex. {0}) attendue après {1}, trouvé : {2}",
     "atteso un pezzo (p. es. {0}) dopo {1}, trovato {2}"},
    {"expected {0}, found {1}{2}", "{0} erwartet, gefunden: {1}{2}", "{0} attendu, trouvé : {1}{2}",
     "atteso {0}, trovato {1}{2}"},
    {"expected a piece letter {0}, found {1} (fairy pieces are not supported)",
     "Steinbuchstabe {0} erwartet, gefunden: {1} (Märchensteine werden nicht unterstützt)",
     "lettre de pièce {0} attendue, trouvé : {1} (les pièces féeriques ne sont pas prises en "
     "charge)",
     "attesa una lettera di pezzo {0}, trovato {1} (i pezzi eterodossi non sono supportati)"},
    {"expected a piece (e.g. {0}), found {1}", "Stein (z. B. {0}) erwartet, gefunden: {1}",
     "pièce (p. ex. {0}) attendue, trouvé : {1}", "atteso un pezzo (p. es. {0}), trovato {1}"},
    {"expected a square (a1-h8), found {0}", "Feld (a1-h8) erwartet, gefunden: {0}",
     "case (a1-h8) attendue, trouvé : {0}", "attesa una casa (a1-h8), trovato {0}"},
    {"expected a FEN board after '{1}', found {0}", "FEN-Brett nach '{1}' erwartet, gefunden: {0}",
     "échiquier FEN attendu après '{1}', trouvé : {0}",
     "attesa una scacchiera FEN dopo '{1}', trovato {0}"},
    {"FEN board: rank {0} has {1} squares, expected 8",
     "FEN-Brett: Reihe {0} hat {1} Felder, erwartet: 8",
     "échiquier FEN : la rangée {0} a {1} cases, 8 attendues",
     "scacchiera FEN: la traversa {0} ha {1} case, attese 8"},
    {"FEN board: more than 8 ranks", "FEN-Brett: mehr als 8 Reihen",
     "échiquier FEN : plus de 8 rangées", "scacchiera FEN: più di 8 traverse"},
    {"FEN board: rank {0} has more than 8 squares", "FEN-Brett: Reihe {0} hat mehr als 8 Felder",
     "échiquier FEN : la rangée {0} a plus de 8 cases",
     "scacchiera FEN: la traversa {0} ha più di 8 case"},
    {"FEN board: unexpected character '{0}' (expected a piece letter PNBRQK/pnbrqk, a digit 1-8 "
     "or /)",
     "FEN-Brett: unerwartetes Zeichen '{0}' (erwartet: Steinbuchstabe PNBRQK/pnbrqk, Ziffer 1-8 "
     "oder /)",
     "échiquier FEN : caractère inattendu '{0}' (attendu : lettre de pièce PNBRQK/pnbrqk, chiffre "
     "1-8 ou /)",
     "scacchiera FEN: carattere inatteso '{0}' (atteso: lettera di pezzo PNBRQK/pnbrqk, cifra 1-8 "
     "o /)"},
    {"FEN board: expected 8 ranks of 8 squares, found {0} ranks",
     "FEN-Brett: 8 Reihen zu 8 Feldern erwartet, gefunden: {0} Reihen",
     "échiquier FEN : 8 rangées de 8 cases attendues, trouvé : {0} rangées",
     "scacchiera FEN: attese 8 traverse di 8 case, trovate {0} traverse"},
    // stipulation.
    {"expected a stipulation ({0}) after '{2}', found {1}",
     "Forderung ({0}) nach '{2}' erwartet, gefunden: {1}",
     "énoncé ({0}) attendu après '{2}', trouvé : {1}",
     "atteso un enunciato ({0}) dopo '{2}', trovato {1}"},
    {"stipulation {0} is not supported (supported: {1})",
     "Forderung {0} wird nicht unterstützt (unterstützt: {1})",
     "l'énoncé {0} n'est pas pris en charge (pris en charge : {1})",
     "l'enunciato {0} non è supportato (supportati: {1})"},
    {"expected a stipulation ({0}), found {1}", "Forderung ({0}) erwartet, gefunden: {1}",
     "énoncé ({0}) attendu, trouvé : {1}", "atteso un enunciato ({0}), trovato {1}"},
    {"missing number of moves in stipulation {0} (expected e.g. {1})",
     "Zugzahl fehlt in der Forderung {0} (erwartet z. B. {1})",
     "nombre de coups manquant dans l'énoncé {0} (attendu p. ex. {1})",
     "manca il numero di mosse nell'enunciato {0} (atteso p. es. {1})"},
    {"the number of moves must be at least 1, found {0} in stipulation {1}",
     "die Zugzahl muss mindestens 1 sein, gefunden: {0} in der Forderung {1}",
     "le nombre de coups doit être au moins 1, trouvé : {0} dans l'énoncé {1}",
     "il numero di mosse deve essere almeno 1, trovato {0} nell'enunciato {1}"},
    {"expected a number of moves after '{0}', found {1} in stipulation {2}",
     "Zugzahl nach '{0}' erwartet, gefunden: {1} in der Forderung {2}",
     "nombre de coups attendu après '{0}', trouvé : {1} dans l'énoncé {2}",
     "atteso un numero di mosse dopo '{0}', trovato {1} nell'enunciato {2}"},
    {"expected '.5' after the number of moves, found {0} in stipulation {1}",
     "'.5' nach der Zugzahl erwartet, gefunden: {0} in der Forderung {1}",
     "'.5' attendu après le nombre de coups, trouvé : {0} dans l'énoncé {1}",
     "atteso '.5' dopo il numero di mosse, trovato {0} nell'enunciato {1}"},
    {"'.5' is only for help play (h#N.5, hs#N.5), found {0}",
     "'.5' gibt es nur im Hilfsspiel (h#N.5, hs#N.5), gefunden: {0}",
     "'.5' n'existe que pour le jeu aidé (h#N.5, hs#N.5), trouvé : {0}",
     "'.5' vale solo per il gioco d'aiuto (h#N.5, hs#N.5), trovato {0}"},
    {"stipulation {0} is too long (at most {1} moves)",
     "Forderung {0} ist zu lang (höchstens {1} Züge)",
     "l'énoncé {0} est trop long (au plus {1} coups)",
     "l'enunciato {0} è troppo lungo (al massimo {1} mosse)"},
    // remarks.
    {"the verdict is certified twice ('remark verdict: {0}' before)",
     "das Urteil ist zweimal bescheinigt (vorher 'remark verdict: {0}')",
     "le verdict est certifié deux fois ('remark verdict: {0}' avant)",
     "il verdetto è certificato due volte ('remark verdict: {0}' prima)"},
    {"unknown verdict {0} after 'remark verdict:' (expected {1})",
     "unbekanntes Urteil {0} nach 'remark verdict:' (erwartet: {1})",
     "verdict inconnu {0} après 'remark verdict:' (attendu : {1})",
     "verdetto sconosciuto {0} dopo 'remark verdict:' (atteso: {1})"},
    {"the intended number of solutions is given twice",
     "die beabsichtigte Zahl der Lösungen ist zweimal angegeben",
     "le nombre de solutions voulues est donné deux fois",
     "il numero di soluzioni intese è dato due volte"},
    {"the previous position is given twice", "die vorige Stellung ist zweimal angegeben",
     "la position précédente est donnée deux fois", "la posizione precedente è data due volte"},
    {"after 'remark prev:': {0}", "nach 'remark prev:': {0}", "après 'remark prev:' : {0}",
     "dopo 'remark prev:': {0}"},
    // twin.
    {"ambiguous twin change {0} ({1})", "mehrdeutige Zwillingsänderung {0} ({1})",
     "modification de jumeau ambiguë {0} ({1})", "modifica di gemello ambigua {0} ({1})"},
    {"'{0}' must come first in a twin", "'{0}' muss im Zwilling zuerst stehen",
     "'{0}' doit venir en premier dans un jumeau", "'{0}' deve venire per primo in un gemello"},
    {"expected two different squares after '{0}', found {1} twice",
     "zwei verschiedene Felder nach '{0}' erwartet, gefunden: zweimal {1}",
     "deux cases différentes attendues après '{0}', trouvé : deux fois {1}",
     "attese due case diverse dopo '{0}', trovato due volte {1}"},
    {"{0}: square {1} is empty", "{0}: Feld {1} ist leer", "{0} : la case {1} est vide",
     "{0}: la casa {1} è vuota"},
    {"twin change {0} is not supported (supported: {1})",
     "Zwillingsänderung {0} wird nicht unterstützt (unterstützt: {1})",
     "la modification de jumeau {0} n'est pas prise en charge (prises en charge : {1})",
     "la modifica di gemello {0} non è supportata (supportate: {1})"},
    {"expected a twin change ({0}) after '{1}', found {2}",
     "Zwillingsänderung ({0}) nach '{1}' erwartet, gefunden: {2}",
     "modification de jumeau ({0}) attendue après '{1}', trouvé : {2}",
     "attesa una modifica di gemello ({0}) dopo '{1}', trovato {2}"},
    // The command line's values: the option as given, then what is wrong with its value.
    {"{0}: {1}", "{0}: {1}", "{0}: {1}", "{0}: {1}"}, // as FILE:LINE:COL: in every language
    {"expected {0}, found '{1}'", "{0} erwartet, gefunden: '{1}'", "{0} attendu, trouvé : '{1}'",
     "atteso {0}, trovato '{1}'"},
    {"expected I/N with 0 <= I < N (e.g. {0}), found '{1}'",
     "I/N mit 0 <= I < N erwartet (z. B. {0}), gefunden: '{1}'",
     "I/N avec 0 <= I < N attendu (p. ex. {0}), trouvé : '{1}'",
     "atteso I/N con 0 <= I < N (p. es. {0}), trovato '{1}'"},
    {"--export and --json both write stdout: give one",
     "--export und --json schreiben beide auf stdout: nur eines angeben",
     "--export et --json écrivent tous deux sur stdout : n'en donner qu'un",
     "--export e --json scrivono entrambi su stdout: indicarne uno solo"},
    {"illegal position: {0}", "illegale Stellung: {0}", "position illégale : {0}",
     "posizione illegale: {0}"},
    {"in {0} White moves first; the FEN's side to move is not used",
     "in {0} zieht Weiß zuerst; die Zugseite der FEN wird nicht verwendet",
     "en {0} les Blancs jouent en premier ; le trait de la FEN n'est pas utilisé",
     "in {0} muove per primo il Bianco; il tratto della FEN non è usato"},
    {"in {0} Black moves first; the FEN's side to move is not used",
     "in {0} zieht Schwarz zuerst; die Zugseite der FEN wird nicht verwendet",
     "en {0} les Noirs jouent en premier ; le trait de la FEN n'est pas utilisé",
     "in {0} muove per primo il Nero; il tratto della FEN non è usato"},
    {"expected the number of moves after '{0}', found '{1}'",
     "Zugzahl nach '{0}' erwartet, gefunden: '{1}'",
     "nombre de coups attendu après '{0}', trouvé : '{1}'",
     "atteso il numero di mosse dopo '{0}', trovato '{1}'"},
    {"unexpected '{0}' after the stipulation '{1}'", "unerwartetes '{0}' nach der Forderung '{1}'",
     "'{0}' inattendu après l'énoncé '{1}'", "'{0}' inatteso dopo l'enunciato '{1}'"},
    {"stipulation '{0}' needs at least 1 move", "Forderung '{0}' braucht mindestens 1 Zug",
     "l'énoncé '{0}' demande au moins 1 coup", "l'enunciato '{0}' richiede almeno 1 mossa"},
    {"FEN is empty", "FEN ist leer", "FEN vide", "FEN vuota"},
    {"FEN has {0} fields, expected at most 6", "FEN hat {0} Felder, erwartet: höchstens 6",
     "la FEN a {0} champs, au plus 6 attendus", "la FEN ha {0} campi, attesi al massimo 6"},
    {"FEN side to move: expected 'w' or 'b', found '{0}'",
     "FEN-Zugrecht: 'w' oder 'b' erwartet, gefunden: '{0}'",
     "FEN trait : 'w' ou 'b' attendu, trouvé : '{0}'",
     "FEN tratto: atteso 'w' o 'b', trovato '{0}'"},
    {"FEN castling: unexpected character '{0}' (expected K, Q, k, q or -)",
     "FEN-Rochade: unerwartetes Zeichen '{0}' (erwartet: K, Q, k, q oder -)",
     "FEN roque : caractère inattendu '{0}' (attendu : K, Q, k, q ou -)",
     "FEN arrocco: carattere inatteso '{0}' (atteso: K, Q, k, q o -)"},
    {"FEN castling: right '{0}' needs the king and the rook on their original squares",
     "FEN-Rochade: das Recht '{0}' braucht König und Turm auf ihren Ausgangsfeldern",
     "FEN roque : le droit '{0}' exige le roi et la tour sur leurs cases d'origine",
     "FEN arrocco: il diritto '{0}' richiede re e torre sulle loro case d'origine"},
    {"FEN en passant: expected '-' or a square on rank 3 or 6, found '{0}'",
     "FEN en passant: '-' oder ein Feld der 3. oder 6. Reihe erwartet, gefunden: '{0}'",
     "FEN en passant : '-' ou une case de la 3e ou 6e rangée attendu, trouvé : '{0}'",
     "FEN en passant: atteso '-' o una casa della 3ª o 6ª traversa, trovato '{0}'"},
    {"FEN move counter: expected a number, found '{0}'",
     "FEN-Zugzähler: Zahl erwartet, gefunden: '{0}'",
     "FEN compteur de coups : nombre attendu, trouvé : '{0}'",
     "FEN contatore di mosse: atteso un numero, trovato '{0}'"},
    // --rules.
    {"unknown rule word '{0}' (expected {1})", "unbekanntes Regelwort '{0}' (erwartet: {1})",
     "mot de règle inconnu '{0}' (attendu : {1})",
     "parola di regola sconosciuta '{0}' (attesa: {1})"},
    {"ambiguous rule word '{0}'", "mehrdeutiges Regelwort '{0}'", "mot de règle ambigu '{0}'",
     "parola di regola ambigua '{0}'"},
    // Why a position cannot arise.
    {"no white king", "kein weißer König", "pas de roi blanc", "nessun re bianco"},
    {"no black king", "kein schwarzer König", "pas de roi noir", "nessun re nero"},
    {"{0} white kings", "{0} weiße Könige", "{0} rois blancs", "{0} re bianchi"},
    {"{0} black kings", "{0} schwarze Könige", "{0} rois noirs", "{0} re neri"},
    {"a pawn on its promotion rank", "ein Bauer auf seiner Umwandlungsreihe",
     "un pion sur sa rangée de promotion", "un pedone sulla sua traversa di promozione"},
    {"a pawn on its own first rank", "ein Bauer auf seiner eigenen Grundreihe",
     "un pion sur sa propre première rangée", "un pedone sulla sua prima traversa"},
    {"{0} white men (at most 16)", "{0} weiße Steine (höchstens 16)",
     "{0} pièces blanches (au plus 16)", "{0} pezzi bianchi (al massimo 16)"},
    {"{0} black men (at most 16)", "{0} schwarze Steine (höchstens 16)",
     "{0} pièces noires (au plus 16)", "{0} pezzi neri (al massimo 16)"},
    {"{0} white pawns (at most 8)", "{0} weiße Bauern (höchstens 8)",
     "{0} pions blancs (au plus 8)", "{0} pedoni bianchi (al massimo 8)"},
    {"{0} black pawns (at most 8)", "{0} schwarze Bauern (höchstens 8)",
     "{0} pions noirs (au plus 8)", "{0} pedoni neri (al massimo 8)"},
    {"{0} promoted white pieces with {1} white pawns (at most {2})",
     "{0} umgewandelte weiße Figuren bei {1} weißen Bauern (höchstens {2})",
     "{0} pièces blanches promues avec {1} pions blancs (au plus {2})",
     "{0} pezzi bianchi promossi con {1} pedoni bianchi (al massimo {2})"},
    {"{0} promoted black pieces with {1} black pawns (at most {2})",
     "{0} umgewandelte schwarze Figuren bei {1} schwarzen Bauern (höchstens {2})",
     "{0} pièces noires promues avec {1} pions noirs (au plus {2})",
     "{0} pezzi neri promossi con {1} pedoni neri (al massimo {2})"},
    {"the side not to move (white) is in check",
     "die Seite, die nicht am Zug ist (Weiß), steht im Schach",
     "le camp qui n'a pas le trait (les Blancs) est en échec",
     "il lato che non ha il tratto (il Bianco) è sotto scacco"},
    {"the side not to move (black) is in check",
     "die Seite, die nicht am Zug ist (Schwarz), steht im Schach",
     "le camp qui n'a pas le trait (les Noirs) est en échec",
     "il lato che non ha il tratto (il Nero) è sotto scacco"},
    // merge: part files refused. {0} ... are file names, part names (1/3), counts, as given.
    {"no part files given", "keine Teildateien angegeben", "aucun fichier de partie donné",
     "nessun file di parte indicato"},
    {"{0} is part {1}, {2} part {3}: parts of splits into different numbers of parts",
     "{0} ist Teil {1}, {2} Teil {3}: Teile von Aufteilungen in verschiedene Anzahlen von Teilen",
     "{0} est la partie {1}, {2} la partie {3} : parties de découpages en nombres de parties "
     "différents",
     "{0} è la parte {1}, {2} la parte {3}: parti di suddivisioni in numeri di parti diversi"},
    {"part {0} is given twice: {1} and {2}", "Teil {0} ist zweimal angegeben: {1} und {2}",
     "la partie {0} est donnée deux fois : {1} et {2}",
     "la parte {0} è indicata due volte: {1} e {2}"},
    {"{0} holds {1} problems, {2} {3}: parts of different runs",
     "{0} enthält {1} Probleme, {2} {3}: Teile verschiedener Läufe",
     "{0} contient {1} problèmes, {2} {3} : parties d'exécutions différentes",
     "{0} contiene {1} problemi, {2} {3}: parti di esecuzioni diverse"},
    {"{0} (part {1}) is a part of {2}, not of {3} as {4}: {5}",
     "{0} (Teil {1}) ist ein Teil von {2}, nicht von {3} wie {4}: {5}",
     "{0} (partie {1}) est une partie de {2}, pas de {3} comme {4} : {5}",
     "{0} (parte {1}) è una parte di {2}, non di {3} come {4}: {5}"},
    {"{0}, problem {1}{2} ({3}, id {4})", "{0}, Problem {1}{2} ({3}, id {4})",
     "{0}, problème {1}{2} ({3}, id {4})", "{0}, problema {1}{2} ({3}, id {4})"},
    {"another position", "eine andere Stellung", "une autre position", "un'altra posizione"},
    {"another stipulation", "eine andere Forderung", "un autre énoncé", "un altro enunciato"},
    {"other rules ('{0}', not '{1}')", "andere Regeln ('{0}', nicht '{1}')",
     "d'autres règles ('{0}', pas '{1}')", "altre regole ('{0}', non '{1}')"},
    {"other options ({0})", "andere Optionen ({0})", "d'autres options ({0})",
     "altre opzioni ({0})"},
    {"{0}: {1} is split among the parts otherwise than in {2} (made by another version of dynamo?)",
     "{0}: {1} ist anders auf die Teile aufgeteilt als in {2} (von einer anderen Version von "
     "dynamo erstellt?)",
     "{0} : {1} est réparti entre les parties autrement que dans {2} (écrit par une autre version "
     "de dynamo ?)",
     "{0}: {1} è suddiviso tra le parti diversamente che in {2} (scritto da un'altra versione di "
     "dynamo?)"},
    {"part {0} is missing ({1} of {2} parts given; run dynamo solve --part I/{2} for it)",
     "Teil {0} fehlt ({1} von {2} Teilen angegeben; dafür dynamo solve --part I/{2} ausführen)",
     "la partie {0} manque ({1} sur {2} parties données ; lancer dynamo solve --part I/{2} pour "
     "elle)",
     "manca la parte {0} ({1} di {2} parti indicate; eseguire dynamo solve --part I/{2} per essa)"},
    {"parts {0} are missing ({1} of {2} parts given; run dynamo solve --part I/{2} for them)",
     "Teile {0} fehlen ({1} von {2} Teilen angegeben; dafür dynamo solve --part I/{2} ausführen)",
     "les parties {0} manquent ({1} sur {2} parties données ; lancer dynamo solve --part I/{2} "
     "pour elles)",
     "mancano le parti {0} ({1} di {2} parti indicate; eseguire dynamo solve --part I/{2} per "
     "esse)"},
    {"{0}: first move {1} is not found exactly once among the parts",
     "{0}: der erste Zug {1} steht nicht genau einmal in den Teilen",
     "{0} : le premier coup {1} ne se trouve pas exactement une fois dans les parties",
     "{0}: la prima mossa {1} non si trova esattamente una volta nelle parti"},
    {"{0}: the parts were solved without --order popeye, which lists a helpmate's shorter "
     "solutions of every length: solve the parts with --order popeye to merge them with it",
     "{0}: die Teile wurden ohne --order popeye gelöst, das die kürzeren Lösungen eines "
     "Hilfsmatts jeder Länge auflistet: die Teile mit --order popeye lösen, um sie damit "
     "zusammenzuführen",
     "{0} : les parties ont été résolues sans --order popeye, qui liste les solutions plus courtes "
     "d'un aidé de toute longueur : résoudre les parties avec --order popeye pour les fusionner "
     "avec lui",
     "{0}: le parti sono state risolte senza --order popeye, che elenca le soluzioni più corte di "
     "un aiutomatto di ogni lunghezza: risolvere le parti con --order popeye per unirle con esso"},
    {"{0}: cannot be read", "{0}: nicht lesbar", "{0} : illisible", "{0}: non leggibile"},
    {"{0}: not a part file (written by dynamo solve --part I/N --json)",
     "{0}: keine Teildatei (geschrieben von dynamo solve --part I/N --json)",
     "{0} : pas un fichier de partie (écrit par dynamo solve --part I/N --json)",
     "{0}: non è un file di parte (scritto da dynamo solve --part I/N --json)"},
    {"{0}: a part file of format {1}, this dynamo reads format {2}",
     "{0}: eine Teildatei im Format {1}, dieses dynamo liest Format {2}",
     "{0} : un fichier de partie au format {1}, ce dynamo lit le format {2}",
     "{0}: un file di parte nel formato {1}, questo dynamo legge il formato {2}"},
    {"{0}: not a readable part file: {1}", "{0}: keine lesbare Teildatei: {1}",
     "{0} : fichier de partie illisible : {1}", "{0}: file di parte non leggibile: {1}"},
    {"{0}: damaged part file: {1}", "{0}: beschädigte Teildatei: {1}",
     "{0} : fichier de partie endommagé : {1}", "{0}: file di parte danneggiato: {1}"},
    // The words of the text output.
    {"threat", "Drohung", "menace", "minaccia"},
    {"zugzwang", "Zugzwang", "zugzwang", "zugzwang"},
    {"but", "Aber", "mais", "ma"}, // Popeye's words
    {"Partial solution", "Partielle Loesung", "solution partielle", "soluzione parziale"},
    {"key", "Schlüssel", "clé", "chiave"},
    {"keys", "Schlüssel", "clés", "chiavi"},
    {"try", "Verführung", "essai", "tentativo"},
    {"tries", "Verführungen", "essais", "tentativi"},
    {"variation", "Variante", "variante", "variante"},
    {"variations", "Varianten", "variantes", "varianti"},
    {"dual", "Dual", "dual", "duale"},
    {"duals", "Duale", "duals", "duali"},
    {"no duals", "keine Duale", "pas de duals", "nessun duale"},
    {"cook", "Nebenlösung", "démolition", "demolizione"},
    {"verdict", "Urteil", "verdict", "verdetto"},
    {"solution", "Lösung", "solution", "soluzione"},
    {"solutions", "Lösungen", "solutions", "soluzioni"},
    {"intended", "beabsichtigt", "voulues", "intese"},
    {"problem verdict", "Urteil des Problems", "verdict du problème", "verdetto del problema"},
    {"twins", "Zwillinge", "jumeaux", "gemelli"},
    {"twin", "Zwilling", "jumeau", "gemello"},
    {"refutes", "Widerlegt", "Refute", "confuta"}, // Popeye's words, but Italian
    {"mate dual", "Mattdual", "dual de mat", "duale di matto"},
    {"continuation dual", "Fortsetzungsdual", "dual de continuation", "duale di continuazione"},
    {"threat dual", "Drohungsdual", "dual de menace", "duale di minaccia"},
    {"threat duals", "Drohungsduale", "duals de menace", "duali di minaccia"},
    {"short mate", "vorzeitiges Matt", "mat prématuré", "matto prematuro"},
    {"short mates", "vorzeitige Matts", "mats prématurés", "matti prematuri"},
    {"after", "nach", "après", "dopo"},
    {"mate", "Matt", "de mat", "di matto"},
    {"continuation", "Fortsetzung", "de continuation", "di continuazione"},
    {"reaches the goal in", "erreicht das Ziel in", "atteint le but en", "raggiunge lo scopo in"},
    {"shorter", "kürzer", "plus courte", "più corta"},
    {"at least", "mindestens", "au moins", "almeno"},
    {"shown", "gezeigt", "montrées", "mostrate"},
    {"no key", "kein Schlüssel", "pas de clé", "nessuna chiave"},
    {"stopped at", "angehalten bei", "arrêté à", "fermato a"},
    {"restricted", "eingeschränkt", "restreint", "limitato"},
    {"solutions outside these limits are not searched",
     "Lösungen außerhalb dieser Grenzen werden nicht gesucht",
     "les solutions hors de ces limites ne sont pas cherchées",
     "le soluzioni fuori da questi limiti non sono cercate"},
    {"move", "Zug", "coup", "mossa"},
    {"moves", "Zügen", "coups", "mosse"},
    {"allowed", "erlaubt", "permis", "consentite"},
    {"in", "in", "en", "in"},
    {"solving time", "Lösungszeit", "temps de résolution", "tempo di soluzione"},
    // Popeye: 'Option "Threat" not applicable or indicated maximum threat length too big'.
    {"not applicable", "nicht anwendbar", "non applicable", "non applicabile"},
    {"too long for", "zu lang für", "trop longue pour", "troppo lunga per"},
    {"which is solved without it", "das ohne sie gelöst wird", "résolu sans elle",
     "che è risolto senza di essa"},
    {"unsupported", "nicht unterstützt", "non pris en charge", "non supportato"},
    {"error", "Fehler", "erreur", "errore"},
    {"errors", "Fehler", "erreurs", "errori"},
    {"problem", "Problem", "problème", "problema"},
    {"problems", "Probleme", "problèmes", "problemi"},
    {"not as certified", "nicht wie bescheinigt", "pas comme certifié", "non come certificato"},
    {"the whole problem", "das ganze Problem", "le problème entier", "il problema intero"},
    {"so far", "bisher", "jusqu'ici", "finora"},
    {"restricted by", "eingeschränkt durch", "restreint par", "limitato da"},
    {"ignored option", "ignorierte Option", "option ignorée", "opzione ignorata"},
    {"DIFFERS from the certified verdict", "WEICHT AB vom bescheinigten Urteil",
     "DIFFÈRE du verdict certifié", "DIFFERISCE dal verdetto certificato"},
    {"intended", "beabsichtigt", "voulue", "intesa"},
    {"after the key", "nach dem Schlüssel", "après la clé", "dopo la chiave"},
    {"refuted by", "widerlegt durch", "réfuté par", "confutato da"},
    {"stopped before the play after the key was known",
     "angehalten, bevor das Spiel nach dem Schlüssel bekannt war",
     "arrêté avant que le jeu après la clé soit connu",
     "fermato prima che il gioco dopo la chiave fosse noto"},
    {"shortest", "kürzeste", "la plus courte", "la più corta"},
    {"none in", "keine in", "aucune en", "nessuna in"},
    {"none from", "keine von", "aucune de", "nessuna da"},
    {"to", "bis", "à", "a"},
    {"stopped before its verdict (what it proved follows)",
     "vor dem Urteil angehalten (es folgt, was bewiesen ist)",
     "arrêté avant son verdict (ce qui est prouvé suit)",
     "fermato prima del verdetto (segue ciò che è provato)"},
    // Popeye's tables write Duplex in every language; German capitalises the noun, French and
    // Italian problemists write "duplex" as English does.
    {"duplex:", "Duplex:", "duplex:", "duplex:"},
    {"first moves", "erste Züge", "premiers coups", "prime mosse"},
    {"now", "jetzt", "en cours", "ora"},
    {"at depth", "in Tiefe", "à la profondeur", "a profondità"},
    {"half-moves deep", "Halbzüge tief", "demi-coups de profondeur", "semimosse di profondità"},
    {"nodes", "Knoten", "nœuds", "nodi"},
    {"ETA", "noch", "reste", "mancano"},
    {"open first moves", "offene erste Züge", "premiers coups ouverts", "prime mosse aperte"},
    {"part", "Teil", "partie", "parte"},
    {"no first move is open (the set play or shorter solutions are)",
     "kein erster Zug ist offen (das Satzspiel oder kürzere Lösungen sind es)",
     "aucun premier coup n'est ouvert (le jeu apparent ou des solutions plus courtes le sont)",
     "nessuna prima mossa è aperta (lo sono il gioco apparente o soluzioni più corte)"},
    {"line", "Zeile", "ligne", "riga"},
    // The verdicts; the English ones are verdict_name()'s.
    {"sound", "korrekt", "correct", "corretto"},
    {"sound, with duals", "korrekt, mit Dualen", "correct, avec duals", "corretto, con duali"},
    {"cooked", "nebenlösig", "démoli", "demolito"},
    {"short", "Kurzlösung", "solution courte", "soluzione corta"},
    {"no solution", "keine Lösung", "pas de solution", "nessuna soluzione"},
    {"illegal", "illegal", "illégal", "illegale"},
    {"unfinished", "unvollendet", "inachevé", "incompiuto"},
    {"incomplete", "unvollständig", "incomplet", "incompleto"},
    {"of", "von", "sur", "di"},
    {"first moves examined", "ersten Zügen untersucht", "premiers coups examinés",
     "prime mosse esaminate"},
};
static_assert(std::size(PHRASES) == size_t(Phrase::FirstMovesExamined) + 1, "one entry per Phrase");

} // namespace

std::string_view phrase(Phrase p, Language lang) { return PHRASES[size_t(p)].in(lang); }

std::string_view verdict_term(Verdict v, Language lang) {
    return phrase(Phrase(size_t(Phrase::VerdictSound) + size_t(v)), lang);
}

std::string first_moves_examined(int done, int total, Language lang) {
    return std::to_string(done) + " " + std::string(phrase(Phrase::Of, lang)) + " " +
           std::to_string(total) + " " + std::string(phrase(Phrase::FirstMovesExamined, lang));
}

std::string moves_allowed(int length, int allowed, Language lang) {
    return std::string(phrase(Phrase::In, lang)) + " " + std::to_string(length) + " " +
           std::string(phrase(length == 1 ? Phrase::Move : Phrase::Moves, lang)) + ", " +
           std::to_string(allowed) + " " + std::string(phrase(Phrase::Allowed, lang));
}

std::string twin_label(std::string_view label, Language lang) {
    // The reader writes a piece as colour, Popeye's English letter, square: "wRh7", "bSc4".
    static constexpr Words4 COLOURS = {"wb", "ws", "bn", "bn"};
    constexpr std::string_view ENGLISH = " PSBRQK";
    std::string out(label);
    auto square = [&](size_t i) {
        return i + 1 < out.size() && out[i] >= 'a' && out[i] <= 'h' && out[i + 1] >= '1' &&
               out[i + 1] <= '8';
    };
    for (size_t i = 0; i + 4 <= out.size(); ++i) {
        bool starts = i == 0 || out[i - 1] == ' ' || out[i - 1] == '-' || out[i - 1] == '+' ||
                      out[i - 1] == '>';
        size_t type = ENGLISH.find(out[i + 1]);
        if (!starts || (out[i] != 'w' && out[i] != 'b') || type == std::string_view::npos ||
            type == 0 || !square(i + 2))
            continue;
        out[i] = COLOURS.in(lang)[out[i] == 'w' ? 0 : 1];
        out[i + 1] = piece_letter(PieceType(type), lang);
        i += 3;
    }
    return out;
}

std::string shown_label(std::string_view label, Language lang) {
    std::string out = twin_label(label, lang);
    constexpr std::string_view DUPLEX = "duplex:";
    if (out.ends_with(DUPLEX))
        out.replace(out.size() - DUPLEX.size(), DUPLEX.size(), phrase(Phrase::DuplexHalf, lang));
    return out;
}

std::string padded(std::string_view text, size_t width) {
    size_t chars = 0;
    for (char c : text) chars += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
    std::string r(text);
    if (chars < width) r.append(width - chars, ' ');
    return r;
}

} // namespace dynamo
