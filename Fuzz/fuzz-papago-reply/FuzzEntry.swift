import FuzzTargets

@main
enum FuzzEntry {
    static func main() {
        FuzzProgram.main(
            fuzzing: { data, size in
                PapagoReplyTarget.run(UnsafeRawBufferPointer(start: data, count: size))
                return 0
            },
            replaying: { "\(PapagoReplyTarget.run($0))" })
    }
}
