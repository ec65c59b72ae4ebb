"""`context-keeper hook NAME`: run one hook by name, the command installs register.

Exit status is 0 whatever happens. Claude Code treats exit 2 from PreCompact as "block
this compaction", so nothing on this path may ever produce it: no argparse (its usage
error is exit 2), and an unknown name or a broken module is logged by the guard instead.
"""

from __future__ import annotations

import importlib

from . import HOOKS


def main(argv: list[str]) -> int:
    name = argv[0] if len(argv) == 1 else None
    if name not in HOOKS:
        return _refuse(argv)
    try:
        # Each hook module imports only what its own gate needs; the rest loads past it.
        module = importlib.import_module(f"{__package__}.{name}")
    except BaseException as exc:  # noqa: BLE001 - a broken install must not break the session
        _log_broken(name, exc)
        return 0
    module.main()
    return 0


def _log_broken(name: str, exc: BaseException) -> None:
    """The hook's module cannot even be imported (a half-updated install): say so in the
    fallback log if the guard itself still imports, and otherwise stay silent."""
    try:
        from .guard import run_hook

        def work(ctx: object) -> None:
            raise RuntimeError(f"hook {name} cannot be loaded: {type(exc).__name__}: {exc}")

        run_hook("(broken hook)", work)
    except BaseException:  # noqa: BLE001 - nowhere left to report to
        pass


def _refuse(argv: list[str]) -> int:
    from .guard import run_hook

    def work(ctx: object) -> None:
        known = ", ".join(HOOKS)
        raise ValueError(f"`context-keeper hook` needs one hook name ({known}); got {argv!r}")

    run_hook("(unknown hook)", work)
    return 0
