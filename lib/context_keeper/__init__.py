"""context-keeper: keep exact session state across Claude Code compaction."""

__version__ = "0.2.0"
