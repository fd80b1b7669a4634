"""The HTTP service: the FastAPI app and its routes, the play fast path beside
the routes it shadows, errors as problem details, body and rate limits,
metrics, logs and the web pages.

May import every other room of ``services``; nothing of ``services`` imports it.
"""
