import Scripting

#if canImport(Glibc)
import Glibc
#endif

/// The JUnit XML reporter (`ripple test --junit FILE`), the report CI systems read, built with ``XMLNode``.
package enum JUnitReporter {
    /// JUnit XML: one `<testsuite>` per file, one `<testcase>` per scenario with its time in seconds; an
    /// expectation that failed is a `<failure>`, a Lua error outside an expectation (or the file's own error,
    /// as a test case named `(file)`) an `<error>`.
    package static func report(_ reports: [ScenarioRunner.FileReport]) -> String {
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

    /// Writes ``report(_:)`` to `path`.
    /// - Throws: ``ScriptingError`` (`cannot write PATH`) when the file cannot be opened.
    package static func write(_ reports: [ScenarioRunner.FileReport], to path: String) throws {
        guard let file = fopen(path, "w") else { throw ScriptingError("cannot write \(path)") }
        defer { fclose(file) }
        fputs(report(reports), file)
    }

    private static func firstLine(_ s: String) -> String { String(s.split(separator: "\n").first ?? "") }

    private static func seconds(_ ns: UInt64) -> String {
        let ms = ns / 1_000_000
        let frac = ms % 1000
        return "\(ms / 1000).\(frac < 10 ? "00" : frac < 100 ? "0" : "")\(frac)"
    }
}
