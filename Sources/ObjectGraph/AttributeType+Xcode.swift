extension AttributeType {
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
