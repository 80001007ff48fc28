#!/usr/bin/env bash
# Regenerates the statistics references the e2e tests compare the service with (see README.md):
# for each apps/gateway-e2e/src/statistics/oracle/<name>.tables.json, R's survey package writes
# <name>.r.json and PSPP writes <name>.pspp.csv (its MEANS and CROSSTABS), beside it.
#
#   tools/oracle/make-references.sh            # every tables file
#   tools/oracle/make-references.sh tracker    # one
#
# Needs Rscript with the survey and jsonlite packages (Debian: r-cran-survey, r-cran-jsonlite) and
# PSPP (Debian: pspp). The e2e tests read the committed outputs: they need neither.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
dir="$root/apps/gateway-e2e/src/statistics/oracle"
command -v Rscript >/dev/null || { echo "Rscript is not installed (apt-get install -y r-cran-survey r-cran-jsonlite)" >&2; exit 1; }
command -v pspp >/dev/null || { echo "pspp is not installed (apt-get install -y pspp)" >&2; exit 1; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

names=("$@")
if [ ${#names[@]} -eq 0 ]; then
  for f in "$dir"/*.tables.json; do names+=("$(basename "$f" .tables.json)"); done
fi
for name in "${names[@]}"; do
  tables="$dir/$name.tables.json"
  data="$root/$(node -e "console.log(require('$tables').data)")"
  pspp_file="$(node -e "const s = require('$tables'); console.log(s.pspp.file ?? s.data)")"
  echo "$name: R survey on $(basename "$data")"
  Rscript "$here/survey-references.R" "$data" "$tables" "$dir/$name.r.json"
  echo "$name: PSPP on $(basename "$pspp_file")"
  cp "$root/$pspp_file" "$work/"
  # Relative names only, so no path of this machine ends up in a committed file.
  (cd "$root" && node tools/oracle/pspp-syntax.mjs "$tables" "$(basename "$pspp_file")") >"$work/$name.sps"
  (cd "$work" && pspp --error-file=/dev/stderr -O format=csv -o "$name.pspp.csv" "$name.sps" >/dev/null)
  cp "$work/$name.pspp.csv" "$dir/$name.pspp.csv"
done
{ pspp --version | head -1; Rscript -e 'cat(R.version.string, "; survey", as.character(packageVersion("survey")), "\n")'; } >"$dir/VERSIONS"
(cd "$root" && npx prettier --write "$dir" >/dev/null)
ls -l "$dir"
