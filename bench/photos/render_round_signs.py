#!/usr/bin/env python3
"""Renders round signs, plaques, seals and badges whose text runs along their rim, photographed
as render_scenes.py photographs its scenes, with their text as ground truth.

Each sign is a disc with a ring round it: one line along the top of the rim (read left to right
over the top, the letters' tops outwards), often one along the bottom (read left to right along
the bottom, the letters' tops towards the middle, as on a commemorative plaque or a company
seal), and one to three level lines in the middle. A rim line is drawn straight first (shaped by
HarfBuzz, so Thai marks stack as they should) and then bent onto its arc, so that every script
bends the same way. The disc is then laid on a background and shot with render_scenes.shoot:
perspective, blur, uneven light, glare, noise and JPEG.

Scripts: English, French, German, Russian, Chinese, Japanese, Korean and Thai, two or three
signs each in the order below; files are named KIND-NN-SLUG.jpg by their rim's script (latin,
ru, zh, ja, ko, th), every kind with an even number of signs, so that run.py's halves (odd
numbers tune, even ones are held out) hold every kind equally.

Writes into --out (default bench/out/round-signs): the JPEGs, ground-truth.tsv and scenes.tsv,
in the forms render_scenes.py writes. Deterministic: every sign's randomness comes from a seed
fixed by its name and --draw.

Usage: bench/photos/render_round_signs.py [--out DIR] [--only NAME,...] [--draw N]
"""
import argparse
import math
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
# Importing render_scenes sets up its virtual environment and re-runs this script there when needed.
from render_scenes import (BLACK, BLUE, GOLD, GREEN, NAVY, RED, WHITE, check_glyphs, font, ready_to_render, rgb, save_set,  # noqa: E402
                           save_shot, scene_rng, shoot)

import cv2  # noqa: E402
import numpy as np  # noqa: E402
from PIL import Image, ImageDraw  # noqa: E402

REPO = HERE.parents[1]


def T(text, lang, key):
    return (text, lang, key)


# (kind, slug, disc colour, ring and text colour, background, top rim line, bottom rim line or
# None, middle lines). Rim text is sized to the disc; middle lines are (text, language, font, size).
SIGNS = [
    ("latin", "plaque", BLUE, WHITE, "brick", T("City of Westbury", "en", "serif"), T("Erected by the Society", "en", "serif"),
     [("Mary Fielding", "en", "serif-b", 90), ("Nurse", "en", "serif", 70), ("lived here", "en", "serif", 70)]),
    ("latin", "bakery", "#6b3e1f", GOLD, "wood", T("Boulangerie du Marché", "fr", "serif-b"), T("Depuis 1952", "fr", "serif"),
     [("Pain", "fr", "serif-b", 110)]),
    ("latin", "brewery", BLACK, GOLD, "metal", T("Brauerei am Fluss", "de", "sans-b"), T("Gegründet 1887", "de", "sans"),
     [("Bier", "de", "display-b", 120)]),
    ("latin", "park", GREEN, WHITE, "grass", T("Northfield Nature Reserve", "en", "sans-b"), None,
     [("No Cycling", "en", "sans-b", 90)]),
    ("ru", "museum", "#7a1f1a", GOLD, "plaster", T("Городской музей истории", "ru", "serif-b"), T("Основан в 1924 году", "ru", "serif"),
     [("Вход", "ru", "serif-b", 110)]),
    ("ru", "post", BLUE, WHITE, "wall", T("Почта России", "ru", "sans-b"), T("Отделение связи", "ru", "sans"),
     [("Часы работы", "ru", "sans", 70), ("9:00-18:00", "ru", "sans-b", 80)]),
    ("zh", "seal", WHITE, RED, "plaster", T("上海市文化旅游局", "zh-CN", "sc-b"), None,
     [("专用章", "zh-CN", "sc-b", 100)]),
    ("zh", "temple", "#6e0f12", GOLD, "cladding", T("全国重点文物保护单位", "zh-CN", "sc-serif-b"), T("国务院公布", "zh-CN", "sc-serif-b"),
     [("白云寺", "zh-CN", "sc-serif-b", 130)]),
    ("ja", "shrine", WHITE, RED, "concrete", T("京都府神社庁", "ja", "jp-b"), T("こころのふるさと", "ja", "jp"),
     [("参拝", "ja", "jp-b", 120)]),
    ("ja", "school", NAVY, WHITE, "tiles", T("さくら市立中央小学校", "ja", "jp-b"), None,
     [("正門", "ja", "jp-b", 120)]),
    ("ko", "seal", WHITE, RED, "plaster", T("서울특별시 종로구청장", "ko", "kr-b"), None,
     [("직인", "ko", "kr-b", 120)]),
    ("ko", "cafe", "#2d2a26", "#f2e6c8", "brick", T("한옥마을 커피하우스", "ko", "kr-b"), T("로스팅 전문점", "ko", "kr"),
     [("커피", "ko", "kr-b", 120)]),
    ("th", "temple", "#7a1f1a", GOLD, "concrete", T("วัดพระธาตุดอยสุเทพ", "th", "thai-b"), T("จังหวัดเชียงใหม่", "th", "thai"),
     [("ยินดีต้อนรับ", "th", "thai-b", 80)]),
    ("th", "market", GREEN, WHITE, "tiles", T("ตลาดน้ำดำเนินสะดวก", "th", "thai-b"), None,
     [("Floating Market", "en", "sans-b", 70)]),
]


def strip(text, key, size, colour):
    """The line drawn straight on a transparent strip: (RGBA array, baseline height from the top)."""
    f = font(key, size)
    ascent, descent = f.getmetrics()
    width = int(f.getlength(text) + size * 0.2)
    height = ascent + descent
    image = Image.new("RGBA", (width, height), (0, 0, 0, 0))
    ImageDraw.Draw(image).text((size * 0.1, ascent), text, font=f, fill=rgb(colour), anchor="ls")
    return np.asarray(image).astype(np.float32)


def bend(panel, line, centre, inner, over_top):
    """Lays `line` (a strip) along the circle about `centre`, its foot at radius `inner` (over
    the top) or its top there (along the bottom), centred on the top or the bottom."""
    h, w = line.shape[:2]
    middle = inner + h / 2
    span = w / middle  # radians
    size = panel.shape[0]
    yy, xx = np.mgrid[0:size, 0:size].astype(np.float32)
    r = np.hypot(xx - centre, yy - centre)
    theta = np.arctan2(yy - centre, xx - centre)  # screen angle: -pi/2 is straight up
    if over_top:
        along = (theta - (-math.pi / 2 - span / 2)) * middle
        down = (inner + h) - r
    else:
        along = ((math.pi / 2 + span / 2) - theta) * middle
        down = r - inner
    bent = cv2.remap(line, along.astype(np.float32), down.astype(np.float32), cv2.INTER_LINEAR,
                     borderMode=cv2.BORDER_CONSTANT, borderValue=(0, 0, 0, 0))
    alpha = bent[..., 3:] / 255
    panel[..., :3] = panel[..., :3] * (1 - alpha) + bent[..., :3] * alpha


def fitted_size(text, key, circumference_share, radius):
    """The font size at which `text` covers about `circumference_share` of the circle of `radius`."""
    at_100 = font(key, 100).getlength(text)
    return max(20, int(100 * (2 * math.pi * radius * circumference_share) / at_100))


def draw_sign(sign, rng):
    _, _, disc, ink, _, top, bottom, middle = sign
    size = 900
    centre = size / 2
    panel = np.zeros((size, size, 4), np.float32)
    image = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    draw.ellipse([0, 0, size - 1, size - 1], fill=rgb(ink))
    ring = size * 0.03
    draw.ellipse([ring, ring, size - 1 - ring, size - 1 - ring], fill=rgb(disc))
    inner_ring = size * 0.215
    draw.ellipse([inner_ring, inner_ring, size - 1 - inner_ring, size - 1 - inner_ring], outline=rgb(ink),
                 width=max(3, int(size * 0.006)))
    panel[:] = np.asarray(image).astype(np.float32)

    # The rim band lies between the inner ring and the outer ring.
    band_inner, band_outer = size * 0.225, size * 0.46
    share = rng.uniform(0.26, 0.36)
    rim_size = min(fitted_size(top[0], top[2], share, (band_inner + band_outer) / 2), int((band_outer - band_inner) * 0.62))
    line = strip(top[0], top[2], rim_size, ink)
    bend(panel, line, centre, band_outer - line.shape[0] * 1.02, over_top=True)
    if bottom:
        low_size = min(fitted_size(bottom[0], bottom[2], share * 0.8, (band_inner + band_outer) / 2), rim_size)
        line = strip(bottom[0], bottom[2], low_size, ink)
        bend(panel, line, centre, band_outer - line.shape[0] * 1.02, over_top=False)

    # The middle lines, level and centred inside the inner ring.
    image = Image.fromarray(np.clip(panel, 0, 255).astype(np.uint8))
    draw = ImageDraw.Draw(image)
    room = (size - 2 * inner_ring) * 0.78
    lines = []
    for text, lang, key, wanted in middle:
        f = font(key, wanted)
        scale = min(1.0, room / max(1, f.getlength(text)))
        lines.append((text, font(key, int(wanted * scale))))
    heights = [sum(f.getmetrics()) for _, f in lines]
    y = centre - sum(heights) * 0.95 / 2
    for (text, f), height in zip(lines, heights):
        draw.text((centre, y + f.getmetrics()[0]), text, font=f, fill=rgb(ink), anchor="ms")
        y += height * 0.95
    a = np.asarray(image).astype(np.float32)
    mottle = cv2.resize(np.random.default_rng(rng.randrange(1 << 30)).normal(0, 1, (8, 8)).astype(np.float32),
                        (size, size), interpolation=cv2.INTER_CUBIC)
    a[..., :3] *= (1 + 0.04 * mottle)[..., None]
    return Image.fromarray(np.clip(a, 0, 255).astype(np.uint8))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(REPO / "bench" / "out" / "round-signs"))
    parser.add_argument("--only", help="comma-separated file names (without .jpg): render only these, for a look")
    parser.add_argument("--draw", type=int, default=0, help="another draw of every sign's randomness (default 0)")
    args = parser.parse_args()
    out = ready_to_render(args.out, "render_round_signs.py")
    numbers, truth, manifest = {}, ["# file\tlanguage\tkind\tline"], ["# file\tkind\tlanguages\tlines\tangle_or_rotation"]
    for sign in SIGNS:
        kind, slug, _, _, background, top, bottom, middle = sign
        numbers[kind] = numbers.get(kind, 0) + 1
        name = f"{kind}-{numbers[kind]:02d}-{slug}"
        # Reading order: the top of the rim, the middle, the bottom of the rim.
        rows = [(top[1], top[0])] + [(lang, text) for text, lang, _, _ in middle] + ([(bottom[1], bottom[0])] if bottom else [])
        for lang, text in rows:
            truth.append(f"{name}.jpg\t{lang}\t{kind}\t{text}")
        if args.only and name not in args.only.split(","):
            continue
        for text, _, key in [top] + ([bottom] if bottom else []) + [(t, l, k) for t, l, k, _ in middle]:
            check_glyphs(text, key)
        rng = scene_rng(name, args.draw)
        panel = draw_sign(sign, rng)
        image, quality, notes = shoot(panel, background, rng)
        save_shot(image, quality, notes, out, name)
        languages = ",".join(dict.fromkeys(lang for lang, _ in rows))
        manifest.append(f"{name}.jpg\t{kind}\t{languages}\t{len(rows)}\t{background}; {notes}")
    save_set(out, numbers, manifest, truth, args.only, "render_round_signs.py")


if __name__ == "__main__":
    sys.exit(main())
