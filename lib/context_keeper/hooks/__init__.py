"""The hooks: one module per hook, named like the hook script users know.

`HOOKS` names each hook and the Claude Code events it serves. Installs register
`<venv>/bin/context-keeper hook <name>` (see `runner`), the plugin route runs
`hooks/<name>.py` from its checkout; both end in the module's `main()`. Kept tiny: the
PostToolUse call imports this package on every tool call.
"""

# name -> the Claude Code events it is registered for
HOOKS = {
    "context_refill": ("PostToolUse", "UserPromptSubmit"),
    "auto_context_manager": ("PostToolUse",),
    "pre_compact_preserve": ("PreCompact",),
    "session_start_restore": ("SessionStart",),
    "post_compact_check": ("PostCompact",),
}
