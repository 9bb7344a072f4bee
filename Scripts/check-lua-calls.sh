#!/bin/sh
# Fails (exit 1, printing the hits) if a Swift file under Sources/ mentions a
# Lua API function that can raise (longjmp). Lines that are // comments are
# ignored. See docs/decisions.md, decision 8. Usage: Scripts/check-lua-calls.sh [root]
root="${1:-$(cd "$(dirname "$0")/.." && pwd)}"
pattern='\blua_(error|call|callk|yield|yieldk|toclose|closeslot|next|gettable|settable|getfield|setfield|geti|seti|getglobal|setglobal|len|compare|arith|concat)\b|\bluaL_(check[a-z]*|opt[a-z]*|argerror|typeerror|len|tolstring|openlibs|error)\b'
hits=$(find "$root/Sources" -name '*.swift' -print0 |
    xargs -0 grep -nHE "$pattern" /dev/null |
    grep -vE '^[^:]+:[0-9]+:[[:space:]]*//')
if [ -n "$hits" ]; then
    echo "Raising Lua API used from Swift (do it in CLuaShim):"
    echo "$hits"
    exit 1
fi
exit 0
