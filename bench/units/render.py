#!/usr/bin/env python3
"""Renders the wrapped-sentence set: screens and a few photos whose sentences run over several
lines, with ground truth that says which lines belong to which sentence.

Kinds: chat (bubbles left and right, 1 to 4 lines each), notice (a title and one or two
paragraphs), article (a heading and paragraphs, left-aligned or justified, a desktop or a phone page), sign (a centred
panel of 2 or 3 lines), menu (item and price rows, a note under them), settings (label rows, some
with a grey value on the right, a grey footnote between the groups) and receipt (item and price
rows, a total, a footer). Languages: en, ko, ja, zh (Simplified), es, de, ca. The words are in
texts.py; every language has two of each kind (variant 0 and 1).

Paragraphs are wrapped at a measured pixel width: at spaces in Korean and the European
languages, between any two characters in Chinese and Japanese (but never before closing
punctuation or small kana, never after opening punctuation, and never inside a run of Latin
letters or digits). Screens are flat (light or dark theme, 1x text of 15 to 17 px, or the same
screen at 2x); notices, signs, menus and receipts are sometimes photographed instead: a paper or
panel on a textured wall or table, uneven light, slight blur and noise, saved as JPEG.

Each image NAME.png (or .jpg) has NAME.json beside it:
  lines      [{id, text, box: [x, y, w, h], block, list_row, sentences: [sentence ids]}], in reading order
  sentences  [{id, text, lines: [line ids]}]
  and language, kind, variant, style (screen or photo), scale, theme, half, ocr (Tesseract languages).
A list row (a menu item and its price, a settings label and its value, a receipt row) is one
line whose box covers both parts (each part's own box in `parts`), and one sentence of its own. manifest.json lists the images.

Halves: images are numbered in a fixed order (language, kind, variant); even numbers are the
tune half, odd numbers the held-out half, so each half has every language and kind once, with
different words in each half.

Deterministic: every random choice comes from a generator seeded by the image's name. Runs under
Python with Pillow (raqm layout) and numpy; when they are missing it makes a virtual environment
under bench/out/units-venv and runs itself there.

Usage: bench/units/render.py [--out DIR] [--only NAME,...]
"""
import argparse
import json
import os
import random
import subprocess
import sys
import zlib
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
VENV = REPO / "bench" / "out" / "units-venv"
PACKAGES = ["Pillow==11.3.0", "numpy==2.2.6"]

try:
    import numpy as np
    from PIL import Image, ImageDraw, ImageFilter, ImageFont, features
except ImportError:
    python = VENV / "bin" / "python"
    if os.environ.get("RENDER_UNITS_VENV") or Path(sys.executable) == python:
        raise
    probe = [str(python), "-c", "import numpy, PIL"]
    if not python.exists() or subprocess.run(probe, capture_output=True).returncode != 0:
        print(f"setting up {VENV} (pip install {' '.join(PACKAGES)}) ...", file=sys.stderr)
        subprocess.run([sys.executable, "-m", "venv", str(VENV)], check=True)
        subprocess.run([str(python), "-m", "pip", "install", "--quiet", *PACKAGES], check=True)
    os.execve(str(python), [str(python), __file__, *sys.argv[1:]], dict(os.environ, RENDER_UNITS_VENV="1"))

sys.path.insert(0, str(HERE))
from texts import LANGUAGES  # noqa: E402

LANGS = ["en", "ko", "ja", "zh", "es", "de", "ca"]
KINDS = ["chat", "notice", "article", "sign", "menu", "settings", "receipt"]
PHOTO_KINDS = {"notice", "sign", "menu", "receipt"}
OCR = {"en": "eng", "ko": "kor+eng", "ja": "jpn", "zh": "chi_sim", "es": "spa", "de": "deu", "ca": "cat"}
UNSPACED = {"ja", "zh"}

NOTO = "/usr/share/fonts/truetype/noto/"
CJK = "/usr/share/fonts/opentype/noto/"
CJK_INDEX = {"ja": 0, "ko": 1, "zh": 2}
MONO_INDEX = {"ja": 5, "ko": 6, "zh": 7}

# A line may not start with these (closing punctuation, small kana, the prolonged sound mark) ...
NO_START = set("、。，．,.：:；;！!？?）)」』】〕〉》”’・ー…ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ々")
# ... nor end with these (opening punctuation).
NO_END = set("（(「『【〔〈《“‘")


def font(lang, size, weight="regular", family="sans"):
    """A FreeType font for `lang`: Noto Sans/Serif for Latin, Noto Sans/Serif CJK, or a mono face."""
    bold = weight == "bold"
    if family == "mono":
        index = MONO_INDEX.get(lang, 5)
        path = CJK + ("NotoSansCJK-Bold.ttc" if bold else "NotoSansCJK-Regular.ttc")
    elif lang in CJK_INDEX:
        index = CJK_INDEX[lang]
        kind = "Serif" if family == "serif" else "Sans"
        path = CJK + f"Noto{kind}CJK-{'Bold' if bold else 'Regular'}.ttc"
    else:
        index = 0
        kind = "Serif" if family == "serif" else "Sans"
        path = NOTO + f"Noto{kind}-{'Bold' if bold else 'Regular'}.ttf"
    return _font(path, size, index)


_FONTS = {}


def _font(path, size, index):
    key = (path, size, index)
    if key not in _FONTS:
        _FONTS[key] = ImageFont.truetype(path, size, index=index, layout_engine=ImageFont.Layout.RAQM)
    return _FONTS[key]


def check_glyphs(text, f):
    notdef = f.getmask("\U0010FFFD")
    for ch in set(text) - {" "}:
        mask = f.getmask(ch)
        if mask.size == notdef.size and bytes(mask) == bytes(notdef):
            raise SystemExit(f"render.py: font {f.path} has no glyph for {ch!r} in {text!r}")


def price(lang, value):
    if lang == "en":
        return f"£{value:.2f}"
    if lang == "ko":
        return f"{int(value):,}원"
    if lang == "ja":
        return f"¥{int(value):,}"
    if lang == "zh":
        return f"¥{value:g}"
    return f"{value:.2f} €".replace(".", ",")


def receipt_price(lang, value):
    if lang == "zh":
        return f"{value:.2f}"
    if lang in ("ko", "ja"):
        return f"{int(value):,}"
    if lang == "en":
        return f"{value:.2f}"
    return f"{value:.2f}".replace(".", ",")


# ---------------------------------------------------------------------------------------------
# Wrapping


def wrap(text, f, width, lang):
    """[(start, end)] offsets of each line of `text` wrapped at `width` pixels in font `f`."""
    lines, start, n = [], 0, len(text)
    measure = f.getlength
    while start < n:
        while start < n and text[start] == " ":
            start += 1
        if start >= n:
            break
        if lang in UNSPACED:
            end = start + 1
            while end < n and measure(text[start:end + 1]) <= width:
                end += 1
            if end < n:
                cut = end
                # Keep runs of Latin letters and digits whole, then the punctuation rules.
                while cut > start + 1 and text[cut - 1].isascii() and text[cut].isascii() and \
                        (text[cut - 1].isalnum() or text[cut - 1] in "-.%") and (text[cut].isalnum() or text[cut] in "-.%"):
                    cut -= 1
                while cut > start + 1 and (text[cut] in NO_START or text[cut - 1] in NO_END):
                    cut -= 1
                end = cut if cut > start + 1 else end
            lines.append((start, end))
            start = end
        else:
            end = text.find(" ", start)
            end = n if end < 0 else end
            while end < n:
                nxt = text.find(" ", end + 1)
                nxt = n if nxt < 0 else nxt
                if measure(text[start:nxt]) > width:
                    break
                end = nxt
            lines.append((start, end))
            start = end
    return lines


class Paragraph:
    """Sentences joined into one text and wrapped: the text, each sentence's span, each line's span."""

    def __init__(self, sentences, f, width, lang):
        sep = "" if lang in UNSPACED else " "
        self.text, self.spans = "", []
        for s in sentences:
            if self.text:
                self.text += sep
            self.spans.append((len(self.text), len(self.text) + len(s)))
            self.text += s
        self.sentences, self.f, self.lang = sentences, f, lang
        self.lines = wrap(self.text, f, width, lang)
        for a, b in self.lines:
            if f.getlength(self.text[a:b]) > width and b - a > 1 and " " in self.text[a:b]:
                raise SystemExit(f"render.py: line too wide: {self.text[a:b]}")
        self.width = max(f.getlength(self.text[a:b]) for a, b in self.lines)


# ---------------------------------------------------------------------------------------------
# The page: drawing operations and ground truth


class Page:
    def __init__(self, lang, width, scale, background):
        self.lang, self.s, self.w = lang, scale, width
        self.background = background
        self.ops = []          # ("rect", box, fill, radius) or ("text", x, y, text, font, fill)
        self.lines, self.sentences, self.blocks = [], [], 0
        self.probe = ImageDraw.Draw(Image.new("L", (1, 1)))

    def font(self, size, weight="regular", family="sans"):
        return font(self.lang, round(size * self.s), weight, family)

    def rect(self, fill, x0, y0, x1, y1, radius=0):
        s = self.s
        self.ops.append(("rect", (x0 * s, y0 * s, x1 * s, y1 * s), fill, radius * s))

    def polyline(self, fill, width, points):
        s = self.s
        self.ops.append(("line", [(x * s, y * s) for x, y in points], fill, width * s))

    def new_block(self):
        self.blocks += 1
        return self.blocks - 1

    def _text(self, x, baseline, text, f, fill):
        """Draws `text` with its left end at x (pixels) on `baseline` (pixels); its ink box."""
        check_glyphs(text, f)
        self.ops.append(("text", x, baseline, text, f, fill))
        return self.probe.textbbox((x, baseline), text, font=f, anchor="ls")

    def _record(self, text, boxes, block, list_row, sentence_ids):
        x0 = min(b[0] for b in boxes)
        y0 = min(b[1] for b in boxes)
        x1 = max(b[2] for b in boxes)
        y1 = max(b[3] for b in boxes)
        line_id = len(self.lines)
        line = {"id": line_id, "text": text, "box": [round(x0), round(y0), round(x1 - x0), round(y1 - y0)],
                "block": block, "list_row": list_row, "sentences": sentence_ids}
        if list_row:
            line["parts"] = [[round(b[0]), round(b[1]), round(b[2] - b[0]), round(b[3] - b[1])] for b in boxes]
        self.lines.append(line)
        for sid in sentence_ids:
            self.sentences[sid]["lines"].append(line_id)

    def paragraph(self, para, x, top, width, line_height, fill, align="left", block=None):
        """Draws a wrapped Paragraph (positions in base units); returns the y below it."""
        s, f = self.s, para.f
        block = self.new_block() if block is None else block
        first = len(self.sentences)
        for text in para.sentences:
            self.sentences.append({"id": len(self.sentences), "text": text, "lines": []})
        ascent = f.getmetrics()[0]
        y = top * s
        for i, (a, b) in enumerate(para.lines):
            text = para.text[a:b]
            baseline = y + (line_height * s - (ascent + f.getmetrics()[1])) / 2 + ascent
            lw = f.getlength(text)
            left = x * s
            last = i == len(para.lines) - 1
            if align == "center":
                left = x * s + (width * s - lw) / 2
            elif align == "right":
                left = x * s + width * s - lw
            if align == "justify" and not last and len(text) > 1:
                boxes = self._justified(text, left, baseline, width * s, f, fill)
            else:
                boxes = [self._text(left, baseline, text, f, fill)]
            ids = [first + k for k, (sa, sb) in enumerate(para.spans) if sa < b and sb > a]
            self._record(text, boxes, block, False, ids)
            y += line_height * s
        return y / s

    def _justified(self, text, left, baseline, width, f, fill):
        if self.lang in UNSPACED:
            pieces = list(text)
        else:
            pieces = text.split(" ")
        widths = [f.getlength(p) for p in pieces]
        gap = (width - sum(widths)) / max(1, len(pieces) - 1)
        boxes, x = [], left
        for p, w in zip(pieces, widths):
            boxes.append(self._text(x, baseline, p, f, fill))
            x += w + gap
        return boxes

    def row(self, label, value, left, right, top, height, f, fill, value_fill=None, value_font=None, block=0):
        """A list row: `label` at `left`, `value` ending at `right` (base units); one line, one sentence."""
        s = self.s
        ascent, descent = f.getmetrics()
        baseline = top * s + (height * s - (ascent + descent)) / 2 + ascent
        boxes = [self._text(left * s, baseline, label, f, fill)]
        text = label
        if value:
            vf = value_font or f
            vw = vf.getlength(value)
            if left * s + f.getlength(label) + 24 * s > right * s - vw:
                raise SystemExit(f"render.py: row too wide: {label} | {value}")
            boxes.append(self._text(right * s - vw, baseline, value, vf, value_fill or fill))
            text = f"{label} {value}"
        sid = len(self.sentences)
        self.sentences.append({"id": sid, "text": text, "lines": []})
        self._record(text, boxes, block, True, [sid])

    def render(self, height, texture=None):
        s = self.s
        size = (self.w * s, round(height * s))
        if texture is not None:
            image = Image.fromarray(texture(size))
        else:
            image = Image.new("RGB", size, self.background)
        draw = ImageDraw.Draw(image)
        for op in self.ops:
            if op[0] == "line":
                _, points, fill, width = op
                draw.line(points, fill=fill, width=width, joint="curve")
            elif op[0] == "rect":
                _, box, fill, radius = op
                if radius:
                    draw.rounded_rectangle(box, radius=radius, fill=fill)
                else:
                    draw.rectangle(box, fill=fill)
            else:
                _, x, y, text, f, fill = op
                draw.text((x, y), text, font=f, fill=fill, anchor="ls")
        return image


THEMES = {
    "light": dict(page="#F2F2F7", card="#FFFFFF", ink="#1C1C1E", grey="#6D6D72", sep="#D8D8DC",
                  bubble_in="#E9E9EB", ink_in="#111111", bar="#F9F9F9"),
    "dark": dict(page="#000000", card="#1C1C1E", ink="#F2F2F7", grey="#8E8E93", sep="#38383A",
                 bubble_in="#2C2C2E", ink_in="#F2F2F7", bar="#161618"),
}


# ---------------------------------------------------------------------------------------------
# The kinds. Each returns (page, height in base units, texture or None).


def chat(lang, v, style, rng):
    th = THEMES[style["theme"]]
    name, messages = LANGUAGES[lang]["chat"][v]
    size = style["size"]
    p = Page(lang, 360, style["scale"], th["page"])
    p.rect(th["bar"], 0, 0, 360, 58)
    p.paragraph(Paragraph([name], p.font(17, "bold"), 9999, lang), 0, 16, 360, 26, th["ink"], "center")
    y = 78
    max_w = rng.choice([200, 220, 236])
    f = p.font(size)
    out_colour = rng.choice(["#0A84FF", "#34A853", "#5E5CE6"])
    line_h = round(size * 1.38)
    for side, sentences in messages:
        para = Paragraph(sentences, f, max_w * p.s, lang)
        w = para.width / p.s
        h = len(para.lines) * line_h + 18
        if side == "in":
            x0 = 14
            p.rect(th["bubble_in"], x0, y, x0 + w + 26, y + h, 17)
            p.paragraph(para, x0 + 13, y + 9, w, line_h, th["ink_in"])
        else:
            x0 = 346 - w - 26
            p.rect(out_colour, x0, y, 346, y + h, 17)
            p.paragraph(para, x0 + 13, y + 9, w, line_h, "#FFFFFF")
        y += h + rng.choice([8, 10, 12])
    return p, y + 24, None


def notice(lang, v, style, rng):
    th = THEMES[style["theme"]]
    title, paragraphs = LANGUAGES[lang]["notice"][v]
    photo = style["style"] == "photo"
    W = 600
    p = Page(lang, W, style["scale"], th["page"])
    size = style["size"]
    card = "#FBFAF4" if photo else th["card"]
    ink = "#1A1A1A" if photo else th["ink"]
    margin = 48
    body = p.font(size, family=rng.choice(["sans", "serif"]) if photo else "sans")
    tf = p.font(size + 7, "bold")
    title_para = Paragraph([title], tf, (W - 2 * margin) * p.s, lang)
    paras = [Paragraph(s, body, (W - 2 * margin - 16) * p.s, lang) for s in paragraphs]
    lh = round(size * 1.5)
    top = 36
    behind = len(p.ops)
    y = p.paragraph(title_para, margin, top + 32, W - 2 * margin, size + 16, "#B3261E" if photo else ink,
                    rng.choice(["center", "left"]))
    y += 18
    for q in paras:
        y = p.paragraph(q, margin + 8, y, W - 2 * margin - 16, lh, ink) + 16
    bottom = y + 20
    # The card goes under the text drawn above.
    p.rect(card, 24, top, W - 24, bottom, 0 if photo else 12)
    if photo:
        p.rect("#B3261E", 24, top, W - 24, top + 10)
    p.ops[behind:behind] = p.ops[len(p.ops) - (2 if photo else 1):]
    del p.ops[len(p.ops) - (2 if photo else 1):]
    return p, bottom + 36, ("wall" if photo else None)


def article(lang, v, style, rng):
    th = THEMES[style["theme"]]
    title, paragraphs = LANGUAGES[lang]["article"][v]
    W = rng.choice([680, 680, 420])
    p = Page(lang, W, style["scale"], th["card"])
    size = style["size"]
    margin = 56 if W > 600 else 24
    align = "justify" if v == 1 or rng.random() < 0.3 else "left"
    family = rng.choice(["sans", "serif"])
    body = p.font(size, family=family)
    p.rect(th["bar"], 0, 0, W, 44)
    tp = Paragraph([title], p.font(size + 9, "bold", family), (W - 2 * margin) * p.s, lang)
    y = p.paragraph(tp, margin, 68, W - 2 * margin, size + 18, th["ink"]) + 18
    lh = round(size * 1.6)
    for sentences in paragraphs:
        para = Paragraph(sentences, body, (W - 2 * margin) * p.s, lang)
        y = p.paragraph(para, margin, y, W - 2 * margin, lh, th["ink"], align) + round(size * 0.9)
    return p, y + 40, None


def sign(lang, v, style, rng):
    sentences = LANGUAGES[lang]["sign"][v]
    photo = style["style"] == "photo"
    size = style["size"] + 11
    scale = style["scale"]
    f = font(lang, round(size * scale), "bold")
    # The narrowest panel that holds the text in two or three lines.
    choices = []
    for width in range(200, 560, 10):
        para = Paragraph(sentences, f, width * scale, lang)
        if 2 <= len(para.lines) <= 3:
            choices.append((width, para))
    width, para = choices[min(len(choices) - 1, rng.randrange(0, 3))]
    panel_w = width + 64
    W = max(panel_w + 80, 420)
    colours = rng.choice([("#FFD60A", "#111111"), ("#0B6B3A", "#FFFFFF"), ("#1750A0", "#FFFFFF"),
                          ("#FFFFFF", "#B3261E"), ("#2C2C2E", "#FFFFFF")])
    th = THEMES[style["theme"]]
    p = Page(lang, W, scale, th["page"])
    lh = round(size * 1.4)
    h = len(para.lines) * lh + 56
    x0 = (W - panel_w) / 2
    p.rect(colours[0], x0, 40, x0 + panel_w, 40 + h, 14)
    p.paragraph(para, x0 + 32, 40 + 28, width, lh, colours[1], "center")
    return p, h + 80, ("wall" if photo else None)


def menu(lang, v, style, rng):
    th = THEMES[style["theme"]]
    title, items, note = LANGUAGES[lang]["menu"][v]
    photo = style["style"] == "photo"
    W = 480
    size = style["size"]
    p = Page(lang, W, style["scale"], th["page"])
    card = "#FFFDF6" if photo else th["card"]
    ink = "#2B2118" if photo else th["ink"]
    grey = "#6B5E50" if photo else th["grey"]
    rows_h = len(items) * 36
    nf = p.font(size - 1)
    note_para = Paragraph(note, nf, (W - 96) * p.s, lang)
    lh = round(size * 1.5)
    height = 30 + 44 + 20 + rows_h + 22 + len(note_para.lines) * lh + 30
    p.rect(card, 20, 20, W - 20, 20 + height, 0 if photo else 14)
    family = "serif" if photo else "sans"
    y = p.paragraph(Paragraph([title], p.font(size + 8, "bold", family), 400 * p.s, lang), 48, 50, W - 96, 44, ink,
                    "center") + 20
    f = p.font(size, family=family)
    block = p.new_block()
    for item, value in items:
        p.row(item, price(lang, value), 48, W - 48, y, 36, f, ink, block=block)
        y += 36
    p.rect(th["sep"] if not photo else "#D9CFC0", 48, y + 10, W - 48, y + 11)
    y += 22
    p.paragraph(note_para, 48, y, W - 96, lh, grey, rng.choice(["left", "center"]))
    return p, 20 + height + 20, ("wood" if photo else None)


def settings(lang, v, style, rng):
    th = THEMES[style["theme"]]
    title, rows, foot = LANGUAGES[lang]["settings"][v]
    W = 390
    size = style["size"]
    p = Page(lang, W, style["scale"], th["page"])
    p.paragraph(Paragraph([title], p.font(size + 1, "bold"), 300 * p.s, lang), 0, 52, W, 28, th["ink"], "center")
    f = p.font(size)
    split = 3
    groups = [rows[:split], rows[split:]]
    y = 104
    for g, group in enumerate(groups):
        p.rect(th["card"], 16, y, W - 16, y + 46 * len(group), 10)
        block = p.new_block()
        for i, (label, value) in enumerate(group):
            if i:
                p.rect(th["sep"], 32, y, W - 16, y)
            p.row(label, value, 32, W - 52, y, 46, f, th["ink"], th["grey"], block=block)
            # A chevron.
            p.polyline(th["sep"], 2, [(W - 40, y + 17), (W - 34, y + 23), (W - 40, y + 29)])
            y += 46
        if g == 0:
            para = Paragraph(foot, p.font(max(14, size - 2)), (W - 64) * p.s, lang)
            lh = round(size * 1.35)
            y = p.paragraph(para, 32, y + 8, W - 64, lh, th["grey"]) + 22
    return p, y + 40, None


def receipt(lang, v, style, rng):
    store, items, total_label, footer = LANGUAGES[lang]["receipt"][v]
    photo = style["style"] == "photo"
    th = THEMES[style["theme"]]
    W = 400
    size = style["size"] - 1
    p = Page(lang, W, style["scale"], th["page"] if not photo else "#7A5A3A")
    f = p.font(size, family="mono")
    fb = p.font(size + 1, "bold", family="mono")
    foot = Paragraph(footer, f, (W - 120) * p.s, lang)
    lh = round(size * 1.45)
    height = 40 + 36 + 20 + len(items) * 28 + 20 + 32 + 24 + len(foot.lines) * lh + 40
    p.rect("#FAF9F5", 40, 24, W - 40, 24 + height)
    y = p.paragraph(Paragraph([store], p.font(size + 5, "bold", family="mono"), 300 * p.s, lang), 60, 56, W - 120, 36,
                    "#1A1A1A", "center") + 16
    ink = "#222222"

    def dashes(y):
        for x in range(64, W - 64, 10):
            p.rect("#9A9A9A", x, y, x + 5, y + 1)

    dashes(y)
    y += 8
    block = p.new_block()
    for item, value in items:
        p.row(item, receipt_price(lang, value), 64, W - 64, y, 28, f, ink, block=block)
        y += 28
    dashes(y + 6)
    y += 14
    total = round(sum(value for _, value in items), 2)
    p.row(total_label, receipt_price(lang, total), 64, W - 64, y, 32, fb, ink, block=block)
    y += 32
    dashes(y + 4)
    y += 20
    p.paragraph(foot, 60, y, W - 120, lh, ink, "center")
    return p, 24 + height + 24, ("wood" if photo else None)


MAKERS = dict(chat=chat, notice=notice, article=article, sign=sign, menu=menu, settings=settings, receipt=receipt)


# ---------------------------------------------------------------------------------------------
# Photographs: a texture behind the card, uneven light, blur, noise, JPEG.


def texture(name, rng):
    def make(size):
        w, h = size
        g = np.random.default_rng(rng.randrange(1 << 30))

        def field(cells):
            small = g.normal(0, 1, (max(2, h // cells), max(2, w // cells))).astype(np.float32)
            return np.asarray(Image.fromarray(small).resize((w, h), Image.Resampling.BICUBIC))

        fine = g.normal(0, 1, (h, w)).astype(np.float32)
        if name == "wood":
            grain = np.asarray(Image.fromarray(g.normal(0, 1, (max(2, h // 5), 4)).astype(np.float32))
                               .resize((w, h), Image.Resampling.BICUBIC))
            t = 0.5 + 0.22 * grain + 0.1 * field(60)
            base = np.stack([80 + 100 * t, 50 + 70 * t, 28 + 40 * t], -1)
            base *= (1 + 0.03 * fine)[..., None]
        else:
            colour = rng.choice([(208, 200, 186), (176, 178, 174), (196, 186, 168)])
            base = np.empty((h, w, 3), np.float32)
            base[:] = colour
            base *= (1 + 0.07 * field(30) + 0.05 * field(6) + 0.05 * fine)[..., None]
        return np.clip(base, 0, 255).astype(np.uint8)
    return make


def photograph(image, rng):
    a = np.asarray(image).astype(np.float32)
    h, w = a.shape[:2]
    g = np.random.default_rng(rng.randrange(1 << 30))
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    angle = rng.uniform(0, 6.283)
    ramp = (xx / w - 0.5) * np.cos(angle) + (yy / h - 0.5) * np.sin(angle)
    strength = rng.uniform(0.1, 0.25)
    vignette = ((xx / w - 0.5) ** 2 + (yy / h - 0.5) ** 2) * rng.uniform(0.2, 0.5)
    light = np.clip(1 - strength * (ramp + 0.5) - vignette, 0.55, 1.05)
    small = g.normal(0, 1, (8, 8)).astype(np.float32)
    mottle = np.asarray(Image.fromarray(small).resize((w, h), Image.Resampling.BICUBIC))
    a *= (light * (1 + 0.03 * mottle))[..., None]
    a *= np.array((1.0, rng.uniform(0.96, 1.0), rng.uniform(0.88, 0.97)), np.float32)
    image = Image.fromarray(np.clip(a, 0, 255).astype(np.uint8))
    image = image.filter(ImageFilter.GaussianBlur(rng.uniform(0.5, 0.9)))
    a = np.asarray(image).astype(np.float32)
    sigma = rng.uniform(2, 4.5)
    a += g.normal(0, sigma, (h, w, 1)) + g.normal(0, sigma * 0.4, (h, w, 3))
    return Image.fromarray(np.clip(a, 0, 255).astype(np.uint8)), rng.randint(78, 90)


# ---------------------------------------------------------------------------------------------


def plan():
    """(index, name, language, kind, variant, style) for every image, in the fixed order."""
    items, index = [], 0
    for li, lang in enumerate(LANGS):
        for ki, kind in enumerate(KINDS):
            for v in (0, 1):
                name = f"{index:03d}-{lang}-{kind}-{v}"
                rng = random.Random(zlib.crc32(name.encode()))
                photo = kind in PHOTO_KINDS and (li + ki + v) % 4 == 0
                scale = 2 if photo or (li + ki + v) % 2 == 1 else 1
                style = dict(style="photo" if photo else "screen", scale=scale,
                             theme="light" if photo else rng.choice(["light", "light", "dark"]),
                             size=rng.choice([15, 16, 17]) + (4 if photo else 0))
                items.append((index, name, lang, kind, v, style))
                index += 1
    return items


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(REPO / "bench" / "out" / "units"))
    parser.add_argument("--only", help="comma-separated image names (without extension)")
    args = parser.parse_args()
    if not features.check("raqm"):
        raise SystemExit("render.py: Pillow lacks raqm (HarfBuzz) text layout")
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    manifest = []
    for index, name, lang, kind, v, style in plan():
        half = "tune" if index % 2 == 0 else "held-out"
        ext = "jpg" if style["style"] == "photo" else "png"
        manifest.append(dict(file=f"{name}.{ext}", truth=f"{name}.json", language=lang, kind=kind, half=half,
                             style=style["style"], scale=style["scale"], theme=style["theme"], ocr=OCR[lang]))
        if args.only and name not in args.only.split(","):
            continue
        rng = random.Random(zlib.crc32(name.encode()) + 1)
        page, height, tex = MAKERS[kind](lang, v, style, rng)
        image = page.render(height, texture(tex, rng) if tex else None)
        if tex:
            image, quality = photograph(image, rng)
            image.save(out / f"{name}.jpg", quality=quality)
        else:
            image.save(out / f"{name}.png", optimize=False)
        truth = dict(file=f"{name}.{ext}", language=lang, kind=kind, variant=v, half=half, ocr=OCR[lang],
                     width=image.width, height=image.height, **style,
                     lines=page.lines, sentences=page.sentences)
        (out / f"{name}.json").write_text(json.dumps(truth, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    if not args.only:
        (out / "manifest.json").write_text(json.dumps(manifest, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
        wrapped = 0
        for m in manifest:
            t = json.loads((out / m["truth"]).read_text(encoding="utf-8"))
            wrapped += sum(1 for s in t["sentences"] if len(s["lines"]) > 1)
        print(f"render.py: wrote {len(manifest)} images to {out} ({wrapped} sentences over two or more lines)",
              file=sys.stderr)


if __name__ == "__main__":
    sys.exit(main())
