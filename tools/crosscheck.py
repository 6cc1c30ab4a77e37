#!/usr/bin/env python3
"""Cross-checks the two-move problems of a file without the solver's search: every line of play is
walked with `dynamo moves` (the legal moves, with their check and mate marks; `--prev` applies the
no-undo rule) and `dynamo replay` (the position after a move). Prints, for each #2 and s#2 problem,
its keys, and for each h#2 and ser-h#2 problem the number of solutions and the first ones (positions
are taken without castling rights, except White's in a ser-h#2, and problems with twins are
skipped). Slow (one process per
position) but independent of the search, its pruning and its hash table.

    tools/crosscheck.py problems/dynamo/twomovers.pop"""
import os, re, subprocess, sys
from concurrent.futures import ThreadPoolExecutor

DYN = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "build", "dynamo")

def run(args):
    return subprocess.run([DYN] + args, capture_output=True, text=True).stdout

class Game:
    def __init__(self, rules):
        self.rules = rules

    def moves(self, fen, prev=None):
        args = ["moves", "--fen", fen, "--rules", self.rules] + (["--prev", prev] if prev else [])
        return [l.strip() for l in run(args).splitlines() if l.strip()]

    def after(self, fen, move):
        out = run(["replay", "--fen", fen, "--rules", self.rules, move.rstrip(" +#=")]).split("\n")
        lines = [l for l in out if l.strip()]
        return " ".join(lines[-1].split()[-6:])

def board(fen):
    return fen.split()[0]

def direct_keys(g, fen):
    def works(w):
        if w.endswith("#"):
            return True
        p1 = g.after(fen, w)
        replies = g.moves(p1, board(fen))
        if not replies:
            return False
        for b in replies:
            p2 = g.after(p1, b)
            if not any(m.endswith("#") for m in g.moves(p2, board(p1))):
                return False
        return True
    first = g.moves(fen)
    with ThreadPoolExecutor(2) as ex:
        return [w.rstrip(" +#=") for w, ok in zip(first, ex.map(works, first)) if ok]

def self_keys(g, fen):
    def forced(p, prev):
        for m in g.moves(p, prev):
            p2 = g.after(p, m)
            replies = g.moves(p2, board(p))
            if replies and all(r.endswith("#") for r in replies):
                return True
        return False
    def works(w):
        p1 = g.after(fen, w)
        replies = g.moves(p1, board(fen))
        if not replies:
            return False
        return all(b.endswith("#") or forced(g.after(p1, b), board(p1)) for b in replies)
    first = g.moves(fen)
    with ThreadPoolExecutor(2) as ex:
        return [w.rstrip(" +#=") for w, ok in zip(first, ex.map(works, first)) if ok]

def help_solutions(g, fen):
    def from_first(b1):
        found = []
        p1 = g.after(fen, b1)
        for w1 in g.moves(p1, board(fen)):
            p2 = g.after(p1, w1)
            for b2 in g.moves(p2, board(p1)):
                p3 = g.after(p2, b2)
                for w2 in g.moves(p3, board(p2)):
                    if w2.endswith("#"):
                        found.append(" ".join(m.rstrip(" +#=") for m in (b1, w1, b2, w2)))
        return found
    out = []
    with ThreadPoolExecutor(2) as ex:
        for f in ex.map(from_first, g.moves(fen)):
            out += f
    return out

def square(placement, sq):
    row = placement.split("/")[8 - int(sq[1])]
    f = 0
    for c in row:
        if c.isdigit():
            f += int(c)
        else:
            if "abcdefgh"[f] == sq[0]:
                return c
            f += 1
    return None

def white_rights(placements, strict):
    """White's castling rights after a series of Black moves (White never moves, so its king and
    rooks are only pushed or pulled): a right stands if king and rook are home in the diagram and
    at the end, and under StrictCastling after every move as well (being displaced loses it)."""
    rights = ""
    for flag, rook in (("K", "h1"), ("Q", "a1")):
        seen = placements if strict else [placements[0], placements[-1]]
        if all(square(p, "e1") == "K" and square(p, rook) == "R" for p in seen):
            rights += flag
    return rights or "-"

def series_help_solutions(g, fen):
    """ser-h#2 and its ser-h#1 lines: Black plays one or two moves in a row (no check before the
    last; White passes, so the no-undo rule compares with the placement after Black's first
    move), then White mates. Positions are rebuilt from the placements, White's castling rights
    by white_rights (the rook on h1 or a1 at the end is taken to be the original one)."""
    strict = "strictcastling" in g.rules.lower()
    d = board(fen)
    def white_to_move(p, placements):
        f = p.split()
        f[1], f[2] = "w", white_rights(placements, strict)
        return " ".join(f)
    def mates(p, prev):
        return [w for w in g.moves(p, prev) if w.endswith("#")]
    short, found = [], []
    for b1 in g.moves(fen):
        p1 = g.after(fen, b1)
        short += [f"{b1.rstrip(' +#')} {w}" for w in mates(white_to_move(p1, [d, board(p1)]), d)]
        if b1.endswith("+"):
            continue
        q1 = p1.split()
        q1[1], q1[2] = "b", "-"
        q1 = " ".join(q1)
        for b2 in g.moves(q1, board(p1)):
            p2 = g.after(q1, b2)
            w2 = white_to_move(p2, [d, board(p1), board(p2)])
            found += [" ".join(m.rstrip(" +#") for m in (b1, b2, w)) for w in mates(w2, board(p1))]
    return short, found

def main():
    for path in sys.argv[1:]:
        text = open(path).read()
        for block in re.split(r"\n(?:nextproblem|next|endproblem|end)\n", text):
            title = re.search(r"^title\s+(.*)$", block, re.M)
            fen = re.search(r"^forsyth\s+(\S+)", block, re.M)
            stip = re.search(r"^stipulation\s+(\S+)", block, re.M)
            cond = re.search(r"^condition\s+(.*)$", block, re.M)
            if not (fen and stip) or "twin" in block:
                continue
            g = Game(cond.group(1).strip() if cond else "orthodox")
            name = title.group(1) if title else "?"
            s = stip.group(1)
            if s == "#2":
                print(f"{name}: #2 keys {direct_keys(g, fen.group(1) + ' w - - 0 1')}", flush=True)
            elif s == "s#2":
                print(f"{name}: s#2 keys {self_keys(g, fen.group(1) + ' w - - 0 1')}", flush=True)
            elif s == "h#2":
                sols = help_solutions(g, fen.group(1) + " b - - 0 1")
                print(f"{name}: h#2 {len(sols)} solutions {sols[:3]}", flush=True)
            elif s == "ser-h#2":
                short, sols = series_help_solutions(g, fen.group(1) + " b - - 0 1")
                print(f"{name}: ser-h#2 {len(sols)} solutions {sols[:3]}, ser-h#1 {short[:3]}", flush=True)

main()
