"""The projections tests use the API tests' fixtures (``tests/services/conftest.py``)."""

from tests.services.conftest import ledger

__all__ = ["ledger"]
