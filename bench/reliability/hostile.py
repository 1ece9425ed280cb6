#!/usr/bin/env python3
"""Hostile inputs, each run by every binary given: exit status, wall time, peak memory and the
first line on stderr.

Cases:
  control-reply     a service whose translation is full of terminal controls (OSC 52, CSI 2J,
                    CR, BS, C1, DEL, NUL, U+202E); --format text; counts raw controls on stdout
  heic-overflow     a folder of a HEIC whose `ispe` declares 4294967295 × 4294967295, and a good PNG
  full-disk         --format json to /dev/full
  planted-link      `-o out` where out/d2 is a link to another folder; counts files written there
  secrets-zero      --secrets /dev/zero
  secrets-2gb       --secrets on a 2 GB (sparse) file
  endless-stream    a PNG header declaring 100×100 followed by endless zeros, on standard input
  blank-7999        a blank 7999 × 7999 PNG (62 KB)
  pdf-thin-page     a PDF page of 0.001 × 50000 points
  pdf-huge-page     a PDF page of 40000 × 40000 points
  huge-translation  a 280,000-character translation, drawn with --format png
  pdf-interrupted   a 30-page PDF (english-page.png 30 times), --format jsonl, SIGINT after 3 s;
                    counts the pages on stdout and gives the time to the first one

Usage: bench/reliability/hostile.py [--translate PATH ...] [--only CASE,...] [--timeout S]
Default binaries: .build/release/translate. Peak memory from /usr/bin/time -v.
"""
import argparse
import json
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import time
import zlib
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "bench"))
from common import Server  # noqa: E402

FIXTURES = REPO / "Fixtures" / "images"
HOSTILE_TEXT = "\u001b]52;c;cHduZWQ=\u0007\u001b[2J\r\b\u007f\u009b1m\u0000\u202egnp.exe"


def raw_controls(text):
    return sum(1 for ch in text if (ord(ch) < 0x20 and ch not in "\n\t") or 0x7F <= ord(ch) <= 0x9F
               or 0x202A <= ord(ch) <= 0x202E or 0x2066 <= ord(ch) <= 0x2069)


def minimal_pdf(width, height):
    """A one-page PDF of `width` × `height` points with one line of text, written by hand."""
    stream = b"BT /F1 12 Tf 10 10 Td (Hello) Tj ET"
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 %s %s] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>"
        % (str(width).encode(), str(height).encode()),
        b"<< /Length %d >>\nstream\n%s\nendstream" % (len(stream), stream),
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    ]
    out = b"%PDF-1.4\n"
    offsets = []
    for number, body in enumerate(objects, 1):
        offsets.append(len(out))
        out += b"%d 0 obj\n%s\nendobj\n" % (number, body)
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += b"".join(b"%010d 00000 n \n" % offset for offset in offsets)
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, xref)
    return out


def blank_png(width, height):
    """A white 1-bit PNG, written by hand (ImageMagick's policy here refuses pages this large)."""
    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))
    row = b"\x00" + b"\xff" * ((width + 7) // 8)
    header = struct.pack(">IIBBBBB", width, height, 1, 0, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(row * height, 9)) + chunk(b"IEND", b"")


class Case:
    """What to run: arguments after the binary, environment, standard input and output."""

    def __init__(self, arguments, env=None, stdin=None, stdout=subprocess.PIPE, check=None, interrupt_after=None):
        self.arguments = arguments
        self.interrupt_after = interrupt_after
        self.env = env
        self.stdin = stdin
        self.stdout = stdout
        self.check = check or (lambda out: "")


def make_cases(work, server):
    base = {k: v for k, v in os.environ.items() if not k.startswith("PAPAGO_")}
    # No secrets file is found, no cache is shared with other runs; the models are found as usual.
    base.update({"XDG_CONFIG_HOME": str(work / "home"), "XDG_CACHE_HOME": str(work / "cache")})
    cases = {}
    spanish = str(FIXTURES / "spanish-screenshot.png")

    reply = json.dumps({"message": {"result": {"srcLangType": "es", "tarLangType": "en", "translatedText": HOSTILE_TEXT}}})
    cases["control-reply"] = lambda: (server.reset(), server.control("POST", "/_control/fail",
                                      {"kind": "raw", "body": reply, "count": 1000}),
                                      Case([spanish, "-l", "spa", "--to", "en", "--no-cache"], env=server.environment(base),
                                           check=lambda out: f"raw controls on stdout: {raw_controls(out)}"))[-1]

    heic = work / "heic"
    heic.mkdir()
    data = bytearray((FIXTURES / "english-page.heic").read_bytes())
    at = data.find(b"ispe")
    struct.pack_into(">II", data, at + 8, 2**32 - 1, 2**32 - 1)
    (heic / "b.heic").write_bytes(data)
    shutil.copy(spanish, heic / "a.png")
    cases["heic-overflow"] = lambda: Case([str(heic), "--ocr-only", "--ocr-lang", "spa", "--format", "jsonl"], env=base,
                                          check=lambda out: f"results on stdout: {len(out.splitlines())}")

    cases["full-disk"] = lambda: Case([spanish, "--ocr-only", "--ocr-lang", "spa", "--format", "json"], env=base,
                                      stdout=open("/dev/full", "wb"))

    planted = work / "planted"
    for folder in ["in/d1", "in/d2", "out", "elsewhere"]:
        (planted / folder).mkdir(parents=True)
    for folder in ["d1", "d2"]:
        shutil.copy(spanish, planted / "in" / folder / "x.png")
    (planted / "out" / "d2").symlink_to(planted / "elsewhere")
    cases["planted-link"] = lambda: Case([str(planted / "in"), "-r", "--ocr-only", "--ocr-lang", "spa", "-o", str(planted / "out")],
                                         env=base, check=lambda out: f"files written outside: {len(os.listdir(planted / 'elsewhere'))}")

    cases["secrets-zero"] = lambda: Case([spanish, "--to", "en", "--engine", "papago", "--secrets", "/dev/zero"], env=base)
    huge = work / "huge-secrets.json"
    with open(huge, "wb") as handle:
        handle.truncate(2 << 30)
    cases["secrets-2gb"] = lambda: Case([spanish, "--to", "en", "--engine", "papago", "--secrets", str(huge)], env=base)

    header = (FIXTURES / "korean-menu.png").read_bytes()[:33]
    header = header[:16] + struct.pack(">II", 100, 100) + header[24:]
    (work / "header.png").write_bytes(header)
    cases["endless-stream"] = lambda: Case(["-", "--ocr-only"], env=base,
                                           stdin=subprocess.Popen(["sh", "-c", f"cat {work / 'header.png'}; exec cat /dev/zero"],
                                                                  stdout=subprocess.PIPE).stdout)

    blank = work / "blank.png"
    blank.write_bytes(blank_png(7999, 7999))
    cases["blank-7999"] = lambda: Case([str(blank), "--ocr-only", "--ocr-lang", "eng"], env=base)

    (work / "thin.pdf").write_bytes(minimal_pdf(0.001, 50000))
    cases["pdf-thin-page"] = lambda: Case([str(work / "thin.pdf"), "--ocr-only", "--ocr-lang", "eng"], env=base)
    (work / "huge.pdf").write_bytes(minimal_pdf(40000, 40000))
    cases["pdf-huge-page"] = lambda: Case([str(work / "huge.pdf"), "--ocr-only", "--ocr-lang", "eng"], env=base)

    long_reply = json.dumps({"message": {"result": {"srcLangType": "es", "tarLangType": "en",
                                                    "translatedText": ("Today the sky is clear. " * 12000)[:280000]}}})
    cases["huge-translation"] = lambda: (server.reset(), server.control("POST", "/_control/fail",
                                         {"kind": "raw", "body": long_reply, "count": 1000}),
                                         Case([spanish, "-l", "spa", "--to", "en", "--no-cache", "--format", "png"],
                                              env=server.environment(base), stdout=open(os.devnull, "wb")))[-1]
    def pdf_case():
        pdf = work / "pages30.pdf"
        if not pdf.exists():
            subprocess.run(["convert", *[str(FIXTURES / "english-page.png")] * 30, "-density", "300", "-units", "PixelsPerInch", "-compress", "lzw",
                            str(work / "pages30.tif")], check=True)
            subprocess.run(["tiff2pdf", "-z", "-o", str(pdf), str(work / "pages30.tif")], check=True)
        return Case([str(pdf), "--ocr-only", "--format", "jsonl", "--ocr-lang", "eng"], env=base, interrupt_after=3,
                    check=lambda out: f"pages on stdout: {len(out.splitlines())}")
    cases["pdf-interrupted"] = pdf_case
    return cases


def run(binary, case, timeout):
    if case.interrupt_after:
        return run_interrupted(binary, case)
    started = time.monotonic()
    process = subprocess.Popen(["/usr/bin/time", "-v", binary, *case.arguments], env=case.env, stdin=case.stdin or subprocess.DEVNULL,
                               stdout=case.stdout, stderr=subprocess.PIPE)
    try:
        out, err = process.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        process.kill()
        out, err = process.communicate()
        return {"status": "timeout", "seconds": timeout}
    seconds = time.monotonic() - started
    err = err.decode("utf-8", "replace")
    peak = re.search(r"Maximum resident set size \(kbytes\): (\d+)", err)
    status = re.search(r"Exit status: (\d+)", err)
    signal = re.search(r"Command terminated by signal (\d+)", err)
    said = [line for line in err.splitlines() if line.startswith("translate:")]
    return {
        "status": f"signal {signal.group(1)}" if signal else (status.group(1) if status else "?"),
        "seconds": round(seconds, 2),
        "peak_mb": round(int(peak.group(1)) / 1024) if peak else None,
        "said": said[0] if said else "",
        "check": case.check((out or b"").decode("utf-8", "replace")),
    }


def run_interrupted(binary, case):
    """Runs `case`, sends SIGINT after `interrupt_after` seconds, and notes when the first line came."""
    started = time.monotonic()
    process = subprocess.Popen(["/usr/bin/time", "-v", binary, *case.arguments], env=case.env, stdin=subprocess.DEVNULL,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    first = None
    lines = []
    os.set_blocking(process.stdout.fileno(), False)
    while time.monotonic() - started < case.interrupt_after:
        chunk = process.stdout.read()
        if chunk:
            lines.append(chunk)
            first = first or time.monotonic() - started
        time.sleep(0.05)
    # The child of /usr/bin/time is the one to interrupt.
    subprocess.run(["pkill", "-INT", "-P", str(process.pid)])
    os.set_blocking(process.stdout.fileno(), True)
    out, err = process.communicate()
    lines.append(out or b"")
    seconds = time.monotonic() - started
    err = err.decode("utf-8", "replace")
    peak = re.search(r"Maximum resident set size \(kbytes\): (\d+)", err)
    status = re.search(r"Exit status: (\d+)", err)
    said = [line for line in err.splitlines() if line.startswith("translate:")]
    return {
        "status": status.group(1) if status else "?",
        "seconds": round(seconds, 2),
        "peak_mb": round(int(peak.group(1)) / 1024) if peak else None,
        "said": said[-1] if said else "",
        "check": case.check(b"".join(lines).decode("utf-8", "replace"))
                 + (f"; first page after {first:.1f} s" if first else "; no page before the interrupt"),
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--translate", action="append", help="a translate binary (repeatable)")
    parser.add_argument("--only", help="comma-separated case names")
    parser.add_argument("--timeout", type=float, default=120)
    args = parser.parse_args()
    binaries = args.translate or [str(REPO / ".build" / "release" / "translate")]
    server = Server(latency_ms=0)
    with tempfile.TemporaryDirectory(prefix="hostile-") as directory:
        work = Path(directory)
        (work / "home").mkdir()
        cases = make_cases(work, server)
        names = args.only.split(",") if args.only else list(cases)
        print("| case | binary | exit | time (s) | peak (MB) | first line on stderr | check |")
        print("|---|---|---|---|---|---|---|")
        for name in names:
            for binary in binaries:
                result = run(binary, cases[name](), args.timeout)
                said = result.get("said", "").replace(directory, "…").replace("|", "\\|")
                print(f"| {name} | {Path(binary).name} | {result['status']} | {result['seconds']} | {result.get('peak_mb', '')} "
                      f"| {said[:140]} | {result.get('check', '')} |", flush=True)
                if name == "planted-link":
                    for leftover in (work / "planted" / "elsewhere").iterdir():
                        leftover.unlink() if leftover.is_file() else shutil.rmtree(leftover)
                    shutil.rmtree(work / "planted" / "out" / "d1", ignore_errors=True)
    server.stop()


if __name__ == "__main__":
    main()
