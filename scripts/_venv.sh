# Shared by scripts/run and scripts/test: make .venv and install the project's packages
# (again only when pyproject.toml changed). $1: the extras to install, e.g. "" or "test".
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-python3}
if ! "$PY" -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; then
  echo "Isle Host needs Python 3.11 or newer (found: $("$PY" --version 2>&1))." >&2
  exit 1
fi
extras=${1:-}
want=$("$PY" -c 'import hashlib,sys; print(hashlib.sha256(open("pyproject.toml","rb").read()).hexdigest())')
installed() {  # the test extras include everything the bot needs
  local f
  for f in ".venv/.installed-${extras:-base}" ".venv/.installed-test"; do
    [[ -f $f && $(cat "$f") == "$want" ]] && return 0
  done
  return 1
}
if ! installed; then
  mkdir -p .venv
  exec 9> .venv/.install-lock  # one installer at a time (two commands started together)
  if command -v flock >/dev/null; then flock 9; fi
  if ! installed; then
    [[ -x .venv/bin/python ]] || "$PY" -m venv .venv
    echo "Installing dependencies into .venv (first run only) ..." >&2
    .venv/bin/python -m pip install --quiet --disable-pip-version-check --upgrade pip >&2 || true
    spec="."
    [[ -n $extras ]] && spec=".[${extras}]"
    .venv/bin/python -m pip install --quiet --disable-pip-version-check "$spec" >&2
    echo "$want" > ".venv/.installed-${extras:-base}"
  fi
  exec 9>&-
fi
