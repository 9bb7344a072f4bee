import Scripting

/// The TAP reporter (`ripple test --tap`): the results in the Test Anything Protocol, version 13.
package enum TAPReporter {
    /// TAP 13: `TAP version 13`, the plan `1..N`, then `ok n - file › name` or `not ok n - …` with a YAML
    /// block. In descriptions `\` and `#` are escaped (`\\`, `\#`, as the TAP 13 specification says, so
    /// that a `#` in a name is not read as a directive) and line breaks written as `\n`; in the YAML block
    /// the message is a double-quoted YAML string.
    package static func report(_ reports: [ScenarioRunner.FileReport]) -> String {
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
}
