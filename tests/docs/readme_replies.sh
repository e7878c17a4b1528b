#!/bin/sh
# The console's error replies the docs quote (`err …`) are the firmware's own words: each
# must match one of the reply templates that TEMPLATES (build/tests/console_templates, built
# from console_parse.c itself) prints (a name or text for \1, \3 and \4, a number or N for
# \2). Ends with "N passed, M failed".
# Usage: sh tests/docs/readme_replies.sh TEMPLATES [FILE...] (README.md and docs/*.md by
# default: the console's replies are quoted in docs/console.md)
set -eu
templates=$1
shift
[ $# -gt 0 ] || set -- README.md docs/*.md
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# the templates, one extended regular expression each
"$templates" >"$tmp/templates"
sed -e 's/[][().*+?{}|^$]/\\&/g' -e 's/\\[134]/.+/g' -e 's/\\2/([0-9]+|N)/g' \
    "$tmp/templates" >"$tmp/patterns"
# the docs' quotes, a line each as "file<TAB>quote" (a quote may run over a line end)
: >"$tmp/quotes"
for f in "$@"; do
    tr '\n' ' ' <"$f" | grep -o '`err [^`]*`' | sed -e 's/^`err //' -e 's/`$//' -e 's/  */ /g' |
        grep -v '^ *$' | sed "s|^|$f	|" >>"$tmp/quotes" || true
done

passed=0 failed=0
n=$(wc -l <"$tmp/templates")
if [ "$n" -ge 10 ]; then passed=$((passed + 1)); else
    echo "FAIL only $n reply templates printed by $templates"
    failed=$((failed + 1))
fi
while IFS='	' read -r file quote; do
    if printf '%s\n' "$quote" | grep -Eqx -f "$tmp/patterns"; then
        passed=$((passed + 1))
    else
        echo "FAIL $file quotes \`err $quote\`, which the firmware never says"
        failed=$((failed + 1))
    fi
done <"$tmp/quotes"
echo "the docs' err replies: $(wc -l <"$tmp/quotes") quoted ($*)"
echo "readme replies: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
