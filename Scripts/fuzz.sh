#!/usr/bin/env bash
# Runs the Lua-level API fuzzer (Scripts/fuzz/fuzz.lua) over consecutive seeds, one `ripple` process per
# seed, until --calls calls are made. Reports calls, Lua errors, errors without file:line, host crashes
# and hangs, with the command that replays each failing seed. See docs/reliability.md.
#
# Usage: Scripts/fuzz.sh [--calls N] [--seed S] [--per-seed M] [--jobs J] [--timeout SEC]
#                        [--ripple PATH] [--hostile 0|1] [--logs DIR]
#   --calls N      total calls to make (default 100000)
#   --seed S       first seed (default 1); seeds S, S+1, ... are used
#   --per-seed M   calls per seed, i.e. per process (default 5000)
#   --jobs J       seeds run in parallel (default 1)
#   --timeout SEC  a seed that runs longer is a hang (default 300)
#   --ripple PATH  the executable (default .build/debug/ripple, built if missing)
#   --hostile 0|1  include pathological predicates and patterns (default 1)
#   --logs DIR     where the output of failing seeds is kept (default /tmp/ripple-fuzz)
# Each seed runs with --check-invariants: a fetched-results controller that differs from a fresh fetch
# after a change batch is an "invariant violated" error, counted apart.
# Exit status: 0 when no seed crashed, hung, raised an error without file:line or broke an invariant;
# 1 otherwise.
set -u
root="$(cd "$(dirname "$0")/.." && pwd)"
calls=100000 seed=1 perSeed=5000 jobs=1 timeoutSec=300 ripple="" hostile=1 logs=/tmp/ripple-fuzz
while [ $# -gt 0 ]; do
    case "$1" in
        --calls) calls="$2"; shift 2 ;;
        --seed) seed="$2"; shift 2 ;;
        --per-seed) perSeed="$2"; shift 2 ;;
        --jobs) jobs="$2"; shift 2 ;;
        --timeout) timeoutSec="$2"; shift 2 ;;
        --ripple) ripple="$2"; shift 2 ;;
        --hostile) hostile="$2"; shift 2 ;;
        --logs) logs="$2"; shift 2 ;;
        -h|--help) sed -n '2,17p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "fuzz.sh: unknown option '$1' (see --help)" >&2; exit 64 ;;
    esac
done
if [ -z "$ripple" ]; then
    ripple="$root/.build/debug/ripple"
    [ -x "$ripple" ] || (cd "$root" && swift build --product ripple) || exit 1
fi
mkdir -p "$logs"
# Limits the runner may add by default would stop a long fuzz run: turn them off when they exist.
extra=()
help="$("$ripple" run --help 2>&1)"
case "$help" in *--instruction-limit*) extra+=(--instruction-limit 0) ;; esac
case "$help" in *--memory-limit*) extra+=(--memory-limit 0) ;; esac

seeds=$(( (calls + perSeed - 1) / perSeed ))
last=$(( seed + seeds - 1 ))
results="$logs/results.$$"
: > "$results"

runSeed() {
    local s="$1" out="$logs/seed-$1.log" status summary
    { RIPPLE_FUZZ_SEED="$s" RIPPLE_FUZZ_CALLS="$perSeed" RIPPLE_FUZZ_HOSTILE="$hostile" \
        timeout -k 5 "$timeoutSec" "$ripple" run --check-invariants "${extra[@]}" "$root/Scripts/fuzz/fuzz.lua" > "$out" 2>&1; } 2>/dev/null
    status=$?
    summary=$(grep -a '^fuzz: seed ' "$out" | tail -1)
    # "fuzz: seed S: C calls, E Lua errors (T tables), U without file:line, I invariant violations"
    local c e u iv
    c=$(echo "$summary" | sed -n 's/.*: \([0-9]*\) calls.*/\1/p')
    e=$(echo "$summary" | sed -n 's/.* \([0-9]*\) Lua errors.*/\1/p')
    u=$(echo "$summary" | sed -n 's/.* \([0-9]*\) without file:line.*/\1/p')
    iv=$(echo "$summary" | sed -n 's/.* \([0-9]*\) invariant violations.*/\1/p')
    local verdict=ok
    if [ "$status" -eq 124 ] || [ "$status" -eq 137 ]; then verdict=hang
    elif [ "$status" -ge 128 ]; then verdict="crash:signal-$((status - 128))"
    elif [ -z "$summary" ]; then verdict="failed:status-$status"
    elif [ "${u:-0}" -gt 0 ]; then verdict=errors-without-file:line
    elif [ "${iv:-0}" -gt 0 ]; then verdict=invariant-violations
    elif [ "$status" -ne 0 ]; then verdict="failed:status-$status"
    fi
    [ "$verdict" = ok ] && rm -f "$out"
    echo "$s ${c:-0} ${e:-0} ${u:-0} $verdict ${iv:-0}" >> "$results"
}
export -f runSeed
export perSeed hostile timeoutSec ripple logs root results
export extraArgs="${extra[*]:-}"

start=$(date +%s)
if [ "$jobs" -gt 1 ]; then
    seq "$seed" "$last" | xargs -P "$jobs" -I{} bash -c 'extra=($extraArgs); runSeed {}'
else
    for s in $(seq "$seed" "$last"); do runSeed "$s"; done
fi
elapsed=$(( $(date +%s) - start ))

awk -v first="$seed" -v last="$last" -v secs="$elapsed" -v per="$perSeed" -v hostile="$hostile" \
    -v ripple="$ripple" -v logs="$logs" '
    { calls += $2; errors += $3; unplaced += $4; invariants += $6; n++
      if ($5 != "ok") { bad[++nb] = $1 " " $5; if ($5 ~ /^crash/) crashes++; else if ($5 == "hang") hangs++ } }
    END {
        printf "fuzz: %d calls over %d seeds (%d..%d, %d calls each) in %d s\n", calls, n, first, last, per, secs
        printf "fuzz: %d Lua errors, %d without file:line, %d invariant violations, %d crashes, %d hangs\n", errors, unplaced, invariants + 0, crashes + 0, hangs + 0
        for (i = 1; i <= nb; i++) {
            split(bad[i], f, " ")
            printf "fuzz: seed %s: %s; output in %s/seed-%s.log; replay: RIPPLE_FUZZ_SEED=%s RIPPLE_FUZZ_CALLS=%d RIPPLE_FUZZ_HOSTILE=%s %s run --check-invariants Scripts/fuzz/fuzz.lua\n", f[1], f[2], logs, f[1], f[1], per, hostile, ripple
        }
        exit nb > 0 ? 1 : 0
    }' "$results"
status=$?
rm -f "$results"
exit $status
