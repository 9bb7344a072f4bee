import CEdit
import Scripting

#if canImport(Glibc)
import Glibc
#endif

/// How a `ripple test --worker` process talks to its parent. It reads file paths from file descriptor 4
/// (standard input is /dev/null), one a line, and for each writes records to file descriptor 3, one a line, tab-separated, with `\\`, tab and
/// newline escaped; the script's own output goes to its standard output (an unlinked file the parent reads),
/// flushed before each record.
///
/// ```
/// S <1 passed | 0 failed | E error | P pending> <nanoseconds> <name> <file> <message>
/// E <message>              (an error outside any scenario)
/// V <trace line>
/// B <name>                 (a scenario begins: named if the worker crashes while it runs)
/// Q <bytes>                (the size of the worker's standard output, a file, when the next record was
///                           sent: the parent hands over the output up to there first, so print and
///                           results keep their order)
/// D                        (the file is done)
/// ```
enum WorkerProtocol {
    /// A decoded record.
    enum Record {
        case scenario(ScenarioResult)
        case error(String)
        /// A trace event: its text and its JSON fields (``TraceEvent/jsonFields``).
        case trace(String, String)
        case begin(String)
        /// A golden file the file's tests used.
        case golden(String)
        case outputMark(Int)
        case done
    }

    /// The records channel of a worker (fd 3).
    nonisolated(unsafe) static var channel: UnsafeMutablePointer<FILE>?
    /// The size of the worker's standard output (a file) given in the last `Q` record.
    nonisolated(unsafe) static var outputReported = 0

    static func send(_ fields: [String]) {
        fflush(ripple_stdout())
        guard let channel = channel ?? fdopen(3, "w") else { return }
        self.channel = channel
        var info = stat()
        if fstat(1, &info) == 0, Int(info.st_size) != outputReported {
            outputReported = Int(info.st_size)
            fputs("Q\t\(outputReported)\n", channel)
        }
        fputs(fields.map(escape).joined(separator: "\t") + "\n", channel)
        fflush(channel)
    }

    static func send(_ s: ScenarioResult) {
        send(["S", s.isPending ? "P" : s.passed ? "1" : s.isError ? "E" : "0", String(s.duration), s.name, s.file, s.message ?? ""])
    }

    /// The next file path the parent sent (fd 4), or nil when it closed the pipe.
    static func readPath(_ stream: UnsafeMutablePointer<FILE>) -> String? {
        var line: UnsafeMutablePointer<CChar>?
        var capacity = 0
        defer { libraryFree(line) }   // getline's buffer: the C library's allocator (LineReader.swift)
        guard getline(&line, &capacity, stream) > 0, let line else { return nil }
        let text = String(cString: line)
        return text.hasSuffix("\n") ? String(text.dropLast()) : text
    }

    static func record(_ line: String) -> Record? {
        let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map { unescape(String($0)) }
        switch fields.first {
        case "S" where fields.count == 6:
            return .scenario(ScenarioResult(name: fields[3], file: fields[4], passed: fields[1] == "1" || fields[1] == "P",
                                            message: fields[5].isEmpty ? nil : fields[5],
                                            duration: UInt64(fields[2]) ?? 0, isError: fields[1] == "E",
                                            isPending: fields[1] == "P"))
        case "E" where fields.count == 2: return .error(fields[1])
        case "V" where fields.count == 3: return .trace(fields[1], fields[2])
        case "B" where fields.count == 2: return .begin(fields[1])
        case "G" where fields.count == 2: return .golden(fields[1])
        case "Q" where fields.count == 2: return Int(fields[1]).map { .outputMark($0) }
        case "D": return .done
        default: return nil
        }
    }

    static func escape(_ s: String) -> String {
        var out = ""
        for c in s.unicodeScalars {
            switch c {
            case "\\": out += "\\\\"
            case "\t": out += "\\t"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            default: out.unicodeScalars.append(c)
            }
        }
        return out
    }

    static func unescape(_ s: String) -> String {
        var out = ""
        var escaping = false
        for c in s.unicodeScalars {
            if escaping {
                out.unicodeScalars.append(c == "t" ? "\t" : c == "n" ? "\n" : c == "r" ? "\r" : c)
                escaping = false
            } else if c == "\\" {
                escaping = true
            } else {
                out.unicodeScalars.append(c)
            }
        }
        return out
    }
}
