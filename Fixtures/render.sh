#!/usr/bin/env bash
# Renders the OCR test images in Fixtures/images/ from the text written below,
# together with their ground truth (NAME.gt.txt, one visual line per line).
#
# The text lives only here: every string drawn on an image is also appended to
# that image's ground truth by the same helper call, so the two cannot drift.
#
# Needs: ImageMagick 6 (/usr/bin/convert) and fonts-noto-cjk. Nothing else.
# Deterministic and idempotent: the same inputs give byte-identical files.
#
# Usage: Fixtures/render.sh            (from anywhere)
set -euo pipefail

readonly CONVERT=/usr/bin/convert
readonly HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
readonly OUT="$HERE/images"

# Fonts from fonts-noto-cjk (Latin, Hangul and CJK in one family).
readonly SANS=Noto-Sans-CJK-KR
readonly SANS_BOLD=Noto-Sans-CJK-KR-Bold
readonly SERIF=Noto-Serif-CJK-KR
readonly SERIF_BOLD=Noto-Serif-CJK-KR-Bold

# Keep ImageMagick's output independent of the machine and the clock.
export MAGICK_THREAD_LIMIT=1 OMP_THREAD_LIMIT=1
export TZ=UTC LC_ALL=C.UTF-8
unset MAGICK_FONT_PATH MAGICK_CONFIGURE_PATH 2>/dev/null || true

die() { printf 'render.sh: %s\n' "$*" >&2; exit 1; }

[[ -x $CONVERT ]] || die "$CONVERT not found (install imagemagick)"
fonts="$("$CONVERT" -list font)"
for f in "$SANS" "$SANS_BOLD" "$SERIF" "$SERIF_BOLD"; do
    grep -qx "  Font: $f" <<<"$fonts" || die "font $f not found (install fonts-noto-cjk)"
done
unset fonts

# ---------------------------------------------------------------------------
# A tiny drawing language. One image (or one TIFF page) at a time:
#   canvas W H BG          start a page
#   font NAME SIZE COLOR   current text style
#   text X Y STR           STR with its top-left at (X,Y); one ground-truth line
#   rtext X Y STR          STR with its right edge X pixels from the right border
#   ctext Y STR            STR centred horizontally
#   row Y XL LEFT XR RIGHT LEFT at XL, RIGHT right-aligned XR from the right;
#                          one ground-truth line "LEFT RIGHT"
#   rect/rrect/circle/stroke ...   shapes without text
#   save_png NAME          write images/NAME.png and images/NAME.gt.txt
# Ground-truth lines are kept in drawing order, so draw in reading order.
# ---------------------------------------------------------------------------

W=0 H=0 BG= FONT= SIZE= COLOR=
ARGS=() GT=() PAGES=()

canvas() {
    W=$1 H=$2 BG=$3
    ARGS=(-size "${W}x${H}" "xc:$BG")
    GT=()
}

font() { FONT=$1 SIZE=$2 COLOR=$3; }

# ImageMagick expands %-escapes and backslashes in -annotate text.
escape() {
    local s=${1//\\/\\\\}
    printf '%s' "${s//%/%%}"
}

# Width in pixels of STR in the current font.
measure() {
    "$CONVERT" -density 72 -font "$FONT" -pointsize "$SIZE" "label:$(escape "$1")" -format '%w' info:
}

# Fails if STR drawn from x=LEFT would leave the canvas.
check_fits() {
    local left=$1 str=$2 w
    w=$(measure "$str")
    ((left >= 0 && left + w <= W)) || die "text does not fit (x=$left w=$w canvas=$W): $str"
}

draw() { # GRAVITY X Y STR
    [[ $4 != @* ]] || die "text must not start with @ (ImageMagick reads it as a file name): $4"
    ARGS+=(-gravity "$1" -stroke none -strokewidth 1 -font "$FONT" -pointsize "$SIZE"
           -fill "$COLOR" -annotate "+$2+$3" "$(escape "$4")")
}

text()  { check_fits "$1" "$3"; draw NorthWest "$1" "$2" "$3"; GT+=("$3"); }
rtext() { local w; w=$(measure "$3"); check_fits $((W - $1 - w)) "$3"; draw NorthEast "$1" "$2" "$3"; GT+=("$3"); }
ctext() { local w; w=$(measure "$2"); check_fits $(((W - w) / 2)) "$2"; draw North 0 "$1" "$2"; GT+=("$2"); }

# Sets TEXT from x=LEFT, y=TOP in lines at most WIDTH pixels wide, broken at spaces as a
# screen wraps a paragraph, each line STEP pixels below the one before; sets Y to the next line's y.
paragraph() { # LEFT TOP WIDTH STEP TEXT
    local left=$1 width=$3 step=$4 line='' word
    Y=$2
    for word in $5; do
        if [[ -n $line ]] && (($(measure "$line $word") > width)); then
            text "$left" "$Y" "$line"
            Y=$((Y + step)) line=$word
        else
            line=${line:+$line }$word
        fi
    done
    [[ -z $line ]] || { text "$left" "$Y" "$line"; Y=$((Y + step)); }
}

row() { # Y XL LEFT XR RIGHT [RIGHT_COLOR]
    local y=$1 xl=$2 left=$3 xr=$4 right=$5 rcolor=${6:-$COLOR} lcolor=$COLOR wl wr
    wl=$(measure "$left"); wr=$(measure "$right")
    ((xl + wl + 24 <= W - xr - wr)) || die "row too wide: $left | $right"
    draw NorthWest "$xl" "$y" "$left"
    COLOR=$rcolor; draw NorthEast "$xr" "$y" "$right"; COLOR=$lcolor
    GT+=("$left $right")
}

rect()   { ARGS+=(-stroke none -fill "$1" -draw "rectangle $2,$3 $4,$5"); }
rrect()  { ARGS+=(-stroke none -fill "$1" -draw "roundrectangle $2,$3 $4,$5 $6,$6"); }
circle() { ARGS+=(-stroke none -fill "$1" -draw "circle $2,$3 $(($2 + $4)),$3"); }
stroke() { ARGS+=(-fill none -stroke "$1" -strokewidth "$2" -draw "$3"); }

toggle() { # X Y ON(1/0): an iOS-style switch, 64x36, top-left at X,Y
    local x=$1 y=$2 on=$3
    if ((on)); then
        rrect '#34C759' "$x" "$y" $((x + 64)) $((y + 36)) 18
        circle white $((x + 46)) $((y + 18)) 15
    else
        rrect '#E3E3E8' "$x" "$y" $((x + 64)) $((y + 36)) 18
        circle white $((x + 18)) $((y + 18)) 15
    fi
}

chevron() { stroke "$1" 3 "polyline $2,$3 $(($2 + 9)),$(($3 + 10)) $2,$(($3 + 20))"; }

# No timestamps or other varying chunks in the files.
readonly CLEAN=(-alpha off -strip -define png:exclude-chunks=date,time)

STAGE=""
write_gt() { # FILE, from GT
    printf '%s\n' "${GT[@]}" >"$1"
}

save_png() {
    "$CONVERT" "${ARGS[@]}" "${CLEAN[@]}" "PNG24:$STAGE/$1.png"
    write_gt "$STAGE/$1.gt.txt"
}

# Multi-page TIFF: add_page after each page, then save_tiff.
add_page() { # GT_FILE_NAME
    PAGES+=("(" "${ARGS[@]}" ")")
    write_gt "$STAGE/$1"
}

save_tiff() {
    "$CONVERT" "${PAGES[@]}" "${CLEAN[@]}" -type TrueColor -depth 8 -compress LZW \
        -units PixelsPerInch -density 150 "TIFF:$STAGE/$1.tif"
    PAGES=()
}

# ---------------------------------------------------------------------------
# 1. korean-menu.png: a restaurant menu, dark text on cream, 32 px items.
# ---------------------------------------------------------------------------
korean_menu() {
    canvas 720 900 '#FBF6EA'
    rect '#8C2F1B' 0 0 719 11
    font "$SANS_BOLD" 40 '#2A1E14'
    ctext 52 '오늘의 메뉴'
    stroke '#C9B79C' 2 'line 60,128 660,128'
    font "$SANS" 32 '#2A1E14'
    local y=160
    while IFS='|' read -r dish price; do
        row "$y" 70 "$dish" 70 "$price"
        y=$((y + 64))
    done <<'EOF'
비빔밥 (Bibimbap)|9,000원
김치찌개|8,500원
된장찌개|8,000원
불고기 정식 (Bulgogi Set)|13,000원
해물파전|15,000원
잔치국수|7,000원
떡볶이|6,500원
공기밥 추가|1,000원
EOF
    stroke '#C9B79C' 2 "line 60,$((y + 6)) 660,$((y + 6))"
    font "$SANS" 26 '#5A4A3A'
    ctext $((y + 34)) '모든 메뉴는 포장 가능합니다'
    ctext $((y + 80)) '영업시간 11:00 - 21:00'
    save_png korean-menu
}

# ---------------------------------------------------------------------------
# 2. english-page.png: a document page, black serif on white, 24 px.
# ---------------------------------------------------------------------------
english_page() {
    canvas 1000 1100 white
    font "$SERIF_BOLD" 32 black
    text 110 110 'Notes on the Spring Garden Project'
    font "$SERIF" 24 black
    local y=190 line
    while IFS= read -r line; do
        if [[ -z $line ]]; then y=$((y + 22)); continue; fi
        text 110 "$y" "$line"
        y=$((y + 40))
    done <<'EOF'
The community garden on Elm Street will open again on the first
Saturday of April. Volunteers are asked to bring their own gloves,
a small trowel and a bottle of water. Seeds and compost will be
provided by the neighborhood association at no cost.

Each family may reserve one raised bed for the whole season. Beds
that are not planted by the middle of May will be offered to the
next household on the waiting list. Please water your plants early
in the morning or after sunset, and close the gate when you leave.
Questions can be left in the wooden box next to the tool shed.
EOF
    save_png english-page
    # The same page as a JPEG, for decoding tests (truncated JPEGs must be caught).
    "$CONVERT" "$STAGE/english-page.png" -strip -quality 85 "$STAGE/english-page.jpg"
}

# ---------------------------------------------------------------------------
# 3. mixed-screenshot.png: a light-theme settings screen, Korean and English.
# ---------------------------------------------------------------------------
mixed_screenshot() {
    canvas 720 1280 '#F2F2F7'
    local ink='#1C1C1E' grey='#6D6D72' sep='#D8D8DC' blue='#0A64D8'

    # Status bar and title bar.
    font "$SANS_BOLD" 22 "$ink"
    text 32 12 '9:41'
    stroke "$ink" 2 'roundrectangle 640,18 678,36 4,4'
    rect "$ink" 643 21 668 33
    rect "$ink" 680 23 683 31
    rect white 0 56 719 136
    stroke "$blue" 3 'polyline 44,82 32,96 44,110'
    font "$SANS_BOLD" 26 "$ink"
    ctext 76 '설정'
    rect "$sep" 0 136 719 137

    # A group of rows: a grey header, then a white card with separators.
    section() { # Y HEADER  (rows follow on stdin: LABEL|VALUE, VALUE "on"/"off" = switch)
        local y=$1 label value n=0
        font "$SANS" 22 "$grey"
        text 40 "$y" "$2"
        y=$((y + 44))
        local rows=()
        while IFS= read -r label; do rows+=("$label"); done
        rrect white 20 "$y" 699 $((y + 80 * ${#rows[@]})) 14
        for label in "${rows[@]}"; do
            value=${label#*|} label=${label%%|*}
            if ((n > 0)); then rect "$sep" 40 "$y" 699 "$y"; fi
            font "$SANS" 25 "$ink"
            case $value in
                on | off)
                    text 40 $((y + 21)) "$label"
                    toggle 610 $((y + 22)) "$([[ $value == on ]] && echo 1 || echo 0)" ;;
                *)
                    row $((y + 21)) 40 "$label" 66 "$value" "$grey"
                    chevron '#C4C4C7' 668 $((y + 30)) ;;
            esac
            y=$((y + 80)) n=$((n + 1))
        done
        SECTION_END=$y
    }

    section 166 '네트워크' <<'EOF'
Wi-Fi|HomeNet-5G
Bluetooth|켜짐
모바일 데이터|on
EOF
    section $((SECTION_END + 34)) '일반' <<'EOF'
알림|off
화면 밝기|자동
언어|한국어
Do Not Disturb|꺼짐
배터리|87%
EOF
    local y=$((SECTION_END + 50))
    rrect '#DCE8F9' 20 "$y" 699 $((y + 84)) 16      # a tinted (tonal) button
    font "$SANS_BOLD" 26 "$blue"
    ctext $((y + 22)) '변경 사항 저장'
    font "$SANS" 22 "$grey"
    ctext $((y + 128)) '버전 2.4.1'
    save_png mixed-screenshot
}

# ---------------------------------------------------------------------------
# 4. spanish-screenshot.png: a light-theme weather app in Spanish, 26 px.
# ---------------------------------------------------------------------------
spanish_screenshot() {
    canvas 720 1040 '#F4F7FB'
    local ink='#1B2430' grey='#5B6676' blue='#1769C2'
    rect '#DCEAF8' 0 0 719 120
    font "$SANS_BOLD" 30 "$ink"
    ctext 38 'El tiempo en Málaga'

    rrect white 28 160 691 520 18
    font "$SANS_BOLD" 28 "$ink"
    text 64 196 'Hoy: cielo despejado, 24 grados'
    font "$SANS" 26 "$ink"
    text 64 266 'Mañana habrá lluvia por la tarde.'
    text 64 326 '¿Necesitas un paraguas? Sí, llévalo.'
    text 64 386 'Según el aviso, también habrá viento.'
    text 64 446 '¡Buen día para pasear por la playa!'

    font "$SANS" 24 "$grey"
    text 48 566 'Última actualización: hace diez minutos'

    rrect "$blue" 28 650 691 738 16
    font "$SANS_BOLD" 27 white
    ctext 672 'Ver pronóstico semanal'
    save_png spanish-screenshot
}

# ---------------------------------------------------------------------------
# european-paragraph.png: one paragraph in five languages whose sentences run from one line onto
# the next, for paragraph-level reading in each box's own language.
# ---------------------------------------------------------------------------
european_paragraph() {
    canvas 1000 330 white
    font "$SERIF" 24 black
    local y=60 line
    while IFS= read -r line; do
        text 60 "$y" "$line"
        y=$((y + 40))
    done <<'EOF'
The quick brown fox jumps over the lazy dog. Der schnelle braune
Fuchs springt über den faulen Hund. Le renard brun saute par-dessus
le chien paresseux. El zorro marrón rápido salta sobre el perro
perezoso. A raposa marrom rápida salta sobre o cão preguiçoso.
EOF
    save_png european-paragraph
}

# ---------------------------------------------------------------------------
# catalan-notice.png: a notice in Catalan (à, è, ò, ç), for Catalan told from Spanish and
# translated with its own Apertium pair.
# ---------------------------------------------------------------------------
catalan_notice() {
    canvas 720 640 '#F6F4EF'
    local ink='#1F2328' grey='#5E6470' green='#2E7D4F'
    rect '#E3EFE6' 0 0 719 120
    font "$SANS_BOLD" 30 "$ink"
    ctext 38 'Biblioteca del barri'

    font "$SANS" 26 "$ink"
    text 48 176 'Avui obrim a les nou del matí.'
    text 48 236 'Si us plau, tanqueu la porta quan sortiu.'
    text 48 296 'Els llibres es tornen al taulell.'
    text 48 356 'Gràcies per la vostra paciència.'

    font "$SANS" 24 "$grey"
    text 48 446 'Darrera actualització: fa deu minuts'

    rrect "$green" 28 520 691 600 16
    font "$SANS_BOLD" 27 white
    ctext 540 'Consulteu els horaris'
    save_png catalan-notice
}

# ---------------------------------------------------------------------------
# spanish-notice.png: a station notice whose sentences wrap over several lines, for sentences
# translated whole and their translations set back on their lines.
# ---------------------------------------------------------------------------
spanish_notice() {
    canvas 600 500 white
    local ink='#202124' grey='#5F6368'
    font "$SANS_BOLD" 30 "$ink"
    ctext 40 'Aviso a los viajeros'
    font "$SANS" 24 "$ink"
    paragraph 48 120 500 38 'El tren que sale de Madrid a las ocho llega a Sevilla con dos horas de retraso por la tormenta de nieve.'
    paragraph 48 $((Y + 24)) 500 38 'Puede cambiar su billete sin coste en cualquier taquilla de la estación hasta el domingo.'
    font "$SANS" 22 "$grey"
    text 48 $((Y + 30)) 'Gracias por su paciencia.'
    save_png spanish-notice
}

# ---------------------------------------------------------------------------
# 5. english-two-pages.tif: two scanned-looking pages, different text each.
# ---------------------------------------------------------------------------
english_two_pages() {
    local page=1 y line
    for body in \
        'Meeting Notes, Tuesday
The printer on the second floor is fixed.
New badges will arrive next week.
Please return borrowed chairs to room 4.
Page 1 of 2' \
        'Action Items
Maria will order more paper for the lobby.
Tom will test the backup power on Friday.
The next meeting moves to Thursday at noon.
Page 2 of 2'; do
        canvas 1000 620 white
        y=90
        while IFS= read -r line; do
            if ((y == 90)); then                     # first line: the heading
                font "$SERIF_BOLD" 34 black; text 100 "$y" "$line"; y=$((y + 80))
            elif [[ $line == 'Page '* ]]; then       # last line: the page footer
                font "$SERIF" 22 black; ctext 530 "$line"
            else
                font "$SERIF" 28 black; text 100 "$y" "$line"; y=$((y + 56))
            fi
        done <<<"$body"
        add_page "english-two-pages.page$page.gt.txt"
        page=$((page + 1))
    done
    save_tiff english-two-pages
}

# ---------------------------------------------------------------------------
# 6. dark-korean.png: a dark-mode chat, light text, Korean with some English.
# ---------------------------------------------------------------------------
dark_korean() {
    canvas 720 1000 '#121212'
    local fg='#ECECEC' grey='#9A9AA0' bubble='#2C2C2E' mine='#263A52'
    rect '#1E1E1E' 0 0 719 96
    stroke '#4FA3FF' 3 'polyline 44,34 32,48 44,62'
    font "$SANS_BOLD" 26 "$fg"
    ctext 28 '팀 프로젝트'
    rect '#2A2A2A' 0 96 719 97

    font "$SANS" 22 "$grey"
    ctext 130 '3월 12일 화요일'

    bubble_left() { # Y TEXT
        local w; font "$SANS" 24 "$fg"; w=$(measure "$2")
        rrect "$bubble" 32 "$1" $((32 + w + 40)) $(($1 + 64)) 22
        text 52 $(($1 + 14)) "$2"
    }
    bubble_right() { # Y TEXT
        local w; font "$SANS" 24 '#FFFFFF'; w=$(measure "$2")
        rrect "$mine" $((688 - w - 40)) "$1" 688 $(($1 + 64)) 22
        rtext 52 $(($1 + 14)) "$2"
    }

    circle '#4A3F66' 52 210 20
    font "$SANS" 22 "$grey"
    text 84 196 '지은'
    bubble_left 236 '내일 발표 자료 다 준비됐어요?'
    bubble_right 336 '오늘 밤에 Google Drive 폴더에 올릴게요'
    bubble_right 416 '마지막 chart 하나만 고치면 돼요'
    font "$SANS" 22 "$grey"
    rtext 40 490 '오후 2:47'
    bubble_left 556 '좋아요, 오후 3시 meeting 전에 봐요'
    bubble_left 636 'Thanks! 회의실은 제가 예약할게요'

    rect '#1E1E1E' 0 900 719 999
    rrect '#2C2C2E' 24 920 600 980 30
    font "$SANS" 24 '#A8A8AE'
    text 52 934 '메시지 입력'
    circle '#0A84FF' 654 950 30
    stroke white 3 'polyline 642,950 666,950 polyline 656,940 666,950 656,960'
    save_png dark-korean
}

# ---------------------------------------------------------------------------
# Render everything into a staging directory, then move the files into place,
# so an interrupted run never leaves a half-written fixture behind.
STAGE="$(mktemp -d)"
trap 'rm -rf "$STAGE"' EXIT

korean_menu
english_page
mixed_screenshot
spanish_screenshot
catalan_notice
spanish_notice
european_paragraph
english_two_pages
dark_korean

mkdir -p "$OUT"
for f in "$STAGE"/*; do
    mv -f "$f" "$OUT/"
done
printf 'render.sh: wrote %s files to %s\n' "$(ls "$OUT" | wc -l)" "$OUT" >&2
