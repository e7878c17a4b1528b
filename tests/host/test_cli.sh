#!/bin/sh
# grundy's three ways in, as a person uses them: arguments answer one command and exit; a pipe
# or a file answers line after line; a terminal gets a prompt, help, quit and Ctrl-D. Exit
# statuses: 0, 1 when any line got err, 2 for a usage error. `judge` with bad input gives one
# line on standard error and a non-zero status (run with the AddressSanitizer build, GRUNDY_ASAN).
# Usage: sh tests/host/test_cli.sh build/host/grundy [build/host/grundy-asan]
set -u
g=$1
asan=${2:-$1}
pass=0
fail=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

check() { # check WHAT COMMAND-RESULT
    if [ "$2" = ok ]; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL [$1] $2"; fi
}
# expect WHAT WANT-STATUS WANT-OUTPUT ARGS... (stdin from $tmp/in)
expect() {
    what=$1 st=$2 want=$3
    shift 3
    out=$("$@" <"$tmp/in" 2>"$tmp/err")
    got=$?
    if [ "$got" -ne "$st" ]; then check "$what" "exit status $got, expected $st"
    elif [ "$out" != "$want" ]; then check "$what" "output '$out', expected '$want'"
    else check "$what" ok; fi
}

: >"$tmp/in"
expect "arguments" 0 "N 1 4 5" "$g" solve nim 3 4 5
expect "arguments, any case" 0 "N 1 4 5" "$g" Solve NIM 3 4 5
expect "arguments, a refusal" 1 "err unknown game 'chess' (type help)" "$g" solve chess 1 2
expect "arguments, a course game" 0 "N 2001 11 4" "$g" solve calendar 2001 11 3
expect "arguments, digital deletions" 0 "N 1" "$g" solve digits 1020
expect "arguments, the calculator plays no game" 1 \
    "err new plays on a device's LEDs: this is the calculator" "$g" new nim 1 2 3
expect "--help" 0 "$("$g" --help)" "$g" --help
"$g" --help | grep -q "grundy judge" && check "--help names judge" ok || check "--help names judge" "no"

printf 'solve nim 1 2 3\nmoves nim 1 2\n\ngrundy nim 10\n' >"$tmp/in"
expect "a pipe" 0 "P
1 1
count 1
10" "$g"
printf 'solve nim 1 2 3\r\nsolve bogus 1\nsolve nim 1 2' >"$tmp/in"
expect "a file with an err line, CR LF, no last line end" 1 "P
err unknown game 'bogus' (type help)
N 1 1" "$g"
printf 'quit\nsolve nim 1\n' >"$tmp/in"
expect "quit is a command only at a terminal" 1 "err unknown command 'quit' (type help)
N 0" "$g"

# a terminal: the prompt, help, an answer, quit; and Ctrl-D
python3 - "$g" >"$tmp/tty" 2>&1 <<'PY'
import os, pty, select, sys, time
def session(keys):
    pid, fd = pty.fork()
    if pid == 0:
        os.execv(sys.argv[1], [sys.argv[1]])
    out = b''
    def read_until(token, times, t=5):
        nonlocal out
        end = time.time() + t
        while out.count(token) < times and time.time() < end:
            r, _, _ = select.select([fd], [], [], 0.1)
            if r:
                try: out += os.read(fd, 4096)
                except OSError: break
        return out.count(token) >= times
    ok = read_until(b'grundy> ', 1)
    for i, k in enumerate(keys):
        os.write(fd, k)
        ok = ok and (k in (b'quit\n', b'\x04') or read_until(b'grundy> ', i + 2))
    _, status = os.waitpid(pid, 0)
    return ok, out.decode(errors='replace'), os.waitstatus_to_exitcode(status)
ok, out, code = session([b'help\n', b'solve nim 3 4 5\n', b'quit\n'])
print('prompt-help-quit', ok and 'Ctrl-D' in out and 'moves <game>' in out and 'N 1 4 5' in out and code == 0, code)
ok, out, code = session([b'solve nim 1 1\n', b'\x04'])
print('ctrl-d', ok and 'P' in out and code == 0, code)
ok, out, code = session([b'solve chess 1\n', b'\x04'])
print('ctrl-d-after-an-err', ok and code == 1, code)
PY
while read -r what res code; do
    [ "$res" = True ] && check "terminal: $what" ok || check "terminal: $what" "exit $code, or the screen lacked a reply"
done <"$tmp/tty"

# judge: the list, an unknown problem, bad input (AddressSanitizer build)
"$g" judge >"$tmp/list" 2>&1
n=$(grep -c . "$tmp/list")
[ "$n" -ge 18 ] && check "judge lists the problems" ok || check "judge lists the problems" "$n lines"
: >"$tmp/in"
"$g" judge 9999 <"$tmp/in" >/dev/null 2>"$tmp/err"
st=$?
[ $st -eq 2 ] && [ "$(grep -c . "$tmp/err")" -eq 1 ] && check "judge 9999: unknown" ok ||
    check "judge 9999: unknown" "exit $st, stderr '$(cat "$tmp/err")'"
for bad in "x" "2
3 4
5" "1
-5 3" "99999999999999999999 1" "1
1 2 3 4 5 6 7 8"; do
    for p in 1846 1847 1848 1849 1850 2149 2188 2147 1079 1517 1404 1536 1907 2509 1527 1944 2999 1524; do
        printf '%s' "$bad" >"$tmp/in"
        "$asan" judge $p <"$tmp/in" >/dev/null 2>"$tmp/err"
        st=$?
        if grep -q "AddressSanitizer\|runtime error" "$tmp/err"; then check "judge $p, bad input" "sanitizer: $(head -3 "$tmp/err")"
        elif [ $st -ge 128 ]; then check "judge $p, bad input" "crashed ($st)"
        else check "judge $p, bad input" ok; fi
    done
done

# explain of 16 heaps, the most a line holds, and lines holding NUL bytes (sanitizer build)
: >"$tmp/in"
heaps="1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16"
last=$("$asan" explain nim $heaps 2>&1 | tail -1)
[ "$last" = "move heap 16: value 16 to 0 = 00000, take 16, leave 0" ] &&
    check "explain of 16 heaps (sanitizers)" ok || check "explain of 16 heaps (sanitizers)" "ends '$last'"
expect "explain of 16 heaps, as the plain build" 0 "$("$g" explain nim $heaps)" "$asan" explain nim $heaps
printf 'version\0\nhelp\0\0\0\0version\nsolve nim 1 2 3\n' >"$tmp/in"
expect "a NUL byte in a line (sanitizers)" 1 "err NUL byte in the line
err NUL byte in the line
P" "$asan"

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
