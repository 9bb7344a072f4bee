import LuaBridge
import ObjectGraph

extension ScriptEngine {
    /// What a script may use: its instruction and memory budgets and whether it runs in the sandbox.
    ///
    /// ```swift
    /// let engine = try ScriptEngine(options: .init(instructionLimit: 1_000_000, memoryLimit: 64, sandbox: true))
    /// ```
    public struct Options: Sendable, Equatable {
        /// The default instruction budget of `ripple run`, `test` and `repl` (per file, per REPL chunk).
        public static let defaultInstructionLimit = 1_000_000_000
        /// The default memory limit of `ripple run`, `test` and `repl`, in megabytes.
        public static let defaultMemoryLimit = 1024

        /// VM instructions allowed per outermost call (a file, a REPL chunk); nil or 0: no limit.
        public var instructionLimit: Int?
        /// Megabytes of memory Lua may hold; nil or 0: no limit.
        public var memoryLimit: Int?
        /// Runs scripts without `io`, `debug`, `os.execute` and the other holes (see docs/test-runner.md).
        public var sandbox: Bool
        /// Whether fetched-results controllers check their invariants after every batch.
        public var checksInvariants: Bool
        /// Whether ``memoryLimit`` also counts the host memory made for the script (the process heap's
        /// growth beyond Lua's bytes, ``LuaState/countHostMemory(_:)``); for one engine per process.
        public var countsHostMemory = false

        /// Creates options; the defaults are those of the Swift API: no limits, no sandbox.
        public init(instructionLimit: Int? = nil, memoryLimit: Int? = nil, sandbox: Bool = false,
                    checksInvariants: Bool = false) {
            self.instructionLimit = instructionLimit
            self.memoryLimit = memoryLimit
            self.sandbox = sandbox
            self.checksInvariants = checksInvariants
        }
    }

    /// Creates an engine with limits and, optionally, the sandbox.
    /// - Throws: ``LuaError`` if the state cannot be created.
    public convenience init(options: Options) throws {
        let limit = options.instructionLimit.flatMap { $0 > 0 ? $0 : nil }
        try self.init(instructionLimit: limit, checksInvariants: options.checksInvariants, sandbox: options.sandbox)
        memoryLimitMegabytes = options.memoryLimit.flatMap { $0 > 0 ? $0 : nil }
        if let megabytes = memoryLimitMegabytes {
            state.setMemoryLimit(megabytes << 20)
            if options.countsHostMemory { state.countHostMemory() }
        }
    }

    /// The message of a scenario stopped by a limit, naming the limit and its flag (Lua's own memory error
    /// reads "not enough memory", the count hook's "instruction limit exceeded"); other messages unchanged.
    func memoryLimitMessage(_ message: String?) -> String? {
        guard let message else { return nil }
        if let limit = state.instructionLimitValue, message.contains("instruction limit exceeded"),
           !message.contains("--instruction-limit") {
            return message + " (\(limit) instructions; --instruction-limit N, 0 = none)"
        }
        guard let megabytes = memoryLimitMegabytes, message.hasPrefix("not enough memory") else { return message }
        _ = state.memoryLimitWasExceeded(reset: true)
        return "memory limit exceeded: the script holds more than \(megabytes) MB (--memory-limit MB, 0 = none)"
    }

    /// Runs `body` (one outermost Lua call: a file, a chunk) with a host-work budget equal to the
    /// instruction limit: fetches, sorts, SUBQUERY members and regular-expression steps charge it
    /// (``WorkBudget``), so a script cannot escape the limit by making Swift do the looping. Lua
    /// instructions and host work units are counted against the same number separately; either running
    /// out stops the script with a message naming the flag. No limit: no budget.
    /// The engine's regular-expression step limit (`ripple.regularExpressionStepLimit`) and its sequence of
    /// store UUIDs are in force meanwhile.
    package func withHostWorkBudget<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        let outerSteps = RegularExpressionStepLimit.current
        RegularExpressionStepLimit.current = regularExpressionStepLimit
        defer { RegularExpressionStepLimit.current = outerSteps }
        // New stores take the engine's deterministic UUIDs (``StoreIdentity``), so URIs repeat run to run.
        let outerUUIDs = StoreIdentity.current
        StoreIdentity.current = storeUUIDs
        defer { StoreIdentity.current = outerUUIDs }
        guard let limit = state.instructionLimitValue, limit > 0 else { return try body() }
        let outer = WorkBudget.current
        WorkBudget.current = WorkBudget(limit: limit, message:
            "instruction limit exceeded: host work (fetches, sorts, regular expressions, descriptions, snapshots, observers, saves, derived properties) reached the budget of \(limit) units (--instruction-limit N, 0 = none)")
        defer { WorkBudget.current = outer }
        return try body()
    }

    /// `error` with the memory or instruction limit's message (naming the flag) when a limit caused it.
    package func memoryLimitError(_ error: LuaError) -> LuaError {
        if error.status != .memory {
            guard let message = memoryLimitMessage(error.message), message != error.message else { return error }
            return LuaError(error.status, message, traceback: error.traceback)
        }
        let message = memoryLimitMessage(error.message) ?? error.message
        return LuaError(.memory, message, traceback: error.traceback)
    }

    /// Sets `ripple.sandbox` (read-only) and, when `enabled`, removes what a script someone sent you could
    /// use to take over the machine.
    func installSandbox(_ enabled: Bool) throws {
        isSandboxed = enabled
        _ = state.getGlobal("ripple")
        state.pushFunction { [unowned self] state in
            if let folder = self.scriptFolder { state.push(folder) } else { state.pushNil() }
            return 1
        }
        state.rawSet(tableAt: -2, key: "_scriptFolder")
        // `_suggest(name, known…)`: " (did you mean 'x'?)" or "", for an unknown name read from `ripple`.
        state.pushFunction { state in
            let name = state.type(at: 1) == .string ? state.toString(at: 1) ?? "" : ""
            var known: [String] = []
            if state.top >= 2 { for i in 2...state.top where state.type(at: i) == .string { known.append(state.toString(at: i) ?? "") } }
            state.push(LuaNameSuggestion.didYouMean(name, among: known.sorted()))
            return 1
        }
        state.rawSet(tableAt: -2, key: "_suggest")
        state.pop(1)
        // The Lua half of the sandbox (Lua/sandbox.lua): runs once after the prelude, which keeps the
        // `debug` functions it needs.
        try LuaChunk.sandbox.load(into: state)
        state.push(enabled)
        try state.pcall(arguments: 1, results: 0, traceback: true)
    }
}
