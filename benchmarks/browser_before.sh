#!/bin/sh
# The browser tests of this checkout against the web explorer of another revision: the "failed
# before" half of issue 16's "every defect has a browser test that failed before and passes now".
#
#   benchmarks/browser_before.sh [REV] [pytest arguments...]     (REV: c0d1776^ unless given)
#
# REV is checked out in a throwaway git worktree under /tmp (removed on exit) and served by
# tests/web_server.py with ZERMELO_SERVE_SRC=<that checkout>/src: the server runs REV's code on
# this checkout's .venv; the tests, fixtures and browser are this checkout's.  Against the code
# before issue 16 every test is expected to FAIL; one that passes cannot catch its defect.
# The summary lists each test's outcome and, for a failure, the line and message (docs/web.md).
set -eu
rev=${1:-c0d1776^}
[ $# -gt 0 ] && shift
root=$(git rev-parse --show-toplevel)
dir=$(mktemp -d /tmp/zermelo-before.XXXXXX)
trap 'git -C "$root" worktree remove --force "$dir"' EXIT INT TERM
git -C "$root" worktree add --detach --quiet "$dir" "$rev"
cd "$root"
status=0
ZERMELO_SERVE_SRC="$dir/src" .venv/bin/python -m pytest -p no:cacheprovider --tb=line -rfp \
  tests/test_browser_journeys.py tests/test_browser_class.py tests/test_browser.py "$@" || status=$?
exit "$status"
