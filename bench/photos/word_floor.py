#!/usr/bin/env python3
"""Would dropping the words Tesseract read least surely, inside lines it read surely, cut junk?

`translate DIR --ocr-only --format jsonl` reads each set once, as one folder (the boxes with
their words and confidences). Each rule then takes out of every box read by Tesseract (more
than one word) the words under a floor F, when the box's surest word is at G or more; a box the
recognizer read (one word over the whole box) is left as it is. The rest is scored as
`bench/photos/run.py` scores plain text: CER, lines found, junk, junk with the legible lines
the ground truth omits set aside. A word is taken out of the box's text where it stands, so
that the spacing Tesseract gave the rest (Korean words in pieces) is kept.

Usage: bench/photos/word_floor.py TRANSLATE [--sets photos,scenes,...]
"""
import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import run  # noqa: E402  (bench/photos/run.py: the sets and the measures)

FLOORS = [20, 30, 40, 50, 60]
SUREST = 90


def boxes_of_set(translate, items):
    """{image path: [box]} for the set's images, read as one folder."""
    with tempfile.TemporaryDirectory(prefix="word-floor-") as folder:
        links = {}
        for number, item in enumerate(items):
            link = Path(folder) / f"{number:05d}{item['path'].suffix.lower()}"
            link.symlink_to(Path(item["path"]).resolve())
            links[str(link)] = str(item["path"])
        out = subprocess.run([translate, folder, "--ocr-only", "--format", "jsonl"], capture_output=True, text=True).stdout
    boxes = {}
    for line in out.splitlines():
        page = json.loads(line)
        if page.get("file") in links:
            boxes.setdefault(links[page["file"]], []).extend(page.get("boxes") or [])
    return boxes


def by_recognizer(box):
    words = box["words"]
    return len(words) == 1 and all(words[0][k] == box[k] for k in ("x", "y", "width", "height", "confidence"))


def without(text, words, kept):
    """`text` with the words not in `kept` taken out where they stand."""
    out, at = [], 0
    for word in words:
        start = text.find(word["text"], at)
        if start < 0:
            return text
        if any(word is k for k in kept):
            out.append(text[at:start] + word["text"])
        at = start + len(word["text"])
    return "".join(out).strip()


def text_of(boxes, floor):
    lines = []
    for box in boxes:
        words = box["words"]
        if floor is None or by_recognizer(box) or len(words) < 2 or max(w["confidence"] for w in words) < SUREST:
            lines.append(box["text"])
        else:
            lines.append(without(box["text"], words, [w for w in words if w["confidence"] >= floor]))
    return "\n".join(line for line in lines if line.strip())


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("translate")
    parser.add_argument("--sets", default="photos,easyocr,round-signs,scenes,scenes-redrawn,scenes-draw2,documents,documents-small")
    args = parser.parse_args()
    print(f"| set | rule | CER | lines found | junk | junk, omitted aside |\n|---|---|---:|---:|---:|---:|")
    for set_name in args.sets.split(","):
        items = run.load(set_name)
        boxes = boxes_of_set(args.translate, items)
        for floor in [None] + FLOORS:
            scores = [run.score(item["lines"], text_of(boxes.get(str(item["path"]), []), floor), omitted=item["omitted"])
                      for item in items]
            p = run.pooled(scores)
            rule = "as read" if floor is None else f"words under {floor} out, surest word {SUREST}+"
            print(f"| {set_name} | {rule} | {p['cer'] * 100:.2f}% | {p['found'] * 100:.1f}% ({p['found_lines']}/{p['lines']}) "
                  f"| {p['junk']:.3f} | {p['junk_aside']:.3f} |")


if __name__ == "__main__":
    main()
