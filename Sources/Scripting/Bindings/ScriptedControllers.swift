import LuaBridge
import ObjectGraph
import ViewControllers

/// The Lua side of the view controllers a script created: per-instance Lua values, the hooks that call
/// the Lua methods (`dvc_updated`, `dvc_deleted`, `viewWillAppear`, …), and their errors.
///
/// **Per-instance values.** Assigning an unknown key on a controller (`function form:dvc_updated() … end`,
/// `form.count = 1`) stores it in a Lua table kept in a weak-keyed (ephemeron) table keyed by the
/// controller's userdata, so Lua cycles through it (a method closing over its own controller) are
/// collectable. While Swift's hierarchy owns a controller (it has a parent, is presented, or is a
/// window's root), the registry *anchors* its userdata, so its Lua values live as long as it is on
/// screen even when the script keeps no reference. Anchors are re-evaluated after every view-controller
/// operation and every notification of a watched context; a controller that left every stack and
/// presentation is unanchored, and once Lua no longer references it, it is collected and stops
/// receiving callbacks. Only the controllers whose ownership may have changed since the last
/// re-evaluation are looked at (``ViewController/ownershipHandler`` marks them), so the cost follows what
/// an operation changed, not how many controllers the script made.
///
/// **Errors.** `dvc_updated`/`dvc_deleted` errors are thrown to the context, which rethrows the first
/// one after every observer ran. Lifecycle callbacks cannot throw through UIKit-style transitions:
/// their first error is kept and raised once the operation is complete (the hierarchy consistent) by the
/// Lua function that caused it, or, for a departure caused by a notification, by a per-context observer
/// registered after every dependent controller's subscription.
final class ScriptedControllers {
    /// What the registry knows of one controller.
    final class Entry {
        weak var controller: ViewController?
        /// The key of the entry in `entries`.
        let id: ObjectIdentifier
        /// A strong reference to the userdata while Swift's hierarchy owns the controller.
        @exclusivity(unchecked) var anchor: LuaRef?
        /// True once the dependency state got the engine's default and the Lua hooks.
        @exclusivity(unchecked) var dependenciesPrepared = false
        /// True while the entry waits in `changedEntries` for the next ``refreshAnchors()``.
        @exclusivity(unchecked) var needsRefresh = false
        init(_ controller: ViewController) {
            self.controller = controller
            id = ObjectIdentifier(controller)
        }
    }

    /// Re-raises the first lifecycle error after a context notification was processed.
    final class ErrorFlusher: ContextObserver {
        weak var registry: ScriptedControllers?
        @exclusivity(unchecked) var token: ObservationToken?
        init(_ registry: ScriptedControllers) { self.registry = registry }

        func contextObjectsDidChange(_ notification: ObjectsDidChangeNotification) throws {
            guard let registry else { return }
            registry.refreshAnchors()
            if let error = registry.takePendingError() { throw error }
        }
    }

    /// The class object behind `ripple.ViewController` (class-wide settings).
    final class ClassObject {
        weak var registry: ScriptedControllers?
        init(registry: ScriptedControllers) { self.registry = registry }
    }

    weak var engine: ScriptEngine?
    /// `setmetatable({}, { __mode = "k" })`: controller userdata → its table of Lua values.
    let instanceTables: LuaRef
    /// The per-engine `ripple.ViewController.dvc_defaultAutoDismiss` (true, as documented).
    @exclusivity(unchecked) var defaultAutoDismiss = true
    /// The first error raised by a lifecycle or completion callback, not raised yet.
    @exclusivity(unchecked) var pendingError: Error?
    @exclusivity(unchecked) private var entries: [ObjectIdentifier: Entry] = [:]
    /// The entries whose controller's ownership may have changed since the last ``refreshAnchors()``.
    @exclusivity(unchecked) private var changedEntries: [Entry] = []
    /// `entries.count` at which ``adopt(_:)`` next removes the entries of deallocated controllers.
    @exclusivity(unchecked) private var sweepThreshold = 64
    @exclusivity(unchecked) private var flushers: [ObjectIdentifier: ErrorFlusher] = [:]

    /// The declarations of this engine's controller and window classes.
    lazy var declarations = ViewControllerDeclarations(registry: self)
    lazy var viewControllerClass = declarations.viewController.makeClass()
    lazy var navigationControllerClass = declarations.navigationController.makeClass()
    lazy var tabBarControllerClass = declarations.tabBarController.makeClass()
    lazy var splitViewControllerClass = declarations.splitViewController.makeClass()
    lazy var windowClass = declarations.window.makeClass { key, writing in undefinedKeyMessage(key, of: "Window", writing: writing) }
    lazy var classObjectClass = ViewControllerDeclarations.classObjectDeclaration.makeClass { key, writing in
        undefinedKeyMessage(key, of: "ViewControllerClass", writing: writing)
    }
    lazy var presentationControllerClass = LuaPresentationController.declaration.makeClass { key, writing in
        undefinedKeyMessage(key, of: "PresentationController", writing: writing)
    }
    lazy var searchControllerClass = ScriptedSearchController.declaration.makeClass { key, writing in
        undefinedKeyMessage(key, of: "SearchController", writing: writing)
    }
    lazy var searchBarClass = ScriptedSearchController.searchBarDeclaration.makeClass { key, writing in undefinedKeyMessage(key, of: "SearchBar", writing: writing) }
    lazy var navigationItemClass = LuaNavigationItem.declaration.makeClass { key, writing in
        undefinedKeyMessage(key, of: "NavigationItem", writing: writing)
    }
    /// The Swift delegate behind every Lua navigation, tab bar and presentation controller delegate.
    lazy var delegates = LuaControllerDelegates(registry: self)

    init(engine: ScriptEngine) {
        self.engine = engine
        let state = engine.state
        do {
            try state.load("return setmetatable({}, { __mode = 'k' })", chunkName: "=viewControllers")
            try state.pcall(arguments: 0, results: 1)
        } catch {
            state.newTable()  // cannot happen short of memory; values then live as long as the engine
        }
        instanceTables = state.ref()
    }

    var state: LuaState { engine!.state }

    // MARK: Controllers

    /// Registers a controller created by a script and installs its lifecycle hook.
    func adopt(_ controller: ViewController) {
        if let entry = entries[ObjectIdentifier(controller)], entry.controller === controller { return }
        if entries.count >= sweepThreshold { removeDeallocatedEntries() }
        let entry = Entry(controller)
        entries[entry.id] = entry
        controller.lifecycleHandler = { [weak self] vc, event in self?.deliver(event, to: vc) }
        controller.ownershipHandler = { [weak self] vc in self?.ownershipMayHaveChanged(vc) }
        markChanged(entry)
    }

    /// Removes the entries of deallocated controllers (amortised: when the registry doubled).
    private func removeDeallocatedEntries() {
        for (id, entry) in entries where entry.controller == nil && !entry.needsRefresh { entries[id] = nil }
        sweepThreshold = Swift.max(64, 2 * entries.count)
    }

    /// ``ViewController/ownershipHandler``: queues the controller's entry for the next refresh.
    private func ownershipMayHaveChanged(_ controller: ViewController) {
        guard let entry = entries[ObjectIdentifier(controller)], entry.controller === controller else { return }
        markChanged(entry)
    }

    private func markChanged(_ entry: Entry) {
        guard !entry.needsRefresh else { return }
        entry.needsRefresh = true
        changedEntries.append(entry)
    }

    func entry(for controller: ViewController) -> Entry {
        if let entry = entries[ObjectIdentifier(controller)], entry.controller === controller { return entry }
        adopt(controller)
        return entries[ObjectIdentifier(controller)]!
    }

    /// The Lua class of a controller.
    func luaClass(for controller: ViewController) -> LuaClass {
        if controller is NavigationController { return navigationControllerClass }
        if controller is TabBarController { return tabBarControllerClass }
        if controller is SplitViewController { return splitViewControllerClass }
        return viewControllerClass
    }

    /// Pushes a controller's userdata (nil pushes nil).
    func push(_ controller: ViewController?) {
        guard let controller else { state.pushNil(); return }
        state.push(object: controller, class: luaClass(for: controller))
    }

    /// Pushes an array of controllers as a sequence.
    func push(_ controllers: [ViewController]) {
        state.newTable(arrayCount: Int32(controllers.count), recordCount: 0)
        for (i, vc) in controllers.enumerated() {
            push(vc)
            state.rawSet(tableAt: -2, index: i + 1)
        }
    }

    /// Gives the controller's dependency state the engine's default and the Lua hooks, once, on its
    /// first `dvc_` access (as BTDependentVC creates its state lazily).
    func prepareDependencies(_ controller: ViewController) {
        let entry = entry(for: controller)
        guard !entry.dependenciesPrepared else { return }
        entry.dependenciesPrepared = true
        controller.dvc_autoDismiss = defaultAutoDismiss
        controller.dvc_updatedHandler = { [weak self] vc, object, keys in
            guard let self, let engine = self.engine else { return }
            engine.log.record(TraceEvent(.dependency(DependencyTraceEvent(controller: vc.displayName, object: object.displayName,
                                                                          changedKeys: keys))))
            try self.callMethod("dvc_updated", of: vc) {
                engine.push(object)
                engine.push(strings: keys)
                return 2
            }
        }
        controller.dvc_deletedHandler = { [weak self] vc, object in
            guard let self, let engine = self.engine else { return }
            engine.log.record(TraceEvent(.dependency(DependencyTraceEvent(controller: vc.displayName, object: object.displayName,
                                                                          changedKeys: nil))))
            try self.callMethod("dvc_deleted", of: vc) {
                engine.push(object)
                return 1
            }
        }
    }

    /// Makes sure lifecycle errors of departures caused by `context`'s notifications are raised, by an
    /// observer registered after every dependent controller's subscription.
    func watch(_ context: ManagedObjectContext) {
        let id = ObjectIdentifier(context)
        let flusher = flushers[id] ?? ErrorFlusher(self)
        flushers[id] = flusher
        flusher.token?.cancel()
        flusher.token = context.addObserver(flusher)
    }

    // MARK: Anchors and errors

    /// Anchors the userdata of controllers owned by the Swift hierarchy, releases the others: looks at
    /// the controllers whose ownership may have changed since the last call (including any marked while
    /// this runs, e.g. by a deallocation during a Lua allocation), then forgets their marks.
    func refreshAnchors() {
        guard engine != nil else { return }
        while let entry = changedEntries.popLast() {
            entry.needsRefresh = false
            guard let vc = entry.controller else {
                if entries[entry.id] === entry { entries[entry.id] = nil }
                continue
            }
            let owned = vc.isOwnedByHierarchy
            if owned, entry.anchor == nil {
                push(vc)
                entry.anchor = state.ref()
            } else if !owned, entry.anchor != nil {
                entry.anchor = nil
            }
        }
        #if DEBUG
        if verifiesAnchors && entries.count <= 256 {  // a full pass: only on small registries (else quadratic)
            assert(anchorsMatchOwnership(), "ScriptedControllers: an anchor missed a change of ownership")
        }
        #endif
    }

    #if DEBUG
    /// Debug builds check after every ``refreshAnchors()`` that ``anchorsMatchOwnership()``; a test that
    /// checks it itself turns this off to fail with an expectation instead of a trap.
    @exclusivity(unchecked) var verifiesAnchors = true
    #endif

    /// True when every live controller is anchored exactly when the hierarchy owns it — what a pass over
    /// every controller (the registry before session 5) would leave — evaluated from the public
    /// relationships, not from ``ViewController/isOwnedByHierarchy``.
    func anchorsMatchOwnership() -> Bool {
        entries.values.allSatisfy { entry in
            guard let vc = entry.controller else { return true }
            let owned = vc.parent != nil || vc.presentingViewController != nil || vc.window != nil
            return owned == (entry.anchor != nil)
        }
    }

    /// The number of live controllers anchored now (tests).
    var anchoredCount: Int { entries.values.filter { $0.controller != nil && $0.anchor != nil }.count }

    /// Returns and forgets the pending callback error.
    func takePendingError() -> Error? {
        defer { pendingError = nil }
        return pendingError
    }

    /// Runs a view-controller operation, then refreshes anchors and raises the first error of the
    /// callbacks it caused.
    func perform<T>(_ body: () throws -> T) throws -> T {
        let result: T
        do {
            result = try body()
        } catch {
            refreshAnchors()
            pendingError = nil
            throw error
        }
        refreshAnchors()
        if let error = takePendingError() { throw error }
        return result
    }

    /// Keeps the first error of a callback that cannot throw.
    func keep(_ error: Error) {
        if pendingError == nil { pendingError = error }
    }

    // MARK: Lua values of an instance

    /// Pushes the instance table of the userdata at `index`, or nil.
    func pushInstanceTable(ofUserdataAt index: Int32) throws {
        let ud = state.absoluteIndex(index)
        state.push(instanceTables)
        state.pushValue(at: ud)
        try state.getTable(at: -2)
        state.remove(at: -2)
    }

    /// Reads an instance value of the userdata at `index`; pushes it (possibly nil).
    func pushInstanceValue(ofUserdataAt index: Int32, key: String) throws {
        let ud = state.absoluteIndex(index)
        try pushInstanceTable(ofUserdataAt: ud)
        if state.type(at: -1) != .table {
            state.pop()
            state.pushNil()
            return
        }
        state.push(key)
        try state.getTable(at: -2)
        state.remove(at: -2)
    }

    /// Stores the value at `valueIndex` as an instance value of the userdata at `index`.
    func setInstanceValue(ofUserdataAt index: Int32, key: String, valueIndex: Int32) throws {
        let ud = state.absoluteIndex(index)
        let value = state.absoluteIndex(valueIndex)
        try pushInstanceTable(ofUserdataAt: ud)
        if state.type(at: -1) != .table {
            state.pop()
            state.newTable()
            state.push(instanceTables)
            state.pushValue(at: ud)
            state.pushValue(at: -3)
            try state.setTable(at: -3)
            state.pop()
        }
        state.push(key)
        state.pushValue(at: value)
        try state.setTable(at: -3)
        state.pop()
    }

    /// Calls the Lua method `name` stored on the controller, if any, as `vc:name(…)`.
    /// - Parameter pushArguments: pushes the arguments after `self`, returns their count.
    func callMethod(_ name: String, of controller: ViewController, _ pushArguments: () -> Int32) throws {
        let state = self.state
        let top = state.top
        defer { state.setTop(top) }
        push(controller)
        let ud = state.top
        try pushInstanceValue(ofUserdataAt: ud, key: name)
        if state.type(at: -1) == .nil { return }
        try state.checkCallable(at: -1, "\(name) of <\(controller.typeName)\(controller.title.map { " \"\($0)\"" } ?? "")>")
        state.pushValue(at: ud)
        let count = pushArguments()
        try state.pcall(arguments: count + 1, results: 0)
    }

    /// Delivers a lifecycle callback to the controller's Lua method; keeps its error for later.
    func deliver(_ event: LifecycleEvent, to controller: ViewController) {
        do {
            try callMethod(event.name, of: controller) {
                if event == .viewDidLoad { return 0 }
                state.push(event.animated)
                return 1
            }
        } catch {
            keep(error)
        }
    }

    /// Calls a Lua completion function (no arguments); keeps its error for later.
    func complete(_ function: LuaRef?) {
        guard let function else { return }
        let state = self.state
        let top = state.top
        defer { state.setTop(top) }
        state.push(function)
        do { try state.pcall(arguments: 0, results: 0) } catch { keep(error) }
    }
}
