#!/usr/bin/env python3
"""`--reuse-lines` on a folder of one app's screenshots, side by side with what a user would script.

OCR only over the batch screenshots (bench/batch/make_screenshots.py), all with `-l kor+eng`,
timed in turns (`run.interleaved`):
    translate DIR --ocr-only -l kor+eng                    (pages read whole, the default)
    translate DIR --ocr-only -l kor+eng --reuse-lines      (line by line, repeated lines once)
    for f in DIR/*.png; do tesseract "$f" - -l kor+eng; done
    ... | OMP_THREAD_LIMIT=1 xargs -P CORES tesseract      (the tuned alternative)
and the character error rate of each translate reading against the generator's ground truth,
and whether `--reuse-lines` reads the same with one worker as with two.

Usage: bench/batch/reuse_lines.py [--translate PATH] [--count 48] [--runs 5]
"""
import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "bench" / "batch"))
import run as batch  # noqa: E402


def readings(command, env):
    completed = subprocess.run(command, capture_output=True, text=True, env=env, check=True)
    return completed.stdout, {Path(json.loads(line)["file"]).name: "\n".join(box["text"] for box in json.loads(line)["boxes"])
                              for line in completed.stdout.splitlines()}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--translate", default=str(REPO / ".build" / "release" / "translate"))
    parser.add_argument("--count", type=int, default=48)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    cores = os.cpu_count() or 1
    folder = batch.OUT / "screenshots"
    subprocess.run([sys.executable, str(REPO / "bench" / "batch" / "make_screenshots.py"), "--count", str(args.count),
                    "--out", str(folder)], check=True)
    images = sorted(folder.glob("shot-*.png"))[: args.count]
    shots = batch.repeated_folder(images, len(images), batch.OUT / "batch-input")
    env = {k: v for k, v in os.environ.items() if not k.startswith("PAPAGO_") and k != "OMP_THREAD_LIMIT"}

    base = [args.translate, str(shots), "--ocr-only", "--format", "jsonl", "-q", "-l", batch.LANGS]
    _, whole = readings(base, env)
    one_worker, by_line = readings(base + ["--reuse-lines", "--jobs", "1"], env)
    two_workers, _ = readings(base + ["--reuse-lines", "--jobs", "2"], env)
    verbose = subprocess.run([part for part in base if part != "-q"] + ["--reuse-lines", "--verbose"], capture_output=True, text=True,
                             env=env, check=True)
    summary = verbose.stderr.strip().splitlines()[-1] if verbose.stderr.strip() else ""
    cer_whole = cer_lines = 0.0
    for index, image in enumerate(images):
        name, truth = f"copy-{index:03d}.png", image.with_suffix(".gt.txt").read_text()
        cer_whole += batch.cer(whole[name], truth)
        cer_lines += batch.cer(by_line[name], truth)
    count = len(images)
    print(f"## `--reuse-lines`: {count} screenshots of one app, `-l {batch.LANGS}`, {cores} cores\n")
    print(f"Mean CER against the ground truth: pages read whole {cer_whole / count:.2%}, line by line "
          f"{cer_lines / count:.2%}. One worker and two read the same with `--reuse-lines`: "
          f"{'yes' if one_worker == two_workers else 'NO'}. `--verbose`: {summary}\n")

    listing = " ".join(f"'{shots}/copy-{i:03d}.png'" for i in range(count))
    commands = [
        ("translate --ocr-only", f"{args.translate} {shots} --ocr-only -q -l {batch.LANGS}"),
        ("translate --ocr-only --reuse-lines", f"{args.translate} {shots} --ocr-only -q -l {batch.LANGS} --reuse-lines"),
        ("tesseract loop", f"for f in {listing}; do tesseract \"$f\" - -l {batch.LANGS}; done"),
        (f"tesseract, OMP_THREAD_LIMIT=1, {cores} in parallel",
         f"printf '%s\\0' {listing} | OMP_THREAD_LIMIT=1 xargs -0 -P {cores} -I{{}} tesseract {{}} - -l {batch.LANGS}"),
    ]
    timings = batch.interleaved(commands, args.runs, env)
    batch.print_timings(timings, [name for name, _ in commands], f"OCR only, {count} images, median of {args.runs}",
                        "`--reuse-lines` is", commands[1][0], lambda name: "reuse" not in name)


if __name__ == "__main__":
    main()
