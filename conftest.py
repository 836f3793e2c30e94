"""Repository-level pytest configuration: the corpus summaries print under
pytest-xdist too (the controller only loads conftests it is told about)."""

pytest_plugins = ["tests.unit.ir.conftest", "tests.unit.ad.conftest", "tests.unit.fuzz.conftest"]
