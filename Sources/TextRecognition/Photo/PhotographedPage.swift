import ImageDecoding
import PagePreparation
import TextDetection
import TranslateModel

/// A sheet of paper found in a photo and warped flat, to be read as a page; and the way back
/// from the flat page's pixels to the photo's, which is what results report.
///
/// Scanner apps do this: a page photographed at an angle on a desk loses its lines to
/// Tesseract's layout analysis (it reads nothing at a strong angle), while the same page
/// flattened reads nearly as well as a scan.
struct PhotographedPage {
    let outline: FoundPage
    /// The flattened page, as if it had been decoded from a file.
    let page: PageImage
    let gray: GrayImage
    private let toPhoto: Homography

    /// The sheet in `photo` (its grey pixels), flattened; nil when there is none (screenshots,
    /// signs, a page that fills the frame) or it cannot be flattened.
    init?(in photo: GrayImage, pageNumber: Int) {
        guard let found = try? PageFinder.findPage(pixels: photo.pixels, width: photo.width, height: photo.height,
                                                  bytesPerRow: photo.width, channels: 1),
              case let size = found.quadrilateral.flatPageSize(imageWidth: photo.width, imageHeight: photo.height),
              let toPhoto = found.quadrilateral.flatCropToImage(size: size),
              let crop = try? found.quadrilateral.flatCrop(pixels: photo.pixels, width: photo.width, height: photo.height,
                                                           bytesPerRow: photo.width, channels: 1, size: size)
        else { return nil }
        let gray = GrayImage(width: crop.width, height: crop.height, pixels: crop.pixels)
        guard let page = gray.leptonicaImage()?.pageImage(page: pageNumber) else { return nil }
        self.outline = found
        self.page = page
        self.gray = gray
        self.toPhoto = toPhoto
    }

    /// Puts every box and word of a result read on the flat page back into the photo's pixels:
    /// each box gets its four corners as `polygon` and their bounding box as its rectangle.
    func mapToPhoto(_ result: inout ImageResult, photoWidth: Int, photoHeight: Int) {
        for index in result.boxes.indices {
            let box = result.boxes[index]
            let outline = photoCorners(of: box.rect)
            result.boxes[index].rect = LineImage.boundingRect(outline, pageWidth: photoWidth, pageHeight: photoHeight)
            result.boxes[index].polygon = outline.map { PixelPoint(x: Int($0.x.rounded()), y: Int($0.y.rounded())) }
            for word in box.words.indices {
                result.boxes[index].words[word].rect = LineImage.boundingRect(
                    photoCorners(of: box.words[word].rect), pageWidth: photoWidth, pageHeight: photoHeight)
            }
        }
        for index in result.droppedBoxes.indices {
            result.droppedBoxes[index].rect = LineImage.boundingRect(photoCorners(of: result.droppedBoxes[index].rect),
                                                                     pageWidth: photoWidth, pageHeight: photoHeight)
        }
        result.width = photoWidth
        result.height = photoHeight
    }

    private func photoCorners(of rect: PixelRect) -> [Point] {
        let box = BoundingBox(x: Double(rect.x), y: Double(rect.y), width: Double(rect.width), height: Double(rect.height))
        return toPhoto.map(box).corners
    }
}
