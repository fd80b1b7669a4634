"""The store: how games sit in the event store and come back out.

Holds the event codec and its records, the rows of a stream, the fold of rows
straight from their bytes, the write path (one transaction per act, group
commit on SQLite, one statement on PostgreSQL), the shards that keep writers of
different games apart, the counters that tell a cached fold is current, a
PostgreSQL store's binding to one host, and where a decision's chance comes
from (the seed or the table).

May import ``domain``, ``services.config``, ``services.limits`` and
``services.words`` (to name cards in what the table must supply); nothing else
of ``services``.
"""
