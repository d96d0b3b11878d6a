"""Fixtures for the Abandon All Artichokes tests: its web tests' real server and Chromium."""

from __future__ import annotations

from tests.web.conftest import server  # noqa: F401 (its web tests)
