#!/bin/sh
# Make sure the build and simulator dependencies are installed. On Debian/Ubuntu,
# installs what is missing with apt-get (sudo when not root); elsewhere, says what
# to install by hand. Quiet and quick when everything is already there.
set -eu

missing=""
need() { # need PACKAGE TEST...
    pkg=$1; shift
    if ! "$@" >/dev/null 2>&1; then missing="$missing $pkg"; fi
}
need gcc-avr       command -v avr-gcc
need binutils-avr  command -v avr-objcopy
need avr-libc      test -f /usr/lib/avr/include/avr/io.h
need simavr        command -v simavr
need libsimavr-dev test -f /usr/include/simavr/sim_avr.h
need libelf-dev    test -f /usr/include/libelf.h
need pkg-config    command -v pkg-config
need python3       command -v python3
need make          command -v make
need gcc           command -v cc
need clang         command -v clang

# libFuzzer (make fuzz, make test) ships apart from clang on Debian: libclang-rt-<version>-dev
fuzzer_links() {
    printf 'int LLVMFuzzerTestOneInput(const char *d, long n) { (void)d; (void)n; return 0; }\n' |
        clang -fsanitize=fuzzer -x c - -o /dev/null
}
if command -v clang >/dev/null 2>&1 && ! fuzzer_links >/dev/null 2>&1; then
    v=$(clang --version | sed -n 's/.*clang version \([0-9]*\).*/\1/p' | head -n 1)
    missing="$missing libclang-rt-$v-dev"
fi

[ -z "$missing" ] && exit 0

echo "deps: missing:$missing"
if ! command -v apt-get >/dev/null 2>&1; then
    echo "deps: no apt-get here. Install by hand: avr-gcc, avr-libc, avr binutils," >&2
    echo "deps: simavr with its headers and library (libsimavr), libelf, pkg-config," >&2
    echo "deps: clang with libFuzzer (its compiler-rt)." >&2
    exit 1
fi
sudo=""
if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null 2>&1; then sudo="sudo"; else
        echo "deps: not root and no sudo: run as root: apt-get install$missing" >&2
        exit 1
    fi
fi
echo "deps: installing with apt-get:$missing"
$sudo env DEBIAN_FRONTEND=noninteractive apt-get update -qq
# shellcheck disable=SC2086
$sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $missing

# clang came in just now: its libFuzzer may be a separate package
if ! fuzzer_links >/dev/null 2>&1; then
    v=$(clang --version | sed -n 's/.*clang version \([0-9]*\).*/\1/p' | head -n 1)
    echo "deps: installing with apt-get: libclang-rt-$v-dev"
    $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "libclang-rt-$v-dev"
fi
