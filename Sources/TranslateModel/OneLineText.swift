/// Text from outside (a file name, a service's message, an argument) made fit for one line of a
/// message: line breaks, tabs and other control characters written as escapes, and backslashes
/// doubled so that an escape cannot be mistaken for the text itself.
///
/// Written as it is, such text could split one problem over two lines of stderr (a script
/// reading it line by line would see two) or send a terminal its control sequences.
public enum OneLineText {
    public static func of(_ text: String) -> String {
        var shown = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": shown += "\\n"
            case "\r": shown += "\\r"
            case "\t": shown += "\\t"
            case "\\": shown += "\\\\"
            default:
                if scalar.properties.generalCategory == .control {
                    shown += "\\u{\(String(scalar.value, radix: 16))}"
                } else {
                    shown.unicodeScalars.append(scalar)
                }
            }
        }
        return shown
    }
}
