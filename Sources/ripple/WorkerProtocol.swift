import Scripting

/// How a `ripple test --worker FILE` child reports one file to its parent: one line per record,
/// tab-separated, with `\\`, tab and newline escaped.
///
/// ```
/// S <passed 0|1> <nanoseconds> <name> <file> <message>
/// E <message>
/// V <trace line>
/// ```
enum WorkerProtocol {
    static func write(_ report: ScenarioRunner.FileReport) {
        for s in report.scenarios {
            print(["S", s.passed ? "1" : "0", String(s.duration), escape(s.name), escape(s.file), escape(s.message ?? "")]
                .joined(separator: "\t"))
        }
        if let error = report.error { print("E\t" + escape(error)) }
    }

    static func read(_ output: String, file: String) -> ScenarioRunner.FileReport {
        var report = ScenarioRunner.FileReport(file: file, scenarios: [], error: nil, events: [])
        for line in output.split(separator: "\n") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map { unescape(String($0)) }
            switch fields.first {
            case "S" where fields.count == 6:
                report.scenarios.append(ScenarioResult(name: fields[3], file: fields[4], passed: fields[1] == "1",
                                                       message: fields[5].isEmpty ? nil : fields[5],
                                                       duration: UInt64(fields[2]) ?? 0))
            case "E" where fields.count == 2:
                report.error = fields[1]
            default:
                continue
            }
        }
        return report
    }

    static func escape(_ s: String) -> String {
        var out = ""
        for c in s {
            switch c {
            case "\\": out += "\\\\"
            case "\t": out += "\\t"
            case "\n": out += "\\n"
            default: out.append(c)
            }
        }
        return out
    }

    static func unescape(_ s: String) -> String {
        var out = ""
        var escaping = false
        for c in s {
            if escaping {
                out.append(c == "t" ? "\t" : c == "n" ? "\n" : c)
                escaping = false
            } else if c == "\\" {
                escaping = true
            } else {
                out.append(c)
            }
        }
        return out
    }
}
