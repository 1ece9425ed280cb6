internal import CTextDetection

/// Calls a C function that reports failure as a status plus a message, and turns a failure
/// into a `TextDetectionError` (`failure` builds the error for the function's own kind of
/// failure; bad arguments and memory exhaustion map the same everywhere).
func checkedCall(
    failure: (String) -> TextDetectionError,
    _ body: (_ message: UnsafeMutablePointer<CChar>, _ capacity: Int) -> CTextDetection_Status
) throws(TextDetectionError) {
    _ = try checkedStatus(failure: failure, accepting: CTextDetection_Status_ok, body)
}

/// `checkedCall` for a function with an answer besides success that is not a failure (such as
/// "no page found"): returns the status, `CTextDetection_Status_ok` or `accepted`.
func checkedStatus(
    failure: (String) -> TextDetectionError,
    accepting accepted: CTextDetection_Status,
    _ body: (_ message: UnsafeMutablePointer<CChar>, _ capacity: Int) -> CTextDetection_Status
) throws(TextDetectionError) -> CTextDetection_Status {
    var message = [CChar](repeating: 0, count: 512)
    let status = message.withUnsafeMutableBufferPointer { body($0.baseAddress!, $0.count) }
    if status == CTextDetection_Status_ok || status == accepted { return status }
    let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    switch status {
    case CTextDetection_Status_invalidArgument: throw .invalidArgument(text)
    case CTextDetection_Status_outOfMemory: throw .outOfMemory
    default: throw failure(text)
    }
}
