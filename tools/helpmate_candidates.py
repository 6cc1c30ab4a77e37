#!/usr/bin/env python3
"""Candidates for the Dynamo helpmate depth suite (problems/bench-dynamo/helpmate/): random
positions of a given number of pieces, the same for the same seed, each solved as an h#N at one
thread with `dynamo solve --json`. Prints one JSON line per position: its FEN, whether the search
finished, the number of solutions, the verdict and the time. The suite keeps positions that have
a solution and take between about half a second and half a minute (the times are the machine's:
the positions are deterministic, the choice among them was made by hand from this output).

    tools/helpmate_candidates.py --moves 3 --pieces 10 --count 20 --seed 1 --maxtime 30

The black king stands on an edge more often than not, and most other pieces within a few squares
of it (a Dynamo mate needs the king near an edge, or an open line to it); pawns are drawn more
often than pieces, so that the positions are not all open boards."""
import argparse, json, os, random, subprocess, sys, tempfile

FILES = "abcdefgh"
SQ = [f + r for r in "12345678" for f in FILES]


def edge(sq):
    return sq[0] in "ah" or sq[1] in "18"


def fen_of(board):
    rows = []
    for r in "87654321":
        row, empty = "", 0
        for f in FILES:
            p = board.get(f + r)
            if p:
                row += (str(empty) if empty else "") + p
                empty = 0
            else:
                empty += 1
        rows.append(row + (str(empty) if empty else ""))
    return "/".join(rows)


def position(rng, pieces, near_distance, kinds):
    board = {}

    def put(piece, squares):
        free = [s for s in squares if s not in board]
        if piece in "Pp":
            free = [s for s in free if s[1] not in "18"]
        board[rng.choice(free)] = piece

    bk = rng.choice([s for s in SQ if edge(s)] if rng.random() < 0.7 else SQ)
    board[bk] = "k"
    f, r = FILES.index(bk[0]), int(bk[1])
    near = [s for s in SQ
            if max(abs(FILES.index(s[0]) - f), abs(int(s[1]) - r)) <= near_distance]
    put("K", SQ)
    others = pieces - 2
    white = rng.randint(others // 3, others - others // 3)
    for i in range(others):
        piece = rng.choice(kinds)
        if i >= white:
            piece = piece.lower()
        put(piece, near if rng.random() < 0.6 else SQ)
    return fen_of(board)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--moves", type=int, default=3, help="N of h#N")
    ap.add_argument("--pieces", type=int, default=10)
    ap.add_argument("--count", type=int, default=20)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--near", type=int, default=3)
    ap.add_argument("--set", default="QRRBBNNPPPPPP", help="the kinds drawn from (white's letters)")
    ap.add_argument("--maxtime", default="30")
    ap.add_argument("--list", action="store_true", help="print the positions, do not solve them")
    ap.add_argument("--dynamo",
                    default=os.path.join(os.path.dirname(__file__), "..", "build", "dynamo"))
    args = ap.parse_args()
    DEFAULT_SET = "QRRBBNNPPPPPP"
    rng = random.Random(f"{args.seed}/{args.pieces}/{args.moves}"
                        + (f"/{args.set}" if args.set != DEFAULT_SET else ""))
    fens = list(dict.fromkeys(position(rng, args.pieces, args.near, args.set) for _ in range(args.count)))
    if args.list:
        print("\n".join(fens))
        return
    with tempfile.NamedTemporaryFile("w", suffix=".pop", delete=False) as f:
        for i, fen in enumerate(fens):
            f.write(f"begin\ntitle {i}\nforsyth {fen}\nstipulation h#{args.moves}\n"
                    "condition Dynamo\n" + ("end\n" if i == len(fens) - 1 else "nextproblem\n"))
        name = f.name
    proc = subprocess.Popen([args.dynamo, "solve", name, "--json", "--threads", "1", "--quiet",
                             "--maxtime", args.maxtime], stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, text=True)
    for line in proc.stdout:
        j = json.loads(line)
        fen = fens[j["index"] - 1]
        print(json.dumps({"fen": fen, "moves": args.moves, "pieces": args.pieces,
                          "finished": j.get("finished"), "verdict": j.get("verdict"),
                          "solutions": j.get("solutions_found"), "time": j.get("time_s")}))
        sys.stdout.flush()
    proc.wait()
    os.unlink(name)


main()
