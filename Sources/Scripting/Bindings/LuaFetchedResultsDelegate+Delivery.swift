import FetchedResults
import LuaBridge
import ObjectGraph

/// The Lua strings that every delivery to a Lua fetched-results delegate pushes — the callbacks' names and
/// the change types — made once per engine and kept in the registry: pushing one is an array read, where a
/// string pushed from Swift is hashed and looked up in Lua's string table at every push.
final class LuaDelegateStrings {
    let controllerWillChangeContent, didChangeSection, didChangeObject, controllerDidChangeContent: LuaRef
    let insert, delete, move, update: LuaRef

    init(state: LuaState) {
        func ref(_ text: String) -> LuaRef {
            state.push(text)
            return state.ref()
        }
        controllerWillChangeContent = ref("controllerWillChangeContent")
        didChangeSection = ref("didChangeSection")
        didChangeObject = ref("didChangeObject")
        controllerDidChangeContent = ref("controllerDidChangeContent")
        insert = ref(FetchedResultsChangeType.insert.rawValue)
        delete = ref(FetchedResultsChangeType.delete.rawValue)
        move = ref(FetchedResultsChangeType.move.rawValue)
        update = ref(FetchedResultsChangeType.update.rawValue)
    }

    /// The `IndexPath` class and a reference to its metatable, taken at the first index path pushed.
    @exclusivity(unchecked) private var indexPathClass: LuaClass?
    @exclusivity(unchecked) private var indexPathMetatable: LuaRef?

    /// Pushes an index path (or nil) as a new `IndexPath` value outside the identity cache (what
    /// ``ScriptEngine/pushValue(indexPath:)`` does), the class's metatable read through its reference.
    func push(_ indexPath: IndexPath?, _ engine: ScriptEngine) {
        let state = engine.state
        guard let indexPath else { state.pushNil(); return }
        if let indexPathClass, let indexPathMetatable {
            state.pushUnshared(object: IndexPathBox(indexPath), class: indexPathClass, metatable: indexPathMetatable)
            return
        }
        let cls = engine.classes.indexPath
        let metatable = state.metatableRef(for: cls)
        indexPathClass = cls
        indexPathMetatable = metatable
        state.pushUnshared(object: IndexPathBox(indexPath), class: cls, metatable: metatable)
    }

    /// The entity of the last object pushed by `push(_ object:_:)` and its Lua class (the engine's
    /// `entityClass(for:)` for it, which never changes for an entity): consecutive changes of one entity
    /// skip the dictionary lookup.
    @exclusivity(unchecked) private var lastEntity: EntityDescription?
    @exclusivity(unchecked) private var lastEntityClass: LuaClass?

    /// Pushes a managed object as `ScriptEngine.push(_ object:)` does.
    func push(_ object: ManagedObject, _ engine: ScriptEngine) {
        let entity = object.entity
        if entity === lastEntity, let lastEntityClass {
            engine.state.push(object: object, class: lastEntityClass)
            return
        }
        let cls = engine.entityClass(for: entity)
        lastEntity = entity
        lastEntityClass = cls
        engine.state.push(object: object, class: cls)
    }

    /// The Lua string of a change type (`"insert"`, `"delete"`, `"move"`, `"update"`).
    func changeType(_ type: FetchedResultsChangeType) -> LuaRef {
        switch type {
        case .insert: return insert
        case .delete: return delete
        case .move: return move
        case .update: return update
        }
    }
}

extension LuaFetchedResultsDelegate {
    /// Calls `table[name](controller, …)` for a change being delivered: the name is read through its
    /// registry string (`key`), the engine (reached once by the caller) is passed in, and `pushArguments`
    /// pushes the rest and returns their count. What is called, with what, and every error, are those of a lookup by name.
    ///
    /// The fast path, one C call (``LuaState/pushCallback(_:of:receiverIn:object:)``): a function the table
    /// holds itself, and the controller's userdata from the weak slot the first delivery filled. Anything
    /// else — an inherited or callable-table callback, a missing one, no userdata in the slot — takes the
    /// general path below, which looks the callback up by name (under `lua_pcall` when inherited) and
    /// pushes the controller through the identity cache, then remembers its userdata in the slot.
    func deliver(_ engine: ScriptEngine, _ name: String, key: LuaRef, _ pushArguments: () -> Int32) throws {
        let state = engine.state
        if let ownerSlot, state.pushCallback(key, of: table, receiverIn: ownerSlot, object: ownerIdentity) {
            let count = pushArguments()
            do { try state.pcallFunction(arguments: 1 + count, results: 0) } catch { throw ScriptingError(error.message) }
            return
        }
        guard let owner else { return }
        state.push(table)
        let pushed: Int32?
        do {
            pushed = try LuaMethodLookup.push(name, key: key, of: -1, in: state,
                                              owner: "the delegate of <FetchedResultsController>")
        } catch {
            state.pop()
            throw ScriptingError(error.message)
        }
        state.remove(at: -1 - (pushed ?? 0))
        guard let pushed else { return }
        state.push(object: owner, class: engine.classes.fetchedResultsController)
        if let ownerSlot {
            state.setWeakSlot(ownerSlot, toValueAt: -1)
        } else {
            ownerSlot = state.weakSlot(holdingValueAt: -1)
        }
        let count = pushArguments()
        do { try state.pcall(arguments: pushed + count, results: 0) } catch { throw ScriptingError(error.message) }
    }

    /// `didChangeObject(controller, object, indexPath, type, newIndexPath)`: the object's own userdata, the
    /// type as its interned string, and each index path as a new `IndexPath` made without the identity
    /// cache (an index path is a value: nothing looks one up by identity).
    func deliverObjectChange(_ engine: ScriptEngine, _ object: ManagedObject, at indexPath: IndexPath?,
                             for type: FetchedResultsChangeType, newIndexPath: IndexPath?) throws {
        let strings = self.strings
        try deliver(engine, "didChangeObject", key: strings.didChangeObject) {
            strings.push(object, engine)
            strings.push(indexPath, engine)
            engine.state.push(strings.changeType(type))
            strings.push(newIndexPath, engine)
            return 4
        }
    }

    /// `controllerWillChangeContent(controller)`.
    func deliverWillChangeContent(_ engine: ScriptEngine) throws {
        try deliver(engine, "controllerWillChangeContent", key: strings.controllerWillChangeContent) { 0 }
    }

    /// `controllerDidChangeContent(controller)`.
    func deliverDidChangeContent(_ engine: ScriptEngine) throws {
        try deliver(engine, "controllerDidChangeContent", key: strings.controllerDidChangeContent) { 0 }
    }

    /// `didChangeSection(controller, section, sectionIndex, type)`.
    func deliverSectionChange(_ sectionInfo: FetchedResultsSectionInfo, atSectionIndex sectionIndex: Int,
                              for type: FetchedResultsChangeType) throws {
        let engine = self.engine, strings = engine.delegateStrings
        try deliver(engine, "didChangeSection", key: strings.didChangeSection) {
            engine.pushSection(sectionInfo)
            engine.state.push(sectionIndex)
            engine.state.push(strings.changeType(type))
            return 3
        }
    }
}

extension ScriptEngine {
    /// Pushes an index path (or nil) as a new `IndexPath` value, without entering it in the identity cache
    /// (``push(indexPath:)`` makes the same value through the cache).
    func pushValue(indexPath: IndexPath?) {
        delegateStrings.push(indexPath, self)
    }
}
