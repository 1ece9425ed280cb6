/// The middle of a set of measurements, as the page rules take it.
enum Median {
    /// The middle value, or the mean of the two middle ones; 0 for no values.
    static func of(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.isEmpty ? 0
            : sorted.count % 2 == 1 ? sorted[sorted.count / 2]
            : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }

    /// The middle value, the upper of the two middle ones for an even count: a size that one of
    /// the boxes has. `values` must not be empty.
    static func upper(_ values: [Int]) -> Int {
        values.sorted()[values.count / 2]
    }
}
