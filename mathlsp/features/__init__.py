"""LSP features: protocol conversion and handler registration, one module per concern.

Each module exposes `register(server)`; `server.py` holds the server class and the order in which
features register. Handlers are thin: get the note → call a pure function (`mathlsp.ide`,
`mathlsp.checks`) → convert the result to protocol types (`convert.py`, `edits.py`).
"""
