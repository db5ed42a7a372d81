"""BibTeX and biblatex files: read them (a kept parser), map entries to the claims the verifier
checks, and write verified records back as entries. Pure: no network, no cache, no server.

- `parse.py` reads a file into entries with their lines (`@string` macros expanded, `crossref`
  resolved) and reports malformed blocks with their line while reading the rest.
- `stream.py` reads a file a batch of blocks at a time (the CLI's `verify` and `import`: memory
  flat in the file's size), `crossref` parents that come after their children found by a first
  pass.
- `latex.py` turns field values into Unicode text (math kept) and back.
- `names.py` splits BibTeX name lists.
- `claim.py` maps an entry to the verifier's `Subject` (title, authors, year, DOI, arXiv eprint).
- `render.py` writes an entry (BibTeX or biblatex) from a verified reference; `keys.py` makes keys.
- `update.py` merges entries into an existing file without reordering or touching the user's.
"""
