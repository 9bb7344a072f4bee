import LuaBridge
import ObjectGraph

/// The two functions of a value transformer registered from Lua (`ripple.setValueTransformer`).
struct LuaValueTransformer {
    /// `transformedValue(value)`: the Lua value to a string of bytes for the store.
    let transformedValue: LuaRef
    /// `reverseTransformedValue(bytes)`: the stored bytes back to a Lua value.
    let reverseTransformedValue: LuaRef
}

extension ScriptEngine {
    /// Installs `ripple.setValueTransformer(name, { transformedValue = fn, reverseTransformedValue = fn })`
    /// (`ValueTransformer.setValueTransformer(_:forName:)`; `nil` in place of the table removes the name).
    func installValueTransformers(into module: Int32) {
        state.register(in: module, name: "setValueTransformer") { [unowned self] state in
            let name = try state.string(1)
            if state.type(at: 2) == .nil || state.type(at: 2) == .none {
                self.valueTransformers[name] = nil
                return 0
            }
            try state.table(2)
            let keys = ["transformedValue", "reverseTransformedValue"]
            try self.checkOptionKeys(ofTableAt: 2, known: keys, what: "the value transformer '\(name)'")
            var refs: [LuaRef] = []
            for key in keys {
                guard state.rawGet(tableAt: 2, key: key) == .function else {
                    defer { state.pop() }
                    throw ScriptingError("ripple.setValueTransformer: '\(key)' of the value transformer '\(name)' must be a function, got \(state.typeName(at: -1))")
                }
                refs.append(state.ref())
            }
            self.valueTransformers[name] = LuaValueTransformer(transformedValue: refs[0], reverseTransformedValue: refs[1])
            return 0
        }
    }

    /// The value at `index` as a transformable attribute holds it: nil as `.null`, anything else boxed.
    func boxedValue(at index: Int32) -> Value {
        switch state.type(at: index) {
        case .nil, .none: return .null
        default:
            let typeName = state.typeName(at: index)
            state.pushValue(at: index)
            return .boxed(LuaBoxedValue(ref: state.ref(), typeName: typeName, engine: self))
        }
    }

    /// The transformer named for an attribute, or Core Data's complaint when none is registered.
    private func transformer(for attribute: AttributeDescription, entityName: String) throws -> LuaValueTransformer? {
        guard let name = attribute.valueTransformerName else { return nil }
        guard let transformer = valueTransformers[name] else {
            throw ScriptingError("no NSValueTransformer with class name '\(name)' was found for attribute '\(attribute.name)' on entity '\(entityName)' (register it with ripple.setValueTransformer)")
        }
        return transformer
    }

    /// `transformedValue` of the attribute's transformer applied to a boxed value: the bytes to store. An
    /// attribute without a transformer stores a string's bytes as they are.
    func transformedBytes(_ box: LuaBoxedValue, attribute: AttributeDescription, entityName: String) throws -> [UInt8] {
        guard state.checkStack(3) else { throw ScriptingError("stack overflow transforming a value") }
        let what = "attribute '\(attribute.name)' on entity '\(entityName)'"
        guard let transformer = try transformer(for: attribute, entityName: entityName) else {
            state.push(box.ref)
            defer { state.pop() }
            guard state.type(at: -1) == .string, let bytes = state.toBytes(at: -1) else {
                throw ScriptingError("\(what) is transformable without a valueTransformerName, so it stores strings only, got a \(box.typeName)")
            }
            return bytes
        }
        state.push(transformer.transformedValue)
        state.push(box.ref)
        try callTransformer(results: 1)
        defer { state.pop() }
        guard state.type(at: -1) == .string, let bytes = state.toBytes(at: -1) else {
            throw ScriptingError("transformedValue of the value transformer '\(attribute.valueTransformerName ?? "")' returned a \(state.typeName(at: -1)), not a string (\(what)); nothing was saved")
        }
        return bytes
    }

    /// `reverseTransformedValue` of the attribute's transformer applied to stored bytes: the value a read
    /// gives (nil as `.null`, anything else boxed). An attribute without a transformer gives the bytes.
    func reverseTransformed(_ bytes: [UInt8], attribute: AttributeDescription, entityName: String) throws -> Value {
        guard state.checkStack(3) else { throw ScriptingError("stack overflow transforming a value") }
        guard let transformer = try transformer(for: attribute, entityName: entityName) else {
            state.push(bytes: bytes)
            defer { state.pop() }
            return boxedValue(at: -1)
        }
        state.push(transformer.reverseTransformedValue)
        state.push(bytes: bytes)
        try callTransformer(results: 1)
        defer { state.pop() }
        return boxedValue(at: -1)
    }

    /// Calls the function under its argument with a traceback; a raised string keeps its `file:line:`.
    private func callTransformer(results: Int32) throws {
        do {
            try state.pcallWithStringTraceback(arguments: 1, results: results)
        } catch {
            if error.value != nil { throw error }
            state.push(error.description)
            throw LuaError(.runtime, error.message, traceback: error.traceback, value: state.ref())
        }
    }
}
