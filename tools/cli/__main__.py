"""``python -m tools.cli``."""

from tools.cli.main import main

main()
