import LuaBridge
import ObjectGraph

/// A Lua value held by a transformable attribute: kept as it is (a table stays the same table) until a
/// context saves it, when the attribute's value transformer turns it into bytes.
final class LuaBoxedValue: BoxedValue {
    /// The value.
    let ref: LuaRef
    /// Its Lua type name, for messages.
    let typeName: String
    /// The engine whose transformers apply.
    weak var engine: ScriptEngine?

    init(ref: LuaRef, typeName: String, engine: ScriptEngine) {
        self.ref = ref
        self.typeName = typeName
        self.engine = engine
    }

    override var description: String { "<\(typeName)>" }

    override func transformedValue(for attribute: AttributeDescription, entityName: String) throws -> [UInt8] {
        guard let engine else { throw ScriptingError("the script that made this value has ended") }
        return try engine.transformedBytes(self, attribute: attribute, entityName: entityName)
    }
}
