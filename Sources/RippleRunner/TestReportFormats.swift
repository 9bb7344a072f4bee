import Scripting

#if canImport(Glibc)
import Glibc
#endif

/// The machine-readable outputs of `ripple test`: TAP version 13 and JUnit XML.
package enum TestReportFormats {
    /// TAP 13: `TAP version 13`, the plan `1..N`, then `ok n - file › name` or `not ok n - …` with a YAML
    /// block. In descriptions `\` and `#` are escaped (`\\`, `\#`, as the TAP 13 specification says, so
    /// that a `#` in a name is not read as a directive) and line breaks written as `\n`; in the YAML block
    /// the message is a double-quoted YAML string.
    package static func tap(_ reports: [ScenarioRunner.FileReport]) -> String {
        var lines: [String] = []
        var n = 0
        for report in reports {
            for s in report.scenarios {
                n += 1
                lines.append("\(s.passed ? "ok" : "not ok") \(n) - \(description(report.file + " › " + s.name))"
                             + (s.isPending ? " # SKIP pending" : ""))
                if let message = s.message, !s.passed { lines += yaml(message, severity: s.isError ? "error" : "fail") }
            }
            if let error = report.error {
                n += 1
                lines.append("not ok \(n) - \(description(report.file))")
                lines += yaml(error, severity: "error")
            }
        }
        return (["TAP version 13", "1..\(n)"] + lines).joined(separator: "\n") + "\n"
    }

    private static func description(_ s: String) -> String {
        var out = ""
        for c in s.unicodeScalars {
            switch c {
            case "\\": out += "\\\\"
            case "#": out += "\\#"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            default: out.unicodeScalars.append(c)
            }
        }
        return out
    }

    private static func yaml(_ message: String, severity: String) -> [String] {
        ["  ---", "  message: " + yamlString(message), "  severity: " + severity, "  ..."]
    }

    /// A YAML double-quoted scalar: `\\`, `"` and every control character escaped.
    private static func yamlString(_ s: String) -> String {
        var out = "\""
        for c in s.unicodeScalars {
            switch c {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            default:
                if c.value < 0x20 || c.value == 0x7F {
                    out += "\\x" + (c.value < 0x10 ? "0" : "") + String(c.value, radix: 16, uppercase: true)
                } else {
                    out.unicodeScalars.append(c)
                }
            }
        }
        return out + "\""
    }

    /// JUnit XML: one `<testsuite>` per file, one `<testcase>` per scenario with its time in seconds; an
    /// expectation that failed is a `<failure>`, a Lua error outside an expectation (or the file's own error,
    /// as a test case named `(file)`) an `<error>`.
    package static func junit(_ reports: [ScenarioRunner.FileReport]) -> String {
        var suites: [XMLNode] = []
        var totals = (tests: 0, failures: 0, errors: 0, time: UInt64(0))
        for report in reports {
            var cases: [XMLNode] = []
            var failures = 0, errors = 0, skipped = 0
            var time: UInt64 = 0
            for s in report.scenarios {
                time += s.duration
                var testcase = XMLNode("testcase", [("classname", report.file), ("name", s.name), ("time", seconds(s.duration))])
                if s.isPending {
                    skipped += 1
                    testcase.children.append(XMLNode("skipped", [("message", "pending")]))
                }
                if !s.passed {
                    let message = s.message ?? "failed"
                    if s.isError { errors += 1 } else { failures += 1 }
                    testcase.children.append(XMLNode(s.isError ? "error" : "failure",
                                                     [("message", firstLine(message)), ("type", s.isError ? "LuaError" : "expectation")],
                                                     text: message))
                }
                cases.append(testcase)
            }
            if let error = report.error {
                errors += 1
                cases.append(XMLNode("testcase", [("classname", report.file), ("name", "(file)"), ("time", "0.000")], children: [
                    XMLNode("error", [("message", firstLine(error)), ("type", "LuaError")], text: error),
                ]))
            }
            totals.tests += cases.count
            totals.failures += failures
            totals.errors += errors
            totals.time += time
            suites.append(XMLNode("testsuite", [("name", report.file), ("tests", String(cases.count)),
                                                ("failures", String(failures)), ("errors", String(errors)),
                                                ("skipped", String(skipped)), ("time", seconds(time))], children: cases))
        }
        return XMLNode("testsuites", [("name", "ripple"), ("tests", String(totals.tests)), ("failures", String(totals.failures)),
                                      ("errors", String(totals.errors)), ("time", seconds(totals.time))], children: suites).document()
    }

    package static func writeJUnit(_ reports: [ScenarioRunner.FileReport], to path: String) throws {
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
}

/// A message-only error for file output failures.
struct ValidationErrorText: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
