"""Boards a table may give in its setup file: the levels, and a small board wired crosswise."""

from __future__ import annotations

LEVELS = """
[[level]]
id = "grand_druide"
name = "Grand Druide"
points = 10

[[level]]
id = "druide"
name = "Druide"
points = 7
grey = true
major = true

[[level]]
id = "sorcier"
name = "Sorcier"
points = 5
grey = true
major = true

[[level]]
id = "necromancien"
name = "Nécromancien"
points = 3
major = true

[[level]]
id = "magicien"
name = "Magicien"
points = 2
shared = true
major = true
"""


# A smaller pyramid (11 spaces), wired crosswise: the left Sorcier (S1) feeds the
# right Druide (D2), and each Druide title has a single space below it.
SMALL = (
    LEVELS
    + """
[[space]]
id = "GD"
level = "grand_druide"

[[space]]
id = "D1"
level = "druide"
contests = ["GD"]

[[space]]
id = "D2"
level = "druide"
contests = ["GD"]

[[space]]
id = "S1"
level = "sorcier"
contests = ["D2"]

[[space]]
id = "S2"
level = "sorcier"
contests = ["D1"]

[[space]]
id = "N1"
level = "necromancien"
contests = ["S1"]

[[space]]
id = "N2"
level = "necromancien"
contests = ["S1"]

[[space]]
id = "N3"
level = "necromancien"
contests = ["S2"]

[[space]]
id = "N4"
level = "necromancien"
contests = ["S2"]

[[space]]
id = "M1"
level = "magicien"
contests = ["N1", "N2"]

[[space]]
id = "M2"
level = "magicien"
contests = ["N3", "N4"]
"""
)
