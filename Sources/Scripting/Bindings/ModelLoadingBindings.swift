import LuaBridge
import ObjectGraph

extension ScriptEngine {
    /// `ripple.loadModel(path [, { version = "Name" }])`: reads an Xcode model (a `.xcdatamodeld` bundle, a
    /// `.xcdatamodel` folder or its `contents` file). Returns the model and the list of warnings (also
    /// written to the trace, one `[model] warning: file:line: …` line each).
    func installModelLoading(into module: Int32) {
        state.register(in: module, name: "loadModel") { [unowned self] state in
            let path = try state.string(1)
            var version: String?
            if state.type(at: 2) != .nil && state.type(at: 2) != .none {
                try state.table(2)
                try self.checkOptionKeys(ofTableAt: 2, known: ["version"], what: "the options of ripple.loadModel")
                let type = state.rawGet(tableAt: 2, key: "version")
                defer { state.pop() }
                if type != .nil {
                    guard type == .string, let name = state.toString(at: -1) else {
                        throw ScriptingError("version must be a string, got \(state.typeName(at: -1))")
                    }
                    version = name
                }
            }
            let loaded = try XcodeModelReader.load(path: path, version: version)
            try ModelReader.checkMemberNames(of: loaded.model)
            for warning in loaded.warnings { self.log.record(TraceNote(source: "model", kind: "warning", text: "warning: \(warning)")) }
            self.models.append(loaded.model)
            if let bundle = XcodeModelReader.bundlePath(ofContents: loaded.contentsPath) { self.modelBundles[ObjectIdentifier(loaded.model)] = bundle }
            state.push(object: loaded.model, class: self.classes.model)
            self.push(strings: loaded.warnings)
            return 2
        }
    }
}

extension BridgeClasses {
    /// `model:fetchRequestFromTemplate(name [, variables])`: a fetch request table (what `ctx:fetch` takes)
    /// made from a stored template; its `$VARIABLES` are bound to `variables` (a missing one is Core Data's
    /// error). The declaration has checked the arguments.
    static func fetchRequestFromTemplate(of model: ManagedObjectModel, _ engine: ScriptEngine, _ state: LuaState) throws -> Int32 {
        let name = try state.string(2)
        var variables: [String: Value] = [:]
        let hasVariables = state.type(at: 3) == .table  // else nil or absent
        if hasVariables {
            try state.forEachPair(inTableAt: 3) { key, value in
                guard state.type(at: key) == .string, let name = state.toString(at: key) else {
                    throw ScriptingError("fetchRequestFromTemplate: a variable name must be a string, got \(state.typeName(at: key))")
                }
                variables[name] = try engine.value(at: value)
            }
        }
        guard let template = model.fetchRequestTemplates[name],
              let request = try model.fetchRequestFromTemplate(named: name, substitutionVariables: variables) else {
            let names = model.fetchRequestTemplates.keys.sorted()
            throw ScriptingError("the model has no fetch request template named '\(name)' (\(names.isEmpty ? "it has none" : "it has " + names.joined(separator: ", ")))")
        }
        state.newTable()
        let table = state.absoluteIndex(-1)
        state.push(request.entityName)
        state.rawSet(tableAt: table, key: "entity")
        if let predicate = template.predicate {
            state.push(predicate.predicateFormat)
            state.rawSet(tableAt: table, key: "predicate")
            if hasVariables {
                state.pushValue(at: 3)
                state.rawSet(tableAt: table, key: "substitutionVariables")
            }
        }
        if request.fetchLimit > 0 {
            state.push(request.fetchLimit)
            state.rawSet(tableAt: table, key: "fetchLimit")
        }
        if request.fetchBatchSize > 0 {
            state.push(request.fetchBatchSize)
            state.rawSet(tableAt: table, key: "fetchBatchSize")
        }
        state.push(request.resultType.rawValue)
        state.rawSet(tableAt: table, key: "resultType")
        state.push(request.includesSubentities)
        state.rawSet(tableAt: table, key: "includesSubentities")
        state.push(request.includesPendingChanges)
        state.rawSet(tableAt: table, key: "includesPendingChanges")
        return 1
    }
}
