import LuaBridge
import ObjectGraph

/// A live to-many relationship as Lua sees it: `#set`, `set[i]`, `set:add(o)`, `set:remove(o)`,
/// `set:contains(o)`, `set:toArray()`; members in insertion order.
final class RelationshipSet {
    let object: ManagedObject
    let key: String

    init(object: ManagedObject, key: String) {
        self.object = object
        self.key = key
    }

    func members() throws -> [ManagedObject] {
        guard case .collection(let items) = try object.value(forKey: key) else { return [] }
        return items.compactMap(\.objectValue)
    }

    /// The members, for an `NSMutableOrderedSet` read (`selector`): an unordered relationship has no index,
    /// and is refused in the words its writes use (``ManagedObject/insertObject(_:at:inOrderedRelationship:)``).
    func orderedMembers(_ selector: String) throws -> [ManagedObject] {
        if case .relationship(let i)? = object.entity.slots[key], !object.entity.relationships[i].isOrdered {
            throw ScriptingError("'\(key)' of \(object.entity.name) is not an ordered relationship: "
                + "-[\(object.entity.name) \(selector)] needs one (declare it with ordered = true).")
        }
        return try members()
    }
}

/// The 1-based index that the key `set[key]` names, from its text: an integer (`"2"`), or a float with an
/// integral value (`"2.0"`, `"1e+15"`), which Lua takes as the same key as that integer (0 when it is beyond
/// `Int`: no member). Nil for any other key (not a number, or a fraction).
func relationshipSetIndex(_ key: String) -> Int? {
    if let i = Int(key) { return i }
    guard key.utf8.allSatisfy({ (48...57).contains($0) || $0 == 43 || $0 == 45 || $0 == 46 || $0 == 101 || $0 == 69 }),
          let value = Double(key), value == value.rounded(.towardZero) else { return nil }
    return Int(exactly: value) ?? 0
}

extension BridgeClasses {
    /// The class of relationship sets, declared once in ``relationshipSetDeclaration(_:)``.
    static func makeRelationshipSet(_ engine: ScriptEngine) -> LuaClass {
        relationshipSetDeclaration(ScriptEngineReference(engine)).makeClass()
    }

    /// A to-many relationship's proxy (`mutableSetValue(forKey:)`, or `mutableOrderedSetValue(forKey:)` for an
    /// ordered one): its count, its members by 1-based index (`set[i]`, the open keys), `#set`, and the
    /// operations of `NSMutableSet` and `NSMutableOrderedSet` (0-based indexes, as in Cocoa).
    static func relationshipSetDeclaration(_ owner: ScriptEngineReference) -> LuaOpenClassDeclaration {
        let object = managedObjectParameter("object")
        // The managed object its declared parameter checked.
        func argument(_ state: LuaState, _ index: Int32) throws -> ManagedObject {
            guard let object = state.object(at: index, as: ManagedObject.self) else {
                throw LuaArgumentError(argument: index, message: "managed object expected, got \(state.typeName(at: index))")
            }
            return object
        }
        let declaration = LuaClassDeclaration<RelationshipSet>(
            "RelationshipSet", "A live to-many relationship: `#set`, `set[i]` (1-based, in insertion order).",
            properties: [
                .property("count", "The number of members.", get: { try $0.members().count }),
            ],
            methods: [
                .checked("add", "Adds a member (the inverse is set too).", [object]) { set, state in
                    try set.object.addObject(try argument(state, 2), toRelationship: set.key)
                    return 0
                },
                .checked("remove", "Removes a member (the inverse is cleared too).", [object]) { set, state in
                    try set.object.removeObject(try argument(state, 2), fromRelationship: set.key)
                    return 0
                },
                .checked("contains", "Whether `object` is a member.", [object], returns: "boolean") { set, state in
                    let member = try argument(state, 2)
                    state.push(try set.members().contains(member))
                    return 1
                },
                .custom("toArray", "The members as an array.", returns: "ManagedObject[]") { set, _ in
                    try owner.get().push(try set.members())
                    return 1
                },
                .checked("insertObject", "Ordered relationships: inserts `object` at the 0-based `index` (a member stays where it is).",
                         [object, .value("index", Int.self)]) { set, state in
                    try set.object.insertObject(try argument(state, 2), at: try state.argument(3, as: Int.self),
                                                inOrderedRelationship: set.key)
                    return 0
                },
                .method("removeObjectAtIndex", "Ordered relationships: removes the member at the 0-based `index`.", "index") {
                    (set: RelationshipSet, index: Int) in
                    try set.object.removeObject(at: index, fromOrderedRelationship: set.key)
                },
                .checked("replaceObjectAtIndex", "Ordered relationships: `object` takes the place of the member at the 0-based `index`.",
                         [.value("index", Int.self), object]) { set, state in
                    try set.object.replaceObject(at: try state.argument(2, as: Int.self), with: try argument(state, 3),
                                                 inOrderedRelationship: set.key)
                    return 0
                },
                .checked("moveObjectsAtIndexes",
                         "Ordered relationships: the members at the 0-based `indexes` move, in order, to `toIndex` of what remains.",
                         [.table("indexes", "integer[]"), .value("toIndex", Int.self)]) { set, state in
                    var indexes: [Int] = []
                    for i in 0..<state.rawLength(at: 2) {
                        state.rawGet(tableAt: 2, index: i + 1)
                        defer { state.pop() }
                        guard state.isInteger(at: -1), let n = state.toInteger(at: -1) else {
                            throw ScriptingError("moveObjectsAtIndexes: indexes[\(i + 1)] must be an integer, got \(state.typeName(at: -1))")
                        }
                        indexes.append(Int(n))
                    }
                    try set.object.moveObjects(at: indexes, to: try state.argument(3, as: Int.self), inOrderedRelationship: set.key)
                    return 0
                },
                .checked("objectAtIndex", "Ordered relationships: the member at the 0-based `index`.",
                         [.value("index", Int.self)], returns: "ManagedObject") { set, state in
                    let members = try set.orderedMembers("objectAtIndex:")
                    let index = try state.argument(2, as: Int.self)
                    guard index >= 0, index < members.count else {
                        throw ScriptingError("*** -[__NSOrderedSetM objectAtIndex:]: index \(index) beyond bounds "
                            + (members.isEmpty ? "for empty ordered set" : "[0 .. \(members.count - 1)]"))
                    }
                    try owner.get().push(members[index])
                    return 1
                },
                .checked("indexOfObject", "Ordered relationships: the 0-based index of `object`, or nil.", [object],
                         returns: "integer?") { set, state in
                    let member = try argument(state, 2)
                    if let index = try set.orderedMembers("indexOfObject:").firstIndex(where: { $0 === member }) { state.push(index) } else { state.pushNil() }
                    return 1
                },
            ],
            describe: { set in "{" + ((try? set.members()) ?? []).map(\.displayName).joined(separator: ", ") + "}" },
            metamethods: [
                "__len": { state in
                    // The metatable's dispatch checked that argument 1 is a relationship set.
                    guard let set = state.object(at: 1, as: RelationshipSet.self) else {
                        throw LuaArgumentError(argument: 1, message: "RelationshipSet expected, got \(state.typeName(at: 1))")
                    }
                    state.push(try set.members().count)
                    return 1
                },
            ])
        // `set[i]`: numeric keys arrive as their text (2.0 as "2.0", the key 2 in Lua); members are 1-based,
        // nil beyond the count.
        let members = LuaOpenFields<RelationshipSet>(
            read: { set, key, state in
                guard let i = relationshipSetIndex(key) else { throw ScriptingError(undefinedKeyMessage(key, of: "RelationshipSet")) }
                let members = try set.members()
                guard i >= 1 && i <= members.count else { state.pushNil(); return }
                try owner.get().push(members[i - 1])
            },
            write: { _, key, _, _ in throw ScriptingError(undefinedKeyMessage(key, of: "RelationshipSet", writing: true)) })
        return LuaOpenClassDeclaration(declaration, openFields: members)
    }
}
