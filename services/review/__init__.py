"""The referee's tools over a stored game: verify, the record decided again
(readjudicate, diff, the dispute desk), and exports (JSON with its published
schema, Markdown, the self-contained HTML viewer, boards at every position).

May import ``services.reads`` and everything below it; not ``live`` or ``http``.
"""
