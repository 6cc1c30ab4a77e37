#!/usr/bin/env python3
"""Themes of the problems found by tools/compose.py (one JSON object a line on stdin): which
mates push or pull the king off, stationary pulls, keys that leave the board, promotions by
push, tries refuted by a push or pull of a white piece. Prints one line per problem."""
import json, subprocess, sys, os

DYN = os.path.join(os.path.dirname(__file__), "..", "build", "dynamo")
FILES = "abcdefgh"

def board_of(fen):
    b = {}
    for i, row in enumerate(fen.split()[0].split("/")):
        f = 0
        for c in row:
            if c.isdigit():
                f += int(c)
            else:
                b[(f, 7 - i)] = c
                f += 1
    return b

def sq(s):
    return (FILES.index(s[0]), int(s[1]) - 1)

def on(p):
    return 0 <= p[0] < 8 and 0 <= p[1] < 8

def check_kinds(fen, white_attacks=True):
    """How the king of the side attacked is in check: set of 'push', 'pull'."""
    b = board_of(fen)
    king = "k" if white_attacks else "K"
    ks = [p for p, c in b.items() if c == king]
    if not ks:
        return set()
    k = ks[0]
    mine = str.isupper if white_attacks else str.islower
    kinds = set()
    for d in [(1,0),(-1,0),(0,1),(0,-1),(1,1),(1,-1),(-1,1),(-1,-1)]:
        p = (k[0] - d[0], k[1] - d[1])  # walk from the king towards the attacker
        while on(p) and p not in b:
            p = (p[0] - d[0], p[1] - d[1])
        if not on(p):
            continue
        c = b[p]
        if not mine(c):
            continue
        t = c.upper()
        diag = d[0] != 0 and d[1] != 0
        adjacent = max(abs(p[0]-k[0]), abs(p[1]-k[1])) == 1
        rider = t == "Q" or (t == "R" and not diag) or (t == "B" and diag)
        if not rider and not (t == "K" and adjacent):
            continue
        # push: everything beyond the king (direction d from the attacker) empty to the edge
        q = (k[0] + d[0], k[1] + d[1])
        push = True
        while on(q):
            if q in b:
                push = False
                break
            q = (q[0] + d[0], q[1] + d[1])
        if t == "K":
            push = not on((k[0] + d[0], k[1] + d[1]))
        if push:
            kinds.add("push")
        if rider:
            q = (p[0] - d[0], p[1] - d[1])
            pull = True
            while on(q):
                if q in b:
                    pull = False
                    break
                q = (q[0] - d[0], q[1] - d[1])
            if pull:
                kinds.add("pull")
    # knights and pawns push only
    for p, c in b.items():
        if not mine(c) or c.upper() not in "SP":
            continue
        if c.upper() == "S":
            ds = [(1,2),(2,1),(-1,2),(-2,1),(1,-2),(2,-1),(-1,-2),(-2,-1)]
        else:
            fw = 1 if white_attacks else -1
            ds = [(1, fw), (-1, fw)]
        for d in ds:
            if (p[0] + d[0], p[1] + d[1]) == k and not on((k[0] + d[0], k[1] + d[1])):
                kinds.add("push")
    return kinds

def replay(fen, moves):
    out = subprocess.run([DYN, "replay", "--fen", fen] + moves, capture_output=True, text=True).stdout
    lines = out.strip().splitlines()
    return " ".join(lines[-1].split()[-6:]) if lines else None

def mates(node, line):
    """(line of moves, mark) of every mating attacker move under node (an attacker node)."""
    here = line + [node["move"]]
    if node.get("mark") == "#":
        yield here
    for t in node.get("threat", []) or []:
        yield from mates(t, here)
    for v in node.get("variations", []):
        for c in v.get("continuations", []):
            yield from mates(c, here + [v["move"]])

def pull_toward(m):
    if not m["passive_from"] or m["passive_to"] in (None, "out"):
        return False
    a, p, q = sq(m["active_from"]), sq(m["passive_from"]), sq(m["passive_to"])
    da = abs(a[0]-q[0]) + abs(a[1]-q[1])
    dp = abs(a[0]-p[0]) + abs(a[1]-p[1])
    return da < dp

def main():
    for line in sys.stdin:
        j = json.loads(line)
        fen = j["fen"] if " " in j["fen"] else j["fen"] + " w - - 0 1"
        b = board_of(fen)
        themes = []
        for node in j.get("tree") or []:
            if node["kind"] != "key":
                continue
            # Suicide: the moving piece itself leaves the board (a plain move off the board, or a
            # push or pull whose active piece goes out, e.g. Rb8E/b3-b8=Q).
            if node["active_to"] == "out":
                themes.append("suicide-key" if not node["passive_from"] else "suicide-key-with-passive")
            if node["active_to"] is None and pull_toward(node):
                themes.append("stationary-pull-key")
            if node["promotion"]:
                themes.append("promotion-key")
            kinds = set()
            for ml in mates(node, []):
                after = replay(fen, ml)
                if after:
                    kinds |= {"mate-" + k for k in check_kinds(after)}
                    if check_kinds(after) == {"pull"}:
                        themes.append("PULL-ONLY-MATE:" + " ".join(ml))
            themes += sorted(kinds)
        for t in j.get("tries") or []:
            mv, _, refs = t.partition(" / ")
            for r in refs.split(","):
                after_try = replay(fen, [mv])
                if not after_try:
                    continue
                rb = board_of(after_try)
                part = r.split("/")
                if len(part) == 2:
                    ps = part[1].lstrip("KQRBSP")[:2]
                    if len(ps) == 2 and ps[0] in FILES and sq(ps) in rb and rb[sq(ps)].isupper():
                        themes.append("try-refuted-by-dynamo-on-white:" + mv + "/" + r)
        print(j.get("score"), j["fen"], j.get("keys"), " ".join(themes))

main()
