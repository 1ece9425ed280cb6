import Foundation
import TranslateModel

/// Encodes `application/x-www-form-urlencoded` bodies the way HTML forms do (WHATWG URL standard).
///
/// UTF-8 bytes outside `A–Z a–z 0–9 * - . _` are percent-encoded, a space becomes `+`; so `+`,
/// `&`, `=`, `%` and line breaks in a value arrive unchanged after decoding. Line breaks are
/// not normalised to CRLF.
public enum FormURLEncoding {
    /// Encodes the fields in order: `name=value&name=value`.
    public static func encode(_ fields: [(name: String, value: String)]) -> String {
        fields.map { encodeComponent($0.name) + "=" + encodeComponent($0.value) }.joined(separator: "&")
    }

    /// Encodes one name or value.
    public static func encodeComponent(_ string: String) -> String {
        var encoded = ""
        encoded.reserveCapacity(string.utf8.count)
        for byte in string.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "*"), UInt8(ascii: "-"), UInt8(ascii: "."),
                UInt8(ascii: "_"):
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            case UInt8(ascii: " "):
                encoded += "+"
            default:
                encoded += "%"
                encoded.unicodeScalars.append(hexDigit(byte >> 4))
                encoded.unicodeScalars.append(hexDigit(byte & 0x0F))
            }
        }
        return encoded
    }

    private static func hexDigit(_ value: UInt8) -> Unicode.Scalar {
        Unicode.Scalar(value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "A") + value - 10)
    }
}
