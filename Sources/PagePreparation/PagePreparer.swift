internal import CTesseract
import Foundation
import TranslateModel

/// A page made ready for Tesseract, with the way back to the original's coordinates.
package struct PreparedPage {
    package var image: LeptonicaImage
    package var map: CoordinateMap
    package var report: PreparationReport
    /// The page as dark text on white, before straightening and enlarging: what orientation
    /// detection looks at.
    package var normalized: GrayImage
    /// Whether the polarity-normalised page was used (rather than the grey page as it is).
    package var usedNormalized: Bool
}

/// Prepares one grey page for Tesseract: polarity per region, small-angle deskew and enlarging
/// of small text. Each step runs only where it helps, and says why in the page's report.
package struct PagePreparer: Sendable {
    var normalizer = PolarityNormalizer()
    /// The thresholds of its steps.
    var tuning: PreparationTuning

    package init(tuning: PreparationTuning) {
        self.tuning = tuning
    }

    /// The longest side an enlarged page may have: Tesseract keeps coordinates in 16 bits, and
    /// fails to read a page longer than this (a long PDF page drawn 32767 pixels long, whose
    /// small text asked to be enlarged twice, was not read at all).
    static let largestSide = 32767

    /// How to choose between the normalised page and the grey page as it is.
    package enum Polarity: Sendable {
        /// Normalise when there is light text or a dark background.
        case automatic
        /// Always use the normalised page.
        case normalized
        /// Always use the grey page as it is.
        case asIs
    }

    /// Prepares `gray`, the page after the steps already in `map` (an orthogonal turn).
    package func prepare(_ gray: GrayImage, map startMap: CoordinateMap, report startReport: PreparationReport,
                 polarity: Polarity = .automatic) -> PreparedPage? {
        var report = startReport
        var map = startMap
        var (normalized, regions) = normalizer.normalizeKeepingRegions(gray)
        var size = TextSize.measure(normalized.image)
        // Only on a drawn page: a photo's backgrounds are grainy, and the grown seed lost a
        // squeezed Thai sign's panel (docs/experiments/screenshot-ocr.md,
        // "The seed grown with the page's text").
        if let regions, let radius = normalizer.seedRadius(forTextHeight: size.textHeight), gray.flatness >= PhotoFlatness.drawn,
           let narrowed = normalizer.narrowed(regions, of: gray, seedRadius: radius) {
            normalized = narrowed
            size = TextSize.measure(normalized.image)
        }
        let needsNormalizing = normalized.lightTextShare >= tuning.lightTextThreshold
            || normalized.darkBackgroundShare >= tuning.darkBackgroundThreshold
        let useNormalized: Bool
        switch polarity {
        case .automatic: useNormalized = needsNormalizing
        case .normalized: useNormalized = true
        case .asIs: useNormalized = false
        }
        if useNormalized {
            report.add(.madeDarkOnWhite(lightTextShare: normalized.lightTextShare, regions: normalized.regionCount,
                                        darkBackgroundShare: normalized.darkBackgroundShare))
        } else {
            report.add(.greyAsItIs(darkTextOnLight: !needsNormalizing))
        }
        guard var image = (useNormalized ? normalized.readingImage : gray).leptonicaImage() else { return nil }

        if let skew = Self.skew(of: normalized.image, tuning: tuning) {
            guard let straightened = pixRotate(image.pix, Float(skew * .pi / 180), Int32(L_ROTATE_AREA_MAP),
                                               Int32(L_BRING_IN_WHITE), 0, 0) else { return nil }
            image = LeptonicaImage(owning: straightened)
            map.rotate(degrees: skew)
            report.add(.straightened(degrees: skew))
        }

        let factor = min(size.scaleFactor(tuning), Double(Self.largestSide) / Double(max(image.width, image.height)))
        if factor > 1 {
            guard let scaled = pixScaleGrayLI(image.pix, Float(factor), Float(factor)) else { return nil }
            image = LeptonicaImage(owning: scaled)
            map.scale(by: factor)
            report.add(.enlarged(factor: factor, textHeight: size.textHeight ?? 0))
        } else if let height = size.textHeight {
            report.add(.keptSize(textHeight: height, largestSide: size.scaleFactor(tuning) > 1 ? Self.largestSide : nil))
        }
        return PreparedPage(image: image, map: map, report: report, normalized: normalized.image, usedNormalized: useNormalized)
    }

    /// The page's skew in degrees (clockwise rotation that straightens it), when it is large
    /// enough to matter and Leptonica is confident about it.
    static func skew(of normalized: GrayImage, tuning: PreparationTuning) -> Double? {
        guard let image = normalized.leptonicaImage(), let binary = pixThresholdToBinary(image.pix, 128) else { return nil }
        let owned = LeptonicaImage(owning: binary)
        var angle: Float = 0, confidence: Float = 0
        guard pixFindSkew(owned.pix, &angle, &confidence) == 0 else { return nil }
        guard abs(angle) >= Float(tuning.minimumSkew), confidence >= Float(tuning.minimumSkewConfidence) else { return nil }
        return Double(angle)
    }
}
