import TranslatePipeline

/// Which share of the inputs this process reads: `--shard K/N`, else a Kubernetes Indexed Job's
/// `JOB_COMPLETION_INDEX` (0-based, set by Kubernetes in every pod) with `JOB_COMPLETIONS`
/// (the Job's `completions`, which the manifest passes on: Kubernetes does not set it).
enum ShardSelection {
    static let indexVariable = "JOB_COMPLETION_INDEX"
    static let countVariable = "JOB_COMPLETIONS"

    /// The shard, or nil to read every input. The option wins over the environment. An index
    /// without a count (or a count without an index) is refused rather than guessed: every pod
    /// reading every input would multiply the work and the cost by N without a word.
    static func choose(option: Shard?, environment: [String: String]) throws(UsageError) -> Shard? {
        if let option { return option }
        let index = environment[indexVariable].flatMap { $0.isEmpty ? nil : $0 }
        let count = environment[countVariable].flatMap { $0.isEmpty ? nil : $0 }
        switch (index, count) {
        case (nil, nil):
            return nil
        case (let index?, nil):
            throw .invalidValue(option: indexVariable, value: index,
                                expected: "\(countVariable) set to the Job's completions beside it (or --shard K/N)")
        case (nil, let count?):
            throw .invalidValue(option: countVariable, value: count,
                                expected: "\(indexVariable) beside it (or --shard K/N)")
        case (let index?, let count?):
            guard let total = Int(count), total >= 1, total <= Shard.maxCount, count.allSatisfy({ $0.isASCII && $0.isNumber }) else {
                throw .invalidValue(option: countVariable, value: count, expected: "a whole number from 1 to \(Shard.maxCount)")
            }
            guard let zeroBased = Int(index), zeroBased >= 0, index.allSatisfy({ $0.isASCII && $0.isNumber }),
                  let shard = Shard(index: zeroBased + 1, count: total) else {
                throw .invalidValue(option: indexVariable, value: index, expected: "a whole number from 0 to \(total - 1)")
            }
            return shard
        }
    }
}
