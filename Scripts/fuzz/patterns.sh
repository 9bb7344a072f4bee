#!/usr/bin/env bash
# Differential check of Ripple's Lua pattern matcher (Sources/CLuaShim/Patterns.c) against the Lua 5.4
# library installed on the machine (liblua5.4-dev): builds a small host that keeps Lua's own functions as
# string.lfind, lmatch, lgmatch, lgsub next to Ripple's, and compares them on 200,000 random calls per seed.
# Usage: Scripts/fuzz/patterns.sh [first-seed [last-seed]]   (docs/reliability.md)
set -eu
root="$(cd "$(dirname "$0")/../.." && pwd)"
out="${TMPDIR:-/tmp}/ripple-patterns-differential"
cc -O1 -o "$out" "$root/Scripts/fuzz/patterns/differential.c" "$root/Sources/CLuaShim/Patterns.c" \
    -I"$root/Sources/CLuaShim/include" $(pkg-config --cflags --libs lua5.4 2>/dev/null || echo "-I/usr/include/lua5.4 -llua5.4")
first="${1:-1}" last="${2:-${1:-1}}"
for seed in $(seq "$first" "$last"); do SEED="$seed" "$out" "$root/Scripts/fuzz/patterns/differential.lua"; done
