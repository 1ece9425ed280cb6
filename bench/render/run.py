#!/usr/bin/env python3
"""Drawing time against reading time: `translate IMAGE --to en --format png` on each image.

For every image, one run of the command with `-v` into a fresh output folder, translating with
the Papago-compatible test server (no latency) so that reading dominates the rest: the verbose
line gives the seconds spent reading and translating the image, the summary the seconds spent
drawing and encoding its picture and the processor time the drawing used. The processor time of
everything else (starting, reading, translating) is the process's own, as the kernel counts it,
less the drawing's. Wall times grow when other programs share the machine; processor times
much less so. Prints a Markdown table and the median ratios.

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
    """(reading s, drawing s, boxes, reading processor s, drawing processor s), or None."""
    with tempfile.TemporaryDirectory() as folder:
        process = subprocess.Popen([binary, str(image), "--to", "en", "--format", "png", "-v", "--no-cache", "-o", folder],
                                   stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, env=environment)
        stderr = process.stderr.read()
        _, status, usage = os.wait4(process.pid, 0)
        process.returncode = os.waitstatus_to_exitcode(status)
        reading = re.search(r"boxes in ([0-9.]+) s", stderr)
        drawing = re.search(r"drawing ([0-9.]+) s", stderr)
        drawing_processor = re.search(r"drawing used ([0-9.]+) s of processor time", stderr)
        boxes = re.search(r"(\d+) boxes in", stderr)
        if process.returncode != 0 or not reading or not drawing or not drawing_processor:
            return None
        drawn = float(drawing_processor.group(1))
        rest = usage.ru_utime + usage.ru_stime - drawn
        return float(reading.group(1)), float(drawing.group(1)), int(boxes.group(1)), rest, drawn


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", default=str(REPO / ".build" / "release" / "translate"))
    parser.add_argument("images", nargs="*")
    args = parser.parse_args()
    images = [Path(p) for p in args.images] or default_images()
    server = Server(latency_ms=0)
    environment = server.environment(os.environ)
    rows, ratios, processor_ratios = [], [], []
    try:
        for image in images:
            measured = measure(args.binary, image, environment)
            if measured is None:
                rows.append(f"| {image.name} | failed | | | | | | |")
                continue
            reading, drawing, boxes, reading_processor, drawing_processor = measured
            ratio = drawing / reading if reading > 0 else 0
            processor_ratio = drawing_processor / reading_processor if reading_processor > 0 else 0
            ratios.append(ratio)
            processor_ratios.append(processor_ratio)
            rows.append(f"| {image.name} | {boxes} | {reading:.2f} | {drawing:.2f} | {ratio * 100:.0f}% "
                        f"| {reading_processor:.2f} | {drawing_processor:.3f} | {processor_ratio * 100:.0f}% |")
    finally:
        server.stop()
    print("| image | boxes | reading and translating (s) | drawing (s) | drawing / reading "
          "| processor: all but drawing (s) | processor: drawing (s) | processor: drawing / rest |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    print("\n".join(rows))
    if ratios:
        print(f"\nmedian drawing / reading: {statistics.median(ratios) * 100:.1f}% over {len(ratios)} images; "
              f"highest {max(ratios) * 100:.1f}%; processor time: median {statistics.median(processor_ratios) * 100:.1f}%, "
              f"highest {max(processor_ratios) * 100:.1f}%")


if __name__ == "__main__":
    main()
