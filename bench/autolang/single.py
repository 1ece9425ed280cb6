#!/usr/bin/env python3
"""One image at a time, as at a terminal: automatic languages against `--ocr-lang`, per language.

Each of the 109 rendered screenshots (bench/screenshots/out) is read alone, `translate IMAGE
--ocr-only --format jsonl`, with automatic languages and with `-l` its right languages, and with
`--before`'s build too when given; the commands take turns image by image, `--rounds` times.
Reports per language the median whole-process wall time and CPU time of one image (the median
over the language's images of each image's median), the largest peak memory, and whether the
two builds' automatic outputs were byte for byte the same on every image.

Usage: bench/autolang/single.py [--translate PATH] [--before PATH] [--rounds N] [--only ja,zh-CN]
"""
import argparse
import os
import statistics
import subprocess
import sys
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from folders import LANGS, REPO, SCREENSHOTS, label  # noqa: E402


def timed(command):
    """(wall seconds, CPU seconds, peak MB, stdout) of one command."""
    started = time.perf_counter()
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    output = process.stdout.read()
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - started
    if status != 0:
        print(f"  warning: exit status {status >> 8}: {' '.join(command)}", file=sys.stderr)
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, output


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--translate", default=str(REPO / ".build" / "release" / "translate"))
    parser.add_argument("--before", help="another build to measure side by side")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--only", help="languages to measure, by code (default: all)")
    args = parser.parse_args()
    images = sorted(SCREENSHOTS.glob("*.png"))
    if args.only:
        images = [i for i in images if label(i.name) in args.only.split(",")]
    if not images:
        sys.exit(f"no screenshots in {SCREENSHOTS}: run bench/screenshots/render.py first")
    ocr = ["--ocr-only", "--format", "jsonl"]
    modes = [("automatic", args.translate, [])]
    if args.before:
        modes.append(("automatic, before", args.before, []))
    modes.append(("`--ocr-lang`", args.translate, None))

    # results[mode][image] = [(wall, cpu, peak)]
    results = defaultdict(lambda: defaultdict(list))
    differing = set()
    for _ in range(args.rounds):
        for image in images:
            outputs = {}
            for name, binary, extra in modes:
                extra = extra if extra is not None else ["-l", LANGS[label(image.name)]]
                wall, cpu, peak, output = timed([binary, str(image)] + extra + ocr)
                results[name][image].append((wall, cpu, peak))
                outputs[name] = output
            if args.before and outputs["automatic"] != outputs["automatic, before"]:
                differing.add(image.name)

    codes = sorted({label(i.name) for i in images})
    header = " | ".join(f"{name} wall / CPU / peak" for name, _, _ in modes)
    print(f"| language | images | {header} |\n|---|---:|" + "---:|" * len(modes))
    for code in codes + ["all"]:
        chosen = [i for i in images if code == "all" or label(i.name) == code]
        cells = []
        for name, _, _ in modes:
            walls = [statistics.median(r[0] for r in results[name][i]) for i in chosen]
            cpus = [statistics.median(r[1] for r in results[name][i]) for i in chosen]
            peak = max(r[2] for i in chosen for r in results[name][i])
            cells.append(f"{statistics.median(walls):.2f} s / {statistics.median(cpus):.2f} s / {peak:.0f} MB")
        print(f"| {code} | {len(chosen)} | " + " | ".join(cells) + " |", flush=True)
    if args.before:
        print(f"\nautomatic outputs differing between the builds: {len(differing)}"
              + (f" ({', '.join(sorted(differing))})" if differing else ""))


if __name__ == "__main__":
    sys.exit(main())
