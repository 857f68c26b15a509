"""A guarded write as ONE PostgreSQL statement (issue 32): a move's guard (the game's version, its log's
head) and every write behind it in one ``WITH``, atomic on its own, so a move is one round trip where a
transaction made four or five (BEGIN, the guard, the writes, COMMIT). Works on statements already
translated by ``db.dialect.to_postgres``; the plan depends on their texts only and is made once per
sequence of texts. Used by ``db.postgres.PgDatabase.guarded_write``; anything it cannot make one
statement of is written in a transaction as before."""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from db.dialect import _WRITE_TARGET, Translated, _combined, _names, _params_in, _renumber, _split_code

_INSERT_VALUES = re.compile(r"^INSERT\s+INTO\s+(\w+)\s*\(([^()]*)\)\s+VALUES\s+", re.I)
_TAIL_NOT_FOLDED = re.compile(r"\b(RETURNING|ORDER|LIMIT|USING)\b", re.I)
GUARD_NAME = "guard0"
_GUARD_TARGET = re.compile(r"^\s*UPDATE\s+(\w+)\s+SET\s", re.I)


def guarded_statement(guard: tuple[Translated, tuple[Any, ...]], writes: list[tuple[Translated, tuple[Any, ...]]],
                      parents: frozenset[str] = frozenset()) -> tuple[str, tuple[Any, ...]] | None:
    """A guard (a translated ``UPDATE … WHERE …`` that must change one row) and the writes behind it as
    ONE statement, atomic on its own (no BEGIN, no COMMIT: one round trip where there were four):
    ``WITH guard0 AS (guard RETURNING 1), w1 AS (write1 only if guard0 has a row), … SELECT count(*)
    FROM guard0``: 1 once everything is written, 0 when the guard refused (then nothing is written),
    or when its row was changed by a transaction that committed after this statement began (the
    writes would not see that transaction's rows: the caller writes in a transaction then).

    Each write waits for the guard's row (it reads ``guard0``), so the game's row is locked first, as
    in the transaction it replaces; an INSERT's rows become ``INSERT … SELECT row WHERE EXISTS (…)``,
    an UPDATE's or a DELETE's condition gains ``AND EXISTS (…)``. The writes must make one statement
    for :func:`combine_writes` (each on its own table, none reading another's, no cascading DELETE,
    nothing returning rows) and none may name the guard's table (the parts of one statement do not see
    each other's changes). None when they cannot be one statement: the caller writes them as before."""
    plan = _guarded_plan(guard[0].sql, tuple((t.sql, t.returns_rows) for t, _p in writes), parents)
    if plan is None:
        return None
    return plan, tuple(guard[1]) + tuple(v for _t, params in writes for v in params)


@lru_cache(maxsize=1024)
def _guarded_plan(guard: str, writes: tuple[tuple[str, bool], ...], parents: frozenset[str]) -> str | None:
    target = _GUARD_TARGET.match(guard)
    if target is None or _TAIL_NOT_FOLDED.search(_code_of(guard)):
        return None
    renumbered, offset = [], _params_in(guard)
    for sql, _returns in writes:
        renumbered.append(_renumber(sql, offset))
        offset += _params_in(sql)
    replacing = _replacing(renumbered)
    alone = tuple(w for i, w in enumerate(writes) if i not in replacing.values())
    if not writes or len(_combined(alone, parents)) != 1 or any(
            returns or _names(sql, target.group(1)) for sql, returns in writes):
        return None
    table = target.group(1)
    # The row as this statement's snapshot saw it, not a version another transaction committed while
    # the guard waited for its lock (PostgreSQL re-checks the condition on that version and goes on):
    # the writes would then read the tables as they were before that transaction (a timer it added
    # missed by the DELETE). So the guard refuses then, and the caller writes in a transaction.
    unchanged = f"{table}.xmin = (SELECT seen.xmin FROM {table} seen WHERE seen.ctid = {table}.ctid)"
    parts = [f"{GUARD_NAME} AS ({_and_where(guard, unchanged)} RETURNING 1)"]
    for i, sql in enumerate(renumbered):
        if i in replacing:  # a DELETE the next write's rows replace some of: those it leaves to that write
            keep = _keys_written(renumbered[replacing[i]])
            if keep is None:
                return None
            sql = _and_where(sql, keep)
        conditional = _only_if_guarded(sql)
        if conditional is None:
            return None
        for part in conditional:
            parts.append(f"w{len(parts)} AS ({part})")
    return f"WITH {', '.join(parts)} SELECT count(*) FROM {GUARD_NAME}"


_UPSERT = re.compile(r"\sON\s+CONFLICT\s*\(([^()]*)\)\s*DO\s+UPDATE\s+SET\s", re.I)


def _replacing(writes: list[str]) -> dict[int, int]:
    """``{delete: upsert}``: a DELETE from a table followed by an upsert into it (SQLite's ``INSERT OR
    REPLACE``: every listed column replaced, the others back to their defaults) and named by no other
    write (a turn's timers: the seats no longer to act dropped, the new turn's added). Sent as one
    statement, the DELETE leaves the rows the upsert writes (``AND (key) NOT IN (its keys)``): the
    parts of one statement must not touch one row twice, and the rows end as they would in turn."""
    pairs: dict[int, int] = {}
    for i, sql in enumerate(writes):
        m = _WRITE_TARGET.match(sql)
        if m is None or not sql.lstrip().upper().startswith("DELETE") or i + 1 >= len(writes):
            continue
        table, following = m.group(1).lower(), writes[i + 1]
        n = _WRITE_TARGET.match(following)
        others = [w for k, w in enumerate(writes) if k not in (i, i + 1)]
        if n is not None and n.group(1).lower() == table and following.lstrip().upper().startswith("INSERT") \
                and _UPSERT.search(_code_of(following)) and not any(_names(w, table) for w in others):
            pairs[i] = i + 1
    return pairs


def _keys_written(insert: str) -> str | None:
    """``(key columns) NOT IN ((row 1's key), …)`` for an upsert's rows; None for another shape."""
    m, conflict = _INSERT_VALUES.match(insert), _UPSERT.search(_code_of(insert))
    if m is None or conflict is None:
        return None
    columns = [c.strip().lower() for c in m.group(2).split(",")]
    key = [c.strip().lower() for c in conflict.group(1).split(",")]
    rows, _rest = _value_rows(insert[m.end():])
    if not rows or any(k not in columns for k in key):
        return None
    values = []
    for row in rows:
        items = _items(row)
        if len(items) != len(columns):
            return None
        values.append("(" + ", ".join(items[columns.index(k)] for k in key) + ")")
    return f"({', '.join(key)}) NOT IN ({', '.join(values)})"


def _items(row: str) -> list[str]:
    """A VALUES row's items (split at the commas outside parentheses and literals)."""
    items, depth, start, position = [], 0, 0, 0
    for code, text in _split_code(row):
        if code:
            for i, ch in enumerate(text):
                depth += (ch == "(") - (ch == ")")
                if ch == "," and depth == 0:
                    items.append(row[start:position + i].strip())
                    start = position + i + 1
        position += len(text)
    items.append(row[start:].strip())
    return items


def _and_where(sql: str, condition: str) -> str:
    """An UPDATE's or a DELETE's condition and ``condition``."""
    where = _top_level(sql, "WHERE")
    if where is None:
        return f"{sql} WHERE {condition}"
    return f"{sql[:where]}WHERE ({sql[where + 5:].strip()}) AND {condition}"


def _code_of(sql: str) -> str:
    """``sql`` with its string literals blanked (what is code in it)."""
    return "".join(text if code else "''" for code, text in _split_code(sql))


def _only_if_guarded(sql: str) -> list[str] | None:
    """``sql`` (an INSERT … VALUES, an UPDATE or a DELETE) as statements that write only when the
    guard changed its row; None when its shape is not one of those."""
    code = _code_of(sql)
    if _TAIL_NOT_FOLDED.search(code):
        return None
    exists = f"EXISTS (SELECT 1 FROM {GUARD_NAME})"
    head = code.lstrip()[:6].upper()
    if head in ("UPDATE", "DELETE"):
        return [_and_where(sql, exists)]
    m = _INSERT_VALUES.match(sql)
    if m is None:
        return None
    rows, rest = _value_rows(sql[m.end():])
    if not rows or (rest.strip() and not rest.strip().upper().startswith("ON CONFLICT")):
        return None
    # one statement per row: a VALUES list in a sub-select would lose the columns' types; the rows
    # of one INSERT never share a key (a VALUES list that did would fail as well)
    return [f"INSERT INTO {m.group(1)} ({m.group(2)}) SELECT {row} WHERE {exists}{(' ' + rest.strip()) if rest.strip() else ''}"
            for row in rows]


def _top_level(sql: str, word: str) -> int | None:
    """Where ``word`` first stands in ``sql`` outside parentheses and string literals."""
    depth, position = 0, 0
    pattern = re.compile(rf"\b{word}\b", re.I)
    for code, text in _split_code(sql):
        if code:
            for i, ch in enumerate(text):
                if ch == "(":
                    depth += 1
                elif ch == ")":
                    depth -= 1
                elif depth == 0 and pattern.match(text, i) and (i == 0 or not (text[i - 1].isalnum() or text[i - 1] == "_")):
                    return position + i
        position += len(text)
    return None


def _value_rows(sql: str) -> tuple[list[str], str]:
    """The rows of a VALUES list at the start of ``sql`` (each without its parentheses) and what follows."""
    rows: list[str] = []
    i, n = 0, len(sql)
    while True:
        while i < n and sql[i] in " \n\t":
            i += 1
        if i >= n or sql[i] != "(":
            return rows, sql[i:]
        depth, start, j = 0, i, i
        while j < n:
            ch = sql[j]
            if ch in "'\"":  # a literal: to its closing quote (a doubled quote stays inside)
                j += 1
                while j < n:
                    if sql[j] == ch:
                        if j + 1 < n and sql[j + 1] == ch:
                            j += 2
                            continue
                        break
                    j += 1
            elif ch == "(":
                depth += 1
            elif ch == ")":
                depth -= 1
                if depth == 0:
                    break
            j += 1
        if j >= n:
            return [], sql
        rows.append(sql[start + 1:j])
        i = j + 1
        while i < n and sql[i] in " \n\t":
            i += 1
        if i < n and sql[i] == ",":
            i += 1
            continue
        return rows, sql[i:]
