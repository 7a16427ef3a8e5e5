#!/usr/bin/env bash
# Loads the results site in headless Chromium and checks it as a reader would see it: the
# overview, 1280 and 390 px wide, links to every family (visibly) and the link opens the
# family's page with a ranked table per CPU; every page's images load; no page scrolls sideways
# or asks for anything outside the site's folder. Saves screenshots of the overview (full page,
# 1280 px, and beside it `-390.png`). See site-test/check.mjs for the checks.
#
# usage: scripts/site-browser-test.sh [SITE_DIR]     (default: results/site)
#
# Environment:
#   SITE_SCREENSHOT  where to save the overview's screenshot (default: SITE_DIR/../site-screenshot.png)
#   CHROMIUM         the browser (default: /usr/bin/chromium, installed with apt-get if missing)
#
# Needs node (20 or newer) and npm; playwright-core is installed from the lockfile into
# scripts/site-test/node_modules, without Playwright's own browsers.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
site=${1:-$here/../results/site}
chromium=${CHROMIUM:-/usr/bin/chromium}

fail() {
    echo "site-browser-test: $*" >&2
    exit 1
}

[ -f "$site/index.html" ] || fail "no $site/index.html: build the site first"
site=$(cd "$site" && pwd)
screenshot=${SITE_SCREENSHOT:-$(dirname "$site")/site-screenshot.png}

if [ ! -x "$chromium" ]; then
    [ "$chromium" = /usr/bin/chromium ] || fail "CHROMIUM=$chromium is not an executable"
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    echo "site-browser-test: installing Debian's chromium"
    export DEBIAN_FRONTEND=noninteractive
    $sudo apt-get update -q
    $sudo apt-get install -y -q chromium
fi

command -v node > /dev/null || fail "node is not installed (node 20 or newer is needed)"
if [ ! -d "$here/site-test/node_modules/playwright-core" ]; then
    (cd "$here/site-test" && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund --silent)
fi

# Debian's /usr/bin/chromium is a wrapper script (it prints a spurious shell warning on some
# machines); run the browser it wraps where it is there.
if [ -z "${CHROMIUM:-}" ] && [ -x /usr/lib/chromium/chromium ]; then
    export CHROMIUM=/usr/lib/chromium/chromium
else
    export CHROMIUM=$chromium
fi
node "$here/site-test/check.mjs" "$site" "$screenshot"
