#!/bin/sh
# The Debian package, installed for real: apt installs it (and the libraries it depends on) in a
# fresh Debian 12, where the installed program solves an installed example and finds the bench
# data beside it. Needs root, debootstrap and, for the first run, the network to deb.debian.org.
#
#   cmake --build build && (cd build && cpack -G DEB) && tests/package/test_deb.sh build
#
# The bootstrapped system is kept in <build>/debian-bookworm and copied for each run.
set -eu

build=$(cd "${1:?usage: test_deb.sh BUILD_FOLDER}" && pwd)
deb=$(ls -t "$build"/dynamo_*.deb 2>/dev/null | head -n 1)
[ -n "$deb" ] || { echo "no dynamo_*.deb in $build: run cpack -G DEB there" >&2; exit 1; }
[ "$(id -u)" = 0 ] || { echo "test_deb.sh: needs root (debootstrap, chroot)" >&2; exit 1; }

cache=$build/debian-bookworm
if [ ! -e "$cache/.bootstrapped" ]; then
    rm -rf "$cache"
    debootstrap --variant=minbase bookworm "$cache" http://deb.debian.org/debian
    touch "$cache/.bootstrapped"
fi

work=$build/debian-bookworm-test
cleanup() {
    umount "$work/proc" 2>/dev/null || true
    rm -rf "$work"
}
cleanup
trap cleanup EXIT
cp -a "$cache" "$work"
mount -t proc proc "$work/proc"
cp /etc/resolv.conf "$work/etc/resolv.conf"
cp "$deb" "$work/tmp/"
name=$(basename "$deb")

in_chroot() { chroot "$work" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin "$@"; }
in_chroot apt-get update -q
in_chroot apt-get install -y -q "/tmp/$name"

echo "--- dynamo --version"
in_chroot dynamo --version
echo "--- dynamo solve /usr/share/doc/dynamo/examples/dynamo-2.pop"
out=$(in_chroot dynamo solve /usr/share/doc/dynamo/examples/dynamo-2.pop)
echo "$out"
echo "$out" | grep -q 'Rh3-h2 !' || { echo "FAILED: the example's key is not in the output" >&2; exit 1; }
echo "--- dynamo bench --suite dynref --repeat 1 (its data from /usr/share/dynamo)"
in_chroot dynamo bench --suite dynref --repeat 1 --threads 1 | tail -n 3
[ -f "$work/usr/share/doc/dynamo/README.md" ] || { echo "FAILED: no README.md" >&2; exit 1; }
echo "package test passed"
