import Scripting

#if canImport(Glibc)
import Glibc
#endif

/// Terminal output: colour only when standard output is a terminal.
struct Console {
    let colour = isatty(1) == 1

    func write(_ line: String) {
        print(line)
        fflush(stdout)
    }

    func red(_ s: String) -> String { colour ? "\u{1B}[31m" + s + "\u{1B}[0m" : s }
    func green(_ s: String) -> String { colour ? "\u{1B}[32m" + s + "\u{1B}[0m" : s }

    /// One line per scenario; a failure adds its `file:line: message` indented.
    func report(_ result: ScenarioResult) {
        if result.passed {
            write(green("✔ ") + result.file + " › " + result.name)
        } else {
            write(red("✘ ") + result.file + " › " + result.name)
            write("    " + (result.message ?? "failed").replacingNewlines(with: "\n    "))
        }
    }
}

extension String {
    func replacingNewlines(with replacement: String) -> String {
        split(separator: "\n", omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
