#!/bin/sh
# The console's error replies the README quotes (`err …`) are the firmware's own words: each
# must match one of the reply templates that TEMPLATES (build/tests/console_templates, built
# from console_parse.c itself) prints (a name or text for \1, \3 and \4, a number or N for
# \2). Ends with "N passed, M failed".
# Usage: sh tests/docs/readme_replies.sh TEMPLATES [README.md]
set -eu
templates=$1
readme=${2:-README.md}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# the templates, one extended regular expression each
"$templates" >"$tmp/templates"
sed -e 's/[][().*+?{}|^$]/\\&/g' -e 's/\\[134]/.+/g' -e 's/\\2/([0-9]+|N)/g' \
    "$tmp/templates" >"$tmp/patterns"
# the README's quotes, a line each (a quote may run over a line end)
tr '\n' ' ' <"$readme" | grep -o '`err [^`]*`' | sed -e 's/^`err //' -e 's/`$//' -e 's/  */ /g' |
    grep -v '^ *$' >"$tmp/quotes" || true

passed=0 failed=0
n=$(wc -l <"$tmp/templates")
if [ "$n" -ge 10 ]; then passed=$((passed + 1)); else
    echo "FAIL only $n reply templates printed by $templates"
    failed=$((failed + 1))
fi
while IFS= read -r quote; do
    if printf '%s\n' "$quote" | grep -Eqx -f "$tmp/patterns"; then
        passed=$((passed + 1))
    else
        echo "FAIL $readme quotes \`err $quote\`, which the firmware never says"
        failed=$((failed + 1))
    fi
done <"$tmp/quotes"
echo "README's err replies: $(wc -l <"$tmp/quotes") quoted"
echo "readme replies: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
