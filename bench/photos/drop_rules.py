#!/usr/bin/env python3
"""Which photo lines to drop as junk: rules tuned on one part of the photos, reported on another.

`translate PHOTO --ocr-only --format json` is run once per photo (the boxes it keeps, with their
confidence, corners and reader). Each candidate rule then drops some of those boxes, and the rest
is scored as `bench/photos/run.py` scores plain text (CER, lines found, junk; see its doc).

A rule drops a box when any of these holds (each part can be off):
  - read by the text-line recognizer with confidence under R (R = 0.7 is what the build keeps);
  - read by Tesseract with confidence under T (50 is what the build keeps) or, when a margin M is
    set, under the median confidence of the photo's Tesseract lines (those of T or more, with a
    letter or digit) less M: Tesseract's confidence runs lower on some scripts' data (kana,
    Hangul) than on others, so a floor relative to the photo's own lines drops what is unsure
    for that photo;
  - its line height is under H times the median line height of the photo's boxes;
  - it has fewer than L letters or digits.

Tuning: every rule of the grid is scored on the tuning photos; the one with the least junk whose
lines found fall by at most --max-lost lines and whose CER rises by at most --max-cer points is
chosen, ties to the rule that drops least. The shared photo set is split into two halves by name
(alternately in sorted order); each half is reported with the rule tuned on the other half plus
the EasyOCR five and the rendered documents (and both halves so, pooled), the whole set with the
rule tuned on those two sets alone, and with the rule tuned on everything (the one the build
uses; not held out).

Usage: bench/photos/drop_rules.py [--translate PATH] [--readings FILE] [--max-lost N] [--max-cer P]
"""
import argparse
import itertools
import json
import math
import statistics
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import run  # noqa: E402  (bench/photos/run.py: the sets and the measures)

RECOGNIZER_FLOORS = [0.7, 0.75, 0.8, 0.85, 0.9]
TESSERACT_FLOORS = [50, 60, 70]
TESSERACT_MARGINS = [0, 10, 15, 20, 30]  # 0: no relative floor
HEIGHT_SHARES = [0, 0.3, 0.4, 0.5]
LETTER_COUNTS = [1, 2, 3]


def boxes_of(path, translate):
    """The boxes translate keeps on one photo, with the features the rules look at."""
    result = subprocess.run([translate, str(path), "--ocr-only", "--format", "json"], capture_output=True, text=True)
    if result.returncode != 0:
        raise SystemExit(f"{path}: translate failed: {result.stderr.strip()}")
    boxes = []
    for page in json.loads(result.stdout):
        for box in page["boxes"]:
            words = box["words"]
            # The recognizer's box is one word spanning the whole box, as sure as the box.
            recognizer = len(words) == 1 and all(words[0][k] == box[k] for k in ("x", "y", "width", "height", "confidence"))
            boxes.append({"text": box["text"], "confidence": box["confidence"], "recognizer": recognizer,
                          "height": line_height(box), "length": line_length(box)})
    return boxes


def line_height(box):
    """The line's thickness: the shorter of its sides (the polygon's, or the box's when upright)."""
    polygon = box.get("polygon")
    if not polygon:
        return min(box["height"], box["width"])
    p = polygon
    side = lambda a, b: math.dist(a, b)  # noqa: E731
    across = (side(p[0], p[3]) + side(p[1], p[2])) / 2
    along = (side(p[0], p[1]) + side(p[3], p[2])) / 2
    return min(across, along)


def line_length(box):
    """The line's length: the longer of its sides."""
    polygon = box.get("polygon")
    if not polygon:
        return max(box["height"], box["width"])
    p = polygon
    across = (math.dist(p[0], p[3]) + math.dist(p[1], p[2])) / 2
    along = (math.dist(p[0], p[1]) + math.dist(p[3], p[2])) / 2
    return max(across, along)


def letters(text):
    return sum(1 for ch in text if ch.isalnum())


def kept(boxes, rule):
    """The indices of the boxes `rule` keeps."""
    recognizer_floor, tesseract_floor, height_share, letter_count, margin = rule
    heights = [b["height"] for b in boxes]
    median = statistics.median(heights) if heights else 0
    sure = [b["confidence"] for b in boxes
            if not b["recognizer"] and b["confidence"] >= tesseract_floor and letters(b["text"]) >= 1]
    if margin and sure:
        tesseract_floor = max(tesseract_floor, statistics.median(sure) - margin)
    out = []
    for index, b in enumerate(boxes):
        floor = recognizer_floor * 100 if b["recognizer"] else tesseract_floor
        if b["confidence"] < floor or b["height"] < height_share * median or letters(b["text"]) < letter_count:
            continue
        out.append(index)
    return tuple(out)


SCORES = {}  # (photo, kept indices): its score; many rules keep the same boxes


def figures(items, readings, rule):
    scores, dropped = [], 0
    for item in items:
        boxes = readings[str(item["path"])]
        keep = kept(boxes, rule)
        dropped += len(boxes) - len(keep)
        key = (str(item["path"]), keep)
        if key not in SCORES:
            SCORES[key] = run.score(item["lines"], "\n".join(boxes[i]["text"] for i in keep), omitted=item["omitted"])
        scores.append(SCORES[key])
    pooled = run.pooled(scores)
    pooled["dropped"] = dropped
    return pooled


BASE = (RECOGNIZER_FLOORS[0], TESSERACT_FLOORS[0], 0, 1, 0)


def tune(items, readings, max_lost, max_cer):
    base = figures(items, readings, BASE)
    best = None
    for rule in itertools.product(RECOGNIZER_FLOORS, TESSERACT_FLOORS, HEIGHT_SHARES, LETTER_COUNTS, TESSERACT_MARGINS):
        f = figures(items, readings, rule)
        if base["found_lines"] - f["found_lines"] > max_lost or f["cer"] - base["cer"] > max_cer / 100:
            continue
        key = (round(f["junk"], 6), f["dropped"])
        if best is None or key < best[0]:
            best = (key, rule, f)
    return best[1], base, best[2]


def describe(rule):
    r, t, h, l, m = rule
    tesseract = f"Tesseract under {t}" + (f" or the photo's median less {m}" if m else "")
    return (f"recognizer under {r:.2f}, {tesseract}, thickness under {h:.1f}× the median, "
            f"under {l} letter{'s' if l > 1 else ''} or digits")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--translate", default=str(run.REPO / ".build" / "release" / "translate"))
    parser.add_argument("--readings", help="keep the boxes read in this JSON file, and read them from it when it exists")
    parser.add_argument("--max-lost", type=int, default=2, help="lines found a rule may lose on the tuning photos")
    parser.add_argument("--max-cer", type=float, default=1.0, help="CER points a rule may add on the tuning photos")
    args = parser.parse_args()

    photos = run.load("photos")
    others = run.load("easyocr") + run.load("documents")
    readings = {}
    if args.readings and Path(args.readings).exists():
        readings = json.loads(Path(args.readings).read_text())
    for item in photos + others:
        key = str(item["path"])
        if key not in readings:
            print(f"reading {item['path'].name}", file=sys.stderr)
            readings[key] = boxes_of(item["path"], args.translate)
    if args.readings:
        Path(args.readings).write_text(json.dumps(readings, ensure_ascii=False))

    ordered = sorted(photos, key=lambda i: i["name"])
    halves = {"A": ordered[0::2], "B": ordered[1::2]}
    print("| photos | tuned on | rule (drop when) | CER | lines found | junk | junk, omitted aside | boxes dropped |")
    print("|---|---|---|---:|---:|---:|---:|---:|")
    plans = [("A", halves["A"], "B, EasyOCR, documents", halves["B"] + others),
             ("B", halves["B"], "A, EasyOCR, documents", halves["A"] + others),
             ("all 12", photos, "EasyOCR, documents", others)]
    held_out = []
    for name, report_on, tuned_label, tune_on in plans:
        rule, _, _ = tune(tune_on, readings, args.max_lost, args.max_cer)
        if name in halves:
            held_out += [(item, rule) for item in report_on]
        names = ", ".join(i["name"].rsplit(".", 1)[0] for i in report_on) if name != "all 12" else "all twelve"
        base = figures(report_on, readings, BASE)
        after = figures(report_on, readings, rule)
        print(f"| {name} ({names}) | {tuned_label} | as built | {base['cer']:.1%} | {base['found']:.1%} "
              f"({base['found_lines']}/{base['lines']}) | {base['junk']:.3f} | {base['junk_aside']:.3f} | 0 |")
        print(f"| {name} | {tuned_label} | {describe(rule)} | {after['cer']:.1%} | {after['found']:.1%} "
              f"({after['found_lines']}/{after['lines']}) | {after['junk']:.3f} | {after['junk_aside']:.3f} | {after['dropped']} |")
    scores = []
    for item, rule in held_out:
        boxes = readings[str(item["path"])]
        scores.append(run.score(item["lines"], "\n".join(boxes[i]["text"] for i in kept(boxes, rule)), omitted=item["omitted"]))
    pooled = run.pooled(scores)
    print(f"| all 12, each half held out | the other half, EasyOCR, documents | as above | {pooled['cer']:.1%} "
          f"| {pooled['found']:.1%} ({pooled['found_lines']}/{pooled['lines']}) | {pooled['junk']:.3f} | {pooled['junk_aside']:.3f} | |")
    final, _, _ = tune(photos + others, readings, args.max_lost, args.max_cer)
    f = figures(photos, readings, final)
    print(f"| all 12, not held out | all 12, EasyOCR, documents | {describe(final)} | {f['cer']:.1%} "
          f"| {f['found']:.1%} ({f['found_lines']}/{f['lines']}) | {f['junk']:.3f} | {f['junk_aside']:.3f} | {f['dropped']} |")
    easy = run.load("easyocr")
    for rule in sorted({tune(plan[3], readings, args.max_lost, args.max_cer)[0] for plan in plans} | {final}):
        f = figures(easy, readings, rule)
        print(f"EasyOCR five with {describe(rule)}: CER {f['cer']:.1%}, lines found {f['found']:.1%} "
              f"({f['found_lines']}/{f['lines']}), junk {f['junk']:.3f}")


if __name__ == "__main__":
    main()
