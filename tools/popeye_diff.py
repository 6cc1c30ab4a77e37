#!/usr/bin/env python3
"""Differential run against Popeye: random sparse orthodox positions, one stipulation (and
options), each solved by Popeye and by `dynamo solve --order popeye`; the solution text is
compared as tests/test_popeye_order.cpp compares it (from the stipulation line on, Popeye's option
lines and our verdict block left out, runs of blank lines as one). Each position that differs is
kept in --dir as NAME.inp, NAME.py (Popeye's output) and NAME.ours.

    tools/popeye_diff.py --popeye PY --dynamo build/dynamo --stip 'h#2' --option SetPlay \\
        --count 40 --seed 1 --dir /tmp/popeye_diff

Positions we call illegal are skipped (Popeye solves some that we refuse, such as the side not to
move in check). Knights are written `s` (Popeye's `n` is the nightrider)."""
import argparse, os, random, re, subprocess

FILES = "abcdefgh"
STIPULATION_LINE = re.compile(r"^  \S+ +\d+ \+ \d+ *$")
TWIN_LABEL = re.compile(r"^\+?[a-z]\)( .*)?$")


def position(rng):
    used, white, black = set(), [], []

    def put(side, kind):
        while True:
            sq = FILES[rng.randrange(8)] + str(rng.randrange(1, 9))
            if sq in used or (kind == "p" and sq[1] in "18"):
                continue
            used.add(sq)
            side.append(kind + sq)
            return

    put(white, "k")
    put(black, "k")
    for side in (white, black):
        for _ in range(rng.randrange(1, 5)):
            put(side, rng.choice("qrbsppp"))
    return white, black


def shared_part(text, popeye):
    lines, started, header = [], False, True
    for line in text.split("\n"):
        line = line.rstrip(" ")
        if not started:
            started = STIPULATION_LINE.match(line) is not None
            if started:
                lines.append(line)
            continue
        if header:  # the lines under the stipulation line, up to a blank one
            if line:
                continue
            header = False
        if line and line[0] != " " and not TWIN_LABEL.match(line):
            if popeye:
                break
            continue  # our verdict block
        if not line and (not lines or not lines[-1]):
            continue
        lines.append(line)
    while lines and not lines[-1]:
        lines.pop()
    return "\n".join(lines) if started else None


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--popeye", required=True, help="Popeye's binary")
    ap.add_argument("--dynamo", default="build/dynamo")
    ap.add_argument("--stip", required=True)
    ap.add_argument("--option", default="", help="Popeye options, as on an `option` line")
    ap.add_argument("--count", type=int, default=40)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--dir", default="popeye_diff")
    args = ap.parse_args()
    os.makedirs(args.dir, exist_ok=True)
    rng = random.Random(args.seed)
    compared = differing = 0
    for n in range(args.count):
        white, black = position(rng)
        text = "beginproblem\nstipulation %s\n%spieces white %s\n       black %s\nendproblem\n" % (
            args.stip, "option %s\n" % args.option if args.option else "", " ".join(white),
            " ".join(black))
        name = os.path.join(args.dir, "p%d_%d" % (args.seed, n))
        with open(name + ".inp", "w") as f:
            f.write(text)
        try:
            py = subprocess.run([args.popeye, "-maxmem", "256M", "-regression", name + ".inp"],
                                capture_output=True, text=True, timeout=60).stdout
        except subprocess.TimeoutExpired:
            os.remove(name + ".inp")
            continue
        ours = subprocess.run([args.dynamo, "solve", "--order", "popeye", "--no-time", "--quiet",
                               name + ".inp"], capture_output=True, text=True)
        a, o = shared_part(py, True), shared_part(ours.stdout, False)
        if ours.returncode not in (0, 1) or "illegal" in ours.stdout or a is None or o is None:
            os.remove(name + ".inp")
            continue
        compared += 1
        if a == o:
            os.remove(name + ".inp")
            continue
        differing += 1
        for ext, out in ((".py", py), (".ours", ours.stdout)):
            with open(name + ext, "w") as f:
                f.write(out)
    print("%s %s: %d compared, %d differ (kept in %s)" % (args.stip, args.option, compared,
                                                         differing, args.dir))


if __name__ == "__main__":
    main()
