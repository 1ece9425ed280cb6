import Foundation
import TranslateCore

exit(TranslateCommand.run(Array(CommandLine.arguments.dropFirst()), context: .process()))
