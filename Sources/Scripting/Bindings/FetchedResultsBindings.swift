import FetchedResults
import LuaBridge
import ObjectGraph

/// An index path as Lua sees it: `.section`, `.item`, `.row`; prints as `[0, 1]`; `==` compares values.
final class IndexPathBox {
    let value: IndexPath
    init(_ value: IndexPath) { self.value = value }
}

/// A controller made by a script, with the Lua delegate it keeps alive (the controller holds its delegate
/// weakly, as Core Data does).
final class LuaFetchedResultsController {
    let controller: FetchedResultsController
    @exclusivity(unchecked) var delegate: LuaFetchedResultsDelegate?
    /// True when `predicate` was changed after the last `performFetch` and no warning was traced yet: the
    /// results still follow the old predicate (the search filter that forgets `performFetch`).
    var predicateChangedSinceFetch = false
    init(controller: FetchedResultsController) { self.controller = controller }

    /// Traces, once per change of the predicate, that the results read are those of the previous fetch.
    func warnIfStale(_ engine: ScriptEngine) {
        guard predicateChangedSinceFetch else { return }
        predicateChangedSinceFetch = false
        let format = controller.fetchRequest.predicate?.predicateFormat ?? "nil"
        engine.log.record(TraceNote(source: "frc " + controller.name, kind: "warning",
                                    text: TraceDetail(text: "warning: the predicate changed to \(format) after the last performFetch; "
                                        + "fetchedObjects and sections still follow the previous fetch (call performFetch)")))
    }
}

/// A Lua table of delegate functions. Each delivered callback is traced as one line
/// (`[frc Customer] didChangeObject Customer#2 update [0, 1] -> [0, 1]`); a Lua error is thrown back
/// to the controller, which rethrows it in Core Data's words once its state is up to date.
final class LuaFetchedResultsDelegate: FetchedResultsControllerDelegate {
    unowned let engine: ScriptEngine
    /// Weak: the script may drop its last reference to the controller inside a callback (the userdata is
    /// then collected, and with it the wrapper); the remaining callbacks of that change are not delivered.
    weak var owner: LuaFetchedResultsController?
    /// The controller, for the trace (it outlives its wrapper while it is delivering a change).
    weak var controller: FetchedResultsController?
    let table: LuaRef
    let implementedCallbacks: FetchedResultsDelegateCallbacks
    /// The identity of ``owner`` (compared, never dereferenced) and a weak slot holding its userdata, set by
    /// the first delivery: the fast path of ``deliver(_:_:key:_:)`` (LuaFetchedResultsDelegate+Delivery.swift).
    let ownerIdentity: ObjectIdentifier
    @exclusivity(unchecked) var ownerSlot: LuaRef?
    /// The engine's interned callback names and change types (``ScriptEngine/delegateStrings``), held here so
    /// that a delivery does not go through the engine's lazy property.
    let strings: LuaDelegateStrings

    static let names: [(String, FetchedResultsDelegateCallbacks)] = [
        ("controllerWillChangeContent", .willChangeContent), ("didChangeSection", .didChangeSection),
        ("didChangeObject", .didChangeObject), ("controllerDidChangeContent", .didChangeContent),
        ("didChangeContentWithSnapshot", .snapshot), ("didChangeContentWithDifference", .difference),
        ("sectionIndexTitleForSectionName", .sectionIndexTitle),
    ]

    init(engine: ScriptEngine, owner: LuaFetchedResultsController, tableAt index: Int32) {
        self.engine = engine
        self.owner = owner
        self.ownerIdentity = ObjectIdentifier(owner)
        self.controller = owner.controller
        self.strings = engine.delegateStrings
        let state = engine.state
        var callbacks: FetchedResultsDelegateCallbacks = []
        let index = state.absoluteIndex(index)
        for (name, flag) in Self.names {
            // Read raw, then with `__index` (under lua_pcall): objects and class instances work too.
            guard let pushed = try? LuaMethodLookup.push(name, of: index, in: state) else { continue }
            callbacks.insert(flag)
            state.pop(pushed)
        }
        implementedCallbacks = callbacks
        state.pushValue(at: index)
        table = state.ref()
    }

    /// Traces a callback without details (`[frc NAME] kind`), its text written when read.
    private func trace(_ kind: String) {
        engine.log.record(TraceEvent(.callback(.controller(controller?.name ?? "?"), kind: kind)))
    }

    /// Traces a callback with details, by their parts (written when read).
    private func trace(_ detail: ControllerTraceDetail) {
        engine.log.record(TraceEvent(.controllerDetail(controller: controller?.name ?? "?", detail)))
    }

    /// Calls `table[name](controller, …)`; `pushArguments` pushes the rest and returns their count.
    private func call(_ name: String, _ pushArguments: () -> Int32) throws {
        let state = engine.state
        guard let owner else { return }
        state.push(table)
        let pushed: Int32?
        do { pushed = try LuaMethodLookup.push(name, of: -1, in: state, owner: "the delegate of <FetchedResultsController>") } catch {
            state.pop()
            throw ScriptingError(error.message)
        }
        state.remove(at: -1 - (pushed ?? 0))
        guard let pushed else { return }
        state.push(object: owner, class: engine.classes.fetchedResultsController)
        let count = pushArguments()
        do { try state.pcall(arguments: pushed + count, results: 0) } catch { throw ScriptingError(error.message) }
    }

    // The three callbacks of every change reach the engine once and name the controller they were given
    // (the one this delegate was made for: ``controller`` is it) instead of loading the weak reference.
    func controllerWillChangeContent(_ controller: FetchedResultsController) throws {
        let engine = self.engine
        engine.log.record(TraceEvent(.callback(.controller(controller.name), kind: "controllerWillChangeContent")))
        try deliverWillChangeContent(engine)
    }

    func controller(_ controller: FetchedResultsController, didChange sectionInfo: FetchedResultsSectionInfo,
                    atSectionIndex sectionIndex: Int, for type: FetchedResultsChangeType) throws {
        trace(.section(name: sectionInfo.name, type: type, index: sectionIndex))
        try deliverSectionChange(sectionInfo, atSectionIndex: sectionIndex, for: type)
    }

    func controller(_ controller: FetchedResultsController, didChange object: ManagedObject, at indexPath: IndexPath?,
                    for type: FetchedResultsChangeType, newIndexPath: IndexPath?) throws {
        let engine = self.engine
        engine.log.record(TraceEvent(.objectChange(controller: controller.name, entity: object.entity.name,
                                                   number: object.objectNumber, type: type, from: indexPath, to: newIndexPath)))
        try deliverObjectChange(engine, object, at: indexPath, for: type, newIndexPath: newIndexPath)
    }

    func controllerDidChangeContent(_ controller: FetchedResultsController) throws {
        let engine = self.engine
        engine.log.record(TraceEvent(.callback(.controller(controller.name), kind: "controllerDidChangeContent")))
        try deliverDidChangeContent(engine)
    }

    func controller(_ controller: FetchedResultsController, didChangeContentWith snapshot: FetchedResultsSnapshot) throws {
        trace(.snapshot(sections: zip(snapshot.sectionIdentifiers, snapshot.sectionItems).map { ($0, $1.map(\.displayName)) },
                        reloaded: snapshot.reloadedItemIdentifiers.map(\.displayName)))
        try call("didChangeContentWithSnapshot") {
            // A diffable snapshot (section names, object-ID URIs, reloads marked) that a diffable data
            // source can apply as is.
            engine.collectionViewClasses?.push(fetchedSnapshot: snapshot, model: controller.managedObjectContext.model)
            return 1
        }
    }

    func controller(_ controller: FetchedResultsController, sectionIndexTitleForSectionName sectionName: String) throws -> String? {
        let state = engine.state
        guard let owner else { return FetchedResultsSectionInfo.indexTitle(forSectionName: sectionName) }
        let name = "sectionIndexTitleForSectionName"
        state.push(table)
        let pushed: Int32?
        do { pushed = try LuaMethodLookup.push(name, of: -1, in: state, owner: "the delegate of <FetchedResultsController>") } catch {
            state.pop()
            throw ScriptingError(error.message)
        }
        state.remove(at: -1 - (pushed ?? 0))
        guard let pushed else { return FetchedResultsSectionInfo.indexTitle(forSectionName: sectionName) }
        state.push(object: owner, class: engine.classes.fetchedResultsController)
        state.push(sectionName)
        do { try state.pcall(arguments: pushed + 1, results: 1) } catch {
            throw ScriptingError("\(name)(\(sectionName)) failed: \(error.message)")
        }
        defer { state.pop() }
        switch state.type(at: -1) {
        case .nil: return nil
        case .string: return state.toString(at: -1)
        default: throw ScriptingError("\(name)(\(sectionName)) must return a string or nil, got \(state.typeName(at: -1))")
        }
    }

    func controller(_ controller: FetchedResultsController,
                    didChangeContentWith difference: CollectionDifference<ManagedObjectID>) throws {
        trace(.difference(difference.map { change in
            switch change {
            case .remove(let offset, let id, _): return (false, offset, id.displayName)
            case .insert(let offset, let id, _): return (true, offset, id.displayName)
            }
        }))
        try call("didChangeContentWithDifference") {
            let state = engine.state
            state.newTable()
            for (key, list) in [("removals", difference.removals), ("insertions", difference.insertions)] {
                state.newTable()
                for (i, change) in list.enumerated() {
                    state.newTable()
                    switch change {
                    case .remove(let offset, let id, let other), .insert(let offset, let id, let other):
                        state.push(offset); state.rawSet(tableAt: -2, key: "offset")
                        if let entity = controller.managedObjectContext.model.entity(named: id.entityName) {
                            engine.push(objectID: id, entity: entity)
                        } else {
                            state.push(id.uriRepresentation)
                        }
                        state.rawSet(tableAt: -2, key: "objectID")
                        if let other { state.push(other); state.rawSet(tableAt: -2, key: "associatedWith") }
                    }
                    state.rawSet(tableAt: -2, index: i + 1)
                }
                state.rawSet(tableAt: -2, key: key)
            }
            return 1
        }
    }
}

extension ScriptEngine {
    /// Registers `ripple.fetchedResultsController`, `ripple.indexPath` and `ripple.deleteCache` in the
    /// module table at `module`.
    func installFetchedResults(into module: Int32) {
        state.register(in: module, name: "fetchedResultsController") { [unowned self] state in
            try self.makeFetchedResultsController(state)
        }
        state.register(in: module, name: "indexPath") { [unowned self] state in
            let section = try state.integer(1)
            let item = try state.integer(2)
            self.push(indexPath: IndexPath(section: section, item: item))
            return 1
        }
        state.register(in: module, name: "deleteCache") { state in
            FetchedResultsController.deleteCache(withName: try state.optionalString(1))
            return 0
        }
    }

    /// `ripple.fetchedResultsController { context = ctx, entity = …, sortDescriptors = …, … }`.
    func makeFetchedResultsController(_ state: LuaState) throws -> Int32 {
        try state.table(1)
        guard state.rawGet(tableAt: 1, key: "context") == .userdata,
              let context = state.object(at: -1, as: ManagedObjectContext.self) else {
            state.pop()
            throw ScriptingError("a fetched results controller needs a context (context = ctx)")
        }
        state.pop()
        let request = try FetchRequestReader(engine: self).read(
            at: 1, extraKeys: ["context", "sectionNameKeyPath", "cacheName", "name", "tracksRelationshipKeyPaths", "checksInvariants"],
            what: "the options of ripple.fetchedResultsController")
        func optionalString(_ key: String) throws -> String? {
            let type = state.rawGet(tableAt: 1, key: key)
            defer { state.pop() }
            if type == .nil { return nil }
            guard type == .string, let s = state.toString(at: -1) else {
                throw ScriptingError("\(key) must be a string, got \(state.typeName(at: -1))")
            }
            return s
        }
        func optionalBool(_ key: String) -> Bool? {
            defer { state.pop() }
            return state.rawGet(tableAt: 1, key: key) == .boolean ? state.toBoolean(at: -1) : nil
        }
        let controller = try FetchedResultsController(fetchRequest: request, managedObjectContext: context,
                                                      sectionNameKeyPath: try optionalString("sectionNameKeyPath"),
                                                      cacheName: try optionalString("cacheName"))
        if let name = try optionalString("name") { controller.name = name }
        controller.tracksRelationshipKeyPaths = optionalBool("tracksRelationshipKeyPaths") ?? false
        controller.checksInvariants = optionalBool("checksInvariants") ?? checksInvariants
        controller.platform = platform
        report?.adopt(controller)
        state.push(object: LuaFetchedResultsController(controller: controller), class: classes.fetchedResultsController)
        return 1
    }

    /// Pushes an index path (or nil).
    func push(indexPath: IndexPath?) {
        guard let indexPath else { state.pushNil(); return }
        state.push(object: IndexPathBox(indexPath), class: classes.indexPath)
    }

    /// Pushes a section as `{ name, indexTitle, numberOfObjects, objects }`.
    func pushSection(_ section: FetchedResultsSectionInfo) {
        state.newTable(arrayCount: 0, recordCount: 4)
        state.push(section.name); state.rawSet(tableAt: -2, key: "name")
        if let title = section.indexTitle { state.push(title); state.rawSet(tableAt: -2, key: "indexTitle") }
        state.push(section.numberOfObjects); state.rawSet(tableAt: -2, key: "numberOfObjects")
        push(section.objects); state.rawSet(tableAt: -2, key: "objects")
    }

    func checkIndexPath(_ state: LuaState, _ index: Int32) throws -> IndexPath {
        let box = try state.object(index, as: IndexPathBox.self, className: "IndexPath")
        return box.value
    }
}

extension BridgeClasses {
    /// The class of index paths.
    static func makeIndexPath(_ engine: ScriptEngine) -> LuaClass {
        indexPathDeclaration.makeClass { key, writing in undefinedKeyMessage(key, of: "IndexPath", writing: writing) }
    }

    /// `ripple.indexPath(section, item)`'s values; `==` compares them by value.
    static let indexPathDeclaration = LuaClassDeclaration<IndexPathBox>(
        "IndexPath", "An index path (0-based).",
        properties: [
            .property("section", "", get: { $0.value.section }),
            .property("item", "", get: { $0.value.item }),
            .property("row", "The same as `item`.", get: { $0.value.item }),
        ],
        describe: { $0.value.description },
        metamethods: ["__eq": { state in
            let a = state.object(at: 1, as: IndexPathBox.self), b = state.object(at: 2, as: IndexPathBox.self)
            state.push(a != nil && b != nil && a!.value == b!.value)
            return 1
        }])
}
