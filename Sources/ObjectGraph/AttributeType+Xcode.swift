extension AttributeType {
    /// How a model file's `attributeType` is stored: the Ripple type, whether the file's name is kept on the
    /// attribute (``PropertyDetails/xcodeTypeName``) because the type is a stand-in, and the value range the
    /// file's type implies.
    public struct XcodeMapping: Sendable, Equatable {
        /// The type Ripple stores the attribute as.
        public var type: AttributeType
        /// True when `type` stands in for a type Ripple does not have yet (the name is kept on the attribute).
        public var isStandIn: Bool
        /// The range of an `Integer 16` / `Integer 32` attribute (applied as the attribute's min/max unless
        /// the model gives narrower ones).
        public var range: ClosedRange<Double>?
    }

    /// The mapping of one of Xcode's attribute type names (`"String"`, `"Integer 64"`, …); nil for an
    /// unknown name. The one place a model file's type names are interpreted:
    ///
    /// | Xcode | Ripple |
    /// |---|---|
    /// | String, Integer 64, Double, Boolean, Date, Binary, UUID | string, integer, double, boolean, date, binary, uuid |
    /// | Integer 16, Integer 32 | integer, with the type's range as min/max |
    /// | Float, Decimal | double |
    /// | URI, Object ID | string |
    /// | Transformable | binary |
    ///
    /// ```swift
    /// AttributeType.xcodeMapping(for: "Integer 16")?.range   // -32768...32767
    /// ```
    public static func xcodeMapping(for xcodeName: String) -> XcodeMapping? {
        switch xcodeName {
        case "String": return XcodeMapping(type: .string, isStandIn: false)
        case "Integer 64": return XcodeMapping(type: .integer, isStandIn: false)
        case "Double": return XcodeMapping(type: .double, isStandIn: false)
        case "Boolean": return XcodeMapping(type: .boolean, isStandIn: false)
        case "Date": return XcodeMapping(type: .date, isStandIn: false)
        case "Binary": return XcodeMapping(type: .binary, isStandIn: false)
        case "UUID": return XcodeMapping(type: .uuid, isStandIn: false)
        case "Integer 16": return XcodeMapping(type: .integer, isStandIn: true, range: -32768...32767)
        case "Integer 32": return XcodeMapping(type: .integer, isStandIn: true, range: -2147483648...2147483647)
        case "Float", "Decimal": return XcodeMapping(type: .double, isStandIn: true)
        case "URI", "Object ID": return XcodeMapping(type: .string, isStandIn: true)
        case "Transformable": return XcodeMapping(type: .binary, isStandIn: true)
        default: return nil
        }
    }

    /// Xcode's attribute type names, as ``xcodeMapping(for:)`` knows them.
    public static let xcodeNames = ["Binary", "Boolean", "Date", "Decimal", "Double", "Float", "Integer 16",
                                    "Integer 32", "Integer 64", "Object ID", "String", "Transformable", "URI", "UUID"]
}
