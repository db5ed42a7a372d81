"""The Synthesis of LITERATURE.md drafted from evidence. Pure except
`run`, which fetches the evidence through `mathlsp.sources`.

- `graph`: the citation graph among confirmed references and a reading order from it;
- `draft`: the lines each subsection gets from the evidence, with markers and REF ids;
- `write`: appending those lines without touching anything the user wrote;
- `review`: the draft marker on drafted lines, and accepting them.
"""
