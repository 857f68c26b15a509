"""Fort geometry (spec section 8): the cubes of a fort, protection, same-colour groups and
the first wave's strike against one group."""

from __future__ import annotations

from .state import cell_key, key_cell


def cubes(fort: dict) -> dict[tuple[int, int], str]:
    return {key_cell(k): v for k, v in fort["cells"].items() if v}


def empty_cells(fort: dict) -> list[tuple[int, int]]:
    return sorted(key_cell(k) for k, v in fort["cells"].items() if v is None)


def protected(cube_map: dict, cell: tuple[int, int]) -> bool:
    """Some cube (any colour) stands in front of it (smaller row) in the same column."""
    r, c = cell
    return any(cc == c and rr < r for (rr, cc) in cube_map)


def groups(cube_map: dict, colour: str) -> list[list[tuple[int, int]]]:
    """Maximal orthogonally connected sets of cubes of one colour, each sorted, in cell order."""
    seen: set = set()
    out = []
    for cell in sorted(cube_map):
        if cube_map[cell] != colour or cell in seen:
            continue
        group, todo = [], [cell]
        seen.add(cell)
        while todo:
            r, c = todo.pop()
            group.append((r, c))
            for nb in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                if nb not in seen and cube_map.get(nb) == colour:
                    seen.add(nb)
                    todo.append(nb)
        out.append(sorted(group))
    return out


def attackable_groups(fort: dict, colour: str, k: int) -> list[list[tuple[int, int]]]:
    cube_map = cubes(fort)
    return [g for g in groups(cube_map, colour)
            if len(g) <= k and any(not protected(cube_map, x) for x in g)]


def strike_group(fort: dict, group: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """First wave against one group: remove its unprotected members until none is left.

    Protection is re-evaluated after every removal, so a cube whose protector falls is hit
    in the same strike. Returns the removed cells in removal order.
    """
    removed = []
    changed = True
    while changed:
        changed = False
        cube_map = cubes(fort)
        for cell in group:
            if cell in cube_map and not protected(cube_map, cell):
                fort["cells"][cell_key(cell)] = None
                removed.append(cell)
                cube_map.pop(cell)
                changed = True
    return removed
