#!/usr/bin/env python3
"""Drawing time against reading time: `translate IMAGE --to en --format png` on each image.

For every image, one run of the command with `-v` into a fresh output folder, translating with
the Papago-compatible test server (no latency) so that reading dominates the rest: the verbose
line gives the seconds spent reading and translating the image, the summary the seconds spent
drawing and encoding its picture. Prints a Markdown table and the median ratio.

    swift build -c release
    python3 bench/render/run.py [--binary .build/release/translate] [IMAGE...]

Without images: the fixtures' screenshots and photos and the shared photo sets.
"""
import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from common import REPO, Server  # noqa: E402

SHARED = REPO.parent / "shared" / "bench-data" / "images"
IMAGE_SUFFIXES = {".png", ".jpg", ".jpeg", ".tif", ".tiff", ".webp"}


def default_images():
    images = sorted((REPO / "Fixtures" / "screenshots").glob("*.png"))
    images += [REPO / "Fixtures" / "images" / name for name in ("korean-menu.png", "spanish-screenshot.png", "mixed-screenshot.png")]
    images += [REPO / "Fixtures" / "photos" / "korean-road-sign.png"]
    for folder in ("photos", "easyocr"):
        images += sorted(p for p in (SHARED / folder).glob("*") if p.suffix.lower() in IMAGE_SUFFIXES)
    return images


def measure(binary, image, environment):
    with tempfile.TemporaryDirectory() as folder:
        run = subprocess.run([binary, str(image), "--to", "en", "--format", "png", "-v", "--no-cache", "-o", folder],
                             capture_output=True, text=True, env=environment)
        reading = re.search(r"boxes in ([0-9.]+) s", run.stderr)
        drawing = re.search(r"drawing ([0-9.]+) s", run.stderr)
        boxes = re.search(r"(\d+) boxes in", run.stderr)
        if run.returncode != 0 or not reading or not drawing:
            return None
        return float(reading.group(1)), float(drawing.group(1)), int(boxes.group(1))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", default=str(REPO / ".build" / "release" / "translate"))
    parser.add_argument("images", nargs="*")
    args = parser.parse_args()
    images = [Path(p) for p in args.images] or default_images()
    server = Server(latency_ms=0)
    environment = server.environment(os.environ)
    rows, ratios = [], []
    try:
        for image in images:
            measured = measure(args.binary, image, environment)
            if measured is None:
                rows.append(f"| {image.name} | failed | | | |")
                continue
            reading, drawing, boxes = measured
            ratio = drawing / reading if reading > 0 else 0
            ratios.append(ratio)
            rows.append(f"| {image.name} | {boxes} | {reading:.2f} | {drawing:.2f} | {ratio * 100:.0f}% |")
    finally:
        server.stop()
    print("| image | boxes | reading and translating (s) | drawing (s) | drawing / reading |")
    print("|---|---:|---:|---:|---:|")
    print("\n".join(rows))
    if ratios:
        print(f"\nmedian drawing / reading: {statistics.median(ratios) * 100:.1f}% over {len(ratios)} images; "
              f"highest {max(ratios) * 100:.1f}%")


if __name__ == "__main__":
    main()
