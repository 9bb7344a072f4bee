import CollectionViews
import FetchedResults
import LuaBridge
import ObjectGraph
import ViewControllers

/// Records the steps of one script for its HTML report (`ripple run --report`, `ripple test --report`):
/// for each step — a `ripple.tick()`, a save, a `processPendingChanges()` that changed something, a
/// scenario's beginning and end, the end of the script, or any step another binding records with
/// ``ScriptEngine/recordReportStep(kind:label:)`` — the trace lines of the step, a compact picture of every
/// screen (windows, their controllers, the table and collection views with their visible cells' texts), the
/// batches the step's views applied, and the fetched-results controllers and contexts' objects.
///
/// A recorder exists only when a report was asked for: without one, the bindings' hooks are a nil check.
/// Each picture is JSON text (``ReportJSON``), kept once when it is the same as an earlier step's.
///
/// ```swift
/// let engine = try ScriptEngine()
/// let recorder = engine.startReport(file: "contacts.lua")
/// try engine.runFile("contacts.lua")
/// recorder.finish(error: nil)
/// let html = ReportWriter.html(recorder)
/// ```
public final class ReportRecorder {
    /// The limits that keep a report of a large script small enough to open.
    public struct Limits: Sendable {
        /// Steps recorded; later steps are merged into the last one (noted in it).
        public var steps = 5000
        /// Trace lines kept per step (the rest are counted).
        public var linesPerStep = 400
        /// Characters kept of a trace line, a cell's field or an object's value.
        public var textLength = 300
        /// Rows drawn per view: from the first visible row on (the rows a batch marks are drawn too).
        public var rowsPerView = 60
        /// Objects listed per fetched-results section and per context.
        public var objects = 100
        /// Creates the default limits.
        public init() {}
    }

    /// One step of the timeline.
    public struct Step {
        /// `tick`, `save`, `processPendingChanges`, `scenario`, `end`, `error`, or a binding's own kind.
        public var kind: String
        /// What happened (`viewContext:save()`, the scenario's name).
        public var label: String
        /// The script's file:line that made the step, when known.
        public var location: String?
        /// The scenario running at that step, if any.
        public var scenario: String?
        /// The trace lines of the step.
        public var lines: [String] = []
        /// Trace lines left out by ``Limits/linesPerStep``.
        public var droppedLines = 0
        /// The index of the step's screens in ``ReportRecorder/screens``.
        public var screens = 0
        /// The index of the step's models (controllers and objects) in ``ReportRecorder/models``.
        public var models = 0
        /// The batches of the step, each `{"view":…, "ops":…, "before":…}` as JSON.
        public var batches: [String] = []
        /// The error of a failing step.
        public var error: String?
        /// Steps merged into this one after ``Limits/steps`` was reached.
        public var merged = 0
    }

    /// The script.
    public let file: String
    /// The limits in force.
    public let limits: Limits
    /// The steps so far.
    public private(set) var steps: [Step] = []
    /// The distinct screen pictures (JSON), referred to by ``Step/screens``.
    public private(set) var screens: [String] = []
    /// The distinct controller-and-object pictures (JSON), referred to by ``Step/models``.
    public private(set) var models: [String] = []
    /// The scenarios' outcomes, in order: name, passed, message.
    public private(set) var outcomes: [(name: String, passed: Bool, message: String?)] = []
    /// The error that stopped the script outside any scenario, if any.
    public private(set) var scriptError: String?

    unowned let engine: ScriptEngine
    /// Lines of the step being gathered.
    var pendingLines: [String] = []
    var pendingDropped = 0
    /// The batches of the step being gathered, and the views they touched (a view's "before" is taken at its first).
    var pendingBatches: [String] = []
    var batchedViews: [ObjectIdentifier: [IndexPath]] = [:]
    var screenIndex: [String: Int] = [:]
    var modelIndex: [String: Int] = [:]
    /// The views and controllers the script made, in creation order (weakly).
    var views: [WeakBox<CollectionView>] = []
    var controllers: [WeakBox<FetchedResultsController>] = []
    /// Stable numbers of views in the pictures.
    var viewNumbers: [ObjectIdentifier: Int] = [:]
    var finished = false
    /// Whether steps are recorded (false: only the views and controllers are followed, for ``wiring()``).
    public var recordsSteps = true
    /// Called with the number (1-based) of each step as it is recorded, after its pictures were taken
    /// (`ripple graph --at STEP` draws then).
    public var onStep: ((Int) -> Void)?

    /// A weak reference.
    struct WeakBox<T: AnyObject> {
        weak var value: T?
    }

    init(engine: ScriptEngine, file: String, limits: Limits) {
        self.engine = engine
        self.file = file
        self.limits = limits
    }

    // MARK: - What the bindings call

    /// Takes a trace line into the current step.
    func take(line: String) {
        if pendingLines.count < limits.linesPerStep {
            pendingLines.append(ReportJSON.clip(line, limits.textLength * 8))
        } else {
            pendingDropped += 1
        }
    }

    /// Whether trace lines or batches were gathered since the last step.
    var hasPendingChanges: Bool { !pendingLines.isEmpty || pendingDropped > 0 || !pendingBatches.isEmpty }

    /// Watches a view the script made: its batches are marked in the step that applies them.
    func adopt(_ view: CollectionView) {
        views.append(WeakBox(value: view))
        viewNumbers[ObjectIdentifier(view)] = views.count
        view.onValidatedBatch = { [unowned self] view, batch in self.batchValidated(view, batch) }
    }

    /// Lists a fetched-results controller the script made.
    func adopt(_ controller: FetchedResultsController) {
        controllers.append(WeakBox(value: controller))
    }

    /// A view is about to apply a batch: its rows as they are now are the "before" of the batch.
    func batchValidated(_ view: CollectionView, _ batch: BatchUpdate) {
        let marks = Set(batch.deletedItems + batch.reloadedItems + batch.movedItems.map(\.from))
        var json = ReportJSON.Object()
        json.add("view", viewNumbers[ObjectIdentifier(view)] ?? 0)
        json.add("name", view.name)
        json.addRaw("ops", ReportRecorder.operations(batch, itemWord: view is TableView ? "Row" : "Item"))
        json.addRaw("before", picture(of: view, owner: nil, marked: marks))
        pendingBatches.append(json.text)
        batchedViews[ObjectIdentifier(view), default: []] += batch.insertedItems + batch.movedItems.map(\.to)
            + batch.reloadedItems
    }

    /// Ends a step: its lines, its batches, and a picture of everything as it is now.
    func step(kind: String, label: String, location: String? = nil, error: String? = nil) {
        guard !finished, recordsSteps else { return }
        if steps.count >= limits.steps, var last = steps.popLast() {
            last.lines += pendingLines
            if last.lines.count > limits.linesPerStep {
                last.droppedLines += last.lines.count - limits.linesPerStep
                last.lines.removeLast(last.lines.count - limits.linesPerStep)
            }
            last.droppedLines += pendingDropped
            last.merged += 1
            if let error { last.error = ReportJSON.clip(error, limits.textLength * 200) }
            (last.screens, last.models) = (intern(screensPicture(), in: &screens, &screenIndex),
                                           intern(modelsPicture(), in: &models, &modelIndex))
            steps.append(last)
            clearPending()
            return
        }
        var step = Step(kind: ReportJSON.clip(kind, 40), label: ReportJSON.clip(label, limits.textLength * 4), location: location,
                        scenario: engine.runningScenario.map { ReportJSON.clip($0.name, limits.textLength * 4) })
        step.lines = pendingLines
        step.droppedLines = pendingDropped
        step.batches = pendingBatches
        step.error = error.map { ReportJSON.clip($0, limits.textLength * 200) }
        step.screens = intern(screensPicture(), in: &screens, &screenIndex)
        step.models = intern(modelsPicture(), in: &models, &modelIndex)
        steps.append(step)
        clearPending()
        onStep?(steps.count)
    }

    /// A scenario ended: a step of its own, marked failing (with the error) when it failed.
    func scenarioEnded(_ result: ScenarioResult) {
        outcomes.append((ReportJSON.clip(result.name, limits.textLength * 4), result.passed,
                         result.message.map { ReportJSON.clip($0, limits.textLength * 200) }))
        let label = (result.isPending ? "pending: " : result.passed ? "passed: " : "FAILED: ") + result.name
        step(kind: "scenario", label: label, error: result.passed ? nil : (result.message ?? "failed"))
    }

    /// The script ended (`error`: what stopped it outside any scenario): the closing step.
    public func finish(error: String?) {
        guard !finished else { return }
        scriptError = error
        if let error {
            step(kind: "error", label: "the script stopped", error: error)
        } else if hasPendingChanges || steps.isEmpty {
            step(kind: "end", label: "end of the script")
        }
        finished = true
    }

    private func clearPending() {
        pendingLines.removeAll()
        pendingDropped = 0
        pendingBatches.removeAll()
        batchedViews.removeAll()
    }

    private func intern(_ text: String, in list: inout [String], _ index: inout [String: Int]) -> Int {
        if let i = index[text] { return i }
        list.append(text)
        index[text] = list.count - 1
        return list.count - 1
    }

    /// A batch's operations as JSON: index lists before (`delete…`, `reload…`, moves' sources) and after
    /// (`insert…`, moves' destinations), and the trace's text.
    static func operations(_ batch: BatchUpdate, itemWord: String) -> String {
        func paths(_ list: [IndexPath]) -> String {
            "[" + Array(Set(list)).sorted().map { "[\($0.section),\($0.item)]" }.joined(separator: ",") + "]"
        }
        func ints(_ list: [Int]) -> String { "[" + Array(Set(list)).sorted().map(String.init).joined(separator: ",") + "]" }
        var json = ReportJSON.Object()
        json.addRaw("deleteSections", ints(batch.deletedSections))
        json.addRaw("insertSections", ints(batch.insertedSections))
        json.addRaw("reloadSections", ints(batch.reloadedSections))
        json.addRaw("moveSections", "[" + batch.movedSections.map { "[\($0.from),\($0.to)]" }.joined(separator: ",") + "]")
        json.addRaw("delete", paths(batch.deletedItems))
        json.addRaw("insert", paths(batch.insertedItems))
        json.addRaw("reload", paths(batch.reloadedItems))
        json.addRaw("move", "[" + batch.movedItems.map {
            "[[\($0.from.section),\($0.from.item)],[\($0.to.section),\($0.to.item)]]"
        }.joined(separator: ",") + "]")
        json.add("text", batch.traceDescription(itemWord: itemWord))
        return json.text
    }
}

extension ScriptEngine {
    /// Starts recording a report of the script `file` (before it runs): every view, controller and step
    /// from now on is recorded. Returns the recorder (also ``report``).
    @discardableResult
    public func startReport(file: String, limits: ReportRecorder.Limits = .init()) -> ReportRecorder {
        let recorder = ReportRecorder(engine: self, file: file, limits: limits)
        reportHook.recorder = recorder
        let previous = log.onLine
        log.onLine = { [unowned recorder] line in
            previous?(line)
            recorder.take(line: line)
        }
        tickedContexts.afterTick = { [unowned self, unowned recorder] in
            recorder.step(kind: "tick", label: "ripple.tick()", location: self.state.location(level: 1))
        }
        return recorder
    }

    /// Records a step of the report, if one is being recorded: the trace lines since the last step and a
    /// picture of every screen now. For bindings that make steps of their own (a user's gesture): `kind`
    /// is a short word shown in the timeline (`tap`), `label` what happened (`tap row [0, 2] of contacts`).
    public func recordReportStep(kind: String, label: String) {
        report?.step(kind: kind, label: label, location: state.location(level: 1))
    }
}

/// The report recorder of an engine, in a box of its own: the `save` and `processPendingChanges` bindings hold
/// the box strongly instead of reaching the recorder through an `unowned` engine reference (whose check
/// takes the slow path on every call), so without a report their hook costs one load and a nil check.
final class ReportHook {
    /// The recorder, when a report was asked for.
    var recorder: ReportRecorder?
}
