#!/usr/bin/env python3
"""Every problem of Popeye's own files against dynamo: the count of the issue "Popeye's own files
run unchanged". Each problem of each .inp in BEISPIEL/, EXAMPLES/, REGRESSIONS/ and TESTS/ of a
Popeye checkout is cut out alone (its file's begin word, its lines, an end word) and solved by
`dynamo solve --order popeye --lang L` (L the file's language); its text is compared with
Popeye's as tests/test_popeye_order.cpp compares them (from the stipulation line on, Popeye's
option lines, counters and our verdict block left out, runs of blank lines as one):

  identical        the same lines in the same order
  reordered        the same lines in another order
  ... but MoveNumbers  so, once Popeye's MoveNumbers lines ("  3  (Ta1-c1 )") are left out
  different        other lines
  refused: REASON  dynamo refused the problem (REASON: the error's words, with the problem's own
                   words such as piece codes taken out)
  unfinished       dynamo did not finish within --maxtime
  no Popeye output Popeye wrote no solution for it (an error, or --popeye-maxtime ran out)

Popeye's text is made by running Popeye (--popeye PY, `PY -maxmem 1G -regression problem.inp`)
on the same problem cut out alone, only for the problems that dynamo does not refuse; it is
cached in --cache under a hash of the problem's text. --diffs DIR keeps both texts of each
problem that is not identical.

    tools/popeye_count.py /path/to/popeye --dynamo build/dynamo --popeye /path/to/py \\
        --cache /tmp/popeye_count [--maxtime 5] [--folders REGRESSIONS TESTS] \\
        [--files battle_play.inp] [--list] [--diffs DIR]
    tools/popeye_count.py /path/to/popeye --from-lists whole.log rerun.log   # the table alone

Not run by the tests: it needs a Popeye checkout and a Popeye build."""
import argparse, collections, hashlib, os, re, subprocess, sys, tempfile

STIPULATION_LINE = re.compile(r"^  \S+ +\d+ \+ \d+ *$")
TWIN_LABEL = re.compile(r"^\+?[a-z]\)( .*)?$")
COUNTER = re.compile(r"^ *[A-Za-z_ ]+: +\d+$")
ENDINGS = ("solution finished", "Partial solution", "Loesung beendet", "Partielle Loesung",
           "solution terminee", "solution partielle")


def shared_part(text, popeye):
    lines, started, header = [], False, True
    for line in text.split("\n"):
        line = line.rstrip(" ")
        if not started:
            started = bool(STIPULATION_LINE.match(line))
            if started:
                lines.append(line)
            continue
        if header:  # the lines under the stipulation line, up to a blank one (kept)
            if line != "":
                continue
            header = False
        if popeye and COUNTER.match(line):
            continue
        if line and line[0] != " " and not TWIN_LABEL.match(line) and \
                not (popeye and MOVE_NUMBER.match(line)):
            if popeye:
                break
            continue
        if line == "" and (not lines or lines[-1] == ""):
            continue
        lines.append(line)
    while lines and lines[-1] == "":
        lines.pop()
    return lines


def language(first_word):
    w = first_word.lower()
    return "de" if w.startswith("anf") else "fr" if w.startswith("deb") else "en"


def problems(text):
    """(begin line, [problem texts]) of a Popeye file, each problem framed alone."""
    begin, body, out, end_word = None, [], [], "endproblem"
    for line in text.split("\n"):
        w = (line.split() or [""])[0].lower()
        if begin is None:
            if w:
                begin = line
                lang = language(w)
                end_word = {"de": "EndeProblem", "fr": "FinProbleme"}.get(lang, "endproblem")
            continue
        # Popeye's words, abbreviated as Popeye reads them ("weit" in BEISPIEL/quod.inp)
        nxt = w.startswith(("next", "asuiv")) or \
            (len(w) >= 3 and ("weiteresproblem".startswith(w) or "asuivre".startswith(w)))
        end = w == "end" or w.startswith(("endp", "ende", "finp"))
        if nxt or end:
            out.append(begin + "\n" + "\n".join(body) + "\n" + end_word + "\n")
            body = []
            if end:
                break
            continue
        body.append(line)
    return begin or "", out


def outputs(text):
    pieces, piece = [], []
    for line in text.split("\n"):
        piece.append(line)
        if line.startswith(ENDINGS):
            pieces.append("\n".join(piece))
            piece = []
    return pieces


def refusal_reason(err):
    for line in err.split("\n"):
        m = re.search(r"error: (.*)", line)
        if m:
            reason = re.sub(r"'[^']*'", "'…'", m.group(1))
            reason = re.sub(r"\(supported: .*\)", "", reason)
            reason = re.sub(r"\(expected .*\)", "", reason)
            reason = re.sub(r"piece letter [A-Z](, [A-Z])* or [A-Z]", "piece letter", reason)
            return reason.strip()
    return "no output"


# Popeye's MoveNumbers line before each first move: "  12  (Ta1-c1 )", and with Intelligent the
# count after each twin: "23 potential positions in 4+4"; we show that progress on the terminal
# instead (noted).
MOVE_NUMBER = re.compile(r"^( +\d+ +\(.*\)|\d+ (potential positions in|moegliche Stellungen in|"
                         r"positions possibles dans) \d+\+\d+)$")


def compared(ours, pop):
    kind = ("identical" if ours == pop else
            "reordered" if sorted(ours) == sorted(pop) else "different")
    if kind == "different" and any(MOVE_NUMBER.match(l) for l in pop):
        numbered = [l for l in pop if not MOVE_NUMBER.match(l)]
        pop = [l for i, l in enumerate(numbered) if l or (i and numbered[i - 1])]
        while pop and pop[-1] == "":
            pop.pop()
        if sorted(ours) == sorted(pop):
            kind = ("identical" if ours == pop else "reordered") + " but MoveNumbers"
    return kind


def popeye_text(a, problem):
    """Popeye's output for one problem alone, cached; "" if it wrote none in time."""
    key = hashlib.sha1(problem.encode("latin-1", "replace")).hexdigest()[:16]
    cached = os.path.join(a.cache, "popeye-" + key + ".out")
    if not os.path.exists(cached):
        with tempfile.TemporaryDirectory() as d:  # a `protocol` line writes its file here
            open(os.path.join(d, "problem.inp"), "w", encoding="latin-1").write(problem)
            try:
                r = subprocess.run([a.popeye, "-maxmem", "1G", "-regression", "problem.inp"],
                                   cwd=d, capture_output=True, timeout=a.popeye_maxtime)
                out = r.stdout
            except subprocess.TimeoutExpired as e:
                out = b""
        open(cached, "wb").write(out)
    pieces = outputs(open(cached, encoding="latin-1").read())
    return pieces[0] if pieces else ""


def solve(a, problem, lang):
    path = os.path.join(a.cache, f"problem-{os.getpid()}.inp")  # runs may share the cache
    open(path, "w", encoding="latin-1").write(problem)
    try:
        r = subprocess.run([a.dynamo, "solve", path, "--order", "popeye", "--lang", lang,
                            "--quiet", "--no-time", "--threads", "1", "--maxtime",
                            str(a.maxtime)], capture_output=True, timeout=a.maxtime + 60)
        return (r.stdout.decode("utf-8", "replace"), r.stderr.decode("utf-8", "replace"),
                r.returncode)
    except subprocess.TimeoutExpired:
        return "", "", 3


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("popeye_checkout")
    ap.add_argument("--dynamo", default="build/dynamo")
    ap.add_argument("--popeye", help="Popeye's program (needed but with --from-lists)")
    ap.add_argument("--cache", default="/tmp/popeye_count")
    ap.add_argument("--maxtime", type=int, default=20, help="dynamo's time per problem (s)")
    ap.add_argument("--popeye-maxtime", type=int, default=300, help="Popeye's (s)")
    ap.add_argument("--folders", nargs="*",
                    default=["BEISPIEL", "EXAMPLES", "REGRESSIONS", "TESTS"])
    ap.add_argument("--files", nargs="*", help="only these .inp files (by name)")
    ap.add_argument("--list", action="store_true", help="print each problem's result")
    ap.add_argument("--diffs", help="a folder for both texts of each problem not identical")
    ap.add_argument("--from-lists", nargs="*",
                    help="only the table, from these --list outputs (a later line of a problem "
                         "replaces an earlier one: a rerun of some files after a whole run), "
                         "with --diffs the texts kept there compared again")
    a = ap.parse_args()
    if a.from_lists:
        results = {}
        for path in a.from_lists:
            for line in open(path):
                m = re.match(r"^(\w+)/(\S+) (\d+): (.*)$", line.rstrip("\n"))
                if m:
                    kind = m.group(4)
                    if kind.startswith("refused: "):
                        kind = "refused: " + re.sub(r"piece letter [A-Z](, [A-Z])* or [A-Z]",
                                                    "piece letter", kind[len("refused: "):])
                    stem = os.path.join(a.diffs or "", f"{m.group(1)}_{m.group(2)[:-4]}_{m.group(3)}")
                    if a.diffs and os.path.exists(stem + ".ours") and kind in ("different",
                                                                                 "reordered"):
                        # compared again, as this script compares now
                        kind = compared(*(open(stem + e).read().rstrip("\n").split("\n")
                                          for e in (".ours", ".popeye")))
                    results[(m.group(1), m.group(2), int(m.group(3)))] = kind
        counts = {f: collections.Counter() for f in a.folders}
        for (folder, _, _), kind in results.items():
            if folder in counts:
                counts[folder][kind] += 1
        print_table(a.folders, counts)
        return 0
    if not a.popeye:
        ap.error("--popeye is needed")
    os.makedirs(a.cache, exist_ok=True)
    if a.diffs:
        os.makedirs(a.diffs, exist_ok=True)
    counts = {f: collections.Counter() for f in a.folders}
    for folder in a.folders:
        d = os.path.join(a.popeye_checkout, folder)
        for name in sorted(f for f in os.listdir(d) if f.endswith(".inp")):
            if a.files and name not in a.files:
                continue
            text = open(os.path.join(d, name), encoding="latin-1").read()
            begin, probs = problems(text)
            lang = language(begin.split()[0]) if begin.split() else "en"
            for i, p in enumerate(probs, 1):
                out, err, status = solve(a, p, lang)
                theirs = ""
                if status == 3 or "verdict: unfinished" in out or "Urteil: unfertig" in out:
                    kind = "unfinished"
                elif status == 2 and \
                        not any(STIPULATION_LINE.match(l.rstrip(" ")) for l in out.split("\n")):
                    # the reason in English, whatever the file's language
                    kind = "refused: " + refusal_reason(solve(a, p, "en")[1])
                else:
                    theirs = popeye_text(a, p)
                    if not theirs:
                        kind = "no Popeye output"
                    else:
                        kind = compared(shared_part(out, False), shared_part(theirs, True))
                counts[folder][kind] += 1
                if a.list:
                    print(f"{folder}/{name} {i}: {kind}", flush=True)
                if a.diffs and kind != "identical" and not kind.startswith(("refused", "unf")):
                    stem = os.path.join(a.diffs, f"{folder}_{name[:-4]}_{i}")
                    open(stem + ".inp", "w", encoding="latin-1").write(p)
                    open(stem + ".ours", "w").write("\n".join(shared_part(out, False)) + "\n")
                    open(stem + ".popeye", "w").write(
                        "\n".join(shared_part(theirs, True)) + "\n")
    print_table(a.folders, counts)


def print_table(folders, counts):
    columns = ["identical", "reordered", "identical but MoveNumbers",
               "reordered but MoveNumbers", "different", "unfinished", "no Popeye output"]
    print("| folder | problems | " + " | ".join(columns) + " | refused |")
    print("| --- | ---: | " + " | ".join("---:" for _ in columns) + " | ---: |")
    total = collections.Counter()
    for folder in folders:
        c = counts[folder]
        total.update(c)
        refused = sum(n for k, n in c.items() if k.startswith("refused"))
        print(f"| {folder} | {sum(c.values())} | " + " | ".join(str(c[k]) for k in columns) +
              f" | {refused} |")
    refused = sum(n for k, n in total.items() if k.startswith("refused"))
    print(f"| all | {sum(total.values())} | " + " | ".join(str(total[k]) for k in columns) +
          f" | {refused} |")
    print("\nrefused, by reason:")
    for kind, n in sorted(total.items(), key=lambda kv: (-kv[1], kv[0])):
        if kind.startswith("refused"):
            print(f"{n:6d}  {kind[len('refused: '):]}")


if __name__ == "__main__":
    sys.exit(main())
