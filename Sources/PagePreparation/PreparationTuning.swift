/// The numbers preparation decides with: when text is small enough to enlarge and by how much,
/// when the polarity-normalised page is used, and when a skew is straightened.
///
/// Passed in by the reader: TextRecognition keeps them in `RecognitionTuning` ("Preparing a
/// page") with every other number reading is tuned with, each with its reason.
package struct PreparationTuning: Sendable {
    /// Shapes at least this tall are read well as they are.
    package var comfortableHeight: Int
    /// The height small text is enlarged to.
    package var textTargetHeight: Int
    /// Never enlarge more than this.
    package var maximumEnlargement: Double
    /// Light text covering at least this share of the text makes the normalised page worth using.
    package var lightTextThreshold: Double
    /// Dark backgrounds covering at least this share of the background, likewise.
    package var darkBackgroundThreshold: Double
    /// Smallest skew, in degrees, worth straightening.
    package var minimumSkew: Double
    /// The confidence Leptonica must have in a skew for the page to be straightened.
    package var minimumSkewConfidence: Double

    package init(comfortableHeight: Int, textTargetHeight: Int, maximumEnlargement: Double, lightTextThreshold: Double,
                 darkBackgroundThreshold: Double, minimumSkew: Double, minimumSkewConfidence: Double) {
        self.comfortableHeight = comfortableHeight
        self.textTargetHeight = textTargetHeight
        self.maximumEnlargement = maximumEnlargement
        self.lightTextThreshold = lightTextThreshold
        self.darkBackgroundThreshold = darkBackgroundThreshold
        self.minimumSkew = minimumSkew
        self.minimumSkewConfidence = minimumSkewConfidence
    }
}
