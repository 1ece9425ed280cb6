#!/usr/bin/env bash
# Records what a terminal shows after translate ends in the ways that could leave a progress bar
# behind: stdout closed by `| head -1`, Ctrl-C, an error while the bar is shown, and a run stopped
# by a set-up error. Then a new user's first day, with the Papago-compatible test server on
# 127.0.0.1 standing in for Papago: `translate config` (a target it does not offer, then one it
# does), a Korean screenshot, a Catalan notice, a folder with one bad file, and Ctrl-C on a
# folder. Each run happens in a tmux pane of a server of its own; `tmux capture-pane` saves the
# screen to DIR/<case>.txt once the run has ended. Exits 1 if any screen still holds a line of
# the bar ("N/M images") or a run ended with another exit status than expected.
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

# A new user's first day. The test server answers with the text it was given, tagged with the
# pair ("[ko→en] ..."), as the service would answer with a translation.
coproc SERVER { exec python3 Tests/PapagoServer/papago_server.py --port 0 --client-id day-one-id \
    --client-secret day-one-secret --exit-on-stdin-eof; }
read -r _ port <&"${SERVER[0]}"
mkdir -p "$work/shots"
cp Fixtures/screenshots/ko-chat-dark@1x.png Fixtures/images/spanish-notice.png "$work/shots/"
printf 'not an image\n' > "$work/shots/notes.png"

run=$((run + 1))
tmux_ send-keys -t 0 "clear; '$translate' config; echo \"END \$? #$run\"" Enter
answer() {  # waits until the screen shows $3 (default 1) lines matching $1, then types $2
    for _ in $(seq 1200); do
        (($(tmux_ capture-pane -p -t 0 | grep -Ec "$1") >= ${3:-1})) && break
        sleep 0.05
    done
    tmux_ send-keys -t 0 -l "$2"
    tmux_ send-keys -t 0 Enter
}
answer 'Papago client id' day-one-id
answer 'Papago client secret' day-one-secret
answer 'Papago endpoint' "http://127.0.0.1:$port"
answer 'Default target language' english
answer 'Default target language' pt 2
answer 'Default target language' en 3
answer 'Default engine' ''
answer 'Default output format' ''
wait_for "^END [0-9]+ #$run\$"
record first-day-config 0

type_and_wait "'$translate' Fixtures/screenshots/ko-chat-dark@1x.png"
record first-day-korean 0
type_and_wait "'$translate' Fixtures/images/catalan-notice.png"
record first-day-catalan 0
type_and_wait "'$translate' '$work/shots'"
record first-day-folder 1

run=$((run + 1))
tmux_ send-keys -t 0 "clear; '$translate' ${images[*]} -j 1 > /dev/null; echo \"END \$? #$run\"" Enter
wait_for '([3-9]|[1-9][0-9])/[0-9]+ images'   # some images done: interrupt
tmux_ send-keys -t 0 C-c
wait_for "^END [0-9]+ #$run\$"
record first-day-ctrl-c 130
exec {SERVER[1]}>&-

exit $failed
