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
    @exclusivity(unchecked) private var boxes: [PersistentHistoryToken: HistoryTokenBox] = [:]
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
            state.push(object: HistoryRequestBox(try self.readHistoryRequest()), class: self.classes.historyRequest)
            return 1
        }
    }

    /// `{ after = token | date }`, `{ deleteBefore = token }` or `{ fetchRequest = { predicate = …, arguments = … } }`.
    private func readHistoryRequest() throws -> PersistentHistoryRequest {
        try state.table(1)
        try checkOptionKeys(ofTableAt: 1, known: ["after", "deleteBefore", "fetchRequest"], what: "the options of ripple.historyRequest")
        var given: [String] = []
        for key in ["after", "deleteBefore", "fetchRequest"] {
            if state.rawGet(tableAt: 1, key: key) != .nil { given.append(key) }
            state.pop()
        }
        guard given.count <= 1 else {
            throw ScriptingError("a history request either fetches (after = token or date, fetchRequest = { … }) or deletes (deleteBefore = token): give one of \(given.joined(separator: ", "))")
        }
        switch given.first {
        case "after":
            state.rawGet(tableAt: 1, key: "after")
            defer { state.pop() }
            if let box = state.object(at: -1, as: HistoryTokenBox.self) { return .fetchAfter(box.token) }
            if state.type(at: -1) == .number, let date = state.toNumber(at: -1) { return .fetchAfterDate(date) }
            throw ScriptingError("after must be a PersistentHistoryToken or a date (seconds since 1970), got \(state.typeName(at: -1))")
        case "deleteBefore":
            state.rawGet(tableAt: 1, key: "deleteBefore")
            defer { state.pop() }
            guard let box = state.object(at: -1, as: HistoryTokenBox.self) else {
                throw ScriptingError("deleteBefore must be a PersistentHistoryToken, got \(state.typeName(at: -1))")
            }
            return .deleteBefore(box.token)
        case "fetchRequest":
            guard state.rawGet(tableAt: 1, key: "fetchRequest") == .table else {
                defer { state.pop() }
                throw ScriptingError("fetchRequest must be a table { predicate = \"…\", arguments = { … } }, got \(state.typeName(at: -1))")
            }
            defer { state.pop() }
            let table = state.absoluteIndex(-1)
            try checkOptionKeys(ofTableAt: table, known: ["predicate", "arguments"],
                                what: "the fetch request of ripple.historyRequest (on the transaction entity: author, contextName, timestamp)")
            let kind = state.rawGet(tableAt: table, key: "predicate")
            state.pop()
            guard kind == .string else {
                throw ScriptingError("the fetch request of ripple.historyRequest needs a predicate format string (author, contextName, timestamp), got \(kind == .nil ? "none" : "a \(kind)")")
            }
            guard let predicate = try FetchRequestReader(engine: self).readPredicate(table) else {
                throw ScriptingError("the fetch request of ripple.historyRequest needs a predicate")
            }
            for keyPath in predicate.keyPaths { try PersistentHistoryTransaction.entity.validateKeyPath(keyPath) }
            return .fetch(predicate)
        default:
            return .fetchAfter(nil)
        }
    }

    /// Pushes a token (or nil).
    func push(token: PersistentHistoryToken?) {
        guard let token else { state.pushNil(); return }
        state.push(object: classes.historyTokens.box(token), class: classes.historyToken)
    }

    /// Pushes transactions as tables: `token`, `author`, `contextName`, `timestamp`, `changes` (each
    /// `changeType`, `changedObjectID`, `updatedProperties`, and for deletions `tombstone`), and `notification` (`objectIDNotification()`, which
    /// `ctx:mergeChangesFromContextDidSave(transaction)` merges).
    func push(transactions: [PersistentHistoryTransaction], model: ManagedObjectModel) {
        state.newTable(arrayCount: Int32(transactions.count), recordCount: 0)
        for (i, t) in transactions.enumerated() {
            state.newTable()
            push(token: t.token); state.rawSet(tableAt: -2, key: "token")
            if let author = t.author { state.push(author); state.rawSet(tableAt: -2, key: "author") }
            state.push(t.contextName); state.rawSet(tableAt: -2, key: "contextName")
            state.push(t.timestamp); state.rawSet(tableAt: -2, key: "timestamp")
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
                if change.changeType == .delete {
                    pushDictionary(change.tombstone); state.rawSet(tableAt: -2, key: "tombstone")
                }
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
        historyTokenDeclaration.makeClass { key, writing in
            undefinedKeyMessage(key, of: "PersistentHistoryToken", writing: writing)
        }
    }

    /// A point in a store's history.
    static let historyTokenDeclaration = LuaClassDeclaration<HistoryTokenBox>(
        "PersistentHistoryToken",
        "A point in a store's history (`NSPersistentHistoryToken`): one userdata per token, so `==` works.",
        describe: { $0.token.description })
}
