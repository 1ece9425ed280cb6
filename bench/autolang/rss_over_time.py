#!/usr/bin/env python3
"""Resident memory of one translate run over time: does it drift up, or only spike?

Runs the command with its JSON Lines output in OUT.jsonl, reads /proc/PID/status every 0.2 s
(VmRSS, RssAnon, RssFile, VmHWM) and the number of results written so far (which input the run
has reached), and writes each sample to OUT.tsv. Then prints when the high-water mark rose, and
per window of results the least, median and most resident size seen.

Usage: bench/autolang/rss_over_time.py OUT [--window N] -- translate DIR --ocr-only --format jsonl -q
"""
import argparse
import subprocess
import sys
import time


def status_megabytes(pid):
    fields = {}
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            name, _, value = line.partition(":")
            if name in ("VmRSS", "RssAnon", "RssFile", "VmHWM"):
                fields[name] = int(value.split()[0]) // 1024
    return fields


def sample(out, command, interval=0.2):
    rows = []
    with open(out + ".jsonl", "wb") as results, open(out + ".err", "wb") as errors:
        process = subprocess.Popen(command, stdout=results, stderr=errors)
        started = time.time()
        while process.poll() is None:
            try:
                fields = status_megabytes(process.pid)
                with open(out + ".jsonl", "rb") as written:
                    done = written.read().count(b"\n")
            except (OSError, ValueError):
                break
            if len(fields) == 4:
                rows.append((time.time() - started, done, fields["VmRSS"], fields["RssAnon"],
                             fields["RssFile"], fields["VmHWM"]))
            time.sleep(interval)
    with open(out + ".tsv", "w") as table:
        table.write("seconds\tresults\tVmRSS\tRssAnon\tRssFile\tVmHWM\n")
        for row in rows:
            table.write("%.1f\t%d\t%d\t%d\t%d\t%d\n" % row)
    return process.returncode, rows


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", help="path prefix for OUT.tsv, OUT.jsonl and OUT.err")
    parser.add_argument("--window", type=int, default=109, help="results per window of the summary")
    if "--" not in sys.argv:
        parser.error("the command to run follows --")
    split = sys.argv.index("--")
    args = parser.parse_args(sys.argv[1:split])
    command = sys.argv[split + 1:]
    status, rows = sample(args.out, command)
    if status != 0:
        print(f"warning: exit status {status}", file=sys.stderr)

    print("| seconds | results written | high-water mark | resident then |\n|---:|---:|---:|---:|")
    highest = 0
    for seconds, done, rss, _, _, hwm in rows:
        if hwm > highest + 1:
            print(f"| {seconds:.1f} | {done} | {hwm} MB | {rss} MB |")
        highest = max(highest, hwm)

    print(f"\n| results | least | median | most resident |\n|---|---:|---:|---:|")
    windows = {}
    for _, done, rss, _, _, _ in rows:
        windows.setdefault(done // args.window, []).append(rss)
    for index in sorted(windows):
        sizes = sorted(windows[index])
        first = index * args.window
        print(f"| {first}–{first + args.window - 1} | {sizes[0]} MB | {sizes[len(sizes) // 2]} MB | {sizes[-1]} MB |")


if __name__ == "__main__":
    main()
