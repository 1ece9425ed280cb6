import Foundation
import Testing
@testable import TranslateCLI
@testable import TranslatePipeline
import TranslateModel
import TestSupport

/// `--shard K/N`: which process reads which input.
@Suite struct ShardTests {
    private func inputs(_ paths: [String]) -> [BatchInput] {
        paths.map { BatchInput(source: .file("/data/shots/" + $0), outputPath: $0) }
    }

    private let names = (0..<600).map { "app/screen-\($0 / 20)/shot \($0).png" }

    @Test func everyInputFallsToExactlyOneShard() {
        let all = inputs(names)
        for count in [1, 2, 3, 5, 8] {
            var seen: [String: Int] = [:]
            for index in 1...count {
                for input in Shard(index: index, count: count)!.share(of: all) {
                    seen[input.outputPath!, default: 0] += 1
                }
            }
            #expect(seen.count == names.count, "\(count) shards")
            #expect(seen.values.allSatisfy { $0 == 1 }, "\(count) shards")
        }
    }

    @Test func sharesAreEvenEnough() {
        let all = inputs(names)
        // 150 each on average; a hash that spread names badly would leave one shard most of them.
        let sizes = (1...4).map { Shard(index: $0, count: 4)!.share(of: all).count }
        #expect(sizes.allSatisfy { (100...200).contains($0) }, "\(sizes)")
    }

    @Test func aShareDependsOnlyOnTheInputsOwnPath() {
        let shard = Shard(index: 2, count: 3)!
        let before = Set(shard.share(of: inputs(names)).map(\.outputPath))
        // New files, in any order, and a different place on disk: the old ones stay where they were.
        let more = names + (0..<200).map { "app/new/\($0).png" }
        let moved = more.reversed().map { BatchInput(source: .file("/mnt/other/" + $0), outputPath: $0) }
        let after = Set(shard.share(of: moved).map(\.outputPath))
        #expect(before.isSubset(of: after))
        #expect(after.subtracting(before).allSatisfy { $0!.hasPrefix("app/new/") })
    }

    @Test func theHashIsFixedAcrossRunsAndMachines() {
        // Pinned values (worked out apart from this code, with Python): a change here would send
        // every input of a half-done fleet run to another shard.
        #expect(Shard.stableHash("") == 0xf52a_15e9_a9b5_e89b)
        #expect(Shard.stableHash("a.png") == 0xd0f4_8356_9cce_eb56)
        #expect((1...4).filter { Shard(index: $0, count: 4)!.contains(key: "shots/menu.png") } == [4])
    }

    @Test func inputsWithoutAnOutputPathGoByTheirName() {
        let standardInput = BatchInput(source: .standardInput, outputPath: nil)
        let owners = (1...3).filter { !Shard(index: $0, count: 3)!.share(of: [standardInput]).isEmpty }
        #expect(owners.count == 1)
    }

    @Test func parsesKOverN() {
        #expect(Shard(parsing: "1/1") == Shard(index: 1, count: 1))
        #expect(Shard(parsing: "3/8") == Shard(index: 3, count: 8))
        for bad in ["0/2", "3/2", "1/0", "2", "1/2/3", "-1/2", "+1/2", " 1/2", "1 /2", "a/b", "1/", "/2", "1/1000001", "１/２"] {
            #expect(Shard(parsing: bad) == nil, "\(bad)")
        }
    }

    @Test func optionErrorsAreUsageErrors() throws {
        #expect(try CommandOptions(parsing: ["a.png", "--ocr-only", "--shard", "2/4"]).shard == Shard(index: 2, count: 4))
        #expect(throws: UsageError.invalidValue(option: "--shard", value: "5/4",
                                                expected: "K/N with whole numbers 1 ≤ K ≤ N ≤ 1000000, like 2/8")) {
            try CommandOptions(parsing: ["a.png", "--ocr-only", "--shard", "5/4"])
        }
    }

    @Test func indexedJobEnvironmentChoosesTheShard() throws {
        #expect(try ShardSelection.choose(option: nil, environment: [:]) == nil)
        #expect(try ShardSelection.choose(option: nil, environment: ["JOB_COMPLETION_INDEX": "0", "JOB_COMPLETIONS": "4"])
                == Shard(index: 1, count: 4))
        #expect(try ShardSelection.choose(option: nil, environment: ["JOB_COMPLETION_INDEX": "3", "JOB_COMPLETIONS": "4"])
                == Shard(index: 4, count: 4))
        // The option wins.
        #expect(try ShardSelection.choose(option: Shard(index: 1, count: 2), environment: ["JOB_COMPLETION_INDEX": "3", "JOB_COMPLETIONS": "4"])
                == Shard(index: 1, count: 2))
        let refused: [[String: String]] = [
            ["JOB_COMPLETION_INDEX": "0"], ["JOB_COMPLETIONS": "4"],
            ["JOB_COMPLETION_INDEX": "4", "JOB_COMPLETIONS": "4"], ["JOB_COMPLETION_INDEX": "-1", "JOB_COMPLETIONS": "4"],
            ["JOB_COMPLETION_INDEX": "0", "JOB_COMPLETIONS": "0"], ["JOB_COMPLETION_INDEX": "x", "JOB_COMPLETIONS": "4"],
            ["JOB_COMPLETION_INDEX": "0", "JOB_COMPLETIONS": "+4"],
        ]
        for environment in refused {
            #expect(throws: UsageError.self, "\(environment)") { try ShardSelection.choose(option: nil, environment: environment) }
        }
        #expect(throws: UsageError.invalidValue(option: "JOB_COMPLETION_INDEX", value: "4", expected: "a whole number from 0 to 3")) {
            try ShardSelection.choose(option: nil, environment: ["JOB_COMPLETION_INDEX": "4", "JOB_COMPLETIONS": "4"])
        }
    }

    @Test func aCacheURLThatDoesNotParseIsRefusedWithoutItsPassword() {
        #expect(throws: UsageError.invalidValue(option: "--cache-url", value: "redis://…@h:x", expected: "a port from 1 to 65535 in redis://host:port/db")) {
            try CommandOptions(parsing: ["a.png", "--to", "en", "--cache-url", "redis://ann:secret@h:x"])
        }
        #expect(throws: UsageError.conflictingOptions("--no-cache", "--cache-url")) {
            try CommandOptions(parsing: ["a.png", "--to", "en", "--no-cache", "--cache-url", "redis://h"])
        }
    }
}
