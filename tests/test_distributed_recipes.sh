#!/bin/bash
# docs/distributed.md's recipes run for real. A single-node Slurm cluster on localhost: munged,
# slurmctld and slurmd as children of this script, with their own configuration, ports, sockets,
# state and logs in a temporary folder, stopped by PID whatever happens. On it, the recipe
# scripts of examples/distributed/ as they are: a problem in 4 parts as a job array, then merge,
# against the whole solve; a collection in 4 shards of check, against the whole check. Before
# that, the GNU parallel recipe with -S : (this machine, through the same code as ssh hosts).
# usage: test_distributed_recipes.sh DYNAMO SOURCE_DIR
# Installs Debian's slurm-wlm, munge and parallel when missing (as root). Exits with 77 (skipped)
# when they cannot be installed, or Slurm cannot be started here (slurmd needs root), saying why.
set -u
if [ -z "${DYNAMO_SLURM_TIMED:-}" ]; then
    # The whole run under a timeout shorter than ctest's (tests/CMakeLists.txt): on expiry the
    # trap below still stops the daemons.
    DYNAMO_SLURM_TIMED=1 exec timeout -k 30 "${DYNAMO_SLURM_TIMEOUT:-260}" "$0" "$@"
fi
[ $# -eq 2 ] || { echo "usage: test_distributed_recipes.sh DYNAMO SOURCE_DIR"; exit 2; }
DYNAMO=$(realpath "$1")
SOURCE=$(realpath "$2")
RECIPES=$SOURCE/examples/distributed
PROBLEM=$SOURCE/tests/data/popeye/problems/castling_08.inp
COLLECTION=$SOURCE/problems/collection
start_us=${EPOCHREALTIME/./}
say() {
    local t=$(((${EPOCHREALTIME/./} - start_us) / 100000))
    echo "[$((t / 10)).$((t % 10)) s] $*"
}
skip() { say "SKIPPED: $*"; exit 77; }
fail() { say "FAILED: $*"; failed=1; exit 1; }
failed=0

# --- Packages ---------------------------------------------------------------------------------
missing=()
for p in slurmctld slurmd slurm-client munge parallel; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" ||
        missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
    [ "$(id -u)" -eq 0 ] || skip "${missing[*]} not installed, and not root to install them"
    say "installing ${missing[*]}"
    export DEBIAN_FRONTEND=noninteractive
    apt_install() { timeout 80 apt-get install -y -qq --no-install-recommends "${missing[@]}"; }
    { apt_install || { timeout 40 apt-get update -qq && apt_install; }; } > /dev/null 2>&1 ||
        skip "apt-get could not install ${missing[*]}"
fi
cpus=$(nproc)
[ "$cpus" -ge 2 ] || skip "the recipes ask 2 CPUs per task; this machine has $cpus"

# --- The cluster's folder, and its stop -------------------------------------------------------
work=$(mktemp -d /tmp/dynamo-slurm.XXXXXX)
chmod 755 "$work"
conf=$work/slurm.conf
munge_pid="" ctld_pid="" slurmd_pid="" client_pid=""
stop_pid() { # PID NAME: SIGTERM, then SIGKILL after 10 s
    [ -n "$1" ] && kill -0 "$1" 2>/dev/null || return 0
    kill -TERM "$1" 2>/dev/null
    for _ in $(seq 100); do kill -0 "$1" 2>/dev/null || break; sleep 0.1; done
    if kill -0 "$1" 2>/dev/null; then
        say "$2 ($1) did not stop on SIGTERM: SIGKILL"
        kill -KILL "$1" 2>/dev/null
    fi
    wait "$1" 2>/dev/null
}
exec 3>&1 4>&2 # the script's own output, for the trap to write to whatever it interrupted
cleanup() {
    local status=$?
    trap '' TERM INT HUP
    exec 1>&3 2>&4
    [ -n "$client_pid" ] && kill -TERM "$client_pid" 2>/dev/null
    # The jobs' processes and their slurmstepd are not children of slurmd: cancel the jobs first.
    if [ -n "$ctld_pid" ] && kill -0 "$ctld_pid" 2>/dev/null &&
        [ -n "$(timeout 5 squeue -h -o %i 2>/dev/null)" ]; then
        timeout 5 scancel --full --user="$(id -un)" 2>/dev/null
        for _ in $(seq 25); do
            [ -z "$(timeout 5 squeue -h -o %i 2>/dev/null)" ] && break
            sleep 0.2
        done
    fi
    stop_pid "$slurmd_pid" slurmd
    stop_pid "$ctld_pid" slurmctld
    stop_pid "$munge_pid" munged
    # Whatever this cluster started and is still running (a slurmstepd, a job's process) has
    # its SLURM_CONF in its environment.
    local strays
    export -n SLURM_CONF # not in the environment of the commands below
    strays=$(grep -lzx "SLURM_CONF=$conf" /proc/[0-9]*/environ 2>/dev/null | cut -d/ -f3 |
        grep -vx "$$")
    if [ -n "$strays" ]; then
        say "stopping what is left of the cluster: $(echo $strays)"
        kill -KILL $strays 2>/dev/null
    fi
    if [ "$status" -ne 0 ] && [ "$status" -ne 77 ] || [ "$failed" -ne 0 ]; then
        for log in "$work"/log/*; do
            [ -s "$log" ] && { echo "--- ${log#$work/}"; tail -n 15 "$log"; }
        done
    fi
    if [ -n "${DYNAMO_SLURM_KEEP:-}" ]; then say "kept $work"; else rm -rf "$work"; fi
    say "stopped (exit status $status)"
}
trap cleanup EXIT
trap 'say "SIGTERM" >&3; exit 143' TERM
trap 'say "SIGINT" >&3; exit 130' INT
trap 'say "SIGHUP" >&3; exit 129' HUP
# Runs a command in the background and waits for it, so that a signal is handled at once.
run() { "$@" & client_pid=$!; wait "$client_pid"; local s=$?; client_pid=""; return $s; }

# --- The whole solve; the GNU parallel recipe, this machine for the hosts ---------------------
# `dynamo` on the PATH, as the recipes call it (sbatch passes the PATH on to the jobs).
mkdir -p "$work"/bin && ln -s "$DYNAMO" "$work"/bin/dynamo
export PATH=$work/bin:$PATH
run dynamo solve --quiet --no-time "$PROBLEM" > "$work"/whole.txt || fail "the whole solve failed"
mkdir "$work"/parallel && cd "$work"/parallel || exit 1
cp "$PROBLEM" problem.pop
run "$RECIPES"/solve-parallel.sh : 4 problem.pop > parallel.out 2>&1 ||
    fail "solve-parallel.sh failed: $(cat parallel.out)"
cmp solution.txt "$work"/whole.txt ||
    fail "solve-parallel.sh: the merge differs from the whole solve"
say "solve-parallel.sh: 4 parts solved by GNU parallel; their merge is the whole solve's report"

# --- The cluster ------------------------------------------------------------------------------
# Two free TCP ports in a row, for slurmctld and slurmd (not 6817 and 6818, which a real cluster
# on this machine may hold).
listening=$(cat /proc/net/tcp /proc/net/tcp6 2>/dev/null | while read -r _ address _ state _; do
    [ "$state" = 0A ] && echo $((16#${address##*:}))
done)
for _ in $(seq 50); do
    port=$((20000 + RANDOM % 20000))
    grep -qx -e "$port" -e "$((port + 1))" <<< "$listening" || break
done

[ "$(id -u)" -eq 0 ] || skip "(the GNU parallel recipe passed) slurmd needs root"

# --- munged -----------------------------------------------------------------------------------
mkdir -p "$work"/munge "$work"/log "$work"/state "$work"/spool "$work"/run
# munged refuses a socket folder that others may write, and its clients must reach it: 755.
chmod 755 "$work"/munge
dd if=/dev/urandom of="$work"/munge/munge.key bs=1024 count=1 status=none
chmod 600 "$work"/munge/munge.key
socket=$work/munge/munge.socket
munged -F --socket="$socket" --key-file="$work"/munge/munge.key \
    --pid-file="$work"/munge/munged.pid --seed-file="$work"/munge/munged.seed \
    --log-file="$work"/log/munged.log \
    > "$work"/log/munged.out 2>&1 &
munge_pid=$!
for _ in $(seq 50); do [ -S "$socket" ] && break; sleep 0.1; done
munge -S "$socket" -n 2>/dev/null | unmunge -S "$socket" > /dev/null 2>&1 ||
    skip "(the GNU parallel recipe passed) munged does not start here:" \
        "$(tail -n 3 "$work"/log/munged.out "$work"/log/munged.log 2>/dev/null)"
say "munged up (pid $munge_pid)"

# --- slurmctld and slurmd ---------------------------------------------------------------------
host=$(uname -n) && host=${host%%.*} # slurmctld compares it with SlurmctldHost
cat > "$conf" <<CONF
ClusterName=dynamotest
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$port
SlurmdPort=$((port + 1))
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket=$socket
CredType=cred/munge
StateSaveLocation=$work/state
SlurmdSpoolDir=$work/spool/%n
SlurmctldPidFile=$work/slurmctld.pid
SlurmdPidFile=$work/slurmd.pid
SlurmctldLogFile=$work/log/slurmctld.log
SlurmdLogFile=$work/log/slurmd.log
SlurmctldDebug=info
SlurmdDebug=info
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
MpiDefault=none
SwitchType=switch/none
ReturnToService=2
EnforcePartLimits=ALL
MinJobAge=2
KillWait=2
SchedulerParameters=batch_sched_delay=0
NodeName=$host NodeAddr=127.0.0.1 CPUs=$cpus State=UNKNOWN
PartitionName=test Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF
export SLURM_CONF=$conf
slurmctld -D > "$work"/log/slurmctld.out 2>&1 &
ctld_pid=$!
slurmd -D -N "$host" > "$work"/log/slurmd.out 2>&1 &
slurmd_pid=$!
state=""
for _ in $(seq 150); do
    kill -0 "$ctld_pid" 2>/dev/null || break
    kill -0 "$slurmd_pid" 2>/dev/null || break
    state=$(timeout 5 sinfo -h -n "$host" -o %T 2>/dev/null)
    [ "$state" = idle ] && break
    sleep 0.2
done
if [ "$state" != idle ]; then
    for log in slurmctld.out slurmctld.log slurmd.out slurmd.log; do
        [ -s "$work/log/$log" ] && { echo "--- $log"; tail -n 10 "$work/log/$log"; }
    done
    skip "(the GNU parallel recipe passed) Slurm does not start here (node state '$state')"
fi
say "slurmctld (pid $ctld_pid, port $port) and slurmd (pid $slurmd_pid," \
    "port $((port + 1))) up, $cpus CPUs"

# --- The recipes ------------------------------------------------------------------------------
cd "$work"/run || fail "no $work/run"
cp "$PROBLEM" problem.pop
cp "$work"/whole.txt whole.txt

# Recipe 1: a problem in 4 parts as a job array, then merge.
mkdir parts && cd parts || exit 1
cp "$RECIPES"/solve-array.sh .
run sbatch --wait --quiet solve-array.sh ../problem.pop > sbatch.out 2>&1 ||
    fail "the job array of solve-array.sh failed: $(cat sbatch.out slurm-*.log)"
ls part-0.json part-1.json part-2.json part-3.json > /dev/null || fail "a part file is missing"
dynamo merge part-*.json > solution.txt || fail "merge failed"
cmp solution.txt ../whole.txt || fail "solve-array.sh: the merge differs from the whole solve"
say "solve-array.sh: 4 parts solved as a job array; their merge is the whole solve's report" \
    "($(wc -l < solution.txt) lines)"
cd .. || exit 1

# Recipe 2: a collection in 4 shards of check, as a job array. The shards' JSON lines, put
# together, are the whole check's (but for the time each problem took).
run dynamo check "$COLLECTION" --quiet --json > whole.jsonl 2>/dev/null
whole_status=$?
[ "$whole_status" -eq 2 ] ||
    fail "the whole check exited with $whole_status, not 2 (it has a file with errors)"
mkdir shards && cd shards || exit 1
cp "$RECIPES"/check-shards.sh .
run sbatch --wait --quiet check-shards.sh "$COLLECTION" > sbatch.out 2>&1
array_status=$?
# The tasks exit as check does, and the collection has problems not sound and a file with errors
# (1 and 2); sbatch --wait exits with one task's status (with Slurm 22.05, not the highest).
[ "$array_status" -le 2 ] ||
    fail "check-shards.sh failed ($array_status): $(cat sbatch.out slurm-*.log)"
untimed() { sed -E 's/"time_s":[0-9.e+-]+/"time_s":0/' "$@" | sort; }
for i in 0 1 2 3; do [ -s "shard-$i.jsonl" ] || fail "shard $i wrote nothing"; done
cmp <(untimed shard-*.jsonl) <(untimed ../whole.jsonl) ||
    fail "check-shards.sh: the shards' lines differ from the whole check's"
say "check-shards.sh: 4 shards checked as a job array; their $(cat shard-*.jsonl | wc -l) lines" \
    "are the whole check's"
cd .. || exit 1
