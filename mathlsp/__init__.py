"""mathlsp: a language server for literature reviews kept in Markdown."""

__version__ = "0.1.0"
