/// The type of an attribute, named as in the Lua model (`"string"`, `"integer"`, …).
public enum AttributeType: String, CaseIterable, Sendable {
    /// `NSStringAttributeType`.
    case string
    /// `NSInteger64AttributeType`.
    case integer
    /// `NSDoubleAttributeType`.
    case double
    /// `NSBooleanAttributeType`.
    case boolean
    /// `NSDateAttributeType` (seconds since 1970).
    case date
    /// `NSBinaryDataAttributeType`.
    case binary
    /// `NSUUIDAttributeType`.
    case uuid

    /// The Cocoa class Core Data expects for the type, as its messages print it.
    public var cocoaClassName: String {
        switch self {
        case .string: return "NSString"
        case .integer, .double, .boolean: return "NSNumber"
        case .date: return "NSDate"
        case .binary: return "NSData"
        case .uuid: return "NSUUID"
        }
    }
}

/// How deleting the source of a relationship affects its destination (`NSDeleteRule`).
public enum DeleteRule: String, CaseIterable, Sendable {
    /// Clear the back-pointers to the deleted object (the default).
    case nullify
    /// Delete the destination objects too.
    case cascade
    /// Refuse the delete at save time while the relationship is not empty (error 1600).
    case deny
    /// Do nothing: references to the deleted object are left dangling.
    case noAction
}

/// An attribute of an entity (`NSAttributeDescription`).
///
/// ```swift
/// var name = AttributeDescription(name: "name", type: .string)
/// name.isOptional = false
/// name.maxLength = 40
/// ```
public struct AttributeDescription: Sendable {
    /// The key.
    public var name: String
    /// The type.
    public var type: AttributeType
    /// Whether `nil` is acceptable at save (non-optional attributes fail with 1570).
    public var isOptional: Bool
    /// The value a new object starts with.
    public var defaultValue: Value?
    /// The smallest acceptable number or date (1620 / 1640 when below).
    public var minValue: Double?
    /// The largest acceptable number or date (1610 / 1630 when above).
    public var maxValue: Double?
    /// The shortest acceptable string, in characters (1670).
    public var minLength: Int?
    /// The longest acceptable string, in characters (1660).
    public var maxLength: Int?
    /// A regular expression the whole string must match (1680).
    public var regularExpression: String?
    /// Transient attributes are not saved to the store and not counted as persistent changes.
    public var isTransient: Bool
    /// What a model file says about the attribute beyond the above (kept, not simulated).
    public var details = PropertyDetails()

    /// Creates an attribute; it is required (non-optional) unless told otherwise.
    public init(name: String, type: AttributeType, isOptional: Bool = false, defaultValue: Value? = nil,
                minValue: Double? = nil, maxValue: Double? = nil, minLength: Int? = nil, maxLength: Int? = nil,
                regularExpression: String? = nil, isTransient: Bool = false) {
        self.name = name
        self.type = type
        self.isOptional = isOptional
        self.defaultValue = defaultValue
        self.minValue = minValue
        self.maxValue = maxValue
        self.minLength = minLength
        self.maxLength = maxLength
        self.regularExpression = regularExpression
        self.isTransient = isTransient
    }
}

extension Value: @unchecked Sendable {}

/// A relationship of an entity (`NSRelationshipDescription`).
///
/// ```swift
/// let orders = RelationshipDescription(name: "orders", destination: "Order", inverse: "customer",
///                                      isToMany: true, deleteRule: .cascade)
/// ```
public struct RelationshipDescription: Sendable {
    /// The key.
    public var name: String
    /// The name of the destination entity.
    public var destinationEntityName: String
    /// The key of the inverse relationship on the destination, if any.
    public var inverseName: String?
    /// Whether the relationship holds a set of objects.
    public var isToMany: Bool
    /// What deleting the source does to the destination.
    public var deleteRule: DeleteRule
    /// Whether an empty relationship is acceptable at save (1570 for a to-one, 1580 for a to-many).
    public var isOptional: Bool
    /// For to-many relationships: the least number of members accepted at save (1580).
    public var minCount: Int?
    /// For to-many relationships: the greatest number of members accepted at save (1590).
    public var maxCount: Int?
    /// What a model file says about the relationship beyond the above (kept, not simulated).
    public var details = PropertyDetails()

    /// Creates a relationship; it is optional and nullifies unless told otherwise.
    public init(name: String, destination: String, inverse: String? = nil, isToMany: Bool = false,
                deleteRule: DeleteRule = .nullify, isOptional: Bool = true, minCount: Int? = nil,
                maxCount: Int? = nil) {
        self.name = name
        self.destinationEntityName = destination
        self.inverseName = inverse
        self.isToMany = isToMany
        self.deleteRule = deleteRule
        self.isOptional = isOptional
        self.minCount = minCount
        self.maxCount = maxCount
    }
}
