#!/usr/bin/env bash
# Install context-keeper's Claude Code hooks: a private virtualenv with this checkout
# installed in it, and hook entries (`<venv>/bin/context-keeper hook <name>`, which need
# no checkout) merged into a Claude Code settings.json.
# Run ./install.sh --help for the options. Safe to re-run: it only changes what differs.
set -euo pipefail

PROG=install.sh

usage() {
    cat <<'EOF'
Usage: ./install.sh [options]

Installs context-keeper for Claude Code: creates a virtualenv, pip-installs this
checkout into it, registers the hooks (PostToolUse, UserPromptSubmit, PreCompact,
SessionStart/compact, PostCompact) in ~/.claude/settings.json, and links the
`context-keeper` command into ~/.local/bin. Re-running changes only what differs
(e.g. after updating the checkout).

Options:
  --prefix DIR     create/use the virtualenv at DIR instead of
                   <user data dir>/context-keeper/venv
  --python PATH    run the hooks with this existing interpreter (it must already be
                   able to import context_keeper); no virtualenv is created and no
                   command is linked
  --project DIR    register the hooks for one project only, in
                   DIR/.claude/settings.local.json (the file Claude Code keeps out of
                   version control) instead of the user settings
                   ($CLAUDE_CONFIG_DIR/settings.json or ~/.claude/settings.json)
  --statusline     also register `context-keeper statusline` as Claude Code's status
                   line (context used, tokens left before auto-compaction, what the
                   last compaction kept); only where the settings file sets no status
                   line, and the summary says which happened. --uninstall removes it
                   (only ours)
  --no-hooks       only set up the virtualenv and the command; leave settings alone
  --dry-run        print the settings diff and what would be done; change nothing
  --uninstall      take the hooks out again: the settings file gets back the exact
                   bytes it had before the install if nothing else changed it since,
                   else only our entries are removed; unlinks the command (the
                   virtualenv and the data are kept)
  --purge          with --uninstall: also delete the virtualenv, the data dir (and
                   the one the config file names) and the config file
  -h, --help       show this help

Alternative: install as a Claude Code plugin from this checkout:
  claude plugin marketplace add <this checkout>
  claude plugin install context-keeper@context-keeper
EOF
}

die() { printf '%s: error: %s\n' "$PROG" "$*" >&2; exit 2; }   # bad usage / input
fail() { printf '%s: error: %s\n' "$PROG" "$*" >&2; exit 1; }  # something went wrong
say() { printf '%s\n' "$*"; }

# ----------------------------------------------------------------------------- options
prefix="" python_arg="" project="" no_hooks=0 dry_run=0 uninstall=0 purge=0 statusline=0
need_value() { [ "$2" -ge 2 ] || die "$1 needs a value (see --help)"; }
while [ $# -gt 0 ]; do
    case "$1" in
        -h|--help) usage; exit 0 ;;
        --prefix) need_value "$1" $#; prefix=$2; shift 2 ;;
        --prefix=*) prefix=${1#*=}; shift ;;
        --python) need_value "$1" $#; python_arg=$2; shift 2 ;;
        --python=*) python_arg=${1#*=}; shift ;;
        --project) need_value "$1" $#; project=$2; shift 2 ;;
        --project=*) project=${1#*=}; shift ;;
        --statusline) statusline=1; shift ;;
        --no-hooks) no_hooks=1; shift ;;
        --dry-run) dry_run=1; shift ;;
        --uninstall) uninstall=1; shift ;;
        --purge) purge=1; shift ;;
        *) die "unknown argument: $1 (see --help)" ;;
    esac
done
[ -n "${HOME:-}" ] || die "HOME is not set"
[ "$purge" = 0 ] || [ "$uninstall" = 1 ] || die "--purge only goes with --uninstall"
[ "$uninstall" = 0 ] || [ "$no_hooks" = 0 ] || die "--no-hooks and --uninstall exclude each other"
[ "$statusline" = 0 ] || [ "$no_hooks" = 0 ] || die "--statusline and --no-hooks exclude each other"
[ "$statusline" = 0 ] || [ "$uninstall" = 0 ] || die "--uninstall removes our status line anyway; drop --statusline"
[ -z "$python_arg" ] || [ -z "$prefix" ] || die "--python and --prefix exclude each other"
for value in "$prefix" "$python_arg" "$project"; do
    case "$value" in -*) die "option value looks like an option: $value" ;; esac
done

# Physical path: the hook commands must keep working whatever symlink the user ran from.
CHECKOUT=$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")" && pwd -P)
[ -f "$CHECKOUT/lib/context_keeper/claude_settings/__init__.py" ] \
    || fail "$CHECKOUT does not look like a context-keeper checkout (lib/context_keeper missing)"

absolute() {  # lexically absolute, symlinks kept (a venv's python is one)
    case "$1" in /*) printf '%s\n' "$1" ;; *) printf '%s/%s\n' "$PWD" "$1" ;; esac
}

# Same place as platformdirs.user_data_dir("context-keeper"), where the package keeps
# its runs/ data by default.
if [ "$(uname -s)" = Darwin ]; then
    DATA_DIR="$HOME/Library/Application Support/context-keeper"
else
    DATA_DIR="${XDG_DATA_HOME:-$HOME/.local/share}/context-keeper"
fi
VENV=$(absolute "${prefix:-$DATA_DIR/venv}")
STATE_DIR="$DATA_DIR/install"  # records of what installs changed, and the backups
BIN_DIR="$HOME/.local/bin"     # where a login shell finds the command (Linux and macOS)
LINK="$BIN_DIR/context-keeper"

USER_SETTINGS="${CLAUDE_CONFIG_DIR:-$HOME/.claude}/settings.json"
if [ -n "$project" ]; then
    [ -d "$project" ] || die "--project: no such directory: $project"
    PROJECT=$(cd -- "$project" && pwd -P)
    # settings.local.json, never the committed settings.json: the hook commands hold
    # this machine's paths.
    SETTINGS="$PROJECT/.claude/settings.local.json"
    COMMITTED="$PROJECT/.claude/settings.json"
else
    SETTINGS=$USER_SETTINGS
fi

# ------------------------------------------------------------------------- interpreters
version_ok() { "$1" -c 'import sys; sys.exit(sys.version_info < (3, 11))' >/dev/null 2>&1; }

find_python() {  # a Python >= 3.11 to create the virtualenv with ($PYTHON first)
    local candidate
    for candidate in ${PYTHON:+"$PYTHON"} python3 python3.13 python3.12 python3.11 python; do
        if command -v "$candidate" >/dev/null 2>&1 && version_ok "$candidate"; then
            command -v "$candidate"
            return 0
        fi
    done
    return 1
}

# claude_settings uses only the standard library, so any Python >= 3.11 can run the
# checkout's copy of it: also before the venv exists (--dry-run) or after it is gone.
settings_tool() {
    local py=""
    if [ -n "${HOOK_PYTHON:-}" ] && [ -x "$HOOK_PYTHON" ] && version_ok "$HOOK_PYTHON"; then
        py=$HOOK_PYTHON
    elif [ -x "$VENV/bin/python" ] && version_ok "$VENV/bin/python"; then
        py="$VENV/bin/python"
    else
        py=$(find_python) || fail "no Python >= 3.11 found (set PYTHON=/path/to/python3.11+)"
    fi
    PYTHONPATH="$CHECKOUT/lib" "$py" -m context_keeper.claude_settings "$@"
}

# -------------------------------------------------------------------- the command on PATH
on_path() { case ":$PATH:" in *":$1:"*) return 0 ;; esac; return 1; }

link_is_ours() {  # the link points at a virtualenv's context-keeper (or at nothing now)
    [ -L "$LINK" ] || return 1
    local target
    target=$(readlink -- "$LINK")
    [ "$target" = "$VENV/bin/context-keeper" ] && return 0
    case "$target" in */bin/context-keeper) ;; *) return 1 ;; esac
    [ ! -e "$target" ] || [ -f "$(dirname -- "$(dirname -- "$target")")/pyvenv.cfg" ]
}

link_command() {  # sets command_note, and path_hint when ~/.local/bin is not on PATH
    local target="$VENV/bin/context-keeper"
    if { [ -e "$LINK" ] || [ -L "$LINK" ]; } && ! link_is_ours; then
        command_note="not linked: $LINK exists and is not ours (run $target)"
        return
    fi
    if [ "$dry_run" = 1 ]; then
        command_note="$LINK -> $target (would be linked)"
        return
    fi
    mkdir -p -- "$BIN_DIR"
    ln -sfn -- "$target" "$LINK"
    command_note="$LINK -> $target"
    on_path "$BIN_DIR" && return
    # A login shell may add ~/.local/bin once it exists (Debian's and Ubuntu's ~/.profile do).
    local login
    login=$("${SHELL:-/bin/sh}" -lc 'printf "\n__PATH__%s\n" "$PATH"' </dev/null 2>/dev/null \
        | sed -n 's/^__PATH__//p' || true)
    case ":$login:" in
        *":$BIN_DIR:"*) path_hint="open a new terminal: your login shell puts $BIN_DIR on PATH" ;;
        *) path_hint="$BIN_DIR is not on your PATH: add this line to ~/.profile (bash) or ~/.zprofile (zsh)
                    export PATH=\"\$HOME/.local/bin:\$PATH\"" ;;
    esac
}

unlink_command() {
    if link_is_ours; then
        if [ "$dry_run" = 1 ]; then say "Would remove $LINK"; return; fi
        rm -f -- "$LINK"
        say "Removed $LINK"
        rmdir -- "$BIN_DIR" 2>/dev/null || true  # made for the link, if nothing else is there
    elif [ -e "$LINK" ] || [ -L "$LINK" ]; then
        say "Left $LINK: it is not this install's"
    fi
}

source_hash() {  # PYTHON DIR: hash of what a package is built from, DIR/{pyproject.toml,lib/}
    "$1" - "$2" <<'PY'
import hashlib, os, sys
root = sys.argv[1]
files = ["pyproject.toml"]
for folder, dirs, names in os.walk(os.path.join(root, "lib")):
    dirs[:] = sorted(d for d in dirs if d != "__pycache__" and not d.endswith(".egg-info"))
    files += [os.path.relpath(os.path.join(folder, n), root)
              for n in sorted(names) if not n.endswith((".pyc", ".pyo"))]
digest = hashlib.sha256()
for rel in files:
    with open(os.path.join(root, rel), "rb") as f:
        digest.update(rel.encode() + b"\0" + f.read() + b"\0")
print(digest.hexdigest())
PY
}

STAMP_NAME=.context-keeper-source
stage=""
cleanup() { if [ -n "$stage" ]; then rm -rf -- "$stage"; fi; }
trap cleanup EXIT

ensure_venv() {  # sets venv_note
    if [ -x "$VENV/bin/python" ] && version_ok "$VENV/bin/python"; then
        venv_note="virtualenv reused"
        return
    fi
    # Never clear a directory that is not a virtualenv (a mistyped --prefix).
    if [ -e "$VENV" ] && [ ! -f "$VENV/pyvenv.cfg" ] \
        && [ -n "$(ls -A -- "$VENV" 2>/dev/null)" ]; then
        fail "$VENV exists and is not a virtualenv; choose another --prefix"
    fi
    local base
    base=$(find_python) || fail "no Python >= 3.11 found (set PYTHON=/path/to/python3.11+)"
    say "Creating virtualenv $VENV ($("$base" --version 2>&1))"
    mkdir -p -- "$(dirname -- "$VENV")"
    # --clear: a venv whose base interpreter was upgraded away is rebuilt, not patched.
    "$base" -m venv --clear "$VENV" \
        || fail "could not create a virtualenv at $VENV (Debian/Ubuntu: apt install python3-venv)"
    venv_note="virtualenv created"
}

ensure_package() {  # sets package_note
    local want have
    want=$(source_hash "$VENV/bin/python" "$CHECKOUT")
    have=$(cat -- "$VENV/$STAMP_NAME" 2>/dev/null || true)
    if [ "$want" = "$have" ] \
        && (cd / && "$VENV/bin/python" -c 'import context_keeper') >/dev/null 2>&1; then
        package_note="package up to date"
        return
    fi
    # Build from a copy: a non-editable build writes build/ and *.egg-info into its
    # source tree, and the checkout should stay clean (or may be read-only).
    stage=$(mktemp -d "${TMPDIR:-/tmp}/context-keeper-build.XXXXXX")
    local extra=()
    for f in README.md LICENSE; do [ ! -f "$CHECKOUT/$f" ] || extra+=("$f"); done
    (cd "$CHECKOUT" && tar --exclude=__pycache__ --exclude='*.egg-info' --exclude='*.pyc' \
        -cf - pyproject.toml lib ${extra[@]+"${extra[@]}"}) | (cd "$stage" && tar -xf -)
    # The stamp describes the staged copy, so edits made meanwhile trigger the next run.
    want=$(source_hash "$VENV/bin/python" "$stage")
    say "Installing context-keeper and its dependencies into $VENV (pip)"
    rm -f -- "$VENV/$STAMP_NAME"
    "$VENV/bin/python" -m pip install --disable-pip-version-check --no-input -q \
        --upgrade "$stage" || fail "pip install failed (see above); nothing in settings changed"
    (cd / && "$VENV/bin/python" -c 'import context_keeper') \
        || fail "context_keeper is not importable from $VENV after pip install"
    printf '%s\n' "$want" >"$VENV/$STAMP_NAME"
    package_note="package installed"
}

# -------------------------------------------------------------------------- uninstall
safe_to_delete() {  # refuse /, $HOME, anything holding $HOME or this checkout
    case "$1" in /?*) ;; *) return 1 ;; esac
    local p=${1%/}
    case "$p" in "" | "$HOME") return 1 ;; esac
    case "$HOME/" in "$p"/*) return 1 ;; esac
    case "$CHECKOUT/" in "$p"/*) return 1 ;; esac
    return 0
}

dry_flag=()
[ "$dry_run" = 0 ] || dry_flag=(--dry-run)

purge_targets() {  # one per line: what --purge deletes, the virtualenv first
    # A --prefix that is not a virtualenv is somebody else's directory: keep it.
    if [ -f "$VENV/pyvenv.cfg" ]; then printf '%s\n' "$VENV"; fi
    printf '%s\n' "$DATA_DIR"
    # The config file, and the data roots set elsewhere (CONTEXT_KEEPER_HOME, the config's
    # `home`): whole when everything in them is ours, else only our entries in them.
    settings_tool purge-list | while IFS=$'\t' read -r kind path; do
        case "$kind" in keep) printf 'keep:%s\n' "$path" ;; *) printf '%s\n' "$path" ;; esac
    done
}

purge() {
    local targets target
    targets=$(purge_targets) || fail "could not read the config file's data dir"
    while IFS= read -r target; do
        case "$target" in keep:*)
            say "Not deleting ${target#keep:}: it holds files context-keeper did not make"
            continue ;;
        esac
        [ -n "$target" ] && { [ -e "$target" ] || [ -L "$target" ]; } || continue
        safe_to_delete "$target" || { say "Not deleting $target (unsafe location)"; continue; }
        if [ "$dry_run" = 1 ]; then
            say "Would delete $target"
            continue
        fi
        rm -rf -- "$target"
        say "Deleted $target"
        # The config file's folder, once empty, is ours too.
        case "$target" in */context-keeper/*.toml) rmdir -- "$(dirname -- "$target")" 2>/dev/null || true ;; esac
    done <<<"$targets"
}

if [ "$uninstall" = 1 ]; then
    settings_tool uninstall --settings "$SETTINGS" --state-dir "$STATE_DIR" \
        ${dry_flag[@]+"${dry_flag[@]}"} || exit $?
    if [ -n "$project" ]; then
        # Installs before 0.2 wrote a project's hooks into its committed settings.json.
        settings_tool uninstall --settings "$COMMITTED" --state-dir "$STATE_DIR" --if-present \
            ${dry_flag[@]+"${dry_flag[@]}"} || exit $?
    fi
    if [ "$purge" = 1 ] && [ "$dry_run" = 0 ]; then
        # The virtualenv runs every install's hooks: keep it while one is left.
        left=$(settings_tool registered --state-dir "$STATE_DIR" --also "$USER_SETTINGS")
        if [ -n "$left" ]; then
            fail "not purging: context-keeper's hooks are still registered in
$left
uninstall those first (./install.sh --uninstall, with --project DIR for a project's)"
        fi
    fi
    # The command goes with the user install, or with the virtualenv it runs.
    if [ -z "$project" ] || [ "$purge" = 1 ]; then unlink_command; fi
    if [ "$purge" = 1 ]; then
        purge
    elif [ "$dry_run" = 0 ]; then
        say "Kept the virtualenv ($VENV) and the data ($DATA_DIR); --uninstall --purge deletes them."
    fi
    exit 0
fi

# ---------------------------------------------------------------------------- install
if [ -n "$python_arg" ]; then
    case "$python_arg" in
        */*) HOOK_PYTHON=$(absolute "$python_arg") ;;
        *) HOOK_PYTHON=$(command -v "$python_arg") || die "--python: not found: $python_arg" ;;
    esac
    [ -x "$HOOK_PYTHON" ] || die "--python: not an executable: $HOOK_PYTHON"
    version_ok "$HOOK_PYTHON" || die "--python: $HOOK_PYTHON is not Python >= 3.11"
    (cd / && "$HOOK_PYTHON" -c 'import context_keeper') >/dev/null 2>&1 \
        || die "--python: $HOOK_PYTHON cannot import context_keeper (omit --python to create a virtualenv)"
    python_note="existing interpreter"
    launcher=(--python "$HOOK_PYTHON")
else
    HOOK_PYTHON="$VENV/bin/python"
    launcher=(--command "$VENV/bin/context-keeper" --python "$VENV/bin/python")
    if [ "$dry_run" = 1 ]; then
        if [ -x "$HOOK_PYTHON" ]; then
            python_note="the virtualenv exists; the package would be checked and updated if needed"
        else
            python_note="the virtualenv would be created and the package installed"
        fi
    else
        ensure_venv
        ensure_package
        python_note="$venv_note, $package_note"
    fi
fi

if [ "$no_hooks" = 1 ]; then
    settings_note="not changed (--no-hooks)"
else
    also=()  # other files Claude Code reads for this project: warn if they register us too
    if [ -n "$project" ]; then also=(--also "$USER_SETTINGS" --also "$COMMITTED"); fi
    line_flag=()
    [ "$statusline" = 0 ] || line_flag=(--status-line)
    settings_tool install --settings "$SETTINGS" --state-dir "$STATE_DIR" "${launcher[@]}" \
        ${also[@]+"${also[@]}"} ${line_flag[@]+"${line_flag[@]}"} ${dry_flag[@]+"${dry_flag[@]}"} || exit $?
    settings_note="$SETTINGS"
    if [ -n "$project" ] && [ "$dry_run" = 0 ] \
        && git -C "$PROJECT" rev-parse --is-inside-work-tree >/dev/null 2>&1 \
        && ! git -C "$PROJECT" check-ignore -q -- "$SETTINGS" 2>/dev/null; then
        settings_note="$SETTINGS
                  git does not ignore it: add .claude/settings.local.json to $PROJECT/.gitignore"
    fi
fi

command_note="" path_hint=""
if [ -n "$python_arg" ]; then
    command_note="not linked (--python): $(dirname -- "$HOOK_PYTHON")/context-keeper"
else
    link_command
fi

[ "$dry_run" = 0 ] || { say "Dry run: $python_note; command $command_note. Nothing was changed."; exit 0; }
if [ "${launcher[0]}" = --python ]; then
    hook_cmd="${launcher[1]} -m context_keeper hook <name> (the tool-loop hook: ${launcher[1]} -c ...)"
else
    hook_cmd="${launcher[1]} hook <name> (the tool-loop hook: ${launcher[3]} -c ...)"
fi
if [ -z "$python_arg" ] && [ "$(readlink -- "$LINK" 2>/dev/null)" = "$VENV/bin/context-keeper" ]; then
    if on_path "$BIN_DIR"; then doctor=context-keeper; else doctor=$LINK; fi
else
    doctor="$(dirname -- "$HOOK_PYTHON")/context-keeper"
    [ -x "$doctor" ] || doctor="$HOOK_PYTHON -m context_keeper"
fi
purge_hint=" (add --purge to delete the virtualenv, data and config)"
[ -z "$project" ] || purge_hint=""  # a project's uninstall leaves the user's install alone
cat <<EOF

context-keeper is installed.
  hooks run with  $HOOK_PYTHON ($python_note)
  hook command    $hook_cmd
  settings        $settings_note
  command         $command_note${path_hint:+
                  $path_hint}
  data            ${CONTEXT_KEEPER_HOME:-$DATA_DIR}
  backups         $STATE_DIR/backups (settings files as they were before each change)
Check it:         $doctor doctor
After updating this checkout, run ./install.sh again (the hooks do not use the checkout:
moving or deleting it leaves them working).
Remove the hooks: ./install.sh --uninstall${project:+ --project $project}$purge_hint
EOF
