from __future__ import annotations

import pytest
from pydantic import ValidationError

from kai_desktop.core.settings import Settings


def test_defaults_match_the_design() -> None:
    s = Settings()
    assert s.memory_budget_chars == 2000
    assert s.undo_window_s == 4.0
    assert s.heartbeat_minutes == 30
    assert (s.active_start_hour, s.active_end_hour) == (8, 22)
    assert s.max_file_bytes == 5 * 1024 * 1024
    assert s.model_backend == "embedded"


def test_every_field_has_a_title_and_description() -> None:
    for name, field in Settings.model_fields.items():
        assert field.title, name
        assert field.description, name


@pytest.mark.parametrize(
    ("field", "value"),
    [("memory_budget_chars", 10), ("heartbeat_minutes", 0), ("weight_recency", -1),
     ("model_backend", "magic")],
)
def test_bounds_are_enforced(field: str, value: object) -> None:
    with pytest.raises(ValidationError):
        Settings.model_validate({field: value})


def test_active_hours_must_be_in_order() -> None:
    with pytest.raises(ValidationError, match="active_end_hour"):
        Settings(active_start_hour=20, active_end_hour=8)
