#!/usr/bin/env python3
"""Every problem of Popeye's own files against dynamo: the count of the issue "Popeye's own files
run unchanged". Each problem of each .inp in BEISPIEL/, EXAMPLES/, REGRESSIONS/ and TESTS/ of a
Popeye checkout is cut out alone (its file's begin word, its lines, an end word) and solved by
`dynamo solve --order popeye --lang L` (L the file's language); its text is compared with
Popeye's as tests/test_popeye_order.cpp compares them (from the stipulation line on, Popeye's
option lines, counters and our verdict block left out, runs of blank lines as one):

  identical        the same lines in the same order
  reordered        the same lines in another order
  different        other lines
  refused: REASON  dynamo refused the problem (REASON: the error's words, with the problem's own
                   words such as piece codes taken out), or it timed out (--maxtime)

Popeye's text for REGRESSIONS/X.inp is REGRESSIONTESTS/X.reg; for the others it is made by
running Popeye (--popeye PY, `PY -maxmem 1G -regression FILE`), cached in --cache.

    tools/popeye_count.py /path/to/popeye --dynamo build/dynamo --popeye /path/to/py \\
        --cache /tmp/popeye_count [--maxtime 20] [--folders REGRESSIONS TESTS] [--list]

Not run by the tests: it needs a Popeye checkout (and a Popeye build for the folders without
stored outputs)."""
import argparse, collections, os, re, subprocess, sys

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
        if header:
            if line == "":
                header = False
            continue
        if popeye and COUNTER.match(line):
            continue
        if line and line[0] != " " and not TWIN_LABEL.match(line):
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
        nxt = w.startswith(("next", "weiter", "asuiv"))
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
            return reason.strip()
    return "no output"


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("popeye_checkout")
    ap.add_argument("--dynamo", default="build/dynamo")
    ap.add_argument("--popeye", help="Popeye's program, for the folders without stored outputs")
    ap.add_argument("--cache", default="/tmp/popeye_count")
    ap.add_argument("--maxtime", type=int, default=20)
    ap.add_argument("--folders", nargs="*",
                    default=["BEISPIEL", "EXAMPLES", "REGRESSIONS", "TESTS"])
    ap.add_argument("--list", action="store_true", help="print each problem's result")
    a = ap.parse_args()
    os.makedirs(a.cache, exist_ok=True)
    counts = collections.Counter()
    for folder in a.folders:
        d = os.path.join(a.popeye_checkout, folder)
        for name in sorted(f for f in os.listdir(d) if f.endswith(".inp")):
            text = open(os.path.join(d, name), encoding="latin-1").read()
            begin, probs = problems(text)
            stored = os.path.join(a.popeye_checkout, "REGRESSIONTESTS", name[:-4] + ".reg")
            if folder == "REGRESSIONS" and os.path.exists(stored):
                theirs = outputs(open(stored, encoding="latin-1").read())
            else:
                cached = os.path.join(a.cache, folder + "_" + name[:-4] + ".out")
                if not os.path.exists(cached) and a.popeye:
                    try:
                        r = subprocess.run([a.popeye, "-maxmem", "1G", "-regression", name],
                                           cwd=d, capture_output=True, timeout=600)
                        open(cached, "wb").write(r.stdout)
                    except subprocess.TimeoutExpired as e:
                        open(cached, "wb").write(e.stdout or b"")
                theirs = outputs(open(cached, encoding="latin-1").read()) \
                    if os.path.exists(cached) else []
            lang = language(begin.split()[0]) if begin.split() else "en"
            for i, p in enumerate(probs, 1):
                path = os.path.join(a.cache, "problem.inp")
                open(path, "w", encoding="latin-1").write(p)
                try:
                    r = subprocess.run([a.dynamo, "solve", path, "--order", "popeye", "--lang",
                                        lang, "--quiet", "--no-time", "--threads", "1",
                                        "--maxtime", str(a.maxtime)],
                                       capture_output=True, timeout=a.maxtime + 30)
                    out = r.stdout.decode("utf-8", "replace")
                    err = r.stderr.decode("utf-8", "replace")
                    status = r.returncode
                except subprocess.TimeoutExpired:
                    out, err, status = "", "", 3
                if status == 3 or "verdict: unfinished" in out or "Urteil: unfertig" in out:
                    kind = "refused: time limit"
                elif not STIPULATION_LINE.search(out) and "error" in err:
                    kind = "refused: " + refusal_reason(err)
                elif i > len(theirs):
                    kind = "no Popeye output"
                else:
                    ours, pop = shared_part(out, False), shared_part(theirs[i - 1], True)
                    kind = ("identical" if ours == pop else
                            "reordered" if sorted(ours) == sorted(pop) else "different")
                counts[kind] += 1
                if a.list:
                    print(f"{folder}/{name} {i}: {kind}", flush=True)
    total = sum(counts.values())
    print(f"{total} problems")
    for kind, n in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])):
        print(f"{n:6d}  {kind}")


if __name__ == "__main__":
    sys.exit(main())
