/// Properties every input must keep, checked by the fuzz targets: a broken one stops the run
/// like a crash does, so that libFuzzer saves the input that broke it.
enum Invariant {
    /// Stops with `message` unless `condition` holds.
    static func check(_ condition: Bool, _ message: @autoclosure () -> String) {
        if !condition { fatalError("invariant broken: " + message()) }
    }

    /// A message meant for one line of stderr holds no line break or other control character:
    /// a script reading stderr line by line must see one line per problem.
    static func isOneLine(_ text: String, _ what: String) {
        let control = text.unicodeScalars.first { $0.properties.generalCategory == .control }
        check(control == nil, "\(what) spans lines or holds a control character (U+\(String(control?.value ?? 0, radix: 16))): \(text.debugDescription)")
    }
}
