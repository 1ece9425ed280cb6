#!/usr/bin/env python3
"""Writes the seed corpus of each fuzz target, and its dictionary, from the repository's fixtures.

    image-decoding  every fixture image, and small cuts of a few of them in every format and
                    variant Leptonica reads (PNG, JPEG, TIFF with each compression, multi-page and
                    tiled, GIF, BMP, PNM and PAM, WebP, JPEG 2000), made with ImageMagick, and the
                    JPEG and PNG cuts with an EXIF orientation tag
    papago-reply    the recorded replies in Fixtures/papago-replies
    command-line    the command lines shown in README.md, and one per row of its options table,
                    as NUL-ended arguments
    header-dimensions  one small image of every format and variant (the cuts above, and a HEIC
                    made with heif-enc and a one-page PDF written here), and the HEIC and PDF
                    fixtures, each behind the target's control bytes: zeros (the image as it
                    is), and a few edits that set a declared width and height to extremes
and for each, the inputs its fuzzer once failed on (Fixtures/fuzz-found/TARGET), kept so that
every run starts from them.

Usage: scripts/fuzz/seed_corpus.py OUT_DIR   (writes OUT_DIR/TARGET/* and OUT_DIR/TARGET.dict)
"""
import hashlib
import re
import shlex
import shutil
import struct
import subprocess
import sys
import tempfile
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "Fixtures"

# Small cuts of these fixtures are converted to every format: text on light, text on dark, a photo.
CUT_FROM = ["images/korean-menu.png", "images/dark-korean.png", "photos/korean-road-sign.png"]
# ImageMagick output: (file suffix, extra arguments before the output name, output prefix)
VARIANTS = [
    ("png", [], ""), ("gray.png", ["-colorspace", "Gray"], "PNG8:"), ("bits.png", ["-monochrome"], ""),
    ("rgba.png", ["-alpha", "set"], "PNG32:"), ("interlaced.png", ["-interlace", "PNG"], ""),
    ("jpg", ["-quality", "60"], ""), ("progressive.jpg", ["-interlace", "JPEG"], ""),
    ("gray.jpg", ["-colorspace", "Gray"], ""),
    ("tif", ["-compress", "None"], ""), ("lzw.tif", ["-compress", "LZW"], ""),
    ("zip.tif", ["-compress", "Zip"], ""), ("packbits.tif", ["-compress", "RLE"], ""),
    ("g4.tif", ["-monochrome", "-compress", "Group4"], ""), ("jpeg.tif", ["-compress", "JPEG"], ""),
    ("big.tif", [], "TIFF64:"), ("tiled.tif", ["-define", "tiff:tile-geometry=16x16"], ""),
    ("gif", [], ""), ("bmp", [], ""), ("bmp2.bmp", [], "BMP2:"), ("pbm", ["-monochrome"], ""),
    ("pgm", [], ""), ("ppm", [], ""), ("plain.ppm", ["-compress", "None"], ""), ("pam", [], ""),
    ("webp", ["-quality", "60"], ""), ("lossless.webp", ["-define", "webp:lossless=true"], ""),
    ("jp2", [], ""), ("j2k", [], ""),
]


def write(directory, data):
    """Names a seed by its content, as libFuzzer names corpus files."""
    directory.mkdir(parents=True, exist_ok=True)
    (directory / hashlib.sha1(data).hexdigest()).write_bytes(data)


def cut_images():
    """Small cuts of a few fixtures in every format and variant Leptonica reads, by name."""
    images = {}
    with tempfile.TemporaryDirectory() as scratch:
        for number, name in enumerate(CUT_FROM):
            cut = Path(scratch) / f"cut{number}.png"
            subprocess.run(["convert", str(FIXTURES / name), "-gravity", "center", "-crop", "96x64+0+0", "+repage",
                            "-resize", "48x32", str(cut)], check=True)
            for suffix, arguments, prefix in VARIANTS:
                target = Path(scratch) / f"cut{number}.{suffix}"
                subprocess.run(["convert", str(cut), *arguments, prefix + str(target)], check=True)
                images[target.name] = target.read_bytes()
            pages = Path(scratch) / f"pages{number}.tif"
            subprocess.run(["convert", str(cut), str(cut), "-compress", "LZW", str(pages)], check=True)
            images[pages.name] = pages.read_bytes()
    return images


def orientation_tiff(value):
    """A big-endian TIFF structure whose one entry is the EXIF orientation, a SHORT."""
    return b"MM\x00\x2a\x00\x00\x00\x08\x00\x01" + bytes([1, 0x12, 0, 3, 0, 0, 0, 1, 0, value, 0, 0]) + bytes(4)


def with_orientation_tag(name, data, value):
    """A JPEG or PNG cut with an EXIF orientation tag (an APP1 segment; an eXIf chunk after IHDR),
    for the decoder's reading of the tag; None for other formats."""
    if name.endswith(".jpg"):
        segment = b"Exif\x00\x00" + orientation_tiff(value)
        return data[:2] + bytes([0xFF, 0xE1, 0, len(segment) + 2]) + segment + data[2:]
    if name.endswith(".png"):
        body = b"eXIf" + orientation_tiff(value)
        chunk = struct.pack(">I", len(body) - 4) + body + struct.pack(">I", zlib.crc32(body))
        return data[:33] + chunk + data[33:]
    return None


def image_seeds(out, cuts):
    for path in sorted(FIXTURES.rglob("*")):
        if path.suffix in (".png", ".jpg", ".tif"):
            write(out, path.read_bytes())
    for name, data in cuts.items():
        write(out, data)
        for value in (5, 6):
            tagged = with_orientation_tag(name, data, value)
            if tagged:
                write(out, tagged)


def small_heic():
    """A 48×32 HEIC, or None without heif-enc."""
    if shutil.which("heif-enc") is None:
        return None
    with tempfile.TemporaryDirectory() as scratch:
        source, target = Path(scratch) / "cut.png", Path(scratch) / "cut.heic"
        subprocess.run(["convert", str(FIXTURES / CUT_FROM[0]), "-gravity", "center", "-crop", "96x64+0+0", "+repage",
                        "-resize", "48x32", str(source)], check=True)
        subprocess.run(["heif-enc", "-q", "50", "-o", str(target), str(source)], check=True, stdout=subprocess.DEVNULL)
        return target.read_bytes()


def small_pdf(width=144, height=72):
    """A one-page PDF of WIDTH×HEIGHT points with a line of text, its cross-reference table right."""
    content = b"BT /F1 18 Tf 10 30 Td (Hello PDF) Tj ET"
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 %d %d] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>"
        % (width, height),
        b"<< /Length %d >>\nstream\n%s\nendstream" % (len(content), content),
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    ]
    data = b"%PDF-1.4\n"
    offsets = []
    for number, body in enumerate(objects, start=1):
        offsets.append(len(data))
        data += b"%d 0 obj\n%s\nendobj\n" % (number, body)
    xref = len(data)
    data += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    data += b"".join(b"%010d 00000 n \n" % offset for offset in offsets)
    data += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, xref)
    return data


# The header-dimensions target's control bytes: how many edits, then per edit the field (an
# index into the fields found), the value (an index into its list: 0 leaves the field as it
# is, 7 is 2^32-1, 8 is 2^63-1) and 8 bytes of a random value.
CONTROL_LENGTH = 31


def control(edits):
    data = bytes([len(edits) - 1])
    for field, value in edits:
        data += bytes([field, value]) + bytes(8)
    return data + bytes(CONTROL_LENGTH - len(data))


def header_seeds(out, cuts):
    images = dict(cuts)
    heic = small_heic()
    if heic:
        images["cut.heic"] = heic
    images["small.pdf"] = small_pdf()
    images["english-page.heic"] = (FIXTURES / "images/english-page.heic").read_bytes()
    images["english-spanish-pages.pdf"] = (FIXTURES / "images/english-spanish-pages.pdf").read_bytes()
    for name in sorted(images):
        for edits in ([(0, 0)], [(1, 7), (2, 7)], [(3, 8)]):
            write(out, control(edits) + images[name])


def reply_seeds(out):
    for path in sorted((FIXTURES / "papago-replies").glob("*.http")):
        write(out, path.read_bytes())


# A value for each placeholder of the options table.
SAMPLE_VALUES = {"LANG": "ko", "ENGINE": "apertium", "KEY": "a1b2c3", "URL": "http://127.0.0.1:8080",
                 "PATH": "secrets.json", "DETECTOR": "papago", "FORMAT": "jsonl", "LANGS": "kor+eng",
                 "LEVEL": "paragraph", "LAYOUT": "photo", "N": "2", "SIZE": "300M", "FILE": "-",
                 "SECONDS": "2.5", "DIR": "out", "WHEN": "always", "SHELL": "bash"}


def command_lines():
    """Argument lists: the README's example commands, and a command for each option spelling."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    lines = []
    for match in re.finditer(r"^\$ translate (.*)$", readme, re.M):
        shell = re.split(r"\s[|>]\s", match.group(1))[0]
        lines.append(shlex.split(shell))
    spellings = set()
    for row in re.finditer(r"^\| (`-[^|]*) \|", readme, re.M):
        # A cell holds one or more `-s, --long VALUE` spellings.
        for cell in re.findall(r"`(-[^`]*)`", row.group(1)):
            placeholder = re.search(r" ([A-Z]+)$", cell)
            value = [SAMPLE_VALUES.get(placeholder.group(1), placeholder.group(1).lower())] if placeholder else []
            for option in re.findall(r"-{1,2}[a-z0-9-]+", cell):
                spellings.add(option)
                lines.append(["shot.png", "--to", "en", option, *value])
                lines.append(["--ocr-only", option, *value, "-"])
    lines += [["-qj2", "-ten", "a.png"], ["--to=ja", "--", "-weird.png"], ["--fromat", "json", "a.png"]]
    return lines, sorted(spellings)


def command_seeds(out):
    lines, _ = command_lines()
    for arguments in lines:
        write(out, b"".join(argument.encode() + b"\0" for argument in arguments))


def command_dictionary():
    _, spellings = command_lines()
    values = sorted(set(SAMPLE_VALUES.values()) | {"auto", "zh-CN", "zh-TW", "pt", "hi", "0", "1K", "1G", "-", "--"})
    return "".join(f'"{token}\\x00"\n' for token in spellings + values)


TARGETS = ("image-decoding", "papago-reply", "command-line", "header-dimensions")


def main():
    out = Path(sys.argv[1])
    for name in TARGETS:
        shutil.rmtree(out / name, ignore_errors=True)
    cuts = cut_images()
    image_seeds(out / "image-decoding", cuts)
    reply_seeds(out / "papago-reply")
    command_seeds(out / "command-line")
    header_seeds(out / "header-dimensions", cuts)
    for name in TARGETS:
        found = FIXTURES / "fuzz-found" / name
        for path in sorted(found.iterdir()) if found.is_dir() else []:
            write(out / name, path.read_bytes())
    (out / "command-line.dict").write_text(command_dictionary())
    shutil.copy(Path(__file__).with_name("papago-reply.dict"), out / "papago-reply.dict")
    for name in TARGETS:
        print(f"{name}: {len(list((out / name).iterdir()))} seeds")


if __name__ == "__main__":
    main()
