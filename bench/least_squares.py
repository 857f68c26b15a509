"""The normal equations of a least-squares fit, solved: shared by the leaf fits (bench/lvs_leaf_fit.py,
bench/islebound_leaf_fit.py)."""

from __future__ import annotations


def solve_augmented(a: list[list[float]]) -> list[float]:
    """``x`` with ``A x = b`` for the augmented rows ``[A | b]`` (n rows of n + 1), by Gauss-Jordan
    elimination with partial pivoting; ``a`` is changed in place."""
    n = len(a)
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(a[r][c]))
        a[c], a[p] = a[p], a[c]
        for r in range(n):
            if r != c and a[r][c]:
                m = a[r][c] / a[c][c]
                a[r] = [u - m * v for u, v in zip(a[r], a[c], strict=True)]
    return [a[i][n] / a[i][i] for i in range(n)]
