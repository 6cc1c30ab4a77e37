#!/usr/bin/env python3
"""Composing aid for Dynamo problems: generates random sparse positions, checks them in batches
with `dynamo check --json`, and keeps the ones with a unique key (or a unique helpmate solution)
and some content. Usage:

    tools/compose.py --stip '#2' --count 400 --seed 1 [--white 2-3] [--black 0-2] > found.jsonl

Each output line is the JSON object of `dynamo check` with the FEN and a score added. The result
is raw material: every position kept still has to be looked at and reasoned out by a composer."""
import argparse, json, os, random, subprocess, sys, tempfile

SQ = [f + r for r in "12345678" for f in "abcdefgh"]

def edge(sq):
    return sq[0] in "ah" or sq[1] in "18"

def fen_of(board):
    rows = []
    for r in "87654321":
        row, empty = "", 0
        for f in "abcdefgh":
            p = board.get(f + r)
            if p:
                row += (str(empty) if empty else "") + {"S": "N", "s": "n"}.get(p, p)
                empty = 0
            else:
                empty += 1
        rows.append(row + (str(empty) if empty else ""))
    return "/".join(rows)

def rand_range(text):
    lo, _, hi = text.partition("-")
    return random.randint(int(lo), int(hi or lo))

def position(args):
    board = {}
    free = list(SQ)
    def put(piece, squares):
        sq = random.choice([s for s in squares if s not in board])
        board[sq] = piece
        return sq
    victim, other = ("K", "k") if args.victim == "w" else ("k", "K")
    if args.corner:
        vk = put(victim, [s for s in SQ if s[0] in "ah" and s[1] in "18"])
    else:
        vk = put(victim, [s for s in SQ if edge(s)] if random.random() < args.edge else SQ)
    f, r = "abcdefgh".index(vk[0]), int(vk[1])
    near = [s for s in SQ if abs("abcdefgh".index(s[0]) - f) <= args.near and abs(int(s[1]) - r) <= args.near]
    put(other, SQ if random.random() < 0.5 else near)
    for _ in range(rand_range(args.white)):
        p = random.choice(args.wset)
        put(p, [s for s in (near if random.random() < 0.7 else SQ) if not (p == "P" and s[1] in "18")])
    for _ in range(rand_range(args.black)):
        p = random.choice(args.bset)
        put(p, [s for s in (near if random.random() < 0.7 else SQ) if not (p == "p" and s[1] in "18")])
    return fen_of(board)

def score(j, stip, want=None):
    if want:
        return 5 if j["verdict"] == want else -1
    if stip.startswith("h"):
        return 10 if j["verdict"] == "sound" else -1
    if j["verdict"] != "sound":
        return -1
    key = [t for t in j["tree"] if t["kind"] == "key"][0]
    s = 0
    if key["mark"] == "+":
        s -= 5
    if key["passive_to"] == "out":
        s -= 1
    s += min(len(j["tries"]), 5) * 2
    s += min(len(key["variations"]), 6)
    s += 2 if key.get("threat") else 1
    return s

def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--stip", default="#2")
    ap.add_argument("--count", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--white", default="2-3")
    ap.add_argument("--black", default="0-2")
    ap.add_argument("--wset", default="QRRBBSSP")
    ap.add_argument("--bset", default="pppsbr")
    ap.add_argument("--edge", type=float, default=0.7)
    ap.add_argument("--corner", action="store_true", help="the mated king in a corner")
    ap.add_argument("--near", type=int, default=3, help="most pieces within this distance of it")
    ap.add_argument("--victim", default="b", help="whose king is mated: b (#, h#) or w (s#)")
    ap.add_argument("--rules", default="Dynamo")
    ap.add_argument("--maxtime", default="3")
    ap.add_argument("--threads", default="2")
    ap.add_argument("--want", help="keep this verdict instead (cooked, short, 'sound, with duals')")
    ap.add_argument("--dynamo", default=os.path.join(os.path.dirname(__file__), "..", "build", "dynamo"))
    ap.add_argument("--min-score", type=int, default=4)
    args = ap.parse_args()
    random.seed(args.seed)
    fens = list(dict.fromkeys(position(args) for _ in range(args.count)))
    with tempfile.NamedTemporaryFile("w", suffix=".pop", delete=False) as f:
        for i, fen in enumerate(fens):
            f.write(f"begin\ntitle {i}\nforsyth {fen}\nstipulation {args.stip}\n"
                    f"condition {args.rules}\noption Try Variation\n"
                    + ("end\n" if i == len(fens) - 1 else "nextproblem\n"))
        name = f.name
    proc = subprocess.Popen([args.dynamo, "check", name, "--json", "--threads", args.threads,
                             "--quiet", "--maxtime", args.maxtime], stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, text=True)
    for line in proc.stdout:
        j = json.loads(line)
        if "tree" not in j:
            continue
        j["fen"] = fens[j["index"] - 1]
        s = score(j, args.stip, args.want)
        if s >= args.min_score:
            print(json.dumps({"score": s, "fen": j["fen"], "verdict": j["verdict"],
                              "keys": [k["move"] for k in j["keys"]],
                              "tries": [t["move"] + " / " + ",".join(r["move"] for r in t["refutations"]) for t in j["tries"]],
                              "tree": j["tree"], "solutions": j.get("solutions"), "time": j["time_s"]}))
            sys.stdout.flush()
    proc.wait()
    os.unlink(name)

main()
