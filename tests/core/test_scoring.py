from sevenwonders.core.scoring import ScoreSheet, ranking, winners


def test_total_is_the_sum_of_lines() -> None:
    sheet = ScoreSheet.of({"a": 3, "b": -1, "c": 10})
    assert sheet.total == 12
    assert list(sheet.lines) == ["a", "b", "c"]


def test_tie_break_then_shared_places() -> None:
    sheets = [
        ScoreSheet.of({"x": 40}, (5,)),
        ScoreSheet.of({"x": 40}, (7,)),
        ScoreSheet.of({"x": 40}, (7,)),
        ScoreSheet.of({"x": 30}, (9,)),
    ]
    assert ranking(sheets) == (3, 1, 1, 4)
    assert winners(sheets) == (1, 2)


def test_sheets_are_hashable_values() -> None:
    assert hash(ScoreSheet.of({"a": 1})) == hash(ScoreSheet.of({"a": 1}))
