#!/usr/bin/env python3
"""Dense Korean app screens read by `translate --ocr-only` and by the `tesseract` command.

Per half (tune: transfer and storage; held-out: menu and delivery), scale and theme: CER of the
whole screen's text, and the share of ground-truth lines found exactly (the line's text, spaces
left out, within what was read, spaces left out). `translate` runs once over the images, with
automatic languages and with `-l kor+eng`; `tesseract` once per image with `-l kor+eng`.

Usage: bench/dense/run.py [--translate PATH] [--half tune|held-out|all]
"""
import argparse
import json
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
sys.path.insert(0, str(REPO / "bench"))
from common import edit_distance, normalize  # noqa: E402

OUT = REPO / "bench" / "out" / "dense"


def read_translate(binary, images, extra):
    run = subprocess.run([binary, *map(str, images), "--ocr-only", "--format", "jsonl", "-q", *extra],
                         capture_output=True, text=True)
    texts = {}
    for line in run.stdout.splitlines():
        page = json.loads(line)
        texts[Path(page["file"]).name] = "\n".join(box["text"] for box in page["boxes"])
    return texts


def read_tesseract(images):
    return {image.name: subprocess.run(["tesseract", str(image), "-", "-l", "kor+eng"], capture_output=True, text=True,
                                       env={"OMP_THREAD_LIMIT": "1", "PATH": "/usr/bin:/bin"}).stdout
            for image in images}


def squeeze(text):
    return "".join(normalize(text).split())


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--translate", default=str(REPO / ".build" / "release" / "translate"))
    parser.add_argument("--half", default="tune", choices=["tune", "held-out", "all"])
    args = parser.parse_args()
    if not (OUT / "manifest.tsv").exists():
        subprocess.run([sys.executable, str(HERE / "render.py")], check=True)
    rows = [line.split("\t") for line in (OUT / "manifest.tsv").read_text(encoding="utf-8").splitlines() if not line.startswith("#")]
    rows = [row for row in rows if args.half == "all" or row[1] == args.half]
    images = [OUT / row[0] for row in rows]
    readings = {"translate": read_translate(args.translate, images, []),
                "translate -l kor+eng": read_translate(args.translate, images, ["-l", "kor+eng"]),
                "tesseract -l kor+eng": read_tesseract(images)}
    print(f"## Dense screens, {args.half} half ({len(images)} images)\n")
    print("| tool | group | CER | lines found exactly |")
    print("|---|---|---|---|")
    for tool, texts in readings.items():
        groups = defaultdict(lambda: [0, 0, 0, 0])  # edits, characters, lines found, lines
        for row in rows:
            truth = (OUT / (row[0][: -len(".png")] + ".gt.txt")).read_text(encoding="utf-8")
            read = texts.get(row[0], "")
            lines = [line for line in truth.splitlines() if line.strip()]
            found = sum(1 for line in lines if squeeze(line) in squeeze(read))
            edits = edit_distance(normalize(read), normalize(truth))
            for group in ("all", row[2], row[3]):
                counts = groups[group]
                counts[0] += edits
                counts[1] += len(normalize(truth))
                counts[2] += found
                counts[3] += len(lines)
        for group, (edits, characters, found, lines) in groups.items():
            print(f"| {tool} | {group} | {100 * edits / max(1, characters):.1f}% | {found}/{lines} |")


if __name__ == "__main__":
    sys.exit(main())
