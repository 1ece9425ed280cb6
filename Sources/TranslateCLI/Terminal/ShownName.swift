import TranslateModel

/// A file name as messages show it: on one line, whatever characters it holds.
///
/// A name may hold a newline (`touch $'a\nb.png'`); written as it is, it would split its
/// message over two lines, and a script reading stderr line by line would see two problems.
enum ShownName {
    static func of(_ name: String) -> String {
        TerminalSafeText.oneLine(name)
    }
}
