"""The Semantic Scholar key goes to the configured host only: never along a redirect elsewhere
(httpx strips only `Authorization` when a redirect leaves the origin)."""

from __future__ import annotations

import asyncio

import httpx

from mathlsp.sources.http import SecretGuard, guard_secrets
from mathlsp.sources.registry import Sources
from mathlsp.sources.settings import SourceSettings

S2 = "http://s2.test:8080/graph/v1"


def _serve(seen: list[tuple[str, str | None]]) -> httpx.MockTransport:
    def handle(request: httpx.Request) -> httpx.Response:
        seen.append((str(request.url), request.headers.get("x-api-key")))
        hops = {
            "/graph/v1/paper/a": "http://evil.test/steal",
            "/graph/v1/paper/b": "https://s2.test:8080/graph/v1/paper/c",  # another scheme
            "/graph/v1/paper/d": "/graph/v1/paper/e",  # the same origin
        }
        if request.url.path in hops:
            return httpx.Response(302, headers={"location": hops[request.url.path]})
        return httpx.Response(200, json={})

    return httpx.MockTransport(handle)


def test_the_key_does_not_follow_a_redirect_to_another_origin() -> None:
    seen: list[tuple[str, str | None]] = []

    async def main() -> None:
        async with httpx.AsyncClient(transport=_serve(seen), follow_redirects=True) as client:
            guard_secrets(client, {"x-api-key": S2})
            guard_secrets(client, {"x-api-key": S2})  # installed once, however often asked
            assert sum(isinstance(h, SecretGuard) for h in client.event_hooks["request"]) == 1
            for path in ("a", "b", "d"):
                await client.get(f"{S2}/paper/{path}", headers={"x-api-key": "K"})

    asyncio.run(main())
    assert seen == [
        (f"{S2}/paper/a", "K"),
        ("http://evil.test/steal", None),
        (f"{S2}/paper/b", "K"),
        ("https://s2.test:8080/graph/v1/paper/c", None),
        (f"{S2}/paper/d", "K"),
        (f"{S2}/paper/e", "K"),
    ]


def test_every_client_the_sources_use_is_guarded() -> None:
    settings = SourceSettings(base_urls={"semantic_scholar": S2}, semantic_scholar_api_key="K")

    async def main() -> None:
        async with httpx.AsyncClient() as client:
            Sources(settings, client)
            guards = [h for h in client.event_hooks["request"] if isinstance(h, SecretGuard)]
            assert [g.allowed for g in guards] == [{"x-api-key": ("http", "s2.test", 8080)}]

    asyncio.run(main())
