#!/usr/bin/env bash
# Regenerates the survey-import fixtures with PSPP (the independent reference the import is checked
# against): the .sav files, their CSV exports and PSPP's weighted CROSSTABS / FREQUENCIES tables.
#
#   tools/pspp/make-fixtures.sh            -> libs/survey-import/domain/fixtures/
#   tools/pspp/make-fixtures.sh OUT_DIR
#
# Needs PSPP (Debian: apt-get install -y pspp). PSPP's random numbers are seeded, so a rerun with
# the same PSPP version gives the same files.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
out="${1:-$root/libs/survey-import/domain/fixtures}"
command -v pspp >/dev/null || { echo "pspp is not installed (apt-get install -y pspp)" >&2; exit 1; }
mkdir -p "$out"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# fill TEMPLATE TARGET N SEED NAME COMPRESSION: the syntax with its placeholders filled in.
fill() {
  sed -e "s|@N@|$3|g" -e "s|@SEED@|$4|g" -e "s|@SAV@|$5.sav|g" -e "s|@ZSAV@|$5.zsav|g" -e "s|@CSV@|$5.csv|g" -e "s|@COMPRESSION@|$6|g" "$1" >"$2"
}

# run SYNTAX [CSV_OUTPUT]: PSPP in the work directory (relative names only, so no path ends up in a file).
run() {
  if [ $# -gt 1 ]; then
    (cd "$work" && pspp --error-file=/dev/stderr -O format=csv -o "$2" "$1" >/dev/null)
  else
    (cd "$work" && pspp --error-file=/dev/stderr "$1" >/dev/null)
  fi
}

fill "$here/tracker-data.sps.in" "$work/tracker-data.sps" 2400 20261201 tracker UNCOMPRESSED
fill "$here/tracker-tables.sps.in" "$work/tracker-tables.sps" 0 0 tracker UNCOMPRESSED
fill "$here/panel-data.sps.in" "$work/panel-data.sps" 500 20261202 panel COMPRESSED
fill "$here/panel-tables.sps.in" "$work/panel-tables.sps" 0 0 panel COMPRESSED
fill "$here/invalid-data.sps" "$work/invalid-data.sps" 0 0 invalid UNCOMPRESSED
fill "$here/traps-data.sps.in" "$work/traps-data.sps" 3000 20261203 traps COMPRESSED
fill "$here/traps-tables.sps.in" "$work/traps-tables.sps" 0 0 traps COMPRESSED
run tracker-data.sps
run tracker-tables.sps tracker.tables.csv
run panel-data.sps
run panel-tables.sps panel.tables.csv
run invalid-data.sps
run traps-data.sps
run traps-tables.sps traps.tables.csv
for f in tracker.sav tracker.csv tracker.tables.csv panel.sav panel.csv panel.tables.csv invalid.sav traps.sav traps.zsav traps.csv traps.tables.csv; do
  cp "$work/$f" "$out/$f"
done
pspp --version | head -1 >"$out/PSPP-VERSION"
ls -l "$out"
