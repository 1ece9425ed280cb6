import Foundation
import TranslateModel

/// Which boxes a translated picture draws over.
public enum BoxSelection {
    /// A box is redrawn when it has a translation that differs from its text, it is not
    /// already in the target language, and its text has letters (numbers, prices and symbols
    /// stay as they are).
    public static func isRedrawn(_ box: BoxResult, target: Language?) -> Bool {
        guard let translation = box.translation?.trimmingCharacters(in: .whitespacesAndNewlines), !translation.isEmpty,
              translation != box.text.trimmingCharacters(in: .whitespacesAndNewlines) else { return false }
        if let target, box.language == target { return false }
        return hasLetters(box.text)
    }

    static func hasLetters(_ text: String) -> Bool {
        text.unicodeScalars.contains { $0.properties.isAlphabetic }
    }

    /// The boxes drawn, grouped as they are set: the lines of a unit (a sentence wrapped over
    /// them) together when every one of them is redrawn and upright, every other box alone.
    public static func redrawnUnits(of result: ImageResult) -> [[BoxResult]] {
        var groups: [[BoxResult]] = []
        var groupOfUnit: [Int: Int] = [:]
        let whole = unitsDrawnWhole(of: result)
        for box in result.boxes where isRedrawn(box, target: result.target) {
            if let unit = box.unit, whole.contains(unit) {
                if let group = groupOfUnit[unit] {
                    groups[group].append(box)
                    continue
                }
                groupOfUnit[unit] = groups.count
            }
            groups.append([box])
        }
        return groups
    }

    /// Units of several lines that are set as one: each of their lines redrawn and upright,
    /// and the unit's whole translation known.
    private static func unitsDrawnWhole(of result: ImageResult) -> Set<Int> {
        var members: [Int: [BoxResult]] = [:]
        for box in result.boxes {
            if let unit = box.unit { members[unit, default: []].append(box) }
        }
        return Set(members.compactMap { unit, boxes in
            boxes.count > 1 && boxes.allSatisfy({ $0.polygon == nil && $0.unitTranslation != nil && isRedrawn($0, target: result.target) })
                ? unit : nil
        })
    }
}
