#!/usr/bin/env bash
# One-step setup on Debian 12 with the Swift toolchain: installs what is needed, builds
# translate, and runs it on a fixture so you see it work.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/install-dependencies.sh
swift build -c release
echo "translate is at $(pwd)/.build/release/translate; reading a fixture:" >&2
.build/release/translate Fixtures/images/korean-menu.png --ocr-only
