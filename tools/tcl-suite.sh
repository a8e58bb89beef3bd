#!/usr/bin/env bash
# Runs units of Redis 7.0.15's own Tcl test suite against our server and against redis-server, the
# way Redis's external CI does (.github/workflows/external.yml: --tags -slow, debug commands on),
# with a fresh server per unit. Not part of `mvn verify`.
#
#   tools/tcl-suite.sh [unit ...]          # default: unit/type/incr unit/type/list unit/keyspace unit/expire
#   SERVERS=ours tools/tcl-suite.sh ...     # one side only (redis, ours, or both: the default)
#   RUNTEST_ARGS='--skiptest /regexp' ...   # more runtest options, e.g. to look past a known exception
#
# Needs: tclsh (apt-get install tcl), redis-server 7.0.15 on PATH, the mirror of redis/redis at
# /work/.mirror/redis+redis/repo (or REDIS_REPO=...), and server/target/redstruct-server-*-all.jar
# (mvn -pl server -am package -DskipTests). The suite is exported to a temporary directory, never
# into the project. Prints one line per unit and server: passed, failed, and the first failures.
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
repo="${REDIS_REPO:-/work/.mirror/redis+redis/repo}"
jar="$(ls "$here"/server/target/redstruct-server-*-all.jar 2> /dev/null | head -1 || true)"
units=("$@")
[ ${#units[@]} -eq 0 ] && units=(unit/type/incr unit/type/list unit/keyspace unit/expire)
work="$(mktemp -d /tmp/redstruct-tcl-XXXXXX)"
git -C "$repo" archive 7.0.15 tests runtest | tar -x -C "$work"
flags=(--save "" --enable-protected-configs yes --enable-debug-command yes --enable-module-command yes)

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }

run_unit() { # $1 = ours|redis, $2 = unit
  local port pid log
  port="$(free_port)"
  log="$work/$1-$(echo "$2" | tr / _).log"
  mkdir -p "$work/data-$1-$port"
  if [ "$1" = ours ]; then
    java -jar "$jar" --port "$port" --dir "$work/data-$1-$port" "${flags[@]}" > "$log.server" 2>&1 &
  else
    redis-server --port "$port" --bind 127.0.0.1 --dir "$work/data-$1-$port" --logfile "" "${flags[@]}" > "$log.server" 2>&1 &
  fi
  pid=$!
  for _ in $(seq 1 100); do redis-cli -p "$port" ping > /dev/null 2>&1 && break; sleep 0.1; done
  (cd "$work" && timeout "${UNIT_TIMEOUT:-600}" ./runtest --host 127.0.0.1 --port "$port" --tags -slow \
      --baseport "$(( 21111 + (RANDOM % 400) * 64 ))" \
      --single "$2" --clients 1 --timeout 60 ${RUNTEST_ARGS:-} > "$log" 2>&1) || true
  kill "$pid" 2> /dev/null || true
  wait "$pid" 2> /dev/null || true
  local ok err plain="$log.txt"
  sed 's/\x1b\[[0-9;]*m//g' "$log" > "$plain"
  ok="$(grep -c '^\[ok\]' "$plain" || true)"
  err="$(grep -cE '^\[(err|exception|TIMEOUT)\]' "$plain" || true)"
  printf '%-6s %-22s passed %4s failed %4s\n' "$1" "$2" "$ok" "$err"
  grep -E '^\[(err|exception|TIMEOUT)\]' "$plain" | head -"${SHOW_FAILURES:-5}" | sed 's/^/         /' || true
}

for u in "${units[@]}"; do
  for side in ${SERVERS:-redis ours}; do run_unit "$side" "$u"; done
done
echo "logs: $work"
