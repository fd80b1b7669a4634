"""What may be read of a game: the state for a seat or a spectator at any
position, the event log, legal commands, the lobby's list, positions and a
table's own data as files, the holds as a seat or the referee reads them.

May import ``services.ledger`` and everything below it (``seats``, ``store``,
``words``, ``config``, ``limits``).
"""
