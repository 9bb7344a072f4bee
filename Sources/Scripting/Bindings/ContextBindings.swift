import LuaBridge
import ObjectGraph

/// The shared Lua classes of the module.
final class BridgeClasses {
    unowned let engine: ScriptEngine
    init(engine: ScriptEngine) { self.engine = engine }

    lazy var model = BridgeClasses.makeModel(engine)
    lazy var container = BridgeClasses.makeContainer(engine)
    lazy var context: LuaClass = {
        let cls = BridgeClasses.makeContext(self.engine)
        cls.recordArguments["insert"] = 3  // the values table: read by C (`insertFromRecord`)
        return cls
    }()
    lazy var relationshipSet = BridgeClasses.makeRelationshipSet(engine)
    lazy var token = BridgeClasses.makeToken(engine)
    lazy var fetchedResultsController = BridgeClasses.makeFetchedResultsController(engine)
    lazy var indexPath = BridgeClasses.makeIndexPath(engine)
    lazy var objectID = BridgeClasses.makeObjectID(engine)
    lazy var objectIDs = ObjectIDRegistry()
    lazy var coordinator = BridgeClasses.makeCoordinator(engine)
    lazy var store = BridgeClasses.makeStore(engine)
    lazy var batchRequest = BridgeClasses.makeBatchRequest(engine)
    lazy var undoManager = BridgeClasses.makeUndoManager(engine)
    lazy var historyToken = BridgeClasses.makeHistoryToken(engine)
    lazy var queryGenerationToken = BridgeClasses.makeQueryGenerationToken(engine)
    lazy var historyRequest = BridgeClasses.historyRequestDeclaration.makeClass { key, writing in
        writing ? nil : undefinedKeyMessage(key, of: "PersistentHistoryChangeRequest")
    }
    lazy var historyTokens = HistoryTokenRegistry()
    lazy var savedChanges = BridgeClasses.savedChangesDeclaration.makeClass { key, writing in
        undefinedKeyMessage(key, of: "ContextDidSaveNotification", writing: writing)
    }
}

extension BridgeClasses {
    /// The classes declared once with ``LuaClassDeclaration``: their annotations, `:help` and completeness
    /// checks come from these declarations.
    static let declarations: [any LuaClassDescribing] = [
        undoManagerDeclaration, indexPathDeclaration, tokenDeclaration, historyTokenDeclaration, batchRequestDeclaration,
        storeDeclaration, LuaPresentationController.declaration, ScriptedSearchController.declaration, ScriptedSearchController.searchBarDeclaration,
        LuaNavigationItem.declaration,
    ]

    static func makeContext(_ engine: ScriptEngine) -> LuaClass {
        let properties = ["insertedObjects", "updatedObjects", "deletedObjects", "registeredObjects", "hasChanges",
                          "name", "concurrencyType", "derivedRecomputationCount",
                          "automaticallyMergesChangesFromParent", "parent", "mergePolicy", "undoManager", "transactionAuthor",
                          "queryGenerationToken", "stalenessInterval"]
        func context(_ state: LuaState, _ function: String) throws -> ManagedObjectContext {
            guard let c = state.object(at: 1, as: ManagedObjectContext.self) else {
                throw LuaArgumentError(argument: 1, message: "ManagedObjectContext expected, got \(state.typeName(at: 1))")
            }
            return c
        }
        return LuaClass(
            name: "ManagedObjectContext",
            properties: properties,
            methods: contextQueueMethods(engine).merging(contextIdentityMethods(engine)) { a, _ in a }
                .merging(contextBatchMethods(engine)) { a, _ in a }
                .merging(contextUndoMethods(engine)) { a, _ in a }
                .merging(contextQueryGenerationMethods(engine)) { a, _ in a }.merging([
                "insert": { [unowned engine, inserter = engine.recordInserter] state in
                    if try inserter.insert(state) { return 1 }  // pushed the new object
                    try state.reserveStack()  // a record function's general path (see `pushRecordFunction`)
                    let ctx = try context(state, "insert")
                    let entityName = try state.string(2)
                    var values: [(String, Value)] = []
                    if state.type(at: 3) == .table {
                        let keys = try engine.stringKeys(ofTableAt: 3, what: "property name")
                        values.reserveCapacity(keys.count)
                        let entity = ctx.persistentStoreCoordinator.managedObjectModel.entity(named: entityName)
                        for key in keys {
                            state.rawGet(tableAt: 3, key: key)
                            defer { state.pop() }
                            // A transformable attribute keeps the Lua value itself (see ValueTransformerBindings).
                            if let entity, case .attribute(let i)? = entity.slots[key], entity.attributes[i].type == .transformable {
                                values.append((key, engine.boxedValue(at: -1)))
                            } else {
                                values.append((key, try engine.value(at: -1)))
                            }
                        }
                    } else if state.type(at: 3) != .nil && state.type(at: 3) != .none {
                        throw LuaArgumentError(argument: 3, message: "table expected, got \(state.typeName(at: 3))")
                    }
                    let object = try ctx.insertObject(entityName: entityName, values: values)
                    object.noteInsertion { state.location() }  // kept only when the new object is invalid
                    engine.push(object)
                    return 1
                },
                "delete": { [unowned engine] state in
                    let ctx = try context(state, "delete")
                    try ctx.delete(try engine.checkObject(state, 2, "delete"))
                    return 0
                },
                "processPendingChanges": { [hook = engine.reportHook] state in
                    let ctx = try context(state, "processPendingChanges")
                    try ctx.processPendingChanges()
                    if let report = hook.recorder, report.hasPendingChanges {
                        report.step(kind: "processPendingChanges", label: ctx.name + ":processPendingChanges()",
                                    location: state.location(level: 1))
                    }
                    return 0
                },
                "save": { [hook = engine.reportHook] state in
                    let ctx = try context(state, "save")
                    try ctx.save()
                    hook.recorder?.step(kind: "save", label: ctx.name + ":save()", location: state.location(level: 1))
                    return 0
                },
                "rollback": { state in
                    try context(state, "rollback").rollback()
                    return 0
                },
                "reset": { state in
                    try context(state, "reset").reset()
                    return 0
                },
                "fetch": { [unowned engine] state in
                    let ctx = try context(state, "fetch")
                    let request = try FetchRequestReader(engine: engine).read(at: 2)
                    engine.push(try ctx.execute(request), model: ctx.model)
                    return 1
                },
                "count": { [unowned engine] state in
                    let ctx = try context(state, "count")
                    let request = try FetchRequestReader(engine: engine).read(at: 2)
                    state.push(try ctx.count(for: request))
                    return 1
                },
            ]) { a, _ in a },
            getter: { [unowned engine] target, slot, state in
                let ctx = target as! ManagedObjectContext
                switch slot {
                case 0: engine.push(ctx.insertedObjects)
                case 1: engine.push(ctx.updatedObjects)
                case 2: engine.push(ctx.deletedObjects)
                case 3: engine.push(ctx.registeredObjects)
                case 4: state.push(ctx.hasChanges)
                case 5: state.push(ctx.name)
                case 7: state.push(ctx.derivedRecomputationCount)
                case 8: state.push(ctx.automaticallyMergesChangesFromParent)
                case 9:
                    if let parent = ctx.parent { state.push(object: parent, class: engine.classes.context) } else { state.pushNil() }
                case 10: state.push(ctx.mergePolicy.rawValue)
                case 12:
                    if let author = ctx.transactionAuthor { state.push(author) } else { state.pushNil() }
                case 13:
                    if let token = ctx.queryGenerationToken {
                        state.push(object: token, class: engine.classes.queryGenerationToken)
                    } else {
                        state.pushNil()
                    }
                case 14: state.push(ctx.stalenessInterval)
                case 11:
                    if let undo = ctx.undoManager { state.push(object: undo, class: engine.classes.undoManager) } else { state.pushNil() }
                default: state.push(ctx.concurrencyType.rawValue)
                }
            },
            setter: { target, slot, state, valueIndex in
                if slot == 14 {
                    guard state.type(at: valueIndex) == .number, let seconds = state.toNumber(at: valueIndex), !seconds.isNaN else {
                        throw ScriptingError("stalenessInterval must be a number (seconds), got \(state.typeName(at: valueIndex))")
                    }
                    (target as! ManagedObjectContext).stalenessInterval = seconds
                    return
                }
                if slot == 12 {
                    switch state.type(at: valueIndex) {
                    case .nil: (target as! ManagedObjectContext).transactionAuthor = nil
                    case .string: (target as! ManagedObjectContext).transactionAuthor = state.toString(at: valueIndex)
                    default: throw ScriptingError("transactionAuthor must be a string or nil, got \(state.typeName(at: valueIndex))")
                    }
                    return
                }
                if slot == 11 {
                    if state.type(at: valueIndex) == .nil {
                        (target as! ManagedObjectContext).undoManager = nil
                        return
                    }
                    guard let undo = state.object(at: valueIndex, as: UndoManager.self) else {
                        throw ScriptingError("undoManager must be an UndoManager (ripple.undoManager()) or nil, got \(state.typeName(at: valueIndex))")
                    }
                    (target as! ManagedObjectContext).undoManager = undo
                    return
                }
                if slot == 10 {
                    let names = MergePolicy.allCases.map(\.rawValue)
                    guard state.type(at: valueIndex) == .string, let name = state.toString(at: valueIndex),
                          let policy = MergePolicy(rawValue: name) else {
                        let shown = state.type(at: valueIndex) == .string ? "'\(state.toString(at: valueIndex) ?? "")'" : state.typeName(at: valueIndex)
                        throw ScriptingError("mergePolicy must be one of \(names.joined(separator: ", ")), got \(shown)")
                    }
                    (target as! ManagedObjectContext).mergePolicy = policy
                    return
                }
                guard slot == 8 else { throw ScriptingError("\(properties[slot]) is read-only") }
                guard state.type(at: valueIndex) == .boolean else {
                    throw ScriptingError("automaticallyMergesChangesFromParent must be a boolean, got \(state.typeName(at: valueIndex))")
                }
                (target as! ManagedObjectContext).automaticallyMergesChangesFromParent = state.toBoolean(at: valueIndex)
            },
            index: { target, key, _ in
                throw ScriptingError(undefinedKeyMessage(key, of: "ManagedObjectContext", instance: (target as! ManagedObjectContext).name))
            },
            newIndex: { target, key, _, _ in
                throw ScriptingError(undefinedKeyMessage(key, of: "ManagedObjectContext", instance: (target as! ManagedObjectContext).name,
                                                         writing: true))
            },
            tostring: { target in "ManagedObjectContext(\((target as! ManagedObjectContext).name))" }
        )
    }
}
