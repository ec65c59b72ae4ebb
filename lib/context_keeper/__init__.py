"""context-keeper: keep exact session state across Claude Code compaction."""

__version__ = "0.1.0"
