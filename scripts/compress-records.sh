#!/usr/bin/env bash
# Compresses the plain-JSON records under results/<cpu>/ into the form runs now write,
# <stem>.json.gz, and removes each plain file once its compressed copy is proven to hold the
# same bytes. gzip -9 -n: the best level, and no name or time in the header, so that the same
# record always compresses to the same bytes. Folders that hold no records (baseline,
# cross-cpu, site) and hidden files are left alone; a record already compressed is skipped,
# so the script can be run again. Every command reads both forms.
#
#   scripts/compress-records.sh            results/ of this repository
#   scripts/compress-records.sh DIR        another results folder
set -euo pipefail
cd "$(dirname "$0")/.."
results=${1:-results}
[[ -d $results ]] || { echo "compress-records.sh: no folder $results" >&2; exit 2; }

before=$(du -sb "$results" | cut -f1)
count=0
while IFS= read -r -d '' plain; do
    case ${plain#"$results"/} in baseline/* | cross-cpu/* | site/*) continue ;; esac
    grep -q '"schema_version"' "$plain" || { echo "skipping $plain: not a record"; continue; }
    packed=$plain.gz
    if [[ -e $packed ]]; then
        echo "compress-records.sh: both $plain and $packed exist; resolve by hand" >&2
        exit 1
    fi
    gzip -9 -n -c "$plain" >"$packed.tmp"
    cmp -s <(gzip -dc "$packed.tmp") "$plain" ||
        { rm -f "$packed.tmp"; echo "compress-records.sh: $plain did not survive" >&2; exit 1; }
    mv "$packed.tmp" "$packed"
    rm "$plain"
    count=$((count + 1))
done < <(find "$results" -mindepth 2 -maxdepth 2 -name '*.json' ! -name '.*' -print0 | sort -z)
after=$(du -sb "$results" | cut -f1)
echo "compress-records.sh: $count records compressed; $results/ went from $((before >> 20)) MiB" \
    "to $((after >> 20)) MiB"
