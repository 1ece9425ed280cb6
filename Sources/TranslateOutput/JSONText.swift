import Foundation

/// Minimal JSON serialisation with a fixed key order, so output is stable and diffable.
package enum JSONText {
    package static func string(_ value: String) -> String {
        var out = "\""
        out.reserveCapacity(value.utf8.count + 2)
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x2028 || scalar.value == 0x2029:
                out += String(format: "\\u%04x", scalar.value)
            default:
                out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    package static func optionalString(_ value: String?) -> String {
        value.map(string) ?? "null"
    }

    package static func optionalInt(_ value: Int?) -> String {
        value.map(String.init) ?? "null"
    }

    /// Confidences are reported with at most two decimals.
    package static func number(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        let rounded = (value * 100).rounded() / 100
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }

    package static func object(_ fields: [(String, String)]) -> String {
        "{" + fields.map { string($0.0) + ":" + $0.1 }.joined(separator: ",") + "}"
    }

    package static func array(_ items: [String]) -> String {
        "[" + items.joined(separator: ",") + "]"
    }
}
