#!/usr/bin/env bash
# Installs the C libraries Ripple builds against when they are missing (Debian/Ubuntu):
# liblua5.4-dev (pkg-config lua5.4), libedit-dev (pkg-config libedit) and libsqlite3-dev (pkg-config sqlite3). Uses sudo when not root. Safe to run repeatedly.
set -euo pipefail

missing=()
pkg-config --exists lua5.4 2>/dev/null || missing+=(liblua5.4-dev)
pkg-config --exists libedit 2>/dev/null || missing+=(libedit-dev)
pkg-config --exists sqlite3 2>/dev/null || missing+=(libsqlite3-dev)
command -v pkg-config >/dev/null 2>&1 || missing+=(pkg-config)

if [ ${#missing[@]} -gt 0 ]; then
  sudo=""
  if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
  echo "bootstrap: installing ${missing[*]}" >&2
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
fi

# The report parsers the CLI tests validate `ripple test --junit` and `--tap` with (they skip with a note
# when these cannot be installed): xmllint (Debian's libxml2-utils), junitparser and tap.py (PyPI).
if ! command -v xmllint >/dev/null 2>&1; then
  sudo=""
  if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
  { $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq libxml2-utils; } >/dev/null 2>&1 \
    || echo "bootstrap: could not install libxml2-utils (xmllint); the JUnit test will skip it" >&2
fi
if command -v python3 >/dev/null 2>&1 && ! python3 -c 'import junitparser, tap, yaml, more_itertools' >/dev/null 2>&1; then
  python3 -m pip install -q --disable-pip-version-check junitparser "tap.py[yaml]" >/dev/null 2>&1 \
    || python3 -m pip install -q --user --break-system-packages --disable-pip-version-check junitparser "tap.py[yaml]" >/dev/null 2>&1 \
    || echo "bootstrap: could not install junitparser and tap.py (PyPI); the report tests will skip them" >&2
fi

# The sqlite3 command-line shell: the store-format tests build Core Data store files with it and check the
# files Ripple writes (they skip with a note when it is missing).
if ! command -v sqlite3 >/dev/null 2>&1; then
  sudo=""
  if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
  { $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq sqlite3; } >/dev/null 2>&1 \
    || echo "bootstrap: could not install sqlite3; the store-format tests will skip" >&2
fi

# Optional: Graphviz's dot renders `ripple graph --format svg` (the tests skip the rendering without it).
if ! command -v dot >/dev/null 2>&1; then
  sudo=""
  if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
  { $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq graphviz; } >/dev/null 2>&1 \
    || echo "bootstrap: graphviz not installed; ripple graph --format svg needs its dot" >&2
fi

# Optional: Debian's chromium renders `ripple run --report` pages headless in the report test (which
# says it skipped, and why, without it).
if ! command -v chromium >/dev/null 2>&1; then
  sudo=""
  if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
  { $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq chromium; } >/dev/null 2>&1 \
    || echo "bootstrap: chromium not installed; the report test skips its browser check" >&2
fi

# The C++ runtime's static archive for `ripple` (Package.swift, staticCxxDirectory; docs/performance.md, T4):
# linked into .build-cxx/ when the C compiler knows one; without it `ripple` links libstdc++.so as before.
root="$(cd "$(dirname "$0")/.." && pwd)"
for cc in clang gcc; do
  if command -v "$cc" >/dev/null 2>&1; then
    archive="$("$cc" -print-file-name=libstdc++.a 2>/dev/null || true)"
    if [ -n "$archive" ] && [ "$archive" != "libstdc++.a" ] && [ -f "$archive" ]; then
      mkdir -p "$root/.build-cxx" && ln -sfn "$archive" "$root/.build-cxx/libstdc++.a"
      break
    fi
  fi
done
