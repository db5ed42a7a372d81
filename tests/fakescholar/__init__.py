"""A fake scholarly-API server for tests: real HTTP on 127.0.0.1, real wire formats.

In-thread::

    with FakeScholar.running() as fake:
        fake.controls.set_latency(0.1)
        fake.controls.add_fault("429", "semantic_scholar", count=3, retry_after=1)
        settings = SourceSettings.from_env(overrides={"base_urls": fake.urls()})
        ...
        fake.controls.requests("semantic_scholar")   # the request log

As a subprocess (prints ``READY http://127.0.0.1:PORT``)::

    python -m tests.fakescholar --port 0 [--latency 0.1] [--synthetic 500] [--haystack]

then point mathlsp at it with `env_for(root)` (the MATHLSP_*_URL variables) and switch faults over
HTTP: ``POST /_control {"faults": [{"kind": "429", "backend": "arxiv", "count": 2}]}``,
``GET /_control/log``.

`--haystack` (`FakeScholar(haystack=True)`) serves the 16,373 real records of
shared/corpus/math-papers.jsonl.gz instead of the small corpus, through an inverted index with each
API's query language and BM25 ranking (engine.py, haystack.py).
"""

from tests.fakescholar.server import (
    BACKEND_PREFIXES,
    Controls,
    FakeScholar,
    LoggedRequest,
    backend_urls,
    env_for,
)

__all__ = [
    "BACKEND_PREFIXES",
    "Controls",
    "FakeScholar",
    "LoggedRequest",
    "backend_urls",
    "env_for",
]
