#!/usr/bin/env python3
"""Random orthodox problems for holding Popeye's search restrictions against ours: each position
(the fixed pieces given, plus random ones) is written twice, NAME_with.inp (`option OPTION
Variation`) and NAME_without.inp (`option Variation`), and solved by Popeye into NAME_*.out. Prints
the positions where the option changes Popeye's solution. Then compare ours with every output:

    tools/restriction_pairs.py --popeye PY --dir OUT --stip 'r#3' --option 'NonTrivial 0 0' \\
        --white 'ka1 qd5' --black 'kc1 pa2 rb7' --extra-black 1 --count 150 --seed 1
    DYNAMO_POPEYE_DIR=OUT build/tests/dynamo_tests '[.popeye-dir]'

Kings not among the fixed pieces are placed at random; positions with Black in check are drawn
again. Knights are written `s` (Popeye's `n` is the nightrider)."""
import argparse, os, random, subprocess

FILES = "abcdefgh"
LEAPS = {"k": [(x, y) for x in (-1, 0, 1) for y in (-1, 0, 1) if x or y],
         "s": [(1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)]}
RIDES = {"r": [(1, 0), (-1, 0), (0, 1), (0, -1)], "b": [(1, 1), (1, -1), (-1, 1), (-1, -1)]}
RIDES["q"] = RIDES["r"] + RIDES["b"]

def attacked(board, target, by_white):
    for (f, r), (kind, white) in board.items():
        if white != by_white:
            continue
        if kind == "p":
            if target in ((f - 1, r + (1 if white else -1)), (f + 1, r + (1 if white else -1))):
                return True
        for df, dr in LEAPS.get(kind, []):
            if (f + df, r + dr) == target:
                return True
        for df, dr in RIDES.get(kind, []):
            x, y = f + df, r + dr
            while 0 <= x < 8 and 0 <= y < 8:
                if (x, y) == target:
                    return True
                if (x, y) in board:
                    break
                x, y = x + df, y + dr
    return False

def position(rng, a):
    while True:
        board = {}
        for text, white in ((a.white, True), (a.black, False)):
            for t in text.split():
                board[(FILES.index(t[1]), int(t[2]) - 1)] = (t[0], white)
        def place(kind, white):
            while True:
                f, r = rng.randrange(8), rng.randrange(8)
                if (f, r) not in board and not (kind == "p" and r in (0, 7)):
                    board[(f, r)] = (kind, white)
                    return
        for white in (True, False):
            if ("k", white) not in board.values():
                place("k", white)
        for _ in range(a.extra_white):
            place(rng.choice(a.kinds), True)
        for _ in range(a.extra_black):
            place(rng.choice(a.kinds), False)
        king = next(s for s, v in board.items() if v == ("k", False))
        if not attacked(board, king, True):
            return board

def pieces(board):
    side = lambda white: " ".join(v[0] + FILES[s[0]] + str(s[1] + 1)
                                  for s, v in sorted(board.items(), key=lambda x: x[1][0] != "k")
                                  if v[1] == white)
    return "pieces white %s black %s" % (side(True), side(False))

def solution(path):
    """Popeye's output after the stipulation line (which names the option)."""
    lines = open(path).read().split("\n")
    for i, l in enumerate(lines):
        if l.startswith("  ") and "+" in l and l.strip()[:1] in "=#rsh":
            return "\n".join(lines[i + 1:])
    return "\n".join(lines)

def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--popeye", required=True)
    p.add_argument("--dir", required=True)
    p.add_argument("--stip", required=True)
    p.add_argument("--option", required=True)
    p.add_argument("--white", default="")
    p.add_argument("--black", default="")
    p.add_argument("--extra-white", type=int, default=0)
    p.add_argument("--extra-black", type=int, default=0)
    p.add_argument("--kinds", default="qrbsp")
    p.add_argument("--count", type=int, default=100)
    p.add_argument("--seed", type=int, default=1)
    a = p.parse_args()
    os.makedirs(a.dir, exist_ok=True)
    rng = random.Random(a.seed)
    changed = 0
    for k in range(a.count):
        body = pieces(position(rng, a))
        outs = []
        for name, option in (("with", a.option + " Variation"), ("without", "Variation")):
            base = os.path.join(a.dir, "p%d_%d_%s" % (a.seed, k, name))
            with open(base + ".inp", "w") as f:
                f.write("beginproblem\nstipulation %s\n%s\noption %s\nendproblem\n"
                        % (a.stip, body, option))
            with open(base + ".out", "w") as f:
                subprocess.run([a.popeye, "-maxmem", "1G", "-regression", base + ".inp"],
                               stdout=f, timeout=120)
            outs.append(solution(base + ".out"))
        if outs[0] != outs[1]:
            changed += 1
            print("p%d_%d %s" % (a.seed, k, body), flush=True)
    print("the option changes %d of %d" % (changed, a.count))

if __name__ == "__main__":
    main()
