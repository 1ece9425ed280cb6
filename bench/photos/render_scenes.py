#!/usr/bin/env python3
"""Renders "photographed scenes": signs, shop fronts, notices, price labels and receipts, as a
phone camera sees them, with their text as ground truth.

Each scene is a sign panel drawn flat with real fonts (Noto Sans, Serif and Display for Latin and
Cyrillic, Noto Sans Thai, Noto Sans/Serif CJK for Chinese, Japanese and Korean, Noto Sans Mono CJK
for receipts), shaped by HarfBuzz (Pillow's raqm layout, so Thai marks stack as they should): a
road sign's white letters on green, blue or black with a white inner border, a notice on a wall,
a Thai word over its English line, a Chinese shop front (a big bold name in red or gold on a dark
fascia, a smaller English line under it), Japanese signs mixing kanji and kana, round, octagonal
and triangular red signs with one big word, Korean and Russian signs and notices, receipts and
price labels with digits, currency signs and decimals. The panel is then laid on a background
and photographed:

  background  a patch of one of the shared photos (../shared/bench-data/images/photos: the
              plaster wall of ko_wall_sign.jpg, the lawn of en_park_sign.jpg, the concrete of
              zh_vertical_sign.jpg, the dark cladding of zh_restaurant_front.jpg; all away from
              their text), or a generated texture (brick, concrete, plaster, brushed metal, tiles)
  camera      render_documents.camera_quad's pinhole camera: the panel turned away by up to 25
              degrees about one axis (and less about the other), rolled by up to 7 degrees, the
              focal length 0.5 to 0.9 of the frame's diagonal; a soft shadow on the wall
  optics      Gaussian blur (sigma 0.4 to 1.3) or motion blur (3 to 9 pixels at a random angle)
  light       uneven (a falloff across the frame and towards a corner), sometimes a glare (a
              bright blob), sensor noise, and JPEG at quality 50 to 85

Kinds (the file name's first word): dark (white Latin on green, blue or black signs), notice
(three-line English notices on walls), thai (Thai word, English line under it), zhshop (Chinese
shop fronts), ja (Japanese, kanji and kana), display (big single words on red signs), ko
(Korean), ru (Russian), price (receipts and price labels). 52 scenes, 1 to 6 lines each.

Halves: files are named KIND-NN-SLUG.jpg with NN counting from 01 within the kind, and every kind
has an even number of scenes, so in sorted order the odd-numbered scenes (01, 03, ...; the 1st,
3rd, 5th... file) are one half and the even-numbered ones the other: tune on the odd half, report
on the even half (or the other way round), each half holding every kind equally.

Writes into --out (default bench/out/scenes): the JPEGs, ground-truth.tsv (file, language, kind,
line: one visible line per row in reading order, a receipt's item and its price as two rows, as
the shared photos' ground truth has them) and scenes.tsv (file, kind, languages, lines,
angle_or_rotation: how the scene was shot), the forms bench/photos/run.py reads for the shared
photos. Deterministic: every scene's randomness comes from a seed fixed by its name.

Runs under Python with Pillow, numpy and OpenCV; when they are missing it makes a virtual
environment under bench/out/scenes-venv (pip install of the pinned versions below) and runs itself
there. Takes about half a minute.

--draw N shoots the same scenes with another draw of that randomness (the panel's layout, the
camera, background patch, blur, light and JPEG quality), for a second look at figures tuned on
the first draw; run.py's scenes-redrawn set is draw 1. --texts corpus replaces every line's text by one
of its language and length from the language-identification corpora (scene_texts.py): words
nothing was tuned on; run.py's scenes-fresh set is draw 3 with them.

Usage: bench/photos/render_scenes.py [--out DIR] [--only NAME,...] [--draw N] [--texts own|corpus]
"""
import argparse
import math
import os
import random
import subprocess
import sys
import zlib
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
PHOTOS = REPO.parent / "shared" / "bench-data" / "images" / "photos"
VENV = REPO / "bench" / "out" / "scenes-venv"
PACKAGES = ["Pillow==11.3.0", "numpy==2.2.6", "opencv-python-headless==4.12.0.88"]

try:
    import cv2
    import numpy as np
    from PIL import Image, ImageDraw, ImageFont, ImageOps, features
except ImportError:
    python = VENV / "bin" / "python"
    if os.environ.get("RENDER_SCENES_VENV") or Path(sys.executable) == python:
        raise
    probe = [str(python), "-c", "import cv2, numpy, PIL"]
    if not python.exists() or subprocess.run(probe, capture_output=True).returncode != 0:
        print(f"setting up {VENV} (pip install {' '.join(PACKAGES)}) ...", file=sys.stderr)
        subprocess.run([sys.executable, "-m", "venv", str(VENV)], check=True)
        subprocess.run([str(python), "-m", "pip", "install", "--quiet", *PACKAGES], check=True)
    # The script run, which may be another renderer importing this one.
    os.execve(str(python), [str(python), os.path.abspath(sys.argv[0]), *sys.argv[1:]], dict(os.environ, RENDER_SCENES_VENV="1"))

sys.path.insert(0, str(HERE))
from render_documents import camera_quad  # noqa: E402  (the pinhole camera of the photographed documents)
from scene_texts import corpus_lines  # noqa: E402  (fresh texts from the language corpora)

# ---------------------------------------------------------------------------------------------
# Fonts: key -> (file, face index in a collection)

NOTO = "/usr/share/fonts/truetype/noto/"
CJK = "/usr/share/fonts/opentype/noto/"
FONTS = {
    "sans": (NOTO + "NotoSans-Regular.ttf", 0), "sans-b": (NOTO + "NotoSans-Bold.ttf", 0),
    "serif": (NOTO + "NotoSerif-Regular.ttf", 0), "serif-b": (NOTO + "NotoSerif-Bold.ttf", 0),
    "display-b": (NOTO + "NotoSansDisplay-Bold.ttf", 0),
    "thai": (NOTO + "NotoSansThai-Regular.ttf", 0), "thai-b": (NOTO + "NotoSansThai-Bold.ttf", 0),
    "thai-serif-b": (NOTO + "NotoSerifThai-Bold.ttf", 0),
    "jp": (CJK + "NotoSansCJK-Regular.ttc", 0), "jp-b": (CJK + "NotoSansCJK-Bold.ttc", 0),
    "kr": (CJK + "NotoSansCJK-Regular.ttc", 1), "kr-b": (CJK + "NotoSansCJK-Bold.ttc", 1),
    "sc": (CJK + "NotoSansCJK-Regular.ttc", 2), "sc-b": (CJK + "NotoSansCJK-Bold.ttc", 2),
    "tc-b": (CJK + "NotoSansCJK-Bold.ttc", 3),
    "jp-serif-b": (CJK + "NotoSerifCJK-Bold.ttc", 0), "sc-serif-b": (CJK + "NotoSerifCJK-Bold.ttc", 2),
    "tc-serif-b": (CJK + "NotoSerifCJK-Bold.ttc", 3),
    "mono": (CJK + "NotoSansCJK-Regular.ttc", 5), "mono-b": (CJK + "NotoSansCJK-Bold.ttc", 5),
    "mono-kr": (CJK + "NotoSansCJK-Regular.ttc", 6),
}

# ---------------------------------------------------------------------------------------------
# The scenes. A line: (text, language, font, size in panel pixels, colour[, align]); align is
# "center" (the default), "left", or "split" with text "LEFT|RIGHT" (an item and its price: two
# ground-truth rows). A style: panel colour, shape, border, background, frame.

WHITE, BLACK, RED, GOLD = "#f4f4f0", "#141414", "#c8102e", "#e0b13a"
GREEN, BLUE, NAVY = "#0b6b3a", "#1750a0", "#1b2a48"


def L(text, lang, font, size, colour, align="center"):
    return (text, lang, font, size, colour, align)


SCENES = [
    # White Latin letters on dark signs.
    ("dark", "exit-24b", dict(panel=GREEN, shape="round", border=WHITE, bg="concrete"), [
        L("Exit 24B", "en", "sans-b", 110, WHITE), L("Harbour Bridge", "en", "sans-b", 96, WHITE),
        L("1/2 mile", "en", "sans-b", 80, WHITE)]),
    ("dark", "platform", dict(panel=BLUE, shape="rect", bg="tiles"), [
        L("Platform 3", "en", "sans-b", 120, WHITE), L("Trains to Westfield", "en", "sans", 80, WHITE)]),
    ("dark", "emergency", dict(panel=BLACK, shape="rect", bg="metal"), [
        L("Emergency Exit", "en", "sans-b", 100, WHITE), L("Keep Clear", "en", "sans", 84, WHITE)]),
    ("dark", "riverside", dict(panel=GREEN, shape="round", border=WHITE, bg="grass"), [
        L("Riverside Park", "en", "serif-b", 110, WHITE), L("Open daily 7 am to 9 pm", "en", "sans", 70, WHITE)]),
    ("dark", "city-centre", dict(panel=BLUE, shape="round", border=WHITE, bg="brick"), [
        L("City Centre", "en", "sans-b", 100, WHITE), L("Museum Quarter", "en", "sans-b", 100, WHITE),
        L("Old Town 2 km", "en", "sans-b", 100, WHITE)]),
    ("dark", "private-road", dict(panel=NAVY, shape="rect", border=WHITE, bg="wall"), [
        L("PRIVATE ROAD", "en", "sans-b", 96, WHITE), L("No Through Traffic", "en", "sans", 74, WHITE),
        L("Residents Only", "en", "sans", 74, WHITE)]),

    # Three-line English notices on walls.
    ("notice", "fire-door", dict(panel="#f7f5ee", shape="rect", border=GREEN, bg="wall"), [
        L("Fire Door", "en", "sans-b", 96, GREEN), L("Keep this door closed", "en", "sans", 70, GREEN),
        L("Do not obstruct", "en", "sans", 70, GREEN)]),
    ("notice", "cctv", dict(panel="#f5d90a", shape="rect", bg="brick"), [
        L("CCTV in operation", "en", "sans-b", 84, BLACK), L("Images are recorded for", "en", "sans", 64, BLACK),
        L("your safety and security", "en", "sans", 64, BLACK)]),
    ("notice", "birds", dict(panel="#fbfbf7", shape="paper", bg="plaster"), [
        L("Please do not feed", "en", "serif", 72, BLACK), L("the birds in this area", "en", "serif", 72, BLACK),
        L("Penalty up to £100", "en", "serif-b", 72, RED)]),
    ("notice", "staff-only", dict(panel="#e9eef2", shape="rect", border=BLUE, bg="metal"), [
        L("Staff Only", "en", "sans-b", 100, BLUE), L("Authorised personnel", "en", "sans", 72, BLACK),
        L("beyond this point", "en", "sans", 72, BLACK)]),

    # A Thai word, its English line under it.
    ("thai", "toilet", dict(panel=BLUE, shape="round", bg="tiles"), [
        L("ห้องน้ำ", "th", "thai-b", 130, WHITE), L("Toilet", "en", "sans", 80, WHITE)]),
    ("thai", "exit", dict(panel=GREEN, shape="rect", bg="concrete"), [
        L("ทางออก", "th", "thai-b", 130, WHITE), L("Exit", "en", "sans-b", 90, WHITE)]),
    ("thai", "no-smoking", dict(panel=WHITE, shape="rect", border=RED, bg="wall"), [
        L("ห้ามสูบบุหรี่", "th", "thai-b", 110, RED), L("No Smoking", "en", "sans-b", 80, BLACK)]),
    ("thai", "market", dict(panel="#7a1f1a", shape="round", border=GOLD, bg="cladding"), [
        L("ตลาดน้ำ", "th", "thai-serif-b", 140, GOLD), L("Floating Market", "en", "serif-b", 80, GOLD)]),
    ("thai", "coffee", dict(panel="#2d2a26", shape="round", bg="brick"), [
        L("ร้านกาแฟ", "th", "thai", 120, "#f2e6c8"), L("Coffee Shop", "en", "serif", 70, "#f2e6c8"),
        L("ยินดีต้อนรับ", "th", "thai", 70, "#f2e6c8")]),
    ("thai", "police", dict(panel=NAVY, shape="rect", border=WHITE, bg="plaster"), [
        L("สถานีตำรวจ", "th", "thai-b", 120, WHITE), L("Police Station", "en", "sans-b", 76, WHITE)]),

    # Chinese shop fronts: a big bold name on a dark fascia, English under it.
    ("zhshop", "noodles", dict(panel="#151515", shape="fascia", bg="cladding"), [
        L("老王面馆", "zh-CN", "sc-b", 220, RED), L("Lao Wang Noodle House", "en", "sans-b", 64, GOLD)]),
    ("zhshop", "restaurant", dict(panel="#6e0f12", shape="fascia", border=GOLD, bg="brick"), [
        L("福满楼酒家", "zh-CN", "sc-serif-b", 200, GOLD), L("Fu Man Lou Restaurant", "en", "serif-b", 60, GOLD)]),
    ("zhshop", "tea", dict(panel="#1d2b22", shape="fascia", bg="concrete"), [
        L("金龙茶庄", "zh-CN", "sc-serif-b", 210, GOLD), L("Golden Dragon Tea House", "en", "serif", 60, GOLD)]),
    ("zhshop", "pharmacy", dict(panel="#0d3f28", shape="fascia", bg="wall"), [
        L("平安大药房", "zh-CN", "sc-b", 190, WHITE), L("Ping An Pharmacy", "en", "sans-b", 70, WHITE),
        L("24小时营业", "zh-CN", "sc", 70, WHITE)]),
    ("zhshop", "bbq", dict(panel="#141414", shape="fascia", border=RED, bg="cladding"), [
        L("鴻運燒臘", "zh-TW", "tc-serif-b", 220, RED), L("Hung Wan BBQ", "en", "sans-b", 70, GOLD)]),
    ("zhshop", "dumplings", dict(panel="#8e1b17", shape="fascia", bg="metal"), [
        L("小城饺子馆", "zh-CN", "sc-b", 190, "#f6d77a"), L("Xiaocheng Dumplings", "en", "sans", 64, "#f6d77a"),
        L("电话 0571-8823 6610", "zh-CN", "sc", 54, WHITE)]),

    # Japanese: kanji and kana.
    ("ja", "no-parking", dict(panel=WHITE, shape="rect", border=RED, bg="concrete"), [
        L("駐車禁止", "ja", "jp-b", 150, RED), L("Parking Prohibited", "en", "sans", 56, BLACK)]),
    ("ja", "toilet", dict(panel="#1c3f78", shape="round", bg="tiles"), [
        L("お手洗いはこちら", "ja", "jp-b", 100, WHITE), L("Restrooms", "en", "sans", 66, WHITE)]),
    ("ja", "hours", dict(panel="#f3efe4", shape="rect", bg="wall"), [
        L("営業時間", "ja", "jp-serif-b", 110, BLACK), L("10:00〜20:00", "ja", "jp", 90, BLACK),
        L("定休日 水曜日", "ja", "jp", 80, RED)]),
    ("ja", "keep-out", dict(panel=WHITE, shape="rect", border=BLACK, bg="metal"), [
        L("立入禁止", "ja", "jp-b", 140, RED), L("ここからはいれません", "ja", "jp", 76, BLACK)]),
    ("ja", "exit", dict(panel="#0b7a43", shape="rect", bg="plaster"), [
        L("出口", "ja", "jp-b", 150, WHITE), L("でぐち", "ja", "jp", 80, WHITE), L("Exit", "en", "sans-b", 80, WHITE)]),
    ("ja", "closed", dict(panel="#fbfaf5", shape="paper", bg="metal"), [
        L("本日休業", "ja", "jp-b", 130, BLACK), L("またのご来店を", "ja", "jp", 80, BLACK),
        L("お待ちしております", "ja", "jp", 80, BLACK)]),
    ("ja", "step", dict(panel="#f2c400", shape="rect", border=BLACK, bg="concrete"), [
        L("足元注意", "ja", "jp-b", 130, BLACK), L("あしもとにごちゅういください", "ja", "jp", 58, BLACK)]),
    ("ja", "smoking", dict(panel="#3a3a3a", shape="rect", bg="brick"), [
        L("喫煙所", "ja", "jp-b", 130, WHITE), L("たばこはここですってください", "ja", "jp", 60, WHITE),
        L("Smoking Area", "en", "sans", 60, WHITE)]),

    # Big display words on red signs, and big single words.
    ("display", "tomare", dict(panel=RED, shape="triangle", border=WHITE, bg="grass"), [
        L("止まれ", "ja", "jp-b", 150, WHITE)]),
    ("display", "stop", dict(panel=RED, shape="octagon", border=WHITE, bg="concrete"), [
        L("STOP", "en", "display-b", 210, WHITE)]),
    ("display", "kinshi", dict(panel=RED, shape="circle", border=WHITE, bg="wall"), [
        L("禁止", "ja", "jp-b", 190, WHITE)]),
    ("display", "open", dict(panel=RED, shape="circle", border=WHITE, bg="cladding"), [
        L("OPEN", "en", "display-b", 170, WHITE)]),
    ("display", "sale", dict(panel="#fdfcf8", shape="paper", bg="tiles"), [
        L("SALE", "en", "display-b", 260, RED)]),
    ("display", "jeongji", dict(panel=RED, shape="octagon", border=WHITE, bg="brick"), [
        L("정지", "ko", "kr-b", 190, WHITE)]),

    # Korean.
    ("ko", "no-entry", dict(panel=WHITE, shape="rect", border=RED, bg="metal"), [
        L("출입금지", "ko", "kr-b", 140, RED), L("No Entry", "en", "sans-b", 76, BLACK)]),
    ("ko", "no-parking", dict(panel="#f5d90a", shape="rect", bg="concrete"), [
        L("주차금지", "ko", "kr-b", 140, BLACK), L("24시간 단속", "ko", "kr", 80, BLACK),
        L("No Parking", "en", "sans-b", 70, BLACK)]),
    ("ko", "restroom", dict(panel=BLUE, shape="round", bg="tiles"), [
        L("화장실", "ko", "kr-b", 130, WHITE), L("Restroom", "en", "sans", 74, WHITE)]),
    ("ko", "station", dict(panel="#2f2f33", shape="rect", bg="wall"), [
        L("서울역", "ko", "kr-b", 130, WHITE), L("Seoul Station", "en", "sans", 70, WHITE),
        L("2번 출구", "ko", "kr", 80, "#f5a623")]),
    ("ko", "gimbap", dict(panel="#f06a0f", shape="fascia", bg="cladding"), [
        L("김밥천국", "ko", "kr-b", 190, WHITE), L("영업시간 07:00-22:00", "ko", "kr", 64, WHITE)]),
    ("ko", "no-smoking", dict(panel="#fbfbf7", shape="paper", bg="plaster"), [
        L("금연구역", "ko", "kr-b", 130, RED), L("위반 시 과태료 10만원", "ko", "kr", 70, BLACK),
        L("No Smoking Area", "en", "sans", 62, BLACK)]),

    # Russian.
    ("ru", "no-entry", dict(panel=WHITE, shape="rect", border=RED, bg="metal"), [
        L("Посторонним", "ru", "sans-b", 100, RED), L("вход воспрещён", "ru", "sans-b", 100, RED)]),
    ("ru", "slippery", dict(panel="#f5d90a", shape="rect", border=BLACK, bg="tiles"), [
        L("Осторожно!", "ru", "sans-b", 110, BLACK), L("Скользкий пол", "ru", "sans", 90, BLACK)]),
    ("ru", "water", dict(panel="#fbfbf7", shape="paper", bg="wall"), [
        L("Уважаемые жители!", "ru", "serif-b", 80, BLACK, "left"),
        L("Горячая вода будет", "ru", "serif", 66, BLACK, "left"),
        L("отключена с 10 по 15 июня.", "ru", "serif", 66, BLACK, "left"),
        L("Управляющая компания", "ru", "serif", 66, BLACK, "left")]),
    ("ru", "pharmacy", dict(panel=GREEN, shape="rect", bg="brick"), [
        L("АПТЕКА", "ru", "sans-b", 130, WHITE), L("Круглосуточно", "ru", "sans", 80, WHITE),
        L("Часы работы 8:00-22:00", "ru", "sans", 62, WHITE)]),

    # Receipts and price labels.
    ("price", "market-receipt", dict(panel="#f7f6f1", shape="receipt", bg="wood"), [
        L("CORNER MARKET", "en", "mono-b", 64, BLACK), L("Milk 2L|$3.49", "en", "mono", 52, BLACK, "split"),
        L("Bread|$2.99", "en", "mono", 52, BLACK, "split"), L("Eggs x12|$4.25", "en", "mono", 52, BLACK, "split"),
        L("TOTAL|$10.73", "en", "mono-b", 56, BLACK, "split")]),
    ("price", "strawberries", dict(panel="#fff8d6", shape="rect", border=RED, bg="plaster"), [
        L("Strawberries", "en", "sans-b", 90, BLACK), L("£2.50", "en", "display-b", 170, RED),
        L("per 400g punnet", "en", "sans", 60, BLACK)]),
    ("price", "kissaten", dict(panel="#f9f8f4", shape="receipt", bg="metal"), [
        L("領収書", "ja", "jp-b", 80, BLACK), L("コーヒー|¥450", "ja", "mono", 56, BLACK, "split"),
        L("チーズケーキ|¥520", "ja", "mono", 56, BLACK, "split"), L("合計|¥970", "ja", "mono-b", 60, BLACK, "split")]),
    ("price", "apples", dict(panel=WHITE, shape="rect", border="#1a7f37", bg="wood"), [
        L("Äpfel Elstar", "de", "sans-b", 84, BLACK), L("2,49 €", "de", "display-b", 160, "#c8102e"),
        L("1 kg Preis 2,49 €", "de", "sans", 54, BLACK)]),
    ("price", "cafe-menu", dict(panel="#22262b", shape="rect", bg="brick"), [
        L("아메리카노|₩4,500", "ko", "mono-kr", 66, WHITE, "split"),
        L("카페라테|₩5,000", "ko", "mono-kr", 66, WHITE, "split"),
        L("녹차라테|₩5,500", "ko", "mono-kr", 66, WHITE, "split")]),
    ("price", "boulangerie", dict(panel="#fbfaf6", shape="receipt", bg="wood"), [
        L("BOULANGERIE", "fr", "mono-b", 64, BLACK), L("Baguette|1,20 €", "fr", "mono", 54, BLACK, "split"),
        L("Croissant x2|2,20 €", "fr", "mono", 54, BLACK, "split"),
        L("Total|3,40 €", "fr", "mono-b", 58, BLACK, "split")]),
]

FRAMES = [(1280, 960), (1024, 768), (1200, 900), (960, 1280), (1152, 864)]

# Background patches of the shared photos, away from their text: name -> [(file, left, top, right, bottom)].
PHOTO_PATCHES = {
    "wall": [("ko_wall_sign.jpg", 92, 1470, 1742, 2370)],
    "grass": [("en_park_sign.jpg", 305, 136, 495, 206), ("en_park_sign.jpg", 0, 240, 140, 430)],
    "concrete": [("zh_vertical_sign.jpg", 0, 1005, 420, 1145)],
    "cladding": [("zh_restaurant_front.jpg", 0, 62, 120, 272)],
}


# ---------------------------------------------------------------------------------------------
# Drawing the panel


def font(key, size):
    path, index = FONTS[key]
    return ImageFont.truetype(path, size, index=index, layout_engine=ImageFont.Layout.RAQM)


def missing_glyph(text, key):
    """A character of the text the font lacks (it would draw a box), or None."""
    f = font(key, 40)
    notdef = f.getmask("\U0010FFFD")
    for ch in set(text) - set(" |"):
        mask = f.getmask(ch)
        if mask.size == notdef.size and bytes(mask) == bytes(notdef):
            return ch
    return None


def check_glyphs(text, key):
    """Stops when the font lacks a character of the text."""
    ch = missing_glyph(text, key)
    if ch is not None:
        raise SystemExit(f"render_scenes.py: font {key} has no glyph for {ch!r} in {text!r}")


def rgb(colour):
    colour = colour.lstrip("#")
    return tuple(int(colour[i:i + 2], 16) for i in (0, 2, 4))


def line_box(line):
    """(width, ascent above the baseline, descent below it) of a line as drawn."""
    text, _, key, size, _, align = line
    f = font(key, size)
    if align == "split":
        left, right = text.split("|")
        width = f.getlength(left) + f.getlength(right) + size * 1.5
        text = left + right
    else:
        width = f.getlength(text)
    x0, top, x1, bottom = f.getbbox(text, anchor="ls")
    ascent, descent = f.getmetrics()
    return max(width, x1 - x0), max(-top, ascent * 0.8), max(bottom, descent * 0.6)


def draw_panel(lines, style, rng):
    """The sign, flat, as RGBA (transparent outside its shape)."""
    boxes = [line_box(line) for line in lines]
    gap = max(line[3] for line in lines) * 0.28
    text_w = max(b[0] for b in boxes)
    text_h = sum(b[1] + b[2] for b in boxes) + gap * (len(lines) - 1)
    shape = style["shape"]
    big = max(line[3] for line in lines)
    pad_x, pad_y = big * 0.55, big * 0.45
    if shape == "fascia":
        pad_x, pad_y = big * 0.7, big * 0.35
    if shape == "receipt":
        pad_x, pad_y = big * 0.6, big * 0.9
    if shape in ("circle", "octagon"):
        side = max(text_w, text_h) * 1.45 + big * 0.5
        w = h = side
    elif shape == "triangle":
        w = max(text_w * 2.3, text_h * 3.0)
        h = w * 0.87
    else:
        w, h = text_w + 2 * pad_x, text_h + 2 * pad_y
    w, h = int(w), int(h)
    panel = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    draw = ImageDraw.Draw(panel)
    fill = rgb(style["panel"])
    border = rgb(style["border"]) if style.get("border") else None
    edge = max(6, int(big * 0.07))
    if shape in ("rect", "fascia", "paper", "receipt"):
        draw.rectangle([0, 0, w - 1, h - 1], fill=fill)
        if border:
            draw.rectangle([edge, edge, w - 1 - edge, h - 1 - edge], outline=border, width=edge)
    elif shape == "round":
        r = int(big * 0.3)
        draw.rounded_rectangle([0, 0, w - 1, h - 1], radius=r, fill=fill)
        if border:
            draw.rounded_rectangle([edge, edge, w - 1 - edge, h - 1 - edge], radius=r - edge // 2, outline=border, width=edge)
    elif shape == "circle":
        draw.ellipse([0, 0, w - 1, h - 1], fill=border or fill)
        ring = int(w * 0.045)
        draw.ellipse([ring, ring, w - 1 - ring, h - 1 - ring], fill=fill)
    elif shape == "octagon":
        def octagon(inset):
            c, r = w / 2, w / 2 - inset
            return [(c + r * math.cos(math.radians(22.5 + 45 * k)), c + r * math.sin(math.radians(22.5 + 45 * k)))
                    for k in range(8)]
        draw.polygon(octagon(0), fill=border or fill)
        draw.polygon(octagon(w * 0.04), fill=fill)
    elif shape == "triangle":
        draw.polygon([(0, 0), (w - 1, 0), (w / 2, h - 1)], fill=border or fill)
        inset = w * 0.05
        draw.polygon([(inset * 1.7, inset), (w - 1 - inset * 1.7, inset), (w / 2, h - 1 - inset * 2)], fill=fill)

    # The text: centred in the panel (in a triangle's upper part).
    y = (h - text_h) / 2 if shape != "triangle" else h * 0.12 + (h * 0.42 - text_h) / 2
    for line, (lw, ascent, descent) in zip(lines, boxes):
        text, _, key, size, colour, align = line
        f = font(key, size)
        y += ascent
        colour = rgb(colour)
        if align == "split":
            left, right = text.split("|")
            draw.text(((w - text_w) / 2, y), left, font=f, fill=colour, anchor="ls")
            draw.text(((w + text_w) / 2, y), right, font=f, fill=colour, anchor="rs")
        elif align == "left":
            draw.text(((w - text_w) / 2, y), text, font=f, fill=colour, anchor="ls")
        else:
            draw.text((w / 2, y), text, font=f, fill=colour, anchor="ms")
        y += descent + gap

    # Wear: a faint mottling of the surface, and for paper a soft fold.
    a = np.asarray(panel).astype(np.float32)
    mottle = cv2.resize(np.random.default_rng(rng.randrange(1 << 30)).normal(0, 1, (8, 8)).astype(np.float32), (w, h),
                        interpolation=cv2.INTER_CUBIC)
    a[..., :3] *= (1 + 0.04 * mottle)[..., None]
    if shape in ("paper", "receipt"):
        fold = 1 - 0.07 * np.exp(-((np.arange(w) - w * rng.uniform(0.3, 0.7)) / (w * 0.04)) ** 2)
        a[..., :3] *= fold[None, :, None]
    return Image.fromarray(np.clip(a, 0, 255).astype(np.uint8), "RGBA")


# ---------------------------------------------------------------------------------------------
# The background


def photo_patch(name, w, h, rng):
    file, left, top, right, bottom = rng.choice(PHOTO_PATCHES[name])
    image = ImageOps.exif_transpose(Image.open(PHOTOS / file)).convert("RGB").crop((left, top, right, bottom))
    pw, ph = image.size
    # A sub-patch of the frame's shape, as large as fits, at a random place.
    scale = min(pw / w, ph / h) * rng.uniform(0.75, 1.0)
    cw, ch = int(w * scale), int(h * scale)
    x, y = rng.randint(0, pw - cw), rng.randint(0, ph - ch)
    patch = image.crop((x, y, x + cw, y + ch)).resize((w, h), Image.Resampling.BICUBIC)
    if rng.random() < 0.5:
        patch = ImageOps.mirror(patch)
    return np.asarray(patch).astype(np.float32)


def noise_field(w, h, cells, rng):
    small = np.random.default_rng(rng.randrange(1 << 30)).normal(0, 1, (max(2, h // cells), max(2, w // cells)))
    return cv2.resize(small.astype(np.float32), (w, h), interpolation=cv2.INTER_CUBIC)


def generated(name, w, h, rng):
    g = np.random.default_rng(rng.randrange(1 << 30))
    fine = g.normal(0, 1, (h, w)).astype(np.float32)
    if name == "brick":
        bw, bh = rng.randint(90, 130), rng.randint(34, 46)
        base = np.empty((h, w, 3), np.float32)
        base[:] = (188, 180, 168)  # mortar
        for row in range(h // bh + 1):
            shift = (row % 2) * bw // 2
            for col in range(-1, w // bw + 2):
                tint = np.array((150, 72, 52)) * g.uniform(0.8, 1.12)
                x0, y0 = col * bw + shift + 3, row * bh + 3
                base[max(0, y0):max(0, y0 + bh - 6), max(0, x0):max(0, x0 + bw - 6)] = tint
        base *= (1 + 0.06 * noise_field(w, h, 20, rng) + 0.05 * fine)[..., None]
        return cv2.GaussianBlur(base, (0, 0), 0.8)
    if name == "tiles":
        base = np.empty((h, w, 3), np.float32)
        base[:] = (226, 228, 226)
        size = rng.randint(70, 110)
        base[::size, :] = (170, 172, 170)
        base[:, ::size] = (170, 172, 170)
        base = cv2.GaussianBlur(base, (0, 0), 1.0)
        return base * (1 + 0.03 * noise_field(w, h, 60, rng) + 0.02 * fine)[..., None]
    if name == "metal":
        streaks = cv2.resize(g.normal(0, 1, (h, max(2, w // 40))).astype(np.float32), (w, h), interpolation=cv2.INTER_LINEAR)
        level = g.uniform(120, 165)
        grey = level * (1 + 0.05 * streaks + 0.07 * noise_field(w, h, 120, rng) + 0.02 * fine)
        return np.stack([grey * 0.98, grey, grey * 1.03], -1)
    if name == "wood":
        grain = cv2.resize(g.normal(0, 1, (max(2, h // 6), 6)).astype(np.float32), (w, h), interpolation=cv2.INTER_CUBIC)
        t = 0.5 + 0.25 * grain + 0.1 * noise_field(w, h, 80, rng)
        base = np.stack([70 + 110 * t, 42 + 75 * t, 22 + 45 * t], -1)
        return base * (1 + 0.03 * fine)[..., None]
    colour = {"plaster": (214, 206, 190), "concrete": (140, 138, 134)}[name]
    base = np.empty((h, w, 3), np.float32)
    base[:] = colour
    return base * (1 + 0.08 * noise_field(w, h, 40, rng) + 0.05 * noise_field(w, h, 6, rng) + 0.04 * fine)[..., None]


def background(name, w, h, rng):
    """A photo patch or, as often for the names both have, a generated texture."""
    if name in PHOTO_PATCHES and (name not in ("concrete",) or rng.random() < 0.5):
        return photo_patch(name, w, h, rng)
    return generated(name, w, h, rng)


# ---------------------------------------------------------------------------------------------
# The photograph


def shoot(panel, bg_name, rng):
    """The panel, photographed: (BGR image, JPEG quality, a description of the shot)."""
    fw, fh = rng.choice(FRAMES)
    pw, ph = panel.size
    wide = pw / ph > 2.2
    while True:
        strong = rng.uniform(4, 25) * rng.choice((-1, 1))
        weak = rng.uniform(0, 10) * rng.choice((-1, 1))
        tilt, yaw = (strong, weak) if rng.random() < 0.5 else (weak, strong)
        a = {"tilt": tilt, "yaw": yaw, "rotate": rng.uniform(-7, 7), "focal": rng.uniform(0.5, 0.9),
             "scale": rng.uniform(0.78, 0.92) if wide else rng.uniform(0.5, 0.8),
             "offset": (rng.uniform(-0.08, 0.08), rng.uniform(-0.08, 0.08))}
        corners = camera_quad(pw, ph, fw, fh, a)
        if corners:
            break
    # Draw the panel near its size in the photo first, so that the warp does not alias.
    seen = max(math.dist(corners[0], corners[1]), math.dist(corners[3], corners[2])) / pw
    shrink = min(1.0, seen * 1.5)
    if shrink < 1:
        panel = panel.resize((max(1, round(pw * shrink)), max(1, round(ph * shrink))), Image.Resampling.LANCZOS)
    sw, sh = panel.size
    source = np.float32([(0, 0), (sw, 0), (sw, sh), (0, sh)])
    matrix = cv2.getPerspectiveTransform(source, np.float32(corners))
    rgba = np.asarray(panel).astype(np.float32)
    warped = cv2.warpPerspective(rgba, matrix, (fw, fh), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT,
                                 borderValue=(0, 0, 0, 0))
    alpha = warped[..., 3:] / 255.0
    scene = background(bg_name, fw, fh, rng)
    # The panel's soft shadow on the wall, then the panel.
    shadow = cv2.GaussianBlur(alpha[..., 0], (0, 0), 6)
    shadow = np.roll(shadow, (round(fh * 0.012), round(fw * 0.01)), (0, 1))
    scene *= (1 - 0.45 * shadow)[..., None]
    scene = scene * (1 - alpha) + warped[..., :3] * alpha

    notes = [f"tilt {tilt:+.0f}°, yaw {yaw:+.0f}°, roll {a['rotate']:+.1f}°"]
    yy, xx = np.mgrid[0:fh, 0:fw].astype(np.float32)
    # Uneven light: a falloff across the frame in a random direction, and darker corners.
    direction = rng.uniform(0, 2 * math.pi)
    ramp = ((xx / fw - 0.5) * math.cos(direction) + (yy / fh - 0.5) * math.sin(direction))
    strength = rng.uniform(0.15, 0.45)
    vignette = ((xx / fw - 0.5) ** 2 + (yy / fh - 0.5) ** 2) * rng.uniform(0.3, 0.8)
    light = np.clip(1 - strength * (ramp + 0.5) - vignette, 0.35, 1.1)
    warm = np.array((1.0, rng.uniform(0.95, 1.0), rng.uniform(0.86, 0.98)), np.float32)  # RGB
    scene = scene * light[..., None] * warm
    notes.append(f"light {strength:.2f}")
    if rng.random() < 0.55:
        # Glare: a bright blob, somewhere on or near the panel.
        cx, cy = rng.choice(corners)
        gx = cx + (fw / 2 - cx) * rng.uniform(0.2, 0.7)
        gy = cy + (fh / 2 - cy) * rng.uniform(0.2, 0.7)
        radius = min(fw, fh) * rng.uniform(0.08, 0.2)
        power = rng.uniform(0.45, 0.9)
        blob = np.exp(-(((xx - gx) / radius) ** 2 + ((yy - gy) / (radius * rng.uniform(0.6, 1.0))) ** 2) / 2)
        scene = scene + (255 - scene) * (power * blob)[..., None]
        notes.append(f"glare {power:.2f}")
    if rng.random() < 0.4:
        length = rng.randint(3, 9)
        angle = rng.uniform(0, 180)
        kernel = np.zeros((length, length), np.float32)
        kernel[length // 2, :] = 1
        rotation = cv2.getRotationMatrix2D(((length - 1) / 2, (length - 1) / 2), angle, 1)
        kernel = cv2.warpAffine(kernel, rotation, (length, length))
        scene = cv2.filter2D(scene, -1, kernel / kernel.sum())
        notes.append(f"motion blur {length} px at {angle:.0f}°")
    else:
        sigma = rng.uniform(0.4, 1.3)
        scene = cv2.GaussianBlur(scene, (0, 0), sigma)
        notes.append(f"blur {sigma:.1f}")
    g = np.random.default_rng(rng.randrange(1 << 30))
    sigma = rng.uniform(2, 7)
    grain = g.normal(0, sigma, (fh, fw, 1)) + g.normal(0, sigma * 0.4, (fh, fw, 3))
    scene = np.clip(scene + grain, 0, 255).astype(np.uint8)
    quality = rng.randint(50, 85)
    notes.append(f"noise {sigma:.1f}, JPEG {quality}")
    return cv2.cvtColor(scene, cv2.COLOR_RGB2BGR), quality, "; ".join(notes)


def ground_truth_rows(lines):
    rows = []
    for text, lang, _, _, _, align in lines:
        for part in text.split("|") if align == "split" else [text]:
            rows.append((lang, part))
    return rows


def scene_rng(name, draw):
    """The randomness of scene `name` in draw `draw`: fixed by both, so every render is the same."""
    return random.Random(zlib.crc32(name.encode()) + draw * 1_000_003)


def save_shot(image, quality, notes, out, name):
    """Writes a shot scene as OUT/NAME.jpg at its JPEG quality, and says so on stderr."""
    ok, data = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, quality])
    (out / f"{name}.jpg").write_bytes(data.tobytes())
    print(f"wrote {out / name}.jpg ({notes})", file=sys.stderr)


def save_set(out, numbers, manifest, truth, only, script):
    """Checks that every kind has an even number of scenes (for the halves), then, unless only
    some were rendered, writes the set's scenes.tsv and ground-truth.tsv."""
    odd = [k for k, n in numbers.items() if n % 2]
    if odd:
        raise SystemExit(f"{script}: every kind needs an even number of scenes for the halves ({odd})")
    if not only:
        (out / "scenes.tsv").write_text("\n".join(manifest) + "\n", encoding="utf-8")
        (out / "ground-truth.tsv").write_text("\n".join(truth) + "\n", encoding="utf-8")


def ready_to_render(out, script):
    """The output folder `out`, made, once Pillow is known to lay text out with HarfBuzz and
    OpenCV runs on one thread (the shots are the same whatever the machine)."""
    if not features.check("raqm"):
        raise SystemExit(f"{script}: Pillow lacks raqm (HarfBuzz) text layout; Thai would be drawn wrongly")
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    cv2.setNumThreads(1)
    return out


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(REPO / "bench" / "out" / "scenes"))
    parser.add_argument("--only", help="comma-separated file names (without .jpg): render only these, for a look")
    parser.add_argument("--draw", type=int, default=0,
                        help="another draw of every scene's randomness (camera, background patch, blur, light): "
                             "the same texts shot anew, a check that nothing was fitted to the first draw (default 0)")
    parser.add_argument("--texts", choices=("own", "corpus"), default="own",
                        help="corpus: every line's text replaced by one of its language and length drawn from "
                             "the language-identification corpora (scene_texts.py), words nothing was tuned on")
    args = parser.parse_args()
    out = ready_to_render(args.out, "render_scenes.py")

    numbers, truth, manifest = {}, ["# file\tlanguage\tkind\tline"], ["# file\tkind\tlanguages\tlines\tangle_or_rotation"]
    for kind, slug, style, lines in SCENES:
        numbers[kind] = numbers.get(kind, 0) + 1
        name = f"{kind}-{numbers[kind]:02d}-{slug}"
        if args.texts == "corpus":
            lines = corpus_lines(lines, name, args.draw, lambda text, key: missing_glyph(text, key) is None)
        rows = ground_truth_rows(lines)
        languages = ",".join(dict.fromkeys(lang for lang, _ in rows))
        for lang, text in rows:
            truth.append(f"{name}.jpg\t{lang}\t{kind}\t{text}")
        if args.only and name not in args.only.split(","):
            continue
        for line in lines:
            check_glyphs(line[0], line[2])
        rng = scene_rng(name, args.draw)
        panel = draw_panel(lines, style, rng)
        image, quality, notes = shoot(panel, style["bg"], rng)
        save_shot(image, quality, notes, out, name)
        manifest.append(f"{name}.jpg\t{kind}\t{languages}\t{len(rows)}\t{style['bg']}; {notes}")
    save_set(out, numbers, manifest, truth, args.only, "render_scenes.py")


if __name__ == "__main__":
    sys.exit(main())
