import LuaBridge
import Scripting

/// Runs script files, each in a fresh ``ScriptEngine``, and reports their scenarios.
///
/// ```swift
/// let report = ScenarioRunner().run(file: "Scripts/scenarios/01-insert.lua")
/// report.passed   // true when every scenario passed and the file raised nothing outside them
/// ```
public struct ScenarioRunner {
    /// The outcome of one file.
    public struct FileReport: Sendable {
        /// The file path as given.
        public var file: String
        /// Its scenarios, in order.
        public var scenarios: [ScenarioResult]
        /// An error raised outside any scenario (syntax error, unreadable file, top-level failure).
        public var error: String?
        /// The event trace of the run.
        public var events: [String]
        /// The golden files the file's tests compared with (``ScriptEngine/goldenFilesUsed``).
        public var goldenFiles: [String] = []

        /// True when every scenario passed and nothing was raised outside them.
        public var passed: Bool { error == nil && scenarios.allSatisfy(\.passed) }

        /// Creates a report.
        public init(file: String, scenarios: [ScenarioResult], error: String?, events: [String]) {
            self.file = file
            self.scenarios = scenarios
            self.error = error
            self.events = events
        }
    }

    /// Called with each trace line as it happens (nil: no live trace).
    public var onTraceLine: ((String) -> Void)?
    /// Called with each trace event as it happens (nil: none; the JSON trace renders them).
    public var onTraceEvent: ((TraceEvent) -> Void)?
    /// Called with each scenario's result as soon as it finishes (nil: only the report).
    public var onScenarioResult: ((ScenarioResult) -> Void)?
    /// Which scenarios run and in what order (``TestSelection``; the shard is the caller's, over files).
    public var selection = TestSelection()
    /// Called with each scenario's full name as it begins (nil: not told).
    public var onScenarioBegin: ((String) -> Void)?
    /// VM instructions allowed per file before it is stopped as runaway (nil: unlimited).
    public var instructionLimit: Int?
    /// Whether fetched-results controllers check their invariants after every batch.
    public var checksInvariants: Bool
    /// Megabytes of memory a file's Lua state may hold (nil: no limit).
    public var memoryLimit: Int?
    /// Whether files run in the sandbox.
    public var sandbox = false
    /// Whether the memory limit also counts the host's memory (``ScriptEngine/Options/countsHostMemory``).
    public var countsHostMemory = false
    /// Writes an HTML report of each file to this path (``ReportRecorder``, ``ReportWriter``); nil: none.
    /// A folder (ending in `/`) gets one page per file, named by ``ReportWriter/fileName(forScript:)``.
    public var reportPath: String?
    /// What the command line sets for every `ripple.explore` of the files (`ripple explore --steps …`).
    public var exploreSettings = ExploreSettings()

    /// Creates a runner.
    public init(onTraceLine: ((String) -> Void)? = nil, instructionLimit: Int? = nil, checksInvariants: Bool = false) {
        self.onTraceLine = onTraceLine
        self.instructionLimit = instructionLimit
        self.checksInvariants = checksInvariants
    }

    /// Creates a runner with the limits and sandbox of `options`.
    public init(options: ScriptEngine.Options, onTraceLine: ((String) -> Void)? = nil) {
        self.init(onTraceLine: onTraceLine, instructionLimit: options.instructionLimit,
                  checksInvariants: options.checksInvariants)
        memoryLimit = options.memoryLimit
        sandbox = options.sandbox
        countsHostMemory = options.countsHostMemory
    }

    /// The engine options of this runner.
    public var options: ScriptEngine.Options {
        var options = ScriptEngine.Options(instructionLimit: instructionLimit, memoryLimit: memoryLimit, sandbox: sandbox,
                                           checksInvariants: checksInvariants)
        options.countsHostMemory = countsHostMemory
        return options
    }

    /// Runs one file in a fresh engine.
    public func run(file: String) -> FileReport {
        let engine: ScriptEngine
        do {
            engine = try ScriptEngine(options: options)
        } catch {
            return FileReport(file: file, scenarios: [], error: "cannot create a Lua state: \(error)", events: [])
        }
        engine.log.onLine = onTraceLine
        engine.log.onEvent = onTraceEvent
        engine.onScenarioResult = onScenarioResult
        engine.onScenarioBegin = onScenarioBegin
        engine.selection = selection
        engine.exploreSettings = exploreSettings
        let recorder = reportPath.map { _ in engine.startReport(file: file) }
        var failure: String?
        do {
            try engine.runFile(file)
        } catch let error as LuaError {
            failure = error.traceback.map { error.message + "\n" + $0 } ?? error.message
        } catch {
            failure = String(describing: error)
        }
        if let recorder, let reportPath {
            recorder.finish(error: failure)
            let path = reportPath.hasSuffix("/") ? reportPath + ReportWriter.fileName(forScript: file) : reportPath
            do {
                try ReportWriter.write(recorder, to: path)
            } catch {
                failure = (failure.map { $0 + "\n" } ?? "") + String(describing: error)
            }
        }
        engine.scratch.removeNow()  // ripple.temporaryPath's files live as long as the file's run
        var report = FileReport(file: file, scenarios: engine.results, error: failure, events: engine.log.lines)
        report.goldenFiles = engine.goldenFilesUsed
        return report
    }
}
