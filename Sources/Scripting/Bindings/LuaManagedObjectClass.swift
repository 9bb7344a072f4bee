import LuaBridge
import ObjectGraph

/// What one `model:class(entityName, methods)` call declared for one entity: its lifecycle callbacks,
/// validation methods, methods and computed properties, each a Lua function.
package final class ManagedObjectClassDefinition {
    /// The entity the class was declared for.
    let entityName: String
    /// `awakeFromInsert`, `willSave`, …
    @exclusivity(unchecked) var callbacks: [ManagedObjectCallback: LuaRef] = [:]
    /// `validateForInsert`, `validateForUpdate`, `validateForDelete`.
    @exclusivity(unchecked) var validators: [ValidationOperation: LuaRef] = [:]
    /// `validate<Key>`, by property key.
    @exclusivity(unchecked) var keyValidators: [String: LuaRef] = [:]
    /// The class's own methods (`obj:fullName()`).
    @exclusivity(unchecked) package var methods: [String: LuaRef] = [:]
    /// Computed properties (`properties = { fullName = function(self) … end }`, read as `obj.fullName`).
    @exclusivity(unchecked) package var properties: [String: LuaRef] = [:]

    init(entityName: String) { self.entityName = entityName }
}

/// An entity's managed-object class as the context sees it (``ManagedObjectClass``): the entity's own
/// definition, if it has one, and the definitions it inherits, nearest first. Each call looks a name up
/// along that chain, so a sub-entity's class overrides what it redefines and inherits the rest.
///
/// Lua functions are called under `lua_pcall` with a traceback; a Lua error comes back unchanged (its
/// `file:line` and traceback), for the context to rethrow once it is consistent again.
package final class LuaManagedObjectClass: ManagedObjectClass {
    weak var engine: ScriptEngine?
    /// The definition `model:class` gave this entity itself (nil: everything is inherited).
    let own: ManagedObjectClassDefinition?
    /// The definitions the entity's objects use, nearest first (its own, its parent entity's, …).
    package let chain: [ManagedObjectClassDefinition]

    init(engine: ScriptEngine, own: ManagedObjectClassDefinition?, chain: [ManagedObjectClassDefinition]) {
        self.engine = engine
        self.own = own
        self.chain = chain
    }

    package func implements(_ callback: ManagedObjectCallback) -> Bool { chain.contains { $0.callbacks[callback] != nil } }

    package func run(_ callback: ManagedObjectCallback, on object: ManagedObject) throws {
        guard let engine, let function = chain.lazy.compactMap({ $0.callbacks[callback] }).first else { return }
        try engine.callClassFunction(function, on: object, results: 0)
    }

    package func validatesValue(forKey key: String) -> Bool { chain.contains { $0.keyValidators[key] != nil } }

    package func validateValue(_ value: Value, forKey key: String, of object: ManagedObject) throws -> ValidationFailure? {
        guard let engine, let function = chain.lazy.compactMap({ $0.keyValidators[key] }).first else { return nil }
        let name = "validate" + key.prefix(1).uppercased() + key.dropFirst()
        return try engine.callValidation(function, named: name, on: object, value: value)
    }

    package func validate(_ object: ManagedObject, for operation: ValidationOperation) throws -> ValidationFailure? {
        guard let engine, let function = chain.lazy.compactMap({ $0.validators[operation] }).first else { return nil }
        return try engine.callValidation(function, named: operation.methodName, on: object, value: nil)
    }

    /// The method or computed property `key` along the chain.
    func member(_ key: String) -> (function: LuaRef, isProperty: Bool)? {
        for definition in chain {
            if let method = definition.methods[key] { return (method, false) }
            if let property = definition.properties[key] { return (property, true) }
        }
        return nil
    }

    /// The entity whose class an entity's class inherits from: Core Data's parent entity. Every lookup of
    /// an inherited method or callback walks the chain this function gives, and nothing else.
    static func superentity(of entity: EntityDescription) -> EntityDescription? {
        entity.superentity
    }
}

extension ScriptEngine {
    /// Calls a class's Lua function with the object (and `value`, if any) under `pcall` with a traceback,
    /// leaving `results` results on the stack. A Lua error is rethrown unchanged (its message, traceback
    /// and value), so it reaches the script as the callback raised it, with the callback's `file:line`.
    func callClassFunction(_ function: LuaRef, on object: ManagedObject, value: Value? = nil, results: Int32) throws {
        state.push(function)
        push(object)
        if let value { push(value) }
        do {
            try state.pcallWithStringTraceback(arguments: value == nil ? 1 : 2, results: results)
        } catch {
            if error.value != nil { throw error }
            state.push(error.description)
            throw LuaError(.runtime, error.message, traceback: error.traceback, value: state.ref())
        }
    }

    /// Calls `validate<Key>` / `validateFor…`: `true` (any true value) is valid; `false` or `nil` with a
    /// message (and an optional error code, 1550 by default) is a validation error.
    func callValidation(_ function: LuaRef, named name: String, on object: ManagedObject,
                        value: Value?) throws -> ValidationFailure? {
        // A to-many value is passed as an array of objects (a relationship set needs the key).
        try callClassFunction(function, on: object, value: value, results: 3)
        defer { state.pop(3) }
        if state.toBoolean(at: -3) { return nil }
        guard state.type(at: -2) == .string, let message = state.toString(at: -2) else {
            throw ScriptingError("\(name) of class \(object.entity.name) returned \(state.typeName(at: -3)) without a message for \(object.displayName): return true when the value is valid, or false and a message")
        }
        switch state.type(at: -1) {
        case .nil: return ValidationFailure(message)
        case .number where state.isInteger(at: -1):
            return ValidationFailure(message, code: Int(state.toInteger(at: -1) ?? 1550))
        default:
            throw ScriptingError("\(name) of class \(object.entity.name): the error code must be an integer, got \(state.typeName(at: -1))")
        }
    }

    /// `obj.key` for a key that is no property of the entity: the method or the value of the computed
    /// property `key` of its class. Pushes one value and returns true, or pushes nothing and returns false.
    func pushClassMember(_ key: String, of object: ManagedObject) throws -> Bool {
        guard let cls = object.entity.managedObjectClass as? LuaManagedObjectClass,
              let (function, isProperty) = cls.member(key) else { return false }
        if isProperty {
            try callClassFunction(function, on: object, results: 1)
        } else {
            state.push(function)
        }
        return true
    }
}
