"""One compaction on disk and after it: what the hooks recorded of it and what the model still
holds of the block once the summary is written.

- `history`: `compactions.jsonl`, one line per hook per compaction;
- `file` and `parts`: `compactions/<session>/<id>.json`, the block, note, check and refill of
  one compaction, each part a record;
- `check`: which of the block's items the summary kept;
- `refill` and `pending`: the lost items as one text, handed once to the first hook after the
  compaction that reaches the main agent;
- `listing`: each compaction as the hooks recorded it, joined, for `history`, `compaction` and
  `report`.

The preservation block reaches only the compaction prompt; the summary is written by the
model and may drop any of it. PostCompact sees that summary (`compact_summary`), so the
check runs there (or, when PostCompact never comes, from the summary record in the transcript).
"""
