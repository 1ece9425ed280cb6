#!/usr/bin/env python3
"""Renders the short real lines a box filter must keep: tab bars of one-word labels (홈, 앱, 설정,
ホーム, Home), prices (¥299, ₩4,500, $3.99), and small grey notes at 11-13 px, on light and dark
screens at 1×, each image with its NAME.gt.txt, through bench/screenshots/render.py's Canvas.

Usage: bench/trust/shortlines.py [--out DIR]   (default bench/out/trust/shortlines)
"""
import argparse
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "screenshots"))
from render import Canvas, THEMES  # noqa: E402

FONTS = {"ko": ("Noto-Sans-CJK-KR", "Noto-Sans-CJK-KR-Bold"),
         "ja": ("Noto-Sans-CJK-JP", "Noto-Sans-CJK-JP-Bold"),
         "en": ("Noto-Sans-Regular", "Noto-Sans-Bold")}

# Per language: tab labels, (item, price) rows, and small grey notes.
SCREENS = {
    "ko": (["홈", "앱", "설정", "나"], [("아메리카노", "₩4,500"), ("라떼", "₩5,000"), ("쿠키", "₩2,800")],
           ["부가세 포함", "품절 시 알림", "오늘 12:30 업데이트"]),
    "ja": (["ホーム", "検索", "設定", "私"], [("コーヒー", "¥299"), ("紅茶", "¥350"), ("ケーキ", "¥480")],
           ["税込", "在庫なし", "12:30に更新"]),
    "en": (["Home", "Apps", "Search", "Me"], [("Coffee", "$3.99"), ("Tea", "$2.50"), ("Cake", "£4")],
           ["Tax included", "Sold out", "Updated at 12:30"]),
}


def screen(lang, theme):
    tabs, prices, notes = SCREENS[lang]
    regular, bold = FONTS[lang]
    th = THEMES[theme]
    c = Canvas(360, 400, th["page"], 1)
    c.font(bold, 13, th["ink"])
    c.text(22, 12, "9:41")
    y = 60
    c.rect(th["card"], 14, y, 346, y + 44 * len(prices), 10)
    for i, (item, price) in enumerate(prices):
        if i:
            c.rect(th["sep"], 30, y, 346, y)
        c.font(regular, 13, th["ink"])
        c.row(y + 13, 30, item, 30, price)
        y += 44
    for size, note in zip((11, 12, 13), notes):
        y += 24
        c.font(regular, size, th["grey"])
        c.text(30, y, note)
    # The tab bar: a label under each icon, 11 px.
    c.rect(th["card"], 0, 340, 360, 400)
    for i, tab in enumerate(tabs):
        centre = 45 + i * 90
        c.circle(th["chevron"], centre, 356, 8)
        c.font(regular, 11, th["grey"])
        c.ctext(372, tab, left=centre - 45, right=centre + 45)
    return c


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(HERE.parents[1] / "bench" / "out" / "trust" / "shortlines"))
    out = Path(parser.parse_args().out)
    out.mkdir(parents=True, exist_ok=True)
    for lang in SCREENS:
        for theme in THEMES:
            screen(lang, theme).save(out / f"{lang}-short-{theme}.png")
    print(f"shortlines.py: wrote {len(SCREENS) * len(THEMES)} images to {out}")


if __name__ == "__main__":
    main()
