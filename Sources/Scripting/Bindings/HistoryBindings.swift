import LuaBridge
import ObjectGraph

/// A history request as Lua holds it.
final class HistoryRequestBox {
    let request: PersistentHistoryRequest
    init(_ request: PersistentHistoryRequest) { self.request = request }
}

/// A history token as Lua holds it (one userdata per token, so `==` works).
final class HistoryTokenBox {
    let token: PersistentHistoryToken
    init(_ token: PersistentHistoryToken) { self.token = token }
}

/// The interned token boxes of an engine.
final class HistoryTokenRegistry {
    private var boxes: [PersistentHistoryToken: HistoryTokenBox] = [:]
    func box(_ token: PersistentHistoryToken) -> HistoryTokenBox {
        if let box = boxes[token] { return box }
        let box = HistoryTokenBox(token)
        boxes[token] = box
        return box
    }
}

extension ScriptEngine {
    /// Registers `ripple.historyRequest { after = token }` / `{ deleteBefore = token }`.
    func installHistory(into module: Int32) {
        state.register(in: state.absoluteIndex(module), name: "historyRequest") { [unowned self] state in
            try state.table(1)
            try self.checkOptionKeys(ofTableAt: 1, known: ["after", "deleteBefore"], what: "the options of ripple.historyRequest")
            func token(_ key: String) throws -> PersistentHistoryToken?? {
                defer { state.pop() }
                if state.rawGet(tableAt: 1, key: key) == .nil { return .none }
                guard let box = state.object(at: -1, as: HistoryTokenBox.self) else {
                    throw ScriptingError("\(key) must be a PersistentHistoryToken, got \(state.typeName(at: -1))")
                }
                return .some(box.token)
            }
            let after = try token("after"), before = try token("deleteBefore")
            let request: PersistentHistoryRequest
            switch (after, before) {
            case (.some, .some): throw ScriptingError("a history request either fetches (after = token) or deletes (deleteBefore = token), not both")
            case (_, .some(let t?)): request = .deleteBefore(t)
            case (.some(let t), _): request = .fetchAfter(t)
            default: request = .fetchAfter(nil)
            }
            state.push(object: HistoryRequestBox(request), class: self.classes.historyRequest)
            return 1
        }
    }

    /// Pushes a token (or nil).
    func push(token: PersistentHistoryToken?) {
        guard let token else { state.pushNil(); return }
        state.push(object: classes.historyTokens.box(token), class: classes.historyToken)
    }

    /// Pushes transactions as tables: `token`, `author`, `contextName`, `changes` (each `changeType`,
    /// `changedObjectID`, `updatedProperties`), and `notification` (`objectIDNotification()`, which
    /// `ctx:mergeChangesFromContextDidSave(transaction)` merges).
    func push(transactions: [PersistentHistoryTransaction], model: ManagedObjectModel) {
        state.newTable(arrayCount: Int32(transactions.count), recordCount: 0)
        for (i, t) in transactions.enumerated() {
            state.newTable()
            push(token: t.token); state.rawSet(tableAt: -2, key: "token")
            if let author = t.author { state.push(author); state.rawSet(tableAt: -2, key: "author") }
            state.push(t.contextName); state.rawSet(tableAt: -2, key: "contextName")
            state.newTable(arrayCount: Int32(t.changes.count), recordCount: 0)
            for (j, change) in t.changes.enumerated() {
                state.newTable()
                state.push(change.changeType.rawValue); state.rawSet(tableAt: -2, key: "changeType")
                if let entity = model.entity(named: change.changedObjectID.entityName) {
                    push(objectID: change.changedObjectID, entity: entity)
                } else {
                    state.push(change.changedObjectID.uriRepresentation)
                }
                state.rawSet(tableAt: -2, key: "changedObjectID")
                push(strings: change.updatedProperties); state.rawSet(tableAt: -2, key: "updatedProperties")
                state.rawSet(tableAt: -2, index: j + 1)
            }
            state.rawSet(tableAt: -2, key: "changes")
            state.push(object: SavedChangesBox(t.objectIDNotification()), class: classes.savedChanges)
            state.rawSet(tableAt: -2, key: "notification")
            state.rawSet(tableAt: -2, index: i + 1)
        }
    }
}

extension BridgeClasses {
    /// The class of history tokens (opaque; `tostring` shows the transaction number).
    static func makeHistoryToken(_ engine: ScriptEngine) -> LuaClass {
        LuaClass(
            name: "PersistentHistoryToken",
            index: { _, key, _ in throw ScriptingError(undefinedKeyMessage(key, of: "PersistentHistoryToken")) },
            newIndex: { _, key, _, _ in throw ScriptingError(undefinedKeyMessage(key, of: "PersistentHistoryToken", writing: true)) },
            tostring: { target in (target as! HistoryTokenBox).token.description }
        )
    }
}
