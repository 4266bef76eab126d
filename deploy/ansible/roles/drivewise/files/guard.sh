# One measurement of this host, as root, run by the role as `sh -s PARENT DIR TIMEOUT HEALTH CLI
# bench ARGS...` with this script on stdin (so a failure's report does not repeat the script).
# Everything the run leaves on the host lives in this one process's lifetime: its temporary
# folders (a run history and, without a folder to measure in, one to measure in) are made here
# and removed on every way out, the run file goes to the controller on stdout (base64), and when
# the controller goes away (Ctrl-C, a lost connection, the task's timeout) the benchmark is
# cancelled, which removes its work folder and stops the root helper. Ansible's async jobs are
# detached from the connection, so nothing on the host could tell that the controller was gone:
# this watches the ssh session it was started from instead.
set -u
umask 077
pid=
cfg=
work=

finish() {
  if [ -n "$pid" ]; then kill -TERM "$pid" 2>/dev/null && wait "$pid"; fi
  rm -rf -- ${cfg:+"$cfg"} ${work:+"$work"}
}

field() { sed -n "s/^$1:[[:space:]]*//p" "/proc/$2/status" 2>/dev/null; }
started() { sed 's/.*) //' "/proc/$1/stat" 2>/dev/null | cut -d' ' -f20; }

# The ssh session this runs in: the nearest ancestor named sshd (sshd-session on newer OpenSSH),
# with its start time, so a recycled process id is not taken for it. None on a local connection.
find_session() {
  session=
  p=$$
  while [ -n "$p" ] && [ "$p" -gt 1 ]; do
    case $(field Name "$p") in sshd*)
      session=$p
      break
      ;;
    esac
    p=$(field PPid "$p")
  done
  born=${session:+$(started "$session")}
}
said() { grep -v -e '--help. for usage' "$1" | tail -n "$2"; }
connected() { [ -z "$session" ] || [ "$(started "$session")" = "$born" ]; }

# Runs "$@" in the background and waits; cancels it (SIGTERM: the CLI cleans up) if the session ends.
watched() {
  "$@" &
  pid=$!
  while kill -0 "$pid" 2>/dev/null; do
    if ! connected; then
      echo "the controller went away: run cancelled" >&2
      exit 130
    fi
    sleep 1
  done
  wait "$pid"
  rc=$?
  pid=
  return "$rc"
}

# The run is the one file the run history holds (root's own folder, 0700): never a path or an id
# from what the benchmark printed, which a process lent to another account could have written.
the_run() {
  run=
  for f in "$cfg"/drivewise/runs/*.json; do
    [ -f "$f" ] && [ ! -L "$f" ] || continue
    case ${f##*/} in .* | *[!A-Za-z0-9._-]*) continue ;; esac
    if [ -n "$run" ]; then
      echo "the run history holds more than one run: none fetched" >&2
      exit 65
    fi
    run=$f
  done
}

main() {
  parent=$1 dir=$2 limit=$3 health=$4 cli=$5
  shift 5
  trap finish EXIT
  trap 'exit 130' INT TERM HUP
  find_session
  cfg=$(mktemp -d "$parent/drivewise-cfg-XXXXXX") || exit 70
  if [ -z "$dir" ]; then
    work=$(mktemp -d "$parent/drivewise-dir-XXXXXX") || exit 70
    dir=$work
  fi
  XDG_CONFIG_HOME=$cfg
  export XDG_CONFIG_HOME
  watched timeout --kill-after=30 "$limit" "$cli" "$@" --dir "$dir" >"$cfg/bench.out" 2>"$cfg/bench.err"
  rc=$?
  the_run
  if [ -z "$run" ]; then
    said "$cfg/bench.err" 5 >&2
    [ "$rc" -ne 0 ] || rc=66
    exit "$rc"
  fi
  # A run saved with a failed test is still fetched: the fleet marks it incomplete.
  [ "$rc" -eq 0 ] || said "$cfg/bench.err" 1 >&2
  if [ "$health" = yes ]; then
    id=${run##*/}
    watched timeout 300 "$cli" health --run "${id%.json}" --admin >"$cfg/health.out" 2>"$cfg/health.err" ||
      echo "health check failed: $(said "$cfg/health.err" 1)" >&2
  fi
  base64 -w 0 "$run"
}

# Read whole before it runs: nothing it starts can take the rest of stdin for a script.
main "$@"
