#!/usr/bin/env python3
"""Renders "photographed documents": clean pages, and the same pages as a phone camera sees them.

Each page is drawn flat (English and Korean notices written below, with ImageMagick and the Noto
fonts; and Tesseract's phototest.tif from ../shared/bench-data), then photographed: warped in
perspective onto a wooden or grey desk with a soft drop shadow, lit unevenly (a bright spot, a
falloff towards the edges, a warm cast), blurred slightly (the far edge more, when tilted), given
sensor noise and saved as a JPEG. Three angles:

  mild      the phone held almost above the page: 3.5 degrees of rotation, a little keystone
  moderate  the phone tilted: 6 degrees of rotation, the far edge 15% narrower, the far edge
            slightly out of focus
  strong    the phone held low and to one side: 11 degrees of rotation, the far edge 30%
            narrower, the page foreshortened, the far edge out of focus, the phone's shadow

Writes into --out (default bench/out/documents): NAME.flat.png, NAME-ANGLE.jpg for each angle,
NAME.gt.txt (one text line per line, in reading order) and manifest.tsv (image, flat page,
languages, angle, ground truth, and the page's corners in the photo). Deterministic: fixed seeds,
one ImageMagick thread, no timestamps in the files. --fixtures also writes the small copies kept
in Fixtures/images/ (photographed-page-*.jpg with .gt.txt and .corners.txt).

Corners are the page's outer corners in the photo's pixels, with pixel (i, j) centred on (i, j)
(ImageMagick's distort puts pixel centres at i + 0.5; this subtracts the half pixel), in the
order top-left, top-right, bottom-right, bottom-left of the page as it reads, to 0.1 pixel. In
manifest.tsv: "x,y x,y x,y x,y"; in a .corners.txt file: one corner a line, "x y".

--variants N renders, instead of the set above, N more shots of each page at each angle for
testing page finding: the angle's rotation turned either way and by more or less, the page larger
or smaller and off centre, the keystone stronger or weaker, and the desk wood, grey or pale (a
light desk, where the paper stands out least). They go to --out (default
bench/out/documents-variants) as NAME-ANGLE-vK.jpg, with the same manifest.tsv columns.

--camera N renders, instead, N shots of each page at each angle through a pinhole camera (square
pixels, principal point at the frame's centre): the page turned away from the camera about its
horizontal axis (CAMERA_TILTS), about its vertical axis by up to 12 degrees either way, and about
the camera's axis by the angle's rotation (0.6 to 1.4 times, either way); the focal length 0.45 to
0.9 of the frame's diagonal (a phone's main camera is about 0.6); the page off centre and filling
as much of the frame as the angle's scale says; desk, light and blur as for the angle. Unlike the
keystone and foreshortening of ANGLES, which are set independently of each other, such a shot is
one a camera can take, so a page's true proportions can be recovered from its corners. They go to
--out (default bench/out/documents-camera) as NAME-ANGLE-cK.jpg, with the same manifest.tsv columns.

Needs ImageMagick 6 (/usr/bin/convert), fonts-noto-core and fonts-noto-cjk. Takes about a minute
(--variants: about three seconds a shot).

Usage: bench/photos/render_documents.py [--out DIR] [--fixtures | --variants N | --camera N]
"""
import argparse
import math
import os
import random
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
PHOTOTEST = REPO.parent / "shared" / "bench-data" / "images" / "tesseract"
FIXTURES = REPO / "Fixtures" / "images"
CONVERT = "/usr/bin/convert"
ENV = dict(os.environ, MAGICK_THREAD_LIMIT="1", OMP_THREAD_LIMIT="1", TZ="UTC", LC_ALL="C.UTF-8")

# A page: (size, [(font, point size, ground truth?, text) or None for a paragraph gap]).
PAGE_W, PAGE_H, MARGIN = 1100, 1500, 100
ENGLISH = [
    ("Noto-Serif-Bold", 42, "Notice to Residents"),
    ("Noto-Serif-Italic", 28, "Building maintenance, 14 to 18 March"),
    None,
    ("Noto-Serif-Regular", 30, "The water supply to all flats in Block C will be"),
    ("Noto-Serif-Regular", 30, "turned off on Tuesday between 9 am and 3 pm while"),
    ("Noto-Serif-Regular", 30, "the main valve in the basement is replaced. Please"),
    ("Noto-Serif-Regular", 30, "keep some water aside for drinking and cooking."),
    None,
    ("Noto-Serif-Regular", 30, "The lifts will be out of service on Wednesday and"),
    ("Noto-Serif-Regular", 30, "Thursday for their yearly inspection. Residents who"),
    ("Noto-Serif-Regular", 30, "need help with heavy shopping or deliveries may ask"),
    ("Noto-Serif-Regular", 30, "at the front desk, which is open from 8 am to 8 pm."),
    None,
    ("Noto-Serif-Regular", 30, "Parking spaces 12 to 30 must be left empty on Friday"),
    ("Noto-Serif-Regular", 30, "morning so that the car park floor can be cleaned."),
    ("Noto-Serif-Regular", 30, "Cars left there after 7 am will be moved at the"),
    ("Noto-Serif-Regular", 30, "owner's expense."),
    None,
    ("Noto-Serif-Regular", 30, "Thank you for your patience. Questions may be sent"),
    ("Noto-Serif-Regular", 30, "to the building office, room 104, or by telephone"),
    ("Noto-Serif-Regular", 30, "on 020 7946 0321."),
    None,
    ("Noto-Serif-Bold", 30, "The Management Committee"),
]
KOREAN = [
    ("Noto-Sans-CJK-KR-Bold", 42, "아파트 관리사무소 안내문"),
    ("Noto-Sans-CJK-KR", 28, "입주민 여러분께 알려 드립니다."),
    None,
    ("Noto-Sans-CJK-KR", 30, "3월 14일부터 18일까지 건물 점검이 있습니다."),
    ("Noto-Sans-CJK-KR", 30, "화요일 오전 9시부터 오후 3시까지 C동 전체에"),
    ("Noto-Sans-CJK-KR", 30, "단수가 예정되어 있으니 미리 물을 받아 두시기"),
    ("Noto-Sans-CJK-KR", 30, "바랍니다."),
    None,
    ("Noto-Sans-CJK-KR", 30, "수요일과 목요일에는 엘리베이터 정기 검사로"),
    ("Noto-Sans-CJK-KR", 30, "운행이 중단됩니다. 무거운 짐이 있으신 분은"),
    ("Noto-Sans-CJK-KR", 30, "관리사무소(내선 104)로 연락해 주십시오."),
    None,
    ("Noto-Sans-CJK-KR", 30, "금요일 오전에는 지하 주차장 바닥 청소를"),
    ("Noto-Sans-CJK-KR", 30, "합니다. 12번부터 30번 자리에 주차된 차량은"),
    ("Noto-Sans-CJK-KR", 30, "오전 7시 전까지 옮겨 주시기 바랍니다."),
    None,
    ("Noto-Sans-CJK-KR", 30, "공용 Wi-Fi 이름: APT-LOUNGE (비밀번호 없음)"),
    ("Noto-Sans-CJK-KR", 30, "협조해 주셔서 감사합니다."),
    None,
    ("Noto-Sans-CJK-KR-Bold", 30, "관리사무소장 드림"),
]

# How each angle is shot. scale: the page's longer side against the frame's; keystone: the far
# edge's width against the near edge's; foreshorten: the page's height as seen; rotate: degrees;
# shift: the far edge moved sideways (a share of the page width); blur: sigma; far_blur: extra
# sigma at the far edge (depth of field); light: darkness at the unlit corner (0-1); phone: the
# phone's shadow over part of the page.
ANGLES = {
    "mild": dict(scale=0.84, keystone=0.95, foreshorten=0.97, rotate=3.5, shift=0.01, blur=0.7, far_blur=0.0,
                 light=0.30, phone=False),
    "moderate": dict(scale=0.80, keystone=0.85, foreshorten=0.92, rotate=-6.0, shift=0.05, blur=0.8, far_blur=0.7,
                     light=0.38, phone=False),
    "strong": dict(scale=0.74, keystone=0.70, foreshorten=0.84, rotate=-11.0, shift=0.10, blur=0.9, far_blur=1.4,
                   light=0.45, phone=True),
}
# name, languages, page, background, seed
DOCUMENTS = [("en-notice", "en", ENGLISH, "wood", 11), ("ko-notice", "ko,en", KOREAN, "desk", 23),
             ("phototest", "en", None, "wood", 37)]
# The copies kept in Fixtures/images/ (photographed-page-NAME.jpg): name, angle, page, background, seed,
# frame (width, height)
FIXTURE_SHOTS = [("en", "moderate", ENGLISH, "wood", 11, (900, 1200)), ("ko", "mild", KOREAN, "desk", 23, (900, 1200)),
                 ("ko-strong", "strong", KOREAN, "desk", 29, (1200, 1600))]


def convert(*args):
    subprocess.run([CONVERT, *map(str, args)], check=True, env=ENV)


def text_width(font, size, text):
    out = subprocess.run([CONVERT, "-font", font, "-pointsize", str(size), f"label:{text}", "-format", "%w", "info:"],
                         check=True, capture_output=True, text=True, env=ENV).stdout
    return int(out)


def draw_page(lines, path):
    """Draws the lines top to bottom on a white page; returns the ground-truth lines."""
    args, truth, y = ["-size", f"{PAGE_W}x{PAGE_H}", "xc:white", "-fill", "#1b1b1b"], [], MARGIN
    for entry in lines:
        if entry is None:
            y += 36
            continue
        font, size, text = entry
        if any(ch in text for ch in "%@\\"):
            raise SystemExit(f"render_documents.py: ImageMagick would interpret a character of {text!r}")
        width = text_width(font, size, text)
        if MARGIN + width > PAGE_W - MARGIN:
            raise SystemExit(f"render_documents.py: {text!r} is {width} px wide, more than the page allows")
        y += round(size * 1.7)
        args += ["-font", font, "-pointsize", size, "-annotate", f"+{MARGIN}+{y}", text]
        truth.append(text)
    if y > PAGE_H - MARGIN:
        raise SystemExit(f"render_documents.py: the text runs to y={y}, past the bottom margin")
    convert(*args, "-strip", "-define", "png:exclude-chunks=date,time", f"PNG24:{path}")
    return truth


def phototest_page(path):
    convert(PHOTOTEST / "phototest.tif", "-colorspace", "gray", "-depth", "8", "-strip",
            "-define", "png:exclude-chunks=date,time", f"PNG8:{path}")
    return [l.strip() for l in (PHOTOTEST / "phototest.gold.txt").read_text(encoding="utf-8").splitlines() if l.strip()]


def quad(page_w, page_h, frame_w, frame_h, a):
    """Where the page's corners land in the photo (top-left, top-right, bottom-right, bottom-left),
    shot as `a` (an entry of ANGLES) says; None when the page would leave the frame."""
    s = a["scale"] * min(frame_w / page_w, frame_h / (page_h * a["foreshorten"]))
    hb, hh = s * page_w / 2, s * page_h * a["foreshorten"] / 2
    ht, shift = hb * a["keystone"], a["shift"] * s * page_w
    corners = [(-ht + shift, -hh), (ht + shift, -hh), (hb, hh), (-hb, hh)]
    t = math.radians(a["rotate"])
    ox, oy = a.get("offset", (0, 0.02))
    cx, cy = frame_w / 2 + ox * frame_w, frame_h / 2 + oy * frame_h
    placed = [(cx + x * math.cos(t) - y * math.sin(t), cy + x * math.sin(t) + y * math.cos(t)) for x, y in corners]
    if all(8 <= x <= frame_w - 8 and 8 <= y <= frame_h - 8 for x, y in placed):
        return placed
    return None


# Degrees the page is turned away from the camera, per angle, for --camera.
CAMERA_TILTS = {"mild": 6.0, "moderate": 16.0, "strong": 30.0}


def camera_quad(page_w, page_h, frame_w, frame_h, a):
    """Where the page's corners land through the pinhole camera `a` describes (see --camera): a
    page of page_w x page_h turned by a["tilt"] (top edge away), a["yaw"] and a["rotate"] (the
    camera's roll), at the distance that makes it fill a["scale"] of the frame; None when it
    would leave the frame."""
    f = a["focal"] * math.hypot(frame_w, frame_h)
    t, y_, r = (math.radians(a[k]) for k in ("tilt", "yaw", "rotate"))
    def project(distance):
        points = []
        for u, v in [(-page_w / 2, -page_h / 2), (page_w / 2, -page_h / 2), (page_w / 2, page_h / 2), (-page_w / 2, page_h / 2)]:
            x, y, z = u, v * math.cos(t), -v * math.sin(t)
            x, z = x * math.cos(y_) + z * math.sin(y_), -x * math.sin(y_) + z * math.cos(y_)
            x, y = x * math.cos(r) - y * math.sin(r), x * math.sin(r) + y * math.cos(r)
            x += a["offset"][0] * page_w
            y += a["offset"][1] * page_h
            z += distance
            points.append((f * x / z + frame_w / 2, f * y / z + frame_h / 2))
        return points
    distance = f * max(page_w / frame_w, page_h / frame_h) / a["scale"]
    for _ in range(20):
        points = project(distance)
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        fill = max((max(xs) - min(xs)) / frame_w, (max(ys) - min(ys)) / frame_h)
        distance *= fill / a["scale"]
    points = project(distance)
    if all(8 <= x <= frame_w - 8 and 8 <= y <= frame_h - 8 for x, y in points):
        return points
    return None


def camera_shot(angle, page_w, page_h, frame_w, frame_h, rng):
    """ANGLES[angle] shot through a random pinhole camera (see --camera), redrawn until the page stays in the frame."""
    while True:
        a = dict(ANGLES[angle])
        a["camera"] = True
        a["tilt"] = CAMERA_TILTS[angle] * rng.uniform(0.8, 1.2)
        a["yaw"] = rng.uniform(-12, 12)
        a["rotate"] *= rng.uniform(0.6, 1.4) * rng.choice((-1, 1))
        a["focal"] = rng.uniform(0.45, 0.9)
        a["scale"] *= rng.uniform(0.9, 1.05)
        a["offset"] = (rng.uniform(-0.05, 0.05), rng.uniform(-0.04, 0.06))
        if camera_quad(page_w, page_h, frame_w, frame_h, a):
            return a


def variant(angle, page_w, page_h, frame_w, frame_h, rng):
    """ANGLES[angle] varied at random (see --variants), redrawn until the page stays in the frame."""
    while True:
        a = dict(ANGLES[angle])
        a["rotate"] *= rng.uniform(0.6, 1.4) * rng.choice((-1, 1))
        a["scale"] *= rng.uniform(0.85, 1.12)
        a["shift"] *= rng.uniform(-1.5, 1.5)
        a["keystone"] = 1 - (1 - a["keystone"]) * rng.uniform(0.7, 1.3)
        a["offset"] = (rng.uniform(-0.06, 0.06), rng.uniform(-0.05, 0.07))
        if quad(page_w, page_h, frame_w, frame_h, a):
            return a


def background(kind, w, h, seed, path):
    if kind == "pale":
        # A pale desk (light laminate): the same blotches as the grey desk, near the paper's shade.
        convert("-size", f"{w // 8}x{h // 8}", "xc:gray50", "-seed", seed, "+noise", "Random", "-channel", "R",
                "-separate", "+channel", "-blur", "0x3", "-auto-level", "-resize", f"{w}x{h}!",
                "(", "-size", f"{w}x{h}", "xc:gray50", "-seed", seed + 1, "+noise", "Random", "-channel", "R",
                "-separate", "+channel", "-blur", "0x0.7", ")",
                "-compose", "Blend", "-define", "compose:args=60", "-composite", "-auto-level",
                "-colorspace", "sRGB", "-type", "TrueColor", "+level-colors", "#b9b2a6,#dcd6cb", path)
    elif kind == "wood":
        # Grain: noise stretched along the boards and bent a little, in browns; the joints between
        # boards; fine speckle.
        joints = []
        board = h // 4
        for k in range(1, 5):
            y = k * board - (seed * 37 * k) % (board // 3)
            joints += ["-draw", f"line 0,{y} {w},{y + (seed * k) % 9 - 4}"]
        convert("-size", f"8x{h + 60}", "xc:gray50", "-seed", seed, "+noise", "Random", "-channel", "R",
                "-separate", "+channel", "-resize", f"{w}x{h + 60}!",
                "(", "-size", f"{w // 16}x{h + 60}", "xc:gray50", "-seed", seed + 3, "+noise", "Random", "-channel", "R",
                "-separate", "+channel", "-resize", f"{w}x{h + 60}!", ")",
                "-compose", "Blend", "-define", "compose:args=30", "-composite", "-blur", "0x1.2",
                "-auto-level", "-wave", "12x900",
                "-gravity", "center", "-crop", f"{w}x{h}+0+0", "+repage", "-sigmoidal-contrast", "4x50%",
                "-colorspace", "sRGB", "-type", "TrueColor", "+level-colors", "#4b2d18,#b3834f",
                "-stroke", "#2a170b", "-strokewidth", "2", *joints, "-blur", "0x0.6",
                "(", "-size", f"{w}x{h}", "xc:gray50", "-seed", seed + 1, "+noise", "Gaussian", "-channel", "R",
                "-separate", "+channel", "-blur", "0x0.8", "+level", "88%,100%", ")",
                "-compose", "Multiply", "-composite", path)
    else:
        # A grey desk: soft blotches and fine speckle.
        convert("-size", f"{w // 8}x{h // 8}", "xc:gray50", "-seed", seed, "+noise", "Random", "-channel", "R",
                "-separate", "+channel", "-blur", "0x3", "-auto-level", "-resize", f"{w}x{h}!",
                "(", "-size", f"{w}x{h}", "xc:gray50", "-seed", seed + 1, "+noise", "Random", "-channel", "R",
                "-separate", "+channel", "-blur", "0x0.7", ")",
                "-compose", "Blend", "-define", "compose:args=60", "-composite", "-auto-level",
                "-colorspace", "sRGB", "-type", "TrueColor", "+level-colors", "#4c5157,#7d838a", path)


def page_size(flat):
    return tuple(map(int, subprocess.run([CONVERT, flat, "-format", "%w %h", "info:"], check=True, capture_output=True,
                                         text=True, env=ENV).stdout.split()))


def photograph(flat, out, a, backdrop, seed, frame, quality, work):
    """The flat page as a phone photo of it, shot as `a` (an entry of ANGLES) says: `frame` is
    (width, height) of the JPEG. Returns the page's corners in the photo (see the module's
    description)."""
    fw, fh = frame
    pw, ph = page_size(flat)
    corners = camera_quad(pw, ph, fw, fh, a) if a.get("camera") else quad(pw, ph, fw, fh, a)
    if corners is None:
        raise SystemExit(f"render_documents.py: the page would leave the {fw}x{fh} frame")
    points = " ".join(f"{sx},{sy} {x:.1f},{y:.1f}" for (sx, sy), (x, y) in zip([(0, 0), (pw, 0), (pw, ph), (0, ph)], corners))
    bg, page, lit = work / "bg.miff", work / "page.miff", work / "light.miff"
    background(backdrop, fw, fh, seed, bg)
    # The page, warped, on a transparent frame; paper a touch off-white.
    convert(flat, "-colorspace", "sRGB", "+level-colors", "#161616,#f5f0e4", "-alpha", "set",
            "-virtual-pixel", "transparent", "-define", f"distort:viewport={fw}x{fh}+0+0",
            "-distort", "Perspective", points, page)
    # Desk, the page's soft shadow, the page.
    dx, dy = round(fw * 0.008), round(fh * 0.012)
    convert(bg, "(", page, "-alpha", "extract", "-resize", "25%", "-blur", "0x5", "-resize", f"{fw}x{fh}!",
            "-roll", f"+{dx}+{dy}", "+level", "0,55%", "-negate", ")", "-compose", "Multiply", "-composite",
            page, "-compose", "Over", "-composite", work / "scene.miff")
    # Light: a bright spot up and to the left, falling off towards the far corner; a warm cast.
    dark = round(255 * (1 - a["light"]))
    ox, oy = round(fw * 0.65), round(fh * 0.60)
    light = ["-size", f"{fw * 2}x{fh * 2}", f"radial-gradient:white-rgb({dark},{dark},{dark})",
             "-crop", f"{fw}x{fh}+{ox}+{oy}", "+repage", "-colorspace", "sRGB", "-type", "TrueColor"]
    if a["phone"]:
        # The phone's shadow: a soft dark oval over the near right corner.
        light += ["(", "-size", f"{fw // 10}x{fh // 10}", "xc:white", "-fill", "gray62", "-draw",
                  f"ellipse {fw // 10 * 0.95:.0f},{fh // 10 * 1.02:.0f} {fw // 10 * 0.42:.0f},{fh // 10 * 0.30:.0f} 0,360",
                  "-blur", "0x6", "-resize", f"{fw}x{fh}!", ")", "-compose", "Multiply", "-composite"]
    convert(*light, "-fill", "#fff0da", "-compose", "Multiply", "(", "-size", f"{fw}x{fh}", "xc:#fff0da", ")",
            "-composite", lit)
    steps = [work / "scene.miff", lit, "-compose", "Multiply", "-composite", "-blur", f"0x{a['blur']}"]
    if a["far_blur"]:
        # Depth of field: sharp at the near edge, softer towards the far one.
        steps += ["(", "-size", f"{fw}x{fh}", "gradient:white-black", "-level", "0,70%", ")",
                  "-compose", "Blur", "-define", f"compose:args={a['far_blur']}", "-composite"]
    convert(*steps, "-seed", seed + 2, "-attenuate", "0.35", "+noise", "Gaussian",
            "-sampling-factor", "2x2", "-quality", quality, "-strip", out)
    return [(x - 0.5, y - 0.5) for x, y in corners]


def corners_tsv(corners):
    return " ".join(f"{x:.1f},{y:.1f}" for x, y in corners)


def corners_file(corners):
    header = "# page corners in pixels (pixel centres on integers): top-left, top-right, bottom-right, bottom-left\n"
    return header + "".join(f"{x:.1f} {y:.1f}\n" for x, y in corners)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out")
    parser.add_argument("--fixtures", action="store_true", help="also write the small copies into Fixtures/images/")
    parser.add_argument("--variants", type=int, default=0, metavar="N",
                        help="instead, N varied shots of each page at each angle, for page finding")
    parser.add_argument("--camera", type=int, default=0, metavar="N",
                        help="instead, N shots of each page at each angle through a pinhole camera")
    args = parser.parse_args()
    if sum(map(bool, (args.variants, args.fixtures, args.camera))) > 1:
        parser.error("--variants, --camera and --fixtures do not go together")
    default = "documents-variants" if args.variants else "documents-camera" if args.camera else "documents"
    out = Path(args.out or REPO / "bench" / "out" / default)
    out.mkdir(parents=True, exist_ok=True)
    fonts = subprocess.run([CONVERT, "-list", "font"], check=True, capture_output=True, text=True, env=ENV).stdout
    for font in {e[0] for page in (ENGLISH, KOREAN) for e in page if e}:
        if f"Font: {font}\n" not in fonts:
            raise SystemExit(f"render_documents.py: font {font} not found (apt-get install fonts-noto-core fonts-noto-cjk)")

    rows = ["# image\tflat\tlanguages\tangle\ttruth\tcorners"]
    with tempfile.TemporaryDirectory() as temp:
        work = Path(temp)
        for name, languages, page, backdrop, seed in DOCUMENTS:
            flat = out / f"{name}.flat.png"
            truth = draw_page(page, flat) if page else phototest_page(flat)
            (out / f"{name}.gt.txt").write_text("\n".join(truth) + "\n", encoding="utf-8")
            # Pages are photographed upright (portrait), phototest (landscape) lying across.
            frame = (1200, 1600) if page else (1600, 1200)
            for number, angle in enumerate(ANGLES):
                if args.camera:
                    rng = random.Random(seed * 1000 + number)
                    shots = [(out / f"{name}-{angle}-c{k + 1}.jpg", camera_shot(angle, *page_size(flat), *frame, rng),
                              ("wood", "desk", "pale")[(k + number) % 3], seed + 11 * (k + 1)) for k in range(args.camera)]
                elif not args.variants:
                    shots = [(out / f"{name}-{angle}.jpg", ANGLES[angle], backdrop, seed)]
                else:
                    rng = random.Random(seed * 100 + number)
                    shots = [(out / f"{name}-{angle}-v{k + 1}.jpg", variant(angle, *page_size(flat), *frame, rng),
                              ("wood", "desk", "pale")[(k + number) % 3], seed + 7 * (k + 1)) for k in range(args.variants)]
                for image, shot, desk, shot_seed in shots:
                    corners = photograph(flat, image, shot, desk, shot_seed, frame, 82, work)
                    rows.append(f"{image.name}\t{flat.name}\t{languages}\t{angle}\t{name}.gt.txt\t{corners_tsv(corners)}")
                    print(f"wrote {image}", file=sys.stderr)
        (out / "manifest.tsv").write_text("\n".join(rows) + "\n", encoding="utf-8")
        if args.fixtures:
            for name, angle, page, backdrop, seed, frame in FIXTURE_SHOTS:
                flat = work / f"{name}.png"
                truth = draw_page(page, flat)
                image = FIXTURES / f"photographed-page-{name}.jpg"
                corners = photograph(flat, image, ANGLES[angle], backdrop, seed, frame, 75, work)
                image.with_suffix(".gt.txt").write_text("\n".join(truth) + "\n", encoding="utf-8")
                image.with_suffix(".corners.txt").write_text(corners_file(corners), encoding="utf-8")
                print(f"wrote {image} ({image.stat().st_size // 1024} KB)", file=sys.stderr)


if __name__ == "__main__":
    sys.exit(main())
