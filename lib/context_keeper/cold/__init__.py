"""Cold units: finished tasks, episodes and subagents nobody has looked at for a while, and the
one write-once summary file each of them gets (`summaries`)."""
