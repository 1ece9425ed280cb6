#!/usr/bin/env python3
"""Dense app screens: label and grey value on one row, prices, notes in small type, tab bars.

Draws each screen (six Korean ones: bank transfer, café menu, storage, delivery status, cart,
network; two each in Japanese, Simplified Chinese, English and German) at 1x (15 px body text,
12 px notes, 11 px tabs) and 2x, light and dark, with the drawing primitives of
bench/screenshots/render.py, into bench/out/dense/ with NAME.gt.txt (one visual line per line; a
label and its value are one line joined by a space; a tab bar is one line) and manifest.tsv.
Each language's screens are split between the tune half and the held-out half (`SCREENS`).
`--style roomy` and `--style compact` draw the same screens other ways (`LOOKS`) into
bench/out/dense-roomy/ and bench/out/dense-compact/.

Usage: bench/dense/render.py [--style plain|compact|roomy] [--out DIR]
"""
import argparse
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "screenshots"))
from render import THEMES, Canvas  # noqa: E402

FONTS = {"ko": ("Noto-Sans-CJK-KR", "Noto-Sans-CJK-KR-Bold"), "ja": ("Noto-Sans-CJK-JP", "Noto-Sans-CJK-JP-Bold"),
         "zh-CN": ("Noto-Sans-CJK-SC", "Noto-Sans-CJK-SC-Bold"), "en": ("Noto-Sans-Regular", "Noto-Sans-Bold"),
         "de": ("Noto-Sans-Regular", "Noto-Sans-Bold")}
TESSERACT = {"ko": "kor+eng", "ja": "jpn", "zh-CN": "chi_sim", "en": "eng", "de": "deu"}
ACCENT = {"light": "#1B64DA", "dark": "#3182F6"}

# Per language, screens of the tune half and screens held out; words written for this set.
SCREENS = {
    ("ko", "transfer"): dict(half="tune", title="이체 확인", rows=[("받는 분", "홍길동"), ("은행", "국민은행 123-45-6789"),
                                                              ("보낼 금액", "150,000원"), ("수수료", "0원")],
                             note="이체 후에는 취소할 수 없습니다.", button="이체하기", tabs=None),
    ("ko", "menu"): dict(half="held-out", title="카페 메뉴", rows=[("아메리카노", "₩4,500"), ("카페 라테", "₩5,000"),
                                                              ("바닐라 라테", "₩5,500"), ("자몽 에이드", "₩6,000")],
                         note="모든 음료는 샷 추가 가능 (+500원)", button=None, tabs=["홈", "주문", "쿠폰", "MY"]),
    ("ko", "storage"): dict(half="tune", title="저장 공간", rows=[("사용 중", "48.2GB / 128GB"), ("사진", "21.5GB"), ("앱", "12.8GB"),
                                                             ("메시지", "3.1GB"), ("시스템", "10.8GB")],
                            note="사용 가능한 공간 79.8GB (62%)", button=None, tabs=["홈", "검색", "설정"]),
    ("ko", "delivery"): dict(half="held-out", title="배송 조회", rows=[("주문 번호", "2026-1204-0391"), ("상태", "배송 중 → 도착 예정"),
                                                                  ("도착 예정", "12월 5일 (토) 오후"), ("택배사", "한진택배")],
                             note="배송 기사님 연락처는 출발 후 표시됩니다.", button=None, tabs=["홈", "주문", "앱"]),
    ("ko", "cart"): dict(half="tune", title="장바구니", rows=[("무선 이어폰", "₩89,000"), ("충전 케이블", "₩12,500"),
                                                          ("배송비", "₩3,000"), ("합계", "₩104,500")],
                         note="쿠폰은 결제 단계에서 적용됩니다.", button="결제하기", tabs=["홈", "카테고리", "장바구니", "MY"]),
    ("ko", "network"): dict(half="held-out", title="네트워크", rows=[("Wi-Fi", "켜짐"), ("블루투스", "꺼짐"), ("모바일 데이터", "사용 중"),
                                                                ("핫스팟", "2대 연결됨")],
                            note="비행기 모드에서는 통화가 제한됩니다.", button=None, tabs=["홈", "설정", "도움말"]),
    ("ja", "order"): dict(half="tune", title="注文確認", rows=[("ワイヤレスイヤホン", "¥8,980"), ("送料", "¥500"), ("ポイント利用", "-¥300"),
                                                           ("合計", "¥9,180")],
                          note="ご注文後のキャンセルはできません。", button="注文を確定する", tabs=["ホーム", "検索", "カート", "マイページ"]),
    ("ja", "account"): dict(half="held-out", title="アカウント", rows=[("名前", "佐藤 花子"), ("電話番号", "090-1234-5678"),
                                                                  ("会員ランク", "ゴールド"), ("ポイント", "1,250")],
                            note="変更は次回のログインから反映されます。", button=None, tabs=["ホーム", "通知", "設定"]),
    ("zh-CN", "cart"): dict(half="tune", title="购物车", rows=[("蓝牙耳机", "¥199"), ("数据线", "¥29"), ("运费", "¥10"), ("合计", "¥238")],
                            note="优惠券在结算时使用。", button="去结算", tabs=["首页", "分类", "购物车", "我的"]),
    ("zh-CN", "shop"): dict(half="held-out", title="店铺", rows=[("手机保护壳", "¥39"), ("无线充电器", "¥129"), ("屏幕贴膜", "¥25"),
                                                             ("营业时间", "09:00-21:00")],
                            note="满99元包邮，七天无理由退货。", button=None, tabs=["首页", "消息", "我的"]),
    ("en", "order"): dict(half="tune", title="Your order", rows=[("Wireless earbuds", "$59.99"), ("Shipping", "Free"), ("Tax", "$4.80"),
                                                               ("Total", "$64.79")],
                          note="You can cancel within 30 minutes.", button="Place order", tabs=["Home", "Search", "Cart", "Account"]),
    ("en", "battery"): dict(half="held-out", title="Battery", rows=[("Battery level", "87%"), ("Screen time", "3 h 12 min"),
                                                                  ("Low power mode", "Off"), ("Battery health", "94%")],
                            note="Charging pauses at 80% to protect the battery.", button=None, tabs=["Home", "Stats", "Settings"]),
    ("de", "order"): dict(half="tune", title="Bestellung", rows=[("Kopfhörer", "59,99 €"), ("Versand", "4,90 €"), ("Rabatt", "-5,00 €"),
                                                               ("Gesamt", "59,89 €")],
                          note="Lieferung in 2-3 Werktagen.", button="Jetzt kaufen", tabs=["Start", "Suche", "Warenkorb", "Konto"]),
    ("de", "settings"): dict(half="held-out", title="Einstellungen", rows=[("Mitteilungen", "Ein"), ("Sprache", "Deutsch"),
                                                                         ("Datenschutz", "Geändert"), ("Speicher", "12,4 GB frei")],
                             note="Änderungen gelten ab dem nächsten Start.", button=None, tabs=["Start", "Profil", "Hilfe"]),
}


# How a screen is drawn: sizes in 1x pixels. `plain` is the first drawing; `roomy` draws the same
# screens with larger rows ending in chevrons, values in grey, and outlined tab icons; `compact`
# with small rows close together and regular-weight values.
LOOKS = {
    "plain": dict(width=360, margin=20, title=17, top=72, body=15, row=34, labels="grey", values=("bold", "ink", 20),
                  chevrons=False, note=12, after_note=48, button=(44, 8, 56), tabs=11, tab_bar=50, icon="dot", extra=40, base=100),
    "compact": dict(width=390, margin=16, title=16, top=52, body=14, row=26, labels="grey", values=("regular", "ink", 16),
                    chevrons=False, note=11, after_note=40, button=(40, 8, 50), tabs=10, tab_bar=46, icon="dot", extra=34, base=80),
    "roomy": dict(width=390, margin=16, title=20, top=80, body=17, row=42, labels="ink", values=("regular", "grey", 36),
                  chevrons=True, note=13, after_note=52, button=(46, 12, 60), tabs=12, tab_bar=60, icon="square", extra=46, base=110),
}


def screen(language, name, theme, scale, look="plain"):
    spec, th, lk = SCREENS[(language, name)], THEMES[theme], LOOKS[look]
    REGULAR, BOLD = FONTS[language]
    rows = spec["rows"]
    width, margin = lk["width"], lk["margin"]
    button_height, button_radius, button_step = lk["button"]
    height = lk["base"] + lk["row"] * len(rows) + lk["extra"] + (button_step if spec["button"] else 0) + (lk["tab_bar"] if spec["tabs"] else 0)
    c = Canvas(width, height, th["card"], scale)
    c.font(BOLD, lk["title"], th["ink"])
    c.text(margin, 24, spec["title"])
    y = lk["top"]
    value_weight, value_ink, value_margin = lk["values"]
    for label, value in rows:
        c.style = (REGULAR, lk["body"] * scale, th[lk["labels"]])
        c.text(margin, y, label, truth=False)
        c.style = (BOLD if value_weight == "bold" else REGULAR, lk["body"] * scale, th[value_ink])
        c.rtext(value_margin, y, value, truth=False)
        if lk["chevrons"]:
            c.chevron(th["chevron"], width - 28, y + 3)
        c.truth.append(f"{label} {value}")
        y += lk["row"]
    c.rect(th["sep"], margin, y, width - margin, y)
    c.font(REGULAR, lk["note"], th["grey"])
    c.text(margin, y + 14, spec["note"])
    y += lk["after_note"]
    if spec["button"]:
        c.rect(ACCENT[theme], margin, y, width - margin, y + button_height, button_radius)
        c.font(BOLD, lk["body"], "#FFFFFF")
        c.ctext(y + 12, spec["button"])
        y += button_step
    if spec["tabs"]:
        c.rect(th["sep"], 0, y, width, y)
        tabs = spec["tabs"]
        c.font(REGULAR, lk["tabs"], th["grey"])
        step = width // len(tabs)
        for i, tab in enumerate(tabs):
            x = step * i + step // 2
            # The tab's icon, drawn: a filled dot, or an outlined square.
            if lk["icon"] == "dot":
                c.circle(th["chevron"], x, y + 14, 6)
                label_y = y + 26
            else:
                c.polyline(th["grey"], 2, [(x - 9, y + 8), (x + 9, y + 8), (x + 9, y + 24), (x - 9, y + 24), (x - 9, y + 8)])
                label_y = y + 32
            c.text(x - c.width_of(tab) // (2 * scale), label_y, tab, truth=False)
        c.truth.append(" ".join(tabs))
    return c


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--style", default="plain", choices=sorted(LOOKS))
    parser.add_argument("--out")
    args = parser.parse_args()
    out = Path(args.out or HERE.parent / "out" / ("dense" if args.style == "plain" else f"dense-{args.style}"))

    out.mkdir(parents=True, exist_ok=True)
    manifest = ["# file\thalf\tscale\ttheme\ttesseract languages"]
    for (language, name), spec in SCREENS.items():
        for scale in (1, 2):
            for theme in ("light", "dark"):
                file = f"{language}-{name}-{theme}@{scale}x.png"
                screen(language, name, theme, scale, args.style).save(out / file)
                manifest.append(f"{file}\t{spec['half']}\t{scale}x\t{theme}\t{TESSERACT[language]}")
    (out / "manifest.tsv").write_text("\n".join(manifest) + "\n", encoding="utf-8")
    print(f"render.py: wrote {len(manifest) - 1} images to {out}", file=sys.stderr)


if __name__ == "__main__":
    sys.exit(main())
