"""Live fan-out of appended events (in-process wake-ups, Redis pub/sub, polling)
and the live log of one game for one seat built on it.

May import ``services.reads`` and everything below it.
"""
