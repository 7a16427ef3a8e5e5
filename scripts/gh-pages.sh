#!/usr/bin/env bash
# The GitHub Pages branch, gh-pages, that .github/workflows/bench.yml publishes to:
#
#   /           the results site (`bitbench site` over every leg's record), replaced by each
#               publish
#   /dev/       github-action-benchmark's data and charts (dev/instructions, dev/timings),
#               written by that action; a publish never touches it
#
#   scripts/gh-pages.sh ensure        create gh-pages on origin (an empty first commit) unless
#                                     it exists
#   scripts/gh-pages.sh publish DIR   replace the site on gh-pages by the files of DIR, keep
#                                     dev/, push
#
# Pushes to the remote `origin` with the credentials the checkout has (in the workflow, the
# job's GITHUB_TOKEN with contents: write). Another job may push to the branch in between (the
# trackers do): a rejected push is tried again on the new tip, up to five times.
set -euo pipefail
branch=gh-pages
die() { echo "gh-pages.sh: $*" >&2; exit 1; }
export GIT_AUTHOR_NAME=${GIT_AUTHOR_NAME:-github-actions[bot]}
export GIT_AUTHOR_EMAIL=${GIT_AUTHOR_EMAIL:-41898282+github-actions[bot]@users.noreply.github.com}
export GIT_COMMITTER_NAME=$GIT_AUTHOR_NAME GIT_COMMITTER_EMAIL=$GIT_AUTHOR_EMAIL

exists() { git ls-remote --exit-code --heads origin "$branch" >/dev/null; }

ensure() {
    local attempt empty commit
    for attempt in 1 2 3; do
        exists && return 0
        empty=$(git hash-object -w -t tree /dev/null)
        commit=$(git commit-tree "$empty" -m "gh-pages: the results site and the trackers' data")
        # A failed push may mean another job created it first: the loop checks again.
        git push -q origin "$commit:refs/heads/$branch" && return 0
        sleep $((attempt * 2))
    done
    exists || die "could not create $branch on origin"
}

publish() {
    local site attempt
    site=$(cd "${1:?publish needs a folder}" && pwd)
    [[ -f $site/index.html ]] || die "$site has no index.html: is it a site built by bitbench site?"
    ensure
    work=$(mktemp -d) # global: the trap runs after this function has returned
    trap 'git worktree remove --force "$work/pages" >/dev/null 2>&1 || true; rm -rf "$work"' EXIT
    for attempt in 1 2 3 4 5; do
        git fetch -q origin "$branch"
        git worktree add -q --detach "$work/pages" FETCH_HEAD
        if (
            cd "$work/pages"
            find . -mindepth 1 -maxdepth 1 ! -name .git ! -name dev -exec rm -rf {} +
            cp -R "$site"/. .
            touch .nojekyll # serve the files as they are
            git add -A
            if git diff --cached --quiet; then
                echo "gh-pages.sh: the site on $branch is already this one"
                exit 0
            fi
            git commit -q -m "site: bitbench site over every leg's record (${GITHUB_SHA:-local})"
            git push -q origin "HEAD:refs/heads/$branch"
            echo "gh-pages.sh: published $site to $branch"
        ); then
            return 0
        fi
        git worktree remove --force "$work/pages"
        sleep $((attempt * 3))
    done
    die "could not push to $branch after five tries"
}

case ${1:-} in
    ensure) ensure ;;
    publish) publish "${2:-}" ;;
    *) sed -n '2,/^set -euo/{/^set -euo/d;s/^# \{0,1\}//;p}' "${BASH_SOURCE[0]}" >&2; exit 2 ;;
esac
