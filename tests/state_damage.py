"""Random damage to a dumped state (issue 29's fuzz): what a disk error, a careless hand or a bug
in an older version could leave in a snapshot. Each damage changes one thing of a plain JSON
tree: a list item duplicated, dropped, moved to another list or swapped; a number changed; two
texts swapped or one replaced by another of the state; a key deleted."""

from __future__ import annotations

import copy
import random
from typing import Any

Place = tuple[Any, Any]
"""A container and a key (dict) or index (list) in it."""


def places(tree: Any) -> tuple[list[Place], list[Any], list[dict]]:
    """Every leaf place, every list and every dict of ``tree``."""
    leaves: list[Place] = []
    lists: list[Any] = []
    dicts: list[dict] = []
    todo = [tree]
    while todo:
        node = todo.pop()
        if isinstance(node, dict):
            dicts.append(node)
            items = list(node.items())
        elif isinstance(node, list):
            lists.append(node)
            items = list(enumerate(node))
        else:
            continue
        for key, value in items:
            if isinstance(value, (dict, list)):
                todo.append(value)
            else:
                leaves.append((node, key))
    return leaves, lists, dicts


def _number(value: int, rnd: random.Random) -> int:
    return rnd.choice([value + 1, value - 1, value + rnd.randint(2, 50), -1, 0, rnd.randint(-5, 200)])


def damage(data: dict, rnd: random.Random) -> tuple[dict, str]:
    """A damaged copy of ``data`` and what was done (to report a failure)."""
    data = copy.deepcopy(data)
    leaves, lists, dicts = places(data)
    full = [x for x in lists if x]
    numbers = [(c, k) for c, k in leaves if type(c[k]) is int]
    texts = [(c, k) for c, k in leaves if isinstance(c[k], str)]
    kinds = ["duplicate", "drop", "move", "swap", "number", "number", "swap_texts", "replace_text", "delete_key"]
    for _ in range(20):
        kind = rnd.choice(kinds)
        if kind in ("duplicate", "drop", "swap") and full:
            xs = rnd.choice(full)
            i = rnd.randrange(len(xs))
            if kind == "duplicate":
                xs.insert(rnd.randrange(len(xs) + 1), copy.deepcopy(xs[i]))
            elif kind == "drop":
                del xs[i]
            else:
                j = rnd.randrange(len(xs))
                xs[i], xs[j] = xs[j], xs[i]
            return data, f"{kind} item {i} of a list of {len(xs)}"
        if kind == "move" and full and len(lists) > 1:
            src, dst = rnd.choice(full), rnd.choice(lists)
            item = src.pop(rnd.randrange(len(src)))
            dst.insert(rnd.randrange(len(dst) + 1), item)
            return data, f"move {item!r:.60} to another list"
        if kind == "number" and numbers:
            c, k = rnd.choice(numbers)
            old, c[k] = c[k], _number(c[k], rnd)
            return data, f"number {k!r}: {old} -> {c[k]}"
        if kind in ("swap_texts", "replace_text") and len(texts) > 1:
            (c1, k1), (c2, k2) = rnd.sample(texts, 2)
            if kind == "swap_texts":
                c1[k1], c2[k2] = c2[k2], c1[k1]
            else:
                c1[k1] = c2[k2]
            return data, f"{kind} at {k1!r}: {c1[k1]!r:.40}"
        if kind == "delete_key" and dicts:
            d = rnd.choice([d for d in dicts if d] or [{}])
            if d:
                key = rnd.choice(list(d))
                del d[key]
                return data, f"delete key {key!r}"
    return data, "nothing"
