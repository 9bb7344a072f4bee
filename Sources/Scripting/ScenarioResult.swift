/// The outcome of one `scenario(name, fn)` in a script.
public struct ScenarioResult: Equatable, Sendable {
    /// The scenario's name.
    public var name: String
    /// The file that declared it.
    public var file: String
    /// True when the scenario ran to the end without an error.
    public var passed: Bool
    /// The failure message, `file:line: message`, when it failed.
    public var message: String?
    /// How long the scenario ran, in nanoseconds (reported by runners; never asserted on).
    public var duration: UInt64
    /// True when it failed with a Lua error outside an expectation (counted apart from failures).
    public var isError = false
    /// True for `pending(name)`: written down, not run; passed but reported apart.
    public var isPending = false

    /// Creates a result.
    public init(name: String, file: String, passed: Bool, message: String?, duration: UInt64 = 0, isError: Bool = false,
                isPending: Bool = false) {
        self.isError = isError
        self.isPending = isPending
        self.name = name
        self.file = file
        self.passed = passed
        self.message = message
        self.duration = duration
    }
}

/// Monotonic time in nanoseconds, for durations that runners report (never asserted on).
public enum ScenarioClock {
    /// Now.
    public static func now() -> UInt64 { ScriptEngine.monotonicNanoseconds() }
}
