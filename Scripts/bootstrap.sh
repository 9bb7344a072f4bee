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

# Optional: Graphviz's dot renders `ripple graph --format svg` (the tests skip the rendering without it).
if ! command -v dot >/dev/null 2>&1; then
  sudo=""
  if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
  { $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq graphviz; } >/dev/null 2>&1 \
    || echo "bootstrap: graphviz not installed; ripple graph --format svg needs its dot" >&2
fi
