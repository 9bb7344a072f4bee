import LuaBridge
import ObjectGraph

extension ScriptEngine {
    /// Installs the global `ripple` table.
    func installModule() {
        state.newTable()
        let module = state.absoluteIndex(-1)
        state.register(in: module, name: "model") { [unowned self] state in
            let model = try ModelReader(engine: self).readModel(at: 1)
            self.models.append(model)
            state.push(object: model, class: self.classes.model)
            return 1
        }
        state.register(in: module, name: "container") { [unowned self] state in
            let model = try state.object(1, as: ManagedObjectModel.self, className: "ManagedObjectModel")
            let store = try self.readStore(at: 2, model: model)
            let container = PersistentContainer(model: model, store: store)
            self.traceRemoteChanges(of: container.persistentStoreCoordinator, store: store)
            self.containers.append(container)
            self.adopt(container.viewContext)
            state.push(object: container, class: self.classes.container)
            return 1
        }
        state.register(in: module, name: "temporaryPath") { [unowned self] state in
            state.push(try self.scratch.path(for: try state.string(1)))
            return 1
        }
        // What `tick()` does, without the engine: an idle tick is one of the cheapest real bindings.
        let ticked = tickedContexts
        state.register(in: module, name: "tick") { _ in
            try ticked.tick()
            return 0
        }
        state.register(in: module, name: "observe") { [unowned self] state in
            try self.observe(state)
        }
        state.register(in: module, name: "events") { [unowned self] state in
            self.push(strings: self.log.lines)
            return 1
        }
        state.register(in: module, name: "clearEvents") { [unowned self] _ in
            self.log.clear()
            return 0
        }
        state.register(in: module, name: "_recordScenario") { [unowned self] state in
            let name = try state.string(1)
            let file = try state.string(2)
            let passed = state.toBoolean(at: 3)
            let message = state.type(at: 4) == .string ? state.toString(at: 4) : nil
            let duration = ScriptEngine.monotonicNanoseconds() &- self.scenarioStart
            self.recordScenario(ScenarioResult(name: name, file: file, passed: passed, message: message,
                                               duration: duration, isError: !passed && state.toBoolean(at: 5),
                                               isPending: state.toBoolean(at: 6)))
            return 0
        }
        state.register(in: module, name: "_selection") { [unowned self] state in
            let selection = self.selection
            if let filter = selection.filter { state.push(filter) } else { state.pushNil() }
            if let filterOut = selection.filterOut { state.push(filterOut) } else { state.pushNil() }
            state.push(selection.listsOnly)
            state.push(selection.tags.joined(separator: ","))
            state.push(selection.excludedTags.joined(separator: ","))
            state.push(self.stoppedAtFailure)
            return 6
        }
        state.register(in: module, name: "_usedGolden") { [unowned self] state in
            let path = try state.string(1)
            if !self.goldenFilesUsed.contains(path) { self.goldenFilesUsed.append(path) }
            return 0
        }
        state.register(in: module, name: "_keepError") { [unowned self] state in
            if state.type(at: 1) == .string { self.lastScenarioError = state.toString(at: 1) }
            state.setTop(1)
            return 1
        }
        state.register(in: module, name: "_beginScenario") { [unowned self] state in
            self.runningScenario = (try state.string(1), try state.string(2))
            self.lastScenarioError = nil
            self.scenarioStart = ScriptEngine.monotonicNanoseconds()
            self.onScenarioBegin?(self.runningScenario?.name ?? "")
            self.report?.step(kind: "scenario", label: "begins: " + (self.runningScenario?.name ?? ""))
            return 0
        }
        installViewControllers(into: module)
        installModelLoading(into: module)
        installMigration(into: module)
        installRegularExpressionLimit(into: module)
        installFetchedResults(into: module)
        installCollectionViews(into: module)
        installUserRowGestures(into: module)
        installBatchRequests(into: module)
        installUndo(into: module)
        installHistory(into: module)
        installGraph(into: module)
        installValueTransformers(into: module)
        installExplore(into: module)
        state.setGlobal("ripple")
    }
}
