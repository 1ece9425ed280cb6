/// What was done to a page before Tesseract read it, and why: for `--verbose`.
public struct PreparationReport: Sendable, Equatable, CustomStringConvertible {
    /// One applied step or decision, such as "enlarged 2.5× (text 9 px tall)".
    public var steps: [String] = []

    public init(steps: [String] = []) {
        self.steps = steps
    }

    public mutating func add(_ step: String) {
        steps.append(step)
    }

    public var description: String {
        steps.isEmpty ? "read as it is" : steps.joined(separator: "; ")
    }
}
