import Scripting

/// The JSON Lines reporter (`--trace-format json`, schema in docs/test-runner.md): every trace event of a
/// run as one JSON object a line, with where each test starts (`scenarioStart`), what failed (`failure`)
/// and how each test ended (`scenarioEnd`). Events are numbered per scenario file (`step`, from 1), so the
/// lines of files run by parallel workers can be told apart and put back in order.
///
/// ```swift
/// var json = JSONReporter()
/// json.scenarioBegan("inserts", file: "a.lua")   // [{"step":1,"kind":"scenarioStart",…}]
/// ```
package struct JSONReporter {
    /// The last step of each file.
    private var steps: [String: Int] = [:]

    /// A reporter with no event seen.
    package init() {}

    /// A trace event: its JSON fields (``TraceEvent/jsonFields``) with its step, file and text.
    package mutating func event(_ text: String, fields: String, file: String) -> String {
        TraceEvent.json(fields: fields, text: text, step: nextStep(file), file: file)
    }

    /// A scenario began: a `scenarioStart` event.
    package mutating func scenarioBegan(_ name: String, file: String) -> [String] {
        [TraceEvent.scenarioJSON(kind: "scenarioStart", scenario: name, step: nextStep(file), file: file)]
    }

    /// A scenario ended: a `failure` event with its message when it did not pass (and is not pending),
    /// then `scenarioEnd` with its status (`passed`, `failed`, `error` or `pending`).
    package mutating func scenarioEnded(_ result: ScenarioResult, file: String) -> [String] {
        let status = result.isPending ? "pending" : result.passed ? "passed" : result.isError ? "error" : "failed"
        var lines: [String] = []
        if !result.passed && !result.isPending {
            lines.append(TraceEvent.scenarioJSON(kind: "failure", scenario: result.name, status: status, message: result.message ?? "",
                                                 step: nextStep(file), file: file))
        }
        lines.append(TraceEvent.scenarioJSON(kind: "scenarioEnd", scenario: result.name, status: status,
                                             step: nextStep(file), file: file))
        return lines
    }

    /// A file raised outside its scenarios: a `failure` event without a scenario.
    package mutating func fileFailed(_ message: String, file: String) -> [String] {
        [TraceEvent.scenarioJSON(kind: "failure", scenario: nil, status: "error", message: message,
                                 step: nextStep(file), file: file)]
    }

    private mutating func nextStep(_ file: String) -> Int {
        let step = (steps[file] ?? 0) + 1
        steps[file] = step
        return step
    }
}
