"""Fit the learned decision's correction trees (`mathlsp/search/learned.py`, stop 49).

Gradient boosting of shallow regression trees on the log-odds the logistic model already gives
(its margin is the starting point, so the trees fit only what it leaves unexplained), with
shrinkage, a minimum hessian weight per leaf, and monotone constraints: a split on a feature of
`learned.MONOTONE` is taken only when its two leaves move the odds the feature's way, and bounds
the leaves below it by their midpoint, so that the trees' sum never moves against it. Each
feature's candidate thresholds are its training values' quantiles (`BINS` bins). Deterministic:
no sampling, ties broken by the first feature (in `FEATURES` order) and the lowest threshold.
Trained with numpy here only; the product reads the trees in plain Python
(`learned.tree_value`).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from mathlsp.search.learned import FEATURES, MONOTONE, Tree

#: Stop 49, measured leave-one-split-out (docs/search.md): 100 trees of depth 2, shrinkage
#: 0.05, leaf weight at least 30, L2 on the leaves 5.
ROUNDS = 100
DEPTH = 2
SHRINKAGE = 0.05
MIN_WEIGHT = 30.0
LEAF_L2 = 5.0
BINS = 16


def thresholds(x: np.ndarray) -> np.ndarray:
    """A feature's candidate thresholds: its values' inner quantiles, distinct."""
    return np.unique(np.quantile(x, np.linspace(0, 1, BINS + 1)[1:-1]))


@dataclass(frozen=True)
class Round:
    """What one round's tree is grown from: the rows' bins and each feature's thresholds, the
    loss's gradient and hessian at the current margin, the constraints and the settings."""

    bins: np.ndarray
    cuts: list[np.ndarray]
    g: np.ndarray
    h: np.ndarray
    names: Sequence[str]
    signs: Sequence[int]
    depth: int
    shrinkage: float
    min_weight: float
    leaf_l2: float

    def value(self, idx: np.ndarray, lo: float, hi: float) -> float:
        """The leaf of the rows `idx` (a shrunk Newton step), kept within the bounds."""
        step = -self.g[idx].sum() / (self.h[idx].sum() + self.leaf_l2)
        return float(min(hi, max(lo, self.shrinkage * step)))

    def grow(self, idx: np.ndarray, level: int, lo: float, hi: float) -> Tree:
        split = best_split(self, idx, lo, hi) if level < self.depth else None
        if split is None:
            return round(float(self.value(idx, lo, hi)), 6)
        j, t = split
        below = idx[self.bins[idx, j] <= t]
        above = idx[self.bins[idx, j] > t]
        # A monotone split bounds its subtrees by the midpoint of its two leaves, so that no
        # deeper split can reverse the order (XGBoost's constraint): the sum of the trees never
        # falls as a feature of `MONOTONE` rises its way.
        low_bounds, high_bounds = (lo, hi), (lo, hi)
        if self.signs[j]:
            mid = (self.value(below, lo, hi) + self.value(above, lo, hi)) / 2
            low_bounds, high_bounds = (lo, mid), (mid, hi)
            if self.signs[j] < 0:
                low_bounds, high_bounds = high_bounds, low_bounds
        return (
            self.names[j],
            float(self.cuts[j][t]),
            self.grow(below, level + 1, *low_bounds),
            self.grow(above, level + 1, *high_bounds),
        )


def fit_trees(
    rows: Sequence[Sequence[float]],
    labels: Sequence[int],
    margin: Sequence[float],
    names: Sequence[str] = FEATURES,
    rounds: int = ROUNDS,
    depth: int = DEPTH,
    shrinkage: float = SHRINKAGE,
    min_weight: float = MIN_WEIGHT,
    leaf_l2: float = LEAF_L2,
) -> list[Tree]:
    """Trees whose leaves, added to `margin` (the logistic model's log-odds of each row), lower
    the log-loss of `labels`."""
    x = np.asarray(rows, dtype=float).reshape(len(labels), len(names))
    y = np.asarray(labels, dtype=float)
    cuts = [thresholds(x[:, j]) for j in range(len(names))]
    # bins[i, j]: how many of feature j's thresholds row i reaches (x >= threshold).
    bins = np.stack([np.searchsorted(c, x[:, j], side="right") for j, c in enumerate(cuts)], axis=1)
    signs = [MONOTONE.get(n, 0) for n in names]
    f = np.asarray(margin, dtype=float).copy()
    trees: list[Tree] = []
    for _ in range(rounds):
        p = 1 / (1 + np.exp(-f))
        grower = Round(
            bins, cuts, p - y, p * (1 - p), names, signs, depth, shrinkage, min_weight, leaf_l2
        )
        tree = grower.grow(np.arange(len(y)), 0, -math.inf, math.inf)
        trees.append(tree)
        f += leaves(tree, x, names)
    return trees


def leaves(tree: Tree, x: np.ndarray, names: Sequence[str]) -> np.ndarray:
    """The leaf each row of `x` falls in (`learned.tree_value`, for a matrix)."""
    if isinstance(tree, float):
        return np.full(len(x), tree)
    feature, threshold, below, above = tree
    low = x[:, list(names).index(feature)] < threshold
    out = np.empty(len(x))
    out[low] = leaves(below, x[low], names)
    out[~low] = leaves(above, x[~low], names)
    return out


def best_split(node: Round, idx: np.ndarray, lo: float, hi: float) -> tuple[int, int] | None:
    """The (feature, threshold index) of the largest gain in the node `idx`; None if no split
    gains, keeps both leaves' weight and, on a feature of `MONOTONE`, orders its two leaves
    (within the node's bounds) the feature's way."""
    g, h, lam = node.g[idx], node.h[idx], node.leaf_l2
    total_g, total_h = g.sum(), h.sum()
    base = total_g**2 / (total_h + lam)
    best: tuple[float, tuple[int, int] | None] = (0.0, None)
    for j, sign in enumerate(node.signs):
        gl = np.cumsum(np.bincount(node.bins[idx, j], g, BINS))[:-1]
        hl = np.cumsum(np.bincount(node.bins[idx, j], h, BINS))[:-1]
        gr, hr = total_g - gl, total_h - hl
        ok = (hl >= node.min_weight) & (hr >= node.min_weight)
        if sign:
            v_low = np.clip(-node.shrinkage * gl / (hl + lam), lo, hi)
            v_high = np.clip(-node.shrinkage * gr / (hr + lam), lo, hi)
            ok &= sign * (v_high - v_low) >= 0
        gain = np.where(ok, gl**2 / (hl + lam) + gr**2 / (hr + lam) - base, -1.0)
        t = int(np.argmax(gain))
        if gain[t] > best[0]:
            best = (float(gain[t]), (j, t))
    return best[1]
