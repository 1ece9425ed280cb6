#!/usr/bin/env bash
# Records what a terminal shows after translate ends in the ways that could leave a progress bar
# behind: stdout closed by `| head -1`, Ctrl-C, an error while the bar is shown, and a run stopped
# by a set-up error. Each run happens in a tmux pane of a server of its own; `tmux capture-pane`
# saves the screen to DIR/<case>.txt once the run has ended. Exits 1 if any screen still holds
# a line of the bar ("N/M images").
#
# Usage: scripts/record-terminal.sh [TRANSLATE] [DIR]   (defaults: .build/debug/translate, .build/terminal-screens)
set -euo pipefail
cd "$(dirname "$0")/.."
translate=$(realpath "${1:-.build/debug/translate}")
out=${2:-.build/terminal-screens}
mkdir -p "$out"
socket="translate-record-$$"
work=$(mktemp -d)
tmux_() { tmux -L "$socket" -f /dev/null "$@"; }
trap 'tmux_ kill-server 2>/dev/null || true; sleep 0.2; rm -rf "$work" 2>/dev/null || true' EXIT

# No credentials, no configuration: the offline engine, as on a fresh machine.
tmux_ new-session -d -x 80 -y 24 \
    "env -i PATH=/usr/bin:/bin HOME=$work XDG_CACHE_HOME=$work/cache TERM=xterm-256color PS1='$ ' bash --norc --noprofile"
images=(Fixtures/images Fixtures/images Fixtures/images Fixtures/images)
printf 'not an image\n' > "$work/notes.png"
run=0
failed=0

# Types a command, waits for its "END <status> #<n>" line (or for $2, a pattern to wait for
# instead), and returns.
type_and_wait() {
    run=$((run + 1))
    tmux_ send-keys -t 0 "clear; $1; echo \"END \$? #$run\"" Enter
    wait_for "^END [0-9]+ #$run\$"
}
wait_for() {
    for _ in $(seq 1200); do
        tmux_ capture-pane -p -t 0 | grep -Eq "$1" && return 0
        sleep 0.05
    done
    echo "gave up waiting for /$1/" >&2
    return 1
}
record() {  # case name, expected status
    local screen="$out/$1.txt"
    tmux_ capture-pane -p -t 0 > "$screen"
    if grep -Eq '[0-9]+/[0-9]+ images' "$screen"; then
        echo "$1: progress bar left on the screen (see $screen)" >&2; failed=1
    fi
    if ! grep -Eq "^END $2 #" "$screen"; then
        echo "$1: expected exit status $2 (see $screen)" >&2; failed=1
    fi
    echo "$1: recorded $screen" >&2
}

type_and_wait "'$translate' ${images[*]} --ocr-only --format plain | head -1"
record head 0

run=$((run + 1))
tmux_ send-keys -t 0 "clear; '$translate' ${images[*]} --ocr-only -j 1 > /dev/null; echo \"END \$? #$run\"" Enter
wait_for '[0-9]+/[0-9]+ images'   # the bar is up: interrupt
tmux_ send-keys -t 0 C-c
wait_for "^END [0-9]+ #$run\$"
record ctrl-c 130

type_and_wait "'$translate' Fixtures/images/english-page.png '$work/notes.png' Fixtures/images/spanish-screenshot.png --ocr-only > /dev/null"
record error 1

type_and_wait "'$translate' Fixtures/images/korean-menu.png ${images[*]} --to en > /dev/null"
record no-credentials 4

exit $failed
