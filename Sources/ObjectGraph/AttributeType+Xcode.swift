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
    /// Every type has its own Ripple type (``init(xcodeAttributeType:)``) but `Object ID`, which is kept as
    /// a string (its name kept on the attribute).
    ///
    /// ```swift
    /// AttributeType.xcodeMapping(for: "Integer 16")?.type   // .integer16
    /// ```
    public static func xcodeMapping(for xcodeName: String) -> XcodeMapping? {
        if let type = AttributeType(xcodeAttributeType: xcodeName) { return XcodeMapping(type: type, isStandIn: false) }
        if xcodeName == "Object ID" { return XcodeMapping(type: .string, isStandIn: true) }
        return nil
    }

    /// Xcode's attribute type names, as ``xcodeMapping(for:)`` knows them.
    public static let xcodeNames = ["Binary", "Boolean", "Date", "Decimal", "Double", "Float", "Integer 16",
                                    "Integer 32", "Integer 64", "Object ID", "String", "Transformable", "URI", "UUID"]

    /// The type an Xcode model file (`.xcdatamodel/contents`) names in its `attributeType` attribute
    /// (`"Integer 16"`, `"Decimal"`, `"Transformable"`, …); nil for a name with no attribute type here
    /// (`"Undefined"`, `"ObjectID"`, or anything unknown), which an importer reports.
    ///
    /// ```swift
    /// AttributeType(xcodeAttributeType: "Integer 32")   // .integer32
    /// ```
    public init?(xcodeAttributeType name: String) {
        switch name {
        case "String": self = .string
        case "Integer 16": self = .integer16
        case "Integer 32": self = .integer32
        case "Integer 64": self = .integer
        case "Decimal": self = .decimal
        case "Double": self = .double
        case "Float": self = .float
        case "Boolean": self = .boolean
        case "Date": self = .date
        case "Binary": self = .binary
        case "UUID": self = .uuid
        case "URI": self = .uri
        case "Transformable": self = .transformable
        default: return nil
        }
    }

    /// The name Xcode's model files give the type (`xcodeAttributeType`'s inverse).
    public var xcodeAttributeType: String {
        switch self {
        case .string: return "String"
        case .integer16: return "Integer 16"
        case .integer32: return "Integer 32"
        case .integer: return "Integer 64"
        case .decimal: return "Decimal"
        case .double: return "Double"
        case .float: return "Float"
        case .boolean: return "Boolean"
        case .date: return "Date"
        case .binary: return "Binary"
        case .uuid: return "UUID"
        case .uri: return "URI"
        case .transformable: return "Transformable"
        }
    }
}
