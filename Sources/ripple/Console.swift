import CEdit
import RippleRunner
import Scripting

#if canImport(Glibc)
import Glibc
#endif

/// Terminal output: colour when standard output is a terminal whose `TERM` is not `dumb`, never with
/// `NO_COLOR` set (no-color.org), always with `FORCE_COLOR` set (to anything but `0`); `NO_COLOR` wins.
struct Console {
    let colour = Console.wantsColour()

    static func wantsColour() -> Bool {
        func variable(_ name: String) -> String? { getenv(name).map { String(cString: $0) } }
        if let noColour = variable("NO_COLOR"), !noColour.isEmpty { return false }
        if let force = variable("FORCE_COLOR"), !force.isEmpty, force != "0" { return true }
        if variable("TERM") == "dumb" { return false }
        return isatty(1) == 1
    }

    /// Bytes a script printed, passed through as they are.
    func writeRaw(_ bytes: [UInt8]) {
        _ = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, ripple_stdout()) }
        fflush(ripple_stdout())
    }

    /// A file's error outside its scenarios.
    func reportError(file: String, _ error: String) {
        write(red("✘ ") + file + "\n    " + error.replacingNewlines(with: "\n    "))
    }

    func write(_ line: String) {
        print(line)
        fflush(ripple_stdout())
    }

    func red(_ s: String) -> String { colour ? "\u{1B}[31m" + s + "\u{1B}[0m" : s }
    func green(_ s: String) -> String { colour ? "\u{1B}[32m" + s + "\u{1B}[0m" : s }
    func yellow(_ s: String) -> String { colour ? "\u{1B}[33m" + s + "\u{1B}[0m" : s }

    /// One line per scenario; a failure adds its `file:line: message` indented.
    func report(_ result: ScenarioResult) {
        let time = " (" + Console.milliseconds(result.duration) + ")"
        if result.isPending {
            write(yellow("◌ ") + result.file + " › " + result.name + " (pending)")
        } else if result.passed {
            write(green("✔ ") + result.file + " › " + result.name + time)
        } else {
            write(red("✘ ") + result.file + " › " + result.name + time)
            write("    " + colouringDiff(result.message ?? "failed").replacingNewlines(with: "\n    "))
        }
    }
}

extension Console {
    /// A failure message with the lines of its diff (after `--- expected`) coloured: removed (expected)
    /// lines red, added (actual) lines green. Unchanged without colour.
    func colouringDiff(_ message: String) -> String {
        guard colour, message.contains("\n--- expected\n") else { return message }
        var inDiff = false
        return message.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            if line == "--- expected" { inDiff = true; return String(line) }
            guard inDiff, line != "+++ actual" else { return String(line) }
            if line.hasPrefix("-") { return red(String(line)) }
            if line.hasPrefix("+") { return green(String(line)) }
            return String(line)
        }.joined(separator: "\n")
    }
}

extension String {
    func replacingNewlines(with replacement: String) -> String {
        split(separator: "\n", omittingEmptySubsequences: false).joined(separator: replacement)
    }
}

extension Console {
    /// Every scenario of a file, then the file's own error if it raised outside its scenarios.
    func report(_ file: ScenarioRunner.FileReport) {
        for result in file.scenarios { report(result) }
        if let error = file.error {
            write(red("✘ ") + file.file + "\n    " + error.replacingNewlines(with: "\n    "))
        }
    }

    /// `1.3 ms`.
    static func milliseconds(_ nanoseconds: UInt64) -> String {
        let tenths = (nanoseconds + 50_000) / 100_000
        return "\(tenths / 10).\(tenths % 10) ms"
    }
}
