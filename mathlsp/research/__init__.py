"""Research-state logic that reads the journal and other notes (pure; no protocol types)."""
