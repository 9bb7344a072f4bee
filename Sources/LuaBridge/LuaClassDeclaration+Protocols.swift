/// Shared member groups and open fields of class declarations.
///
/// **Adopting a protocol.** Several bridged classes can offer the same methods — a view and the batch its
/// `performBatchUpdates` block receives both have `insertItems`, `deleteSections`, … — declared once as a
/// ``LuaProtocolDeclaration`` of ``LuaProtocolDeclaration/Conformer/bridgedClasses``. Each class adopts it
/// with its own bodies; the names, parameters and doc lines come from the protocol, and the annotations
/// write `---@class View : BatchUpdating` instead of repeating the methods.
///
/// ```swift
/// let batchUpdating = LuaProtocolDeclaration("BatchUpdating", "Batch operations.", conformer: .bridgedClasses, [
///     .required("insertItems", "Inserts items.", [.init("indexPaths", "IndexPath[]")]),
/// ])
/// let view = LuaClassDeclaration<View>("View", "A view.").adopting(batchUpdating) { member in
///     { view, state in try view.apply(member.name, state); return 0 }
/// }
/// ```
///
/// **Open fields.** A class whose objects also carry the script's own keys (a cell's `text`) declares its
/// fixed members as usual and gives the other keys to ``withOpenFields(type:_:get:set:)``: reads of an
/// unknown key ask its getter, writes go to its setter, and the annotations add `---@field [string] type`.
extension LuaClassDeclaration {
    /// The same class adopting `declaration`: a method per member of the protocol, with the protocol's name,
    /// doc line, parameters and result, and the body `implementation` gives for it (the receiver is checked
    /// before the body runs, as for any declared method; the body reads its arguments from stack index 2).
    /// - Precondition: `implementation` gives a body for every required member, the protocol is one of
    ///   bridged classes, and it declares only methods.
    public func adopting(_ declaration: LuaProtocolDeclaration,
                         _ implementation: (LuaProtocolDeclaration.Member) -> ((Object, LuaState) throws -> Int32)?) -> Self {
        precondition(declaration.conformer == .bridgedClasses, "\(name) cannot adopt the script protocol \(declaration.name)")
        var adopted: [LuaMethodDeclaration<Object>] = []
        for member in declaration.members {
            precondition(member.kind == .method, "\(declaration.name).\(member.name) is a value; bridged protocols declare methods")
            guard let body = implementation(member) else {
                precondition(member.requirement == .optional, "\(name) does not implement \(declaration.name):\(member.name)")
                continue
            }
            adopted.append(.custom(member.name, member.doc, parameters: member.parameters, returns: member.returnType, body))
        }
        var result = LuaClassDeclaration(name, summary, properties: properties, methods: adopted + methods,
                                         describe: describe, metamethods: metamethods)
        result.adoptedProtocols = adoptedProtocols + [declaration]
        result.openFields = openFields
        return result
    }

    /// The same class with open fields: a read of a key that is not a member calls `get` (false: the key
    /// is absent, which reads as `nil`), a write calls `set`.
    /// - Parameters:
    ///   - type: The annotation type of the open fields' values.
    ///   - doc: What the open fields are, for the annotations.
    ///   - get: Pushes the value of `key` and returns true, or returns false (nothing pushed).
    ///   - set: Stores the value at the given stack index under `key`.
    public func withOpenFields(type: String = "any", _ doc: String,
                               get: @escaping (_ object: Object, _ key: String, _ state: LuaState) throws -> Bool,
                               set: @escaping (_ object: Object, _ key: String, _ state: LuaState, _ valueIndex: Int32) throws -> Void) -> Self {
        var result = self
        result.openFields = LuaOpenKeys(type: type, doc: doc, get: get, set: set)
        return result
    }

    /// Whether `method` comes from an adopted protocol (its annotation is the protocol's).
    func isAdopted(_ method: String) -> Bool {
        adoptedProtocols.contains { $0.member(named: method) != nil }
    }

    /// The `__index` fallback of open fields; a key they do not have reads through `unknownKey`, or as nil.
    func openFieldsIndex(_ unknownKey: ((String, Bool) -> String?)?) -> LuaClass.IndexFallback? {
        guard let openFields else { return nil }
        let get = openFields.get
        return { object, key, state in
            if try get(object as! Object, key, state) { return true }
            guard let text = unknownKey?(key, false) else { return false }
            throw LuaError(.runtime, text)
        }
    }

    /// The `__newindex` fallback of open fields.
    func openFieldsNewIndex() -> LuaClass.NewIndexFallback? {
        guard let openFields else { return nil }
        let set = openFields.set
        return { object, key, state, value in
            try set(object as! Object, key, state, value)
            return true
        }
    }
}

/// The keys of a declared class's objects that are not its members but the script's
/// (``LuaClassDeclaration/withOpenFields(type:_:get:set:)``).
public struct LuaOpenKeys<Object: AnyObject> {
    /// The annotation type of their values.
    public let type: String
    /// What they are.
    public let doc: String
    /// Pushes the value of a key and returns true, or returns false when the object has none.
    let get: (Object, String, LuaState) throws -> Bool
    /// Stores the value at a stack index under a key.
    let set: (Object, String, LuaState, Int32) throws -> Void
}
