import FetchedResults
import LuaBridge
import ObjectGraph

#if canImport(Glibc)
import Glibc
#endif

/// A Lua state with the whole `ripple` module loaded: the front end that scripts, the REPL and the
/// test runner share.
///
/// ```swift
/// let engine = try ScriptEngine()
/// try engine.runFile("Scripts/examples/customers.lua")
/// engine.results.filter { !$0.passed }
/// ```
public final class ScriptEngine {
    /// The Lua state.
    public let state: LuaState
    /// The event trace of every context this engine created.
    public let log = EventLog()
    /// The scenarios run so far, in order.
    @exclusivity(unchecked) public private(set) var results: [ScenarioResult] = []
    /// Which scenarios run and in what order (filters, tags, `--list`, the shuffle seed, `--fail-fast`);
    /// the prelude reads it through `ripple._selection`.
    public var selection = TestSelection()
    /// The golden files `toMatchGolden` compared with or recorded, in first-use order (paths as the
    /// prelude makes them: the calling file's folder, `/`, the name, `.golden`).
    public internal(set) var goldenFilesUsed: [String] = []
    /// The scenario that began and has not been recorded yet (name, file), if any.
    @exclusivity(unchecked) var runningScenario: (name: String, file: String)?
    /// A scenario failed while ``TestSelection/stopsAtFirstFailure``: the rest are skipped.
    @exclusivity(unchecked) var stoppedAtFailure = false
    /// When the running scenario started (monotonic nanoseconds).
    @exclusivity(unchecked) var scenarioStart: UInt64 = 0
    /// Called with each scenario's result as soon as it finishes.
    @exclusivity(unchecked) public var onScenarioResult: ((ScenarioResult) -> Void)?
    /// Called with each scenario's full name as it begins (before its body runs).
    @exclusivity(unchecked) public var onScenarioBegin: ((String) -> Void)?

    /// Containers created by scripts (kept alive for the engine's lifetime).
    @exclusivity(unchecked) var containers: [PersistentContainer] = []
    /// Every context created by scripts, in creation order (for `ripple.tick()`).
    var contexts: [ManagedObjectContext] {
        get { tickedContexts.contexts }
        _modify { yield &tickedContexts.contexts }
    }
    /// The box holding ``contexts``, which the `ripple.tick` binding captures.
    let tickedContexts = TickedContexts()
    /// Child contexts made so far (they are named `child#n`).
    @exclusivity(unchecked) var childCount = 0
    /// The tracer registered first on every context.
    @exclusivity(unchecked) var tracers: [ContextTracer] = []
    /// Lua observers kept alive until cancelled.
    @exclusivity(unchecked) var luaObservers: [ObjectIdentifier: AnyObject] = [:]
    /// The coordinators whose remote-change notifications are traced (``traceRemoteChanges(of:store:)``).
    @exclusivity(unchecked) var tracedCoordinators: Set<ObjectIdentifier> = []
    /// One Lua class per entity, made on first use.
    @exclusivity(unchecked) package var entityClasses: [ObjectIdentifier: LuaClass] = [:]
    /// The record fast path of `ctx:insert` and its per-entity keys.
    lazy var recordInserter = RecordInserter(engine: self)
    /// The record list reader of `ripple.batchInsertRequest`'s objects, with the keys it knows.
    lazy var batchRecordReader = LuaRecordListReader()
    /// Whether a request is reading with ``batchRecordReader`` (a request made meanwhile, from a finalizer,
    /// reads with a reader of its own).
    @exclusivity(unchecked) var batchRecordReaderInUse = false
    /// Whether `ripple.batchInsertRequest` reads its objects as C records into flat fields and inserts them in
    /// one pass (true, the default), or reads each into a dictionary for the general insertion (the path
    /// kept to compare with, in tests and in `ripple-bench`'s bulk group).
    @exclusivity(unchecked) public var batchInsertReadsRecords = true
    /// Whether a Lua write of a non-scalar value (a string) to an attribute tries the object's slot setter
    /// before the general `setValue(_:forKey:)` (true, the default; false is the path tests compare with).
    @exclusivity(unchecked) var plainAttributeWrites = true
    /// How many Lua writes the slot setter stored (``plainAttributeWrites``; tests read it).
    @exclusivity(unchecked) var plainAttributeWriteCount = 0
    /// The value transformers registered by `ripple.setValueTransformer`, by name.
    @exclusivity(unchecked) var valueTransformers: [String: LuaValueTransformer] = [:]
    /// Whether fetched-results controllers made by scripts check their invariants after every batch.
    @exclusivity(unchecked) public var checksInvariants: Bool
    /// Shared classes.
    lazy var classes = BridgeClasses(engine: self)
    /// The Lua strings the fetched-results delegates push on every change (made on first use).
    lazy var delegateStrings = LuaDelegateStrings(state: state)
    /// The memory limit set by ``Options/memoryLimit``, in megabytes.
    @exclusivity(unchecked) var memoryLimitMegabytes: Int?
    /// The folder of the file being run (the sandbox's `require` loads only under it).
    @exclusivity(unchecked) var scriptFolder: String?
    /// Whether scripts run in the sandbox (SQLite stores are then confined, ``sandboxedStorePath(_:)``).
    @exclusivity(unchecked) var isSandboxed = false
    /// The last error message a scenario raised (kept by its message handler).
    @exclusivity(unchecked) var lastScenarioError: String?
    /// The iOS profile (`ripple.uikit.profile`) shared by every view and controller the script makes.
    public let platform = PlatformSettings()
    /// The collection-view classes (snapshots handed to fetched-results delegates).
    @exclusivity(unchecked) var collectionViewClasses: CollectionViewClasses?
    /// The REPL's table printer, compiled on first use (ScriptEngine+TablePrinting.swift).
    @exclusivity(unchecked) var tablePrinter: LuaRef?
    /// Models made by `ripple.model`, and windows made by `ripple.window` (for `ripple graph`).
    @exclusivity(unchecked) var models: [ManagedObjectModel] = []
    /// The `.xcdatamodeld` bundle each loaded model came from (its other versions are migration sources).
    var modelBundles: [ObjectIdentifier: String] = [:]
    /// The versions of those bundles, loaded once when a migration looks for its source model.
    var bundleVersionModels: [String: ManagedObjectModel] = [:]
    @exclusivity(unchecked) var windows: [WeakWindow] = []
    /// The view controllers the scripts made (their Lua values and anchors); tests check its anchors.
    @exclusivity(unchecked) var scriptedControllers: ScriptedControllers?
    /// The regular-expression step limit set by `ripple.regularExpressionStepLimit` (applied while this engine runs).
    @exclusivity(unchecked) var regularExpressionStepLimit = RegularExpressionStepLimit.defaultSteps
    /// The deterministic UUIDs of the stores this engine's scripts create (``StoreIdentity/Sequence``).
    let storeUUIDs = StoreIdentity.Sequence()
    /// The report being recorded (``startReport(file:limits:)``; nil: none, and the hooks do nothing).
    public var report: ReportRecorder? { reportHook.recorder }
    /// The box holding ``report``, which the `save` and `processPendingChanges` bindings capture.
    let reportHook = ReportHook()
    /// What `ripple.explore` watches while it runs a screen (nil: not exploring).
    var exploreWatch: ExploreWatch?
    /// What the command line sets for every `ripple.explore` (`ripple explore --steps/--seed/--time`).
    public var exploreSettings = ExploreSettings()
    /// The private folder of `ripple.temporaryPath` (made on first use, removed with the engine).
    package let scratch = TemporaryDirectory()

    /// Creates a state, opens the standard libraries and loads the `ripple` module and the prelude.
    /// - Parameter instructionLimit: stop runaway scripts after this many VM instructions per chunk
    ///   (nil: no limit).
    /// - Parameter checksInvariants: fetched-results controllers check their invariants after every batch.
    /// - Parameter sandbox: runs scripts in the sandbox (``Options/sandbox``); `ripple.sandbox` tells which.
    public init(instructionLimit: Int? = nil, checksInvariants: Bool = false, sandbox: Bool = false) throws {
        _ = ScriptEngine.patternStepsCharged
        state = try LuaState()
        state.errorMessage = ScriptEngine.errorMessage   // "did you mean" for unknown names
        state.methodAliases = LuaAliases.aliases(of:)   // the Swift spellings (LuaAliases.swift)
        self.checksInvariants = checksInvariants
        installModule()
        try LuaChunk.prelude.load(into: state)
        try state.pcall(arguments: 0, results: 0, traceback: true)
        try installSandbox(sandbox)
        if let instructionLimit { state.setInstructionLimit(instructionLimit) }
    }

    /// Runs a Lua file. Scenario outcomes are appended to ``results``.
    ///
    /// An error that no scenario can catch (the instruction limit, an interrupt) while a scenario runs is
    /// recorded as that scenario's failure, noting that the rest of the file did not run.
    /// - Throws: ``LuaError`` when the file cannot be read or compiled, or raises outside a scenario.
    public func runFile(_ path: String) throws {
        scriptFolder = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "."
        try state.loadFile(path)
        if selection.shuffleSeed != nil { pushShuffleDriver() }
        var uncaught: LuaError?
        do {
            try withHostWorkBudget { () throws(LuaError) in
                try state.pcall(arguments: selection.shuffleSeed != nil ? 2 : 0, results: 0, traceback: true)
            }
        } catch {
            if let running = runningScenario {
                // The budget, once spent, raises again at every instruction: the first message has the place.
                let first = lastScenarioError.flatMap { $0.contains("instruction limit exceeded") ? $0 : nil }
                let message = first ?? error.message
                recordScenario(ScenarioResult(name: running.name, file: running.file, passed: false,
                                              message: (memoryLimitMessage(message) ?? message) + " (the rest of the file did not run)",
                                              duration: ScriptEngine.monotonicNanoseconds() &- scenarioStart, isError: true))
            } else {
                uncaught = error
            }
        }
        if let uncaught { throw memoryLimitError(uncaught) }
    }

    /// Runs a chunk of Lua source.
    public func run(_ code: String, chunkName: String = "=chunk") throws {
        try state.load(code, chunkName: chunkName)
        try withHostWorkBudget { () throws(LuaError) in try state.pcall(arguments: 0, results: 0, traceback: true) }
    }

    /// Monotonic time, for scenario durations.
    static func monotonicNanoseconds() -> UInt64 {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return UInt64(ts.tv_sec) &* 1_000_000_000 &+ UInt64(ts.tv_nsec)
    }

    func recordScenario(_ result: ScenarioResult) {
        var result = result
        if !result.passed { result.message = memoryLimitMessage(result.message) }
        runningScenario = nil
        if !result.passed && selection.stopsAtFirstFailure { stoppedAtFailure = true }
        results.append(result)
        report?.scenarioEnded(result)
        onScenarioResult?(result)
    }

    /// Ends the run-loop event (`ripple.tick()`) for every context, in creation order: private-queue
    /// contexts run their queued blocks, then main-queue contexts run theirs (automatic merges), then
    /// main-queue contexts process their pending changes (``ContextEventLoop/endEvent(_:)``).
    /// Everything runs even when something fails; the first failure is rethrown.
    public func tick() throws {
        try ContextEventLoop.endEvent(contexts)
    }

    /// Registers a context created by a script: it is traced and ticked.
    func adopt(_ context: ManagedObjectContext) {
        contexts.append(context)
        context.callerLocation = { [unowned self] in self.state.location(level: 1) }
        let tracer = ContextTracer(log: log)
        tracer.token = context.addObserver(tracer)
        tracers.append(tracer)
    }
}

/// Writes every notification of a context to the event log.
final class ContextTracer: ContextObserver {
    let log: EventLog
    @exclusivity(unchecked) var token: ObservationToken?

    init(log: EventLog) { self.log = log }

    func contextObjectsDidChange(_ notification: ObjectsDidChangeNotification) throws {
        log.record(EventLog.describe(notification))
    }

    func contextWillSave(_ context: ManagedObjectContext) throws {
        log.record(TraceEvent(.callback(.named(context.name), kind: "willSave")))
    }

    func contextDidSave(_ notification: ContextDidSaveNotification) throws {
        log.record(EventLog.describe(notification))
    }
}
