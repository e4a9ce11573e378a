"""GFM tables as the vault scan reads them: where a table starts and ends, where its rows
start, and only the cells that can hold something the scan looks for.

markdown-it's table rule makes three tokens for every cell (and splits every row): a note
with a 3,000-column table took 13 s and 860 MB to scan, and tables were most of the scan
time of documentation vaults, although almost no cell holds a link or a tag. This rule
decides where a table starts with markdown-it's own rule and ends it where that rule
would (same terminators, same limit on filled-in cells), so the blocks and lines are the
same; it emits a ``tr_open`` per row (the places a long table may be cut) and an
``inline`` token only for the cells that ``keep`` accepts, with the content markdown-it
gives them. Rows that cannot hold such a cell are never split.

For rendering, use markdown-it's rule: the tokens made here are not a full table.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from markdown_it.common.utils import mdTrim
from markdown_it.rules_block.table import MAX_AUTOCOMPLETED_CELLS, escapedSplit
from markdown_it.rules_block.table import table as gfm_table

if TYPE_CHECKING:
    from markdown_it import MarkdownIt
    from markdown_it.rules_block import StateBlock

CellFilter = Callable[[str], bool]


def use_lean_tables(md: MarkdownIt, keep: CellFilter, row_may_keep: CellFilter) -> None:
    """Replace ``md``'s table rule by the lean one. ``keep``: whether a cell's content is
    wanted; ``row_may_keep``: False only when no cell of that row text can be kept (a quick
    test on the whole row, so that most rows are never split)."""

    def rule(state: StateBlock, start: int, end: int, silent: bool) -> bool:
        if not gfm_table(state, start, end, True):
            return False
        if silent:
            return True
        _emit(state, start, end, keep, row_may_keep)
        return True

    md.block.ruler.at("table", rule, {"alt": ["paragraph", "reference"]})


def _line(state: StateBlock, line: int) -> str:
    return mdTrim(state.src[state.bMarks[line] + state.tShift[line] : state.eMarks[line]])


def _cells(row: str) -> list[str]:
    """The row's cells as GFM splits them (``\\|`` is a pipe inside a cell)."""
    cells = escapedSplit(row)
    if cells and cells[0] == "":
        cells.pop(0)
    if cells and cells[-1] == "":
        cells.pop()
    return cells


def cell_count(row: str) -> int:
    """``len(_cells(row))`` without splitting: every pipe not after a backslash separates
    cells, and a pipe at either end opens or closes the row."""
    if not row:
        return 0
    count = row.count("|") - row.count("\\|") + 1
    if row.startswith("|"):
        count -= 1
    if count and row.endswith("|") and not row.endswith("\\|"):
        count -= 1
    return count


def _emit(
    state: StateBlock, start: int, end: int, keep: CellFilter, row_may_keep: CellFilter
) -> None:
    header = _line(state, start)
    columns = len(_cells(header))
    table = state.push("table_open", "table", 1)
    table.map = [start, start + 1]
    parent, state.parentType = state.parentType, "table"
    terminators = state.md.block.ruler.getRules("blockquote")
    _row(state, start, header, columns, keep=keep, row_may_keep=row_may_keep)
    line, filled_in = start + 2, 0
    while line < end and state.sCount[line] >= state.blkIndent:
        if any(stop(state, line, end, True) for stop in terminators):
            break
        row = _line(state, line)
        if not row or state.is_code_block(line):
            break
        filled_in += columns - cell_count(row)
        if filled_in > MAX_AUTOCOMPLETED_CELLS:
            break
        _row(state, line, row, columns, keep=keep, row_may_keep=row_may_keep)
        line += 1
    state.push("table_close", "table", -1)
    table.map[1] = line
    state.parentType = parent
    state.line = line


def _row(
    state: StateBlock,
    line: int,
    row: str,
    columns: int,
    *,
    keep: CellFilter,
    row_may_keep: CellFilter,
) -> None:
    opened = state.push("tr_open", "tr", 1)
    opened.map = [line, line + 1]
    if row_may_keep(row):
        for cell in _cells(row)[:columns]:
            content = mdTrim(cell)
            if keep(content):
                token = state.push("inline", "", 0)
                token.map = [line, line + 1]
                token.content = content
                token.children = []
    state.push("tr_close", "tr", -1)
