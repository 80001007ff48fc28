#!/usr/bin/env bash
# A large demo .sav (and its CSV export) made by PSPP from the tracker syntax, for trying the import
# at scale. Not committed: 50,000 respondents make a 3.1 MB .sav (bytecode-compressed) and a 3.2 MB CSV; 1,000,000 make 62 MB and 64 MB (16 s).
#
#   tools/pspp/make-demo.sh [RESPONDENTS=50000] [OUT_DIR=tmp/pspp-demo]
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
n="${1:-50000}"
out="${2:-$root/tmp/pspp-demo}"
command -v pspp >/dev/null || { echo "pspp is not installed (apt-get install -y pspp)" >&2; exit 1; }
mkdir -p "$out"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
sed -e "s|@N@|$n|g" -e "s|@SEED@|20261203|g" -e "s|@SAV@|demo-$n.sav|g" -e "s|@CSV@|demo-$n.csv|g" -e "s|@COMPRESSION@|COMPRESSED|g" \
  "$here/tracker-data.sps.in" >"$work/demo.sps"
(cd "$work" && pspp --error-file=/dev/stderr demo.sps >/dev/null)
cp "$work/demo-$n.sav" "$work/demo-$n.csv" "$out/"
ls -l "$out/demo-$n.sav" "$out/demo-$n.csv"
