import Foundation
import TranslateModel
import TranslationEngines

/// `translate --man`: the manual page in roff, made from the option table and the exit codes
/// that `--help` prints. `man -l <(translate --man)` shows it.
public enum ManPage {
    public static var text: String {
        var page = """
            .TH TRANSLATE 1 "" "translate \(ToolVersion.current)" "User Commands"
            .SH NAME
            translate \\- find the text in images and translate every box
            .SH SYNOPSIS
            .B translate
            [\\fIOPTIONS\\fR] \\fIIMAGE\\fR... (\\fB\\-\\-to\\fR \\fILANG\\fR | \\fB\\-\\-ocr\\-only\\fR)
            .br
            .B translate config
            .SH DESCRIPTION
            translate reads each image with Tesseract, decides the language of every text box, and
            translates the boxes through a Papago-compatible service or offline with Apertium.
            IMAGE is an image file, a directory of images, or \\- for image data on standard input.
            .PP
            .B translate config
            asks for the Papago client id and secret and for default options, and saves them under
            $XDG_CONFIG_HOME/translate (by default ~/.config/translate).
            .SH OPTIONS

            """
        for option in CommandOptions.parser.options {
            var spelling = option.short.map { "\\fB\\-\($0)\\fR, " } ?? ""
            spelling += "\\fB" + escape("--" + option.long) + "\\fR"
            if let value = option.valueName { spelling += " \\fI\(value)\\fR" }
            page += ".TP\n\(spelling)\n\(escape(option.help))\n"
        }
        page += ".SH EXIT STATUS\n"
        for (code, meaning) in ExitCode.documentation {
            page += ".TP\n.B \(code.rawValue)\n\(escape(meaning))\n"
        }
        page += """
            .SH ENVIRONMENT
            .TP
            .B PAPAGO_CLIENT_ID, PAPAGO_CLIENT_SECRET, PAPAGO_ENDPOINT, PAPAGO_DIALECT
            Papago credentials and service, before the secrets file.
            .TP
            .B TRANSLATE_SECRETS
            the secrets file to read.
            .TP
            .B NO_COLOR
            no colour with \\-\\-color auto.
            .SH FILES
            .TP
            .I ~/.config/translate/secrets.json
            Papago credentials (mode 0600), written by translate config.
            .TP
            .I ~/.config/translate/config.json
            default target language, engine and format.

            """
        return page
    }

    /// Dashes and backslashes as roff wants them; a line starting with a dot or a quote would be
    /// read as a request.
    static func escape(_ text: String) -> String {
        var escaped = text.replacingOccurrences(of: "\\", with: "\\e").replacingOccurrences(of: "-", with: "\\-")
        if escaped.hasPrefix(".") || escaped.hasPrefix("'") { escaped = "\\&" + escaped }
        return escaped
    }
}
