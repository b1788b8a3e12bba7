# Shared by the project's scripts (sourced, never run): locations, messages, the Python venv.
# Requires bash with `set -euo pipefail` already on in the sourcing script.

STREAMS_WINDOW_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
# The virtual environment for Python tests and tools; reused while its requirements are unchanged.
VENV_DIR="${STREAMS_WINDOW_VENV:-$STREAMS_WINDOW_ROOT/.venv}"
PYTHON_REQUIREMENTS="$STREAMS_WINDOW_ROOT/tests/python/requirements.txt"

# One line saying what the script is doing now, on stderr so it does not mix with results.
step() {
  printf '==> %s\n' "$*" >&2
}

die() {
  printf 'error: %s\n' "$*" >&2
  exit 1
}

# Runs Maven in batch mode, its stderr merged into stdout. Debian's Maven 3.8 prints colour-reset
# codes even with -B; they are filtered out so that quiet output stays empty. Maven's exit status
# is kept (the scripts run with pipefail).
maven() {
  mvn -B "$@" 2>&1 | sed -u -e 's/\x1b\[0m//g'
}

# The supported Spark lines (README, "Supported Spark lines"), oldest first, and the default one:
# the line the jar is built against, whose venv is .venv with tests/python/requirements.txt.
# The supported lines and the default one, as python/streams_window/spark_lines.properties states them.
spark_lines_fact() {
  sed -n "s/^$1 *= *//p" "$STREAMS_WINDOW_ROOT/python/streams_window/spark_lines.properties"
}
read -r -a SPARK_LINES <<<"$(spark_lines_fact lines | tr -d ',')"
DEFAULT_SPARK_LINE="$(spark_lines_fact default)"

# Points VENV_DIR and PYTHON_REQUIREMENTS at the venv of a Spark line: .venv (or
# $STREAMS_WINDOW_VENV) for the default line, .venv-spark-LINE with
# tests/python/requirements-spark-LINE.txt for the others. ensure_venv then builds or reuses it.
use_spark_line() {
  local line="$1"
  [[ " ${SPARK_LINES[*]} " == *" $line "* ]] \
    || die "unknown Spark line $line; the supported lines are ${SPARK_LINES[*]}"
  if [[ "$line" == "$DEFAULT_SPARK_LINE" ]]; then
    VENV_DIR="${STREAMS_WINDOW_VENV:-$STREAMS_WINDOW_ROOT/.venv}"
    PYTHON_REQUIREMENTS="$STREAMS_WINDOW_ROOT/tests/python/requirements.txt"
  else
    VENV_DIR="$STREAMS_WINDOW_ROOT/.venv-spark-$line"
    PYTHON_REQUIREMENTS="$STREAMS_WINDOW_ROOT/tests/python/requirements-spark-$line.txt"
  fi
}

# The Python to build the venv with: $PYTHON, else python3; it must be 3.10 or newer.
base_python() {
  local python="${PYTHON:-python3}"
  command -v "$python" >/dev/null 2>&1 || die "$python not found; install CPython 3.10+ or set PYTHON"
  "$python" -c 'import sys; sys.exit(sys.version_info < (3, 10))' \
    || die "$python is $("$python" --version 2>&1); streams-window needs Python 3.10 or newer"
  printf '%s\n' "$python"
}

# Where every venv's pinned packages but pyspark come from once downloaded: one wheel directory
# shared by the venvs of all lines and by checkouts (pip's own HTTP cache may be off), so that each
# wheel is downloaded once, not once per venv. pyspark, an sdist, stays with pip's wheel cache.
WHEELHOUSE="${STREAMS_WINDOW_WHEELHOUSE:-${XDG_CACHE_HOME:-$HOME/.cache}/streams-window/wheels}"

# The hash a venv's stamp holds: its requirements, pyproject.toml and the checkout's location.
venv_wanted() {
  cat "$PYTHON_REQUIREMENTS" "$STREAMS_WINDOW_ROOT/pyproject.toml" \
    <(printf '%s\n' "$STREAMS_WINDOW_ROOT") | sha256sum | cut -d' ' -f1
}

# Creates $VENV_DIR if needed and installs the pinned test requirements, from the wheelhouse
# (filled by pip download) for all but pyspark. Skips the installs when the requirements did not
# change since last time. Needs nothing of the Maven build, so it can run beside it.
ensure_venv_requirements() {
  local stamp="$VENV_DIR/.streams-window-requirements" wanted
  wanted="$(sha256sum <"$PYTHON_REQUIREMENTS" | cut -d' ' -f1)"
  if ! "$VENV_DIR/bin/python" -c '' >/dev/null 2>&1; then
    step "creating the Python environment in ${VENV_DIR#"$STREAMS_WINDOW_ROOT"/}"
    rm -rf "$VENV_DIR"
    local python
    python="$(base_python)"
    "$python" -m venv "$VENV_DIR" \
      || die "$python -m venv failed; on Debian or Ubuntu install python3-venv (apt-get install python3-venv)"
  elif [[ -f "$stamp" && "$(cat "$stamp")" == "$wanted" ]]; then
    return 0
  fi
  step "installing pinned Python packages ($(basename "$PYTHON_REQUIREMENTS"))"
  local pip=("$VENV_DIR/bin/python" -m pip --quiet --disable-pip-version-check)
  mkdir -p "$WHEELHOUSE"
  # Files already in the wheelhouse are not downloaded again; pip install then takes them from
  # there (a --find-links file wins over the index's file of the same version).
  "${pip[@]}" download --only-binary=:all: --dest "$WHEELHOUSE" \
    --requirement <(grep -v -i -e '^pyspark==' "$PYTHON_REQUIREMENTS")
  "${pip[@]}" install --find-links "$WHEELHOUSE" --requirement "$PYTHON_REQUIREMENTS"
  printf '%s\n' "$wanted" >"$stamp"
}

# Creates $VENV_DIR if needed and installs the pinned test requirements and the package
# (editable, so that it finds the jars Maven built in this checkout). Skips the installs when
# neither the requirements, pyproject.toml nor the checkout's location changed since last time.
ensure_venv() {
  local stamp="$VENV_DIR/.streams-window-installed" wanted
  wanted="$(venv_wanted)"
  if [[ -f "$stamp" && "$(cat "$stamp")" == "$wanted" ]] \
    && "$VENV_DIR/bin/python" -c '' >/dev/null 2>&1; then
    return 0
  fi
  ensure_venv_requirements
  step "installing streams-window (editable) into ${VENV_DIR#"$STREAMS_WINDOW_ROOT"/}"
  # No build isolation: the pinned setuptools above builds the package, with nothing fetched.
  "$VENV_DIR/bin/python" -m pip --quiet --disable-pip-version-check \
    install --no-deps --no-build-isolation --editable "$STREAMS_WINDOW_ROOT"
  printf '%s\n' "$wanted" >"$stamp"
}
