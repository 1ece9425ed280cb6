import PagePreparation
import TesseractReading
import TranslateModel

/// The images of one page that the reading policy asks for (`PageVariant`), each made once.
struct PageVariants {
    /// A variant's grey page (turned or not) with its coordinates and report, and the page
    /// prepared from it; nil when it could not be made.
    private struct Made {
        var gray: GrayImage
        var map: CoordinateMap
        var report: PreparationReport
        var prepared: PreparedPage
    }

    private let preparer: PagePreparer
    private var made: [PageVariant: Made?]

    /// `usual`: `gray`, whose coordinates are `start`, prepared the usual way.
    init(usual: PreparedPage, gray: GrayImage, start: CoordinateMap, preparer: PagePreparer) {
        self.preparer = preparer
        made = [.usual: Made(gray: gray, map: start, report: PreparationReport(), prepared: usual)]
    }

    /// `variant` prepared, made now if it was not before; nil when it cannot be made. An upright
    /// variant's finding must be in `findings`.
    mutating func prepared(_ variant: PageVariant, findings: [OrientationRequest: OrientationDetector.Finding?]) -> PreparedPage? {
        make(variant, findings: findings)?.prepared
    }

    private mutating func make(_ variant: PageVariant, findings: [OrientationRequest: OrientationDetector.Finding?]) -> Made? {
        if let known = made[variant] { return known }
        var result: Made?
        switch variant {
        case .usual:
            result = nil  // Made in `init`.
        case .upright(let request):
            if let base = make(request.variant, findings: findings), case let finding?? = findings[request],
               let turned = PageRecognizer.turnedUpright(base.gray, start: base.map, finding: finding),
               let prepared = preparer.prepare(turned.gray, map: turned.map, report: turned.report) {
                result = Made(gray: turned.gray, map: turned.map, report: turned.report, prepared: prepared)
            }
        case .otherPolarity(let of):
            if let base = make(of, findings: findings),
               let prepared = preparer.prepare(base.gray, map: base.map, report: base.report,
                                               polarity: base.prepared.usedNormalized ? .asIs : .normalized) {
                result = Made(gray: base.gray, map: base.map, report: base.report, prepared: prepared)
            }
        }
        made[variant] = .some(result)
        return result
    }
}
