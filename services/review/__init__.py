"""The referee's tools over a stored game.

- ``record``: a game's record as review reads it, for one viewer (``GameRecord``).
- ``redecide``: the one re-decide loop (``Redecision``: the record folded under
  one reading, each stretch decided again with the recorded chance) and the one
  first difference, in one shape; ``verify`` (the chain, the seeds, the dice,
  and the record decided again under its engine's profile; what it finds in
  ``findings``, its checks of what is kept beside the events — heads, the
  opening's hash, snapshots, notes, the hold record — in ``kept_beside``),
  ``readjudicate`` (and ``diff``) and ``dispute`` (the desk) are built on it.
- ``story``: the one walk over a record and its visitor (``wizards replay``'s
  lines); ``markdown``: the Markdown export, another visitor of that walk.
- ``exports``: the JSON document (the replay viewer's data) and the HTML viewer,
  with ``export_schema`` (its published schema), ``board_frames`` (the boards at
  every position) and ``view_facts`` (the views' facts at every position).

May import ``services.reads`` and everything below it; not ``live`` or ``http``.
"""
