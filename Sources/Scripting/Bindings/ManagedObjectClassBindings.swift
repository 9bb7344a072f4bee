import LuaBridge
import ObjectGraph

extension ScriptEngine {
    /// The names of `NSManagedObject`'s callbacks and validation methods a class may implement.
    static let objectClassCallbackNames: [String] = LuaProtocols.managedObject.memberNames

    /// `model:class(entityName, methods)`: gives an entity the code of its managed-object class.
    ///
    /// `methods` maps names to functions: Core Data's callbacks (``objectClassCallbackNames``),
    /// `validate<Key>` for a property, the class's own methods, and `properties = { name = function(self) … }`
    /// (computed properties, read as `obj.name`). Everything is checked before anything changes: an unknown
    /// entity, a name near a callback's (`awakeFromInsrt`), a `validate<Key>` without such a property, a
    /// method that would hide a property or a built-in member, a value that is not a function. Declaring
    /// the class of an entity again replaces it.
    func defineObjectClass(_ state: LuaState) throws {
        guard let model = state.object(at: 1, as: ManagedObjectModel.self) else {
            throw LuaArgumentError(argument: 1, message: "ManagedObjectModel expected, got \(state.typeName(at: 1))")
        }
        let entityName = try state.string(2)
        guard let entity = model.entity(named: entityName) else {
            let names = model.entities.map(\.name)
            let hint = Self.nearest(entityName, in: names).map { "did you mean '\($0)'? " } ?? ""
            throw ScriptingError("+entityForName: could not locate an entity named '\(entityName)' in this model (\(hint)entities: \(names.joined(separator: ", ")))")
        }
        guard state.type(at: 3) == .table else {
            throw LuaArgumentError(argument: 3, message: "table expected, got \(state.typeName(at: 3))")
        }
        let definition = try readObjectClass(ofTableAt: 3, entity: entity)
        try checkInheritedMembers(of: definition, declaredFor: entity, in: model)
        let current = entity.managedObjectClass as? LuaManagedObjectClass
        entity.managedObjectClass = LuaManagedObjectClass(engine: self, own: definition, chain: current?.chain ?? [])
        applyObjectClasses(to: model)
    }

    /// Gives every entity of the model the class its objects use: its own definition, then those of its
    /// ancestors (``LuaManagedObjectClass/superentity(of:)``), nearest first; nil when there is none.
    func applyObjectClasses(to model: ManagedObjectModel) {
        let own: [ObjectIdentifier: ManagedObjectClassDefinition] = Dictionary(uniqueKeysWithValues:
            model.entities.compactMap { e in
                (e.managedObjectClass as? LuaManagedObjectClass)?.own.map { (ObjectIdentifier(e), $0) }
            })
        for entity in model.entities {
            let chain = Self.classChain(of: entity, definitions: own, superentity: LuaManagedObjectClass.superentity(of:))
            let mine = own[ObjectIdentifier(entity)]
            entity.managedObjectClass = chain.isEmpty ? nil : LuaManagedObjectClass(engine: self, own: mine, chain: chain)
        }
    }

    /// The definitions an entity's objects use, nearest first: its own, then its parent entity's, and so on
    /// up the chain `superentity` gives (a cycle stops the walk).
    static func classChain(of entity: EntityDescription, definitions: [ObjectIdentifier: ManagedObjectClassDefinition],
                           superentity: (EntityDescription) -> EntityDescription?) -> [ManagedObjectClassDefinition] {
        var chain: [ManagedObjectClassDefinition] = []
        var seen = Set<ObjectIdentifier>()
        var next: EntityDescription? = entity
        while let e = next, seen.insert(ObjectIdentifier(e)).inserted {
            if let definition = definitions[ObjectIdentifier(e)] { chain.append(definition) }
            next = superentity(e)
        }
        return chain
    }

    /// A sub-entity's objects inherit the class: its methods and computed properties must not be hidden by
    /// a property the sub-entity adds.
    private func checkInheritedMembers(of definition: ManagedObjectClassDefinition, declaredFor entity: EntityDescription,
                                       in model: ManagedObjectModel) throws {
        for other in model.entities where other !== entity {
            var ancestor = LuaManagedObjectClass.superentity(of: other)
            var steps = 0
            while let a = ancestor, a !== entity, steps < model.entities.count {
                ancestor = LuaManagedObjectClass.superentity(of: a)
                steps += 1
            }
            guard ancestor === entity else { continue }
            for name in (Array(definition.methods.keys) + Array(definition.properties.keys)).sorted()
            where other.slots[name] != nil {
                throw ScriptingError("model:class(\"\(entity.name)\"): '\(name)' would be hidden on \(other.name) objects by the property \(other.name).\(name); choose another name")
            }
        }
    }

    /// Reads and checks the table of `model:class`.
    private func readObjectClass(ofTableAt table: Int32, entity: EntityDescription) throws -> ManagedObjectClassDefinition {
        let definition = ManagedObjectClassDefinition(entityName: entity.name)
        let what = "model:class(\"\(entity.name)\")"
        let builtIn = Set(entity.propertyNames).union(BridgeClasses.managedObjectMemberNames)
        func checkHides(_ name: String) throws {
            guard builtIn.contains(name) else { return }
            let hidden = entity.slots[name] != nil ? "the property \(entity.name).\(name)" : "the built-in member \(name) of managed objects"
            throw ScriptingError("\(what): '\(name)' would hide \(hidden); choose another name")
        }
        var readProperties = false
        for key in try stringKeys(ofTableAt: table, what: "a name in \(what)") {
            state.rawGet(tableAt: table, key: key)
            defer { state.pop() }
            if key == "properties" {
                readProperties = true
                continue
            }
            guard state.type(at: -1) == .function else {
                throw ScriptingError("\(what): '\(key)' must be a function, got \(state.typeName(at: -1))")
            }
            state.pushValue(at: -1)
            let function = state.ref()
            if let callback = ManagedObjectCallback(rawValue: key) {
                definition.callbacks[callback] = function
            } else if let operation = [ValidationOperation.insert, .update, .delete].first(where: { $0.methodName == key }) {
                definition.validators[operation] = function
            } else if let property = try validatedProperty(key, entity: entity, what: what) {
                definition.keyValidators[property] = function
            } else if let near = Self.nearCallbackName(key) {
                throw ScriptingError("\(what): unknown callback '\(key)' (did you mean '\(near)'?)")
            } else {
                try checkHides(key)
                definition.methods[key] = function
            }
        }
        if readProperties {
            state.rawGet(tableAt: table, key: "properties")
            defer { state.pop() }
            guard state.type(at: -1) == .table else {
                throw ScriptingError("\(what): 'properties' must be a table of functions (computed properties), got \(state.typeName(at: -1))")
            }
            let properties = state.absoluteIndex(-1)
            for key in try stringKeys(ofTableAt: properties, what: "a computed property name in \(what)") {
                state.rawGet(tableAt: properties, key: key)
                defer { state.pop() }
                guard state.type(at: -1) == .function else {
                    throw ScriptingError("\(what): the computed property '\(key)' must be a function(self), got \(state.typeName(at: -1))")
                }
                if Self.objectClassCallbackNames.contains(key) || definition.methods[key] != nil {
                    throw ScriptingError("\(what): '\(key)' is declared both as a computed property and as a method or callback")
                }
                try checkHides(key)
                state.pushValue(at: -1)
                definition.properties[key] = state.ref()
            }
        }
        return definition
    }

    /// The property a `validate<Key>` name validates (`validateName` → `name`), nil when the name does not
    /// start with `validate`; an error when there is no such property.
    private func validatedProperty(_ name: String, entity: EntityDescription, what: String) throws -> String? {
        guard name.hasPrefix("validate"), name.count > "validate".count else { return nil }
        let rest = name.dropFirst("validate".count)
        let key = rest.prefix(1).lowercased() + rest.dropFirst()
        if entity.storedPropertyNames.contains(key) { return key }
        if entity.storedPropertyNames.contains(String(rest)) { return String(rest) }
        let candidates = entity.storedPropertyNames.map { "validate" + $0.prefix(1).uppercased() + $0.dropFirst() }
            + ["validateForInsert", "validateForUpdate", "validateForDelete"]
        let hint = Self.nearest(name, in: candidates).map { " (did you mean '\($0)'?)" } ?? ""
        throw ScriptingError("\(what): '\(name)' validates no property: entity \(entity.name) has no property '\(key)'\(hint)")
    }

    /// The callback name `name` is probably a misspelling of: equal but for case, or at most two edits away.
    static func nearCallbackName(_ name: String) -> String? {
        let lower = name.lowercased()
        if let same = objectClassCallbackNames.first(where: { $0.lowercased() == lower }) { return same }
        return nearest(name, in: objectClassCallbackNames, within: 2)
    }

    /// The candidate nearest to `name` (edit distance, ignoring case), if it is within `limit` edits
    /// (default: a third of the name's length, at least 2).
    /// Names longer than ``LuaNameSuggestion/longestSuggested`` get no suggestion and are never suggested
    /// (the distance of two long names costs the product of their lengths).
    static func nearest(_ name: String, in candidates: [String], within limit: Int? = nil) -> String? {
        let longest = LuaNameSuggestion.longestSuggested
        guard name.count <= longest else { return nil }
        let limit = limit ?? max(2, name.count / 3)
        var best: (String, Int)?
        for candidate in candidates where candidate.count <= longest {
            let d = editDistance(name.lowercased(), candidate.lowercased())
            if d <= limit, best == nil || d < best!.1 { best = (candidate, d) }
        }
        return best?.0
    }

    /// Levenshtein distance between two strings (by characters).
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
