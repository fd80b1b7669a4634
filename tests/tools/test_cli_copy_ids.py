"""``wizards act`` takes a card by its kind: a person cannot know copy numbers.

A command naming ``brikebix`` where the hand holds ``brikebix#1`` is sent as the
one legal command it matches once copy numbers are ignored, and stderr says so;
where two copies would fit, it is refused, naming both; where nothing fits, the
ledger refuses it as before."""

from __future__ import annotations

import json

from tests.tools.wizards_cli import Wizards


def _place(*cards: str) -> str:
    return json.dumps({"type": "PlaceCards", "cards": list(cards)})


def test_a_card_named_by_its_kind_is_taken_as_the_one_legal_copy(
    wizards: Wizards,
) -> None:
    gid = wizards("new", "spellwars", "--names", "Ann,Bob", "--seed", "cli-copies").stdout.strip()
    hand = [c["id"] for c in wizards.json("state", gid, "--seat", "0")["view"]["hand"]]
    # This deal gives Ann one Brikébix and both Groclonars.
    assert "brikebix#1" in hand and "brikebix#2" not in hand
    assert {"groclonar#1", "groclonar#2"} <= set(hand)
    before = wizards.json("state", gid)["position"]
    twice = wizards("act", gid, "--seat", "0", "--command", _place("groclonar"), code=2)
    both = json.loads(twice.stderr)
    assert both["code"] == "ambiguous_command"
    assert '"groclonar#1"' in both["message"] and '"groclonar#2"' in both["message"]
    assert wizards.json("state", gid)["position"] == before  # nothing stored
    # With a wrong token, refused for the token before any command is named.
    wrong = wizards(
        "act", gid, "--seat", "0", "--command", _place("groclonar"), "--token", "x", code=2
    )
    assert json.loads(wrong.stderr)["code"] == "not_authorized" and "groclonar#" not in wrong.stderr

    sent = ["act", gid, "--seat", "0", "--command", _place("brikebix"), "-k", "ann-1"]
    done = wizards(*sent)
    assert done.stderr.strip() == 'taken as {"type": "PlaceCards", "cards": ["brikebix#1"]}'
    appended = json.loads(done.stdout)
    assert appended[0]["event"]["command"] == {"type": "PlaceCards", "cards": ["brikebix#1"]}
    # Sent again under its key (the answer was lost): the same entries, nothing new.
    again = wizards(*sent)
    assert [e["position"] for e in json.loads(again.stdout)] == [e["position"] for e in appended]
    assert wizards.json("state", gid)["position"] == appended[-1]["position"] > before


def test_a_command_that_matches_no_legal_one_is_refused_as_written(
    wizards: Wizards,
) -> None:
    gid = wizards("new", "spellwars", "--names", "Ann,Bob", "--seed", "cli-copies").stdout.strip()
    refused = wizards("act", gid, "--seat", "0", "--command", _place("volcanino"), code=2)
    error = json.loads(refused.stderr)
    assert error["code"] == "not_in_hand" and "taken as" not in refused.stderr
    # The exact id still goes as it always did, with nothing said on stderr.
    exact = wizards("act", gid, "--seat", "0", "--command", _place("brikebix#1"))
    assert exact.stderr == "" and json.loads(exact.stdout)[0]["type"] == "ActionTaken"


def test_a_copy_named_by_its_id_is_that_copy_not_another(
    wizards: Wizards,
) -> None:
    # Ann holds brikebix#1, not brikebix#2. The copy she names by its id is not
    # hers: refused as written, never sent as the other copy (an orc tower
    # Attack on orc-04 must not strike orc-05, which stands elsewhere).
    gid = wizards("new", "spellwars", "--names", "Ann,Bob", "--seed", "cli-copies").stdout.strip()
    before = wizards.json("state", gid)["position"]
    refused = wizards("act", gid, "--seat", "0", "--command", _place("brikebix#2"), code=2)
    assert json.loads(refused.stderr)["code"] == "not_in_hand"
    assert "taken as" not in refused.stderr
    assert wizards.json("state", gid)["position"] == before
