import LuaBridge
import ObjectGraph

/// The direct entries of the Lua property fast paths for managed objects (``LuaClass/DirectScalarAccess``):
/// `__index`/`__newindex` call them in C with the attribute index of the property slot, so a scalar read or
/// write reaches the object without the class's closures or a ``LuaScalar``. They do exactly what the
/// entity class's `scalarGetter`/`scalarSetter` do for an attribute slot (ScriptingDirectAccessTests and
/// scenario 113 compare both).
enum ManagedObjectDirectAccess {
    /// The entries for an entity class whose property slot `s` is attribute `indexes[s]` (-1: none).
    static func access(indexes: [Int]) -> LuaClass.DirectScalarAccess {
        LuaClass.DirectScalarAccess(indexes: indexes, get: get, set: set)
    }

    /// Reads attribute `index` of the object (only ManagedObjects are pushed with an entity class, and
    /// `__index` checked the class): the scalar getter's conversion, `slowTag` for everything else.
    static let get: LuaClass.DirectScalarAccess.Get = { object, index, integer, number in
        guard let object, let integer, let number else { return LuaClass.DirectScalarAccess.slowTag }
        let value = Unmanaged<ManagedObject>.fromOpaque(object)._withUnsafeGuaranteedRef {
            $0.readableAttribute(at: Int(index))
        }
        switch value {
        case .double(let d)?, .date(let d)?:
            number.pointee = d
            return LuaClass.DirectScalarAccess.numberTag
        case .integer(let n)?:
            integer.pointee = n
            return LuaClass.DirectScalarAccess.integerTag
        case .bool(let b)?:
            integer.pointee = b ? 1 : 0
            return LuaClass.DirectScalarAccess.booleanTag
        case .null?:
            return LuaClass.DirectScalarAccess.nilTag
        default:
            return LuaClass.DirectScalarAccess.slowTag
        }
    }

    /// Writes attribute `index` of the object as the scalar setter does (`setAttributeIfPlain`); 0 sends
    /// the write to the general path unchanged.
    static let set: LuaClass.DirectScalarAccess.Set = { object, index, tag, integer, number in
        guard let object else { return 0 }
        let value: Value
        switch tag {
        case LuaClass.DirectScalarAccess.numberTag:
            return Unmanaged<ManagedObject>.fromOpaque(object)._withUnsafeGuaranteedRef {
                $0.setAttributeIfPlain(number: number, at: Int(index))
            } ? 1 : 0
        case LuaClass.DirectScalarAccess.integerTag:
            return Unmanaged<ManagedObject>.fromOpaque(object)._withUnsafeGuaranteedRef {
                $0.setAttributeIfPlain(integer: integer, at: Int(index))
            } ? 1 : 0
        case LuaClass.DirectScalarAccess.booleanTag: value = .bool(integer != 0)
        case LuaClass.DirectScalarAccess.nilTag: value = .null
        default: return 0
        }
        return Unmanaged<ManagedObject>.fromOpaque(object)._withUnsafeGuaranteedRef {
            $0.setAttributeIfPlain(value, at: Int(index))
        } ? 1 : 0
    }
}
