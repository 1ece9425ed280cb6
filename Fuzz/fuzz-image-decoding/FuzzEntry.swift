import FuzzTargets

@main
enum FuzzEntry {
    static func main() {
        FuzzProgram.main(
            fuzzing: { data, size in
                ImageDecodingTarget.run(UnsafeRawBufferPointer(start: data, count: size))
                return 0
            },
            replaying: { "\(ImageDecodingTarget.run($0))" })
    }
}
