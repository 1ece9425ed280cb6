#!/usr/bin/env python3
"""A stand-in build for checking run.py: runs a real build and gives every box the unit of its
Tesseract paragraph (`paragraph` in the JSON), with the paragraph's translations joined as
`unitTranslation`. It reads nothing else, so rows that Tesseract puts in one paragraph (a whole
menu, a whole receipt) become one unit: the naive grouping the list-row measure is there to catch.

The build to wrap comes from $UNITS_WRAPPED_BUILD (default: the pinned baseline).

Usage: bench/units/run.py --translate lines=/work/pinned/translate-fe7c28c \\
           --translate paragraphs=bench/units/paragraph_units.py
"""
import json
import os
import subprocess
import sys

BUILD = os.environ.get("UNITS_WRAPPED_BUILD", "/work/pinned/translate-fe7c28c")


def main():
    done = subprocess.run([BUILD, *sys.argv[1:]], capture_output=True, text=True)
    sys.stderr.write(done.stderr)
    if "--format" not in sys.argv or sys.argv[sys.argv.index("--format") + 1] != "json" or not done.stdout.strip():
        sys.stdout.write(done.stdout)
        return done.returncode
    pages = json.loads(done.stdout)
    for page in pages:
        boxes = page.get("boxes") or []
        for box in boxes:
            box["unit"] = box.get("paragraph", box["id"])
        for box in boxes:
            members = [b for b in boxes if b["unit"] == box["unit"]]
            texts = [b.get("translation") for b in members]
            box["unitTranslation"] = None if any(t is None for t in texts) else " ".join(texts)
    json.dump(pages, sys.stdout, ensure_ascii=False)
    sys.stdout.write("\n")
    return done.returncode


if __name__ == "__main__":
    sys.exit(main())
