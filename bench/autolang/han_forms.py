#!/usr/bin/env python3
"""Pages of Simplified and of Traditional Chinese, not from the screenshot set, read with
`chi_sim` and `chi_tra`: how sure each data is of the characters whose forms differ.

Renders pages of sentences from the language benchmark's Chinese text (the Traditional pages
converted by ICU's `Hans-Hant`, `uconv` from Debian's icu-devtools) with ImageMagick, in Noto
Sans and Serif CJK at several sizes, light and dark, then reads each with
`translate PAGE --ocr-only --format jsonl -l DATA`. For each reading it prints the mean word
confidence over Han characters, and over the Han characters that ICU's conversion changes
(for a `chi_sim` reading, forms Traditional writes otherwise; for `chi_tra`, the reverse).

    bench/autolang/han_forms.py --translate .build/release/translate [--pages 12] [--out DIR]
"""
import argparse, json, random, subprocess, sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
SENTENCES = HERE.parents[2] / "shared" / "bench-data" / "langid" / "sentences" / "zh.txt"


def convert(text, transform):
    return subprocess.run(["uconv", "-x", transform], input=text, capture_output=True, text=True, check=True).stdout


def render(path, lines, font, size, dark):
    background, ink = ("#1e1e1e", "#e8e8e8") if dark else ("white", "#202020")
    # Lines broken by hand, 20 characters at most: ImageMagick's own wrapping fails on some fonts.
    wrapped = [line[i:i + 20] for line in lines for i in range(0, len(line), 20)][:10]
    subprocess.run(["convert", "-background", background, "-fill", ink, "-font", font, "-pointsize", str(size),
                    "-interline-spacing", str(size // 2), f"label:{chr(10).join(wrapped)}",
                    "-bordercolor", background, "-border", "24", str(path)], check=True)


def is_han(c):
    return 0x4E00 <= ord(c) <= 0x9FFF or 0x3400 <= ord(c) <= 0x4DBF


def measure(translate, page, data):
    out = subprocess.run([translate, str(page), "--ocr-only", "--format", "jsonl", "-l", data],
                         capture_output=True, text=True).stdout
    words = [(w["text"], w["confidence"]) for line in out.splitlines()
             for box in json.loads(line).get("boxes", []) for w in box.get("words", [])]
    # Each word converted on its own line, so characters line up one for one.
    joined = "\n".join(text for text, _ in words)
    converted = convert(joined, "Hans-Hant" if data == "chi_sim" else "Hant-Hans").split("\n")
    total = weight = form_total = form_weight = 0.0
    for (text, confidence), other in zip(words, converted):
        same_length = len(text) == len(other)
        for i, c in enumerate(text):
            if not is_han(c):
                continue
            total += confidence; weight += 1
            if same_length and other[i] != c:
                form_total += confidence; form_weight += 1
    return (total / weight if weight else 0.0), (form_total / form_weight if form_weight else 0.0), int(form_weight)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--translate", required=True)
    parser.add_argument("--pages", type=int, default=12, help="pages of each form")
    parser.add_argument("--out", default=str(HERE.parents[1] / "bench" / "out" / "han-forms"))
    args = parser.parse_args()
    out = Path(args.out); out.mkdir(parents=True, exist_ok=True)
    sentences = [s.strip() for s in SENTENCES.read_text(encoding="utf-8").splitlines() if 8 <= len(s.strip()) <= 60]
    rng = random.Random(7)
    print("page\tform\tchi_sim han\tchi_sim forms\tforms read\tchi_tra han\tchi_tra forms\tforms read")
    for form, transform, family in (("simplified", None, "SC"), ("traditional", "Hans-Hant", "TC")):
        for index in range(args.pages):
            lines = rng.sample(sentences, 6)
            if transform:
                lines = convert("\n".join(lines), transform).splitlines()
            font = f"Noto-{'Serif' if index % 3 == 2 else 'Sans'}-CJK-{family}"
            size = (14, 18, 22, 28)[index % 4]
            page = out / f"{form}-{index:02d}.png"
            render(page, lines, font, size, dark=index % 2 == 1)
            row = [page.name, form]
            for data in ("chi_sim", "chi_tra"):
                han, forms, count = measure(args.translate, page, data)
                row += [f"{han:.1f}", f"{forms:.1f}", str(count)]
            print("\t".join(row), flush=True)


if __name__ == "__main__":
    sys.exit(main())
