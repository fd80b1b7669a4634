"""Application layer: the event store of games and everything served from it.

Rooms by purpose, each a subpackage whose docstring says what it holds and what
it may import; from the top down (an import contract in ``pyproject.toml``):

- ``http``: the HTTP service (routes, the play fast path, errors, limits,
  metrics, logs, pages);
- ``review``: verify, the record decided again (readjudicate, diff, dispute),
  exports;
- ``live``: live fan-out of appends and the per-seat live log;
- ``reads``: what a seat, a spectator or the operator may read of a game;
- ``problems`` (a module): one error body for HTTP and the CLI;
- ``ledger`` (a module): the facade: create, fork, act, load;
- ``seats``: tables whose seats enter their own draws (the hold desk);
- ``store``: persistence and its collaborators (codec, rows, fold, cache,
  appender, side streams, write path, shards, counters, chance);
- ``words``: everything that turns a game into text;
- ``config``, ``limits`` (modules) and ``web`` (the pages' files), used by all.
"""
