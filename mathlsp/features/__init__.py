"""LSP features: one module per concern, each exposing `register(server)`.

Handlers are thin: get the note → call a pure function (`mathlsp.navigation`, `mathlsp.outline`,
`mathlsp.completion_items`, `mathlsp.checks`) → convert the result to protocol types.
"""
