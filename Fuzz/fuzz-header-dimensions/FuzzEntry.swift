import FuzzTargets

@main
enum FuzzEntry {
    static func main() {
        FuzzProgram.main(
            fuzzing: { data, size in
                HeaderDimensionsTarget.run(UnsafeRawBufferPointer(start: data, count: size))
                return 0
            },
            replaying: { "\(HeaderDimensionsTarget.run($0))" })
    }
}
