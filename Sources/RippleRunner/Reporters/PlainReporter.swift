import Scripting

/// The reporter people read (`ripple run`, `ripple test` without `--tap`): one line a scenario —
/// `✔ file › name (1.3 ms)`, `✘ file › name (…)` with its failure indented under it, `◌ file › name
/// (pending)` — a file's own error, and the closing line of ``TestSummary``. Colour (ANSI) only when asked:
/// red for failures and the expected side of a diff, green for passes and the actual side, yellow for pending.
///
/// ```swift
/// let plain = PlainReporter(colour: false)
/// print(plain.text(of: result))   // ✔ Scripts/scenarios/01-insert.lua › inserts (0.4 ms)
/// ```
package struct PlainReporter: Sendable {
    /// Whether the text carries ANSI colours.
    package let colour: Bool

    /// A reporter with or without colour.
    package init(colour: Bool) { self.colour = colour }

    /// `s` in red (failures, the expected side of a diff), or unchanged without colour.
    package func red(_ s: String) -> String { colour ? "\u{1B}[31m" + s + "\u{1B}[0m" : s }
    /// `s` in green (passes, the actual side of a diff), or unchanged without colour.
    package func green(_ s: String) -> String { colour ? "\u{1B}[32m" + s + "\u{1B}[0m" : s }
    /// `s` in yellow (pending tests, warnings), or unchanged without colour.
    package func yellow(_ s: String) -> String { colour ? "\u{1B}[33m" + s + "\u{1B}[0m" : s }

    /// One scenario: its line, and for a failure the message indented by four spaces on the lines below.
    package func text(of result: ScenarioResult) -> String {
        let time = " (" + PlainReporter.milliseconds(result.duration) + ")"
        if result.isPending {
            return yellow("◌ ") + result.file + " › " + result.name + " (pending)"
        } else if result.passed {
            return green("✔ ") + result.file + " › " + result.name + time
        }
        return red("✘ ") + result.file + " › " + result.name + time + "\n"
            + "    " + colouringDiff(result.message ?? "failed").replacingNewlines(with: "\n    ")
    }

    /// A file's error outside its scenarios.
    package func text(ofFileError error: String, file: String) -> String {
        red("✘ ") + file + "\n    " + error.replacingNewlines(with: "\n    ")
    }

    /// A failure message with the lines of its diff (after `--- expected`) coloured: removed (expected)
    /// lines red, added (actual) lines green. Unchanged without colour.
    package func colouringDiff(_ message: String) -> String {
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

    /// `1.3 ms`.
    package static func milliseconds(_ nanoseconds: UInt64) -> String {
        let tenths = (nanoseconds + 50_000) / 100_000
        return "\(tenths / 10).\(tenths % 10) ms"
    }
}

extension String {
    /// The text with every line break replaced (to indent the lines of a message).
    package func replacingNewlines(with replacement: String) -> String {
        split(separator: "\n", omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
