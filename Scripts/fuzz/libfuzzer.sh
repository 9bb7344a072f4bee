#!/usr/bin/env bash
# Builds and runs the libFuzzer targets (docs/reliability.md):
#   predicate  the predicate parser and evaluator (ObjectGraph, instrumented)
#   values     the conversion of Lua values to Swift values (Scripting, instrumented)
# Each target is compiled with `swiftc -sanitize=fuzzer,address` together with the sources of the module
# it tests; the other modules are linked from the debug build (run `swift build` first).
#
# Usage: Scripts/fuzz/libfuzzer.sh predicate|values [libFuzzer options, e.g. -runs=100000 -max_total_time=60]
# The corpus is kept in /tmp/ripple-libfuzzer/<target>-corpus; crashing inputs in /tmp/ripple-libfuzzer/<target>-crash-….
set -eu
root="$(cd "$(dirname "$0")/../.." && pwd)"
target="${1:?usage: libfuzzer.sh predicate|values [libFuzzer options]}"
shift
build="$root/.build/debug"
out=/tmp/ripple-libfuzzer
mkdir -p "$out/$target-corpus"
[ -d "$build/Modules" ] || (cd "$root" && swift build)

# The object files of modules of the debug build (names may contain spaces), into the array `linked`.
linked=()
link() {
    local m f
    for m in "$@"; do
        [ -d "$build/$m.build" ] || continue
        while IFS= read -r -d '' f; do linked+=("$f"); done < <(find "$build/$m.build" -maxdepth 1 -name '*.o' -print0)
    done
}
collections=(OrderedCollections DequeModule HeapModule BitCollections HashTreeCollections _RopeModule
  InternalCollectionsUtilities Collections ContainersPreview BasicContainers SortedCollections TrailingElementsModule)
sources=()
add() { local f; while IFS= read -r -d '' f; do sources+=("$f"); done < <(find "$1" -name '*.swift' -print0); }
flags=(-sanitize=fuzzer,address -parse-as-library -g -Onone -swift-version 5
  -I "$build/Modules" -I "$root/Sources/CLua" -I "$root/Sources/CLuaShim/include" -I "$root/Sources/CSQLite"
  -Xcc -fmodule-map-file="$build/CLuaShim.build/module.modulemap" -Xcc -I/usr/include/lua5.4 -llua5.4 -lsqlite3)

case "$target" in
    predicate)
        add "$root/Sources/ObjectGraph"
        link "${collections[@]}"
        rm -f "$out/predicate-fuzzer"
        swiftc "${flags[@]}" -module-name ObjectGraph -o "$out/predicate-fuzzer" \
            "${sources[@]}" "$root/Scripts/fuzz/libfuzzer/PredicateTarget.swift" "${linked[@]}" \
            2>&1 | grep -v 'Cannot export local symbol' || true
        ;;
    values)
        add "$root/Sources/Scripting"
        link ObjectGraph FetchedResults CollectionViews ViewControllers LuaBridge CLuaShim "${collections[@]}"
        rm -f "$out/values-fuzzer"
        swiftc "${flags[@]}" -module-name Scripting -o "$out/values-fuzzer" \
            "${sources[@]}" "$root/Scripts/fuzz/libfuzzer/ValueConversionTarget.swift" "${linked[@]}" \
            2>&1 | grep -v 'Cannot export local symbol' || true
        ;;
    *) echo "libfuzzer.sh: unknown target '$target' (predicate or values)" >&2; exit 64 ;;
esac
[ -x "$out/$target-fuzzer" ] || { echo "libfuzzer.sh: build failed" >&2; exit 1; }
dict=()
[ "$target" = predicate ] && dict=(-dict="$root/Scripts/fuzz/libfuzzer/predicate.dict")
export SWIFT_BACKTRACE=enable=no  # the Swift backtracer and ASan's reports do not mix
exec "$out/$target-fuzzer" -artifact_prefix="$out/$target-" "${dict[@]}" "$out/$target-corpus" "$@"
