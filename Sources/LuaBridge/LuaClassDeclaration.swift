/// One declaration of a bridged class: its properties and methods with their Swift types and a doc line each.
///
/// Everything about the class in Lua comes from it: the ``LuaClass`` (metatable, property slots, method
/// dispatch), every argument check and its error in Lua's own words (`bad argument #1 to 'setActionName'
/// (string expected, got number)`), refused writes, and the LuaLS annotations from which the REPL's `:help`
/// and the API completeness checks are made. Adding a property is one line.
///
/// ```swift
/// let counter = LuaClassDeclaration<Counter>(
///     "Counter", "A counter.",
///     properties: [
///         .property("value", "The current value.", get: { $0.value }),
///         .property("step", "Added by each increment.", get: { $0.step }, set: { $0.step = $1 }),
///     ],
///     methods: [
///         .method("increment", "Adds the step.") { $0.value += $0.step },
///         .method("add", "Adds `amount`; returns the new value.", "amount") { (c: Counter, n: Int) -> Int in
///             c.value += n; return c.value
///         },
///     ])
/// state.push(object: Counter(), class: counter.makeClass())
/// ```
/// Declarations are immutable once made and their closures run only on the thread of the Lua state that
/// calls them, so a declaration may be kept in a `static let` (hence `@unchecked Sendable`).
public struct LuaClassDeclaration<Object: AnyObject>: LuaClassDescribing, @unchecked Sendable {
    /// The class name: the metatable's `__name` and the annotation's class.
    public let name: String
    /// One sentence: what an object of the class is.
    public let summary: String
    /// The properties, in slot order.
    public let properties: [LuaPropertyDeclaration<Object>]
    /// The methods, in the order the annotations list them.
    public let methods: [LuaMethodDeclaration<Object>]
    /// The `__tostring` text, if any.
    public let describe: ((Object) -> String)?
    /// Further metamethods (`__eq`, `__len`, …), run through the trampoline like any Swift function.
    public let metamethods: [String: LuaState.Body]
    /// The protocols of bridged classes it adopts (``adopting(_:_:)``): their methods are among ``methods``
    /// and its annotations inherit them.
    public internal(set) var adoptedProtocols: [LuaProtocolDeclaration] = []

    /// Declares a class.
    /// - Parameters:
    ///   - name: The class name.
    ///   - summary: What an object of the class is, in one sentence.
    ///   - properties: Its properties.
    ///   - methods: Its methods.
    ///   - describe: Its `__tostring` text.
    ///   - metamethods: Further metamethods, such as `__eq`.
    public init(_ name: String, _ summary: String, properties: [LuaPropertyDeclaration<Object>] = [],
                methods: [LuaMethodDeclaration<Object>] = [], describe: ((Object) -> String)? = nil,
                metamethods: [String: LuaState.Body] = [:]) {
        self.name = name
        self.summary = summary
        self.properties = properties
        self.methods = methods
        self.describe = describe
        self.metamethods = metamethods
    }

    /// The class as Lua sees it.
    /// - Parameter unknownKey: The message for reading (`false`) or writing (`true`) a key the class does not
    ///   have; by default (or when it gives nil) Lua's `attempt to set unknown key` for writes and `nil` for reads.
    public func makeClass(unknownKey: ((_ key: String, _ writing: Bool) -> String?)? = nil) -> LuaClass {
        makeClass(unknownKeyOf: unknownKey.map { message in { _, key, writing in message(key, writing) } })
    }

    /// The class as Lua sees it, its message for an unknown key made from the object too (to name it).
    /// - Parameter unknownKeyOf: The message for reading (`false`) or writing (`true`) a key the object's class
    ///   does not have; when it gives nil, Lua's `attempt to set unknown key` for writes and `nil` for reads.
    public func makeClass(unknownKeyOf unknownKey: ((_ object: Object, _ key: String, _ writing: Bool) -> String?)?) -> LuaClass {
        let name = self.name
        let properties = self.properties
        let cls = LuaClass(
            name: name,
            properties: properties.map(\.name),
            methods: checkedMethodBodies,
            getter: { target, slot, state in try properties[slot].get(target as! Object, state) },
            setter: { target, slot, state, valueIndex in
                let property = properties[slot]
                guard let set = property.set else {
                    throw LuaError(.runtime, "attempt to set read-only property '\(property.name)' of \(name)")
                }
                try set(target as! Object, state, valueIndex)
            },
            index: unknownKey.map { message in { target, key, _ in
                guard let text = message(target as! Object, key, false) else { return false }
                throw LuaError(.runtime, text)
            } },
            newIndex: unknownKey.map { message in { target, key, _, _ in
                guard let text = message(target as! Object, key, true) else { return false }
                throw LuaError(.runtime, text)
            } },
            tostring: describe.map { describe in { describe($0 as! Object) } })
        cls.metamethods = metamethods
        return cls
    }

    /// The methods as Lua functions: each checks that argument 1 is an object of the class
    /// (`Name expected, got number`) before its body runs.
    var checkedMethodBodies: [String: LuaState.Body] {
        let name = self.name
        var bodies: [String: LuaState.Body] = [:]
        for method in methods {
            if let receiverChecked = method.stateBody {
                bodies[method.name] = receiverChecked
                continue
            }
            let body = method.body
            bodies[method.name] = { state in
                guard let object = state.object(at: 1, as: Object.self) else {
                    throw LuaArgumentError(argument: 1, message: "\(name) expected, got \(state.typeName(at: 1))")
                }
                return try body(object, state)
            }
        }
        return bodies
    }

    /// The class's LuaLS annotations: `---@class Name : userdata`, a `---@field` per property and a
    /// `function Name:method(…) end` stub per method, each with its doc line.
    public var annotations: String {
        var lines = summary.split(separator: "\n").map { "---" + $0 }
        lines.append("---@class \(name) : " + (adoptedProtocols.isEmpty ? "userdata" : adoptedProtocols.map(\.name).joined(separator: ", ")))
        for property in properties {
            let doc = property.set == nil ? property.doc
                : (property.doc.hasSuffix(".") ? String(property.doc.dropLast()) : property.doc) + " (read/write)."
            lines.append("---@field \(property.name) \(property.type)" + (doc.isEmpty ? "" : " " + doc))
        }
        lines.append("local \(name) = {}")
        for method in methods where !isAdopted(method.name) {
            lines.append("")
            lines += method.doc.split(separator: "\n").map { "---" + $0 }
            for parameter in method.parameters {
                lines.append("---@param \(parameter.name) \(parameter.type)")
            }
            if let result = method.returnType { lines.append("---@return \(result)") }
            lines.append("function \(name):\(method.name)(\(method.parameters.map(\.name).joined(separator: ", "))) end")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `Name.property` and `Name:method` for every member.
    public var memberNames: [String] {
        properties.map { name + "." + $0.name } + methods.map { name + ":" + $0.name }
    }
}

/// What every class declaration tells without its object type: for lists of declarations.
public protocol LuaClassDescribing: Sendable {
    /// The class name.
    var name: String { get }
    /// The class's LuaLS annotations.
    var annotations: String { get }
    /// `Name.property` and `Name:method` for every member.
    var memberNames: [String] { get }
}

/// A parameter of a declared method, as the annotations show it.
public struct LuaParameterDeclaration: Sendable, Equatable {
    /// The parameter's name.
    public let name: String
    /// Its annotation type (`string`, `integer?`).
    public let type: String

    /// Declares a parameter.
    public init(_ name: String, _ type: String) {
        self.name = name
        self.type = type
    }
}

/// Reads argument `i` as an `A`, or throws the `bad argument` error in Lua's words.
@inline(__always)
func luaArgument<A: LuaValueConvertible>(_ state: LuaState, _ i: Int32, _: A.Type = A.self) throws -> A {
    guard let value = A(lua: state, at: i) else {
        throw LuaArgumentError(argument: i, message: A.argumentMessage(state, at: i))
    }
    return value
}
