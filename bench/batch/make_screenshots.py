#!/usr/bin/env python3
"""Renders phone screenshots for the batch benchmark, with their ground truth.

Four kinds of screen — a settings list, a chat, a shop list and a notification list, in light
and dark themes — filled deterministically from the Korean (and some English) UI text written
below. Screens share their labels and buttons the way the screens of one app do ("설정",
"취소", "확인" appear in many), which is what the translation cache is for.

Writes OUT/shot-NN.png and OUT/shot-NN.gt.txt (one line per visual line, in reading order).
Needs ImageMagick 6 (/usr/bin/convert) and fonts-noto-cjk. Deterministic: the same arguments
give the same images. Images that already exist are not rendered again.

Usage: bench/batch/make_screenshots.py [--count 48] [--out bench/out/screenshots] [--jobs 2]
"""
import argparse
import os
import random
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
CONVERT = "/usr/bin/convert"
SANS, BOLD = "Noto-Sans-CJK-KR", "Noto-Sans-CJK-KR-Bold"
W, H = 720, 1280

TITLES = ["설정", "알림", "내 정보", "장바구니", "메시지", "게임 설정", "환경 설정", "계정 관리"]
SETTINGS = [
    ("Wi-Fi", "HomeNet-5G"), ("Bluetooth", "켜짐"), ("모바일 데이터", "켜짐"), ("알림", "꺼짐"),
    ("화면 밝기", "자동"), ("언어", "한국어"), ("배터리", "87%"), ("저장 공간", "12.4GB 사용 가능"),
    ("개인정보 보호", "사용 중"), ("소리", "진동"), ("방해 금지 모드", "꺼짐"), ("위치 서비스", "앱 사용 중에만"),
    ("다크 모드", "켜짐"), ("글꼴 크기", "보통"), ("자동 업데이트", "Wi-Fi에서만"), ("백업", "매일"),
    ("배경 음악", "50%"), ("효과음", "켜짐"), ("그래픽 품질", "높음"), ("프레임 제한", "60 FPS"),
    ("자막", "한국어"), ("계정 연동", "Google"), ("푸시 알림", "켜짐"), ("앱 버전", "2.4.1"),
]
SECTIONS = ["네트워크", "일반", "디스플레이", "사운드", "계정", "게임", "개인정보"]
BUTTONS = ["변경 사항 저장", "확인", "취소", "다음", "모두 보기", "로그아웃", "초기화"]
CHAT = [
    "내일 발표 자료 다 준비됐어요?", "오늘 밤에 Google Drive 폴더에 올릴게요", "마지막 chart 하나만 고치면 돼요",
    "좋아요, 오후 3시 meeting 전에 봐요", "회의실은 제가 예약할게요", "점심 먹고 다시 이야기해요",
    "주문한 물건이 아직 안 왔어요", "배송 조회를 해 볼게요", "오늘 저녁에 시간 있어요?",
    "사진 잘 받았어요, 고마워요!", "이번 주말에 같이 등산 갈래요?", "비가 와서 일정을 바꿨어요",
    "새 버전 업데이트 했어요?", "로그인이 안 돼요", "비밀번호를 다시 설정해 주세요",
    "지금 출발합니다", "10분 정도 늦을 것 같아요", "영수증 보내 주세요", "확인했습니다",
    "내일 아침 9시에 만나요",
]
NAMES = ["지은", "민수", "서연", "Alex", "하준", "팀 프로젝트"]
PRODUCTS = [
    ("무선 이어폰", "89,000원"), ("충전 케이블 1m", "9,900원"), ("보조 배터리", "32,000원"),
    ("휴대폰 케이스", "15,000원"), ("블루투스 스피커", "54,000원"), ("스마트 워치", "199,000원"),
    ("노트북 거치대", "27,500원"), ("무선 마우스", "21,000원"), ("기계식 키보드", "119,000원"),
    ("USB 허브", "18,900원"), ("화면 보호 필름", "7,000원"), ("태블릿 펜", "45,000원"),
]
NOTIFICATIONS = [
    ("메시지", "새 메시지가 도착했습니다"), ("캘린더", "오후 2시 팀 회의"), ("택배", "상품이 배송 중입니다"),
    ("은행", "입금 50,000원이 완료되었습니다"), ("날씨", "오늘 오후에 비 소식이 있습니다"),
    ("게임", "일일 보상을 받으세요"), ("업데이트", "새 버전을 설치할 수 있습니다"),
    ("알람", "내일 오전 7시 알람"), ("쇼핑", "장바구니에 담은 상품이 할인 중입니다"),
    ("건강", "오늘 8,432걸음을 걸었습니다"),
]
TIMES = ["방금", "5분 전", "오전 9:12", "어제", "1시간 전", "오후 3:40"]


class Screen:
    """One screenshot: ImageMagick arguments and the ground truth, drawn in reading order."""

    def __init__(self, dark):
        self.dark = dark
        self.bg, self.card = ("#121212", "#1E1E1E") if dark else ("#F2F2F7", "white")
        self.ink, self.grey = ("#ECECEC", "#9A9AA0") if dark else ("#1C1C1E", "#6D6D72")
        self.args = ["-size", f"{W}x{H}", f"xc:{self.bg}"]
        self.truth = []

    def rect(self, color, x0, y0, x1, y1, radius=0):
        shape = f"roundrectangle {x0},{y0} {x1},{y1} {radius},{radius}" if radius else f"rectangle {x0},{y0} {x1},{y1}"
        self.args += ["-stroke", "none", "-fill", color, "-draw", shape]

    def _text(self, gravity, x, y, text, size, color, bold):
        self.args += ["-gravity", gravity, "-font", BOLD if bold else SANS, "-pointsize", str(size),
                      "-fill", color, "-annotate", f"+{x}+{y}", text.replace("\\", "\\\\").replace("%", "%%")]

    def text(self, x, y, text, size=25, color=None, bold=False):
        self._text("NorthWest", x, y, text, size, color or self.ink, bold)
        self.truth.append(text)

    def centred(self, y, text, size=25, color=None, bold=False):
        self._text("North", 0, y, text, size, color or self.ink, bold)
        self.truth.append(text)

    def row(self, y, left, right, size=25):
        self._text("NorthWest", 40, y, left, size, self.ink, False)
        self._text("NorthEast", 60, y, right, size, self.grey, False)
        self.truth.append(f"{left} {right}")

    def status_bar(self, title):
        self.text(32, 12, "9:41", 22, bold=True)
        self.rect(self.card, 0, 56, W - 1, 136)
        self.centred(76, title, 27, bold=True)


def settings(rng, screen):
    screen.status_bar(rng.choice(TITLES))
    y = 166
    rows = rng.sample(SETTINGS, 8)
    for section, chunk in zip(rng.sample(SECTIONS, 2), (rows[:4], rows[4:])):
        screen.text(40, y, section, 22, screen.grey)
        y += 44
        screen.rect(screen.card, 20, y, W - 21, y + 80 * len(chunk), 14)
        for label, value in chunk:
            screen.row(y + 21, label, value)
            y += 80
        y += 34
    screen.rect("#1E3A5F" if screen.dark else "#DCE8F9", 20, y + 16, W - 21, y + 100, 16)
    screen.centred(y + 38, rng.choice(BUTTONS), 26, "#6FB1FF" if screen.dark else "#0A64D8", True)


def chat(rng, screen):
    screen.status_bar(rng.choice(NAMES))
    screen.centred(160, rng.choice(["3월 12일 화요일", "오늘", "어제", "5월 2일 금요일"]), 22, screen.grey)
    y = 220
    for line in rng.sample(CHAT, 8):
        mine = rng.random() < 0.5
        width = 40 + 25 * len(line)
        width = min(width, W - 120)
        color = ("#263A52" if screen.dark else "#CFE3FF") if mine else screen.card
        x0 = W - 32 - width if mine else 32
        screen.rect(color, x0, y, x0 + width, y + 64, 22)
        screen.text(x0 + 20, y + 14, line, 24)
        y += 112
    screen.rect(screen.card, 24, H - 90, W - 110, H - 30, 30)
    screen.text(52, H - 76, "메시지 입력", 24, screen.grey)


def shop(rng, screen):
    screen.status_bar("장바구니")
    y = 170
    total = 0
    for name, price in rng.sample(PRODUCTS, 7):
        screen.rect(screen.card, 20, y, W - 21, y + 110, 14)
        screen.row(y + 20, name, price, 26)
        screen.text(40, y + 64, rng.choice(["수량 1개", "수량 2개", "무료 배송", "내일 도착 예정"]), 21, screen.grey)
        total += int(price.replace(",", "").replace("원", ""))
        y += 130
    screen.row(y + 20, "합계", f"{total:,}원", 28)
    screen.rect("#0A64D8", 20, y + 90, W - 21, y + 170, 16)
    screen.centred(y + 112, rng.choice(["주문하기", "결제하기", "다음"]), 27, "white", True)


def notifications(rng, screen):
    screen.status_bar("알림")
    y = 170
    for app, message in rng.sample(NOTIFICATIONS, 7):
        screen.rect(screen.card, 20, y, W - 21, y + 130, 18)
        screen.row(y + 18, app, rng.choice(TIMES), 24)
        screen.text(40, y + 68, message, 24)
        y += 148
    screen.centred(y + 20, "모두 지우기", 24, "#6FB1FF" if screen.dark else "#0A64D8", True)


KINDS = [settings, chat, shop, notifications]


def render(index, out):
    image, truth = out / f"shot-{index:03d}.png", out / f"shot-{index:03d}.gt.txt"
    if image.exists() and truth.exists():
        return
    rng = random.Random(index)
    screen = Screen(dark=index % 5 == 4)
    KINDS[index % len(KINDS)](rng, screen)
    staged = image.with_suffix(".tmp.png")
    subprocess.run([CONVERT, *screen.args, "-alpha", "off", "-strip", "-define", "png:exclude-chunks=date,time",
                    f"PNG24:{staged}"], check=True, env={**os.environ, "MAGICK_THREAD_LIMIT": "1", "LC_ALL": "C.UTF-8"})
    truth.write_text("\n".join(screen.truth) + "\n")
    staged.rename(image)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=48)
    parser.add_argument("--out", default=str(REPO / "bench" / "out" / "screenshots"))
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    with ThreadPoolExecutor(args.jobs) as pool:
        list(pool.map(lambda i: render(i, out), range(args.count)))
    print(f"make_screenshots: {args.count} screenshots in {out}", file=sys.stderr)


if __name__ == "__main__":
    sys.exit(main())
