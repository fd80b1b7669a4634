"""The `wizards` command line and its helpers."""
