#!/usr/bin/env bash
# Makes the HEIC and PDF fixtures from PNG fixtures that render.sh draws, with Debian's tools:
#   images/english-page.heic          english-page.png through heif-enc (x265, quality 90)
#   images/english-spanish-pages.pdf  english-page.png and spanish-screenshot.png as two pages,
#                                     each a 300 dpi scan (ImageMagick → TIFF, tiffcp, tiff2pdf)
# Tests check that each reads like its PNG original, page by page.
# Needs: libheif-examples (heif-enc), imagemagick, libtiff-tools (tiffcp, tiff2pdf).
set -euo pipefail

HERE="$(cd "$(dirname "$0")" && pwd)"
IMAGES="$HERE/images"
STAGE="$(mktemp -d)"
trap 'rm -rf "$STAGE"' EXIT

heif-enc --quality 90 --output "$STAGE/english-page.heic" "$IMAGES/english-page.png" >/dev/null

# A PDF page of a 300 dpi scan renders back at the scan's own size (PDF pages are drawn at 300 dpi).
for name in english-page spanish-screenshot; do
    convert "$IMAGES/$name.png" -units PixelsPerInch -density 300 -compress lzw "TIFF:$STAGE/$name.tif"
done
tiffcp "$STAGE/english-page.tif" "$STAGE/spanish-screenshot.tif" "$STAGE/pages.tif"
tiff2pdf -z -o "$STAGE/english-spanish-pages.pdf" "$STAGE/pages.tif"

mv -f "$STAGE/english-page.heic" "$STAGE/english-spanish-pages.pdf" "$IMAGES/"
printf 'convert.sh: wrote english-page.heic and english-spanish-pages.pdf to %s\n' "$IMAGES" >&2
