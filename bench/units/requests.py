#!/usr/bin/env python3
"""Papago requests and characters sent for the wrapped-sentence set, build against build.

Each build translates one half of bench/units into English (Korean into Japanese, since the
set's English is already the target) through the Papago-compatible test server on 127.0.0.1,
one run per language as run.py does; the server counts the translation requests and the
characters they carried.

Usage: bench/units/requests.py --translate NAME=PATH [--translate NAME=PATH ...] [--half held-out]
"""
import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "bench"))
from common import Server  # noqa: E402

OUT = REPO / "bench" / "out" / "units"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--translate", action="append", required=True, help="NAME=PATH of a build")
    parser.add_argument("--half", default="held-out", choices=["tune", "held-out", "all"])
    args = parser.parse_args()
    manifest = json.loads((OUT / "manifest.json").read_text())
    images = [entry for entry in manifest if args.half == "all" or entry["half"] == args.half]
    languages = sorted({entry["language"] for entry in images})
    server = Server(latency_ms=0)
    print("| build | requests | characters sent | boxes |")
    print("|---|---|---|---|")
    for spec in args.translate:
        name, path = spec.split("=", 1)
        server.reset()
        boxes = 0
        for language in languages:
            files = [str(OUT / entry["file"]) for entry in images if entry["language"] == language]
            target = "ja" if language == "en" else "en"
            command = [path, *files, "--to", target, "--no-cache", "--format", "json", "-q", "-l", images_langs(images, language)]
            run = subprocess.run(command, env=server.environment(os.environ), capture_output=True, text=True)
            boxes += sum(len(page["boxes"]) for page in json.loads(run.stdout or "[]"))
        requests = [r for r in server.control("GET", "/_control/requests")["requests"] if r["path"].endswith("/translation")]
        characters = sum(len((r.get("fields") or {}).get("text", "")) for r in requests)
        print(f"| {name} | {len(requests)} | {characters} | {boxes} |")


def images_langs(images, language):
    return next(entry["ocr"] for entry in images if entry["language"] == language)


if __name__ == "__main__":
    main()
