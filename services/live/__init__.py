"""Live fan-out of appended events (in-process wake-ups, Redis pub/sub, polling),
the live log of one game for one seat built on it (``stream``), and the one writer
of that log as Server-Sent Events on an ASGI connection (``sse``).

May import ``services.reads`` and everything below it.
"""
