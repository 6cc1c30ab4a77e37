#!/bin/sh
# `cmake --install` lays the program out as it expects: run from elsewhere, the installed program
# solves an installed example, and `bench --suite` finds its data in <prefix>/share/dynamo.
#
#   tests/package/test_install.sh BUILD_FOLDER
set -eu

build=${1:?usage: test_install.sh BUILD_FOLDER}
prefix=$(mktemp -d)
trap 'rm -rf "$prefix"' EXIT
cmake --install "$build" --prefix "$prefix" >/dev/null
cd /
"$prefix/bin/dynamo" --version
for f in share/doc/dynamo/README.md share/doc/dynamo/rules.md share/doc/dynamo/format.md \
         share/doc/dynamo/examples/dynamo-2.pop share/dynamo/problems/bench-orthodox \
         share/dynamo/problems/dynref-bench.pop share/dynamo/tests/data/popeye/timings.tsv; do
    [ -e "$prefix/$f" ] || { echo "FAILED: $f is not installed" >&2; exit 1; }
done
"$prefix/bin/dynamo" solve "$prefix/share/doc/dynamo/examples/dynamo-2.pop" | grep 'Rh3-h2 !'
# The data beside the program, not the source tree: the suite's files are under the prefix.
out=$("$prefix/bin/dynamo" bench --suite dynref --repeat 1 --threads 1)
echo "$out" | tail -n 2
echo "$out" | grep -q total || { echo "FAILED: bench --suite dynref" >&2; exit 1; }
echo "install test passed"
