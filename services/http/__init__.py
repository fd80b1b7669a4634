"""The HTTP service: the FastAPI app (``app``) and its routes, the play fast path
(``fast``) beside the routes it shadows, both reading a request with one parser
(``request``) and answering play with the same functions (``answers``); errors as
problem details, body and rate limits, metrics, logs and the web pages' routes.
The costly reads of a whole game (``costly_reads``: export, replay, log, verify,
dispute, diff) are made off the serving process by the read pool (``read_pool``).

The read models the app serves (scoreboard, statistics) are a protocol here
(``read_models``), given to ``create_app``: the served app, with the projections
wired in, is composed above ``services``, in ``tools.served``.

May import every other room of ``services``; nothing of ``services`` imports it.
"""
