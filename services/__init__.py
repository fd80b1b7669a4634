"""Application layer: the event store, command handling, the HTTP app, live fan-out."""
