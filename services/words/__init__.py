"""Everything that turns a game into text a person reads.

Holds the sentences of commands and events, a table's own card names, a view
told as labelled facts and what changed between two views, the words of the
dispute desk, and what the web table shows of a game beyond its view (faces).

May import ``domain`` only: words are made from a game's values, never from
the store.
"""
