"""The transcript as Claude Code writes it: `reader` streams complete JSONL lines from a byte
offset, `entries` makes the records the model reads (messages with their blocks, usage, compact
boundaries) of a decoded line, `usage` tells the context window and how full it is, and
`compaction_point` where Claude Code compacts by its own rules (`json_scan` reads its settings
files without importing `json`)."""
