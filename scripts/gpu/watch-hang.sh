#!/usr/bin/env bash
# watch-hang.sh SECONDS REPORT_DIR CMD...: runs CMD; if it is still running after SECONDS, records why
# before killing it — a Node diagnostic report (JS stack, libuv handles) of every node process under it
# (SIGUSR2 with --report-on-signal) and the native backtrace of every thread (cuda-gdb attaches; the
# GPU machine has no gdb) — then exits 124. Used by scripts/gpu-run.sh for the GPU vitest cases
# (GPU run 1 and 2: test/native.test.ts never named its first test and was cut at 200 s).
set -uo pipefail
limit=$1 dir=$2; shift 2
mkdir -p "$dir"
export NODE_OPTIONS="${NODE_OPTIONS:-} --report-on-signal --report-signal=SIGUSR2 --report-directory=$dir"
setsid "$@" &
pid=$!
for ((t = 0; t < limit; t++)); do
  kill -0 "$pid" 2>/dev/null || { wait "$pid"; exit $?; }
  sleep 1
done
pids=$(pgrep -s "$pid" 2>/dev/null | tr '\n' ' ')
echo "watch-hang: still running after ${limit}s; processes: $pids" >&2
for p in $pids; do
  echo "== $p: $(tr '\0' ' ' </proc/$p/cmdline 2>/dev/null | cut -c1-200)" >>"$dir/processes.txt"
  kill -USR2 "$p" 2>/dev/null
done
sleep 3
dbg=$(command -v cuda-gdb || command -v gdb)
if [[ -n "$dbg" ]]; then
  for p in $pids; do
    timeout 40 "$dbg" -q -batch -p "$p" -ex 'thread apply all bt 25' >"$dir/bt-$p.txt" 2>&1
  done
fi
kill -KILL -- -"$pid" 2>/dev/null
wait "$pid" 2>/dev/null
exit 124
