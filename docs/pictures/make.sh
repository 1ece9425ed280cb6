#!/usr/bin/env bash
# Makes the README's pictures with the project's own command: a Korean chat screenshot and a
# photo of a Korean road sign, rendered into English as PNG files, and a Spanish notice of wrapped
# sentences translated offline.
#
# No machine here reaches Papago, so the translations come from the Papago-compatible test
# server, which answers the lines in translations.tsv with the English written there.
# Run from the repository root after `swift build -c release`.
set -euo pipefail
here=docs/pictures
binary=${TRANSLATE:-.build/release/translate}

coproc SERVER { exec python3 Tests/PapagoServer/papago_server.py --port 0 --client-id readme --client-secret readme \
    --translations "$here/translations.tsv" --exit-on-stdin-eof; }
read -r _ port <&"${SERVER[0]}"
export PAPAGO_CLIENT_ID=readme PAPAGO_CLIENT_SECRET=readme PAPAGO_ENDPOINT="http://127.0.0.1:$port"

"$binary" "Fixtures/screenshots/ko-chat-dark@1x.png" --to en --format png --no-cache > "$here/ko-chat.en.png"
"$binary" Fixtures/photos/korean-road-sign.png --to en --format png --no-cache > "$here/road-sign.en.png"
"$binary" Fixtures/photos/korean-road-sign.png --ocr-only --format png > "$here/road-sign.boxes.png"
exec {SERVER[1]}>&-
# Offline: a notice whose sentences wrap over lines, each sentence translated whole.
"$binary" Fixtures/images/spanish-notice.png --engine apertium --to en --format png --no-cache > "$here/spanish-notice.en.png"
