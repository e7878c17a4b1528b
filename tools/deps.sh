#!/bin/sh
# Make sure the build and simulator dependencies are installed. On Debian/Ubuntu,
# installs what is missing with apt-get (sudo when not root); elsewhere, says what
# to install by hand. Quiet and quick when everything is already there.
# Usage: sh tools/deps.sh [flash|web]
#   flash: avrdude too, for make flash only.
#   web (make web, serve, test, bench): node, npm and Debian's chromium for the browser page,
#   and `npm ci` in sim/web when its packages are missing or the lock file changed.
# DEPS_DRY_RUN=1: say what is missing, install nothing.
set -eu
mode=${1:-}
web=false
[ "$mode" = web ] && web=true

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
need python3-yaml  python3 -c 'import yaml'
need make          command -v make
need gcc           command -v cc
need clang         command -v clang
# grundy's prompt: line editing and history (BSD licence)
need libedit-dev   test -f /usr/include/histedit.h
# Optiboot's source, for the Uno suite's bootloader (make test builds it into build/optiboot)
need arduino-core-avr test -f /usr/share/arduino/hardware/arduino/avr/bootloaders/optiboot/optiboot.c
if [ "$mode" = flash ]; then
    need avrdude   command -v avrdude
fi
if $web; then
    need nodejs    command -v node
    need npm       command -v npm
    need chromium  test -x /usr/bin/chromium
fi

# libFuzzer (make fuzz, make test) ships apart from clang on Debian: libclang-rt-<version>-dev
fuzzer_links() {
    printf 'int LLVMFuzzerTestOneInput(const char *d, long n) { (void)d; (void)n; return 0; }\n' |
        clang -fsanitize=fuzzer -x c - -o /dev/null
}
if command -v clang >/dev/null 2>&1 && ! fuzzer_links >/dev/null 2>&1; then
    v=$(clang --version | sed -n 's/.*clang version \([0-9]*\).*/\1/p' | head -n 1)
    missing="$missing libclang-rt-$v-dev"
fi

# sim/web's npm packages, exactly as its package-lock.json pins them
web_packages() {
    $web || return 0
    node_major=$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)
    if [ "$node_major" -lt 20 ]; then
        echo "deps: node $node_major found; the browser tests' playwright-core needs node 20 or later" >&2
    fi
    stamp=sim/web/node_modules/.package-lock.json
    if [ ! -f "$stamp" ] || [ sim/web/package-lock.json -nt "$stamp" ]; then
        echo "deps: npm ci in sim/web (avr8js, esbuild, playwright-core)"
        (cd sim/web && npm ci --no-audit --no-fund --loglevel=error)
    fi
}

if [ -z "$missing" ]; then
    web_packages
    exit 0
fi

echo "deps: missing:$missing"
if [ -n "${DEPS_DRY_RUN:-}" ]; then
    echo "deps: DEPS_DRY_RUN: would install:$missing"
    exit 0
fi
if ! command -v apt-get >/dev/null 2>&1; then
    echo "deps: no apt-get here. Install by hand: avr-gcc, avr-libc, avr binutils," >&2
    echo "deps: simavr with its headers and library (libsimavr), libelf, pkg-config, libedit," >&2
    echo "deps: clang with libFuzzer (its compiler-rt); for the browser page: node (20 or" >&2
    echo "deps: later), npm and chromium." >&2
    [ "$mode" = flash ] && echo "deps: avrdude, for make flash." >&2
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

web_packages
