"""What the model holds after compaction: the block's items, the check of the summary against
them, and the refill of what the summary dropped.

The preservation block reaches only the compaction prompt; the summary is written by the
model and may drop any of it. PostCompact sees that summary (`compact_summary`), so the
check runs there, and what was lost (and is not in the restore note already) is handed,
once, to the first hook after the compaction that reaches the main agent.
"""
