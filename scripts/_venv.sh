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
stamp=".venv/.installed-${extras:-base}"
want=$(cat pyproject.toml | "$PY" -c 'import hashlib,sys; print(hashlib.sha256(sys.stdin.buffer.read()).hexdigest())')
if [[ ! -x .venv/bin/python ]]; then
  "$PY" -m venv .venv
fi
if [[ ! -f $stamp || $(cat "$stamp") != "$want" ]]; then
  echo "Installing dependencies into .venv ..." >&2
  .venv/bin/python -m pip install --quiet --disable-pip-version-check --upgrade pip >&2 || true
  spec="."
  [[ -n $extras ]] && spec=".[${extras}]"
  .venv/bin/python -m pip install --quiet --disable-pip-version-check "$spec" >&2
  echo "$want" > "$stamp"
fi
