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
printf 'solve nim 1\nquit\nsolve nim 2\n' >"$tmp/in"
expect "quit in a pipe ends it quietly" 0 "N 0" "$g"
printf 'solve bogus 1\n  EXIT \nsolve nim 2\n' >"$tmp/in"
expect "exit in a pipe ends it, the err before it counted" 1 "err unknown game 'bogus' (type help)" "$g"
: >"$tmp/in"
expect "--version" 0 "$("$g" version)" "$g" --version
"$g" --version | grep -q "^grundy [0-9a-z.]* on a computer$" && check "--version says the version" ok ||
    check "--version says the version" "'$("$g" --version)'"
expect "quit as arguments" 0 "" "$g" quit
expect "digits as a command says how to ask" 1 \
    "err digits is a game: ask solve digits 1020 (or moves digits 1020)" "$g" digits
expect "misere:digits as a command" 1 \
    "err misere:digits is a game: ask solve misere:digits 1020 (or moves misere:digits 1020)" "$g" misere:digits 1020
for word in digits misere:digits dag:@ judge quit; do
    "$g" help | grep -q "$word" && check "help names $word" ok || check "help names $word" "no"
done
"$g" --help | grep -q "Exit status" && check "--help gives the exit statuses" ok || check "--help gives the exit statuses" "no"
"$g" judge 1536 --help >"$tmp/h" 2>&1
st=$?
if [ $st -eq 0 ] && grep -q "^input: " "$tmp/h" && grep -qF "$(cat "$(dirname "$0")/../judge/samples/1536.in")" "$tmp/h"
then check "judge 1536 --help: the format and the sample" ok
else check "judge 1536 --help: the format and the sample" "exit $st: $(head -c 300 "$tmp/h")"; fi
"$g" judge 9999 --help >/dev/null 2>&1
[ $? -eq 2 ] && check "judge 9999 --help: unknown" ok || check "judge 9999 --help: unknown" "exit $?"
# what a person reads fits 80 columns (a CJK letter takes two)
for what in "--help" "judge" "judge 1536 --help" "judge 1524 --help" "judge --help"; do
    # shellcheck disable=SC2086
    "$g" $what 2>&1 | python3 -c '
import sys, unicodedata
wide = [l for l in sys.stdin.read().split("\n") if sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in l) > 80]
sys.exit(1 if wide else 0)' && check "grundy $what fits 80 columns" ok || check "grundy $what fits 80 columns" "a line is wider"
done
"$g" help | awk 'length($0) > 79 { bad = 1 } END { exit bad }' &&
    check "every line of help fits 80 columns" ok || check "every line of help fits 80 columns" "wider"

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
        time.sleep(0.2) # as a person: after the prompt, when the line editor reads the keys
        os.write(fd, k)
        ok = ok and (k in (b'quit\n', b'\x04') or read_until(b'grundy> ', i + 2))
    _, status = os.waitpid(pid, 0)
    return ok, out.decode(errors='replace'), os.waitstatus_to_exitcode(status)
ok, out, code = session([b'help\n', b'solve nim 3 4 5\n', b'quit\n'])
print('prompt-help-quit', ok and 'Ctrl-D' in out and 'moves <game>' in out and 'N 1 4 5' in out and code == 0, code)
banner = out.split('\n')[0].rstrip('\r')
print('banner-fits-80-columns', len(banner) <= 80 and banner.startswith('grundy '), len(banner))
ok, out, code = session([b'solve nim 1 1\n', b'\x04'])
print('ctrl-d', ok and 'P' in out and code == 0, code)
ok, out, code = session([b'solve chess 1\n', b'\x04'])
print('ctrl-d-after-an-err-exits-0', ok and 'err unknown game' in out and code == 0, code)
# the arrow keys: left moves the cursor (2 goes before the 1), up recalls the line before;
# Ctrl-A goes to the start, Delete deletes: solve nim 21
ok, out, code = session([b'grundy nim 1\x1b[D2\n', b'\x1b[A\n', b'\x1b[A\x1b[A\x01solve\x1b[3~\x1b[3~\x1b[3~\x1b[3~\x1b[3~\x1b[3~\n', b'\x04'])
lines = [l.strip() for l in out.replace('\r', '').split('\n')]
print('arrows-edit-and-recall', ok and lines.count('21') == 2 and '^[[' not in out and 'N 0' in lines and code == 0, code)
PY
while read -r what res code; do
    [ "$res" = True ] && check "terminal: $what" ok || check "terminal: $what" "exit $code, or the screen lacked a reply"
done <"$tmp/tty"

# judge at a terminal says what it waits for, then reads the input to Ctrl-D
python3 - "$g" >"$tmp/tty" 2>&1 <<'PY'
import os, pty, select, sys, time
pid, fd = pty.fork()
if pid == 0:
    os.execv(sys.argv[1], [sys.argv[1], 'judge', '1846'])
out = b''
def read_until(token, t=5):
    global out
    end = time.time() + t
    while token not in out and time.time() < end:
        r, _, _ = select.select([fd], [], [], 0.1)
        if r:
            try: out += os.read(fd, 4096)
            except OSError: break
    return token in out
said = read_until(b'Ctrl-D')
os.write(fd, b'2\n23 2\n4 3\n\x04')
got = read_until(b'second')
_, status = os.waitpid(pid, 0)
print('judge-says-what-it-waits-for', said and got and b'first' in out and os.waitstatus_to_exitcode(status) == 0, os.waitstatus_to_exitcode(status))
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

# a NUL byte in a line is the whole line's: refused in one err line, never read as its end
for line in 'solve digits 1020\000xyz' 'solve dag:0>100\000xyz 0' 'solve dag:0>100 0\000' 'solve nim 1\000 2'; do
    printf "$line\\n" >"$tmp/in"
    out=$("$asan" <"$tmp/in" 2>"$tmp/err")
    st=$?
    case "$out" in
    err*) [ $st -eq 1 ] && [ "$(printf '%s\n' "$out" | grep -c .)" -eq 1 ] && check "a NUL in '$line'" ok ||
        check "a NUL in '$line'" "exit $st, output '$out'" ;;
    *) check "a NUL in '$line'" "output '$out', stderr '$(head -c 300 "$tmp/err")'" ;;
    esac
done

# dag:@file: what cannot be a graph file is refused in one err line, exit 1 (AddressSanitizer
# build); a file read once is read again when it changes
mkdir "$tmp/dir"
printf '0>1\0001>2\n' >"$tmp/nul.txt"
: >"$tmp/in"
dagerr() { # dagerr WHAT FILE WANT-TEXT
    out=$(timeout 20 "$asan" solve "dag:@$2" 0 2>"$tmp/err" <"$tmp/in")
    st=$?
    case "$out" in
    "err cannot read the graph file '$2': "*"$3"*) [ $st -eq 1 ] && check "$1" ok || check "$1" "exit $st" ;;
    *) check "$1" "exit $st, output '$out', stderr '$(head -c 300 "$tmp/err")'" ;;
    esac
}
dagerr "dag:@ a directory" "$tmp/dir" "it is a directory"
dagerr "dag:@ a NUL inside the file" "$tmp/nul.txt" "a NUL byte at offset 3"
dagerr "dag:@/dev/zero" /dev/zero "a NUL byte at offset 0"
dagerr "dag:@ a missing file" "$tmp/none" "No such file or directory"
mkfifo "$tmp/fifo"
(yes '1>2' >"$tmp/fifo" 2>/dev/null &)
dagerr "dag:@ an endless FIFO" "$tmp/fifo" "longer than 16777216 bytes"
printf '0>1,1>2' >"$tmp/g.txt"
out=$({ echo "solve dag:@$tmp/g.txt 0"; sleep 0.3; printf '0>1' >"$tmp/g.txt"; echo "solve dag:@$tmp/g.txt 0"
        sleep 0.3; printf '0>2' >"$tmp/g.txt"; echo "moves dag:@$tmp/g.txt 0"
        echo "solve dag:0>100,100>200 0"; echo "solve dag:@$tmp/g.txt 0"; } | "$asan" 2>&1)
[ "$out" = "P
N 1
2
count 1
P
N 2" ] && check "dag:@ a file changed between queries" ok || check "dag:@ a file changed between queries" "output '$out'"

# a write that fails is an error: a message on standard error and a non-zero status
if [ -w /dev/full ]; then
    full() { # full WHAT ARGS... (stdin from $tmp/in)
        what=$1
        shift
        "$@" <"$tmp/in" >/dev/full 2>"$tmp/err"
        st=$?
        if [ $st -ne 0 ] && grep -q "No space left on device" "$tmp/err" && [ "$(grep -c . "$tmp/err")" -eq 1 ]; then check "$what" ok
        else check "$what" "exit $st, stderr '$(cat "$tmp/err")'"; fi
    }
    : >"$tmp/in"
    full "solve to /dev/full" "$g" solve nim 1
    full "help to /dev/full" "$g" help
    full "digits to /dev/full" "$g" solve digits 1020
    full "dag to /dev/full" "$g" solve 'dag:0>100,100>200' 0
    full "judge list to /dev/full" "$g" judge
    cp "$(dirname "$0")/../judge/samples/1846.in" "$tmp/in"
    full "judge 1846 to /dev/full" "$g" judge 1846
    printf 'solve nim 1\nsolve nim 2\n' >"$tmp/in"
    full "a pipe to /dev/full" "$g"
fi

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
