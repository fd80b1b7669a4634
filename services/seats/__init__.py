"""Tables where each seat enters its own draws: a command held until the seats
whose cards it needs have entered them.

Holds the hold itself (what a command waits for, the seats' entries), what an
entry meets (``entries``: a seat's tries at a position, the refusals' words), and
the desk that keeps holds beside the ledger and turns a completed one into an act.

May import ``domain``, ``services.store``, ``services.words``, ``services.config``
and ``services.limits``; never the ledger facade, which composes the desk.
"""
