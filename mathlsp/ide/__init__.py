"""Editor features as pure functions of the notes model: no protocol types, no I/O.

One module per feature — `navigation` (the id under the cursor, definitions, references),
`outline` (document and workspace symbols), `completion_items`, `hover_card` (a verified record as
Markdown) and `fixes` (quick-fix edits for findings). Each returns plain data (spans, edits,
candidates); `mathlsp.features` converts it to LSP types and registers the handlers, so every
feature is unit-tested here without a server (tests/ide/).
"""
