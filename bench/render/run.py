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
    python3 bench/render/run.py [--binary .build/release/translate] [--before OLD] [--runs N] [IMAGE...]

With `--before`, an earlier build is measured too, alternating with the current one image by
image, so that both see the same load.

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


def measured_median(binary, image, environment, runs):
    """The median over `runs` runs of each measure and of the two ratios, or None."""
    samples = [measure(binary, image, environment) for _ in range(runs)]
    samples = [sample for sample in samples if sample is not None]
    if not samples:
        return None
    reading, drawing, boxes, reading_processor, drawing_processor = (statistics.median(column) for column in zip(*samples))
    ratio = statistics.median(s[1] / s[0] if s[0] > 0 else 0 for s in samples)
    processor_ratio = statistics.median(s[4] / s[3] if s[3] > 0 else 0 for s in samples)
    return {"reading": reading, "drawing": drawing, "boxes": int(boxes), "reading_processor": reading_processor,
            "drawing_processor": drawing_processor, "ratio": ratio, "processor_ratio": processor_ratio}


def percent(value):
    return f"{value * 100:.0f}%"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", default=str(REPO / ".build" / "release" / "translate"))
    parser.add_argument("--before", help="an earlier build to measure in the same run, image by image, for comparison")
    parser.add_argument("--runs", type=int, default=1, help="runs per image and build; the table gives medians")
    parser.add_argument("images", nargs="*")
    args = parser.parse_args()
    images = [Path(p) for p in args.images] or default_images()
    server = Server(latency_ms=0)
    environment = server.environment(os.environ)
    rows, ratios, processor_ratios, before_ratios, before_processor_ratios = [], [], [], [], []
    try:
        for image in images:
            before = measured_median(args.before, image, environment, args.runs) if args.before else None
            after = measured_median(args.binary, image, environment, args.runs)
            if after is None or (args.before and before is None):
                rows.append(f"| {image.name} | failed |")
                continue
            ratios.append(after["ratio"])
            processor_ratios.append(after["processor_ratio"])
            if before is None:
                rows.append(f"| {image.name} | {after['boxes']} | {after['reading']:.2f} | {after['drawing']:.2f} "
                            f"| {percent(after['ratio'])} | {after['reading_processor']:.2f} "
                            f"| {after['drawing_processor']:.3f} | {percent(after['processor_ratio'])} |")
                continue
            before_ratios.append(before["ratio"])
            before_processor_ratios.append(before["processor_ratio"])
            rows.append(f"| {image.name} | {after['boxes']} | {after['reading']:.2f} "
                        f"| {before['drawing']:.2f} → {after['drawing']:.2f} "
                        f"| {percent(before['ratio'])} → {percent(after['ratio'])} | {after['reading_processor']:.2f} "
                        f"| {before['drawing_processor']:.3f} → {after['drawing_processor']:.3f} "
                        f"| {percent(before['processor_ratio'])} → {percent(after['processor_ratio'])} |")
    finally:
        server.stop()
    change = " before → after" if args.before else ""
    print(f"| image | boxes | reading and translating (s) | drawing (s){change} | drawing / reading{change} "
          f"| processor: all but drawing (s) | processor: drawing (s){change} | processor: drawing / rest{change} |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    print("\n".join(rows))

    def summary(name, wall, processor):
        if wall:
            print(f"{name}median drawing / reading {statistics.median(wall) * 100:.1f}%, highest {max(wall) * 100:.1f}%, "
                  f"{sum(r <= 0.2 for r in wall)} of {len(wall)} at most 20%; processor time: median "
                  f"{statistics.median(processor) * 100:.1f}%, highest {max(processor) * 100:.1f}%, "
                  f"{sum(r <= 0.2 for r in processor)} of {len(processor)} at most 20%")
    print()
    if args.before:
        summary("before: ", before_ratios, before_processor_ratios)
    summary("after: " if args.before else "", ratios, processor_ratios)


if __name__ == "__main__":
    main()
