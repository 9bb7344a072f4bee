import CEdit
import ArgumentParser
import RippleRunner
import Scripting

#if canImport(Glibc)
import Glibc
#endif

/// Where and how `ripple run` and `ripple test` write the event trace.
struct TraceOptions: ParsableArguments {
    /// The trace formats.
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    @Option(help: ArgumentHelp("The trace format: text (one line an event) or json (JSON Lines, schema in docs/test-runner.md); implies --trace.", valueName: "format"))
    var traceFormat: Format?

    @Option(help: ArgumentHelp("Write the trace to FILE instead of standard output (text) or standard error (json); implies --trace.", valueName: "file"))
    var traceFile: String?

    /// Whether a trace is asked for by these options.
    var asked: Bool { traceFormat != nil || traceFile != nil }
}

/// Writes trace lines where ``TraceOptions`` say: text without a file goes to standard output marked `· `
/// (between the results, for people); a trace file gets the bare lines; JSON goes to the file or to standard
/// error, so that results and a machine-readable trace never share a stream.
final class TraceWriter {
    let format: TraceOptions.Format
    private let file: UnsafeMutablePointer<FILE>?
    /// The JSON Lines rendering, which numbers the events of each file.
    private var json = JSONReporter()
    private let console: Console

    convenience init(_ options: TraceOptions, console: Console) throws {
        try self.init(format: options.traceFormat, file: options.traceFile, console: console)
    }

    init(format: TraceOptions.Format?, file path: String?, console: Console) throws {
        self.format = format ?? .text
        self.console = console
        if let path {
            guard let f = fopen(path, "w") else { throw ValidationError("cannot write the trace file \(path)") }
            file = f
        } else {
            file = nil
        }
    }

    deinit { if let file { fclose(file) } }

    /// Writes a trace event: its text, or in JSON its fields (``TraceEvent/jsonFields``) with its step,
    /// file and text (``JSONReporter``).
    func write(_ line: String, fields: String, file scenarioFile: String) {
        emit(format == .json ? json.event(line, fields: fields, file: scenarioFile) : line)
    }

    /// A scenario began: a `scenarioStart` event in the JSON trace (the text trace has none).
    func scenarioBegan(_ name: String, file scenarioFile: String) {
        guard format == .json else { return }
        json.scenarioBegan(name, file: scenarioFile).forEach(emit)
    }

    /// A scenario ended: in the JSON trace a `failure` event with its message when it did not pass, then
    /// `scenarioEnd` with its status.
    func scenarioEnded(_ result: ScenarioResult, file scenarioFile: String) {
        guard format == .json else { return }
        json.scenarioEnded(result, file: scenarioFile).forEach(emit)
    }

    /// A file raised outside its scenarios: a `failure` event without a scenario in the JSON trace.
    func fileFailed(_ message: String, file scenarioFile: String) {
        guard format == .json else { return }
        json.fileFailed(message, file: scenarioFile).forEach(emit)
    }

    private func emit(_ text: String) {
        if let file {
            fputs(text + "\n", file)
            fflush(file)
        } else if format == .json {
            fputs(text + "\n", ripple_stderr())
        } else {
            console.write("· " + text)
        }
    }
}
