"""What a static word embedding says of each candidate: its closeness to the problem and to the
pool's strongest papers, for the learned decision.

The lexical features see the problem's phrases said or not said; a same-field neighbour says
the same phrases as a paper on the problem. An embedding reads every word of the title and
abstract against every word of PROBLEM.md, so a paper on the problem's object in other words
(or in abbreviations the note never spells out) is closer than one that shares only the field's
phrases. The model is WordLlama (`l2_supercat`, 256 dimensions, MIT licence), whose weights and
tokenizer ship inside its PyPI wheel: nothing is downloaded, and the same texts give the same
vectors. It is loaded on first use, when a search ranks, never when the server starts.

- `problem_emb`: cosine between the paper (title and abstract) and PROBLEM.md's text (without
  its front matter);
- `problem_emb_rank`: that cosine as a quantile of the pool's (1: the closest);
- `exemplar_emb`: cosine to the mean of the pool's exemplars (`pool_features.exemplar_groups`,
  the paper itself left out).
"""

from __future__ import annotations

import logging
import re
from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any

from mathlsp.search.pool_features import quantiles

FEATURES = ("problem_emb", "exemplar_emb", "problem_emb_rank")
log = logging.getLogger(__name__)
_FRONT_MATTER = re.compile(r"\A\s*---.*?---", re.S)


@lru_cache(maxsize=1)
def available() -> bool:
    """Whether the model loads. A broken or missing install leaves the search to the lexical
    rule (`rank._ranked`) instead of failing it: the embedding only refines the line."""
    try:
        _model()
    except Exception as exc:  # any failure of a third-party load
        log.warning("the static word embedding did not load (%s): the lexical rule decides", exc)
        return False
    return True


@lru_cache(maxsize=1)
def _model() -> Any:
    # wordllama's import calls logging.basicConfig(level=INFO): every HTTP request of the
    # search would then be printed on the terminal and the server's stderr. Undo it.
    root = logging.getLogger()
    handlers, level = list(root.handlers), root.level
    try:
        import wordllama
        from wordllama import WordLlama
    finally:
        root.handlers[:] = handlers
        root.setLevel(level)

    # The wheel installs its tokenizer under `tokenizers/` but looks for it under `tokenizer/`,
    # then tries to download it; its cache folder is `<cache>/tokenizers/`, so naming the
    # package's own folder as the cache finds the shipped file. Downloads stay off.
    return WordLlama.load(cache_dir=Path(wordllama.__file__).parent, disable_download=True)


def problem_text(text: str) -> str:
    """PROBLEM.md without its front matter (the tags and MSC codes are not prose)."""
    return _FRONT_MATTER.sub("", text, count=1)


def embedding_features(
    problem: str, texts: Sequence[str], groups: Sequence[Sequence[int]]
) -> list[dict[str, float]]:
    """`FEATURES` for each of `texts` (a candidate's title and abstract), in order; `groups[i]`:
    the indices of candidate i's exemplars; none at all when the model is not `available`."""
    if not texts or not available():
        return []
    model = _model()
    vecs = model.embed(list(texts), norm=True)
    target = model.embed([problem], norm=True)[0]
    sims = [float(x) for x in vecs @ target]
    out = []
    for i, group in enumerate(groups):
        exemplar = 0.0
        if group:
            centroid = vecs[list(group)].mean(axis=0)
            norm = float((centroid @ centroid) ** 0.5)
            exemplar = float(vecs[i] @ centroid) / norm if norm > 0 else 0.0
        out.append({"problem_emb": sims[i], "exemplar_emb": exemplar})
    for x, q in zip(out, quantiles(sims), strict=True):
        x["problem_emb_rank"] = q
    return out
