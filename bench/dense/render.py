#!/usr/bin/env python3
"""Dense Korean app screens: label and grey value on one row, prices, notes in small type, tab bars.

Draws each of four screens (bank transfer, café menu, storage, delivery status) at 1x (15 px
body text, 11-12 px notes and tabs) and 2x, light and dark, with the drawing primitives of
bench/screenshots/render.py, into bench/out/dense/ with NAME.gt.txt (one visual line per line; a
label and its value are one line joined by a space; a tab bar is one line) and manifest.tsv.
Screens 1 and 3 (transfer, storage) are the tune half, 2 and 4 (menu, delivery) held out.

Usage: bench/dense/render.py [--out DIR]
"""
import argparse
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "screenshots"))
from render import THEMES, Canvas  # noqa: E402

REGULAR, BOLD = "Noto-Sans-CJK-KR", "Noto-Sans-CJK-KR-Bold"
ACCENT = {"light": "#1B64DA", "dark": "#3182F6"}

SCREENS = {
    "transfer": dict(half="tune", title="이체 확인", rows=[("받는 분", "홍길동"), ("은행", "국민은행 123-45-6789"),
                                                        ("보낼 금액", "150,000원"), ("수수료", "0원")],
                     note="이체 후에는 취소할 수 없습니다.", button="이체하기", tabs=None),
    "menu": dict(half="held-out", title="카페 메뉴", rows=[("아메리카노", "₩4,500"), ("카페 라테", "₩5,000"),
                                                        ("바닐라 라테", "₩5,500"), ("자몽 에이드", "₩6,000")],
                 note="모든 음료는 샷 추가 가능 (+500원)", button=None, tabs=["홈", "주문", "쿠폰", "MY"]),
    "storage": dict(half="tune", title="저장 공간", rows=[("사용 중", "48.2GB / 128GB"), ("사진", "21.5GB"), ("앱", "12.8GB"),
                                                       ("메시지", "3.1GB"), ("시스템", "10.8GB")],
                    note="사용 가능한 공간 79.8GB (62%)", button=None, tabs=["홈", "검색", "설정"]),
    "delivery": dict(half="held-out", title="배송 조회", rows=[("주문 번호", "2026-1204-0391"), ("상태", "배송 중 → 도착 예정"),
                                                            ("도착 예정", "12월 5일 (토) 오후"), ("택배사", "한진택배")],
                     note="배송 기사님 연락처는 출발 후 표시됩니다.", button=None, tabs=["홈", "주문", "앱"]),
}


def screen(name, theme, scale):
    spec, th = SCREENS[name], THEMES[theme]
    rows = spec["rows"]
    height = 100 + 34 * len(rows) + 40 + (56 if spec["button"] else 0) + (50 if spec["tabs"] else 0)
    c = Canvas(360, height, th["card"], scale)
    c.font(BOLD, 17, th["ink"])
    c.text(20, 24, spec["title"])
    y = 72
    for label, value in rows:
        c.font(REGULAR, 15, th["grey"])
        name_style = c.style
        c.style = (REGULAR, 15 * scale, th["grey"])
        c.text(20, y, label, truth=False)
        c.style = (BOLD, 15 * scale, th["ink"])
        c.rtext(20, y, value, truth=False)
        c.truth.append(f"{label} {value}")
        c.style = name_style
        y += 34
    c.rect(th["sep"], 20, y, 340, y)
    c.font(REGULAR, 12, th["grey"])
    c.text(20, y + 14, spec["note"])
    y += 48
    if spec["button"]:
        c.rect(ACCENT[theme], 20, y, 340, y + 44, 8)
        c.font(BOLD, 15, "#FFFFFF")
        c.ctext(y + 12, spec["button"])
        y += 56
    if spec["tabs"]:
        c.rect(th["sep"], 0, y, 360, y)
        tabs = spec["tabs"]
        c.font(REGULAR, 11, th["grey"])
        step = 360 // len(tabs)
        for i, tab in enumerate(tabs):
            c.circle(th["chevron"], step * i + step // 2, y + 14, 6)  # the tab's icon, drawn
            c.text(step * i + step // 2 - c.width_of(tab) // (2 * scale), y + 26, tab, truth=False)
        c.truth.append(" ".join(tabs))
    return c


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(HERE.parent / "out" / "dense"))
    args = parser.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    manifest = ["# file\thalf\tscale\ttheme\ttesseract languages"]
    for name, spec in SCREENS.items():
        for scale in (1, 2):
            for theme in ("light", "dark"):
                file = f"ko-{name}-{theme}@{scale}x.png"
                screen(name, theme, scale).save(out / file)
                manifest.append(f"{file}\t{spec['half']}\t{scale}x\t{theme}\tkor+eng")
    (out / "manifest.tsv").write_text("\n".join(manifest) + "\n", encoding="utf-8")
    print(f"render.py: wrote {len(manifest) - 1} images to {out}", file=sys.stderr)


if __name__ == "__main__":
    sys.exit(main())
