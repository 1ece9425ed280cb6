#!/usr/bin/env python3
"""Renders the screenshot test set: phone and desktop screens with their ground truth.

Every screen in texts.py is drawn in each of its languages: a settings list (light theme at 1×
and 2×, dark theme at 2×), a dark-mode chat (1× and 2×), an error dialog on a dimmed page with
coloured buttons (1× and 2×) and a two-column article (1× and 2×); the article's page is also
printed as a scan lying sideways or upside down, some of them a little skewed. At 1× the text is
11–15 px, the size of UI text on a standard-density screen; 2× is the same screen on a "retina"
display.

Each string is drawn and appended to the image's ground truth (NAME.gt.txt, one visual line per
line, in reading order, a label and its value on one row joined by a space) by the same call,
so the two cannot drift. manifest.tsv lists every image with its category and the Tesseract
languages to read it with.

Needs ImageMagick 6 (/usr/bin/convert), fonts-noto-cjk and fonts-noto-core. Deterministic: the
same inputs give the same files.

Usage: bench/screenshots/render.py [--out DIR] [--languages ko,en,...]
"""
import argparse
import functools
import os
import shutil
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from texts import LANGUAGES  # noqa: E402

CONVERT = "/usr/bin/convert"
HERE = Path(__file__).resolve().parent
ENV = dict(os.environ, MAGICK_THREAD_LIMIT="1", OMP_THREAD_LIMIT="1", TZ="UTC", LC_ALL="C.UTF-8")
CLEAN = ["-alpha", "off", "-strip", "-define", "png:exclude-chunks=date,time"]


def escape(text):
    """ImageMagick expands %-escapes and backslashes in -annotate text."""
    return text.replace("\\", "\\\\").replace("%", "%%")


# Noto Sans Thai has no Latin letters or digits: those are drawn in Noto Sans, as a browser would.
FALLBACK = {"Noto-Sans-Thai-Regular": "Noto-Sans-Regular", "Noto-Sans-Thai-Bold": "Noto-Sans-Bold"}


def runs(font, text):
    """(font, piece) runs of `text`: characters `font` lacks go to its fallback font."""
    if font not in FALLBACK:
        return [(font, text)]
    pieces = []
    for ch in text:
        face = font if ("\u0e00" <= ch <= "\u0e7f" or ch == " ") else FALLBACK[font]
        if ch == " " and pieces:
            face = pieces[-1][0]
        if pieces and pieces[-1][0] == face:
            pieces[-1] = (face, pieces[-1][1] + ch)
        else:
            pieces.append((face, ch))
    return pieces


def measure(font, size, text):
    return sum(measure_run(face, size, piece) for face, piece in runs(font, text))


@functools.lru_cache(maxsize=None)
def measure_run(font, size, text):
    """Width in pixels of `text` drawn in `font` at `size` px."""
    out = subprocess.run([CONVERT, "-density", "72", "-font", font, "-pointsize", str(size),
                          "label:" + escape(text), "-format", "%w", "info:"],
                         capture_output=True, text=True, env=ENV, check=True).stdout
    return int(out)


class Canvas:
    """One image: drawing commands for convert and the ground-truth lines, in reading order."""

    def __init__(self, width, height, background, scale):
        self.s = scale
        self.width, self.height = width * scale, height * scale
        self.args = ["-size", f"{self.width}x{self.height}", f"xc:{background}"]
        self.truth = []
        self.style = None

    def font(self, name, size, color):
        self.style = (name, size * self.s, color)

    def width_of(self, text):
        name, size, _ = self.style
        return measure(name, size, text)

    def _draw(self, x, y, text):
        if text.startswith("@"):
            raise ValueError("text must not start with @: " + text)
        name, size, color = self.style
        w = self.width_of(text)
        if x < 0 or x + w > self.width:
            raise ValueError(f"text does not fit (x={x} w={w} canvas={self.width}): {text}")
        for face, piece in runs(name, text):
            self.args += ["-gravity", "NorthWest", "-stroke", "none", "-font", face, "-pointsize", str(size),
                          "-fill", color, "-annotate", f"+{x}+{y}", escape(piece)]
            x += measure_run(face, size, piece)

    def text(self, x, y, text, truth=True):
        """`text` with its top-left at (x, y), in base units."""
        self._draw(x * self.s, y * self.s, text)
        if truth:
            self.truth.append(text)

    def rtext(self, right, y, text, truth=True):
        """`text` ending `right` base units from the right border."""
        self._draw(self.width - right * self.s - self.width_of(text), y * self.s, text)
        if truth:
            self.truth.append(text)

    def ctext(self, y, text, left=0, right=None):
        """`text` centred between `left` and `right` (default: the whole width)."""
        right = self.width // self.s if right is None else right
        x = (left + right) * self.s // 2 - self.width_of(text) // 2
        self._draw(x, y * self.s, text)
        self.truth.append(text)

    def row(self, y, left_x, left, right_margin, right, right_color=None):
        """A label and a right-aligned value on one row: one ground-truth line."""
        self.text(left_x, y, left, truth=False)
        if right_color:
            name, size, color = self.style
            self.style = (name, size, right_color)
            self.rtext(right_margin, y, right, truth=False)
            self.style = (name, size, color)
        else:
            self.rtext(right_margin, y, right, truth=False)
        if left_x * self.s + self.width_of(left) + 16 * self.s > self.width - right_margin * self.s - self.width_of(right):
            raise ValueError(f"row too wide: {left} | {right}")
        self.truth.append(f"{left} {right}")

    def rect(self, color, x0, y0, x1, y1, radius=0):
        s = self.s
        shape = (f"roundrectangle {x0 * s},{y0 * s} {x1 * s},{y1 * s} {radius * s},{radius * s}" if radius
                 else f"rectangle {x0 * s},{y0 * s} {x1 * s},{y1 * s}")
        self.args += ["-stroke", "none", "-fill", color, "-draw", shape]

    def circle(self, color, x, y, r):
        s = self.s
        self.args += ["-stroke", "none", "-fill", color, "-draw", f"circle {x * s},{y * s} {(x + r) * s},{y * s}"]

    def polyline(self, color, width, points):
        s = self.s
        path = " ".join(f"{x * s},{y * s}" for x, y in points)
        self.args += ["-fill", "none", "-stroke", color, "-strokewidth", str(width * s), "-draw", f"polyline {path}"]

    def toggle(self, x, y, on):
        if on:
            self.rect("#34C759", x, y, x + 44, y + 26, 13)
            self.circle("white", x + 31, y + 13, 11)
        else:
            self.rect("#E3E3E8", x, y, x + 44, y + 26, 13)
            self.circle("white", x + 13, y + 13, 11)

    def chevron(self, color, x, y):
        self.polyline(color, 2, [(x, y), (x + 6, y + 7), (x, y + 14)])

    def save(self, path, extra=()):
        subprocess.run([CONVERT, *self.args, *extra, *CLEAN, f"PNG24:{path}"], env=ENV, check=True)
        Path(str(path)[: -len(".png")] + ".gt.txt").write_text("\n".join(self.truth) + "\n", encoding="utf-8")


THEMES = {
    "light": dict(page="#F2F2F7", card="#FFFFFF", ink="#1C1C1E", grey="#6D6D72", sep="#D8D8DC", chevron="#C4C4C7"),
    "dark": dict(page="#000000", card="#1C1C1E", ink="#FFFFFF", grey="#8E8E93", sep="#38383A", chevron="#5A5A5E"),
}


def settings_rows(c, th, regular, rows, y):
    """A settings card of label-value rows with chevrons, from `y` down; where it ends."""
    c.rect(th["card"], 14, y, 346, y + 44 * len(rows), 10)
    for i, (label, value) in enumerate(rows):
        if i:
            c.rect(th["sep"], 30, y, 346, y)
        c.font(regular, 13, th["ink"])
        c.row(y + 13, 30, label, 44, value, th["grey"])
        c.chevron(th["chevron"], 328, y + 15)
        y += 44
    return y


def settings(lang, theme, scale):
    t, th = LANGUAGES[lang], THEMES[theme]
    regular, bold = t["font"]
    st = t["settings"]
    c = Canvas(360, 540, th["page"], scale)
    c.font(bold, 13, th["ink"])
    c.text(22, 12, "9:41")
    c.font(bold, 15, th["ink"])
    c.ctext(48, st["title"])
    c.font(regular, 11, th["grey"])
    c.text(30, 94, st["header"])
    y = settings_rows(c, th, regular, st["rows"], 116)
    y += 28
    c.rect(th["card"], 14, y, 346, y + 44 * len(st["switches"]), 10)
    for i, label in enumerate(st["switches"]):
        if i:
            c.rect(th["sep"], 30, y, 346, y)
        c.font(regular, 13, th["ink"])
        c.text(30, y + 13, label)
        c.toggle(288, y + 9, i == 0)
        y += 44
    c.font(regular, 11, th["grey"])
    c.ctext(y + 28, st["footer"])
    return c


def chat(lang, scale):
    t, th = LANGUAGES[lang], THEMES["dark"]
    regular, bold = t["font"]
    ch = t["chat"]
    c = Canvas(360, 520, "#121212", scale)
    c.rect("#1E1E1E", 0, 0, 359, 56)
    c.polyline("#4FA3FF", 2, [(24, 18), (16, 28), (24, 38)])
    c.font(bold, 15, th["ink"])
    c.ctext(18, ch["name"])
    c.font(regular, 11, th["grey"])
    c.ctext(72, ch["date"])
    y = 100
    for i, (side, message) in enumerate(ch["messages"]):
        c.font(regular, 13, "#FFFFFF")
        w = c.width_of(message) // scale
        if side == "in":
            c.rect("#2C2C2E", 14, y, 14 + w + 24, y + 34, 16)
            c.text(26, y + 8, message)
        else:
            c.rect("#0A84FF", 346 - w - 24, y, 346, y + 34, 16)
            c.rtext(26, y + 8, message)
        y += 46
        if i == 2:
            c.font(regular, 11, th["grey"])
            c.rtext(20, y - 6, ch["time"])
            y += 16
    c.rect("#1E1E1E", 0, 460, 359, 519)
    c.rect("#2C2C2E", 12, 472, 300, 506, 17)
    c.font(regular, 13, "#8E8E93")
    c.text(28, 480, ch["input"])
    c.circle("#0A84FF", 328, 489, 16)
    return c


def dialog(lang, scale):
    t = LANGUAGES[lang]
    regular, bold = t["font"]
    d = t["dialog"]
    c = Canvas(360, 560, "#3A3A3C", scale)
    # An orange banner across the top, white text on it.
    c.rect("#E8590C", 0, 0, 359, 44)
    c.font(bold, 13, "#FFFFFF")
    c.ctext(13, d["banner"])
    # A light dialog card on the dimmed page.
    c.rect("#FFFFFF", 20, 110, 340, 400, 14)
    c.font(bold, 15, "#1C1C1E")
    c.ctext(136, d["title"])
    c.font(regular, 13, "#48484A")
    y = 174
    for line in d["body"]:
        c.ctext(y, line)
        y += 24
    # Buttons: grey with dark text, blue with white text.
    c.rect("#E5E5EA", 40, 252, 320, 292, 10)
    c.font(bold, 14, "#1C1C1E")
    c.ctext(263, d["buttons"][0])
    c.rect("#007AFF", 40, 306, 320, 346, 10)
    c.font(bold, 14, "#FFFFFF")
    c.ctext(317, d["buttons"][1])
    # A red destructive button and a green one below the card, white text on both.
    c.rect("#FF3B30", 20, 430, 340, 474, 12)
    c.font(bold, 14, "#FFFFFF")
    c.ctext(443, d["action"])
    c.rect("#34C759", 20, 490, 340, 534, 12)
    c.ctext(503, "OK")
    return c


def article(lang, scale):
    t = LANGUAGES[lang]
    regular, bold = t["font"]
    a = t["article"]
    c = Canvas(720, 330, "#FFFFFF", scale)
    c.rect("#F5F5F5", 0, 0, 719, 44)
    c.font(bold, 20, "#202124")
    c.text(40, 70, a["title"])
    c.font(regular, 13, "#3C4043")
    for column, x in (("left", 40), ("right", 390)):
        y = 122
        for line in a[column]:
            c.text(x, y, line)
            y += 24
    c.rect("#1A73E8", 40, 248, 200, 284, 18)
    c.font(bold, 13, "#FFFFFF")
    c.ctext(257, "2.4.1", left=40, right=200)
    return c


def scan(lang, rotation, skew):
    """The article's text as a one-column printed page, scanned lying sideways or upside down."""
    t = LANGUAGES[lang]
    regular, bold = t["font"]
    a = t["article"]
    c = Canvas(850, 600, "#FDFCF8", 1)
    c.font(bold, 34, "#111111")
    c.text(80, 70, a["title"])
    c.font(regular, 26, "#111111")
    y = 150
    for line in a["left"] + a["right"]:
        c.text(80, y, line)
        y += 48
    extra = ["-background", "#FDFCF8"]
    if skew:
        extra += ["-rotate", str(skew)]
    extra += ["-rotate", str(rotation), "+repage"]
    return c, extra


def jobs(languages):
    """(file name, category, languages, make) for every image of the set."""
    items = []
    for lang in languages:
        tess = LANGUAGES[lang]["tesseract"]
        items += [
            (f"{lang}-settings-light@1x", "small", tess, lambda l=lang: settings(l, "light", 1)),
            (f"{lang}-chat-dark@1x", "small", tess, lambda l=lang: chat(l, 1)),
            (f"{lang}-dialog@1x", "small", tess, lambda l=lang: dialog(l, 1)),
            (f"{lang}-article@1x", "small", tess, lambda l=lang: article(l, 1)),
            (f"{lang}-settings-light@2x", "light", tess, lambda l=lang: settings(l, "light", 2)),
            (f"{lang}-article@2x", "light", tess, lambda l=lang: article(l, 2)),
            (f"{lang}-settings-dark@2x", "dark", tess, lambda l=lang: settings(l, "dark", 2)),
            (f"{lang}-chat-dark@2x", "dark", tess, lambda l=lang: chat(l, 2)),
            (f"{lang}-dialog@2x", "coloured", tess, lambda l=lang: dialog(l, 2)),
        ]
    for lang, rotation, skew in [("en", 90, 0), ("en", 180, 2), ("ko", 270, 0), ("ko", 180, 0), ("de", 90, -1.5),
                                 ("ru", 270, 0), ("zh-CN", 90, 0), ("ja", 180, 0), ("es", 270, 1), ("vi", 90, 0)]:
        if lang in languages:
            name = f"{lang}-scan-rot{rotation}" + (f"-skew{skew:g}" if skew else "")
            items.append((name, "rotated", LANGUAGES[lang]["tesseract"], lambda l=lang, r=rotation, k=skew: scan(l, r, k)))
    return items


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(HERE / "out"))
    parser.add_argument("--languages", default=",".join(LANGUAGES))
    args = parser.parse_args()
    if not Path(CONVERT).exists():
        sys.exit(f"render.py: {CONVERT} not found (install imagemagick)")
    fonts = subprocess.run([CONVERT, "-list", "font"], capture_output=True, text=True, env=ENV).stdout
    for regular, bold in (LANGUAGES[l]["font"] for l in LANGUAGES):
        for name in (regular, bold):
            if f"Font: {name}\n" not in fonts:
                sys.exit(f"render.py: font {name} not found (install fonts-noto-cjk fonts-noto-core)")
    languages = [l for l in args.languages.split(",") if l]
    unknown = [l for l in languages if l not in LANGUAGES]
    if unknown:
        sys.exit(f"render.py: unknown language(s): {', '.join(unknown)}")

    out = Path(args.out)
    stage = Path(tempfile.mkdtemp(prefix="screenshots-"))
    try:
        items = jobs(languages)

        def render(item):
            name, _, _, make = item
            made = make()
            canvas, extra = made if isinstance(made, tuple) else (made, ())
            canvas.save(stage / f"{name}.png", extra)

        with ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
            list(pool.map(render, items))
        manifest = ["# file\tcategory\ttesseract languages"]
        manifest += [f"{name}.png\t{category}\t{tess}" for name, category, tess, _ in items]
        (stage / "manifest.tsv").write_text("\n".join(manifest) + "\n", encoding="utf-8")
        out.mkdir(parents=True, exist_ok=True)
        for path in stage.iterdir():
            shutil.move(str(path), out / path.name)
    finally:
        shutil.rmtree(stage, ignore_errors=True)
    print(f"render.py: wrote {len(items)} images to {out}", file=sys.stderr)


if __name__ == "__main__":
    sys.exit(main())
