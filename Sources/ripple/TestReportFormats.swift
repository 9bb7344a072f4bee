import Scripting

#if canImport(Glibc)
import Glibc
#endif

/// The machine-readable outputs of `ripple test`: TAP version 13 and JUnit XML.
enum TestReportFormats {
    /// TAP: the plan line `1..N`, then `ok n - file › name` or `not ok n - …` with a YAML block.
    static func tap(_ reports: [ScenarioRunner.FileReport]) -> String {
        var lines: [String] = []
        var n = 0
        for report in reports {
            for s in report.scenarios {
                n += 1
                lines.append("\(s.passed ? "ok" : "not ok") \(n) - \(report.file) › \(s.name)")
                if let message = s.message, !s.passed { lines += yaml(message) }
            }
            if let error = report.error {
                n += 1
                lines.append("not ok \(n) - \(report.file)")
                lines += yaml(error)
            }
        }
        return (["TAP version 13", "1..\(n)"] + lines).joined(separator: "\n") + "\n"
    }

    private static func yaml(_ message: String) -> [String] {
        ["  ---", "  message: |"] + message.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 } + ["  ..."]
    }

    /// JUnit XML: one `<testsuite>` per file, one `<testcase>` per scenario, a `<failure>` for each failure.
    static func junit(_ reports: [ScenarioRunner.FileReport]) -> String {
        var tests = 0
        var failures = 0
        var suites: [String] = []
        for report in reports {
            var cases: [String] = []
            var suiteFailures = 0
            var time: UInt64 = 0
            for s in report.scenarios {
                time += s.duration
                var testcase = "    <testcase classname=\"\(xml(report.file))\" name=\"\(xml(s.name))\" time=\"\(seconds(s.duration))\""
                if s.passed {
                    testcase += "/>"
                } else {
                    suiteFailures += 1
                    let message = s.message ?? "failed"
                    testcase += ">\n      <failure message=\"\(xml(firstLine(message)))\">\(xml(message))</failure>\n    </testcase>"
                }
                cases.append(testcase)
            }
            if let error = report.error {
                suiteFailures += 1
                cases.append("    <testcase classname=\"\(xml(report.file))\" name=\"(file)\" time=\"0.000\">\n      <failure message=\"\(xml(firstLine(error)))\">\(xml(error))</failure>\n    </testcase>")
            }
            tests += cases.count
            failures += suiteFailures
            suites.append("  <testsuite name=\"\(xml(report.file))\" tests=\"\(cases.count)\" failures=\"\(suiteFailures)\" errors=\"0\" time=\"\(seconds(time))\">\n"
                          + cases.joined(separator: "\n") + "\n  </testsuite>")
        }
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"ripple\" tests=\"\(tests)\" failures=\"\(failures)\" errors=\"0\">\n"
            + suites.joined(separator: "\n") + "\n</testsuites>\n"
    }

    static func writeJUnit(_ reports: [ScenarioRunner.FileReport], to path: String) throws {
        guard let file = fopen(path, "w") else { throw ValidationErrorText("cannot write \(path)") }
        defer { fclose(file) }
        fputs(junit(reports), file)
    }

    private static func firstLine(_ s: String) -> String { String(s.split(separator: "\n").first ?? "") }

    private static func seconds(_ ns: UInt64) -> String {
        let ms = ns / 1_000_000
        let frac = ms % 1000
        return "\(ms / 1000).\(frac < 10 ? "00" : frac < 100 ? "0" : "")\(frac)"
    }

    private static func xml(_ s: String) -> String {
        var out = ""
        for c in s.unicodeScalars {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "\n", "\t": out.unicodeScalars.append(c)
            default:
                if c.value < 0x20 { out += "&#\(c.value);" } else { out.unicodeScalars.append(c) }
            }
        }
        return out
    }
}

/// A message-only error for file output failures.
struct ValidationErrorText: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
