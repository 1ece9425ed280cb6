import FuzzTargets

@main
enum FuzzEntry {
    static func main() {
        FuzzProgram.main(
            fuzzing: { data, size in
                CommandLineTarget.run(UnsafeRawBufferPointer(start: data, count: size))
                return 0
            },
            replaying: { "\(CommandLineTarget.run($0))" })
    }
}
